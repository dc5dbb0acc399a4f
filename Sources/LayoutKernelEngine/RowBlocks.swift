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
    /// How many of the block's heights are off the 1/64 grid (`RowBlocks.onGrid`).
    var offGrid = 0

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
            if !RowBlocks.onGrid(record.height) { offGrid += 1 }
        }
    }
}

/// A flow's rows in blocks of `capacity` rows (256 in use; a block keeps between 1 and
/// `2 * capacity` rows as edits go), each block with two shifts that apply to all of its
/// rows: a row's first and tallest items are `start + itemShift`, `tallest + itemShift`,
/// its top `top + topShift`. The blocks' row counts and shifts are kept as prefix sums
/// of per-block values in Fenwick trees (`PrefixSums`; a shift is the sum of the
/// differences up to its block), the widest rows in a tree of maxima — the balanced
/// tree over the rows, summing their counts and moves, that text editors keep over
/// wrapped lines:
///
/// - an edit rebuilds the blocks holding the rows it replaces (same number of blocks
///   while they hold their rows) and moves every later row by changing one difference:
///   O(rows touched + blocks touched × log blocks); a block that would go past
///   `2 * capacity` rows or empty renumbers the blocks (O(blocks), at most once per
///   `capacity` rows added or removed there);
/// - moving the tops of a range of rows changes two differences, plus the rows of the
///   blocks it covers in part: O(log blocks + rows of two blocks);
/// - finding a row by number, or the first row past a monotone condition, walks down
///   the trees: O(log blocks), then a binary search in one block; walking rows in order
///   reads one difference per block.
struct RowBlocks {
    let capacity: Int

    private(set) var blocks: [RowBlock] = []
    /// Rows per block.
    private var rowCounts = PrefixSums([])
    /// Differences of the blocks' item shifts (block b's shift: the sum up to b).
    private var itemMoves = PrefixSums([])
    /// Differences of the blocks' top shifts, in units of 1/64 (tops only move by exact
    /// multiples of 1/64: see `shiftTops`).
    private var topMoves = PrefixSums([])
    private var widests = BlockMaxima([])

    init(capacity: Int) { self.capacity = capacity }

    private(set) var count = 0
    var widest: Float { widests.maximum }
    /// How many rows' heights are off the 1/64 grid (`onGrid`), now: kept as blocks are
    /// built and written, O(1) to read.
    private(set) var offGridHeights = 0

    /// Whether a row height is a multiple of 1/64 below 2^34 (2^40 units): sums of such
    /// heights (and of line gaps on the grid) are exact in `Double` while below 2^47.
    static func onGrid(_ height: Float) -> Bool {
        let units = height * 64
        return units < 0x1p40 && units == units.rounded(.towardZero)
    }

    var bytes: Int {
        count * (8 + 8 + 4 + 4 + 8 + 8) + blocks.count * (MemoryLayout<RowBlock>.stride + 3 * 16 + 4) + widests.bytes
    }

    /// Block b's first row. O(log blocks).
    private func rowsBefore(block b: Int) -> Int { rowCounts.prefix(b) }

    /// Block b's item and top shifts. O(log blocks).
    @inline(__always)
    private func shifts(_ b: Int) -> Shifts {
        Shifts(items: itemMoves.prefix(b + 1), topUnits: topMoves.prefix(b + 1))
    }

    /// The block holding row `r` (`r < count`) and `r`'s place in it: a descent of the
    /// row counts' tree. O(log blocks).
    func locate(_ r: Int) -> (block: Int, row: Int) {
        var position = 0, before = 0, step = rowCounts.topStep
        while step > 0 {
            let next = position + step
            if next <= blocks.count && before + rowCounts.nodes[next] <= r {
                position = next
                before += rowCounts.nodes[next]
            }
            step >>= 1
        }
        return (position, r - before)
    }

    /// Row `j` of block `b` with the block's shifts applied.
    @inline(__always)
    private func record(inBlock b: Int, _ j: Int, _ shifts: Shifts) -> RowRecord {
        RowRecord(start: blocks[b].start[j] + shifts.items, count: blocks[b].count[j], width: blocks[b].width[j],
                  height: blocks[b].height[j], tallest: blocks[b].tallest[j] + shifts.items,
                  top: blocks[b].top[j] + shifts.top)
    }

    func record(_ r: Int) -> RowRecord {
        let (b, j) = locate(r)
        return record(inBlock: b, j, shifts(b))
    }

