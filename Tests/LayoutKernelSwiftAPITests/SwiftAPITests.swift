import LayoutKernel
import XCTest

/// The Swift API (`import LayoutKernel`): results against hand-computed layouts and
/// against each other (many containers, the engine, exact positions), and typed errors.
final class SwiftAPITests: XCTestCase {
    let widths: [Float] = (0..<500).map { Float(20 + ($0 * 37) % 180) + 0.25 }
    let heights: [Float] = (0..<500).map { Float(24 + 8 * ($0 % 3)) }

    func testFlowWrapsAndAligns() throws {
        let flow = AnyLayout.flow(FlowParameters(spacing: .fixed(8), lineSpacing: .fixed(4)))
        let result = try flow.layout(widths: [120, 80, 200], heights: [32, 20, 32],
                                     proposal: Proposal(width: 320, height: nil))
        XCTAssertEqual(result.x, [0, 128, 0])
        XCTAssertEqual(result.y, [0, 0, 36])
        XCTAssertEqual(result.size, Size(width: 320, height: 68))
        XCTAssertEqual(Array(result.rows), [Row(start: 0, count: 2, y: 0, width: 208, height: 32),
                                            Row(start: 2, count: 1, y: 36, width: 200, height: 32)])
        XCTAssertEqual(result.itemWidth, [120, 80, 200])
    }

    /// A flow's lines: balanced lines with a minimum count, at most one line and a "+N"
    /// item; the bad values refused.
    func testLines() throws {
        let five: [Float] = [40, 40, 40, 40, 40], tens: [Float] = [10, 10, 10, 10, 10]
        let balanced = try AnyLayout.flow(FlowParameters(spacing: .fixed(10), wrap: .balance, minLines: 3))
            .layout(widths: five, heights: tens, proposal: Proposal(width: 100, height: nil))
        XCTAssertEqual(balanced.rows.map(\.count), [2, 2, 1])
        let kept = try AnyLayout.flow(FlowParameters(spacing: .fixed(10), maxLines: 1,
                                                     overflowItem: Size(width: 30, height: 10)))
            .layout(widths: five, heights: tens, proposal: Proposal(width: 100, height: nil))
        XCTAssertEqual(kept.hidden, 4)
        XCTAssertEqual(kept.overflow, Rect(x: 50, y: 0, width: 30, height: 10))
        XCTAssertTrue(kept.x[1].isNaN)
        XCTAssertEqual(kept.itemWidth, [40, 0, 0, 0, 0])
        for bad in [FlowParameters(minLines: 0), FlowParameters(maxLines: 0),
                    FlowParameters(maxLines: 1, overflowItem: Size(width: -1, height: 1))] {
            XCTAssertThrowsError(try AnyLayout.flow(bad).layout(widths: five, heights: tens)) { error in
                XCTAssertEqual((error as? LayoutError)?.code, .invalidParameter)
            }
        }
    }

    func testBufferOverloadEqualsArrays() throws {
        let grid = AnyLayout.grid(GridParameters(columns: .count(7), spacing: 3, lineSpacing: 2))
        let fromArrays = try grid.layout(widths: widths, heights: heights, proposal: Proposal(width: 900, height: nil))
        let fromBuffers = try widths.withUnsafeBufferPointer { w in
            try heights.withUnsafeBufferPointer { h in
                try grid.layout(widths: w, heights: h, proposal: Proposal(width: 900, height: nil))
            }
        }
        XCTAssertEqual(fromArrays, fromBuffers)
        XCTAssertEqual(fromArrays.rows.count, (500 + 6) / 7)
    }

    func testNaNWidthIsATypedErrorNamingTheItem() {
        var widths = self.widths
        widths[321] = .nan
        do {
            _ = try AnyLayout.flow(.init()).layout(widths: widths, heights: heights)
            XCTFail("a NaN width was accepted")
        } catch {
            XCTAssertEqual(error.code, .invalidItemSize)
            XCTAssertEqual(error.itemIndex, 321)
            XCTAssertTrue(error.message.hasPrefix("widths[321] is nan"), error.message)
        }
    }

    func testInvalidParametersAndProposals() {
        func code(_ body: () throws(LayoutError) -> Void) -> LayoutError.Code? {
            do { try body(); return nil } catch { return error.code }
        }
        XCTAssertEqual(code { () throws(LayoutError) in _ = try AnyLayout.flow(.init()).layout(widths: [1, 2], heights: [1]) }, .invalidParameter)
        XCTAssertEqual(code { () throws(LayoutError) in _ = try AnyLayout.flow(.init(spacing: .fixed(-1))).layout(widths: [1], heights: [1]) },
                       .invalidParameter)
        XCTAssertEqual(code { () throws(LayoutError) in _ = try AnyLayout.grid(.init(columns: .count(0))).layout(widths: [1], heights: [1]) },
                       .invalidParameter)
        XCTAssertEqual(code { () throws(LayoutError) in
            _ = try AnyLayout.zstack(.init()).layout(widths: [1], heights: [1], proposal: Proposal(width: -5, height: nil))
        }, .invalidProposal)
        do {
            _ = try AnyLayout.flow(.init(wrapReverse: true, wrap: .nowrap)).layout(widths: [1], heights: [1])
            XCTFail("nowrap with wrapReverse is refused")
        } catch {
            XCTAssertEqual(error.code, .invalidParameter)
            XCTAssertTrue(error.message.contains("flow.wrap is nowrap"), error.message)
        }
        var items = ItemList(widths: [1, 1], heights: [1, 1])
        items.flags = [0, 0x80]
        XCTAssertEqual(code { () throws(LayoutError) in _ = try AnyLayout.flow(.init()).layout(items) }, .invalidItemFlags)
    }

