import LayoutKernelCPU
import LayoutKernelCore

/// The fast grid (lk_grid_params in layoutkernel.h). Compiled into each ISA module as module-private
/// code, like the flow kernel.
///
/// 1. Column widths, into a scratch table: the shared fill width, or each column's
///    widest item (a vector maximum: per row for 16 columns or more; for fewer, over
///    `16 / c` whole rows per vector, folded per column at the end).
/// 2. Column offsets, summed in `Double` in the reference's order.
/// 3. Row by row: the row's height (a maximum), its `y` (a `Double` sum in the
///    reference's order), its row-table entry, and its items' `y`.
/// 4. Items' `x`: per row for 16 columns or more; for fewer, one pass over all items,
///    sixteen at a time, reading column widths and offsets from tables that repeat the
///    columns (`table[j] = column[j % c]`), starting at the block's first column.
///
/// Positions are the reference's expressions, `x = Float(columnX + Double(ax *
/// (columnWidth - w)))` and `y = Float(rowY + Double(ay * (rowHeight - h)))`. When the
/// offset (`columnX` or `rowY`) is itself a `Float`, the kernel adds in `Float`
/// instead: the sum of two floats computed in `Double` and rounded to `Float` is the
/// correctly rounded sum (double rounding is innocuous for `+` since 53 >= 2 * 24 + 2,
/// Figueroa 1995), which is what the `Float` addition gives. So results are
/// bit-identical to `GridReference` for any input, on the 1/64 grid or not.
enum GridKernel {

    /// Lays out `items`: positions (when both `x` and `y` are given) and rows (to `rows`,
    /// whose columns may all be nil). Returns the size and the number of rows.
    /// - Complexity: O(n) time, O(min(c, n)) memory.
    @inline(__always)
    static func layout(_ items: Items, _ parameters: GridParameters, _ proposal: Proposal,
                       x: UnsafeMutablePointer<Float>?, y: UnsafeMutablePointer<Float>?,
                       rows: inout RowTableWriter) -> (size: Size, rows: Int) {
        let n = items.count
        let columns = GridReference.columnCount(n, parameters, proposal)
        var fillWidth: Float?
        if parameters.sizing == .fill, let width = proposal.width, width.isFinite { fillWidth = width }
        guard n > 0, let widths = items.widths.baseAddress, let heights = items.heights.baseAddress
        else { return (Size(width: fillWidth ?? 0, height: 0), 0) }
        let used = min(columns, n)
        let narrow = columns < laneCount
        // Float tables: column widths and offsets, each `used` long, or `c + 16` long
        // (repeating the columns) in a narrow grid.
        let tableLength = narrow ? columns &+ laneCount : used
        return withUnsafeTemporaryAllocation(of: Double.self, capacity: used) { offsetBuffer in
            withUnsafeTemporaryAllocation(of: Float.self, capacity: 2 &* tableLength) { floatBuffer in
                let columnX = offsetBuffer.baseAddress!
                let columnWidth = floatBuffer.baseAddress!
                let columnXFloat = columnWidth + tableLength
                if let fillWidth {
                    let share = (Double(fillWidth) - Double(columns - 1) * Double(parameters.spacing))
                        / Double(columns)
                    fillLanes(columnWidth, count: used, with: Float(max(0, share)))
                } else {
                    columnMaxima(widths, count: n, columns: columns, into: columnWidth)
                }
                var position: Double = 0
                var offsetsAreFloats = true
                for k in 0..<used {
                    columnX[k] = position
                    columnXFloat[k] = Float(position)
                    offsetsAreFloats = offsetsAreFloats && Double(columnXFloat[k]) == position
                    position = position + Double(columnWidth[k]) + Double(parameters.spacing)
                }
                let last = used &- 1
                let gridWidth = fillWidth ?? Float(columnX[last] + Double(columnWidth[last]))
                let placement = x != nil && y != nil
                let ax = parameters.alignment.x
                let ay = parameters.alignment.y
                let lineSpacing = Double(parameters.lineSpacing)

                // Rows: heights, offsets, the row table, and each item's y (and x, in a
                // grid of 16 columns or more).
                var rowY: Double = 0
                var rowHeight: Float = 0
                var rowIndex = 0
                var start = 0
                while start < n {
                    let count = min(columns, n &- start)
                    if rowIndex > 0 { rowY = rowY + Double(rowHeight) + lineSpacing }
                    rowHeight = largest(heights + start, count: count)
                    let end = count &- 1
                    rows.row(rowIndex, start: start, count: count, y: rowY,
                             width: Float(columnX[end] + Double(columnWidth[end])), height: rowHeight)
                    if placement, let x, let y {
                        placeRowY(heights + start, count: count, rowY: rowY, rowHeight: rowHeight,
                                  ay: ay, y: y + start)
                        if !narrow {
                            placeRowX(widths + start, count: count, columnX: columnX,
                                      columnXFloat: offsetsAreFloats ? columnXFloat : nil,
                                      columnWidth: columnWidth, ax: ax, x: x + start)
                        }
                    }
                    rowIndex &+= 1
                    start &+= count
                }
                if placement, narrow, let x {
                    placeNarrowX(widths, count: n, columns: columns, used: used, columnX: columnX,
                                 columnXFloat: offsetsAreFloats ? columnXFloat : nil,
                                 columnWidth: columnWidth, ax: ax, x: x)
                }
                return (Size(width: gridWidth, height: Float(rowY + Double(rowHeight))), rowIndex)
            }
        }
    }

