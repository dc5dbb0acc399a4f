import LayoutKernelCore
import LayoutKernelSupport

/// The flow over several threads, built on the resumable primitive
/// (`LayoutKernelSet.packFlow`): bit-identical to one thread.
///
/// 1. Each thread packs one part of the items. The first part is packed from the start,
///    as one pass packs it, writing everything; every other part speculatively, from a
///    row opening at its first item, writing offsets and recording its rows (start,
///    length, width, height) in scratch — unless the first part's thread gets to it
///    before any other thread starts it, and packs it on as one pass.
/// 2. In order, the true state walks into each later part: the true chain is packed
///    (writing everything) until a row opens at one of the rows the part recorded; from
///    there on the part's rows are the true rows, since the next row start depends on the
///    row start alone. Their tops are then summed in order, as one pass sums them. A part
///    the true chain never meets (items all of one width can keep chains apart) is
///    packed through by it.
/// 3. Each thread of a later part writes the tops and row-table entries of its part's
///    true rows.
///
/// Walks are short on varied sizes (a few hundred items); parts are long. The first
/// part is longer than the others, as it has no step 3.
public enum ParallelFlow {

    /// Items a part holds at least: below twice this a layout runs on one thread.
    public static let minimumPart = 1 << 16
    /// Rows a part records per call of the primitive (its scratch row table).
    static let piece = 1 << 14

    /// One part's rows, as its thread found them: columns the primitive writes into
    /// directly, grown as needed.
    struct PartRows {
        var starts: UnsafeMutablePointer<Int64>
        var counts: UnsafeMutablePointer<Int64>
        /// Each row's top: from the part's first row (step 1); then, from `firstTrue` on,
        /// its true top (step 2) unless `shift` gives it.
        var tops: UnsafeMutablePointer<Double>
        var widths: UnsafeMutablePointer<Float>
        var heights: UnsafeMutablePointer<Float>
        /// Each row's tallest item (with per-item line spacing only).
        var tallest: UnsafeMutablePointer<Int>
        var count = 0
        var capacity = 0
        /// The first of these rows that is a true row, and its row index.
        var firstTrue = 0
        var firstIndex = 0
        /// Whether every row height is a multiple of 1/64 and every top below 2^40: then
        /// a true top is the part's top plus a shift, exactly (see `layout`).
        var exact = true
        /// With `exact`, added to each top from `firstTrue` on to make it true.
        var shift: Double?
        /// The state at the part's end (its open row).
        var end = FlowPackState.start
        /// The one block the columns live in, from the library's scratch cache.
        var block: UnsafeMutableRawPointer?
        var blockBytes = 0

        /// Bytes a row takes in the columns (the tallest item's is there only when asked).
        let rowBytes: Int

        init?(capacity: Int, tallest withTallest: Bool) {
            rowBytes = 8 + 8 + 8 + 4 + 4 + (withTallest ? 8 : 0)
            starts = UnsafeMutablePointer(bitPattern: 8)!   // placeholders until `grow`
            counts = starts
            tops = UnsafeMutablePointer(bitPattern: 8)!
            widths = UnsafeMutablePointer(bitPattern: 8)!
            heights = widths
            tallest = UnsafeMutablePointer(bitPattern: 8)!
            guard grow(to: capacity) else { return nil }
        }

        func deallocate() { lkx_scratch_give(block, blockBytes) }

        /// Moves the rows to a block with room for `rows` rows; false without memory.
        mutating func grow(to rows: Int) -> Bool {
            var bytes = 0
            guard let new = lkx_scratch_take(rows * rowBytes, &bytes) else { return false }
            let newTops = new.bindMemory(to: Double.self, capacity: rows)
            let newStarts = (new + 8 * rows).bindMemory(to: Int64.self, capacity: rows)
            let newCounts = (new + 16 * rows).bindMemory(to: Int64.self, capacity: rows)
            let newWidths = (new + 24 * rows).bindMemory(to: Float.self, capacity: rows)
            let newHeights = (new + 28 * rows).bindMemory(to: Float.self, capacity: rows)
            // Without the tallest column this points at the heights: never written then.
            let newTallest = (new + (rowBytes > 32 ? 32 : 28) * rows).bindMemory(to: Int.self, capacity: rows)
            if count > 0 {
                newTops.update(from: tops, count: count)
                newStarts.update(from: starts, count: count)
                newCounts.update(from: counts, count: count)
                newWidths.update(from: widths, count: count)
                newHeights.update(from: heights, count: count)
                if rowBytes > 32 { newTallest.update(from: tallest, count: count) }
            }
            lkx_scratch_give(block, blockBytes)
            (block, blockBytes) = (new, bytes)
            (tops, starts, counts, tallest, widths, heights) = (newTops, newStarts, newCounts, newTallest, newWidths, newHeights)
            capacity = rows
            return true
        }