    func testBreakBeforeFlag() throws {
        var items = ItemList(widths: [50, 50, 50], heights: [20, 20, 20])
        items.flags = [0, ItemFlag.breakBefore, 0]
        let result = try AnyLayout.flow(.init()).layout(items)
        XCTAssertEqual(result.rows.map(\.count), [1, 2])
    }

    func testFirstFitFallsBackToTheColumn() throws {
        let row = FirstFitCandidate(.balanced(.init(axis: .horizontal)), widths: [80, 60, 70], heights: [40, 30, 20])
        let column = FirstFitCandidate(.balanced(.init(axis: .vertical)), widths: [80, 60, 70], heights: [40, 30, 20])
        let narrow = try firstFit([row, column], proposal: Proposal(width: 200, height: 300))
        XCTAssertEqual(narrow.index, 1)
        XCTAssertEqual(narrow.layout.y, [0, 40, 80])
        XCTAssertEqual(narrow.layout.itemWidth, [80, 80, 80])
        let wide = try firstFit([row, column], proposal: Proposal(width: 240, height: 300))
        XCTAssertEqual(wide.index, 0)
        XCTAssertEqual(wide.layout.x, [0, 80, 160])
    }

    func testLayoutManyEqualsOneLayoutPerContainer() throws {
        let flow = AnyLayout.flow(FlowParameters(spacing: .fixed(6), alignment: .center))
        let counts = [0, 17, 200, 1, 282]
        let proposals = (0..<counts.count).map { Proposal(width: Float(150 + 90 * $0), height: nil) }
        let many = try flow.layoutMany(ItemList(widths: widths, heights: heights), counts: counts, proposals: proposals)
        XCTAssertEqual(many.count, counts.count)
        var first = 0
        for (k, count) in counts.enumerated() {
            let alone = try flow.layout(widths: Array(widths[first ..< first + count]),
                                        heights: Array(heights[first ..< first + count]), proposal: proposals[k])
            XCTAssertEqual(many[k], alone, "container \(k)")
            first += count
        }
        XCTAssertThrowsError(try flow.layoutMany(ItemList(widths: widths, heights: heights), counts: [1, 2]))
    }

    /// Many containers of a flow with at most two lines and a "+N" item: each reports the
    /// hidden count and overflow frame its own layout does.
    func testLayoutManyReportsHiddenItems() throws {
        let flow = AnyLayout.flow(FlowParameters(spacing: .fixed(6), maxLines: 2,
                                                 overflowItem: Size(width: 30, height: 12)))
        let counts = [0, 17, 200, 1, 282]
        let many = try flow.layoutMany(ItemList(widths: widths, heights: heights), counts: counts,
                                       proposal: Proposal(width: 300, height: nil))
        XCTAssertEqual(many.hidden.count, counts.count)
        var first = 0, hiding = 0
        for (k, count) in counts.enumerated() {
            let alone = try flow.layout(widths: Array(widths[first ..< first + count]),
                                        heights: Array(heights[first ..< first + count]),
                                        proposal: Proposal(width: 300, height: nil))
            XCTAssertEqual(many.hidden[k], alone.hidden, "container \(k)")
            XCTAssertEqual(many.overflow[k], alone.overflow, "container \(k)")
            XCTAssertEqual(many[k].hidden, alone.hidden)
            XCTAssertEqual(many[k].overflow, alone.overflow)
            XCTAssertEqual(many[k].rows, alone.rows)
            XCTAssertEqual(many[k].itemWidth, alone.itemWidth)   // hidden items: 0
            hiding += alone.overflow == nil ? 0 : 1
            first += count
        }
        XCTAssertEqual(hiding, 3)
        XCTAssertNil(many.overflow[3])
    }

