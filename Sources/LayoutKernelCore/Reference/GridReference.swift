/// The scalar reference of the grid (lk_grid_params in layoutkernel.h), written as the spec's steps.
public enum GridReference {

    public static func layout(_ items: Items, _ parameters: GridParameters,
                              _ proposal: Proposal) -> Layout {
        positions(items, parameters, proposal).rounded
    }

    /// `layout` before its positions are rounded to `Float`: `x[i] = columnX +
    /// ax * (columnWidth - w[i])` and `y[i] = rowY + ay * (rowHeight - h[i])`, the
    /// offsets in `Double`, the corrections in `Float`.
    static func positions(_ items: Items, _ parameters: GridParameters, _ proposal: Proposal) -> ExactLayout {
        let columns = columnCount(items.count, parameters, proposal)
        let widths = columnWidths(items, columns: columns, parameters, proposal)
        let columnX = offsets(widths, gap: parameters.spacing)
        var rows = rowsOf(items, columns: columns, columnX: columnX, widths: widths, parameters)
        stackRows(&rows, lineSpacing: parameters.lineSpacing)
        let size = containerSize(widths, columnX: columnX, rows: rows, parameters, proposal)
        var x = [Double](repeating: 0, count: items.count)
        var y = [Double](repeating: 0, count: items.count)
        let anchor = parameters.alignment
        for row in rows {
            for i in row.start..<(row.start + row.count) {
                let column = i - row.start
                x[i] = columnX[column] + Double(anchor.x * (widths[column] - items.widths[i]))
                y[i] = row.y + Double(anchor.y * (row.height - items.heights[i]))
            }
        }
        return ExactLayout(size: size, x: x, y: y, rows: rows)
    }

    public static func size(_ items: Items, _ parameters: GridParameters, _ proposal: Proposal) -> Size {
        layout(items, parameters, proposal).size
    }

    public static func rowCount(_ items: Items, _ parameters: GridParameters, _ proposal: Proposal) -> Int {
        let columns = columnCount(items.count, parameters, proposal)
        return (items.count + columns - 1) / columns
    }

    // MARK: - The steps

    /// Step 1. The column count `c`: a fixed count; or adaptive,
    /// `max(1, floor((W + spacing) / (m + spacing)))` for a finite proposal width `W` and
    /// one per item otherwise (at least 1).
    public static func columnCount(_ n: Int, _ parameters: GridParameters, _ proposal: Proposal) -> Int {
        switch parameters.columns {
        case .count(let count):
            return count
        case .adaptive(let minimumWidth):
            guard let width = proposal.width, width.isFinite else { return max(1, n) }
            let fit = (Double(width) + Double(parameters.spacing))
                / (Double(minimumWidth) + Double(parameters.spacing))
            return max(1, Int(min(fit.rounded(.down), 0x1p52)))  // no Int overflow for huge widths
        }
    }

    /// Step 2. Column widths, for the columns that hold items (`min(c, n)`): `fill` with a
    /// finite proposal width shares it, `max(0, (W - (c - 1) * spacing) / c)`; otherwise
    /// each column is as wide as its widest item.
    static func columnWidths(_ items: Items, columns: Int, _ parameters: GridParameters,
                             _ proposal: Proposal) -> [Float] {
        let used = min(columns, items.count)
        if parameters.sizing == .fill, let width = proposal.width, width.isFinite {
            return fillWidths(columns, width, parameters, used: used)
        }
        var widths = [Float](repeating: 0, count: used)
        for i in 0..<items.count where items.widths[i] > widths[i % columns] {
            widths[i % columns] = items.widths[i]
        }
        return widths
    }

    /// The widths of `used` (default: all) of `columns` columns sharing the finite width
    /// `width`: `max(0, (width - (columns - 1) * spacing) / columns)` each.
    public static func fillWidths(_ columns: Int, _ width: Float, _ parameters: GridParameters,
                                  used: Int? = nil) -> [Float] {
        let share = (Double(width) - Double(columns - 1) * Double(parameters.spacing)) / Double(columns)
        return [Float](repeating: Float(max(0, share)), count: used ?? columns)
    }

    /// Each column's x: the widths and gaps before it, summed in `Double`.
    public static func offsets(_ widths: [Float], gap: Float) -> [Double] {
        var x: [Double] = []
        var position: Double = 0
        for width in widths {
            x.append(position)
            position = position + Double(width) + Double(gap)
        }
        return x
    }

    /// Step 3. Rows of `c` items: each as tall as its tallest item, as wide as its cells.
    static func rowsOf(_ items: Items, columns: Int, columnX: [Double], widths: [Float],
                       _ parameters: GridParameters) -> [Row] {
        stride(from: 0, to: items.count, by: columns).map { start in
            let count = min(columns, items.count - start)
            let height = (start..<(start + count)).reduce(Float(0)) {
                items.heights[$1] > $0 ? items.heights[$1] : $0
            }
            let width = Float(columnX[count - 1] + Double(widths[count - 1]))
            return Row(start: start, count: count, y: 0, width: width, height: height)
        }
    }

    /// Step 4. Row offsets: heights and line spacing summed in `Double`.
    static func stackRows(_ rows: inout [Row], lineSpacing: Float) {
        var y: Double = 0
        for r in rows.indices {
            if r > 0 { y = y + Double(rows[r - 1].height) + Double(lineSpacing) }
            rows[r].y = y
        }
    }

    /// Step 5. The size: the columns' widths and gaps (the proposal width with `fill` and a
    /// finite width) by the rows' heights and gaps.
    static func containerSize(_ widths: [Float], columnX: [Double], rows: [Row],
                              _ parameters: GridParameters, _ proposal: Proposal) -> Size {
        let height = rows.last.map { Float($0.y + Double($0.height)) } ?? 0
        if parameters.sizing == .fill, let width = proposal.width, width.isFinite {
            return Size(width: width, height: height)
        }
        let width = widths.isEmpty ? 0 : Float(columnX[widths.count - 1] + Double(widths[widths.count - 1]))
        return Size(width: width, height: height)
    }
}
