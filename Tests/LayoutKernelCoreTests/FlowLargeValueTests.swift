import LayoutKernelCore
import LayoutKernelDispatch
import XCTest

/// Large valid lengths (an oversize "spacer" item, a huge gap) among ordinary ones: every
/// level decides every fit exactly as the reference's sequential `Float` sum does, so rows,
/// offsets and tops are the reference's, bit for bit, however large the other rows are.
final class FlowLargeValueTests: XCTestCase {

    typealias Case = FlowKernelDifferentialTests.Case

    /// The huge values of the checks: 2^20 … 2^64 (`LK_MAX_LENGTH`), and some in between.
    static let huge: [Float] = [0x1p20, 1.7e7, 0x1p30, 1e9, 0x1p40, 1e12, 0x1p59, 0x1p64]
    /// Positions within and around the kernel's 16-item blocks.
    static let positions = [0, 1, 2, 7, 14, 15, 16, 17, 30, 31, 32, 33, 47, 48, 49]

    /// The first difference between a level's layout and the reference's, or nil.
    static func difference(_ level: KernelLevel, _ c: Case) -> String? {
        let want = c.items.withItems { FlowReference.layout($0, c.parameters, c.proposal) }
        let (got, size, rowCount) = FlowKernelDifferentialTests.run(level.layouts, c)
        let bits = FlowKernelDifferentialTests.bits
        if got.rows != want.rows { return "rows \(got.rows), want \(want.rows)" }
        if bits(got.x) != bits(want.x) { return "x \(got.x), want \(want.x)" }
        if bits(got.y) != bits(want.y) { return "y \(got.y), want \(want.y)" }
        if got.size != want.size || size != want.size { return "size \(got.size) / \(size), want \(want.size)" }
        if rowCount != want.rows.count { return "row count \(rowCount), want \(want.rows.count)" }
        return nil
    }

    /// Ordinary items (on the 1/64 grid, 8 to 120 wide) with one field of one item made huge.
    static func ordinary(_ n: Int, seed: UInt64) -> ItemList {
        var rng = SplitMix64(seed: seed)
        func value(_ low: Int, _ high: Int) -> Float { Float(low * 64 + Int(rng.next() % UInt64((high - low) * 64))) / 64 }
        return ItemList(widths: (0..<n).map { _ in value(8, 120) }, heights: (0..<n).map { _ in value(8, 40) },
                        leading: (0..<n).map { _ in value(0, 6) }, trailing: (0..<n).map { _ in value(0, 6) },
                        top: (0..<n).map { _ in value(0, 6) }, bottom: (0..<n).map { _ in value(0, 6) })
    }

    /// The case of the bug report: a 2^64 item among small ones, at a row limit of 100.
    func testTheReportedCases() {
        let items = ItemList(widths: [30, 0x1p64, 50, 20, 70], heights: [10, 20, 10, 5, 7])
        let spanning = ItemList(widths: [1e12, 30, 40, 50, 20, 70], heights: [1, 2, 3, 4, 5, 6])
        for level in KernelLevel.supported {
            let c = Case(items: items, parameters: FlowParameters(), proposal: Proposal(width: 100, height: nil))
            let (got, _, _) = FlowKernelDifferentialTests.run(level.layouts, c)
            XCTAssertEqual(got.x, [0, 0, 0, 50, 0], level.name)   // worked by hand: 4 rows
            XCTAssertEqual(got.rows.map(\.count), [1, 1, 2, 1], level.name)
            let d = Case(items: spanning, parameters: FlowParameters(), proposal: Proposal(width: 100, height: nil))
            let (other, _, _) = FlowKernelDifferentialTests.run(level.layouts, d)
            XCTAssertEqual(other.x, [0, 0, 30, 0, 50, 0], level.name)
            XCTAssertEqual(other.rows.map(\.width), [1e12, 70, 70, 70], level.name)
            XCTAssertEqual(other.size.height, 1 + 3 + 5 + 6, level.name)
        }
    }

