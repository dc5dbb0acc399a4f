import LayoutKernelCore

/// A flow's rows at one row limit, kept between calls: each row's first item, length,
/// width, height, tallest item and top. Positions are not stored: an item's `x` is its
/// row's `Float` sum up to it and its `y` follows from the row's top, computed when read
/// (`place`), exactly as the kernels compute them.
///
/// After an edit the rows are re-packed from the row before the one holding the first
/// changed item (a shrunk first item may move up into it) with the kernels' resumable
/// primitive, which stops as soon as a row opens at an old row start past the edit
/// (items after it unchanged): every later row is reused with its start moved by the
/// number of items inserted or removed. Tops are then summed again from the first
/// re-packed row, in order, one `Double` addition a row, so they equal one pass's bit
/// for bit whatever the values; the sum stops at the first reused row whose top comes
/// out as before (a change that moves no row down ends there).
///
/// - Complexity: an edit costs O(items re-packed), plus O(rows after it) when it changes
///   the number of items or rows (starts move, arrays are spliced) or moves later rows
///   down (tops summed again): plain passes over a few numbers per row. Items of equal size shift every later row start after an insert, so that
///   packing runs to the end: O(items after the edit).
struct FlowRows {
    let limit: Float
    private(set) var start: [Int] = []
    private(set) var count: [Int] = []
    private(set) var width: [Float] = []
    private(set) var height: [Float] = []
    private(set) var tallest: [Int] = []
    private(set) var top: [Double] = []
    private(set) var widest: Float = 0

    var rowCount: Int { start.count }

    /// Items packed and rows reused by the last `pack` or `apply`.
    private(set) var itemsPacked = 0
    private(set) var rowsReused = 0

    /// Items staged and packed by the first call of the primitive (an edit usually needs
    /// a few rows), doubling for each later call up to `largestWindow`.
    static let firstWindow = 1 << 10
    static let largestWindow = 1 << 16
    /// Windows (about 2^16 items in all) in which a re-packing looks for an old row start.
    static let windowsLookingForOldRows = 6

    init(limit: Float) { self.limit = limit }

    var bytes: Int { rowCount * (8 + 8 + 4 + 4 + 8 + 8) }

    /// Packs every item.
    mutating func packAll(_ store: ItemStore, _ parameters: FlowParameters, _ kernels: LayoutKernelSet,
                          _ staging: Staging) {
        start = []; count = []; width = []; height = []; tallest = []; top = []
        rowsReused = 0
        itemsPacked = 0
        repack(from: 0, stopRows: rowCount, store, parameters, kernels, staging, delta: 0)
    }

    /// Brings the rows up to date after `edit` (the store holds the new items).
    mutating func apply(_ edit: Edit, _ store: ItemStore, _ parameters: FlowParameters,
                        _ kernels: LayoutKernelSet, _ staging: Staging) {
        guard rowCount > 0 else {
            packAll(store, parameters, kernels, staging)
            return
        }
        // The row holding the first changed item (or the last row, for an append).
        let r = row(holding: edit.start)
        let p = max(r - 1, 0)
        // Old row starts past the edit, in the new items' indices: the packing may stop there.
        let first = firstRow(startingAtOrAfter: edit.oldEnd)
        repack(from: p, stopRows: first, store, parameters, kernels, staging, delta: edit.delta)
    }

