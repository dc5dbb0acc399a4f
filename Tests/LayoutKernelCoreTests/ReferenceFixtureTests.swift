import Foundation
import LayoutKernelCore
import XCTest

/// The reference fixtures the C and Python tests replay (Tests/Fixtures/reference) are
/// exactly what the scalar references give: made again in memory from the same cases
/// (ReferenceFixtures.swift, linked here from Tests/FixtureGenerator), they must equal
/// the committed files byte for byte. `make fixtures` rewrites them.
final class ReferenceFixtureTests: XCTestCase {

    static let folder = fixturesDirectory.appendingPathComponent("reference")

    func testCommittedFixturesAreTheReferencesResults() throws {
        let files = ReferenceFixtures.files()
        for file in files {
            let committed = try String(contentsOf: Self.folder.appendingPathComponent(file.name),
                                       encoding: .utf8)
            guard committed != file.text else { continue }
            let want = file.text.split(separator: "\n", omittingEmptySubsequences: false)
            let got = committed.split(separator: "\n", omittingEmptySubsequences: false)
            let line = (0..<min(got.count, want.count)).first { got[$0] != want[$0] } ?? min(got.count, want.count)
            XCTFail("""
                \(file.name) differs from the references' results from line \(line + 1) on \
                (run `make fixtures` and review the change):
                  committed: \(line < got.count ? String(got[line]) : "(end of file)")
                  reference: \(line < want.count ? String(want[line]) : "(end of file)")
                """)
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path).sorted()
        XCTAssertEqual(names, files.map(\.name).sorted(), "the folder holds other files than lk-fixtures writes")
    }

    func testTheCasesNeverChange() {
        let first = ReferenceFixtures.files(), second = ReferenceFixtures.files()
        XCTAssertEqual(first.map(\.name), second.map(\.name))
        XCTAssertTrue(zip(first, second).allSatisfy { $0.text == $1.text })
    }

    /// Every kind and first fit, the large lengths of the bug report at every position of
    /// a 16-item block and at block edges, and the large spacings on each side.
    func testCoverage() {
        let files = ReferenceFixtures.files()
        let ids = files.dropFirst().flatMap { file in
            file.text.split(separator: "\n").filter { $0.hasPrefix("case ") }
                .map { "\(file.name) \($0.split(separator: " ")[1])" }
        }
        for kind in ["flow", "hstack", "vstack", "zstack", "grid", "balanced", "circle"] {
            XCTAssertTrue(files.contains { $0.text.contains("layout \(kind) ") }, kind)
        }
        XCTAssertEqual(Set(ids).count, ids.count, "case ids repeat")
        XCTAssertGreaterThan(ids.filter { $0.hasPrefix("first_fit.txt ") }.count, 100)
        for value in ["2p20", "2p30", "2p40", "2p59", "2p64"] {
            for position in [0, 1, 14, 15, 16, 17, 31, 32, 33] + Array(2..<14) {
                for axis in ["w", "h"] {
                    XCTAssertTrue(ids.contains { $0.hasPrefix("flow.txt large-\(axis)-\(value)-at\(position)-") },
                                  "flow, \(axis) = \(value) at \(position)")
                }
            }
        }
        for value in ["1.7e7", "1e9", "1e12"] {
            for side in ["leading", "trailing", "top", "bottom"] {
                for position in [0, 1, 14, 15, 16, 17, 31, 32, 33] {
                    XCTAssertTrue(ids.contains { $0.hasPrefix("flow.txt large-\(side)-\(value)-at\(position)-") },
                                  "flow, \(side) = \(value) at \(position)")
                }
            }
            XCTAssertTrue(ids.contains { $0.hasPrefix("flow.txt large-spacing-\(value)-") })
            XCTAssertTrue(ids.contains { $0.hasPrefix("flow.txt large-line-spacing-\(value)-") })
        }
    }

    /// The hex floats are printf's %a, which C's strtof and Python's float.fromhex read
    /// back exactly.
    func testHexFloatsArePrintfA() {
        let values: [Double] = [1, 10, 0.5, 0.015625, 1.0 / 3.0, Double(Float(0.1)), 1.7e7, 1e12,
                                18446744073709551616, 0x1p-149, 123456.789, -2.5, 0x1.fffffep127]
        for value in values {
            XCTAssertEqual(ReferenceFixtures.hex(value), String(format: "%a", value))
            XCTAssertEqual(Double(ReferenceFixtures.hex(value)), value)
        }
        XCTAssertEqual(ReferenceFixtures.hex(Float(10)), "0x1.4p+3")
        XCTAssertEqual(ReferenceFixtures.hex(-0.0), "-0x0p+0")
        XCTAssertEqual(ReferenceFixtures.hex(Double.infinity), "inf")
        XCTAssertEqual(ReferenceFixtures.hex(Double.nan), "nan")
    }

    /// Stacks and balanced stacks are exact on the 1/64 grid below 2^17 and within a
    /// tolerance elsewhere; flows and grids always exact; circles never.
    func testToleranceRule() {
        func rule(_ layout: AnyLayout, _ widths: [Float]) -> Double? {
            let candidate = FixtureCandidate(items: ItemList(widths: widths, heights: widths.map { _ in 2 }),
                                             layout: layout)
            let result = candidate.items.withItems { LayoutReference.layout($0, layout, .unspecified) }
            return ReferenceFixtures.tolerance(candidate, result)
        }
        let hstack = AnyLayout.hstack(StackParameters())
        XCTAssertNil(rule(hstack, [1, 2.5, 0.015625]))
        XCTAssertEqual(rule(hstack, [1, 0.1]), 2e-5)  // the height, 2, is the extent
        XCTAssertNotNil(rule(hstack, [131072, 1]))
        XCTAssertNil(rule(.flow(FlowParameters()), [0.1, 1e20]))
        XCTAssertNil(rule(.grid(GridParameters()), [0.1, 1e20]))
        XCTAssertEqual(rule(.circle(CircleParameters(radius: 1000)), [1, 2]), 1e-5 * 2002)
    }
}
