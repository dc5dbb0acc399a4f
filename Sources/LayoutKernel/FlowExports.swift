import CLayoutKernel
import LayoutKernelCore

// The flow's C entry points: validate, call the core, write the result.

@_cdecl("lk_flow_params_default")
public func lkFlowParamsDefault() -> lk_flow_params {
    let defaults = FlowParameters()
    guard case .fixed(let spacing) = defaults.spacing,
          case .fixed(let lineSpacing) = defaults.lineSpacing else {
        fatalError("the default flow spacing is fixed")
    }
    return lk_flow_params(spacing: spacing, line_spacing: lineSpacing,
                          spacing_mode: LK_SPACING_FIXED, line_spacing_mode: LK_SPACING_FIXED,
                          alignment: lk_anchor(x: defaults.alignment.x, y: defaults.alignment.y))
}

@_cdecl("lk_flow_layout")
public func lkFlowLayout(_ items: UnsafePointer<lk_items>?,
                         _ params: UnsafePointer<lk_flow_params>?,
                         _ proposal: lk_proposal,
                         _ result: UnsafeMutablePointer<lk_result>?) -> lk_status {
    exported { () throws(APIError) in
        let items = try validatedItems(items)
        let parameters = try validatedFlowParameters(params)
        let proposal = try validatedProposal(proposal)
        let writer = try ResultWriter(result, count: items.count)
        let layout = FlowReference.layout(items, parameters, proposal)
        try writer.checkRowCapacity(layout.rows.count)
        writer.write(layout, items: items)
    }
}

@_cdecl("lk_flow_size")
public func lkFlowSize(_ items: UnsafePointer<lk_items>?,
                       _ params: UnsafePointer<lk_flow_params>?,
                       _ proposal: lk_proposal,
                       _ out: UnsafeMutablePointer<lk_size>?) -> lk_status {
    exported { () throws(APIError) in
        let items = try validatedItems(items)
        let parameters = try validatedFlowParameters(params)
        let proposal = try validatedProposal(proposal)
        let out = try required(out, "out")
        let size = FlowReference.size(items, parameters, proposal)
        out.pointee = lk_size(width: size.width, height: size.height)
    }
}

@_cdecl("lk_flow_row_count")
public func lkFlowRowCount(_ items: UnsafePointer<lk_items>?,
                           _ params: UnsafePointer<lk_flow_params>?,
                           _ width: Float,
                           _ out: UnsafeMutablePointer<Int>?) -> lk_status {
    exported { () throws(APIError) in
        let items = try validatedItems(items)
        let parameters = try validatedFlowParameters(params)
        let width = try validatedAxis(width, "width")
        let out = try required(out, "out")
        out.pointee = FlowReference.rowCount(items, parameters, width: width)
    }
}
