import LayoutKernelCore

/// Every layout kind's fast path behind one entry point (`AnyLayout`), as
/// `LayoutReference` is for the references. Compiled into each ISA module as
/// module-private code; each module exports it as a `LayoutKernelSet`.
///
/// Positions are written when both `output.x` and `output.y` are given (as the
/// reference level does); rows go to `output.rows` exactly as the reference writes
/// them: a flow's and a grid's rows, one row (all items, the container's size) for a
/// stack or balanced stack with items, none for a circle.
enum LayoutKernels {

    /// Lays out `items`; returns the size, the number of rows written and, for a
    /// balanced stack with items, the cell every item is given.
    @inline(__always)
    static func place(_ items: Items, _ layout: AnyLayout, _ proposal: Proposal,
                      _ output: LayoutOutput) -> LayoutOutcome {
        let x = output.y == nil ? nil : output.x
        let y = output.x == nil ? nil : output.y
        var rows = output.rows
        switch layout {
        case .flow where items.needsClamping:
            return FlowFeatures.withClampedSizes(items) { place($0, layout, proposal, output) }
        case .flow(let parameters) where parameters.maxLines != nil:
            return placeKept(items, parameters, proposal, output)
        case .flow(let parameters) where parameters.wrap == .balance:
            return BalancedFlow.withLines(items, parameters, proposal) { items, proposal in
                FeaturePlacement.place(items, parameters, proposal, LayoutOutput(
                    x: x, y: y, rows: output.rows, itemWidth: output.itemWidth, itemHeight: output.itemHeight))
            }
        case .flow(let parameters) where FlowFeatures.applies(parameters, items):
            return FeaturePlacement.place(items, parameters, proposal, LayoutOutput(
                x: x, y: y, rows: output.rows, itemWidth: output.itemWidth, itemHeight: output.itemHeight))
        case .flow(let parameters):
            let result = FlowKernel.layout(items, parameters, proposal,
                                           into: LayoutOutput(x: x, y: y, rows: output.rows, slack: output.slack))
            return LayoutOutcome(size: result.size, rows: result.rows)
        case .hstack(let parameters):
            return singleRow(items, StackKernel.hstack(items, parameters, x: x, y: y), &rows)
        case .vstack(let parameters):
            return singleRow(items, StackKernel.vstack(items, parameters, x: x, y: y), &rows)
        case .zstack(let parameters):
            return singleRow(items, StackKernel.zstack(items, parameters, x: x, y: y), &rows)
        case .grid(let parameters):
            let result = GridKernel.layout(items, parameters, proposal, x: x, y: y, rows: &rows)
            return LayoutOutcome(size: result.size, rows: result.rows)
        case .balanced(let parameters):
            let result = BalancedKernel.layout(items, parameters, x: x, y: y)
            var outcome = singleRow(items, result.size, &rows)
            outcome.cell = items.count == 0 ? nil : result.cell
            return outcome
        case .circle(let parameters):
            return LayoutOutcome(size: CircleKernel.layout(items, parameters, x: x, y: y), rows: 0)
        }
    }

    /// A flow with `maxLines`: its kept lines laid out as a flow of their own (balanced
    /// ones as `withLines` marked them).
    static func placeKept(_ items: Items, _ parameters: FlowParameters, _ proposal: Proposal,
                          _ output: LayoutOutput) -> LayoutOutcome {
        KeptLines.place(items, parameters, proposal, output) { items, inner, proposal, output in
            inner.wrap == .balance ? FeaturePlacement.place(items, inner, proposal, output)
                : place(items, .flow(inner), proposal, output)
        }
    }

    /// The container size `place` reports, without writing anything.
    @inline(__always)
    static func size(_ items: Items, _ layout: AnyLayout, _ proposal: Proposal) -> Size {
        switch layout {
        case .flow where items.needsClamping:
            return FlowFeatures.withClampedSizes(items) { size($0, layout, proposal) }
        case .flow(let parameters) where FlowFeatures.applies(parameters, items) || parameters.maxLines != nil:
            return place(items, layout, proposal, LayoutOutput(x: nil, y: nil, rows: RowTableWriter(
                start: nil, count: nil, y: nil, width: nil, height: nil))).size
        case .flow(let parameters):
            return FlowKernel.size(items, parameters, proposal)
        case .hstack(let parameters):
            return StackKernel.hstack(items, parameters, x: nil, y: nil)
        case .vstack(let parameters):
            return StackKernel.vstack(items, parameters, x: nil, y: nil)
        case .zstack:
            return maxItemSize(items)
        case .grid(let parameters):
            var none = RowTableWriter(start: nil, count: nil, y: nil, width: nil, height: nil)
            return GridKernel.layout(items, parameters, proposal, x: nil, y: nil, rows: &none).size
        case .balanced(let parameters):
            return BalancedKernel.layout(items, parameters, x: nil, y: nil).size
        case .circle(let parameters):
            return CircleKernel.size(items, parameters)
        }
    }

    /// The number of rows `place` writes.
    @inline(__always)
    static func rowCount(_ items: Items, _ layout: AnyLayout, _ proposal: Proposal) -> Int {
        switch layout {
        case .flow where items.needsClamping:
            return FlowFeatures.withClampedSizes(items) { rowCount($0, layout, proposal) }
        case .flow(let parameters) where parameters.maxLines != nil:
            return KeptLines.lineCount(items, parameters, proposal) { rowCount($0, .flow($1), $2) }
        case .flow(let parameters) where parameters.wrap == .balance:
            return BalancedFlow.lineCount(items, parameters, proposal)
        case .flow(let parameters):
            return FlowKernel.rowCount(FlowFeatures.mainView(items, parameters), parameters,
                                       width: FlowFeatures.packingProposal(proposal, parameters).width)
        case .grid(let parameters):
            return GridKernel.rowCount(items, parameters, proposal)
        case .circle:
            return 0
        case .hstack, .vstack, .zstack, .balanced:
            return items.count == 0 ? 0 : 1
        }
    }

    /// A stack's one row (none without items): all items, the stack's size.
    @inline(__always)
    static func singleRow(_ items: Items, _ size: Size, _ rows: inout RowTableWriter) -> LayoutOutcome {
        guard items.count > 0 else { return LayoutOutcome(size: size, rows: 0) }
        rows.row(0, start: 0, count: items.count, y: 0, width: size.width, height: size.height)
        return LayoutOutcome(size: size, rows: 1)
    }
}
