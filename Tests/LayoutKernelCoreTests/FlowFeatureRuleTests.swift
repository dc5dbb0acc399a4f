import LayoutKernelCore
import XCTest

/// lk_flow_layout's "Features" in layoutkernel.h, rule by rule, on small cases worked
/// by hand. Lengths are whole pixels or 1/64 fractions, so every value is exact.
final class FlowFeatureRuleTests: XCTestCase {

    func featured(_ items: ItemList, _ parameters: FlowParameters, width: Float?, height: Float? = nil) -> Layout {
        items.withItems { FlowReference.layout($0, parameters, Proposal(width: width, height: height)) }
    }

    /// Items 30, 30 | 50 (gap 10, limit 100): row 0 has 100 - 70 = 30 free, row 1 has 50.
    /// space-between: row 0's second item at 30 + 10 + 30 = 70; a row of one item acts as
    /// start. space-around: lead floor(F / 2n) on the 1/64 lattice = 7.5 (row 0: 30 / 4),
    /// item 1 moved by rhu(30 / 2) = 15: 7.5 + 15 + 40 = 62.5; row 1 centres its item: 25.
    /// space-evenly: lead
    /// floor(30 / 3) = 10, item 1 at 10 + rhu(30 / 3) + 40 = 60; row 1: 25.
    func testJustifyModes() {
        let items = ItemList(widths: [30, 30, 50], heights: [10, 10, 10])
        func x(_ mode: Distribution) -> [Float] {
            featured(items, FlowParameters(spacing: .fixed(10), justify: mode), width: 100).x
        }
        XCTAssertEqual(x(.start), [0, 40, 0])
        XCTAssertEqual(x(.end), [30, 70, 50])
        XCTAssertEqual(x(.center), [15, 55, 25])
        XCTAssertEqual(x(.spaceBetween), [0, 70, 0])
        XCTAssertEqual(x(.spaceAround), [7.5, 62.5, 25])
        XCTAssertEqual(x(.spaceEvenly), [10, 60, 25])
    }

    /// An overflowing row (F = 100 - 130 < 0): end and center move it left; space-between
    /// acts as start; space-around and space-evenly pack at the left edge.
    func testOverflowingRow() {
        let items = ItemList(widths: [130], heights: [10])
        for (mode, x) in [(Distribution.end, Float(-30)), (.center, -15), (.spaceBetween, 0), (.spaceAround, 0),
                          (.spaceEvenly, 0)] {
            XCTAssertEqual(featured(items, FlowParameters(justify: mode), width: 100).x, [x], "\(mode)")
        }
    }

    /// The spec's example: W = 100, w = [10, 10, 10.015625], centred; F = 4479 units, lead
    /// trunc(4479 / 2) = 2239. rtl mirrors each x (100 px = 6400 units minus x minus w);
    /// reverse places item 2 first from the left with the same lead.
    func testReverseIsNotAMirrorImage() {
        let items = ItemList(widths: [10, 10, 10.015625], heights: [5, 5, 5])
        func units(_ parameters: FlowParameters) -> [Float] { featured(items, parameters, width: 100).x.map { $0 * 64 } }
        XCTAssertEqual(units(FlowParameters(justify: .center)), [2239, 2879, 3519])
        XCTAssertEqual(units(FlowParameters(justify: .center, direction: .rtl)), [3521, 2881, 2240])
        XCTAssertEqual(units(FlowParameters(justify: .center, reverse: true)), [3520, 2880, 2239])
    }

    /// Rows [30 (h 10), 30 (h 20)] and [50 (h 10)], line gap 4. wrap-reverse stacks row 1
    /// on top (y 0), row 0 below it at 10 + 4 = 14; top-leading items sit at their row's
    /// far side: item 0 at 14 + (20 - 10) = 24.
    func testWrapReverse() {
        let items = ItemList(widths: [30, 30, 50], heights: [10, 20, 10])
        let layout = featured(items, FlowParameters(spacing: .fixed(10), lineSpacing: .fixed(4), wrapReverse: true),
                              width: 100)
        XCTAssertEqual(layout.y, [24, 14, 0])
        XCTAssertEqual(layout.rows.map(\.y), [14, 0])
        XCTAssertEqual(layout.size, Size(width: 100, height: 34))
    }