    /// The number of rows: `ceil(n / c)`.
    @inline(__always)
    static func rowCount(_ items: Items, _ parameters: GridParameters, _ proposal: Proposal) -> Int {
        let columns = GridReference.columnCount(items.count, parameters, proposal)
        return (items.count + columns - 1) / columns
    }

    /// `out[k]` = the largest width in column `k` (`+0` for none), for the
    /// `min(columns, count)` columns that hold items.
    @inline(__always)
    static func columnMaxima(_ widths: UnsafePointer<Float>, count n: Int, columns: Int,
                             into out: UnsafeMutablePointer<Float>) {
        let used = min(columns, n)
        fillLanes(out, count: used, with: 0)
        var start = 0
        if columns < laneCount && n >= laneCount {
            // `16 / c` whole rows per vector: lane l always holds column l % c.
            let span = (laneCount / columns) &* columns
            let inSpan = Lanes.laneIndex .< Lanes(repeating: Float(span))
            var top = Lanes()
            while n &- start >= laneCount {
                top = lk_max_nonnegative(top, Lanes.load(widths + start).replacing(with: 0, where: .!inSpan))
                start &+= span
            }
            withUnsafeTemporaryAllocation(of: Lanes.self, capacity: 1) { scratch in
                let lanes = UnsafeMutableRawPointer(scratch.baseAddress!).assumingMemoryBound(to: Float.self)
                top.store(to: lanes, count: laneCount)
                for lane in 0..<span {
                    let k = lane % columns
                    out[k] = lanes[lane] > out[k] ? lanes[lane] : out[k]
                }
            }
        }
        while start < n {     // row by row (`start` is a row's first item)
            let count = min(columns, n &- start)
            let row = widths + start
            var k = 0
            while count &- k >= laneCount {
                lk_max_nonnegative(Lanes.load(out + k), Lanes.load(row + k)).store(to: out + k, count: laneCount)
                k &+= laneCount
            }
            while k < count {
                let value = row[k]
                out[k] = value > out[k] ? value : out[k]
                k &+= 1
            }
            start &+= count
        }
    }

    /// The largest of `count > 0` values (`+0` when all are zeros).
    @inline(__always)
    static func largest(_ values: UnsafePointer<Float>, count: Int) -> Float {
        if count < laneCount {
            var top: Float = 0
            for k in 0..<count {
                let value = values[k]
                top = value > top ? value : top
            }
            return top
        }
        var top = Lanes()
        var k = 0
        while k < count {
            let m = min(laneCount, count &- k)
            top = lk_max_nonnegative(
                top, m == laneCount ? Lanes.load(values + k) : Lanes.load(values + k, count: m))
            k &+= m
        }
        return lk_max_in_range(top, 0, 16)
    }

