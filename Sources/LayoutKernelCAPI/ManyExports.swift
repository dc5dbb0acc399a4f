import CLayoutKernel
import LayoutKernelValidation
import LayoutKernelCore
import LayoutKernelDispatch

// lk_layout_many: many containers of one layout in one call. Everything is checked
// (items, layout, counts, proposals, capacities, overlaps) before anything is written.

@_cdecl("lk_layout_many")
public func lkLayoutMany(_ items: UnsafePointer<lk_items>?, _ layout: UnsafePointer<lk_layout>?,
                         _ counts: UnsafePointer<Int>?, _ containers: Int,
                         _ proposals: UnsafePointer<lk_proposal>?, _ proposalCount: Int,
                         _ result: UnsafeMutablePointer<lk_many_result>?) -> lk_status {
    exported { () throws(APIError) in
        let given = items, items: Items
        do throws(APIError) { items = try validatedItems(given) } catch {
            throw naming(error, container: counts, containers)
        }
        let layout = try validatedLayout(layout, "layout")
        let result = try sized(result, "result", start: "lk_many_result_default")
        guard (0...maxItemCount).contains(containers) else {
            throw APIError(status: LK_ERR_SIZE_OVERFLOW,
                           message: "containers is \(UInt(bitPattern: containers)): its buffers' byte sizes would overflow")
        }
        let counts = try validatedCounts(counts, containers, items: items.count)
        let list = try validatedProposals(proposals, proposalCount, containers: containers)
        let writer = try ManyResultWriter(result, items: items, containers: containers)
        try writer.checkNoOverlap(items, counts: counts, proposals: proposals, proposalCount: proposalCount)
        let kernels = ActiveKernel.layouts
        let table = writer.rowTable
        if !table.holdsAnyLayout(of: items.count) {
            var rows = 0
            var first = 0
            for (k, count) in counts.enumerated() {
                rows += kernels.rowCount(items.slice(first..<(first + count)), layout, list[list.count == 1 ? 0 : k])
                first += count
            }
            try table.check(rows: rows)
        }
        let sized = layout.givesSizes(to: items)
        let rows = list.withUnsafeBufferPointer { buffer in
            kernels.placeMany(items, layout, counts, buffer.count == 1 ? .all(buffer[0]) : .each(buffer),
                              writer.output(cells: sized))
        }
        writer.finish(rows: rows, items: items, cells: sized)
    }
}

/// `error` about an item (its index into every container's items) with the container
/// that holds it named too, when `counts` gives it: "(container k, its item j)".
private func naming(_ error: APIError, container counts: UnsafePointer<Int>?, _ containers: Int) -> APIError {
    guard error.index >= 0, let counts, (1...maxItemCount).contains(containers) else { return error }
    var first = 0
    for k in 0..<containers {
        let count = counts[k]
        guard count >= 0, count <= maxItemCount - first else { return error }
        if error.index < first + count {
            var named = error
            named.message += " (container \(k), its item \(error.index - first))"
            return named
        }
        first += count
    }
    return error
}

/// The containers' item counts: `containers` of them, adding up to `items`.
private func validatedCounts(_ counts: UnsafePointer<Int>?, _ containers: Int,
                             items: Int) throws(APIError) -> UnsafeBufferPointer<Int> {
    guard containers > 0 else {
        guard items == 0 else {
            throw .parameter("containers is 0 but items.count is \(items) (the counts must add up to it)")
        }
        return UnsafeBufferPointer(start: nil, count: 0)
    }
    let counts = UnsafeBufferPointer(start: try required(counts, "counts"), count: containers)
    try checkCounts(counts, items: items)
    return counts
}

/// The proposals: one for every container, or one for all (`proposals[i]` named on error).
private func validatedProposals(_ proposals: UnsafePointer<lk_proposal>?, _ count: Int,
                                containers: Int) throws(APIError) -> [Proposal] {
    guard containers > 0 else { return [] }
    guard count == 1 || count == containers else {
        throw .parameter("proposal_count is \(UInt(bitPattern: count)) (must be 1 or containers, \(containers))")
    }
    let raw = UnsafeBufferPointer(start: try required(proposals, "proposals"), count: count)
    var list: [Proposal] = []
    list.reserveCapacity(count)
    for (k, proposal) in raw.enumerated() { list.append(try validatedProposal(proposal, "proposals[\(k)]")) }
    return list
}

