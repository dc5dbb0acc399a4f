import LayoutKernelCore
import LayoutKernelDispatch
import XCTest

/// `maxLines` and the overflow item (SPEC.md §12), worked by hand on the reference; the
/// differential tests hold every level to it.
final class MaxLinesTests: XCTestCase {

    func layout(_ widths: [Float], _ parameters: FlowParameters, width: Float?, grow: [Float]? = nil) -> Layout {
        ItemList(widths: widths, heights: widths.map { _ in 10 }, grow: grow).withItems {
            FlowReference.layout($0, parameters, Proposal(width: width, height: nil))
        }
    }

    static func bits(_ values: [Float]) -> [UInt32] { values.map(\.bitPattern) }

    /// Five items of 40 in rows of 100 with gaps of 10 make lines [40, 40] [40, 40] [40].
    let five: [Float] = [40, 40, 40, 40, 40]
    func parameters(_ maxLines: Int?, overflow: Size? = nil) -> FlowParameters {
        FlowParameters(spacing: .fixed(10), lineSpacing: .fixed(5), maxLines: maxLines, overflowItem: overflow)
    }

    func testLaterLinesAreHidden() {
        let two = layout(five, parameters(2), width: 100)
        XCTAssertEqual(two.hidden, 1)
        XCTAssertNil(two.overflow)
        XCTAssertEqual(Self.bits(two.x), Self.bits([0, 50, 0, 50, .nan]))
        XCTAssertEqual(Self.bits(two.y), Self.bits([0, 0, 15, 15, .nan]))
        XCTAssertEqual(two.size, Size(width: 100, height: 25))
        XCTAssertEqual(two.rows.count, 2)
        XCTAssertEqual(two.itemWidth, [40, 40, 40, 40, 0])
        // As many lines as the flow makes, or more: nothing hidden, the same layout.
        for most in [3, 4] {
            var plain = layout(five, parameters(nil), width: 100)
            let kept = layout(five, parameters(most, overflow: Size(width: 30, height: 10)), width: 100)
            XCTAssertEqual(kept.hidden, 0)
            XCTAssertNil(kept.overflow)
            plain.itemWidth = kept.itemWidth
            plain.itemHeight = kept.itemHeight
            XCTAssertEqual(kept, plain)
        }
    }

    /// The overflow item ends the last kept line; that line gives up items from its end
    /// until it fits: [40, 40] + 10 + 30 = 130 > 100, [40] + 10 + 30 = 80.
    func testTheOverflowItemTakesTheEndOfTheLastLine() {
        let two = layout(five, parameters(2, overflow: Size(width: 30, height: 12)), width: 100)
        XCTAssertEqual(two.hidden, 2)
        XCTAssertEqual(two.overflow, Rect(x: 50, y: 15, width: 30, height: 12))
        XCTAssertEqual(Self.bits(two.x), Self.bits([0, 50, 0, .nan, .nan]))
        // The last line holds the overflow item (its row counts it, at index n - hidden).
        XCTAssertEqual(two.rows.map(\.count), [2, 2])
        XCTAssertEqual(two.rows[1].height, 12)
        XCTAssertEqual(two.size, Size(width: 100, height: 27))
        // Wider than the limit: the line gives up every item and holds it alone.
        let alone = layout(five, parameters(2, overflow: Size(width: 150, height: 10)), width: 100)
        XCTAssertEqual(alone.hidden, 3)
        XCTAssertEqual(alone.overflow, Rect(x: 0, y: 15, width: 150, height: 10))
        XCTAssertEqual(alone.rows.map(\.count), [2, 1])
        // One line: the first line gives up items.
        let one = layout(five, parameters(1, overflow: Size(width: 45, height: 10)), width: 100)
        XCTAssertEqual(one.hidden, 4)
        XCTAssertEqual(one.overflow, Rect(x: 50, y: 0, width: 45, height: 10))
    }

