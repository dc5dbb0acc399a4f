import LayoutKernelCore

/// A flow's rows at one row limit, kept between calls: each row's first item, length,
/// width, height, tallest item and top, in blocks (`RowBlocks`). Positions are not
/// stored: an item's `x` is its row's `Float` sum up to it and its `y` follows from the
/// row's top, computed when read, exactly as the kernels compute them.
///
/// The rows are those of the items' main view along `axis` (`FlowFeatures.mainView`): for
/// a vertical (featured) flow they are its columns, packed on the items' heights at the
/// proposal's height, "width" and "height" meaning the extent along a column and its
/// size across (see `FeaturedLines`).
///
/// After an edit the rows are re-packed from the row before the one holding the first
/// changed item (a shrunk first item may move up into it) with the kernels' resumable
/// primitive, which stops as soon as a row opens at an old row start past the edit
/// (items after it unchanged): every later row is reused, its start moved by the number
/// of items inserted or removed through its block's shift. Tops are summed again from
/// the first re-packed row through the rebuilt blocks, in order, one `Double` addition
/// a row; the sum stops at the first reused row whose top comes out as before. If later
/// rows move down, their blocks' top shift moves them when that is exact — the line gap
/// fixed and every row height on the 1/64 grid, every top below 2^40, so that every sum
/// is exact and adding the difference later gives the bits summing in order gives —
/// and otherwise they are summed again in order. Either way tops equal one pass's bit
/// for bit.
///
/// - Complexity: an edit costs O(items re-packed + rows of the blocks it touches
///   (at most 512 each) + log rows) (see `RowBlocks`); off the grid, a change that
///   moves later rows down adds O(rows after it). Items of equal size never meet an old
///   row start after an insert: inside a run of at least `shortestRunCopied` of them the
///   old rows of the run are taken over (`copy`), O(log rows + the run's chunks);
///   shorter runs are packed through.
struct FlowRows {
    let limit: Float
    /// The axis the rows run along: `.vertical` for a vertical flow's columns.
    let axis: Axes
    /// Whether forced breaks start rows (not for a `nowrap` flow's one line).
    let breaks: Bool
    /// Whether a row's height is its line's size across by SPEC.md §13's baseline groups
    /// (`ItemsAcross.line`) rather than its tallest item: items may align to baselines.
    let baselines: Bool
    private(set) var rows: RowBlocks
    /// Whether every row height has been on the 1/64 grid since the rows were packed
    /// anew (false once one is not): then every top was summed exactly, and a kept
    /// range's tops may move by a shift (`sumTops`). `rows.offGridHeights` counts the
    /// rows off the grid now.
    private(set) var heightsOnGrid = true

    var rowCount: Int { rows.count }
    var widest: Float { rows.widest }

    /// Items packed and rows reused by the last `pack` or `apply`.
    private(set) var itemsPacked = 0
    private(set) var rowsReused = 0

    /// Items staged and packed by the first call of the primitive (an edit usually needs
    /// a few rows), doubling for each later call up to `largestWindow`.
    static let firstWindow = 1 << 7
    static let largestWindow = 1 << 16
    /// Windows (about 2^17 items in all) in which a re-packing looks for an old row start.
    static let windowsLookingForOldRows = 9

    init(limit: Float, rowsPerBlock: Int, axis: Axes = .horizontal, breaks: Bool = true, baselines: Bool = false) {
        self.limit = limit
        self.axis = axis
        self.breaks = breaks
        self.baselines = baselines
        rows = RowBlocks(capacity: rowsPerBlock)
    }

    var bytes: Int { rows.bytes }

    func start(_ r: Int) -> Int { rows.start(r) }
    func record(_ r: Int) -> RowRecord { rows.record(r) }

    /// Packs every item.
    mutating func packAll(_ store: ItemStore, _ parameters: FlowParameters, _ kernels: LayoutKernelSet,
                          _ staging: Staging) {
        rows = RowBlocks(capacity: rows.capacity)
        heightsOnGrid = true
        rowsReused = 0
        itemsPacked = 0
        repack(from: 0, stopRows: 0, copies: nil, store, parameters, kernels, staging)
    }

