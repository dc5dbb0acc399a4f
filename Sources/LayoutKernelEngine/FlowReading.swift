import LayoutKernelCore

/// Positions read from a flow's rows: each item's `x` is its row's `Float` sum up to it
/// (gap, then width, from 0 at the row's first item) plus the row's alignment shift, its
/// `y` the row's top plus its alignment in the row, rounded once: the kernels' values,
/// bit for bit. Reading touches only the rows asked about.
extension FlowRows {

    /// The container size for `proposal`: the minimum size when both axes are specified
    /// and the items' largest width and height exceed them (`minimum`), else a finite
    /// proposal width (or the widest row) by the rows' height.
    func size(_ proposal: Proposal, minimum: Size?) -> Size {
        if let minimum { return minimum }
        let last = rowCount == 0 ? nil : record(rowCount - 1)
        let height: Float = last.map { Float($0.top + Double($0.height)) } ?? 0
        return Size(width: proposal.width.flatMap { $0.isFinite ? $0 : nil } ?? widest, height: height)
    }

    /// The container's width for `proposal`: the minimum size's (`minimum`, as `size`
    /// takes it), a finite proposal width, or the widest row. O(1).
    func containerWidth(_ proposal: Proposal, minimum: Size?) -> Float {
        minimum?.width ?? proposal.width.flatMap { $0.isFinite ? $0 : nil } ?? widest
    }

    /// Calls `body(i, x, y, items, j)` for every item of rows `rows`, in order, after
    /// calling `starting` with their number: `x` and `y` before their rounding to `Float`
    /// (`x` is a `Float` sum; `y` the row's top plus the item's place in the row, in
    /// `Double`), `items[j]` the item. The items come from `store` through `staging`.
    @inline(__always)
    func forEachItem(ofRows rows: Range<Int>, _ store: ItemStore, _ staging: Staging, _ parameters: FlowParameters,
                     containerWidth: Float, starting: (Int) -> Void = { _ in },
                     _ body: (Int, Double, Double, Items, Int) -> Void) {
        guard let (first, items) = stage(rows, store, staging) else { return }
        starting(items.count)
        let ax = parameters.alignment.x, ay = parameters.alignment.y
        self.rows.forEach(rows) { _, row in
            let shift = ax * (containerWidth - row.width)
            Self.forEachOffset(items, row: row.start - first, count: row.count, parameters.spacing) { j, offset in
                let y = ay == 0 ? row.top : row.top + Double(ay * (row.height - items.heights[j]))
                body(first + j, Double(offset + shift), y, items, j)
            }
        }
    }

    /// The items of rows `rows` (a non-empty range), staged in the rows' view (`axis`),
    /// and the first one's index; nil for no rows.
    @inline(__always)
    func stage(_ rows: Range<Int>, _ store: ItemStore, _ staging: Staging) -> (first: Int, items: Items)? {
        guard !rows.isEmpty else { return nil }
        var first = 0, end = 0
        self.rows.forEach(rows) { r, row in
            if r == rows.lowerBound { first = row.start }
            end = row.start + row.count
        }
        return (first, store.stage(first..<end, into: staging, axis, breaks: breaks))
    }

    /// Calls `body(j, offset)` for items `first ..< first + count` of `items` (a row of
    /// them), in order, with each one's offset in the row: the `Float` sums from 0 at
    /// the row's first item (gap, then width), as the packing computes them.
    @inline(__always)
    static func forEachOffset(_ items: Items, row first: Int, count: Int, _ spacing: Spacing,
                              _ body: (Int, Float) -> Void) {
        let fixed: Float = if case .fixed(let gap) = spacing { gap } else { 0 }
        let perItem = spacing == .perItem
        var extent: Float = 0
        for j in first..<(first + count) {
            let gap: Float = j == first ? 0 : (perItem ? items.gapX(j - 1, j, .perItem) : fixed)
            let offset = extent + gap
            extent = offset + items.widths[j]
            body(j, offset)
        }
    }

    /// The rows that hold items `range` (a non-empty range of items).
    func rows(holding range: Range<Int>) -> Range<Int> {
        row(holding: range.lowerBound)..<(row(holding: range.upperBound - 1) + 1)
    }

    /// The rows whose vertical extent `[top, top + height)` meets `[y0, y1)`, widened by
    /// two `Float` ulps at that height: items' frames are their `Float` positions (a top
    /// rounded to `Float`, plus a height in `Float`), which may lie that far outside
    /// their row's `Double` extent, so the callers test each item's frame. Tops and
    /// bottoms both rise from row to row: two binary searches find them. O(log rows).
    func rows(overlapping y0: Double, _ y1: Double) -> Range<Int> {
        let slack = max(abs(y0), abs(y1)) * 0x1p-22
        let first = rows.firstRow { $0.top + Double($0.height) > y0 - slack }
        let past = rows.firstRow { $0.top >= y1 + slack }
        return first..<max(first, past)
    }
}