    func start(_ r: Int) -> Int {
        let (b, j) = locate(r)
        return blocks[b].start[j] + itemMoves.prefix(b + 1)
    }

    /// The first row starting at item `i` or later (`count` if none). O(log rows).
    func firstRow(startingAtOrAfter i: Int) -> Int { firstRow { $0.start >= i } }

    /// The first row for which `isPast` holds (`count` if none), where `isPast` is false
    /// for the rows before it and true from it on. O(log rows) (see the indexed form).
    func firstRow(where isPast: (RowRecord) -> Bool) -> Int { firstIndexedRow { _, row in isPast(row) } }

    /// The first row for which `isPast(r, row r)` holds (`count` if none), where `isPast`
    /// is false for the rows before it and true from it on: a descent of the trees over
    /// the blocks' first rows (each node visited gives the shifts of the block it ends
    /// at), then a binary search inside a block. O(log rows).
    func firstIndexedRow(where isPast: (Int, RowRecord) -> Bool) -> Int {
        // Blocks whose first row is not past: 0 ..< position.
        var position = 0, rowsBefore = 0, items = 0, units = 0
        var step = rowCounts.topStep
        while step > 0 {
            let next = position + step
            if next <= blocks.count {
                let candidate = Shifts(items: items + itemMoves.nodes[next], topUnits: units + topMoves.nodes[next])
                let first = rowsBefore + rowCounts.nodes[next] - blocks[next - 1].rows
                if !isPast(first, record(inBlock: next - 1, 0, candidate)) {
                    position = next
                    rowsBefore += rowCounts.nodes[next]
                    items = candidate.items
                    units = candidate.topUnits
                }
            }
            step >>= 1
        }
        // No row before block `position` is past: the row is in block position - 1, or
        // is block position's first.
        guard position > 0 else { return 0 }
        let b = position - 1, shifts = Shifts(items: items, topUnits: units)
        let blockFirst = rowsBefore - blocks[b].rows
        var first = 1, last = blocks[b].rows
        while first < last {
            let middle = (first + last) / 2
            if isPast(blockFirst + middle, record(inBlock: b, middle, shifts)) { last = middle } else { first = middle + 1 }
        }
        return blockFirst + first
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
        var shifts = self.shifts(b)
        for r in first..<count {
            if j == blocks[b].rows {
                b += 1
                j = 0
                shifts.move(items: itemMoves.values[b], topUnits: topMoves.values[b])
            }
            if !body(r, record(inBlock: b, j, shifts)) { return }
            j += 1
        }
    }

    /// Replaces rows `range` with `new` (whose tops are not final: see `sumTops`) and moves
    /// the first and tallest items of every row after them by `itemDelta`. The blocks
    /// holding the range are rebuilt (the rows of theirs outside it kept, with their
    /// shifts applied), with no shift; later blocks move through one difference.
    mutating func replace(_ range: Range<Int>, with new: [RowRecord], itemDelta: Int) {
        if blocks.isEmpty { return rebuild(new) }
        if new.count == range.count && !range.isEmpty && overwrite(range, with: new, itemDelta: itemDelta) { return }
        let first = locate(min(range.lowerBound, count - 1)).block
        let last = range.upperBound >= count ? blocks.count - 1 : locate(range.upperBound).block
        var records: [RowRecord] = []
        records.reserveCapacity(new.count + 2 * capacity)
        let firstRow = rowsBefore(block: first)
        let firstShifts = shifts(first)
        for r in firstRow..<range.lowerBound { records.append(record(inBlock: first, r - firstRow, firstShifts)) }
        records.append(contentsOf: new)
        let lastRow = rowsBefore(block: last), lastEnd = lastRow + blocks[last].rows
        let lastShifts = shifts(last)
        for r in range.upperBound..<lastEnd {
            var record = record(inBlock: last, r - lastRow, lastShifts)
            record.start += itemDelta
            record.tallest += itemDelta
            records.append(record)
        }
        count += records.count - (lastEnd - firstRow)
        let slots = last - first + 1
        guard records.count >= slots && records.count <= 2 * capacity * slots else {
            return renumber(replacing: first...last, with: records, itemDelta: itemDelta)
        }
        // As many blocks as before, the rows shared out evenly; their shifts become 0
        // and block last + 1's difference takes the rest (and `itemDelta`).
        let after = last + 1 < blocks.count ? shifts(last + 1) : nil
        for (k, b) in (first...last).enumerated() {
            offGridHeights -= blocks[b].offGrid
            blocks[b] = RowBlock(records[(records.count * k / slots)..<(records.count * (k + 1) / slots)])
            offGridHeights += blocks[b].offGrid
            rowCounts.set(blocks[b].rows, at: b)
            widests.set(blocks[b].widest, at: b)
        }
        let before = first > 0 ? shifts(first - 1) : Shifts(items: 0, topUnits: 0)
        itemMoves.set(-before.items, at: first)
        topMoves.set(-before.topUnits, at: first)
        for b in (first + 1)..<(last + 1) {
            itemMoves.set(0, at: b)
            topMoves.set(0, at: b)
        }
        if let after {
            itemMoves.set(after.items + itemDelta, at: last + 1)
            topMoves.set(after.topUnits, at: last + 1)
        }
    }

