import LayoutKernelCore
import LayoutKernelDispatch
@testable import LayoutKernelEngine
import XCTest

/// What the engine reports doing: a change re-packs a few rows and reuses the rest, an
/// unchanged request is a cache hit, `setItems` with one changed item finds one chunk.
final class EngineStatsTests: XCTestCase {

    static func varied(_ n: Int, seed: UInt64) -> ItemList {
        var rng = EngineDifferentialTests.Random(state: seed)
        return ItemList(widths: (0..<n).map { _ in Float(24 + rng.below(177)) },
                        heights: (0..<n).map { _ in Float(16 + rng.below(25)) })
    }

    func testAChangeRepacksAFewRowsAndReusesTheRest() {
        let n = 100_000
        var list = Self.varied(n, seed: 1)
        let engine = LayoutEngine(layout: .flow(FlowParameters(spacing: .fixed(6), lineSpacing: .fixed(4))),
                                  kernels: KernelLevel.best.layouts)
        list.withItems { engine.setItems($0) }
        let proposal = Proposal(width: 1000, height: nil)
        let rows = engine.rowCount(proposal)
        XCTAssertEqual(engine.stats.itemsPacked, n)   // the first request packs everything
        _ = engine.size(proposal)
        XCTAssertEqual(engine.stats.cacheHits, 1)

        // One width in the middle: the rows up to where the row starts meet the old ones
        // again re-packed (a few hundred items at most here), every other row reused.
        list.widths[50_000] = 30
        ItemList(widths: [30], heights: [list.heights[50_000]]).withItems { engine.update(at: 50_000, $0) }
        XCTAssertLessThan(engine.stats.itemsPacked, 5_000)
        XCTAssertGreaterThan(engine.stats.rowsReused, rows / 2 - 50)
        // One inserted and one removed.
        ItemList(widths: [77], heights: [20]).withItems { engine.insert(at: 60_000, $0) }
        XCTAssertLessThan(engine.stats.itemsPacked, 5_000)
        engine.remove(70_000..<70_001)
        XCTAssertLessThan(engine.stats.itemsPacked, 5_000)
        XCTAssertGreaterThan(engine.stats.rowsReused, rows / 4)

        // setItems with one item changed: one chunk found changed, a few rows re-packed.
        list.widths.insert(77, at: 60_000)
        list.heights.insert(20, at: 60_000)
        list.widths.remove(at: 70_000)
        list.heights.remove(at: 70_000)
        list.widths[10] = 99
        list.withItems { engine.setItems($0) }
        XCTAssertLessThan(engine.stats.itemsPacked, 5_000)
        XCTAssertEqual(engine.count, n)
        let fresh = EngineDifferentialTests.fresh(KernelLevel.best.layouts, engine.layout, list, proposal)
        XCTAssertEqual(engine.size(proposal), fresh.size)
    }

    /// Items of one size: after an insert no new row start meets an old one, but the old
    /// rows of the run are taken over moved, so only a few rows are packed again; with
    /// copying turned off the packing runs to the end. Both equal a fresh layout.
    func testEqualItemsTakeOverTheirOldRows() {
        let n = 200_000
        let list = ItemList(widths: Array(repeating: 50, count: n), heights: Array(repeating: 40, count: n))
        for copying in [true, false] {
            var mirror = list
            let engine = LayoutEngine(layout: .flow(FlowParameters(spacing: .fixed(5))), kernels: KernelLevel.best.layouts,
                                      tuning: EngineTuning(shortestRunCopied: copying ? 4096 : .max))
            list.withItems { engine.setItems($0) }
            let proposal = Proposal(width: 1000, height: nil)
            let rows = engine.rowCount(proposal)
            ItemList(widths: [50], heights: [40]).withItems { engine.insert(at: 100_000, $0) }
            mirror.widths.insert(50, at: 100_000)
            mirror.heights.insert(40, at: 100_000)
            if copying {
                XCTAssertLessThan(engine.stats.itemsPacked, 5_000)
                XCTAssertGreaterThan(engine.stats.rowsReused, rows / 2 - 300)
            } else {
                XCTAssertGreaterThan(engine.stats.itemsPacked, n / 2 - 200)
            }
            engine.remove(3..<5)
            mirror.widths.removeSubrange(3..<5)
            mirror.heights.removeSubrange(3..<5)
            if copying { XCTAssertLessThan(engine.stats.itemsPacked, 5_000) }
            let fresh = EngineDifferentialTests.fresh(KernelLevel.best.layouts, engine.layout, mirror, proposal)
            XCTAssertEqual(engine.size(proposal), fresh.size)
            XCTAssertEqual(engine.rowCount(proposal), fresh.rows.count)
            var x = [Float](repeating: 0, count: 1000), y = x
            engine.positions(150_000..<151_000, proposal, x: &x, y: &y)
            XCTAssertEqual(x, Array(fresh.x[150_000..<151_000]))
            XCTAssertEqual(y, Array(fresh.y[150_000..<151_000]))
        }
    }

    func testBytesGrowWithTheItemsAndRows() {
        let engine = LayoutEngine(layout: .flow(FlowParameters()), kernels: KernelLevel.best.layouts)
        let empty = engine.stats.bytes
        Self.varied(10_000, seed: 2).withItems { engine.setItems($0) }
        _ = engine.size(Proposal(width: 500, height: nil))
        XCTAssertGreaterThan(engine.stats.bytes, empty + 10_000 * 8)
    }
}
