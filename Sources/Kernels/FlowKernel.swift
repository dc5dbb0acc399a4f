import LayoutKernelCPU
import LayoutKernelCore
import LayoutKernelSupport

/// The fast flow (lk_flow_layout in layoutkernel.h). This file is compiled into each ISA module
/// (LayoutKernelSSE2, LayoutKernelAVX2, LayoutKernelAVX512) as module-private code, so
/// each module's copy has its own symbols and carries only that module's instructions.
///
/// Results are bit-identical to `FlowReference` for every valid input, at every level:
/// every path computes the reference's own sums. Items go through in stretches of up to
/// 16,384. A stretch whose widths and gaps are multiples of 1/64 px and at most 2^16 px,
/// under a row limit below 2^17 px, takes the exact path: there every sum the
/// reference forms is exact, so each row's end is found from integer prefix sums with one
/// vector compare (`RowChain`), and the row is finished sixteen items at a time while
/// the next row's end is searched. Any other stretch (off
/// the grid, huge lengths, unbounded rows) takes the scalar path, the reference's loop.
/// Either way a row's outputs depend only on its own items and the state at its first
/// item, so packing can stop and resume anywhere (`FlowPackState`).
enum FlowKernel {

    /// Items per stretch: the exact path's scratch holds 8 bytes an item.
    static let stretchLength = 16_384

    /// Lays out `items`, writing positions and rows to `output`; returns the container
    /// size and the number of rows.
    ///
    /// A row's alignment shift needs the container width: a finite proposal width, the
    /// minimum size (when both proposal axes are specified and smaller), or else the
    /// widest row, found first by a size-only pass when `alignment.x != 0`.
    /// - Complexity: O(n) time, O(min(n, 16,384)) scratch memory.
    @inline(__always)
    static func layout(_ items: Items, _ parameters: FlowParameters, _ proposal: Proposal,
                       into output: LayoutOutput) -> (size: Size, rows: Int) {
        if items.count <= FlowShort.maximumCount, let short = FlowShort.layout(items, parameters, proposal, output) {
            return short
        }
        let minimum = minimumSize(items, proposal)
        var containerWidth: Float = 0
        if parameters.alignment.x != 0 {
            containerWidth = minimum?.width ?? finiteWidth(proposal)
                ?? size(items, parameters, proposal).width
        }
        var writer = output.rows
        let placement = FlowPlacement(x: output.x, y: output.y, anchor: parameters.alignment,
                                      containerWidth: containerWidth, writeEnd: items.count &+ output.slack, overlap: true)
        var state = FlowPackState.start
        pack(items, parameters, limit: proposal.width ?? .infinity, from: &state, to: items.count,
             placement: placement, into: &writer)
        finish(items, parameters, &state, placement: placement, into: &writer)
        return (containerSize(writer.extent, minimum, proposal), writer.extent.rows)
    }

    /// The container size `layout` reports, without writing anything.
    /// - Complexity: O(n) time.
    @inline(__always)
    static func size(_ items: Items, _ parameters: FlowParameters, _ proposal: Proposal) -> Size {
        let minimum = minimumSize(items, proposal)
        if let minimum { return minimum }
        var extent = RowExtent()
        packAll(items, parameters, limit: proposal.width ?? .infinity, into: &extent)
        return containerSize(extent, nil, proposal)
    }

    /// The number of rows at row limit `width` (`nil` = unspecified); heights are not read.
    @inline(__always)
    static func rowCount(_ items: Items, _ parameters: FlowParameters, width: Float?) -> Int {
        var counter = RowCounter()
        packAll(items, parameters, limit: width ?? .infinity, into: &counter)
        return counter.rows
    }

