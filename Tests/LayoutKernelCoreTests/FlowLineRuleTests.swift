import LayoutKernelCore
import LayoutKernelDispatch
import XCTest

/// SPEC.md §12's line rules on small cases worked by hand, through the reference and
/// every kernel level (which must give the reference's bits).
final class FlowLineRuleTests: XCTestCase {

    func layout(_ items: ItemList, _ parameters: FlowParameters, width: Float?, height: Float? = nil) -> Layout {
        let proposal = Proposal(width: width, height: height)
        let want = items.withItems { FlowReference.layout($0, parameters, proposal) }
        let c = LayoutKernelDifferentialTests.Case(items: items, layout: .flow(parameters), proposal: proposal)
        for level in KernelLevel.supported where level != .reference {
            let got = LayoutKernelDifferentialTests.run(level.layouts, c)
            XCTAssertEqual(got.size, want.size, "\(level.name)")
            XCTAssertEqual(got.x, want.x, "\(level.name)")
            XCTAssertEqual(got.y, want.y, "\(level.name)")
            XCTAssertEqual(got.rows, want.rows, "\(level.name)")
        }
        return want
    }

    /// Items 60, 60 (gap 10) in 100 px: one line 130 long, F = -30. Start overflows at
    /// the far end; end leads by F; center by trunc(F / 2); space-between falls back to
    /// start (the far side under reverse); space-around to the writing-mode start.
    func testOneLineOverflows() {
        let items = ItemList(widths: [60, 60], heights: [10, 10])
        func x(_ justify: Distribution?, reverse: Bool = false) -> [Float] {
            layout(items, FlowParameters(spacing: .fixed(10), justify: justify, reverse: reverse, wrap: .nowrap),
                   width: 100).x
        }
        XCTAssertEqual(x(nil), [0, 70])
        XCTAssertEqual(x(.end), [-30, 40])
        XCTAssertEqual(x(.center), [-15, 55])
        XCTAssertEqual(x(.spaceBetween), [0, 70])
        XCTAssertEqual(x(.spaceBetween, reverse: true), [40, -30])
        XCTAssertEqual(x(.spaceAround, reverse: true), [70, 0])
        let wrapped = layout(items, FlowParameters(spacing: .fixed(10)), width: 100)
        XCTAssertEqual(wrapped.rows.count, 2)
        let one = layout(items, FlowParameters(spacing: .fixed(10), wrap: .nowrap), width: 100)
        XCTAssertEqual(one.rows, [Row(start: 0, count: 2, y: 0, width: 130, height: 10)])
        XCTAssertEqual(one.size, Size(width: 100, height: 10))
    }

    /// With no main limit the container is as long as the line: 3 x 20 + 2 x 5 = 70.
    func testUnboundedLine() {
        let items = ItemList(widths: [20, 20, 20], heights: [4, 8, 6])
        let one = layout(items, FlowParameters(spacing: .fixed(5), wrap: .nowrap), width: nil)
        XCTAssertEqual(one.size, Size(width: 70, height: 8))
        XCTAssertEqual(one.x, [0, 25, 50])
    }

    /// A definite height with `alignContent`: the single line is 50 tall whatever the
    /// distribution (wrap would centre a 20-tall line at 15); items sit in it by the
    /// cross anchor, centred (25 - 5, 25 - 10) or at its end (40, 30). A line taller
    /// than the container (C = 6) overflows it: centred items at trunc(-4 / 2) = -2 and
    /// trunc(-14 / 2) = -7.
    func testSingleLineTakesTheDefiniteHeight() {
        let items = ItemList(widths: [30, 40], heights: [10, 20])
        func y(_ alignContent: Distribution, anchor: Anchor, height: Float = 50) -> [Float] {
            layout(items, FlowParameters(alignment: anchor, alignContent: alignContent, wrap: .nowrap), width: 100,
                   height: height).y
        }
        XCTAssertEqual(y(.center, anchor: .topLeading), [0, 0])
        XCTAssertEqual(layout(items, FlowParameters(alignContent: .center), width: 100, height: 50).y, [15, 15])
        XCTAssertEqual(y(.spaceAround, anchor: .leading), [20, 15])
        XCTAssertEqual(y(.end, anchor: .bottomLeading), [40, 30])
        XCTAssertEqual(y(.stretch, anchor: .leading, height: 6), [-2, -7])
        let one = layout(items, FlowParameters(alignContent: .end, wrap: .nowrap), width: 100, height: 50)
        XCTAssertEqual(one.rows, [Row(start: 0, count: 2, y: 0, width: 70, height: 50)])
        XCTAssertEqual(one.size, Size(width: 100, height: 50))
        // Without alignContent the line keeps its own height.
        XCTAssertEqual(layout(items, FlowParameters(alignment: .leading, wrap: .nowrap), width: 100, height: 50).y,
                       [5, 0])
    }

    /// Columns: one column however tall, rtl puts it at the right of a definite width.
    func testOneColumn() {
        let items = ItemList(widths: [10, 20, 15], heights: [30, 30, 30])
        let columns = FlowParameters(spacing: .fixed(2), direction: .rtl, axis: .vertical, wrap: .nowrap)
        let one = layout(items, columns, width: nil, height: 50)
        XCTAssertEqual(one.y, [0, 32, 64])
        XCTAssertEqual(one.x, [10, 0, 5])
        XCTAssertEqual(one.size, Size(width: 20, height: 50))
    }

    /// A forced break does not break the one line (SPEC.md §12's errors paragraph).
    func testForcedBreaksAreIgnored() {
        var items = ItemList(widths: [10, 10, 10], heights: [5, 5, 5])
        items.flags = [0, ItemFlag.breakBefore, 0]
        XCTAssertEqual(layout(items, FlowParameters(wrap: .nowrap), width: 100).rows.count, 1)
        XCTAssertEqual(layout(items, FlowParameters(reverse: true), width: 100).rows.count, 2)
        items.flags = [0, ItemFlag.breakBefore, ItemFlag.breakBefore]
        XCTAssertEqual(layout(items, FlowParameters(axis: .vertical, wrap: .nowrap), width: nil, height: 100).x, [0, 0, 0])
    }

    /// Growing items share a free space; an overflowing line gives them none.
    func testGrowingItemsInOneLine() {
        var items = ItemList(widths: [20, 20], heights: [5, 5])
        items.grow = [1, 3]
        let grown = layout(items, FlowParameters(wrap: .nowrap), width: 100)
        XCTAssertEqual(grown.itemWidth, [35, 65])
        XCTAssertEqual(grown.x, [0, 35])
        let over = layout(items, FlowParameters(wrap: .nowrap), width: 30)
        XCTAssertEqual(over.itemWidth, [20, 20])
    }
}
