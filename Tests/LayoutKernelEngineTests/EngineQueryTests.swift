import LayoutKernelCore
import LayoutKernelDispatch
@testable import LayoutKernelEngine
import XCTest

/// Queries at the edges of `Float`: items' frames are their `Float` positions, which far
/// down a flow may lie a few units away from their row's `Double` top.
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
}