    /// `replace` for as many new rows as old ones inside one block (a change that keeps
    /// the number of rows around it: the usual edit): the rows are written over in place
    /// (no block rebuilt), the block's later rows and the later blocks move by
    /// `itemDelta`. False, doing nothing, when the range spans blocks.
    private mutating func overwrite(_ range: Range<Int>, with new: [RowRecord], itemDelta: Int) -> Bool {
        let (b, j) = locate(range.lowerBound)
        guard j + range.count <= blocks[b].rows else { return false }
        let items = shifts(b).items
        for (k, record) in new.enumerated() {
            blocks[b].start[j + k] = record.start - items
            blocks[b].count[j + k] = record.count
            blocks[b].width[j + k] = record.width
            blocks[b].height[j + k] = record.height
            blocks[b].tallest[j + k] = record.tallest - items
            blocks[b].top[j + k] = 0   // summed again by `sumTops`
        }
        if itemDelta != 0 {
            for k in (j + range.count)..<blocks[b].rows {
                blocks[b].start[k] += itemDelta
                blocks[b].tallest[k] += itemDelta
            }
            if b + 1 < blocks.count { itemMoves.add(itemDelta, at: b + 1) }
        }
        blocks[b].widest = blocks[b].width.max() ?? 0
        widests.set(blocks[b].widest, at: b)
        offGridHeights -= blocks[b].offGrid
        blocks[b].offGrid = blocks[b].height.reduce(0) { $0 + (Self.onGrid($1) ? 0 : 1) }
        offGridHeights += blocks[b].offGrid
        return true
    }

    /// Sums the tops of rows `from ..< count` again, in order, walking the blocks: row r
    /// at `top[r-1] + height[r-1] + gap(r-1, r)` (row 0 at 0). `kept` lists, ascending,
    /// the row ranges from `from` on that hold old rows moved as a whole (their tops are
    /// the old ones): at the first row of each, if its new top equals its old one bit for
    /// bit, every top of the range does too and the range is skipped (the last range,
    /// reaching the end, ends the sum); if `shift(new, old)` allows, the whole range is
    /// moved by `new - old` (O(log blocks) and the rows of the blocks it covers in part);
    /// otherwise its rows are summed like any.
    mutating func sumTops(from first: Int, kept: [Range<Int>],
                          gap: (RowRecord, RowRecord) -> Float, shift: (Double, Double) -> Bool) {
        guard first < count else { return }
        var (b, j) = locate(first)
        var shifts = self.shifts(b)
        var previous: RowRecord? = first == 0 ? nil : record(first - 1)
        var pending = kept.filter { !$0.isEmpty && $0.lowerBound >= first }[...]
        var r = first
        while r < count {
            if j == blocks[b].rows {
                b += 1
                j = 0
                shifts.move(items: itemMoves.values[b], topUnits: topMoves.values[b])
            }
            var row = record(inBlock: b, j, shifts)
            let value = previous.map { $0.top + Double($0.height) + Double(gap($0, row)) } ?? 0
            if let range = pending.first, range.lowerBound == r {
                pending.removeFirst()
                let same = value.bitPattern == row.top.bitPattern
                if same || shift(value, row.top) {
                    if !same { shiftTops(range, by: value - row.top) }
                    if range.upperBound >= count { return }
                    r = range.upperBound
                    (b, j) = locate(r)
                    shifts = self.shifts(b)
                    previous = record(r - 1)
                    continue
                }
            }
            if shifts.topUnits != 0 {
                foldTopShift(b, shifts.topUnits)
                shifts.topUnits = 0
            }
            blocks[b].top[j] = value
            row.top = value
            previous = row
            r += 1
            j += 1
        }
    }