    /// Balanced lines are kept the same way; nowrap's one line is always kept; growing
    /// items share each kept line's free space, the overflow item does not grow.
    func testEveryWrapMode() {
        var balance = parameters(1, overflow: Size(width: 10, height: 10))
        balance.wrap = .balance
        // Balanced lines [40, 40] [40]; the first with the overflow: 90 + 10 + 10 > 100.
        let balanced = layout([40, 40, 40], balance, width: 100)
        XCTAssertEqual(balanced.hidden, 2)
        XCTAssertEqual(balanced.overflow, Rect(x: 50, y: 0, width: 10, height: 10))
        var nowrap = parameters(1)
        nowrap.wrap = .nowrap
        XCTAssertEqual(layout(five, nowrap, width: 100).hidden, 0)
        let grown = layout(five, parameters(1, overflow: Size(width: 10, height: 10)), width: 100,
                           grow: [1, 1, 1, 1, 1])
        // [40, 40] + 10 + 10 = 110 does not fit; [40] + 10 + 10 = 60 does, and its item
        // takes the 40 left over.
        XCTAssertEqual(grown.hidden, 4)
        XCTAssertEqual(grown.itemWidth, [80, 0, 0, 0, 0])
        XCTAssertEqual(grown.overflow, Rect(x: 90, y: 0, width: 10, height: 10))
        let shared = layout(five, parameters(2), width: 100, grow: [1, 1, 1, 1, 1])
        XCTAssertEqual(shared.itemWidth, [45, 45, 45, 45, 0])
    }

    /// Columns keep lines along their height (the overflow item's height is along them);
    /// with per-item spacing the overflow item follows the last item's own gap after it.
    func testColumnsAndPerItemSpacing() {
        // Columns of 100 high, items 40 high with gaps of 10: [0, 1] [2, 3] [4].
        let columns = FlowParameters(spacing: .fixed(10), lineSpacing: .fixed(5), axis: .vertical, maxLines: 1,
                                     overflowItem: Size(width: 12, height: 30))
        let column = ItemList(widths: five.map { _ in 10 }, heights: five).withItems {
            FlowReference.layout($0, columns, Proposal(width: nil, height: 100))
        }
        // [40, 40] + 10 + 30 > 100: item 1 gives way; the overflow item at y 50.
        XCTAssertEqual(column.hidden, 4)
        XCTAssertEqual(column.overflow, Rect(x: 0, y: 50, width: 12, height: 30))
        XCTAssertEqual(column.size, Size(width: 12, height: 100))
        // Per-item spacing: the gap before the overflow item is the last item's trailing
        // (25), not the next item's leading (50): the first line [40, 40] (the gap to item
        // 2 is 50) + 25 + 15 = 120 fits 120; + 25 + 20 does not, and item 1 gives way (item
        // 0's own trailing is 0).
        let list = ItemList(widths: five, heights: five.map { _ in 10 }, leading: [0, 0, 50, 0, 0],
                            trailing: [0, 25, 0, 0, 0])
        func perItem(_ width: Float) -> Layout {
            list.withItems {
                FlowReference.layout($0, FlowParameters(spacing: .perItem, maxLines: 1,
                                                        overflowItem: Size(width: width, height: 10)),
                                     Proposal(width: 120, height: nil))
            }
        }
        XCTAssertEqual(perItem(15).hidden, 3)
        XCTAssertEqual(perItem(15).overflow, Rect(x: 105, y: 0, width: 15, height: 10))
        XCTAssertEqual(perItem(20).hidden, 4)
        XCTAssertEqual(perItem(20).overflow, Rect(x: 40, y: 0, width: 20, height: 10))
    }

    /// No item past the first hidden one is read: sizes after it that no layout could
    /// take (NaN) change nothing, at every level.
    func testNothingPastTheFirstHiddenItemIsRead() {
        let widths = five + [Float](repeating: .nan, count: 1_000)
        for overflow in [nil, Size(width: 30, height: 10)] {
            let p = parameters(2, overflow: overflow)
            let clean = layout(five + [40], p, width: 100)
            for level in KernelLevel.supported {
                let n = widths.count
                var x = [Float](repeating: 0, count: n), y = x
                let outcome = ItemList(widths: widths, heights: widths.map { _ in 10 }).withItems { items in
                    x.withUnsafeMutableBufferPointer { x in
                        y.withUnsafeMutableBufferPointer { y in
                            level.layouts.place(items, .flow(p), Proposal(width: 100, height: nil), LayoutOutput(
                                x: x.baseAddress, y: y.baseAddress,
                                rows: RowTableWriter(start: nil, count: nil, y: nil, width: nil, height: nil)))
                        }
                    }
                }
                XCTAssertEqual(outcome.size, clean.size, level.name)
                XCTAssertEqual(outcome.hidden, n - 6 + clean.hidden, level.name)
                XCTAssertEqual(outcome.overflow, clean.overflow, level.name)
                XCTAssertEqual(Self.bits(Array(x.prefix(5))), Self.bits(Array(clean.x.prefix(5))), level.name)
            }
        }
    }
}