    /// The row holding old item `i` (the last row for `i` past the items).
    func row(holding i: Int) -> Int {
        var low = 0, high = rowCount - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if start[middle] <= i { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// The first row starting at item `i` or later (`rowCount` if none).
    func firstRow(startingAtOrAfter i: Int) -> Int {
        var low = 0, high = rowCount
        while low < high {
            let middle = (low + high) / 2
            if start[middle] < i { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Re-packs from row `p` (whose start is unchanged by the edit) until a row opens at
    /// the start of one of the old rows from `stopRows` on (moved by `delta`: their items
    /// are unchanged) or the items end, then splices the new rows in place of the old
    /// ones up to that stop, moves the starts of the rows after it by `delta` and sums
    /// the tops again from row `p`.
    private mutating func repack(from p: Int, stopRows: Int, _ store: ItemStore, _ parameters: FlowParameters,
                                 _ kernels: LayoutKernelSet, _ staging: Staging, delta: Int) {
        let n = store.count
        var base = p < rowCount ? start[p] : 0
        let firstItem = base
        var state = FlowPackState.rowStarting(at: 0)
        let new = NewRows()
        var stopRow = stopRows   // the next old row whose start may be a stop
        var window = Self.firstWindow
        var windows = 0
        var resumed: Int?   // the new index of the old row start the packing stopped at
        itemsPacked = 0
        while base < n || (base == n && state.rowIsOpen) {
            let end = min(base + window, n)
            window = min(2 * window, Self.largestWindow)
            let items = store.stage(base..<end, into: staging)
            while stopRow < rowCount && start[stopRow] + delta < base + state.next { stopRow += 1 }
            var local: [Int] = []
            var k = stopRow
            // After a few windows without meeting an old row start (items of one size
            // never do), the rest is packed without looking for one: faster, same rows.
            if windows > Self.windowsLookingForOldRows { k = rowCount }
            windows += 1
            while k < rowCount && start[k] + delta < end {
                if start[k] + delta > firstItem { local.append(start[k] + delta - base) }
                k += 1
            }
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
            new.closed(state.rows - before, base: base, heights: items.heights, store)
            itemsPacked += state.next - packedBefore
            if state.next < end - base && !state.rowIsOpen && local.contains(state.next) {
                resumed = base + state.next
                break
            }
            if finish { break }
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
        rowsReused = rowCount - q
        let added = new.count
        // The widest row: from the new rows, unless a replaced row was the widest.
        let replacedWidest = width[p..<q].contains { $0 == widest }
        start.replaceSubrange(p..<q, with: new.starts())
        count.replaceSubrange(p..<q, with: new.lengths())
        width.replaceSubrange(p..<q, with: new.widths())
        height.replaceSubrange(p..<q, with: new.heights())
        tallest.replaceSubrange(p..<q, with: new.tallestItems())
        top.replaceSubrange(p..<q, with: repeatElement(0, count: added))
        if delta != 0 {
            for r in (p + added)..<rowCount {
                start[r] += delta
                tallest[r] += delta
            }
        }
        sumTops(from: p, reusedFrom: p + added, store, parameters.lineSpacing)
        if replacedWidest {
            widest = width.reduce(0) { $1 > $0 ? $1 : $0 }
        } else {
            for r in p..<(p + added) where width[r] > widest { widest = width[r] }
        }
    }

    /// Row tops from row `p` on, as one pass sums them: row 0 at 0, row r at
    /// `top[r-1] + height[r-1] + gap`, in `Double`, in that order. From `reusedFrom` on the
    /// rows (and their tops) are the old ones: as soon as one's new top equals its old top
    /// bit for bit, every later top does too, and the sum stops.
    private mutating func sumTops(from p: Int, reusedFrom: Int, _ store: ItemStore, _ lineSpacing: Spacing) {
        guard rowCount > 0 else { return }
        var r = p
        if r == 0 {
            top[0] = 0
            r = 1
        }
        while r < rowCount {
            let gap: Float
            switch lineSpacing {
            case .fixed(let value): gap = value
            case .perItem: gap = max(store.bottomSpacing(tallest[r - 1]), store.topSpacing(tallest[r]))
            }
            let value = top[r - 1] + Double(height[r - 1]) + Double(gap)
            if r >= reusedFrom && value.bitPattern == top[r].bitPattern { break }
            top[r] = value
            r += 1
        }
    }

    /// The first item of the largest height among `count` items from `first` (as the
    /// kernels pick a row's tallest item).
    static func tallestItem(_ store: ItemStore, _ first: Int, _ count: Int) -> Int {
        var best = first
        var bestHeight: Float = 0
        var (k, j) = store.locate(first)
        for i in first..<(first + count) {
            if j == store.chunks[k].count {
                k += 1
                j = 0
            }
            let h = store.chunks[k].heights[j]
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
    private(set) var start = UnsafeMutablePointer<Int64>.allocate(capacity: 1)
    private(set) var length = UnsafeMutablePointer<Int64>.allocate(capacity: 1)
    private(set) var y = UnsafeMutablePointer<Double>.allocate(capacity: 1)
    private(set) var width = UnsafeMutablePointer<Float>.allocate(capacity: 1)
    private(set) var height = UnsafeMutablePointer<Float>.allocate(capacity: 1)
    private(set) var tallest = UnsafeMutablePointer<Int>.allocate(capacity: 1)
    private var capacity = 1
    /// Rows closed so far (their starts made absolute).
    private(set) var count = 0

    /// Room for `more` rows after the closed ones.
    func reserve(more: Int) {
        let needed = count + more
        guard needed > capacity else { return }
        let size = max(needed, 2 * capacity)
        func grow<T>(_ column: inout UnsafeMutablePointer<T>) {
            let new = UnsafeMutablePointer<T>.allocate(capacity: size)
            new.moveInitialize(from: column, count: count)
            column.deallocate()
            column = new
        }
        grow(&start); grow(&length); grow(&y); grow(&width); grow(&height); grow(&tallest)
        capacity = size
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
    /// there (in `store` for a row that began before `base`).
    func closed(_ rows: Int, base: Int, heights: UnsafeBufferPointer<Float>, _ store: ItemStore) {
        for r in count..<(count + rows) {
            let first = Int(start[r]), n = Int(length[r])
            if first >= 0 {
                var best = first
                for j in (first + 1)..<(first + n) where heights[j] > heights[best] { best = j }
                tallest[r] = base + best
            } else {
                tallest[r] = FlowRows.tallestItem(store, base + first, n)
            }
            start[r] += Int64(base)
        }
        count += rows
    }

    func tallestItems() -> UnsafeBufferPointer<Int> { UnsafeBufferPointer(start: tallest, count: count) }

    func starts() -> [Int] { (0..<count).map { Int(start[$0]) } }
    func lengths() -> [Int] { (0..<count).map { Int(length[$0]) } }
    func widths() -> UnsafeBufferPointer<Float> { UnsafeBufferPointer(start: width, count: count) }
    func heights() -> UnsafeBufferPointer<Float> { UnsafeBufferPointer(start: height, count: count) }

    deinit {
        start.deallocate(); length.deallocate(); y.deallocate(); width.deallocate(); height.deallocate()
        tallest.deallocate()
    }
}