    /// Packs every item into `sink`, writing each item's offset in its row to `offsets`
    /// when given (no alignment shift; or where `Sink.placeAlong` places it).
    @inline(__always)
    static func packAll<Sink: KernelRowSink>(_ items: Items, _ parameters: FlowParameters, limit: Float,
                                             into sink: inout Sink, offsets: UnsafeMutablePointer<Float>? = nil) {
        var state = FlowPackState.start
        let placement = offsets.map {
            FlowPlacement(x: $0, y: nil, anchor: .topLeading, containerWidth: 0, writeEnd: items.count, overlap: true)
        } ?? FlowPlacement.none(items.count)
        pack(items, parameters, limit: limit, from: &state, to: items.count, placement: placement, into: &sink)
        finish(items, parameters, &state, placement: placement, into: &sink)
    }

    /// `(max w, max h)` when both proposal axes are specified and it exceeds both, else nil.
    @inline(__always)
    static func minimumSize(_ items: Items, _ proposal: Proposal) -> Size? {
        guard let width = proposal.width, let height = proposal.height else { return nil }
        let minimum = maxItemSize(items)
        return minimum.width > width && minimum.height > height ? minimum : nil
    }

    @inline(__always)
    static func finiteWidth(_ proposal: Proposal) -> Float? {
        proposal.width.flatMap { $0.isFinite ? $0 : nil }
    }

    /// The flow's size rule: the minimum size when it applies; else a finite proposal
    /// width (or the widest row) by the rows' height.
    @inline(__always)
    static func containerSize(_ extent: RowExtent, _ minimum: Size?, _ proposal: Proposal) -> Size {
        minimum ?? Size(width: finiteWidth(proposal) ?? extent.widest, height: extent.height)
    }

    // MARK: - The primitive

    /// `LayoutKernelSet.packFlow` at this level.
    @inline(__always)
    static func pack(_ items: Items, _ request: FlowPackRequest, _ state: inout FlowPackState, to end: Int,
                     _ rows: inout RowTableWriter) {
        let placement = request.placement(end: end)
        func run<Sink: KernelRowSink>(_ sink: inout Sink) {
            pack(items, request.parameters, limit: request.limit, from: &state, to: end, placement: placement,
                 into: &sink)
            if request.finish && end == items.count && !sink.isDone {
                finish(items, request.parameters, &state, placement: placement, into: &sink)
            }
        }
        if let stops = request.stops {
            var sink = StoppableRowTable(rows: rows, stops: stops)
            run(&sink)
            rows = sink.rows
        } else {
            run(&rows)
        }
    }

    /// Packs items `state.next ..< end` from `state`, as `FlowReference.pack` does: each
    /// closed row goes to `sink` (which may stop the packing after any row), items are
    /// placed by `placement` as their rows close, and the row holding item `end - 1`
    /// stays open in `state`. `finish` closes it at the end of the items.
    /// - Complexity: O(end - state.next) time.
    @inline(__always)
    static func pack<Sink: KernelRowSink>(_ items: Items, _ parameters: FlowParameters, limit: Float,
                                          from state: inout FlowPackState, to end: Int,
                                          placement: FlowPlacement, into sink: inout Sink) {
        guard state.next < end else { return }
        var placement = placement
        // No item past `end` is ever written (unless `end` is the items' end and the
        // placement allows more: slack the caller will overwrite).
        if end < items.count { placement.writeEnd = min(placement.writeEnd, end) }
        if Sink.canStop { placement.overlap = false }
        let closer = FlowRowCloser<Sink>(items: items, lineSpacing: parameters.lineSpacing, placement: placement)
        let spacing = parameters.spacing
        // Short ranges and unbounded rows: the scalar path, with no scratch.
        guard limit < Units.maxLimit, end &- state.next >= 2 &* laneCount else {
            packScalar(items, spacing, limit: limit, &state, to: end, closer, &sink)
            return
        }
        let limitUnits = Units.limit(limit)
        let capacity = min(end &- state.next, stretchLength)
        // Scratch from the library's cache (not the stack: a run-time sized stack
        // allocation would leave the stack pointer less aligned than this function's
        // vector spills assume). Without memory, the plain loop needs none.
        let intSlots = UnitStretch.int32Slots(capacity)
        let wordSlots = UnitStretch.wordSlots(capacity)
        var scratchBytes = 0
        guard let scratch = lkx_scratch_take(8 &* intSlots &+ 8 &* wordSlots, &scratchBytes) else {
            packScalar(items, spacing, limit: limit, &state, to: end, closer, &sink)
            return
        }
        defer { lkx_scratch_give(scratch, scratchBytes) }
        let breaks = scratch.bindMemory(to: UInt64.self, capacity: wordSlots)
        let ends = (scratch + 8 &* wordSlots).bindMemory(to: Int32.self, capacity: 2 &* intSlots)
        let thresholds = ends + intSlots
        while state.next < end && !sink.isDone {
            let first = state.next
            let count = min(end &- first, stretchLength)
            let openExtent = state.rowIsOpen ? Units.exact(state.extent, max: Units.maxExtent) : 0
            if let openExtent, let stretch = UnitStretch.fill(
                items, spacing: spacing, limit: limitUnits, first: first, count: count, ends: ends,
                thresholds: thresholds, breaks: breaks) {
                var chain = RowChain(stretch, openExtent: state.rowIsOpen ? openExtent : nil)
                finishRows(stretch, &chain, openExtent: openExtent, &state, closer, &sink)
            } else {
                packScalar(items, spacing, limit: limit, &state, to: first &+ count, closer, &sink)
            }
        }
    }

