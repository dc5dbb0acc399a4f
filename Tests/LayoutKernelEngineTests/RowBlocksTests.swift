@testable import LayoutKernelEngine
import XCTest

/// The row blocks against a plain array of rows: after random replacements (growing,
/// shrinking and emptying blocks), top shifts and folds, every row read by number, by
/// search and by walking equals the plain array's, the widest row is the widest, and the
/// count of heights off the 1/64 grid is the array's.
final class RowBlocksTests: XCTestCase {

    func testEveryReadEqualsAPlainArrayAfterRandomEdits() {
        var rng = EngineDifferentialTests.Random(state: 77)
        for sequence in 0..<300 {
            let capacity = 1 + rng.below(5)
            var blocks = RowBlocks(capacity: capacity)
            var model: [RowRecord] = []
            func row(_ start: Int) -> RowRecord {
                // Now and then a height too large for the grid's exact sums (off it).
                RowRecord(start: start, count: 1 + rng.below(4), width: Float(1 + rng.below(100)),
                          height: rng.chance(5) ? 0x1p35 : Float(rng.below(8)) / 4, tallest: start, top: 0)
            }
            // Rows packed in order: each starts where the previous ends; tops on the 1/64 grid.
            func renumber(_ rows: inout [RowRecord]) {
                var start = 0, top = 0.0
                for r in rows.indices {
                    rows[r].tallest += start - rows[r].start
                    rows[r].start = start
                    rows[r].top = top
                    start += rows[r].count
                    top += Double(rows[r].height) + 1
                }
            }
            model = (0..<rng.below(40)).map { _ in row(0) }
            renumber(&model)
            blocks.rebuild(model)
            for step in 0..<40 {
                let context = "sequence \(sequence) step \(step) capacity \(capacity)"
                if rng.below(3) > 0 || model.isEmpty {
                    // Replace a range of rows with new ones; later rows keep their items.
                    let lower = rng.below(model.count + 1)
                    let upper = min(model.count, lower + rng.below(3 * capacity + 2))
                    let new = (0..<rng.below(3 * capacity + 2)).map { _ in row(0) }
                    var next = model
                    next.replaceSubrange(lower..<upper, with: new)
                    renumber(&next)
                    let oldItems = model[lower..<upper].reduce(0) { $0 + $1.count }
                    let newItems = new.reduce(0) { $0 + $1.count }
                    var placed = Array(next[lower..<(lower + new.count)])
                    for k in placed.indices { placed[k].top = 0 }
                    if model.isEmpty {
                        blocks.rebuild(next)
                    } else {
                        blocks.replace(lower..<upper, with: placed, itemDelta: newItems - oldItems)
                        // Tops again: rows after the replacement move as a whole by a shift.
                        blocks.sumTops(from: lower, kept: [(lower + new.count)..<next.count],
                                       gap: { _, _ in 1 }, shift: { _, _ in true })
                    }
                    model = next
                } else {
                    // Move a range's tops (as the engine does for rows taken over), then back.
                    let lower = rng.below(model.count), upper = lower + 1 + rng.below(model.count - lower)
                    let amount = Double(1 + rng.below(64)) / 64
                    blocks.shiftTops(lower..<upper, by: amount)
                    XCTAssertEqual(blocks.record(lower).top, model[lower].top + amount, context)
                    XCTAssertEqual(blocks.record(upper - 1).top, model[upper - 1].top + amount, context)
                    if upper < model.count { XCTAssertEqual(blocks.record(upper).top, model[upper].top, context) }
                    blocks.shiftTops(lower..<upper, by: -amount)
                }
                XCTAssertEqual(blocks.count, model.count, context)
                XCTAssertEqual(blocks.widest, model.map(\.width).max() ?? 0, context)
                XCTAssertEqual(blocks.offGridHeights, model.filter { !RowBlocks.onGrid($0.height) }.count, context)
                var walked: [RowRecord] = []
                blocks.forEach(0..<model.count) { _, row in walked.append(row) }
                XCTAssertEqual(walked.map(\.start), model.map(\.start), context)
                XCTAssertEqual(walked.map(\.tallest), model.map(\.tallest), context)
                XCTAssertEqual(walked.map(\.top), model.map(\.top), context)
                XCTAssertEqual(walked.map(\.count), model.map(\.count), context)
                for r in model.indices {
                    XCTAssertEqual(blocks.start(r), model[r].start, context)
                    let item = model[r].start + rng.below(model[r].count)
                    XCTAssertEqual(blocks.firstRow(startingAtOrAfter: item + 1) - 1, r, context)
                    XCTAssertEqual(blocks.firstRow { $0.top >= model[r].top }, r, context)
                    // The indexed search names each row it reads by its number.
                    XCTAssertEqual(blocks.firstIndexedRow { k, row in
                        XCTAssertEqual(row.start, model[k].start, context)
                        return k >= r
                    }, r, context)
                }
                XCTAssertEqual(blocks.firstRow(startingAtOrAfter: Int.max), model.count, context)
            }
        }
    }
}
