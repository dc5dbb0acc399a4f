/// The scalar reference of every layout kind, behind one entry point (`AnyLayout`).
public enum LayoutReference {

    public static func layout(_ items: Items, _ layout: AnyLayout, _ proposal: Proposal) -> Layout {
        switch layout {
        case .flow(let parameters): return FlowReference.layout(items, parameters, proposal)
        case .hstack(let parameters): return StackReference.hstack(items, parameters)
        case .vstack(let parameters): return StackReference.vstack(items, parameters)
        case .zstack(let parameters): return StackReference.zstack(items, parameters)
        case .grid(let parameters): return GridReference.layout(items, parameters, proposal)
        case .balanced(let parameters): return BalancedReference.layout(items, parameters)
        case .circle(let parameters): return CircleReference.layout(items, parameters)
        }
    }

    public static func size(_ items: Items, _ layout: AnyLayout, _ proposal: Proposal) -> Size {
        switch layout {
        case .flow(let parameters): return FlowReference.size(items, parameters, proposal)
        case .circle(let parameters): return CircleReference.size(items, parameters)
        default: return self.layout(items, layout, proposal).size
        }
    }

    public static func rowCount(_ items: Items, _ layout: AnyLayout, _ proposal: Proposal) -> Int {
        switch layout {
        case .flow(let parameters): return FlowReference.rowCount(items, parameters, width: proposal.width)
        case .grid(let parameters): return GridReference.rowCount(items, parameters, proposal)
        case .circle: return 0
        default: return items.count == 0 ? 0 : 1
        }
    }
}

/// SwiftUI's `ViewThatFits` (SPEC.md section 7).
public enum FirstFit {

    /// The index of the first of `count` candidates whose ideal size (its size for the
    /// unspecified proposal, from `idealSize`) is within `proposal` — unspecified axes
    /// taken as 10 — on every axis in `axes`; the last candidate when none is. The last
    /// candidate's ideal size is never asked for.
    public static func choose(count: Int, axes: Axes, proposal: Proposal,
                              idealSize: (Int) -> Size) -> Int {
        precondition(count >= 1, "first fit needs a candidate")
        let limit = proposal.replacingUnspecified(by: 10)
        for index in 0..<(count - 1) {
            let ideal = idealSize(index)
            let fitsWidth = !axes.contains(.horizontal) || ideal.width <= limit.width!
            let fitsHeight = !axes.contains(.vertical) || ideal.height <= limit.height!
            if fitsWidth && fitsHeight { return index }
        }
        return count - 1
    }
}
