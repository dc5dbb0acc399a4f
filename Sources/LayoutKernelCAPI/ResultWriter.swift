import CLayoutKernel
import LayoutKernelValidation
import LayoutKernelCore

/// The caller's `lk_result`, checked before anything is written: the per-item buffers
/// up front, the row table against the number of rows (counted first when its capacity
/// might not hold every possible row).
struct ResultWriter {
    let result: UnsafeMutablePointer<lk_result>
    let count: Int
    /// Where the exact positions go (`lk_layout_place_exact`; nil: not wanted), with room
    /// for `result.item_capacity` each.
    let exactX: UnsafeMutablePointer<Double>?, exactY: UnsafeMutablePointer<Double>?

    /// Checks the result pointer and the per-item buffers for `items` (the exact
    /// positions' too, when given), and that no output buffer overlaps an input array or
    /// another output buffer.
    init(_ pointer: UnsafeMutablePointer<lk_result>?, items: Items, exactX: UnsafeMutablePointer<Double>? = nil,
         exactY: UnsafeMutablePointer<Double>? = nil) throws(APIError) {
        try self.init(pointer, count: items.count, inputs: items, exactX: exactX, exactY: exactY)
    }

    /// The same checks for `count` items whose arrays the caller does not hold (an
    /// engine's): outputs against each other only.
    init(_ pointer: UnsafeMutablePointer<lk_result>?, count: Int, inputs: Items? = nil,
         exactX: UnsafeMutablePointer<Double>? = nil, exactY: UnsafeMutablePointer<Double>? = nil) throws(APIError) {
        result = try sized(pointer, "result", start: "lk_result_default")
        self.count = count
        self.exactX = count > 0 ? exactX : nil
        self.exactY = count > 0 ? exactY : nil
        let raw = result.pointee
        guard count > 0 else { return }
        _ = try required(raw.x, "result.x")
        _ = try required(raw.y, "result.y")
        guard UInt(bitPattern: raw.item_capacity) >= UInt(count) else {
            throw .bufferTooSmall("result.item_capacity", capacity: raw.item_capacity, required: count)
        }
        try checkNoOverlap(inputs)
    }

    /// The row table the caller asked for.
    var rowTable: RowTableRequest {
        let raw = result.pointee
        return RowTableRequest(RowTableWriter(start: raw.row_start, count: raw.row_length, y: raw.row_y,
                                              width: raw.row_width, height: raw.row_height),
                               capacity: raw.row_capacity)
    }

    /// Where the layout writes positions, rows and the sizes it gives items of its own.
    var output: LayoutOutput {
        LayoutOutput(x: result.pointee.x, y: result.pointee.y, rows: rowTable.writer,
                     itemWidth: result.pointee.item_width, itemHeight: result.pointee.item_height)
    }

    /// Fills in the container size, the row count and the sizes items are given: the
    /// `cell` when the layout gives every item one (a balanced stack), nothing when the
    /// layout wrote them (`sizesWritten`: grown items), else their own.
    func finish(size: Size, rows: Int, items: Items, cell: Size? = nil, sizesWritten: Bool = false, hidden: Int = 0,
                overflow: Rect? = nil) {
        finish(size: size, rows: rows, cell: cell, hidden: hidden, overflow: overflow) { width, height in
            guard !sizesWritten else { return }
            guard let widths = items.widths.baseAddress, let heights = items.heights.baseAddress else { return }
            width?.update(from: widths, count: count)
            height?.update(from: heights, count: count)
        }
    }

    /// The same, with the items' own sizes written by `ownSizes` into the result's
    /// item_width and item_height (either may be NULL) when they keep them.
    func finish(size: Size, rows: Int, cell: Size?, hidden: Int = 0, overflow: Rect? = nil,
                ownSizes: (UnsafeMutablePointer<Float>?, UnsafeMutablePointer<Float>?) -> Void) {
        result.pointee.width = size.width
        result.pointee.height = size.height
        result.pointee.rows = rows
        result.pointee.hidden = hidden
        result.pointee.overflow_placed = overflow == nil ? 0 : 1
        result.pointee.overflow_x = overflow?.x ?? 0
        result.pointee.overflow_y = overflow?.y ?? 0
        result.pointee.overflow_width = overflow?.width ?? 0
        result.pointee.overflow_height = overflow?.height ?? 0
        let raw = result.pointee
        guard count > 0 else { return }
        if let cell {
            raw.item_width?.update(repeating: cell.width, count: count)
            raw.item_height?.update(repeating: cell.height, count: count)
        } else {
            ownSizes(raw.item_width, raw.item_height)
        }
    }

    /// Lays out `items` with `kernels` into the result: counts rows first when the row
    /// table might not hold them, then writes everything.
    func place(_ items: Items, _ layout: AnyLayout, _ proposal: Proposal,
               with kernels: LayoutKernelSet) throws(APIError) {
        let table = rowTable
        if !table.holdsAnyLayout(of: count) { try table.check(rows: kernels.rowCount(items, layout, proposal)) }
        let outcome = kernels.place(items, layout, proposal, output)
        if exactX != nil || exactY != nil { ExactPositions.write(items, layout, proposal, x: exactX, y: exactY) }
        finish(size: outcome.size, rows: outcome.rows, items: items, cell: outcome.cell,
               sizesWritten: outcome.sizesWritten, hidden: outcome.hidden, overflow: outcome.overflow)
    }

    /// Fails if an output buffer (sized for this result's items) shares bytes with an
    /// array of `items` (of their own count), with another output or with the result
    /// struct itself (which is written after the buffers).
    func checkNoOverlap(_ items: Items?) throws(APIError) {
        let raw = result.pointee
        let rows = rowTable.bufferRows(items: count)
        try checkDisjoint { spans in
            spans.itemOutputs(x: raw.x, y: raw.y, width: raw.item_width, height: raw.item_height, count: count)
            spans.output("x64", exactX, count * 8)
            spans.output("y64", exactY, count * 8)
            spans.rowOutputs(rowTable.writer, rows: rows)
            if let items { spans.inputs(items) }
            spans.input("result", UnsafeRawPointer(result), MemoryLayout<lk_result>.size)
        }
    }
}

/// The row table a call writes (`lk_result` and `lk_many_result` have the same columns):
/// wanted when any column is non-NULL, and then it must hold every row.
struct RowTableRequest {
    let writer: RowTableWriter
    let capacity: Int

    init(_ writer: RowTableWriter, capacity: Int) {
        self.writer = writer
        self.capacity = capacity
    }

    var wanted: Bool {
        writer.start != nil || writer.count != nil || writer.y != nil || writer.width != nil || writer.height != nil
    }

    /// Whether it holds any layout of `count` items (one row per item at most, so no
    /// counting pass is needed): always when no column is wanted.
    func holdsAnyLayout(of count: Int) -> Bool {
        !wanted || UInt(bitPattern: capacity) >= UInt(count)
    }

    /// Fails with `LK_ERR_BUFFER_TOO_SMALL` when the table is wanted and cannot hold `rows`.
    func check(rows: Int) throws(APIError) {
        if wanted && UInt(bitPattern: capacity) < UInt(rows) {
            throw .bufferTooSmall("result.row_capacity", capacity: capacity, required: rows)
        }
    }

    /// The rows of its buffers a call on `items` items may write (for the overlap check).
    func bufferRows(items: Int) -> Int {
        wanted ? Int(min(UInt(bitPattern: capacity), UInt(items))) : 0
    }
}
