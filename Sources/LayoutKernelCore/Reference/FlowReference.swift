/// The scalar reference of the flow (SPEC.md section 2), written as the spec's steps.
///
/// It is the oracle every fast path is checked against: short and obvious, not fast.
/// It allocates its result arrays. All inputs are assumed valid (see `Items`).
///
/// Precision: offsets within a row accumulate in `Float`, in the spec's order
/// (`x + s`, then `+ w`); row offsets accumulate in `Double` and are rounded to `Float`
/// once, when an item's `y` is written.
public enum FlowReference {

    /// A laid-out flow: the layout and, per row, the index of its tallest item.
    public static func layout(_ items: Items, _ parameters: FlowParameters,
                              _ proposal: Proposal) -> Layout {
        let limit = rowLimit(proposal)
        var (offsets, rows, tallest) = packRows(items, spacing: parameters.spacing, limit: limit)
        stackRows(&rows, tallest: tallest, items, lineSpacing: parameters.lineSpacing)
        let size = containerSize(items, rows: rows, proposal: proposal)
        let (x, y) = place(items, rows: rows, offsets: offsets, in: size,
                           alignment: parameters.alignment)
        return Layout(size: size, x: x, y: y, rows: rows)
    }

    /// The container size `layout` reports, without placing anything.
    public static func size(_ items: Items, _ parameters: FlowParameters,
                            _ proposal: Proposal) -> Size {
        var (_, rows, tallest) = packRows(items, spacing: parameters.spacing,
                                          limit: rowLimit(proposal))
        stackRows(&rows, tallest: tallest, items, lineSpacing: parameters.lineSpacing)
        return containerSize(items, rows: rows, proposal: proposal)
    }

    /// The number of rows at row limit `width` (`nil` = unspecified).
    public static func rowCount(_ items: Items, _ parameters: FlowParameters,
                                width: Float?) -> Int {
        packRows(items, spacing: parameters.spacing,
                 limit: rowLimit(Proposal(width: width, height: nil))).rows.count
    }

    // MARK: - The steps

    /// Step 1. The row limit `W`: the proposal's width when specified (finite or
    /// `+infinity`), otherwise `+infinity` (one row, but for forced breaks).
    public static func rowLimit(_ proposal: Proposal) -> Float {
        proposal.width ?? .infinity
    }

    /// Step 2. Greedy packing, in item order: each item's offset in its row, and the
    /// rows (start, count, width; `y` and `height` are filled in by step 3).
    ///
    /// An item goes on the current row unless the row is non-empty and the item would
    /// end past `limit` or is flagged break-before. The gap counts only between two
    /// items of a row, so an item wider than `limit` still gets a row of its own (it
    /// overflows; it is never dropped or shrunk), and zero-size items fit anywhere
    /// their gap does.
    static func packRows(_ items: Items, spacing: Spacing,
                         limit: Float) -> (offsets: [Float], rows: [Row], tallest: [Int]) {
        var offsets = [Float](repeating: 0, count: items.count)
        var rows: [Row] = []
        var tallest: [Int] = []
        var x: Float = 0
        var rowStart = 0
        var tallestInRow = 0

        func closeRow(end: Int) {
            let height = items.heights[tallestInRow]
            rows.append(Row(start: rowStart, count: end - rowStart, y: 0, width: x,
                            height: height == 0 ? 0 : height))  // +0 for a row of zero heights
            tallest.append(tallestInRow)
        }

        for i in 0..<items.count {
            let rowIsEmpty = i == rowStart
            var s: Float = rowIsEmpty ? 0 : items.gapX(i - 1, i, spacing)
            if !rowIsEmpty && (x + s + items.widths[i] > limit || items.breaksBefore(i)) {
                closeRow(end: i)
                rowStart = i
                s = 0
                x = 0
            }
            if i == rowStart || items.heights[i] > items.heights[tallestInRow] {
                tallestInRow = i  // the first item of the largest height
            }
            offsets[i] = x + s
            x = x + s + items.widths[i]
        }
        if items.count > 0 { closeRow(end: items.count) }
        return (offsets, rows, tallest)
    }

    /// Step 3. Row heights and offsets: row 0 at `y = 0`; row `r` at
    /// `y[r-1] + height[r-1] + gapY(tallest[r-1], tallest[r])`, summed in `Double`.
    static func stackRows(_ rows: inout [Row], tallest: [Int], _ items: Items,
                          lineSpacing: Spacing) {
        var y: Double = 0
        for r in rows.indices {
            if r > 0 {
                let gap = items.gapY(tallest[r - 1], tallest[r], lineSpacing)
                y = y + Double(rows[r - 1].height) + Double(gap)
            }
            rows[r].y = y
        }
    }

    /// The largest width and the largest height over all items; `(0, 0)` for none.
    public static func minSize(_ items: Items) -> Size {
        var size = Size.zero
        for i in 0..<items.count {
            size.width = max(size.width, items.widths[i])
            size.height = max(size.height, items.heights[i])
        }
        return size
    }

    /// Step 4. The container size.
    ///
    /// If both proposal axes are specified and `minSize` exceeds the proposal on both,
    /// the size is `minSize` (macOS proposes `.zero` to learn a window's minimum size).
    /// Otherwise the width is a finite proposal width, else the widest row, and the
    /// height is the last row's bottom (0 for no items); the proposal's height never
    /// changes the rows.
    static func containerSize(_ items: Items, rows: [Row], proposal: Proposal) -> Size {
        if let pw = proposal.width, let ph = proposal.height {
            let minimum = minSize(items)
            if minimum.width > pw && minimum.height > ph { return minimum }
        }
        let width: Float
        if let pw = proposal.width, pw.isFinite {
            width = pw
        } else {
            width = rows.reduce(0) { max($0, $1.width) }
        }
        let height = rows.last.map { Float($0.y + Double($0.height)) } ?? 0
        return Size(width: width, height: height)
    }

    /// Step 5. Placement in bounds of `size` at the origin:
    /// `x[i] = offset(i) + ax * (containerWidth - rowWidth)` (negative free space makes
    /// a centred or trailing overflowing row overflow to the left), and
    /// `y[i] = rowY + ay * (rowHeight - h[i])`, rounded to `Float` once.
    static func place(_ items: Items, rows: [Row], offsets: [Float], in size: Size,
                      alignment: Anchor) -> (x: [Float], y: [Float]) {
        var x = [Float](repeating: 0, count: items.count)
        var y = [Float](repeating: 0, count: items.count)
        for row in rows {
            let shift = alignment.x * (size.width - row.width)
            for i in row.start..<(row.start + row.count) {
                x[i] = offsets[i] + shift
                y[i] = Float(row.y + Double(alignment.y * (row.height - items.heights[i])))
            }
        }
        return (x, y)
    }
}