        /// Room for `more` rows after the current ones; false without memory.
        mutating func reserve(_ more: Int) -> Bool {
            count + more <= capacity || grow(to: max(count + more, capacity * 2))
        }

        /// A row table writing row `index` to slot `count` (and on).
        func table(from index: Int) -> RowTableWriter {
            let shift = count - index
            return RowTableWriter(start: starts + shift, count: counts + shift, y: tops + shift,
                                  width: widths + shift, height: heights + shift)
        }

        /// The index of the row starting at `item` (the first one starting at or after it).
        func row(startingAt item: Int) -> Int {
            var low = 0, high = count   // starts are ascending
            while low < high {
                let middle = (low + high) / 2
                if starts[middle] < item { low = middle + 1 } else { high = middle }
            }
            return low
        }
    }

    /// Lays out a flow over up to `threads` threads; nil when it runs on one (too few
    /// items, one thread, or a case it leaves to the single-thread kernel: a specified
    /// proposal height, whose minimum-size rule needs every item first, or a horizontal
    /// alignment without a finite width, whose container width needs every row first).
    static func layout(_ items: Items, _ parameters: FlowParameters, _ proposal: Proposal,
                       _ output: LayoutOutput, _ kernels: LayoutKernelSet, threads: Int) -> LayoutOutcome? {
        let n = items.count
        let parts = min(threads, n / minimumPart)
        guard parts >= 2, proposal.height == nil else { return nil }
        let finiteWidth = proposal.width.flatMap { $0.isFinite ? $0 : nil }
        guard parameters.alignment.x == 0 || finiteWidth != nil else { return nil }
        let limit = proposal.width ?? .infinity
        let containerWidth = parameters.alignment.x == 0 ? 0 : finiteWidth!
        let bounds = partBounds(n, parts)
        let perItemLines = parameters.lineSpacing == .perItem
        // With a fixed line gap on the 1/64 grid, every top sum is exact (heights are
        // checked per part), so a part's tops from 0 plus its true first top are the tops
        // one pass sums: multiples of 1/64 below 2^47 are exact in Double and adding them
        // is associative.
        let lineGap: Float = if case .fixed(let gap) = parameters.lineSpacing { gap } else { 0 }
        let exactTops = !perItemLines && lineGap * 64 == (lineGap * 64).rounded(.towardZero) && lineGap < 0x1p30
        // 1. Parts, in parallel: the first one whole; offsets and rows of the others.
        var truth = FlowPackState.start
        var rows = output.rows
        let later = UnsafeMutableBufferPointer<PartRows?>.allocate(capacity: parts)
        later.initialize(repeating: nil)
        defer {
            for part in later { part?.deallocate() }
            later.deallocate()
        }
        let whole = FlowPackRequest(parameters: parameters, limit: limit, x: output.x, y: output.y,
                                    containerWidth: containerWidth)
        // A part goes to whoever claims it first: the true chain, once done with the parts
        // before it, packs a part no thread has started as one pass would (so a busy
        // machine, whose other threads start late, costs no more than one thread).
        let claimedColumn = Column<Int32>(capacity: parts)
        let claimed = claimedColumn.pointer
        claimed.initialize(repeating: 0, count: parts)
        defer { withExtendedLifetime(claimedColumn) {} }
        var truthThrough = 1   // parts packed by the true chain in step 1
        Parallel.forEach(parts, threads: parts) { p in
            if p == 0 {
                kernels.packFlow(items, whole, &truth, bounds[1], &rows)
                while truthThrough < parts && lkx_flag_take(claimed + truthThrough) != 0 {
                    kernels.packFlow(items, whole, &truth, bounds[truthThrough + 1], &rows)
                    truthThrough += 1
                }
            } else if lkx_flag_take(claimed + p) != 0 {
                later[p] = speculate(items, parameters, limit, containerWidth, output.x, from: bounds[p],
                                     to: bounds[p + 1], kernels, tallest: perItemLines)
            }
        }
        guard later[truthThrough...].allSatisfy({ $0 != nil }) else {   // out of memory: one thread needs none
            kernels.packFlow(items, whole, &truth, n, &rows)
            kernels.packFlow(items, FlowPackRequest(parameters: parameters, limit: limit, x: output.x, y: output.y,
                                                    containerWidth: containerWidth, finish: true),
                             &truth, n, &rows)
            return LayoutOutcome(size: Size(width: finiteWidth ?? rows.extent.widest, height: height(truth)),
                                 rows: truth.rows)
        }

        // 2. In order: the true chain into each later part, then the part's true rows' tops.
        for p in truthThrough..<parts {
            // The part's row starts are the stops of the true chain (Int64 is Int here).
            let stops = UnsafeBufferPointer(start: UnsafeRawPointer(later[p]!.starts)
                .assumingMemoryBound(to: Int.self), count: later[p]!.count)
            let request = FlowPackRequest(parameters: parameters, limit: limit, x: output.x, y: output.y,
                                          containerWidth: containerWidth, stops: stops)
            kernels.packFlow(items, request, &truth, bounds[p + 1], &rows)
            guard truth.next < bounds[p + 1] else {   // never met: packed through
                later[p]!.firstTrue = later[p]!.count
                continue
            }
            later[p]!.firstTrue = later[p]!.row(startingAt: truth.next)
            if exactTops && later[p]!.exact && truth.lastY < 0x1p40 {
                shiftTops(&later[p]!, &truth, lineGap)
            } else {
                carryTops(&later[p]!, &truth, items, parameters.lineSpacing)
            }
        }
        let request = FlowPackRequest(parameters: parameters, limit: limit, x: output.x, y: output.y,
                                      containerWidth: containerWidth, finish: true)
        kernels.packFlow(items, request, &truth, n, &rows)   // closes the last row

        // 3. Later parts, in parallel: the tops and row-table entries of their true rows.
        let widths = Column<Float>(capacity: parts)
        widths.pointer[0] = rows.extent.widest
        Parallel.forEach(parts - 1, threads: parts - 1) { p in
            widths.pointer[p + 1] = later[p + 1].map { writeRows($0, items, parameters.alignment, output) } ?? 0
        }
        let widest = (0..<parts).reduce(Float(0)) { max($0, widths.pointer[$1]) }
        return LayoutOutcome(size: Size(width: finiteWidth ?? widest, height: height(truth)),
                             rows: truth.rows)
    }

