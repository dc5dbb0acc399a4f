import LayoutKernelCore
import XCTest

/// lk_flow_layout in layoutkernel.h, rule by rule, on small cases worked by hand.
final class FlowRuleTests: XCTestCase {

    /// Per-item spacing: x gap max(a.trailing, b.leading); y gap max(a.bottom, b.top) between
    /// the rows' tallest items (the first item of the row's largest height).
    ///
    /// widths 40 40 40 40, heights 10 20 20 10, limit 100.
    /// gap(0,1) = max(trailing0 = 5, leading1 = 12) = 12: 40+12+40 = 92 fits.
    /// gap(1,2) = max(4, 1) = 4: 92+4+40 = 136 > 100, break. Row 0 = items 0-1, width 92.
    /// gap(2,3) = max(3, 2) = 3: 40+3+40 = 83. Row 1 = items 2-3, width 83.
    /// Tallest: row 0 item 1 (h 20; the first of height 20), row 1 item 2 (h 20, first of two).
    /// y gap = max(bottom1 = 6, top2 = 9) = 9: row 1 at 20 + 9 = 29. Height 49.
    func testPerItemSpacing() {
        let items = ItemList(widths: [40, 40, 40, 40], heights: [10, 20, 20, 10],
                             leading: [0, 12, 1, 2], trailing: [5, 4, 3, 0],
                             top: [100, 0, 9, 50], bottom: [70, 6, 0, 0])
        let layout = flow(items, spacing: .perItem, lineSpacing: .perItem, width: 100)
        XCTAssertEqual(rowSpans(layout), [[0, 2], [2, 2]])
        XCTAssertEqual(layout.rows.map(\.width), [92, 83])
        XCTAssertEqual(layout.rows.map(\.y), [0, 29])
        XCTAssertEqual(layout.x, [0, 52, 0, 43])
        XCTAssertEqual(layout.size, Size(width: 100, height: 49))
    }

    /// Missing spacing buffers count as zeros; per-item x with fixed y and vice versa.
    func testPerItemSpacingOnOneAxis() {
        let items = ItemList(widths: [10, 10, 10], heights: [5, 5, 5], trailing: [3, 7, 0])
        let layout = flow(items, spacing: .perItem, lineSpacing: .fixed(4), width: 25)
        // gap(0,1) = 3: 10+3+10 = 23 fits; gap(1,2) = 7: 23+7+10 = 40 > 25, break.
        XCTAssertEqual(rowSpans(layout), [[0, 2], [2, 1]])
        XCTAssertEqual(layout.x, [0, 13, 0])
        XCTAssertEqual(layout.y, [0, 0, 9])
    }

    /// BREAK_BEFORE starts a row even with room to spare, costs no extra gap, and is
    /// ignored on the first item (the row is already empty).
    func testBreakBefore() {
        let items = ItemList(widths: [10, 10, 10, 10], heights: [5, 5, 5, 5],
                             flags: [ItemFlag.breakBefore, 0, ItemFlag.breakBefore, 0])
        let layout = flow(items, spacing: .fixed(2), lineSpacing: .fixed(3))
        XCTAssertEqual(rowSpans(layout), [[0, 2], [2, 2]])
        XCTAssertEqual(layout.x, [0, 12, 0, 12])
        XCTAssertEqual(layout.y, [0, 0, 8, 8])
        XCTAssertEqual(layout.size, Size(width: 22, height: 13))
    }

    /// An item wider than the limit gets a row of its own and overflows; centred, it
    /// overflows to the left by half its excess.
    func testOversizeItem() {
        let items = ItemList(widths: [30, 150, 30], heights: [10, 10, 10])
        let leading = flow(items, spacing: .fixed(5), width: 100)
        XCTAssertEqual(rowSpans(leading), [[0, 1], [1, 1], [2, 1]])
        XCTAssertEqual(leading.x, [0, 0, 0])
        XCTAssertEqual(leading.size, Size(width: 100, height: 30))
        let centred = flow(items, spacing: .fixed(5), alignment: .center, width: 100)
        XCTAssertEqual(centred.x, [35, -25, 35])
        let trailing = flow(items, spacing: .fixed(5), alignment: .trailing, width: 100)
        XCTAssertEqual(trailing.x, [70, -50, 70])
    }

    /// Exact fit stays on the row (the test is `>`), one more ulp of width does not.
    func testExactFitBoundary() {
        let fits = flow(ItemList(widths: [50, 40], heights: [1, 1]), spacing: .fixed(10), width: 100)
        XCTAssertEqual(fits.rows.count, 1)
        let over = flow(ItemList(widths: [50, 40.0001], heights: [1, 1]), spacing: .fixed(10),
                        width: 100)
        XCTAssertEqual(over.rows.count, 2)
    }