    /// Closes the open row, if any: what `pack` leaves open at the end of the items.
    @inline(__always)
    static func finish<Sink: KernelRowSink>(_ items: Items, _ parameters: FlowParameters,
                                            _ state: inout FlowPackState, placement: FlowPlacement,
                                            into sink: inout Sink) {
        guard state.rowIsOpen else { return }
        FlowRowCloser<Sink>(items: items, lineSpacing: parameters.lineSpacing, placement: placement)
            .close(&state, into: &sink)
    }

    // MARK: - The exact path

    /// Places the items of a stretch as `starts` finds its rows, closing
    /// every row that ends in it: offsets from the unit prefix sums (exact), heights as
    /// masked maxima, sixteen items a step. The row open at the stretch's end stays open.
    ///
    /// Rows of at most 16 items away from the end of the writes, with fixed line spacing,
    /// take a straight path with the state in scalar locals;
    /// every other row goes through `foldInGeneral` and `FlowRowCloser.close`.
    @inline(__always)
    static func finishRows<Sink: KernelRowSink>(
        _ stretch: UnitStretch, _ starts: inout RowChain, openExtent: Int32, _ state: inout FlowPackState,
        _ closer: FlowRowCloser<Sink>, _ rowSink: inout Sink) {
        PackingLoop.count(Sink.self)
        let first = stretch.first
        let count = stretch.count
        // The open row's threshold (base plus limit) in the stretch's units: offsets are
        // `thresholds[j] - rowThreshold`, widths `ends[j] - rowThreshold + limit`.
        var rowThreshold: Int32
        if state.rowIsOpen {
            rowThreshold = stretch.limit &- openExtent
        } else {
            rowThreshold = stretch.thresholds[0]
            state.rowStart = first
        }
        let placement = closer.placement
        let quickEnd = min(placement.overlap ? placement.writeEnd : 0, closer.items.count) &- laneCount
        let lineGap: Float? = if case .fixed(let gap) = closer.lineSpacing { gap } else { nil }
        let straight = lineGap != nil
        let ax = placement.anchor.x
        let ay = placement.anchor.y
        let containerWidth = placement.containerWidth
        let needsHeights = closer.needsHeights
        let heights = closer.items.heights.baseAddress!
        let thresholds = stretch.thresholds
        let limit = stretch.limit
        let ends = stretch.ends
        let x = placement.x
        let y = placement.y
        let gap = Double(lineGap ?? 0)

        // The state, as scalars.
        var rowStart = state.rowStart
        var rowHeight = state.rowHeight
        var tallest = state.tallest
        var extent = state.extent
        var rows = state.rows
        var lastY = state.lastY
        var lastHeight = state.lastHeight
        var lastTallest = state.lastTallest
        // The straight path needs no tallest item (its line spacing is fixed); the state
        // does, for the last row it closed: found when the state is written back.
        var untallied = -1
        var untalliedCount = 0
        var cursor = 0   // the open row's first item in this stretch
        // Locals: the sink's and the chain's state stay in registers.
        var sink = rowSink
        defer { rowSink = sink }
        var chain = starts
        defer { starts = chain }

        // Rows the sink lets `LeanRows` close (the plain flow's, a featured flow's
        // straight lines): it hands back the end of the first row it does not close.
        var pending = -1
        var lean = Sink.leans && straight && x != nil && !stretch.hasBreaks
        while true {
            let e = pending >= 0 ? pending : chain.next()
            pending = -1
            let i = first &+ cursor
            let closing = e < count
            if lean && closing && i == rowStart && e &- cursor <= laneCount && i <= quickEnd {
                var run = LeanRows(first: first, cursor: cursor, rowThreshold: rowThreshold, rows: rows,
                                   lastY: lastY, lastHeight: lastHeight)
                if let next = sink.closeLean(&run, stretch, &chain, end: e, x: x.unsafelyUnwrapped,
                                             heights: heights, quickEnd: quickEnd, placement: placement, gap: gap) {
                    untallied = run.lastStart
                    untalliedCount = run.lastCount
                    cursor = run.cursor
                    rowThreshold = run.rowThreshold
                    rows = run.rows
                    lastY = run.lastY
                    lastHeight = run.lastHeight
                    rowStart = first &+ cursor
                    extent = 0
                    rowHeight = 0
                    pending = next
                    continue
                }
                lean = false
            }
            if straight && closing && i == rowStart && e &- cursor <= laneCount && i <= quickEnd {
                // A whole row of at most 16 items in this stretch: fold and close it.
                let m = e &- cursor
                let widthUnits = ends[e &- 1] &- rowThreshold &+ limit
                let width = Float(widthUnits) * (1.0 / 64)
                var placedAlong = false
                if let x {
                    let units = UnsafeRawPointer(thresholds + cursor).loadUnaligned(as: SIMD16<Int32>.self)
                    let offsetUnits = units &- SIMD16(repeating: rowThreshold)
                    var placed: Lanes? = nil
                    if Sink.placesAlong {
                        let endUnits = UnsafeRawPointer(ends + cursor).loadUnaligned(as: SIMD16<Int32>.self)
                            &- SIMD16(repeating: rowThreshold &- limit)
                        placed = sink.placeAlong(start: i, offsets: offsetUnits, ends: endUnits, count: m,
                                                 extent: widthUnits)
                    }
                    placedAlong = placed != nil
                    var offsets = placed ?? lk_from_units(offsetUnits)
                    if ax != 0 && !placedAlong { offsets += Lanes(repeating: ax * (containerWidth - width)) }
                    UnsafeMutableRawPointer(x + i).storeBytes(of: offsets, as: Lanes.self)
                }
                var height: Float = 0
                let h = needsHeights ? Lanes.load(heights + i) : Lanes()
                if needsHeights {
                    height = lk_max_in_range(h, 0, Int32(m))
                    untallied = i
                    untalliedCount = m
                }
                let top = Sink.findsTops || rows == 0 ? 0 : lastY + Double(lastHeight) + gap
                if let y {
                    // Each item at `top + ay * (height - h)`, rounded once (the top itself for ay = 0).
                    let tops = ay == 0 ? Lanes(repeating: Float(top))
                        : lk_add_rounded(top, Lanes(repeating: ay) * (Lanes(repeating: height) - h))
                    UnsafeMutableRawPointer(y + i).storeBytes(of: tops, as: Lanes.self)
                }
                // Widths checked by `UnitStretch.fill`, offsets from its exact sums.
                if Sink.placesAlong && placedAlong {
                    sink.placedRow(rows, start: i, count: m, y: top, width: width, height: height)
                } else {
                    sink.latticeRow(rows, start: i, count: m, y: top, width: width, height: height)
                }
                rows &+= 1
                lastY = top
                lastHeight = height
                rowStart = first &+ e
                cursor = e
                if Sink.canStop && sink.isDone { break }
            } else {
                if untallied >= 0 {
                    lastTallest = tallestItem(heights, untallied, untalliedCount)
                    untallied = -1
                }
                state = FlowPackState(next: first &+ cursor, rowStart: rowStart, extent: extent,
                                      rowHeight: rowHeight, tallest: tallest, rows: rows, lastY: lastY,
                                      lastHeight: lastHeight, lastTallest: lastTallest)
                if e > cursor { foldInGeneral(stretch, from: cursor, to: e, rowThreshold: rowThreshold, &state, closer) }
                cursor = e
                // A row that opened in this stretch has only its exact sums.
                if closing { closer.close(&state, lattice: state.rowStart >= first, into: &sink) }
                rowStart = state.rowStart
                rowHeight = state.rowHeight
                tallest = state.tallest
                extent = state.extent
                rows = state.rows
                lastY = state.lastY
                lastHeight = state.lastHeight
                lastTallest = state.lastTallest
                guard closing else { break }
                if Sink.canStop && sink.isDone { break }
            }
            rowThreshold = thresholds[e]
            extent = 0
            rowHeight = 0
        }
        if untallied >= 0 { lastTallest = tallestItem(heights, untallied, untalliedCount) }
        state = FlowPackState(next: first &+ cursor, rowStart: rowStart, extent: extent, rowHeight: rowHeight,
                              tallest: tallest, rows: rows, lastY: lastY, lastHeight: lastHeight,
                              lastTallest: lastTallest)
    }

