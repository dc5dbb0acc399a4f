import LayoutKernelCore
import LayoutKernelDispatch
import XCTest

/// `ExactPositions` (lk_layout_place_exact): each item's position before its rounding to
/// `Float`. Rounded once, it is the layout's `Float` position at every kernel level (on
/// the 1/64 grid, where every level equals the reference; the circle within 1e-5 of its
/// size), and past 2^24 px, where `Float` positions collide, it stays exact.
final class ExactPositionsTests: XCTestCase {
    typealias Differential = LayoutKernelDifferentialTests

    func testExactPositionsRoundToEveryLevelsPositions() {
        var checked = 0
        for kind in Differential.Kind.allCases {
            var rng = SplitMix64(seed: 0xE8AC_0000 + UInt64(Differential.Kind.allCases.firstIndex(of: kind)!))
            for index in 0..<400 {
                let c = Differential.randomCase(kind, &rng, index: index)
                let exact = c.items.withItems { ExactPositions.positions($0, c.layout, c.proposal) }
                let want = Differential.run(.reference, c)
                let tolerance = Differential.tolerance(c, want)
                for level in KernelLevel.supported {
                    let got = Differential.run(level.layouts, c)
                    for i in 0..<c.items.count {
                        let (x, y) = (Float(exact.x[i]), Float(exact.y[i]))
                        if let tolerance {
                            XCTAssertEqual(x, got.x[i], accuracy: tolerance, "\(level.name) \(kind) \(index) x[\(i)]")
                            XCTAssertEqual(y, got.y[i], accuracy: tolerance, "\(level.name) \(kind) \(index) y[\(i)]")
                        } else if x.bitPattern != got.x[i].bitPattern || y.bitPattern != got.y[i].bitPattern {
                            return XCTFail("\(level.name) \(kind) case \(index) item \(i): exact (\(exact.x[i]), "
                                           + "\(exact.y[i])), layout (\(got.x[i]), \(got.y[i]))\n  \(c)")
                        }
                        checked += 1
                    }
                }
            }
        }
        XCTAssertGreaterThan(checked, 100_000)
    }

    /// 700,000 items of 24 to 27 px, one a row (about 18,900,000 px): consecutive exact
    /// positions differ by exactly each height and gap; the `Float` ones do not.
    func testTallLayoutsStayExact() {
        let n = 700_000
        let heights = (0..<n).map { Float(24 + $0 % 4) }
        let list = ItemList(widths: [Float](repeating: 100, count: n), heights: heights)
        let layouts: [AnyLayout] = [
            .flow(FlowParameters(spacing: .fixed(0), lineSpacing: .fixed(2), alignment: Anchor(x: 0, y: 0))),
            .vstack(StackParameters(spacing: .fixed(2), alignment: Anchor(x: 0.5, y: 0.5))),
            .grid(GridParameters(columns: .count(1), sizing: .fit, spacing: 0, lineSpacing: 2,
                                 alignment: Anchor(x: 0, y: 1))),
        ]
        for layout in layouts {
            let (exact, floats) = list.withItems {
                (ExactPositions.positions($0, layout, Proposal(width: 100, height: nil)),
                 LayoutReference.layout($0, layout, Proposal(width: 100, height: nil)).y)
            }
            var floatGapsWrong = 0
            for i in 1..<n {
                XCTAssertEqual(exact.y[i] - exact.y[i - 1], Double(heights[i - 1]) + 2, "\(layout) item \(i)")
                if Double(floats[i]) - Double(floats[i - 1]) != Double(heights[i - 1]) + 2 { floatGapsWrong += 1 }
                if exact.y[i] - exact.y[i - 1] != Double(heights[i - 1]) + 2 { return }
            }
            XCTAssertGreaterThan(floatGapsWrong, 0, "\(layout): Float positions past 2^24 px are rounded")
        }
    }
}
