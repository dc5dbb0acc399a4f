import CLayoutKernel
import LayoutKernelValidation
import LayoutKernelCore
import LayoutKernelDispatch

// The flow's C entry points: validate, call the kernel chosen for this CPU, write.

@_cdecl("lk_flow_params_default")
public func lkFlowParamsDefault() -> lk_flow_params {
    lk_flow_params(struct_size: MemoryLayout<lk_flow_params>.size, spacing: 0, line_spacing: 0,
                   spacing_mode: LK_SPACING_FIXED, line_spacing_mode: LK_SPACING_FIXED, alignment: lk_anchor(x: 0, y: 0),
                   justify: LK_DISTRIBUTE_DEFAULT, direction: LK_DIRECTION_LTR, reverse: 0, wrap_reverse: 0,
                   axis: 0, align_content: LK_DISTRIBUTE_DEFAULT, wrap: LK_WRAP_WRAP, min_lines: 1, max_lines: 0,
                   overflow_item: lk_size(width: .nan, height: .nan), align_items: LK_ITEM_ALIGN_AUTO)
}

// The other extensible structs' starting values: struct_size set, everything else 0.

@_cdecl("lk_items_default")
public func lkItemsDefault() -> lk_items { sizedZero() }

@_cdecl("lk_result_default")
public func lkResultDefault() -> lk_result { sizedZero() }

@_cdecl("lk_many_result_default")
public func lkManyResultDefault() -> lk_many_result { sizedZero() }

@_cdecl("lk_item_buffers_default")
public func lkItemBuffersDefault() -> lk_item_buffers { sizedZero() }

@_cdecl("lk_engine_stats_default")
public func lkEngineStatsDefault() -> lk_engine_stats { sizedZero() }

@_cdecl("lk_flow_layout")
public func lkFlowLayout(_ items: UnsafePointer<lk_items>?,
                         _ params: UnsafePointer<lk_flow_params>?,
                         _ proposal: lk_proposal,
                         _ result: UnsafeMutablePointer<lk_result>?) -> lk_status {
    exported { () throws(APIError) in
        let (items, parameters, proposal) = try validatedFlowRequest(items, params, proposal)
        try ResultWriter(result, items: items).place(items, .flow(parameters), proposal,
                                                     with: ActiveKernel.layouts)
    }
}

@_cdecl("lk_flow_layout_exact")
public func lkFlowLayoutExact(_ items: UnsafePointer<lk_items>?, _ params: UnsafePointer<lk_flow_params>?,
                              _ proposal: lk_proposal, _ result: UnsafeMutablePointer<lk_result>?,
                              _ x: UnsafeMutablePointer<Double>?, _ y: UnsafeMutablePointer<Double>?) -> lk_status {
    exported { () throws(APIError) in
        let (items, parameters, proposal) = try validatedFlowRequest(items, params, proposal)
        try ResultWriter(result, items: items, exactX: x, exactY: y).place(items, .flow(parameters), proposal,
                                                                          with: ActiveKernel.layouts)
    }
}

@_cdecl("lk_flow_size")
public func lkFlowSize(_ items: UnsafePointer<lk_items>?,
                       _ params: UnsafePointer<lk_flow_params>?,
                       _ proposal: lk_proposal,
                       _ out: UnsafeMutablePointer<lk_size>?) -> lk_status {
    exported { () throws(APIError) in
        let (items, parameters, proposal) = try validatedFlowRequest(items, params, proposal)
        let out = try required(out, "out")
        let size = ActiveKernel.layouts.size(items, .flow(parameters), proposal)
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
        // The limit is along the lines: a vertical flow's is the proposal's height.
        let proposal = parameters.axis == .vertical ? Proposal(width: nil, height: width) : Proposal(width: width, height: nil)
        out.pointee = ActiveKernel.layouts.rowCount(items, .flow(parameters), proposal)
    }
}

/// The items, parameters and proposal of a flow call, validated in that order.
private func validatedFlowRequest(
    _ items: UnsafePointer<lk_items>?, _ params: UnsafePointer<lk_flow_params>?, _ proposal: lk_proposal
) throws(APIError) -> (Items, FlowParameters, Proposal) {
    (try validatedItems(items), try validatedFlowParameters(params), try validatedProposal(proposal))
}
