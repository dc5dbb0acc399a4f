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
        case .flow(let parameters): return FlowReference.rowCount(items, parameters, proposal)
        case .grid(let parameters): return GridReference.rowCount(items, parameters, proposal)
        case .circle: return 0
        default: return items.count == 0 ? 0 : 1
        }
    }
}
