import CLayoutKernel
import LayoutKernelValidation
import LayoutKernelCore
import LayoutKernelDispatch

// The C entry points of every layout kind (AnyLayout) and of first fit (ViewThatFits):
// validate, call the kernels chosen for this CPU, write.

@_cdecl("lk_layout_default")
public func lkLayoutDefault(_ kind: Int32, _ out: UnsafeMutablePointer<lk_layout>?) -> lk_status {
    exported { () throws(APIError) in
        let out = try required(out, "out")
        guard (LK_LAYOUT_FLOW...LK_LAYOUT_CIRCLE).contains(kind) else { throw unknownKind(kind, "kind") }
        let center = lk_anchor(x: 0.5, y: 0.5)
        out.pointee = lk_layout(
            struct_size: MemoryLayout<lk_layout>.size,
            kind: kind,
            stack: lk_stack_params(spacing: 0, spacing_mode: LK_SPACING_FIXED, alignment: center),
            grid: lk_grid_params(columns: 1, min_column_width: 0, sizing: LK_GRID_FIT, spacing: 0,
                                 line_spacing: 0, alignment: center),
            balanced: lk_balanced_params(axis: LK_AXIS_HORIZONTAL, spacing: 0, spacing_mode: LK_SPACING_FIXED),
            circle: lk_circle_params(radius: 0, start_angle: 0, anchor: center),
            flow: lkFlowParamsDefault())
    }
}

@_cdecl("lk_layout_place")
public func lkLayoutPlace(_ items: UnsafePointer<lk_items>?, _ layout: UnsafePointer<lk_layout>?,
                          _ proposal: lk_proposal,
                          _ result: UnsafeMutablePointer<lk_result>?) -> lk_status {
    exported { () throws(APIError) in
        let (items, layout, proposal) = try validatedLayoutRequest(items, layout, proposal)
        try ResultWriter(result, items: items).place(items, layout, proposal, with: ActiveKernel.layouts)
    }
}

@_cdecl("lk_layout_place_exact")
public func lkLayoutPlaceExact(_ items: UnsafePointer<lk_items>?, _ layout: UnsafePointer<lk_layout>?,
                               _ proposal: lk_proposal, _ result: UnsafeMutablePointer<lk_result>?,
                               _ x: UnsafeMutablePointer<Double>?, _ y: UnsafeMutablePointer<Double>?) -> lk_status {
    exported { () throws(APIError) in
        let (items, layout, proposal) = try validatedLayoutRequest(items, layout, proposal)
        try ResultWriter(result, items: items, exactX: x, exactY: y).place(items, layout, proposal,
                                                                          with: ActiveKernel.layouts)
    }
}

@_cdecl("lk_layout_size")
public func lkLayoutSize(_ items: UnsafePointer<lk_items>?, _ layout: UnsafePointer<lk_layout>?,
                         _ proposal: lk_proposal, _ out: UnsafeMutablePointer<lk_size>?) -> lk_status {
    exported { () throws(APIError) in
        let (items, layout, proposal) = try validatedLayoutRequest(items, layout, proposal)
        let out = try required(out, "out")
        let size = ActiveKernel.layouts.size(items, layout, proposal)
        out.pointee = lk_size(width: size.width, height: size.height)
    }
}

@_cdecl("lk_layout_row_count")
public func lkLayoutRowCount(_ items: UnsafePointer<lk_items>?, _ layout: UnsafePointer<lk_layout>?,
                             _ proposal: lk_proposal, _ out: UnsafeMutablePointer<Int>?) -> lk_status {
    exported { () throws(APIError) in
        let (items, layout, proposal) = try validatedLayoutRequest(items, layout, proposal)
        let out = try required(out, "out")
        out.pointee = ActiveKernel.layouts.rowCount(items, layout, proposal)
    }
}

@_cdecl("lk_first_fit")
public func lkFirstFit(_ candidates: UnsafePointer<lk_candidate>?, _ count: Int, _ axes: Int32,
                       _ proposal: lk_proposal, _ chosen: UnsafeMutablePointer<Int>?,
                       _ result: UnsafeMutablePointer<lk_result>?) -> lk_status {
    exported { () throws(APIError) in
        guard count != 0 else { throw .parameter("count is 0 (first fit needs a candidate)") }
        guard (1...maxItemCount).contains(count) else {
            throw APIError(status: LK_ERR_SIZE_OVERFLOW,
                           message: "count is \(UInt(bitPattern: count)): its byte size would overflow")
        }
        let list = UnsafeBufferPointer(start: try required(candidates, "candidates"), count: count)
        let axes = try validatedAxes(axes)
        let proposal = try validatedProposal(proposal)
        let chosenOut = try required(chosen, "chosen")
        // Every candidate is checked before any size is asked for or anything written.
        var validated: [(items: Items, layout: AnyLayout)] = []
        validated.reserveCapacity(count)
        for (index, candidate) in list.enumerated() {
            validated.append((try validatedItems(candidate.items, "candidates[\(index)].items"),
                              try validatedLayout(candidate.layout, "candidates[\(index)].layout")))
        }
        let kernels = ActiveKernel.layouts
        let pick = FirstFit.choose(count: count, axes: axes, proposal: proposal) { index in
            kernels.size(validated[index].items, validated[index].layout, .unspecified)
        }
        let (items, layout) = validated[pick]
        let writer = try ResultWriter(result, items: items)
        for (index, candidate) in validated.enumerated() where index != pick {
            do throws(APIError) { try writer.checkNoOverlap(candidate.items) } catch {
                throw APIError(status: error.status, message: "candidates[\(index)]: \(error.message)")
            }
        }
        try writer.place(items, layout, proposal, with: kernels)
        chosenOut.pointee = pick
    }
}

/// The items, layout and proposal of a call, validated in that order.
private func validatedLayoutRequest(
    _ items: UnsafePointer<lk_items>?, _ layout: UnsafePointer<lk_layout>?, _ proposal: lk_proposal
) throws(APIError) -> (Items, AnyLayout, Proposal) {
    (try validatedItems(items), try validatedLayout(layout, "layout"), try validatedProposal(proposal))
}