    /// Brings the rows up to date after `edit` (the store holds the new items). Old rows
    /// inside runs of at least `shortestRunCopied` identical items may be taken over
    /// moved (see `copy`).
    mutating func apply(_ edit: Edit, _ store: ItemStore, _ parameters: FlowParameters,
                        _ kernels: LayoutKernelSet, _ staging: Staging, shortestRunCopied: Int) {
        guard rowCount > 0 else {
            packAll(store, parameters, kernels, staging)
            return
        }
        // The row holding the first changed item (or the last row, for an append).
        let r = row(holding: edit.start)
        let p = max(r - 1, 0)
        // Old row starts past the edit, in the new items' indices: the packing may stop there.
        let first = firstRow(startingAtOrAfter: edit.oldEnd)
        repack(from: p, stopRows: first, copies: (edit, shortestRunCopied), store, parameters, kernels, staging)
    }

    /// The row holding item `i` (the last row for `i` past the items). O(log rows).
    func row(holding i: Int) -> Int { max(rows.firstRow(startingAtOrAfter: i + 1) - 1, 0) }

    /// The first row starting at item `i` or later (`rowCount` if none). O(log rows).
    func firstRow(startingAtOrAfter i: Int) -> Int { rows.firstRow(startingAtOrAfter: i) }

    /// Old rows a re-packing keeps, moved: old rows `old`, their items `itemShift` later,
    /// standing after the first `newRowsBefore` new rows.
    private struct KeptRows {
        var old: Range<Int>
        var itemShift: Int
        var newRowsBefore: Int
    }

    /// Re-packs from row `p` (whose start is unchanged by the edit) until a row opens at
    /// the start of one of the old rows from `stopRows` on (moved by the edit's `delta`:
    /// their items are unchanged) or the items end. Inside a long run of identical items,
    /// where no new row start meets an old one, old rows of the same run are taken over
    /// moved (`copy`) and the packing goes on after them. Then the new rows replace the
    /// old ones they stand for, kept rows move by their shifts, and tops are summed again
    /// from row `p`.
    private mutating func repack(from p: Int, stopRows: Int, copies: (edit: Edit, shortestRun: Int)?,
                                 _ store: ItemStore, _ parameters: FlowParameters, _ kernels: LayoutKernelSet,
                                 _ staging: Staging) {
        let n = store.count
        let delta = copies?.edit.delta ?? 0
        var base = p < rowCount ? rows.start(p) : 0
        let firstItem = base
        var state = FlowPackState.rowStarting(at: 0)
        let new = NewRows()
        var kept: [KeptRows] = []
        var stopRow = stopRows   // the next old row whose start may be a stop
        var window = Self.firstWindow
        var windows = 0
        var resumed: Int?   // the new index of the old row start the packing stopped at
        itemsPacked = 0
        rowsReused = 0
        while base < n || (base == n && state.rowIsOpen) {
            let end = min(base + window, n)
            window = min(2 * window, Self.largestWindow)
            let items = store.stage(base..<end, into: staging, axis, breaks: breaks)
            stopRow = max(stopRow, firstRow(startingAtOrAfter: base + state.next - delta))
            var local: [Int] = []
            // After a few windows without meeting an old row start (items of one size
            // never do), the rest is packed without looking for one: faster, same rows.
            if windows <= Self.windowsLookingForOldRows {
                rows.forEach(from: stopRow) { _, row in
                    let stop = row.start + delta
                    if stop >= end { return false }
                    if stop > firstItem { local.append(stop - base) }
                    return true
                }
            }
            windows += 1
            let before = state.rows
            let packedBefore = state.next
            let capacity = end - base + 1
            new.reserve(more: capacity)
            let finish = end == n
            local.withUnsafeBufferPointer { local in
                var table = new.table(startingAtRow: before)
                let request = FlowPackRequest(parameters: parameters, limit: limit, finish: finish,
                                              stops: local.isEmpty ? nil : local)
                kernels.packFlow(items, request, &state, end - base, &table)
            }
            new.closed(state.rows - before, base: base, heights: items.heights, store, axis)
            itemsPacked += state.next - packedBefore
            if state.next < end - base && !state.rowIsOpen && local.contains(state.next) {
                resumed = base + state.next
                break
            }
            if finish { break }
            // The open row (not written yet) opens inside a long run of identical items:
            // take over the old rows of the run and go on after them.
            if let copies, let copy = copy(at: base + state.rowStart, fromRow: stopRow, edit: copies.edit,
                                           shortestRun: copies.shortestRun, store) {
                kept.append(KeptRows(old: copy.rows, itemShift: delta + copy.shift, newRowsBefore: new.count))
                rowsReused += copy.rows.count
                base = rows.start(copy.rows.upperBound) + delta + copy.shift
                state = .rowStarting(at: 0)
                stopRow = copy.rows.upperBound
                window = Self.firstWindow
                windows = 0
                continue
            }
            // On to the next window from the item before the first not packed (a gap
            // between items reads both); the open row's earlier indices go negative (the
            // primitive reads no other item before `next`; the tallest item is only used
            // for per-item line gaps, summed again below).
            let shift = state.rowIsOpen ? state.next - 1 : state.next
            base += shift
            state.next -= shift
            state.rowStart -= shift
            state.tallest = max(state.tallest - shift, 0)
            state.lastTallest = 0
        }

        // Rows reused: from the old row starting at the resumption point on.
        let q = resumed.map { firstRow(startingAtOrAfter: $0 - delta) } ?? rowCount
        rowsReused += rowCount - q
        kept.append(KeptRows(old: q..<rowCount, itemShift: delta, newRowsBefore: new.count))
        if baselines {
            // A line's size across by its baseline groups (SPEC.md §13 step 10), from its
            // own items, as a fresh layout sizes it (rows packed whole or across windows).
            for r in 0..<new.count {
                let first = Int(new.start[r]), count = Int(new.length[r])
                let view = store.stage(first..<(first + count), into: staging, axis, breaks: breaks)
                new.height[r] = Float(FlowFeatures.ItemsAcross(parameters, view).line(0..<count).size / 64)
            }
        }
        for height in new.heights() where heightsOnGrid {
            if !RowBlocks.onGrid(height) { heightsOnGrid = false }
        }
        // Front to back: each splice replaces the old rows before a kept range with new
        // rows and moves every later row to the kept range's shift.
        var moved = 0, oldFrom = p, newFrom = 0, offset = 0
        var keptRows: [Range<Int>] = []
        for piece in kept {
            let records = new.records(newFrom..<piece.newRowsBefore)
            rows.replace((oldFrom + offset)..<(piece.old.lowerBound + offset), with: records,
                             itemDelta: piece.itemShift - moved)
            offset += records.count - (piece.old.lowerBound - oldFrom)
            keptRows.append((piece.old.lowerBound + offset)..<(piece.old.upperBound + offset))
            moved = piece.itemShift
            oldFrom = piece.old.upperBound
            newFrom = piece.newRowsBefore
        }
        sumTops(from: p, kept: keptRows, store, parameters.lineSpacing)
    }