    /// Columns of at most 50 (gap 5): [h 20, h 20] and [h 30]; columns 10 and 20 wide,
    /// 10 apart. With align-content space-between in a container 100 wide the second
    /// column is pushed to 100 - 20 = 80; rtl mirrors the columns (the first at the right).
    func testColumns() {
        let items = ItemList(widths: [10, 10, 20], heights: [20, 20, 30])
        let base = FlowParameters(spacing: .fixed(5), lineSpacing: .fixed(10), axis: .vertical)
        let columns = featured(items, base, width: nil, height: 50)
        XCTAssertEqual(columns.x, [0, 0, 20])
        XCTAssertEqual(columns.y, [0, 25, 0])
        XCTAssertEqual(columns.size, Size(width: 40, height: 50))
        var spread = base
        spread.alignContent = .spaceBetween
        XCTAssertEqual(featured(items, spread, width: 100, height: 50).x, [0, 0, 80])
        spread.direction = .rtl
        XCTAssertEqual(featured(items, spread, width: 100, height: 50).x, [90, 90, 0])
    }

    /// Lines of heights 10 and 30 in 100 (no gaps): stretch gives each 60 / 2 = 30 more;
    /// center leads by trunc(60 / 2) = 30; without align-content the container keeps the
    /// lines' own height.
    func testAlignContent() {
        let items = ItemList(widths: [10, 10], heights: [10, 30])
        func layout(_ mode: Distribution?) -> Layout {
            featured(items, FlowParameters(spacing: .fixed(10), alignContent: mode), width: 25, height: 100)
        }
        XCTAssertEqual(layout(.stretch).rows.map(\.height), [40, 60])
        XCTAssertEqual(layout(.stretch).rows.map(\.y), [0, 40])
        XCTAssertEqual(layout(.center).rows.map(\.y), [30, 40])
        XCTAssertEqual(layout(.center).size, Size(width: 25, height: 100))
        XCTAssertEqual(featured(items, FlowParameters(spacing: .fixed(10), reverse: true), width: 25, height: 100).size,
                       Size(width: 25, height: 40))
    }

    /// Growing: 40 free; factors 1, 0, 3 take 30 (from the last item: round(40 * 3 / 4))
    /// and then 10. Factors summing to 0.5 share floor(40 * 0.5) = 20: 10 and 10. Rows
    /// break on the items' own widths.
    func testGrow() {
        let sizes = ItemList(widths: [10, 20, 30], heights: [5, 5, 5])
        var items = sizes
        items.grow = [1, 0, 3]
        let grown = featured(items, FlowParameters(), width: 100)
        XCTAssertEqual(grown.itemWidth, [20, 20, 60])
        XCTAssertEqual(grown.x, [0, 20, 40])
        XCTAssertEqual(grown.rows.map(\.width), [100])
        items.grow = [0.25, 0, 0.25]
        XCTAssertEqual(featured(items, FlowParameters(), width: 100).itemWidth, [20, 20, 40])
        items.grow = [1, 1, 1]
        XCTAssertEqual(rowSpans(featured(items, FlowParameters(), width: 35)), [[0, 2], [2, 1]])
    }

    /// Off the lattice the free space is a fraction of a unit: no share rounds past what
    /// remains, so no item shrinks and the line never outgrows the container. Here 639.5
    /// units are free; the larger factor's share rounds to 640 without the rule, and the
    /// other item would be given -0.5.
    func testGrowNeverGivesMoreThanTheFreeSpace() {
        var items = ItemList(widths: [1.0 / 128, 10], heights: [1, 1])
        items.grow = [1e-17, 1]
        let grown = featured(items, FlowParameters(), width: 20)
        XCTAssertEqual(grown.itemWidth, [1.0 / 128, 10 + 639.5 / 64])
        XCTAssertEqual(grown.rows.map(\.width), [20])
    }
}
