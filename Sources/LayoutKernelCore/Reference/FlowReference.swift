/// The scalar reference of the flow (lk_flow_layout in layoutkernel.h), written as the spec's steps.
///
/// It is the oracle every fast path is checked against: short and obvious, not fast.
/// It allocates its result arrays. All inputs are assumed valid (see `Items`).
///
/// Precision: offsets within a row accumulate in `Float`, in the spec's order
/// (`x + s`, then `+ w`), from 0 at the row's first item; row tops accumulate in
/// `Double` and are rounded to `Float` once, when an item's `y` is written.
///
/// Packing (steps 2 and 3) is resumable, with the shape every fast path shares: `pack`
/// goes on from a `FlowPackState` to any item and can stop after any row, and `finish`
/// closes the last row.
public enum FlowReference {

    /// A laid-out flow.
    public static func layout(_ items: Items, _ parameters: FlowParameters,
                              _ proposal: Proposal) -> Layout {
        if items.needsClamping {
            return FlowFeatures.withClampedSizes(items) { layout($0, parameters, proposal) }
        }
        if parameters.maxLines != nil {
            return KeptLines.layout(items, parameters, proposal) { items, inner, proposal in
                inner.wrap == .balance ? FlowFeatures.layoutOfLines(items, inner, proposal) : layout(items, inner, proposal)
            }
        }
        if FlowFeatures.applies(parameters, items) { return FlowFeatures.layout(items, parameters, proposal) }
        var offsets = [Float](repeating: 0, count: items.count)
        var rows = RowCollector()
        offsets.withUnsafeMutableBufferPointer { buffer in
            packAll(items, parameters, rowLimit(proposal), offsets: buffer.baseAddress, into: &rows)
        }
        let size = containerSize(items, rows: rows.rows, proposal: proposal)
        let (x, y) = place(items, rows: rows.rows, offsets: offsets, in: size,
                           alignment: parameters.alignment)
        return Layout(size: size, x: x, y: y, rows: rows.rows)
    }

    /// The container size `layout` reports, without placing anything.
    public static func size(_ items: Items, _ parameters: FlowParameters,
                            _ proposal: Proposal) -> Size {
        if FlowFeatures.applies(parameters, items) || parameters.maxLines != nil {
            return layout(items, parameters, proposal).size
        }
        var rows = RowCollector()
        packAll(items, parameters, rowLimit(proposal), offsets: nil, into: &rows)
        return containerSize(items, rows: rows.rows, proposal: proposal)
    }

    /// The number of rows for `proposal` (lines: columns, for a vertical flow).
    public static func rowCount(_ items: Items, _ parameters: FlowParameters, _ proposal: Proposal) -> Int {
        if items.needsClamping {
            return FlowFeatures.withClampedSizes(items) { rowCount($0, parameters, proposal) }
        }
        if parameters.maxLines != nil { return KeptLines.lineCount(items, parameters, proposal) { rowCount($0, $1, $2) } }
        if parameters.wrap == .balance { return BalancedFlow.lineCount(items, parameters, proposal) }
        return lines(FlowFeatures.mainView(items, parameters), parameters,
              FlowFeatures.packingProposal(proposal, parameters)).count
    }

    /// The rows of the plain flow's packing of `items` for `proposal`'s width, as lines.
    public static func lines(_ items: Items, _ parameters: FlowParameters, _ proposal: Proposal) -> [FlowFeatures.Line] {
        var rows = RowCollector()
        packAll(items, parameters, rowLimit(proposal), offsets: nil, into: &rows)
        return rows.rows.map { FlowFeatures.Line(start: $0.start, count: $0.count, extent: $0.width, size: $0.height) }
    }

    /// Steps 2 and 3 over every item.
    static func packAll<Sink: RowSink>(_ items: Items, _ parameters: FlowParameters, _ limit: Float,
                                       offsets: UnsafeMutablePointer<Float>?, into sink: inout Sink) {
        var state = FlowPackState.start
        pack(items, spacing: parameters.spacing, lineSpacing: parameters.lineSpacing, limit: limit,
             from: &state, to: items.count, offsets: offsets, into: &sink)
        finish(items, lineSpacing: parameters.lineSpacing, &state, into: &sink)
    }

    // MARK: - The steps

    /// Step 1. The row limit `W`: the proposal's width when specified (finite or
    /// `+infinity`), otherwise `+infinity` (one row, but for forced breaks).
    public static func rowLimit(_ proposal: Proposal) -> Float {
        proposal.width ?? .infinity
    }

    /// Step 2. Greedy packing, in item order, from `state` up to item `end`: each item's
    /// offset in its row goes to `offsets`, and each row that closes goes to `sink` with
    /// its height and top (step 3). Stops early, right after a row closes, when the sink
    /// is done; the row holding item `end - 1` stays open in `state`.
    ///
    /// An item goes on the open row unless the row holds an item and the item would end
    /// past `limit` or is flagged break-before. The gap counts only between two items of
    /// a row, so an item wider than `limit` still gets a row of its own (it overflows; it
    /// is never dropped or shrunk), and zero-size items fit anywhere their gap does.
    public static func pack<Sink: RowSink>(
        _ items: Items, spacing: Spacing, lineSpacing: Spacing, limit: Float,
        from state: inout FlowPackState, to end: Int, offsets: UnsafeMutablePointer<Float>?,
        into sink: inout Sink
    ) {
        while state.next < end {
            let i = state.next
            var s: Float = state.rowIsOpen ? items.gapX(i - 1, i, spacing) : 0
            if state.rowIsOpen && (state.extent + s + items.widths[i] > limit || items.breaksBefore(i)) {
                closeRow(items, lineSpacing: lineSpacing, &state, into: &sink)
                if sink.isDone { return }
                s = 0
            }
            if !state.rowIsOpen || items.heights[i] > state.rowHeight {
                state.tallest = i  // the first item of the largest height
                state.rowHeight = items.heights[i]
            }
            offsets?[i] = state.extent + s
            state.extent = state.extent + s + items.widths[i]
            state.next = i + 1
        }
    }