    /// Old rows that can stand for the rows opening at new item `s` when `s` opens a run
    /// of at least `shortestRun` items equal in every field, bit for bit (a grid of
    /// thumbnails): a row's rows, offsets and sizes depend only on the items from its
    /// start (the packing is position independent), so the rows of the run repeat, and
    /// old rows of the same run — at or after `fromRow`, past the edit, each row and the
    /// item after it inside the run — are the new rows from `s` on, moved by `shift`
    /// items (`shift <= 0`). O(log rows + the run's chunks).
    private func copy(at s: Int, fromRow: Int, edit: Edit, shortestRun: Int,
                      _ store: ItemStore) -> (rows: Range<Int>, shift: Int)? {
        let delta = edit.delta
        guard s + 1 < store.count, store.sameItems(s, s + 1) else { return nil }
        let runEnd = store.runEnd(from: s)
        guard runEnd - s >= shortestRun else { return nil }
        let first = max(firstRow(startingAtOrAfter: max(s, edit.newEnd) - delta), fromRow)
        // Rows whose next row starts inside the run: first ..< past - 1.
        let past = firstRow(startingAtOrAfter: runEnd - delta)
        guard past - 1 > first else { return nil }
        return (first..<(past - 1), s - (rows.start(first) + delta))
    }

    /// Row tops from row `p` on, as one pass sums them: row 0 at 0, row r at
    /// `top[r-1] + height[r-1] + gap`, in `Double`, in that order. The rows of `kept`
    /// are old ones (their tops too): a range whose first top comes out as before keeps
    /// every top; one whose tops move is moved as a whole when that is exact (see the
    /// type's comment), else summed again too.
    private mutating func sumTops(from p: Int, kept: [Range<Int>], _ store: ItemStore, _ lineSpacing: Spacing) {
        let onGrid = heightsOnGrid
        let fixedGap = Self.exactGap(lineSpacing)
        let bottom = rowCount == 0 ? 0 : { let last = rows.record(rowCount - 1); return last.top + Double(last.height) }()
        rows.sumTops(from: p, kept: kept, gap: { above, below in
            switch lineSpacing {
            case .fixed(let value): return value
            case .perItem: return max(store.bottomSpacing(above.tallest, axis), store.topSpacing(below.tallest, axis))
            }
        }, shift: { new, old in
            // Exact when every height and the gap are multiples of 1/64 and every top,
            // moved or not, stays below 2^40.
            onGrid && fixedGap != nil && new < 0x1p40 && old < 0x1p40 && bottom + max(0, new - old) < 0x1p40
        })
    }