/// The caller's `lk_many_result`, checked before anything is written.
private struct ManyResultWriter {
    let result: UnsafeMutablePointer<lk_many_result>
    let count: Int
    let containers: Int

    init(_ result: UnsafeMutablePointer<lk_many_result>, items: Items, containers: Int) throws(APIError) {
        self.result = result
        count = items.count
        self.containers = containers
        let raw = result.pointee
        if containers > 0 {
            _ = try required(raw.width, "result.width")
            _ = try required(raw.height, "result.height")
            guard UInt(bitPattern: raw.container_capacity) >= UInt(containers) else {
                throw .bufferTooSmall("result.container_capacity", capacity: raw.container_capacity,
                                      required: containers)
            }
        }
        if count > 0 {
            _ = try required(raw.x, "result.x")
            _ = try required(raw.y, "result.y")
            guard UInt(bitPattern: raw.item_capacity) >= UInt(count) else {
                throw .bufferTooSmall("result.item_capacity", capacity: raw.item_capacity, required: count)
            }
        }
    }

    /// The row table the caller asked for.
    var rowTable: RowTableRequest {
        let raw = result.pointee
        return RowTableRequest(RowTableWriter(start: raw.row_start, count: raw.row_length, y: raw.row_y,
                                              width: raw.row_width, height: raw.row_height),
                               capacity: raw.row_capacity)
    }

    /// Where the layouts go; `cells`: whether the layout gives items sizes of its own (a
    /// balanced stack's cells, a flow's grown items), which then go to item_width and
    /// item_height.
    func output(cells: Bool) -> ManyOutput {
        let raw = result.pointee
        let table = rowTable
        // With no container, no buffer is read or written: any placeholder will do.
        let none = UnsafeMutablePointer<Float>(bitPattern: MemoryLayout<Float>.alignment)!
        return ManyOutput(
            width: raw.width ?? none, height: raw.height ?? none, rowCount: raw.rows, rowOffset: raw.row_offset,
            items: LayoutOutput(x: raw.x, y: raw.y, rows: table.writer),
            cellWidth: cells ? raw.item_width : nil, cellHeight: cells ? raw.item_height : nil,
            roomForEveryItem: table.holdsAnyLayout(of: count), hidden: raw.hidden,
            overflow: OverflowColumns(x: raw.overflow_x, y: raw.overflow_y, width: raw.overflow_width,
                                      height: raw.overflow_height))
    }

    /// Fills in the row total and, unless the layout gave items sizes of its own, the
    /// items' own sizes.
    func finish(rows: Int, items: Items, cells: Bool) {
        result.pointee.total_rows = rows
        let raw = result.pointee
        guard !cells, count > 0, let widths = items.widths.baseAddress, let heights = items.heights.baseAddress
        else { return }
        raw.item_width?.update(from: widths, count: count)
        raw.item_height?.update(from: heights, count: count)
    }

    /// Fails if an output buffer shares bytes with an input array or another output.
    func checkNoOverlap(_ items: Items, counts: UnsafeBufferPointer<Int>, proposals: UnsafePointer<lk_proposal>?,
                        proposalCount: Int) throws(APIError) {
        let raw = result.pointee
        let rows = rowTable.bufferRows(items: count)
        let c = containers
        try checkDisjoint { spans in
            spans.output("result.width", raw.width, c * 4)
            spans.output("result.height", raw.height, c * 4)
            spans.output("result.rows", raw.rows, c * 8)
            spans.output("result.row_offset", raw.row_offset, c * 8)
            spans.output("result.hidden", raw.hidden, c * 8)
            spans.output("result.overflow_x", raw.overflow_x, c * 4)
            spans.output("result.overflow_y", raw.overflow_y, c * 4)
            spans.output("result.overflow_width", raw.overflow_width, c * 4)
            spans.output("result.overflow_height", raw.overflow_height, c * 4)
            spans.itemOutputs(x: raw.x, y: raw.y, width: raw.item_width, height: raw.item_height, count: count)
            spans.rowOutputs(rowTable.writer, rows: rows)
            spans.inputs(items)
            spans.input("counts", counts.baseAddress, counts.count * 8)
            spans.input("proposals", proposals, c == 0 ? 0 : proposalCount * 8)
            spans.input("result", UnsafeRawPointer(result), MemoryLayout<lk_many_result>.size)
        }
    }
}
