/// One row of a flow as the engine keeps it.
struct RowRecord {
    var start: Int
    var count: Int
    var width: Float
    var height: Float
    var tallest: Int
    var top: Double
}

/// Consecutive rows, structure-of-arrays, as stored: their block's shifts (`RowBlocks`)
/// still apply to them.
struct RowBlock {
    var start: [Int] = []
    var count: [Int] = []
    var width: [Float] = []
    var height: [Float] = []
    var tallest: [Int] = []
    var top: [Double] = []
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
}

/// A flow's rows in blocks of at most `capacity` rows (256 in use), each block with two shifts that
/// apply to all of its rows: a row's first and tallest items are `start + itemShift`,
/// `tallest + itemShift`, its top `top + topShift`. An edit rebuilds the blocks it
/// touches and moves every later block by its shifts: O(rows touched + blocks), where
/// the per-block work is a pass over a few flat arrays (block starts, shifts, widest
/// rows), never a pass over every later row.
struct RowBlocks {
    let capacity: Int

    private(set) var blocks: [RowBlock] = []
    /// `firstRows[b]`: block b's first row; one more entry holds the row count.
    private(set) var firstRows: [Int] = [0]
    private var itemShifts: [Int] = []
    private var topShifts: [Double] = []
    /// Each block's widest row, and the widest of all.
    private var widests: [Float] = []
    private(set) var widest: Float = 0

    init(capacity: Int) { self.capacity = capacity }

    var count: Int { firstRows[firstRows.count - 1] }

    var bytes: Int {
        count * (8 + 8 + 4 + 4 + 8 + 8) + blocks.count * (MemoryLayout<RowBlock>.stride + 8 + 8 + 8 + 4)
    }