    /// One row's `y`: `Float(rowY + Double(ay * (rowHeight - h)))`, in `Float` lanes when
    /// `rowY` is a `Float` (the same result, see above).
    @inline(__always)
    static func placeRowY(_ heights: UnsafePointer<Float>, count: Int, rowY: Double,
                          rowHeight: Float, ay: Float, y: UnsafeMutablePointer<Float>) {
        let rowYFloat = Float(rowY)
        if count >= laneCount && Double(rowYFloat) == rowY {
            let top = Lanes(repeating: rowYFloat)
            let anchor = Lanes(repeating: ay)
            let height = Lanes(repeating: rowHeight)
            var k = 0
            while k < count {
                let m = min(laneCount, count &- k)
                let h = m == laneCount ? Lanes.load(heights + k) : Lanes.load(heights + k, count: m)
                (top + anchor * (height - h)).store(to: y + k, count: m)
                k &+= m
            }
            return
        }
        for k in 0..<count {
            y[k] = Float(rowY + Double(ay * (rowHeight - heights[k])))
        }
    }

    /// One row's `x` (16 columns or more): `Float(columnX + Double(ax * (columnWidth -
    /// w)))`, in `Float` lanes when every column offset is a `Float` (`columnXFloat`).
    @inline(__always)
    static func placeRowX(_ widths: UnsafePointer<Float>, count: Int, columnX: UnsafePointer<Double>,
                          columnXFloat: UnsafePointer<Float>?, columnWidth: UnsafePointer<Float>,
                          ax: Float, x: UnsafeMutablePointer<Float>) {
        guard let columnXFloat else {
            for k in 0..<count {
                x[k] = Float(columnX[k] + Double(ax * (columnWidth[k] - widths[k])))
            }
            return
        }
        let anchor = Lanes(repeating: ax)
        var k = 0
        while k < count {
            let m = min(laneCount, count &- k)
            let full = m == laneCount
            let w = full ? Lanes.load(widths + k) : Lanes.load(widths + k, count: m)
            let cw = full ? Lanes.load(columnWidth + k) : Lanes.load(columnWidth + k, count: m)
            let cx = full ? Lanes.load(columnXFloat + k) : Lanes.load(columnXFloat + k, count: m)
            (cx + anchor * (cw - w)).store(to: x + k, count: m)
            k &+= m
        }
    }

    /// Every item's `x` in a grid of fewer than 16 columns, sixteen items at a time: the
    /// column tables are extended to repeat the columns (`table[j] = column[j % c]`,
    /// `c + 16` entries), so the lanes of a block that starts in column `p` read their
    /// columns' widths and offsets at `table + p`. `columnWidth` and `columnXFloat` have
    /// room for `c + 16` entries and hold the `used` columns.
    @inline(__always)
    static func placeNarrowX(_ widths: UnsafePointer<Float>, count n: Int, columns: Int, used: Int,
                             columnX: UnsafePointer<Double>, columnXFloat: UnsafeMutablePointer<Float>?,
                             columnWidth: UnsafeMutablePointer<Float>, ax: Float,
                             x: UnsafeMutablePointer<Float>) {
        guard let columnXFloat else {
            var column = 0
            for i in 0..<n {
                x[i] = Float(columnX[column] + Double(ax * (columnWidth[column] - widths[i])))
                column &+= 1
                if column == columns { column = 0 }
            }
            return
        }
        for j in used..<(columns &+ laneCount) {
            let k = j % columns
            columnWidth[j] = k < used ? columnWidth[k] : 0
            columnXFloat[j] = k < used ? columnXFloat[k] : 0
        }
        let anchor = Lanes(repeating: ax)
        let step = laneCount % columns     // how far a block's first column moves
        var column = 0
        var i = 0
        while i < n {
            let m = min(laneCount, n &- i)
            let full = m == laneCount
            let w = full ? Lanes.load(widths + i) : Lanes.load(widths + i, count: m)
            let cx = Lanes.load(columnXFloat + column)
            let cw = Lanes.load(columnWidth + column)
            (cx + anchor * (cw - w)).store(to: x + i, count: m)
            column &+= step
            if column >= columns { column &-= columns }
            i &+= m
        }
    }
}