    /// Moves the tops of rows `range` by `amount` (a multiple of 1/64: only called where
    /// every sum involved is exact, see `FlowRows`, so that the order of additions does
    /// not matter): the blocks it covers whole through two differences, the rows of a
    /// block it covers in part one by one.
    mutating func shiftTops(_ range: Range<Int>, by amount: Double) {
        guard !range.isEmpty else { return }
        let units = Int(amount * 64)
        var (b, j) = locate(range.lowerBound)
        // A block covered in part at the start: its rows from j on (up to the range's end).
        if j > 0 || range.count < blocks[b].rows {
            let upper = min(blocks[b].rows, j + range.count)
            foldTopShift(b, shifts(b).topUnits)
            for k in j..<upper { blocks[b].top[k] += amount }
            if range.lowerBound + (upper - j) >= range.upperBound { return }
            b += 1
        }
        // Whole blocks b ..< end, then the first rows of block end.
        let (end, rest) = range.upperBound >= count ? (blocks.count, 0) : locate(range.upperBound)
        if end > b {
            topMoves.add(units, at: b)
            if end < blocks.count { topMoves.add(-units, at: end) }
        }
        if rest > 0 {
            foldTopShift(end, shifts(end).topUnits)
            for k in 0..<rest { blocks[end].top[k] += amount }
        }
    }

    /// Adds block `b`'s top shift (`units`) to its rows' tops (exact: shifts are only
    /// made where every sum is) and leaves the later blocks' shifts as they were.
    private mutating func foldTopShift(_ b: Int, _ units: Int) {
        guard units != 0 else { return }
        let moved = Double(units) / 64
        for k in 0..<blocks[b].rows { blocks[b].top[k] += moved }
        topMoves.add(-units, at: b)
        if b + 1 < blocks.count { topMoves.add(units, at: b + 1) }
    }

    /// Every row anew.
    mutating func rebuild(_ records: [RowRecord]) {
        let blocks = blocks(of: records)
        index(blocks, itemShifts: Array(repeating: 0, count: blocks.count),
              topShifts: Array(repeating: 0, count: blocks.count))
    }

    /// Replaces blocks `range` with blocks of `records` (no shift), the later blocks'
    /// item shifts moved by `itemDelta`, and numbers the blocks anew. O(blocks).
    private mutating func renumber(replacing range: ClosedRange<Int>, with records: [RowRecord], itemDelta: Int) {
        var itemShifts: [Int] = [], topShifts: [Int] = []
        var items = 0, units = 0
        for b in blocks.indices {
            items += itemMoves.values[b]
            units += topMoves.values[b]
            itemShifts.append(range.upperBound < b ? items + itemDelta : items)
            topShifts.append(units)
        }
        let rebuilt = blocks(of: records)
        let zeros = Array(repeating: 0, count: rebuilt.count)
        itemShifts.replaceSubrange(range, with: zeros)
        topShifts.replaceSubrange(range, with: zeros)
        var blocks = self.blocks
        blocks.replaceSubrange(range, with: rebuilt)
        index(blocks, itemShifts: itemShifts, topShifts: topShifts)
    }

    /// Takes `blocks` with the given shifts and builds the trees over them.
    private mutating func index(_ blocks: [RowBlock], itemShifts: [Int], topShifts: [Int]) {
        self.blocks = blocks
        func differences(_ shifts: [Int]) -> [Int] { shifts.indices.map { $0 == 0 ? shifts[0] : shifts[$0] - shifts[$0 - 1] } }
        rowCounts = PrefixSums(blocks.map(\.rows))
        itemMoves = PrefixSums(differences(itemShifts))
        topMoves = PrefixSums(differences(topShifts))
        widests = BlockMaxima(blocks.map(\.widest))
        count = rowCounts.prefix(blocks.count)
        offGridHeights = blocks.reduce(0) { $0 + $1.offGrid }
    }

    private func blocks(of records: [RowRecord]) -> [RowBlock] {
        stride(from: 0, to: records.count, by: capacity).map {
            RowBlock(records[$0..<min($0 + capacity, records.count)])
        }
    }
}

/// A block's shifts: items, and tops in units of 1/64.
private struct Shifts {
    var items: Int
    var topUnits: Int

    var top: Double { Double(topUnits) / 64 }

    /// The next block's shifts, given its differences.
    @inline(__always)
    mutating func move(items moved: Int, topUnits movedUnits: Int) {
        items += moved
        topUnits += movedUnits
    }
}