    /// Unspecified and infinite widths: one row, as wide as the row. A finite width sets
    /// the container's width even when the rows are narrower.
    func testProposals() {
        let items = ItemList(widths: [10, 20, 30], heights: [4, 6, 5])
        for width: Float? in [nil, .infinity] {
            let layout = flow(items, spacing: .fixed(1), width: width, height: 3)
            XCTAssertEqual(rowSpans(layout), [[0, 3]])
            XCTAssertEqual(layout.size, Size(width: 62, height: 6))
        }
        XCTAssertEqual(flow(items, spacing: .fixed(1), width: 1000).size, Size(width: 1000, height: 6))
    }

    /// The min-size rule applies only when both axes are specified and the proposal is
    /// smaller than (max w, max h) on both; the rows are still those of the proposal width.
    func testMinSizeRule() {
        let items = ItemList(widths: [10, 30, 20], heights: [8, 4, 6])
        // Proposal .zero: every item on its own row; the container is (30, 8).
        let zero = flow(items, alignment: .center, width: 0, height: 0)
        XCTAssertEqual(zero.size, Size(width: 30, height: 8))
        XCTAssertEqual(rowSpans(zero), [[0, 1], [1, 1], [2, 1]])
        XCTAssertEqual(zero.x, [10, 0, 5])  // centred in the 30-wide container
        XCTAssertEqual(zero.y, [0, 8, 12])
        // Smaller on the width only: the usual size (width 5, height = the rows, 18).
        XCTAssertEqual(flow(items, width: 5, height: 100).size, Size(width: 5, height: 18))
        // Height unspecified: never the min-size rule.
        XCTAssertEqual(flow(items, width: 5).size, Size(width: 5, height: 18))
        // Infinite height is specified but not smaller: the usual size.
        XCTAssertEqual(flow(items, width: 0, height: .infinity).size, Size(width: 0, height: 18))
    }

    func testNoItems() {
        let none = ItemList(widths: [], heights: [])
        XCTAssertEqual(flow(none).size, .zero)
        XCTAssertEqual(flow(none, width: 50, height: 20).size, Size(width: 50, height: 0))
        XCTAssertEqual(flow(none, width: .infinity).rows, [])
    }

    /// Zero-size items are placed like any other; with no gap they fit a zero-width row.
    func testZeroSizes() {
        let layout = flow(ItemList(widths: [0, 0, 5], heights: [0, 3, 0]), width: 0)
        XCTAssertEqual(rowSpans(layout), [[0, 2], [2, 1]])
        XCTAssertEqual(layout.size, Size(width: 0, height: 3))
    }

    /// Row offsets accumulate in Double: rows of height 2^24 + 1 are exact in the row
    /// table, where a Float sum would round each to an even number.
    func testRowOffsetsAccumulateInDouble() {
        let h: Float = 16_777_216  // 2^24; the gap of 1 makes each step 2^24 + 1
        let items = ItemList(widths: [10, 10, 10, 10], heights: [h, h, h, h])
        let layout = flow(items, lineSpacing: .fixed(1), width: 10)
        XCTAssertEqual(layout.rows.map(\.y), [0, 16_777_217, 33_554_434, 50_331_651])
        XCTAssertEqual(layout.size.height, Float(50_331_651.0 + 16_777_216.0))
    }

    /// Vertical anchors: items shorter than their row move down by ay times the spare.
    func testVerticalAnchors() {
        let items = ItemList(widths: [10, 10], heights: [20, 10])
        XCTAssertEqual(flow(items, alignment: .topLeading).y, [0, 0])
        XCTAssertEqual(flow(items, alignment: .leading).y, [0, 5])
        XCTAssertEqual(flow(items, alignment: .bottomLeading).y, [0, 10])
        XCTAssertEqual(flow(items, alignment: Anchor(x: 0.25, y: 0.75), width: 60).x, [10, 20])
    }

    /// `size` and `rowCount` agree with `layout` on seeded random cases.
    func testSizeAndRowCountAgreeWithLayout() {
        var rng = SplitMix64(seed: 7)
        for _ in 0..<500 {
            let n = Int(rng.next() % 40)
            let items = ItemList(widths: (0..<n).map { _ in Float(rng.next() % 64) },
                                 heights: (0..<n).map { _ in Float(rng.next() % 32) })
            let params = FlowParameters(spacing: .fixed(Float(rng.next() % 8)),
                                        lineSpacing: .fixed(2), alignment: .center)
            let width: Float? = rng.next() % 4 == 0 ? nil : Float(rng.next() % 200)
            let proposal = Proposal(width: width, height: rng.next() % 2 == 0 ? nil : 10)
            items.withItems { view in
                let layout = FlowReference.layout(view, params, proposal)
                XCTAssertEqual(FlowReference.size(view, params, proposal), layout.size)
                XCTAssertEqual(FlowReference.rowCount(view, params, Proposal(width: width, height: nil)), layout.rows.count)
                XCTAssertEqual(layout.rows.reduce(0) { $0 + $1.count }, n)
            }
        }
    }
}
