import LayoutKernelCPU
import LayoutKernelCore

/// A featured flow placed line by line as the kernel closes its lines (lk_flow_layout's
/// "Features" in layoutkernel.h), when the container's size along the lines is known
/// before packing (a finite proposal there, or the minimum size).
///
/// The kernel writes each item's offset in its line where its place along the line goes
/// and hands each closed line to a `FeatureSink`, which places it at once, while its items are
/// in cache: its items along it (from the offsets: justified, reversed, mirrored, grown)
/// and, when nothing across depends on the lines still to come, its row and its items
/// across it (`place`). Lines start across where `FlowFeatures.Frame` starts them: each
/// at the one before it plus (its size plus the gap), summed in line order. Wrap-reversed
/// lines, whose places across count from the end of the last line, are placed across
/// from it in whole units as they close and turned into places when the packing ends
/// (`UnitsFromEnd`), when their sizes across allow (checked as they close: a flow whose
/// sizes do not is placed again by the frame). Lines that share a
/// definite size across (a line distribution) are placed along in the same pass, their
/// rows written to the caller's table, and then spread across from it (`LineSpread`),
/// when the table holds each row's first item, length and size. When the lines across
/// need every line first otherwise (wrap-reverse off the lattice, columns right to
/// left, per-item line spacing, a line distribution without those columns), the lines
/// go to the frame's table and the frame places them across afterwards (`packAlong`).
///
/// A line of the kernel's straight path (at most 16 items on the lattice) in a
/// container a whole number of units long is placed along before the kernel stores it:
/// from its offsets and ends in integer units (`FeatureSink.placeAlong`, `UnitAlong`),
/// its growing items' shares found first (`StraightGrowth.totals`: whole units on the
/// lattice), so that its items are written once, at their places. Other common lines
/// (not growing, moved by whole numbers of units, at their start across) take a few
/// vector operations inline in the kernel's loop (`LinePlacer.placeQuickly`); every
/// other line a call.
///
/// Bit-identical to the reference: the same rules (`FlowFeatures.distribute`,
/// `FlowFeatures.growLine`) and the same expressions, operation for operation, in
/// `Double` units of 1/64 px, or in `Float` where that is exact (`LinePlacer.inFloat`).
enum FeatureRows {

    /// Lays out a featured flow in one pass when nothing across depends on lines still
    /// to come and the container's size along is known (see above), else nil.
    /// - Complexity: O(n) time; no memory beyond the kernel's packing scratch (and room
    ///   for a line's grown sizes when items grow).
    @inline(__always)
    static func place(_ items: Items, _ parameters: FlowParameters, _ proposal: Proposal,
                      _ output: LayoutOutput) -> LayoutOutcome? {
        let vertical = parameters.axis == .vertical
        guard let x = output.x, let y = output.y, !(vertical && parameters.direction == .rtl),
              case .fixed(let lineGap) = parameters.lineSpacing,
              let (mainSize, minimum) = containerAlong(items, parameters, proposal),
              case let definite = FlowFeatures.Container.definiteAcross(parameters, proposal),
              definite == nil || LineSpread.canRead(output.rows) && parameters.wrap == .wrap,
              case let view = FlowFeatures.mainView(items, parameters)
        else { return nil }
        // Growing items: each line's grown sizes (a line holds at most every item).
        let grown = FeaturePlacement.ScratchColumn(Double.self, items.grow == nil ? 0 : items.count)
        defer { grown.giveBack() }
        guard var placer = LinePlacer(view, parameters, mainSize: mainSize, lineGap: Double(lineGap) * 64,
                                      along: vertical ? y : x, acrossOut: definite != nil ? nil : vertical ? x : y,
                                      table: output.rows),
              !placer.reversedAcross || placer.fromEnd != nil, items.grow == nil || grown.pointer != nil
        else { return nil }
        if let factors = items.grow?.baseAddress, let sizes = grown.pointer {
            placer.growth = LinePlacer.Growth(factors: factors, sizes: sizes,
                                              itemAlong: vertical ? output.itemHeight : output.itemWidth)
        }
        let limit = FlowFeatures.packingProposal(proposal, parameters).width ?? .infinity
        let lines = pack(view, parameters, limit: limit, placer)
        if let fromEnd = placer.fromEnd, let acrossOut = placer.acrossOut {
            // Sizes across off the lattice, or past what `Int32` holds: the frame's way.
            guard !lines.offLattice && lines.total < 2_147_483_648 else { return nil }
            fromEnd.turn(acrossOut, total: lines.total, top: output.rows.y, lines: lines.count)
        }
        if let definite {
            LineSpread.place(output.rows, lines: lines.count, total: lines.total, crossSize: definite,
                             lineGap: placer.lineGap, parameters, cross: placer.cross, out: vertical ? x : y,
                             itemCount: items.count)
        }
        // Growing items' sizes across are their own: one copy, outside the packing's loop.
        if items.grow != nil, let itemAcross = vertical ? output.itemWidth : output.itemHeight {
            itemAcross.update(from: placer.cross, count: items.count)
        }
        // The size along is known (`containerAlong`): no widest line needed.
        let (width, height) = FlowFeatures.Container(parameters, proposal, minimum: { minimum }, widest: nil,
                                                     total: lines.total).size(parameters.axis)
        return LayoutOutcome(size: Size(width: Float(width / 64), height: Float(height / 64)),
                             rows: lines.count, sizesWritten: items.grow != nil)
    }

    /// The packing of `FlowFeatures.place` (a `FlowFeatures.Pack`) with each line's items
    /// placed along it as the kernel closes it, in a container `mainSize` along
    /// (`containerAlong`): `packing` is the packing proposal, the lines go to `table`
    /// for the frame, which places them across.
    static func packAlong(_ view: Items, _ parameters: FlowParameters, _ packing: Proposal, mainSize: Double,
                          into table: inout RowTableWriter, offsets: UnsafeMutablePointer<Float>?) {
        guard let offsets, let placer = LinePlacer(view, parameters, mainSize: mainSize, lineGap: 0, along: offsets,
                                                   acrossOut: nil, table: table) else {
            // No positions wanted, or no items: the plain packing.
            return FlowKernel.packAll(view, parameters, limit: packing.width ?? .infinity, into: &table,
                                      offsets: offsets)
        }
        table.extent.rows = pack(view, parameters, limit: packing.width ?? .infinity, placer).count
    }

    /// The container's size along the lines (`FlowFeatures.Container.along`), when that
    /// is known before packing, and the minimum size when it applies.
    @inline(__always)
    static func containerAlong(_ items: Items, _ parameters: FlowParameters,
                               _ proposal: Proposal) -> (Double, minimum: Size?)? {
        FlowFeatures.Container.along(parameters, proposal) { FlowKernel.minimumSize(items, proposal) }
    }

    /// Packs the main view `view` at line limit `limit` into `placer`'s lines; returns them.
    @inline(__always)
    static func pack(_ view: Items, _ parameters: FlowParameters, limit: Float, _ placer: LinePlacer) -> LinesSoFar {
        var lines = LinesSoFar(gap: placer.lineGap)
        let rules = StraightLines(placer)
        withUnsafePointer(to: placer) { placer in
            var sink = FeatureSink(placer: placer, rules: rules, lines: lines)
            FlowKernel.packAll(view, parameters, limit: limit, into: &sink, offsets: placer.pointee.along)
            lines = sink.lines
            if sink.offLattice != 0 { lines.offLattice = true }
        }
        return lines
    }
}
