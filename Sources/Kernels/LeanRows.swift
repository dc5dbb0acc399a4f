import LayoutKernelCPU
import LayoutKernelCore

/// The rows of the flow's exact path closed one after another: the part of
/// `FlowKernel.finishRows` that most layouts spend their time in, kept apart so that its
/// state stays in registers. It closes each row of at most 16 items that starts in the
/// stretch, ends in it and lies away from the end of the writes, for a flow with a fixed
/// line spacing and no forced breaks: its offsets or places along (one vector store),
/// its height (a masked maximum), and what its `Rule` does with the row, as the general
/// loop would. At the first row it does not close it stops and returns that row's end,
/// found on the chain, for the general loop.
///
/// Two rules, one compiled loop each: `PlainRows`, the plain flow's rows into a row table
/// with every column (any anchor: the row's shift and its items' places across are
/// values, as in the general loop), and `LeanLines`, a featured flow's straight lines
/// when they go along by whole units (each line grown when its items grow, placed along
/// by its rule, then across, as `FeatureSink` places them). `scalar` is the plain flow's rows
/// off the 1/64 lattice.
struct LeanRows {
    let first: Int
    /// The open row's first item (local to the stretch) and threshold.
    var cursor: Int
    var rowThreshold: Int32
    var rows: Int
    var lastY: Double
    var lastHeight: Float
    /// The last row closed here (its first item and count).
    var lastStart = -1
    var lastCount = 0

    /// Closes rows from `cursor` by `rule`, the first ending at `end` (the caller found it
    /// and checked that this loop closes it: at most 16 items, in the stretch, `cursor` at
    /// most `quickEnd - first`); returns the end of the first row it leaves open. The
    /// chain's search runs here on the row's threshold itself, so that nothing on the
    /// chain of decisions waits on memory the loop writes.
    @inline(never)
    mutating func run<Rule: LeanRowRule>(_ stretch: UnitStretch, _ starts: inout RowChain, end: Int,
                                         x: UnsafeMutablePointer<Float>, heights: UnsafePointer<Float>,
                                         quickEnd: Int, _ rule: inout Rule) -> Int {
        PackingLoop.countLean(Rule.self)
        let thresholds = stretch.thresholds, ends = stretch.ends, limit = stretch.limit, count = stretch.count
        var local = rule
        defer { rule = local }
        // Items by their index in the stretch.
        let x = x + first, heights = heights + first
        let lastCursor = quickEnd &- first
        var cursor = self.cursor, rowThreshold = self.rowThreshold, rows = self.rows
        var lastY = self.lastY, lastHeight = self.lastHeight
        var lastStart = -1
        var e = end
        var m = e &- cursor
        repeat {
            let widthUnits = ends[e &- 1] &- rowThreshold &+ limit
            let width = Float(widthUnits) * (1.0 / 64)
            let offsets = UnsafeRawPointer(thresholds + cursor).loadUnaligned(as: SIMD16<Int32>.self)
                &- SIMD16(repeating: rowThreshold)
            let places = local.along(start: first &+ cursor, offsets: offsets, ends: ends + cursor,
                                     from: rowThreshold &- limit, count: m, extent: widthUnits, width: width)
            UnsafeMutableRawPointer(x + cursor).storeBytes(of: places, as: Lanes.self)
            let h = Lanes.load(heights + cursor)
            let height = lk_max_of_first(h, Int32(truncatingIfNeeded: m))
            lastY = local.close(rows, start: first &+ cursor, count: m, width: width, heights: h, height: height,
                                lastY: lastY, lastHeight: lastHeight)
            rows &+= 1
            lastHeight = height
            lastStart = cursor
            rowThreshold = thresholds[e]
            cursor = e
            // The chain: the first item past the open row's threshold (`RowChain.next`).
            var j = cursor &+ 1
            var bits = lk_bits_past(ends + j, rowThreshold)
            while bits == 0 {
                j &+= laneCount
                bits = lk_bits_past(ends + j, rowThreshold)
            }
            e = j &+ bits.trailingZeroBitCount  // at most `count`: the sums past it are sentinels
            m = e &- cursor
        } while e < count && m <= laneCount && cursor <= lastCursor
        // The chain goes on from the row handed back, as `RowChain.next` leaves it.
        if e < count {
            starts.threshold = thresholds[e]
            starts.from = e &+ 1
        }
        self.lastStart = first &+ lastStart
        lastCount = cursor &- lastStart
        self.cursor = cursor
        self.rowThreshold = rowThreshold
        self.rows = rows
        self.lastY = lastY
        self.lastHeight = lastHeight
        return e
    }
}

/// What `LeanRows` does with each row it closes.
protocol LeanRowRule {
    /// The places along of a row's items `start ..< start + count`, from their `offsets`
    /// in the row (units; lanes past `count` belong to later items), whose ends are
    /// `ends[k] - from` (units), the row `extent` units (`width` px) long.
    mutating func along(start: Int, offsets: SIMD16<Int32>, ends: UnsafePointer<Int32>, from: Int32, count: Int,
                        extent: Int32, width: Float) -> Lanes
    /// Closes row `index` (items `start ..< start + count`, `heights` their heights in
    /// lanes, `height` the row's), after one at `lastY`, `lastHeight` tall; returns the
    /// row's top as the packing's state keeps it.
    mutating func close(_ index: Int, start: Int, count: Int, width: Float, heights: Lanes, height: Float,
                        lastY: Double, lastHeight: Float) -> Double
}

/// The plain flow's rows as `LeanRows` closes them: offsets shifted by the anchor, the
/// items' tops (one vector store), every row-table column (`EveryColumn`).
struct PlainRows: LeanRowRule {
    var columns: EveryColumn
    let y: UnsafeMutablePointer<Float>
    let anchor: Anchor
    let containerWidth: Float
    /// The gap between rows (px).
    let gap: Double

    @inline(__always)
    func along(start _: Int, offsets: SIMD16<Int32>, ends _: UnsafePointer<Int32>, from _: Int32, count _: Int,
               extent _: Int32, width: Float) -> Lanes {
        let places = lk_from_units(offsets)
        return anchor.x == 0 ? places : places + Lanes(repeating: anchor.x * (containerWidth - width))
    }

    @inline(__always)
    mutating func close(_ index: Int, start: Int, count: Int, width: Float, heights h: Lanes, height: Float,
                        lastY: Double, lastHeight: Float) -> Double {
        let top = index == 0 ? 0 : lastY + Double(lastHeight) + gap
        let ay = anchor.y
        // Each item at `top + ay * (height - h)`, rounded once (the top itself for ay = 0).
        let tops = ay == 0 ? Lanes(repeating: Float(top))
            : lk_add_rounded(top, Lanes(repeating: ay) * (Lanes(repeating: height) - h))
        UnsafeMutableRawPointer(y + start).storeBytes(of: tops, as: Lanes.self)
        columns.row(index, start: start, count: count, y: top, width: width, height: height)
        return top
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
        PackingLoop.countLean(PlainRows.self)
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
