import LayoutKernelCPU
import LayoutKernelCore

/// The plain flow's rows, closed one after another: the part of `FlowKernel.finishRows`
/// that most layouts spend their time in, kept apart so that its state stays in
/// registers. It serves a flow with a fixed line spacing and no forced breaks whose row
/// table has every column (any anchor: the row's shift and its items' places across
/// are values, as in the general loop), and closes each row of at most 16 items that
/// starts in the stretch, ends in it and lies away from the end of the writes: its
/// offsets (one vector store), its items' tops (one), its height (a masked maximum) and
/// its row-table entry, as the general loop would. At the first row it does not close
/// it stops and returns that row's end, found on the chain, for the general loop.
/// `scalar` is the same for the plain flow's rows off the 1/64 lattice.
struct LeanRows {
    let first: Int
    /// The open row's first item (local to the stretch) and threshold.
    var cursor: Int
    var rowThreshold: Int32
    var rows: Int
    var lastY: Double
    var lastHeight: Float
    /// The last row closed here (its first item and count), when any was.
    var lastStart = -1
    var lastCount = 0

    /// Closes rows from `cursor`; returns the end of the first row it leaves open. The
    /// chain's search runs here on the row's threshold itself, so that nothing on the
    /// chain of decisions waits on memory the loop writes.
    @inline(never)
    mutating func run(_ stretch: UnitStretch, _ starts: inout RowChain, x: UnsafeMutablePointer<Float>,
                      y: UnsafeMutablePointer<Float>, heights: UnsafePointer<Float>, gap: Double, quickEnd: Int,
                      anchor: Anchor, containerWidth: Float, table: inout RowTableWriter) -> Int {
        PackingLoop.count(LeanRows.self)
        let thresholds = stretch.thresholds, ends = stretch.ends, limit = stretch.limit, count = stretch.count
        var columns = EveryColumn(table)
        // Items by their index in the stretch.
        let x = x + first, y = y + first, heights = heights + first
        let lastCursor = quickEnd &- first
        let ax = anchor.x, ay = anchor.y
        var cursor = self.cursor, rowThreshold = self.rowThreshold, rows = self.rows
        var lastY = self.lastY, lastHeight = self.lastHeight
        var e = 0
        while true {
            // The chain: the first item past the open row's threshold (`RowChain.next`).
            var j = cursor &+ 1
            var bits = lk_bits_past(ends + j, rowThreshold)
            while bits == 0 {
                j &+= laneCount
                bits = lk_bits_past(ends + j, rowThreshold)
            }
            e = j &+ bits.trailingZeroBitCount  // at most `count`: the sums past it are sentinels
            let m = e &- cursor
            guard e < count && m <= laneCount && cursor <= lastCursor else { break }
            let widthUnits = ends[e &- 1] &- rowThreshold &+ limit
            let width = Float(widthUnits) * (1.0 / 64)
            let units = UnsafeRawPointer(thresholds + cursor).loadUnaligned(as: SIMD16<Int32>.self)
            var offsets = lk_from_units(units &- SIMD16(repeating: rowThreshold))
            if ax != 0 { offsets += Lanes(repeating: ax * (containerWidth - width)) }
            UnsafeMutableRawPointer(x + cursor).storeBytes(of: offsets, as: Lanes.self)
            let h = Lanes.load(heights + cursor)
            let height = lk_max_of_first(h, Int32(truncatingIfNeeded: m))
            let top = rows == 0 ? 0 : lastY + Double(lastHeight) + gap
            // Each item at `top + ay * (height - h)`, rounded once (the top itself for ay = 0).
            let itemTops = ay == 0 ? Lanes(repeating: Float(top))
                : lk_add_rounded(top, Lanes(repeating: ay) * (Lanes(repeating: height) - h))
            UnsafeMutableRawPointer(y + cursor).storeBytes(of: itemTops, as: Lanes.self)
            columns.row(rows, start: first &+ cursor, count: m, y: top, width: width, height: height)
            rows &+= 1
            lastY = top
            lastHeight = height
            rowThreshold = thresholds[e]
            cursor = e
        }
        // The chain goes on from the row handed back, as `RowChain.next` leaves it.
        if e < count {
            starts.threshold = thresholds[e]
            starts.from = e &+ 1
        }
        if rows != self.rows {
            columns.keep(in: &table, rows: rows, lastY: lastY, lastHeight: lastHeight)
            lastStart = Int(columns.start[rows &- 1])
            lastCount = Int(columns.count[rows &- 1])
        }
        self.cursor = cursor
        self.rowThreshold = rowThreshold
        self.rows = rows
        self.lastY = lastY
        self.lastHeight = lastHeight
        return e
    }
}