    /// The first of items `first ..< first + count` (at least one) of the largest
    /// height (as the reference picks a row's tallest item).
    @inline(never)
    static func tallestItem(_ heights: UnsafePointer<Float>, _ first: Int, _ count: Int) -> Int {
        var tallest = first, most = heights[first]
        @inline(__always) func take(_ from: Int, _ to: Int) {
            for i in from..<to where heights[i] > most {
                tallest = i
                most = heights[i]
            }
        }
        // Sixteen items a step: only a step with an item above the tallest so far is
        // read item by item.
        var i = first &+ 1
        let end = first &+ count
        while i &+ laneCount <= end {
            if lk_bits_greater(Lanes.load(heights + i), most) != 0 { take(i, i &+ laneCount) }
            i &+= laneCount
        }
        if i < end { take(i, end) }
        return tallest
    }

    /// Folds items `from ..< to` of a stretch into the open row, any length, storing
    /// no lane past `to` unless the placement allows it.
    @inline(never)
    static func foldInGeneral<Sink: KernelRowSink>(_ stretch: UnitStretch, from: Int, to: Int, rowThreshold: Int32,
                                                   _ state: inout FlowPackState, _ closer: FlowRowCloser<Sink>) {
        let first = stretch.first
        let n = closer.items.count
        let heights = closer.items.heights.baseAddress!
        var j = from
        while j < to {
            let m = min(laneCount, to &- j)
            let i = first &+ j
            if let x = closer.placement.x {
                let units = UnsafeRawPointer(stretch.thresholds + j).loadUnaligned(as: SIMD16<Int32>.self)
                closer.store(lk_from_units(units &- SIMD16(repeating: rowThreshold)), to: x, at: i, count: m)
            }
            if closer.needsHeights {
                let h = i &+ laneCount <= n ? Lanes.load(heights + i) : Lanes.load(heights + i, count: m)
                var lane: Int32 = 0
                let top = lk_max_first(h, Int32(m), &lane)
                if i == state.rowStart || top > state.rowHeight {
                    state.rowHeight = top
                    state.tallest = i &+ Int(lane)
                }
            }
            j &+= laneCount
        }
        state.next = first &+ to
        state.extent = Float(stretch.ends[to &- 1] &- rowThreshold &+ stretch.limit) * (1.0 / 64)
    }

