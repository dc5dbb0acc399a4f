import LayoutKernelCPU
import LayoutKernelCore

/// The plain flow's rows, closed one after another: the part of `FlowKernel.finishRows`
/// that most layouts spend their time in, kept apart so that its state stays in
/// registers. It serves a top-leading flow with a fixed line spacing whose row table
/// has every column, and closes each row of at most 16 items that starts in the
/// stretch, ends in it and lies away from the end of the writes: its offsets (one
/// vector store), its items' tops (one), its height (a masked maximum) and its
/// row-table entry, as the general loop would. At the first row it does not close it
/// stops and returns that row's end, found on the chain, for the general loop.
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

    /// Closes rows from `cursor`; returns the end of the first row it leaves open.
    @inline(never)
    mutating func run(_ stretch: UnitStretch, _ starts: inout RowChain, x: UnsafeMutablePointer<Float>,
                      y: UnsafeMutablePointer<Float>, heights: UnsafePointer<Float>, gap: Double, quickEnd: Int,
                      table: inout RowTableWriter) -> Int {
        PackingLoop.count(LeanRows.self)
        let thresholds = stretch.thresholds, ends = stretch.ends, limit = stretch.limit, count = stretch.count
        let rowStarts = table.start!, counts = table.count!, tops = table.y!, widths = table.width!
        let rowHeights = table.height!
        var widest = table.extent.widest
        var cursor = self.cursor, rowThreshold = self.rowThreshold, rows = self.rows
        var lastY = self.lastY, lastHeight = self.lastHeight
        var lastStart = -1, lastCount = 0
        var chain = starts
        defer { starts = chain }
        var e = 0
        while true {
            e = chain.next()
            let i = first &+ cursor
            let m = e &- cursor
            guard e < count && m <= laneCount && i <= quickEnd else { break }
            let widthUnits = ends[e &- 1] &- rowThreshold &+ limit
            let width = Float(widthUnits) * (1.0 / 64)
            let units = UnsafeRawPointer(thresholds + cursor).loadUnaligned(as: SIMD16<Int32>.self)
            UnsafeMutableRawPointer(x + i).storeBytes(of: lk_from_units(units &- SIMD16(repeating: rowThreshold)),
                                                      as: Lanes.self)
            let height = lk_max_in_range(Lanes.load(heights + i), 0, Int32(truncatingIfNeeded: m))
            let top = rows == 0 ? 0 : lastY + Double(lastHeight) + gap
            UnsafeMutableRawPointer(y + i).storeBytes(of: Lanes(repeating: Float(top)), as: Lanes.self)
            rowStarts[rows] = Int64(i)
            counts[rows] = Int64(m)
            tops[rows] = top
            widths[rows] = width
            rowHeights[rows] = height
            widest = max(widest, width)
            lastStart = i
            lastCount = m
            rows &+= 1
            lastY = top
            lastHeight = height
            rowThreshold = thresholds[e]
            cursor = e
        }
        if rows != self.rows {
            // What `RowTableWriter.row` keeps of each row.
            table.extent.rows = rows
            table.extent.widest = widest
            table.extent.lastY = lastY
            table.extent.lastHeight = lastHeight
            self.lastStart = lastStart
            self.lastCount = lastCount
        }
        self.cursor = cursor
        self.rowThreshold = rowThreshold
        self.rows = rows
        self.lastY = lastY
        self.lastHeight = lastHeight
        return e
    }
}