    /// The block holding row `r` (`r < count`) and `r`'s place in it.
    func locate(_ r: Int) -> (block: Int, row: Int) {
        var low = 0, high = blocks.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if firstRows[middle] <= r { low = middle } else { high = middle - 1 }
        }
        return (low, r - firstRows[low])
    }

    /// Row `j` of block `b`, its block's shifts applied.
    @inline(__always)
    func record(inBlock b: Int, _ j: Int) -> RowRecord {
        RowRecord(start: blocks[b].start[j] + itemShifts[b], count: blocks[b].count[j], width: blocks[b].width[j],
                  height: blocks[b].height[j], tallest: blocks[b].tallest[j] + itemShifts[b],
                  top: blocks[b].top[j] + topShifts[b])
    }

    func record(_ r: Int) -> RowRecord {
        let (b, j) = locate(r)
        return record(inBlock: b, j)
    }

    func start(_ r: Int) -> Int {
        let (b, j) = locate(r)
        return blocks[b].start[j] + itemShifts[b]
    }

    /// The first row starting at item `i` or later (`count` if none). O(log rows).
    func firstRow(startingAtOrAfter i: Int) -> Int { firstRow { $0.start >= i } }

    /// The first row for which `isPast` holds (`count` if none), where `isPast` is false
    /// for the rows before it and true from it on: a binary search over the blocks'
    /// first rows, then one inside a block. O(log rows).
    func firstRow(where isPast: (RowRecord) -> Bool) -> Int {
        var low = 0, high = blocks.count
        while low < high {
            let middle = (low + high) / 2
            if isPast(record(inBlock: middle, 0)) { high = middle } else { low = middle + 1 }
        }
        // No row before block `low` is past: the row is in block low - 1, or is block
        // low's first.
        guard low > 0 else { return 0 }
        let b = low - 1
        var first = 1, last = blocks[b].rows
        while first < last {
            let middle = (first + last) / 2
            if isPast(record(inBlock: b, middle)) { last = middle } else { first = middle + 1 }
        }
        return firstRows[b] + first
    }

    /// Calls `body` with every row of `rows`, in order, walking the blocks.
    @inline(__always)
    func forEach(_ rows: Range<Int>, _ body: (Int, RowRecord) -> Void) {
        forEach(from: rows.lowerBound) { r, row in
            guard r < rows.upperBound else { return false }
            body(r, row)
            return true
        }
    }

    /// Calls `body` with the rows from `first` on, in order, while it returns true.
    @inline(__always)
    func forEach(from first: Int, _ body: (Int, RowRecord) -> Bool) {
        guard first < count else { return }
        var (b, j) = locate(first)
        for r in first..<count {
            if j == blocks[b].rows {
                b += 1
                j = 0
            }
            if !body(r, record(inBlock: b, j)) { return }
            j += 1
        }
    }

    /// Replaces rows `range` with `new` (whose tops are not final: see `sumTops`) and moves
    /// the first and tallest items of every row after them by `itemDelta`. The blocks
    /// holding the range are rebuilt (the rows of theirs outside it kept, with their
    /// shifts applied); later blocks only change their shift.
    mutating func replace(_ range: Range<Int>, with new: [RowRecord], itemDelta: Int) {
        if blocks.isEmpty { return rebuild(new) }
        let first = locate(min(range.lowerBound, count - 1)).block
        let last = range.upperBound >= count ? blocks.count - 1 : locate(range.upperBound).block
        var records: [RowRecord] = []
        records.reserveCapacity(new.count + 2 * capacity)
        let firstRow = firstRows[first]
        for r in firstRow..<range.lowerBound { records.append(record(inBlock: first, r - firstRow)) }
        records.append(contentsOf: new)
        let lastRow = firstRows[last]
        for r in range.upperBound..<firstRows[last + 1] {
            var record = record(inBlock: last, r - lastRow)
            record.start += itemDelta
            record.tallest += itemDelta
            records.append(record)
        }
        let rebuilt = blocks(of: records)
        let rowDelta = records.count - (firstRows[last + 1] - firstRow)
        let lostWidest = widests[first...last].contains(widest)
        blocks.replaceSubrange(first...last, with: rebuilt)
        itemShifts.replaceSubrange(first...last, with: repeatElement(0, count: rebuilt.count))
        topShifts.replaceSubrange(first...last, with: repeatElement(0, count: rebuilt.count))
        widests.replaceSubrange(first...last, with: rebuilt.lazy.map(\.widest))
        var row = firstRow
        firstRows.replaceSubrange((first + 1)...(last + 1), with: rebuilt.lazy.map { row += $0.rows; return row })
        let after = first + rebuilt.count
        if rowDelta != 0 { Self.add(rowDelta, to: &firstRows, from: after + 1) }
        if itemDelta != 0 { Self.add(itemDelta, to: &itemShifts, from: after) }
        widest = lostWidest ? widests.max() ?? 0 : max(widest, rebuilt.lazy.map(\.widest).max() ?? 0)
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
            var row = record(inBlock: b, j)
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
            if topShifts[b] != 0 { foldTopShift(b) }
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
                topShifts[b] += amount
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
        let moved = topShifts[b]
        for k in 0..<blocks[b].rows { blocks[b].top[k] += moved }
        topShifts[b] = 0
    }

    /// Every row anew.
    mutating func rebuild(_ records: [RowRecord]) {
        blocks = blocks(of: records)
        itemShifts = Array(repeating: 0, count: blocks.count)
        topShifts = Array(repeating: 0, count: blocks.count)
        widests = blocks.map(\.widest)
        widest = widests.max() ?? 0
        firstRows = [0]
        firstRows.reserveCapacity(blocks.count + 1)
        for b in blocks.indices { firstRows.append(firstRows[b] + blocks[b].rows) }
    }

    private func blocks(of records: [RowRecord]) -> [RowBlock] {
        stride(from: 0, to: records.count, by: capacity).map {
            RowBlock(records[$0..<min($0 + capacity, records.count)])
        }
    }

    /// Adds `amount` to `values[from...]` (one vectorised pass).
    private static func add<T: FixedWidthInteger>(_ amount: T, to values: inout [T], from: Int) {
        values.withUnsafeMutableBufferPointer { values in
            for k in from..<values.count { values[k] &+= amount }
        }
    }
}