    /// The line gap when it is fixed, a multiple of 1/64 and below 2^30: sums of it and of
    /// row heights on the grid (`RowBlocks.onGrid`) are exact while below 2^47; nil
    /// otherwise.
    static func exactGap(_ lineSpacing: Spacing) -> Float? {
        guard case .fixed(let gap) = lineSpacing, (gap * 64).rounded(.towardZero) == gap * 64, gap < 0x1p30 else {
            return nil
        }
        return gap
    }

    /// The first item of the largest height (width, for columns: along `axis`, the
    /// main view's height) among `count` items from `first` (as the kernels pick a row's
    /// tallest item).
    static func tallestItem(_ store: ItemStore, _ first: Int, _ count: Int, _ axis: Axes) -> Int {
        var best = first
        var bestHeight: Float = 0
        var (k, j) = store.locate(first)
        for i in first..<(first + count) {
            if j == store.chunks[k].count {
                k += 1
                j = 0
            }
            let h = axis == .vertical ? store.chunks[k].widths[j] : store.chunks[k].heights[j]
            if i == first || h > bestHeight {
                best = i
                bestHeight = h
            }
            j += 1
        }
        return best
    }
}

/// The rows a re-packing closes, in columns the primitive writes into directly.
private final class NewRows {
    private var startColumn = Column<Int64>(), lengthColumn = Column<Int64>(), yColumn = Column<Double>()
    private var widthColumn = Column<Float>(), heightColumn = Column<Float>(), tallestColumn = Column<Int>()
    var start: UnsafeMutablePointer<Int64> { startColumn.pointer }
    var length: UnsafeMutablePointer<Int64> { lengthColumn.pointer }
    var y: UnsafeMutablePointer<Double> { yColumn.pointer }
    var width: UnsafeMutablePointer<Float> { widthColumn.pointer }
    var height: UnsafeMutablePointer<Float> { heightColumn.pointer }
    var tallest: UnsafeMutablePointer<Int> { tallestColumn.pointer }
    /// Rows closed so far (their starts made absolute).
    private(set) var count = 0

    /// Room for `more` rows after the closed ones.
    func reserve(more: Int) {
        let needed = count + more
        startColumn.reserve(needed, keeping: count)
        lengthColumn.reserve(needed, keeping: count)
        yColumn.reserve(needed, keeping: count)
        widthColumn.reserve(needed, keeping: count)
        heightColumn.reserve(needed, keeping: count)
        tallestColumn.reserve(needed, keeping: count)
    }

    /// A row table writing row `index` (`index >= firstRow`) to slot `count + index -
    /// firstRow`; valid until the next `reserve`.
    func table(startingAtRow firstRow: Int) -> RowTableWriter {
        let shift = count - firstRow
        return RowTableWriter(start: start + shift, count: length + shift, y: y + shift, width: width + shift,
                              height: height + shift)
    }

    /// `rows` more rows were written, their starts relative to item `base`, whose
    /// staged heights are `heights` (from `base` on); their tallest items are found
    /// there (in `store`, along `axis`, for a row that began before `base`).
    func closed(_ rows: Int, base: Int, heights: UnsafeBufferPointer<Float>, _ store: ItemStore, _ axis: Axes) {
        for r in count..<(count + rows) {
            let first = Int(start[r]), n = Int(length[r])
            if first >= 0 {
                var best = first
                for j in (first + 1)..<(first + n) where heights[j] > heights[best] { best = j }
                tallest[r] = base + best
            } else {
                tallest[r] = FlowRows.tallestItem(store, base + first, n, axis)
            }
            start[r] += Int64(base)
        }
        count += rows
    }

    /// Closed rows `range` as records (tops not summed yet).
    func records(_ range: Range<Int>) -> [RowRecord] {
        range.map {
            RowRecord(start: Int(start[$0]), count: Int(length[$0]), width: width[$0], height: height[$0],
                      tallest: tallest[$0], top: 0)
        }
    }
    func heights() -> UnsafeBufferPointer<Float> { UnsafeBufferPointer(start: height, count: count) }
}