extension LeanRows {
    /// The plain flow's rows off the 1/64 lattice (`FlowKernel.packScalar`'s loop, with
    /// what the plain flow needs of it): items `state.next ..< end` packed with `Float`
    /// sums in item order, a fixed `gap` between items and `lineGap` between rows, no
    /// forced breaks, every row-table column. Each row's height is a maximum (its
    /// first item of that height is found only for the rows the state keeps), and each
    /// row closes as `FlowRowCloser.close` closes it. The open row at `end` stays in
    /// `state`.
    @inline(never)
    static func scalar<Sink: KernelRowSink>(_ items: Items, gap: Float, lineGap: Float, limit: Float,
                                            _ state: inout FlowPackState, to end: Int,
                                            _ closer: FlowRowCloser<Sink>, x: UnsafeMutablePointer<Float>,
                                            table: inout RowTableWriter) {
        PackingLoop.count(LeanRows.self)
        let widths = items.widths.baseAddress!, heights = items.heights.baseAddress!
        var columns = EveryColumn(table)
        let lineGap = Double(lineGap)
        var i = state.next, rowStart = state.rowStart, rows = state.rows
        var lastY = state.lastY, lastHeight = state.lastHeight
        // The open row's largest height: -infinity before its first item, so that the
        // maximum takes that item's (a -0 included, as the reference keeps it).
        var extent = state.extent, rowHeight = state.rowIsOpen ? state.rowHeight : -.infinity
        var lastClosed = -1  // the last row closed here, by its first item
        while i < end {
            let w = widths[i]
            var s: Float = 0
            if i > rowStart {
                s = gap
                if extent + s + w > limit {
                    let height: Float = rowHeight == 0 ? 0 : rowHeight  // +0 for zero heights
                    let top = rows == 0 ? 0 : lastY + Double(lastHeight) + lineGap
                    closer.place(first: rowStart, count: i &- rowStart, top: top, height: height, width: extent)
                    columns.row(rows, start: rowStart, count: i &- rowStart, y: top, width: extent, height: height)
                    rows &+= 1
                    lastY = top
                    lastHeight = height
                    lastClosed = rowStart
                    rowStart = i
                    extent = 0
                    rowHeight = -.infinity
                    s = 0
                }
            }
            let h = heights[i]
            rowHeight = h > rowHeight ? h : rowHeight
            let offset = extent + s
            x[i] = offset
            extent = offset + w
            i &+= 1
        }
        if lastClosed >= 0 {
            columns.keep(in: &table, rows: rows, lastY: lastY, lastHeight: lastHeight)
            state.lastTallest = FlowKernel.tallestItem(heights, lastClosed, rowStart &- lastClosed)
        }
        state.next = i
        state.rowStart = rowStart
        state.rows = rows
        state.lastY = lastY
        state.lastHeight = lastHeight
        state.extent = extent
        if i > rowStart {
            state.rowHeight = rowHeight
            state.tallest = FlowKernel.tallestItem(heights, rowStart, i &- rowStart)
        } else {
            state.rowHeight = 0
        }
    }
}

/// A row table with every column (`RowTableWriter.withEveryColumn`), as the lean rows
/// write it: `RowTableWriter.row` without a test per column. The loop keeps its rows'
/// count and last top and height itself; `keep` hands them and the widest row back
/// to the table's extent, as `RowTableWriter.row` would have kept them.
struct EveryColumn {
    let start: UnsafeMutablePointer<Int64>, count: UnsafeMutablePointer<Int64>
    let y: UnsafeMutablePointer<Double>
    let width: UnsafeMutablePointer<Float>, height: UnsafeMutablePointer<Float>
    var widest: Float

    @inline(__always)
    init(_ table: RowTableWriter) {
        start = table.start!
        count = table.count!
        y = table.y!
        width = table.width!
        height = table.height!
        widest = table.extent.widest
    }

    @inline(__always)
    mutating func row(_ index: Int, start first: Int, count items: Int, y top: Double, width rowWidth: Float,
                      height rowHeight: Float) {
        start[index] = Int64(first)
        count[index] = Int64(items)
        y[index] = top
        width[index] = rowWidth
        height[index] = rowHeight
        widest = max(widest, rowWidth)
    }

    /// After rows were written: `rows` in all, the last at `lastY`, `lastHeight` tall.
    @inline(__always)
    func keep(in table: inout RowTableWriter, rows: Int, lastY: Double, lastHeight: Float) {
        table.extent.rows = rows
        table.extent.widest = widest
        table.extent.lastY = lastY
        table.extent.lastHeight = lastHeight
    }
}
