/// One row of a flow as the engine keeps it.
struct RowRecord {
    var start: Int
    var count: Int
    var width: Float
    var height: Float
    var tallest: Int
    var top: Double
}

/// Consecutive rows, structure-of-arrays, with two shifts that apply to every row of the
/// block: a row's first and tallest items are `start + itemShift`, `tallest +
/// itemShift`, its top `top + topShift`. An edit moves every later block by changing
/// its shifts only.
struct RowBlock {
    var start: [Int] = []
    var count: [Int] = []
    var width: [Float] = []
    var height: [Float] = []
    var tallest: [Int] = []
    var top: [Double] = []
    var itemShift = 0
    var topShift: Double = 0
    var widest: Float = 0

    var rows: Int { start.count }

    init(_ records: ArraySlice<RowRecord>) {
        start.reserveCapacity(records.count)
        count.reserveCapacity(records.count)
        width.reserveCapacity(records.count)
        height.reserveCapacity(records.count)
        tallest.reserveCapacity(records.count)
        top.reserveCapacity(records.count)
        for record in records {
            start.append(record.start)
            count.append(record.count)
            width.append(record.width)
            height.append(record.height)
            tallest.append(record.tallest)
            top.append(record.top)
            if record.width > widest { widest = record.width }
        }
    }

    func record(_ j: Int) -> RowRecord {
        RowRecord(start: start[j] + itemShift, count: count[j], width: width[j], height: height[j],
                  tallest: tallest[j] + itemShift, top: top[j] + topShift)
    }
}

/// A flow's rows in blocks of at most `capacity` rows: an edit rebuilds the blocks it
/// touches and moves every later block by its shifts, O(rows touched + blocks), never a
/// pass over every later row. `firstRows[b]` is block b's first row (one more entry holds
/// the row count).
struct RowBlocks {
    static let capacity = 256

    private(set) var blocks: [RowBlock] = []
    private(set) var firstRows: [Int] = [0]
    private(set) var widest: Float = 0

    var count: Int { firstRows[firstRows.count - 1] }

    var bytes: Int { count * (8 + 8 + 4 + 4 + 8 + 8) + blocks.count * (MemoryLayout<RowBlock>.stride + 8) }

