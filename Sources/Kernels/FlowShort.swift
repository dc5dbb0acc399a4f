import LayoutKernelCore

/// Short flows in one tight loop: the common case of many small containers (chips in a
/// table cell, tags under a post: `lk_layout_many`, small `lk_flow_layout` calls).
/// Compiled into each ISA module as module-private code.
///
/// The long-flow kernel's setup (scratch, stretches, chains) costs more than a short
/// flow's items. This loop keeps the whole state in registers and writes each item
/// once: a row-table entry goes into the open row's slot at every item (overwritten
/// until the row closes), so closing a row is a few selects, not a call. (Selects
/// computed as bit masks were measured slower: they put the row-break decision on the
/// loop's dependency chain, where a predicted branch takes it off.)
///
/// Results are the reference's bit for bit: the same `Float` sums in item order from 0
/// at each row's first item, the same `Double` tops (row r at `y[r-1] + h[r-1] + gap`).
enum FlowShort {

    /// Items a short flow has at most.
    static let maximumCount = 32

    /// Lays out `items` when the short path applies: 1 to 32 items, fixed spacing and
    /// line spacing, top-leading, both positions wanted, and no minimum-size probe (a
    /// proposal with an unspecified axis). Else nil, and nothing is written.
    /// - Complexity: O(n), no allocation.
    @inline(__always)
    static func layout(_ items: Items, _ parameters: FlowParameters, _ proposal: Proposal,
                       _ output: LayoutOutput) -> (size: Size, rows: Int)? {
        let n = items.count
        guard n > 0 && n <= maximumCount, proposal.width == nil || proposal.height == nil,
              case .fixed(let spacing) = parameters.spacing, case .fixed(let lineGap) = parameters.lineSpacing,
              parameters.alignment == .topLeading,
              let x = output.x, let y = output.y,
              let widths = items.widths.baseAddress, let heights = items.heights.baseAddress
        else { return nil }
        let limit = proposal.width ?? .infinity
        let gap = Double(lineGap)
        let flags = items.flags?.baseAddress
        let table = output.rows

        var start = 0            // the open row's first item
        var extent: Float = 0    // the open row's width so far
        var tallest: Float = 0   // its largest height so far
        var top: Double = 0      // its top
        var rows = 0             // rows closed
        var widest: Float = 0
        for i in 0..<n {
            let w = widths[i]
            let h = heights[i]
            let open = i > start
            let forced = flags.map { $0[i] & ItemFlag.breakBefore != 0 } ?? false
            let breaks = open && (extent + spacing + w > limit || forced)
            // The open row's entry, in its slot; it counts only when the row closes here.
            let height = tallest + 0   // +0 for -0
            table.start?[rows] = Int64(start)
            table.count?[rows] = Int64(i &- start)
            table.y?[rows] = top
            table.width?[rows] = extent
            table.height?[rows] = height
            widest = breaks && extent > widest ? extent : widest
            top = breaks ? top + Double(height) + gap : top
            start = breaks ? i : start
            rows &+= breaks ? 1 : 0
            let first = breaks || !open   // the row's first item
            let offset = first ? 0 : extent + spacing
            tallest = first || h > tallest ? h : tallest
            x[i] = offset
            y[i] = Float(top)
            extent = offset + w
        }
        // The last row closes at the end of the items.
        let height = tallest + 0
        table.start?[rows] = Int64(start)
        table.count?[rows] = Int64(n &- start)
        table.y?[rows] = top
        table.width?[rows] = extent
        table.height?[rows] = height
        widest = extent > widest ? extent : widest
        let width = proposal.width.flatMap { $0.isFinite ? $0 : nil } ?? widest
        return (Size(width: width, height: Float(top + Double(height))), rows &+ 1)
    }
}
