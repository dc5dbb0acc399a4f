import LayoutKernelCore
import LayoutKernelDispatch
@testable import LayoutKernelEngine
import XCTest

/// Queries at the edges of `Float`: items' frames are their `Float` positions, which far
/// down a flow may lie a few units away from their row's `Double` top, and along a stack
/// need not follow the items' order.
final class EngineQueryTests: XCTestCase {

    /// Row 5's top is 227378739.21875 in `Double`; item 5's `y` rounds to 227378736, so
    /// the point (267.0390625, 227378736) is in item 5's frame but above its row's top.
    func testAPointInAFrameRoundedAboveItsRowFindsTheItem() {
        let w: Float = 534.078125
        let list = ItemList(widths: [w, w, 128, w, w, w], heights: [w, 227377152, 516.984375, w, 2.078125, 128])
        let engine = LayoutEngine(layout: .flow(FlowParameters()), kernels: KernelLevel.best.layouts)
        list.withItems { engine.setItems($0) }
        let proposal = Proposal(width: w, height: nil)
        let fresh = list.withItems { LayoutReference.layout($0, .flow(FlowParameters()), proposal) }
        XCTAssertEqual(fresh.y[5], 227378736)
        XCTAssertEqual(engine.item(atX: 267.0390625, y: 227378736, proposal), 5)
        XCTAssertEqual(engine.visible(x0: 0, y0: 227378736, x1: 1, y1: 227378752, proposal), [5])
    }

    /// A stack's offsets are `Float` sums in blocks of 16 items: after items 0.5 and 0 px
    /// wide, one 227377152 px wide starts at 0 (0.5 + 227377152 rounds to 227377152, less
    /// its width), short of the item before it. Every query on that stack, horizontal and
    /// vertical, finds it by its frame.
    func testAnItemPlacedShortOfTheOneBeforeItIsFound() {
        let long: Float = 227377152
        for vertical in [false, true] {
            let lengths: [Float] = [0.5, 0, long], breadths: [Float] = [0, 0, 100]
            let list = vertical ? ItemList(widths: breadths, heights: lengths) : ItemList(widths: lengths, heights: breadths)
            let layout: AnyLayout = vertical ? .vstack(StackParameters()) : .hstack(StackParameters())
            let engine = LayoutEngine(layout: layout, kernels: KernelLevel.best.layouts)
            list.withItems { engine.setItems($0) }
            var x = [Float](repeating: .nan, count: 3), y = x
            engine.positions(0..<3, Proposal(width: nil, height: nil), x: &x, y: &y)
            XCTAssertEqual(vertical ? y : x, [0, 0.5, 0], "vertical: \(vertical)")
            let (px, py): (Float, Float) = vertical ? (10, 0.25) : (0.25, 10)
            XCTAssertEqual(engine.item(atX: px, y: py, Proposal(width: nil, height: nil)), 2, "vertical: \(vertical)")
            XCTAssertEqual(engine.visible(x0: px, y0: py, x1: px + 0.125, y1: py + 0.125, Proposal(width: nil, height: nil)), [2],
                           "vertical: \(vertical)")
        }
    }
}