    /// The block holding row `r` (`r < count`) and `r`'s place in it.
    func locate(_ r: Int) -> (block: Int, row: Int) {
        var low = 0, high = blocks.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if firstRows[middle] <= r { low = middle } else { high = middle - 1 }
        }
        return (low, r - firstRows[low])
    }

    func record(_ r: Int) -> RowRecord {
        let (b, j) = locate(r)
        return blocks[b].record(j)
    }

    func start(_ r: Int) -> Int {
        let (b, j) = locate(r)
        return blocks[b].start[j] + blocks[b].itemShift
    }

    func top(_ r: Int) -> Double {
        let (b, j) = locate(r)
        return blocks[b].top[j] + blocks[b].topShift
    }

    /// Calls `body` with every row of `rows`, in order, walking the blocks.
    func forEach(_ rows: Range<Int>, _ body: (Int, RowRecord) -> Void) {
        guard !rows.isEmpty else { return }
        var (b, j) = locate(rows.lowerBound)
        for r in rows {
            if j == blocks[b].rows {
                b += 1
                j = 0
            }
            body(r, blocks[b].record(j))
            j += 1
        }
    }

    /// Replaces rows `range` with `new` (whose tops are not final: see `sumTops`) and moves
    /// the first and tallest items of every row after them by `itemDelta`. The blocks
    /// holding the range are rebuilt (the rows of theirs outside it kept, with their
    /// shifts applied); later blocks only change their shift. Returns the rows rebuilt:
    /// from the first row of the first rebuilt block to the last row of the last one.
    mutating func replace(_ range: Range<Int>, with new: [RowRecord], itemDelta: Int) -> Range<Int> {
        if blocks.isEmpty {
            rebuild(new)
            return 0..<count
        }
        let first = locate(min(range.lowerBound, count - 1)).block
        let last = range.upperBound >= count ? blocks.count - 1 : locate(range.upperBound).block
        var records: [RowRecord] = []
        records.reserveCapacity(new.count + 2 * Self.capacity)
        let firstRow = firstRows[first]
        for r in firstRow..<range.lowerBound { records.append(blocks[first].record(r - firstRow)) }
        records.append(contentsOf: new)
        let lastRow = firstRows[last]
        for r in range.upperBound..<firstRows[last + 1] {
            var record = blocks[last].record(r - lastRow)
            record.start += itemDelta
            record.tallest += itemDelta
            records.append(record)
        }
        let rebuilt = Self.blocks(of: records)
        blocks.replaceSubrange(first...last, with: rebuilt)
        if itemDelta != 0 {
            for b in (first + rebuilt.count)..<blocks.count { blocks[b].itemShift += itemDelta }
        }
        reindex()
        return firstRow..<(firstRow + records.count)
    }

    /// Sums the tops of rows `from ..< count` again, in order, walking the blocks: row r
    /// at `top[r-1] + height[r-1] + gap(r-1, r)` (row 0 at 0). `kept` lists, ascending,
    /// the row ranges from `from` on that hold old rows moved as a whole (their tops are
    /// the old ones): at the first row of each, if its new top equals its old one bit for
    /// bit, every top of the range does too and the range is skipped (the last range,
    /// reaching the end, ends the sum); if `shift(new, old)` allows, the whole range is
    /// moved by `new - old` (O(blocks it spans)); otherwise its rows are summed like any.
    mutating func sumTops(from first: Int, kept: [Range<Int>],
                          gap: (RowRecord, RowRecord) -> Float, shift: (Double, Double) -> Bool) {
        guard first < count else { return }
        var (b, j) = locate(first)
        var previous: RowRecord? = first == 0 ? nil : record(first - 1)
        var pending = kept.filter { !$0.isEmpty && $0.lowerBound >= first }[...]
        var r = first
        while r < count {
            if j == blocks[b].rows {
                b += 1
                j = 0
            }
            var row = blocks[b].record(j)
            let value = previous.map { $0.top + Double($0.height) + Double(gap($0, row)) } ?? 0
            if let range = pending.first, range.lowerBound == r {
                pending.removeFirst()
                let same = value.bitPattern == row.top.bitPattern
                if same || shift(value, row.top) {
                    if !same { shiftTops(range, by: value - row.top) }
                    if range.upperBound >= count { return }
                    r = range.upperBound
                    (b, j) = locate(r)
                    previous = record(r - 1)
                    continue
                }
            }
            if blocks[b].topShift != 0 { foldTopShift(b) }
            blocks[b].top[j] = value
            row.top = value
            previous = row
            r += 1
            j += 1
        }
    }

    /// Moves the tops of rows `range` by `amount`: whole blocks through their shift, the
    /// rows of a block the range covers in part one by one. Only called where every sum
    /// involved is exact (see `FlowRows`), so that the order of additions does not matter.
    mutating func shiftTops(_ range: Range<Int>, by amount: Double) {
        guard !range.isEmpty else { return }
        var (b, _) = locate(range.lowerBound)
        while b < blocks.count && firstRows[b] < range.upperBound {
            let lower = max(range.lowerBound, firstRows[b]), upper = min(range.upperBound, firstRows[b + 1])
            if lower == firstRows[b] && upper == firstRows[b + 1] {
                blocks[b].topShift += amount
            } else {
                foldTopShift(b)
                for k in (lower - firstRows[b])..<(upper - firstRows[b]) { blocks[b].top[k] += amount }
            }
            b += 1
        }
    }

    /// Adds block `b`'s pending top shift to its rows' tops (exact: shifts are only made
    /// where every sum is).
    private mutating func foldTopShift(_ b: Int) {
        let moved = blocks[b].topShift
        for k in 0..<blocks[b].rows { blocks[b].top[k] += moved }
        blocks[b].topShift = 0
    }

    /// Every row anew.
    mutating func rebuild(_ records: [RowRecord]) {
        blocks = Self.blocks(of: records)
        reindex()
    }

    private static func blocks(of records: [RowRecord]) -> [RowBlock] {
        stride(from: 0, to: records.count, by: capacity).map {
            RowBlock(records[$0..<min($0 + capacity, records.count)])
        }
    }

    private mutating func reindex() {
        firstRows = [0]
        firstRows.reserveCapacity(blocks.count + 1)
        widest = 0
        for b in blocks.indices {   // by index: a block is read in place, not copied
            firstRows.append(firstRows[firstRows.count - 1] + blocks[b].rows)
            if blocks[b].widest > widest { widest = blocks[b].widest }
        }
    }
}