    /// The container height once every row has closed.
    static func height(_ truth: FlowPackState) -> Float {
        truth.rows == 0 ? 0 : Float(truth.lastY + Double(truth.lastHeight))
    }

    /// Where the parts begin (and the last ends): the first part is longer by
    /// `firstPartExtra` of a part, since it writes everything in step 1 and has no step 3.
    static func partBounds(_ n: Int, _ parts: Int) -> [Int] {
        let share = Double(n) / (Double(parts) + firstPartExtra)
        return [0] + (1..<parts).map { Int(share * (Double($0) + firstPartExtra)) } + [n]
    }

    /// How much longer the first part is than the others (a fraction of a part).
    static let firstPartExtra = 0.25

    /// Step 1 for a later part: packs items `first ..< end` from a row opening at
    /// `first`, writing offsets, and records its rows; nil without memory for them.
    static func speculate(_ items: Items, _ parameters: FlowParameters, _ limit: Float, _ containerWidth: Float,
                          _ x: UnsafeMutablePointer<Float>?, from first: Int, to end: Int,
                          _ kernels: LayoutKernelSet, tallest: Bool) -> PartRows? {
        guard var part = PartRows(capacity: (end - first) / 6 + piece, tallest: tallest) else { return nil }
        var state = FlowPackState.rowStarting(at: first)
        let request = FlowPackRequest(parameters: parameters, limit: limit, x: x, containerWidth: containerWidth)
        while state.next < end {
            // At most `piece` items, so at most `piece` rows.
            guard part.reserve(piece) else {
                part.deallocate()
                return nil
            }
            let before = state.rows
            var table = part.table(from: before)
            kernels.packFlow(items, request, &state, min(state.next + piece, end), &table)
            for r in part.count..<(part.count + state.rows - before) {
                if tallest { part.tallest[r] = tallestItem(items, Int(part.starts[r]), Int(part.counts[r])) }
                // On the 1/64 grid (below 2^40, checked with the tops): a conversion, not a libm call.
                let units = part.heights[r] * 64
                if !(units < 0x1p40) || units != Float(Int64(units)) { part.exact = false }
            }
            part.count += state.rows - before
            if part.count > 0 && part.tops[part.count - 1] >= 0x1p40 { part.exact = false }
        }
        part.end = state
        return part
    }

