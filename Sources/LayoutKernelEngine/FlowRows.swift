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
/// for bit whatever the values.
///
/// - Complexity: an edit costs O(items re-packed + rows after it) (the row arrays are
///   spliced and the tops re-summed; both are plain passes over a few numbers per
///   row). Items of equal size shift every later row start after an insert, so that
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

    /// Items staged and packed per call of the primitive.
    static let window = 1 << 16

    init(limit: Float) { self.limit = limit }

    var bytes: Int { rowCount * (8 + 8 + 4 + 4 + 8 + 8) }

    /// Packs every item.
    mutating func packAll(_ store: ItemStore, _ parameters: FlowParameters, _ kernels: LayoutKernelSet,
                          _ staging: Staging) {
        start = []; count = []; width = []; height = []; tallest = []; top = []
        rowsReused = 0
        itemsPacked = 0
        repack(from: 0, stops: [], store, parameters, kernels, staging, delta: 0)
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
        let from = start[p]
        let stops = start[first...].map { $0 + edit.delta }.filter { $0 > from }
        repack(from: p, stops: stops, store, parameters, kernels, staging, delta: edit.delta)
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
    /// one of `stops` (ascending, new indices) or the items end, then splices the new
    /// rows in place of the old ones up to that stop, moves the starts of the rows after
    /// it by `delta` and sums the tops again from row `p`.
    private mutating func repack(from p: Int, stops: [Int], _ store: ItemStore, _ parameters: FlowParameters,
                                 _ kernels: LayoutKernelSet, _ staging: Staging, delta: Int) {
        let n = store.count
        var base = p < rowCount ? start[p] : 0
        var state = FlowPackState.rowStarting(at: 0)
        let new = NewRows()
        var stopIndex = 0
        var resumed: Int?   // the new index of the old row start the packing stopped at
        itemsPacked = 0
        while base < n || (base == n && state.rowIsOpen) {
            let end = min(base + Self.window, n)
            let items = store.stage(base..<end, into: staging)
            while stopIndex < stops.count && stops[stopIndex] < base + state.next { stopIndex += 1 }
            var local: [Int] = []
            var k = stopIndex
            while k < stops.count && stops[k] < end {
                local.append(stops[k] - base)
                k += 1
            }
            let before = state.rows
            let capacity = end - base + 1
            new.reserve(more: capacity)
            let finish = end == n
            local.withUnsafeBufferPointer { local in
                var table = new.table(startingAtRow: before)
                let request = FlowPackRequest(parameters: parameters, limit: limit, finish: finish,
                                              stops: local.isEmpty ? nil : local)
                kernels.packFlow(items, request, &state, end - base, &table)
            }
            new.closed(state.rows - before, base: base)
            itemsPacked += state.next   // from 0: every window starts at the first item not packed
            if state.next < end - base && !state.rowIsOpen && local.contains(state.next) {
                resumed = base + state.next
                break
            }
            if finish { break }
            // On to the next window from the first item not packed; the open row's
            // indices go negative (the primitive reads no item before `next`; the
            // tallest item is only used for per-item line gaps, summed again below).
            let shift = state.next
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
        start.replaceSubrange(p..<q, with: new.starts())
        count.replaceSubrange(p..<q, with: new.lengths())
        width.replaceSubrange(p..<q, with: new.widths())
        height.replaceSubrange(p..<q, with: new.heights())
        tallest.replaceSubrange(p..<q, with: repeatElement(0, count: added))
        top.replaceSubrange(p..<q, with: repeatElement(0, count: added))
        if delta != 0 {
            for r in (p + added)..<rowCount {
                start[r] += delta
                tallest[r] += delta
            }
        }
        for r in p..<(p + added) { tallest[r] = Self.tallestItem(store, start[r], count[r]) }
        sumTops(from: p, store, parameters.lineSpacing)
        widest = width.reduce(0) { $1 > $0 ? $1 : $0 }
    }

    /// Row tops from row `p` on, as one pass sums them: row 0 at 0, row r at
    /// `top[r-1] + height[r-1] + gap`, in `Double`, in that order.
    private mutating func sumTops(from p: Int, _ store: ItemStore, _ lineSpacing: Spacing) {
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
            top[r] = top[r - 1] + Double(height[r - 1]) + Double(gap)
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
        grow(&start); grow(&length); grow(&y); grow(&width); grow(&height)
        capacity = size
    }

    /// A row table writing row `index` (`index >= firstRow`) to slot `count + index -
    /// firstRow`; valid until the next `reserve`.
    func table(startingAtRow firstRow: Int) -> RowTableWriter {
        let shift = count - firstRow
        return RowTableWriter(start: start + shift, count: length + shift, y: y + shift, width: width + shift,
                              height: height + shift)
    }

    /// `rows` more rows were written, their starts relative to item `base`.
    func closed(_ rows: Int, base: Int) {
        for r in count..<(count + rows) { start[r] += Int64(base) }
        count += rows
    }

    func starts() -> [Int] { (0..<count).map { Int(start[$0]) } }
    func lengths() -> [Int] { (0..<count).map { Int(length[$0]) } }
    func widths() -> UnsafeBufferPointer<Float> { UnsafeBufferPointer(start: width, count: count) }
    func heights() -> UnsafeBufferPointer<Float> { UnsafeBufferPointer(start: height, count: count) }

    deinit {
        start.deallocate(); length.deallocate(); y.deallocate(); width.deallocate(); height.deallocate()
    }
}