    /// Closes the last row, if one is open: what `pack` leaves open at the end of the items.
    public static func finish<Sink: RowSink>(_ items: Items, lineSpacing: Spacing,
                                             _ state: inout FlowPackState, into sink: inout Sink) {
        if state.rowIsOpen { closeRow(items, lineSpacing: lineSpacing, &state, into: &sink) }
    }

    /// Step 3 for the open row: its height is its tallest item's (+0 for a row of zero
    /// heights); its top is 0 for row 0, else the last row's top, plus its height, plus
    /// `gapY(tallest[r-1], tallest[r])`, summed in `Double`.
    static func closeRow<Sink: RowSink>(_ items: Items, lineSpacing: Spacing,
                                        _ state: inout FlowPackState, into sink: inout Sink) {
        let gap = state.rows == 0 ? 0 : items.gapY(state.lastTallest, state.tallest, lineSpacing)
        let y = state.top(lineGap: gap)
        let height = state.rowHeight == 0 ? 0 : state.rowHeight
        sink.row(state.rows, start: state.rowStart, count: state.next - state.rowStart, y: y,
                 width: state.extent, height: height)
        state.closeRow(top: y, height: height)
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
    /// The minimum-size rule's size: `minSize` when both axes of the proposal are
    /// specified and it exceeds both, else nil.
    public static func minimumExceeding(_ items: Items, _ proposal: Proposal) -> Size? {
        guard let width = proposal.width, let height = proposal.height else { return nil }
        let minimum = minSize(items)
        return minimum.width > width && minimum.height > height ? minimum : nil
    }

    /// If both proposal axes are specified and `minSize` exceeds the proposal on both,
    /// the size is `minSize` (macOS proposes `.zero` to learn a window's minimum size).
    /// Otherwise the width is a finite proposal width, else the widest row, and the
    /// height is the last row's bottom (0 for no items); the proposal's height never
    /// changes the rows.
    static func containerSize(_ items: Items, rows: [Row], proposal: Proposal) -> Size {
        if let minimum = minimumExceeding(items, proposal) { return minimum }
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
        forEachPosition(items, rows: rows, offsets: offsets, in: size, alignment: alignment) { i, xi, yi in
            x[i] = Float(xi)
            y[i] = Float(yi)
        }
        return (x, y)
    }

    /// Step 5 before the rounding: `body(i, x, y)` for every item, with `x` the `Float`
    /// sum of its offset and its row's shift (exact as a `Double`) and `y` its row's top
    /// plus its alignment in the row, in `Double`.
    static func forEachPosition(_ items: Items, rows: [Row], offsets: [Float], in size: Size, alignment: Anchor,
                                _ body: (Int, Double, Double) -> Void) {
        for row in rows {
            let shift = alignment.x * (size.width - row.width)
            for i in row.start..<(row.start + row.count) {
                body(i, Double(offsets[i] + shift), row.y + Double(alignment.y * (row.height - items.heights[i])))
            }
        }
    }

    /// Every item's position before its rounding to `Float` (see `ExactPositions`) into
    /// `x` and `y` (either may be nil).
    static func exactPositions(_ items: Items, _ parameters: FlowParameters, _ proposal: Proposal,
                               x: UnsafeMutablePointer<Double>?, y: UnsafeMutablePointer<Double>?) {
        if items.needsClamping {
            return FlowFeatures.withClampedSizes(items) { exactPositions($0, parameters, proposal, x: x, y: y) }
        }
        if parameters.maxLines != nil {
            return KeptLines.exactPositions(items, parameters, proposal, x: x, y: y) { items, inner, proposal in
                if inner.wrap == .balance {
                    FlowFeatures.exactPositionsOfLines(items, inner, proposal, x: x, y: y)
                } else {
                    exactPositions(items, inner, proposal, x: x, y: y)
                }
            }
        }
        if FlowFeatures.applies(parameters, items) {
            return FlowFeatures.exactPositions(items, parameters, proposal, x: x, y: y)
        }
        var offsets = [Float](repeating: 0, count: items.count)
        var rows = RowCollector()
        offsets.withUnsafeMutableBufferPointer { buffer in
            packAll(items, parameters, rowLimit(proposal), offsets: buffer.baseAddress, into: &rows)
        }
        let size = containerSize(items, rows: rows.rows, proposal: proposal)
        forEachPosition(items, rows: rows.rows, offsets: offsets, in: size, alignment: parameters.alignment) {
            i, xi, yi in
            x?[i] = xi
            y?[i] = yi
        }
    }
}