    // MARK: - The scalar path

    /// Packs items `state.next ..< end` with the reference's loop: `Float` sums in item
    /// order from 0 at each row's first item; each row closes through `closer`. The open
    /// row's extent and height live in locals between closes (kept in the state, the
    /// extent's sum would wait on a store and a load each item); its tallest item is
    /// found when it closes or the call ends (`tallestOfOpenRow`), so that the loop
    /// carries no index from item to item.
    @inline(__always)
    static func packScalar<Sink: KernelRowSink>(_ items: Items, _ spacing: Spacing, limit: Float,
                                                _ state: inout FlowPackState, to end: Int,
                                                _ closer: FlowRowCloser<Sink>, _ sink: inout Sink) {
        guard let widths = items.widths.baseAddress, let heights = items.heights.baseAddress else { return }
        // The plain flow's rows: `LeanRows.scalar`.
        if case .fixed(let gap) = spacing, case .fixed(let lineGap) = closer.lineSpacing, items.flags == nil,
           let x = closer.placement.x, closer.placement.y != nil, !Sink.canStop, sink.withEveryColumn({ table in
               LeanRows.scalar(items, gap: gap, lineGap: lineGap, limit: limit, &state, to: end, closer, x: x,
                               table: &table)
           }) != nil {
            return
        }
        let x = closer.placement.x
        let fixedGap: Float = if case .fixed(let gap) = spacing { gap } else { 0 }
        let perItem = spacing == .perItem
        let flags = items.flags?.baseAddress
        let start = state.next
        var i = start, rowStart = state.rowStart
        // The open row's largest height: -infinity before its first item, so that the
        // maximum takes that item's (a -0 included), one `maxss` an item.
        var extent = state.extent, rowHeight = state.rowIsOpen ? state.rowHeight : -.infinity
        while i < end {
            let w = widths[i]
            var s: Float = 0
            if i > rowStart {
                s = perItem ? items.gapX(i &- 1, i, spacing) : fixedGap
                if extent + s + w > limit || (flags.map { $0[i] & ItemFlag.breakBefore != 0 } ?? false) {
                    state.tallest = tallestOfOpenRow(heights, state, rowStart: rowStart, from: start, to: i)
                    state.next = i
                    state.extent = extent
                    state.rowHeight = rowHeight
                    closer.close(&state, into: &sink)
                    if sink.isDone { return }
                    rowStart = i
                    extent = 0
                    rowHeight = -.infinity
                    s = 0
                }
            }
            let h = heights[i]
            rowHeight = h > rowHeight ? h : rowHeight
            let offset = extent + s
            x?[i] = offset
            extent = offset + w
            i &+= 1
        }
        if i > rowStart { state.tallest = tallestOfOpenRow(heights, state, rowStart: rowStart, from: start, to: i) }
        state.next = i
        state.extent = extent
        state.rowHeight = i > rowStart ? rowHeight : 0
    }