    /// Step 2 for one part: the tops of its true rows, summed on from the true state as
    /// one pass sums them; the state then takes the part's open row.
    static func carryTops(_ part: inout PartRows, _ truth: inout FlowPackState, _ items: Items,
                          _ lineSpacing: Spacing) {
        part.firstIndex = truth.rows
        let perItem = lineSpacing == .perItem
        for r in part.firstTrue..<part.count {
            let tallest = perItem ? part.tallest[r] : Int(part.starts[r])
            let gap = truth.rows == 0 ? 0 : items.gapY(truth.lastTallest, tallest, lineSpacing)
            let top = truth.top(lineGap: gap)
            part.tops[r] = top
            truth.rows += 1
            truth.lastY = top
            truth.lastHeight = part.heights[r]
            truth.lastTallest = tallest
        }
        truth.next = part.end.next
        truth.rowStart = part.end.rowStart
        truth.extent = part.end.extent
        truth.rowHeight = part.end.rowHeight
        truth.tallest = part.end.tallest
    }

    /// Step 2 for one part whose tops are exact: its first true row's top from the true
    /// state, the others shifted from the part's own tops; the state then takes the part's
    /// last row and its open row.
    static func shiftTops(_ part: inout PartRows, _ truth: inout FlowPackState, _ lineGap: Float) {
        part.firstIndex = truth.rows
        if part.firstTrue < part.count {
            let first = truth.top(lineGap: lineGap)
            let shift = first - part.tops[part.firstTrue]
            part.shift = shift
            let last = part.count - 1
            truth.rows += part.count - part.firstTrue
            truth.lastY = part.tops[last] + shift
            truth.lastHeight = part.heights[last]
            truth.lastTallest = Int(part.starts[last])
        }
        truth.next = part.end.next
        truth.rowStart = part.end.rowStart
        truth.extent = part.end.extent
        truth.rowHeight = part.end.rowHeight
        truth.tallest = part.end.tallest
    }

    /// Step 3 for one part: each true row's items' `y` and its row-table entry; returns
    /// the widest of these rows. The table's columns are bulk copies of the part's (the
    /// tops shifted first, when a shift makes them true); each row's `y` is one 16-lane
    /// store when the row is short and the store stays inside the part's rows (items past
    /// them belong to another thread or were written in step 2).
    static func writeRows(_ part: PartRows, _ items: Items, _ alignment: Anchor, _ output: LayoutOutput) -> Float {
        let first = part.firstTrue
        let count = part.count - first
        guard count > 0 else { return 0 }
        if let shift = part.shift {
            for r in first..<part.count { part.tops[r] += shift }
        }
        let table = output.rows
        let index = part.firstIndex
        table.start.map { ($0 + index).update(from: part.starts + first, count: count) }
        table.count.map { ($0 + index).update(from: part.counts + first, count: count) }
        table.y.map { ($0 + index).update(from: part.tops + first, count: count) }
        table.width.map { ($0 + index).update(from: part.widths + first, count: count) }
        table.height.map { ($0 + index).update(from: part.heights + first, count: count) }
        if let y = output.y {
            let end = Int(part.starts[part.count - 1] + part.counts[part.count - 1])
            for r in first..<part.count {
                let start = Int(part.starts[r]), length = Int(part.counts[r])
                let top = part.tops[r]
                if alignment.y != 0 {
                    let height = part.heights[r]
                    for i in start..<(start + length) {
                        y[i] = Float(top + Double(alignment.y * (height - items.heights[i])))
                    }
                } else if length <= 16 && start + 16 <= end {
                    UnsafeMutableRawPointer(y + start).storeBytes(of: SIMD16<Float>(repeating: Float(top)),
                                                                  as: SIMD16<Float>.self)
                } else {
                    (y + start).update(repeating: Float(top), count: length)
                }
            }
        }
        var widest: Float = 0
        for r in first..<part.count where part.widths[r] > widest { widest = part.widths[r] }
        return widest
    }

    /// The first of items `first ..< first + count` of the largest height.
    static func tallestItem(_ items: Items, _ first: Int, _ count: Int) -> Int {
        var tallest = first
        for i in first..<(first + count) where items.heights[i] > items.heights[tallest] { tallest = i }
        return tallest
    }
}