    /// Item rules (SPEC.md §13) through the Swift API: a worked case, an array of the
    /// wrong length and a bad value refused, an engine laying them out.
    func testItemRules() throws {
        var items = ItemList(widths: [60, 60, 60], heights: [10, 20, 30])
        items.rules = ItemRuleList(minWidth: [50, .nan, .nan], shrink: [1, 1, 1])
        let shrunk = try AnyLayout.flow(FlowParameters(wrap: .nowrap)).layout(items, proposal: Proposal(width: 100, height: nil))
        XCTAssertEqual(shrunk.itemWidth, [50, 25, 25])
        XCTAssertEqual(shrunk.x, [0, 50, 75])
        let stretch = AnyLayout.flow(FlowParameters(alignItems: .stretch))
        items.rules = ItemRuleList(stretchable: [1, 1, 0])
        XCTAssertEqual(try stretch.layout(items, proposal: Proposal(width: 500, height: nil)).itemHeight, [30, 30, 30])
        items.rules = ItemRuleList(shrink: [1, 1])
        do {
            _ = try stretch.layout(items)
            XCTFail("a shrink array of the wrong length was accepted")
        } catch {
            XCTAssertEqual(error.code, .invalidParameter)
            XCTAssertTrue(error.message.contains("rules.shrink has 2 elements"), error.message)
        }
        items.rules = ItemRuleList(maxHeight: [1, -1, 1])
        do {
            _ = try stretch.layout(items)
            XCTFail("a negative maximum was accepted")
        } catch {
            XCTAssertEqual(error.code, .invalidItemSize)
            XCTAssertEqual(error.itemIndex, 1)
        }
        // An engine lays out item rules and baselines as a whole layout does; a bad rule
        // changes nothing.
        let baselines = AnyLayout.flow(FlowParameters(alignItems: .baseline))
        let engine = try Engine(baselines)
        items.rules = ItemRuleList(baseline: [4, .nan, 9], stretchable: [1, 1, 0])
        try engine.setItems(items)
        let whole = try baselines.layout(items, proposal: Proposal(width: 100, height: nil))
        let held = try engine.layout(Proposal(width: 100, height: nil))
        XCTAssertEqual(held.y, whole.y)
        XCTAssertEqual(held.x, whole.x)
        XCTAssertNotEqual(Set(whole.y).count, 1)   // the baselines moved the items apart
        items.rules = ItemRuleList(maxHeight: [1, -1, 1])
        XCTAssertThrowsError(try engine.update(at: 0, items))
        XCTAssertEqual(try engine.layout(Proposal(width: 100, height: nil)).y, whole.y)
    }

    func testExactPositionsRoundToThePositions() throws {
        // One item a row: the rows' tops are Double sums, which the Float positions round
        // once (a flow's positions are its exact positions rounded, bit for bit).
        let flow = AnyLayout.flow(FlowParameters(lineSpacing: .fixed(0.5)))
        let tall = [Float](repeating: 1_000_000.25, count: 40)
        let result = try flow.layout(widths: tall, heights: tall, proposal: Proposal(width: 1, height: nil),
                                     exactPositions: true)
        let y64 = try XCTUnwrap(result.y64)
        XCTAssertEqual(y64.map { Float($0) }, result.y)
        XCTAssertEqual(y64[39], 39 * 1_000_000.75)
        XCTAssertNotEqual(y64[39], Double(result.y[39]))  // beyond 2^24 the Float rounds
    }

    func testEngineEqualsAFreshLayoutAfterChanges() throws {
        let flow = AnyLayout.flow(FlowParameters(spacing: .fixed(8), lineSpacing: .fixed(2)))
        let engine = try Engine(flow)
        try engine.setItems(widths: widths, heights: heights)
        var w = widths, h = heights
        try engine.insert(at: 100, widths: [300, 5], heights: [10, 60])
        w.insert(contentsOf: [300, 5], at: 100)
        h.insert(contentsOf: [10, 60], at: 100)
        try engine.remove(10 ..< 30)
        w.removeSubrange(10 ..< 30)
        h.removeSubrange(10 ..< 30)
        try engine.update(at: 0, widths: [77], heights: [33])
        w[0] = 77
        h[0] = 33
        let proposal = Proposal(width: 640, height: nil)
        let fresh = try flow.layout(widths: w, heights: h, proposal: proposal)
        XCTAssertEqual(try engine.layout(proposal), fresh)
        XCTAssertEqual(try engine.size(proposal), fresh.size)
        let (x, y) = try engine.positions(200 ..< 260, proposal)
        XCTAssertEqual(x, Array(fresh.x[200 ..< 260]))
        XCTAssertEqual(y, Array(fresh.y[200 ..< 260]))
        let visible = try engine.visible(x0: 0, y0: 300, x1: 640, y1: 400, proposal)
        XCTAssertFalse(visible.isEmpty)
        XCTAssertTrue(visible.allSatisfy { fresh.y[$0] < 400 && fresh.y[$0] + h[$0] > 300 })
        XCTAssertEqual(try engine.item(atX: fresh.x[123] + 1, y: fresh.y[123] + 1, proposal), 123)
    }

    func testAFailedEngineCallChangesNothing() throws {
        let engine = try Engine(.hstack(.init()))
        try engine.setItems(widths: [1, 2, 3], heights: [1, 1, 1])
        let before = try engine.layout()
        XCTAssertThrowsError(try engine.insert(at: 1, widths: [4, -1], heights: [1, 1])) { error in
            XCTAssertEqual((error as? LayoutError)?.itemIndex, 1)
        }
        XCTAssertThrowsError(try engine.remove(2 ..< 5))
        XCTAssertThrowsError(try engine.positions(0 ..< 4))
        XCTAssertEqual(engine.count, 3)
        XCTAssertEqual(try engine.layout(), before)
    }
}