    /// The first item of the largest height in the open row `rowStart ..< to`, whose
    /// items before `from` (where this call began) were packed before: then the row's
    /// tallest so far is `state`'s, and only the items from `from` are read. Out of
    /// line: in the loop, its code would crowd out the row's close.
    @inline(never)
    static func tallestOfOpenRow(_ heights: UnsafePointer<Float>, _ state: FlowPackState, rowStart: Int, from: Int,
                                 to end: Int) -> Int {
        guard rowStart < from && state.rowIsOpen else { return tallestOf(heights, rowStart, end &- rowStart) }
        guard end > from else { return state.tallest }
        let tallest = tallestOf(heights, from, end &- from)
        return heights[tallest] > heights[state.tallest] ? tallest : state.tallest
    }

    /// `tallestItem`, rows of at most 16 items inline (most rows: no call, and choices
    /// without branches, which random heights would mispredict).
    @inline(__always)
    static func tallestOf(_ heights: UnsafePointer<Float>, _ first: Int, _ count: Int) -> Int {
        guard count <= laneCount else { return tallestItem(heights, first, count) }
        var tallest = first, most = heights[first]
        var i = first &+ 1
        while i < first &+ count {
            let h = heights[i]
            tallest = h > most ? i : tallest
            most = h > most ? h : most
            i &+= 1
        }
        return tallest
    }
}