    /// A huge width, or a huge spacing preference on any side, at every position around a
    /// block boundary; fixed and per-item spacing; row limits that bind and that do not.
    func testHugeValuesAtEveryPosition() {
        var checked = 0
        for (v, value) in Self.huge.enumerated() {
            for position in Self.positions {
                for field in ["width", "leading", "trailing", "top", "bottom"] {
                    var items = Self.ordinary(50, seed: UInt64(v * 1000 + position))
                    switch field {
                    case "width": items.widths[position] = value
                    case "leading": items.leading![position] = value
                    case "trailing": items.trailing![position] = value
                    case "top": items.top![position] = value
                    default: items.bottom![position] = value
                    }
                    for spacing in [Spacing.fixed(6), .perItem] {
                        for lineSpacing in [Spacing.fixed(4), .perItem] {
                            for width in [Float(300), 1000, .infinity] {
                                let c = Case(items: items,
                                             parameters: FlowParameters(spacing: spacing, lineSpacing: lineSpacing,
                                                                        alignment: position % 2 == 0 ? .topLeading : .center),
                                             proposal: Proposal(width: width, height: nil))
                                for level in KernelLevel.supported where level != .reference {
                                    if let problem = Self.difference(level, c) {
                                        XCTFail("\(level.name), \(field) \(value) at \(position): \(problem)")
                                        return
                                    }
                                    checked += 1
                                }
                            }
                        }
                    }
                }
            }
        }
        XCTAssertGreaterThan(checked, 1000)
    }

    /// A huge fixed spacing or row limit: each item alone on its row, or all on one.
    func testHugeSpacingAndLimits() {
        let items = Self.ordinary(100, seed: 5)
        for level in KernelLevel.supported where level != .reference {
            for spacing: Float in [1.7e7, 1e12, 0x1p64] {
                for width: Float in [100, 1e12, 0x1p64, .infinity] {
                    let c = Case(items: items, parameters: FlowParameters(spacing: .fixed(spacing), lineSpacing: .fixed(spacing)),
                                 proposal: Proposal(width: width, height: nil))
                    XCTAssertNil(Self.difference(level, c), "\(level.name) spacing \(spacing) width \(width)")
                }
            }
        }
    }

    /// Invariants on random layouts with huge values among ordinary ones, at every level:
    /// rows partition the items in order; a row's width is its last item's offset plus its
    /// width; with top-leading alignment no item lies left of 0 and an item that fits the
    /// row limit ends inside it.
    func testInvariantsWithHugeValues() {
        var rng = SplitMix64(seed: 1964)
        for index in 0..<500 {
            let n = 1 + Int(rng.next() % 300)
            var items = Self.ordinary(n, seed: UInt64(index))
            for _ in 0..<(1 + rng.next() % 4) {
                let value = Float(sign: .plus, exponent: 20 + Int(rng.next() % 40), significand: 1)
                items.widths[Int(rng.next() % UInt64(n))] = value
            }
            let limit: Float = 200 + Float(rng.next() % 800)
            let parameters = FlowParameters(spacing: index % 3 == 0 ? .perItem : .fixed(6), lineSpacing: .fixed(4))
            let c = Case(items: items, parameters: parameters, proposal: Proposal(width: limit, height: nil))
            for level in KernelLevel.supported {
                let (got, _, _) = FlowKernelDifferentialTests.run(level.layouts, c)
                var next = 0
                for row in got.rows {
                    XCTAssertEqual(row.start, next, "\(level.name) \(index): rows partition the items")
                    XCTAssertGreaterThan(row.count, 0)
                    next = row.start + row.count
                    let last = row.start + row.count - 1
                    XCTAssertEqual(row.width, got.x[last] + items.widths[last], "\(level.name) \(index): row width")
                    for i in row.start...last {
                        XCTAssertGreaterThanOrEqual(got.x[i], 0, "\(level.name) \(index): item \(i)")
                        if items.widths[i] <= limit {
                            XCTAssertLessThanOrEqual(got.x[i] + items.widths[i], limit, "\(level.name) \(index): item \(i)")
                        }
                    }
                }
                XCTAssertEqual(next, n, "\(level.name) \(index): every item is in a row")
                if let problem = level == .reference ? nil : Self.difference(level, c) {
                    XCTFail("\(level.name) \(index): \(problem)")
                    return
                }
            }
        }
    }
}
