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

    /// Fetches the whole layout through `place` (bit patterns of x and y, and the size).
    static func placed(_ engine: LayoutEngine, _ proposal: Proposal) -> (x: [UInt32], y: [UInt32], size: Size) {
        var x = [Float](repeating: .nan, count: engine.count), y = x
        var start = [Int64](repeating: 0, count: engine.count), length = start
        var top = [Double](repeating: 0, count: engine.count)
        var width = [Float](repeating: 0, count: engine.count), height = width
        let outcome = engine.place(proposal, LayoutOutput(x: &x, y: &y, rows: RowTableWriter(
            start: &start, count: &length, y: &top, width: &width, height: &height)))
        return (x.map(\.bitPattern), y.map(\.bitPattern), outcome.size)
    }

    /// A grid of thumbnails: a change that keeps the column widths and row heights places
    /// only the changed items; a taller item re-sums the tops below it; an insert near
    /// the end places the rows from it on; a wider item lays out again. Every level.
    func testAGridPlacesOnlyWhatMoved() {
        for level in KernelLevel.supported {
            let n = 100_000
            var list = ItemList(widths: (0..<n).map { Float(40 + $0 % 7) }, heights: (0..<n).map { Float(30 + $0 % 5) })
            let engine = LayoutEngine(layout: .grid(GridParameters(columns: .count(8), spacing: 4, lineSpacing: 2.5)),
                                      kernels: level.layouts)
            list.withItems { engine.setItems($0) }
            let proposal = Proposal(width: 800, height: nil)
            _ = engine.size(proposal)
            func change(_ what: () -> Void, packs expected: ClosedRange<Int>, _ label: String) {
                what()
                XCTAssertTrue(expected.contains(engine.stats.itemsPacked), "\(label): \(engine.stats.itemsPacked) \(level.name)")
                let fresh = EngineDifferentialTests.fresh(level.layouts, engine.layout, list, proposal)
                let held = Self.placed(engine, proposal)
                XCTAssertEqual(held.size, fresh.size, label)
                let wrong = (0..<n).first { held.x[$0] != fresh.x[$0].bitPattern || held.y[$0] != fresh.y[$0].bitPattern }
                XCTAssertNil(wrong, "\(label) \(level.name): \(wrong.map { (Float(bitPattern: held.x[$0]), fresh.x[$0], Float(bitPattern: held.y[$0]), fresh.y[$0]) }.debugDescription)")
            }
            change({   // same size as the largest in its column and row: only itself
                list.widths[50_003] = 40; list.heights[50_003] = 31
                ItemList(widths: [40], heights: [31]).withItems { engine.update(at: 50_003, $0) }
            }, packs: 1...1, "same cell")
            change({   // taller: the rows below move
                list.widths[90_000] = 40; list.heights[90_000] = 80
                ItemList(widths: [40], heights: [80]).withItems { engine.update(at: 90_000, $0) }
            }, packs: 9_000...10_008, "taller")
            change({   // an insert near the end: every later item changes cell
                list.widths.insert(41, at: 95_000); list.heights.insert(30, at: 95_000)
                ItemList(widths: [41], heights: [30]).withItems { engine.insert(at: 95_000, $0) }
            }, packs: 5_001...5_009, "insert")
            change({   // wider than its column: every later column moves, laid out again
                list.widths[10] = 300
                ItemList(widths: [300], heights: [30]).withItems { engine.update(at: 10, $0) }
                _ = engine.size(proposal)
            }, packs: n + 1...n + 1, "wider")
        }
    }

    /// A circle: a change that keeps n and the largest item places only the changed items,
    /// across blocks of 16 and superblocks of 256; every level.
    func testACirclePlacesOnlyTheChangedItems() {
        var rng = EngineDifferentialTests.Random(state: 7)
        for level in KernelLevel.supported {
            let n = 10_000
            var list = ItemList(widths: (0..<n).map { _ in Float(rng.below(50)) + 0.3 },
                                heights: (0..<n).map { _ in Float(rng.below(50)) + 0.7 })
            list.widths[0] = 100
            list.heights[0] = 100
            let engine = LayoutEngine(layout: .circle(CircleParameters(radius: 3000, startAngle: 0.25,
                                                                        anchor: Anchor(x: 0.25, y: 1))),
                                      kernels: level.layouts)
            list.withItems { engine.setItems($0) }
            let proposal = Proposal(width: nil, height: nil)
            _ = engine.size(proposal)
            for _ in 0..<20 {
                let start = 1 + rng.below(n - 600), count = 1 + rng.below(rng.chance(50) ? 20 : 600)
                let items = ItemList(widths: (0..<count).map { _ in Float(rng.below(99)) + 0.5 },
                                     heights: (0..<count).map { _ in Float(rng.below(99)) + 0.5 })
                items.withItems { engine.update(at: start, $0) }
                list.widths.replaceSubrange(start..<(start + count), with: items.widths)
                list.heights.replaceSubrange(start..<(start + count), with: items.heights)
                XCTAssertEqual(engine.stats.itemsPacked, count)
                let fresh = EngineDifferentialTests.fresh(level.layouts, engine.layout, list, proposal)
                let held = Self.placed(engine, proposal)
                XCTAssertEqual(held.x, fresh.x.map(\.bitPattern), "\(start) +\(count) \(level.name)")
                XCTAssertEqual(held.y, fresh.y.map(\.bitPattern), "\(start) +\(count) \(level.name)")
            }
        }
    }

    /// A flow with `maxLines` that wraps greedily lays out only the items up to the first
    /// hidden one after a change (doubling from 1,024), whatever the number of items
    /// after them; its answers equal a fresh layout of every item.
    func testKeptLinesLayOutOnlyTheFirstItems() {
        let n = 100_000
        var list = Self.varied(n, seed: 3)
        var parameters = FlowParameters(spacing: .fixed(6), lineSpacing: .fixed(4))
        parameters.maxLines = 3
        parameters.overflowItem = Size(width: 40, height: 20)
        let proposal = Proposal(width: 1000, height: nil)
        var rng = EngineDifferentialTests.Random(state: 5)
        for level in KernelLevel.supported {
            let engine = LayoutEngine(layout: .flow(parameters), kernels: level.layouts)
            list.withItems { engine.setItems($0) }
            for edit in 0..<4 {
                let at = [5, 60_000, n - 1, 20][edit]
                list.widths[at] = Float(24 + rng.below(177))
                ItemList(widths: [list.widths[at]], heights: [list.heights[at]]).withItems { engine.update(at: at, $0) }
                EngineDifferentialTests.compare(engine, list, proposal, level.layouts, &rng, "edit at \(at) \(level.name)")
                XCTAssertEqual(engine.stats.itemsPacked, 1024, "edit at \(at) \(level.name)")
                XCTAssertGreaterThan(engine.freshLayout(proposal).hidden, n - 100)   // three lines kept
            }
        }
    }
}
