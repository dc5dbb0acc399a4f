import CLayoutKernel
import LayoutKernelCore

/// The caller's `lk_result`, checked before anything is written: the per-item buffers
/// up front, the row table against the number of rows (counted first when its capacity
/// might not hold every possible row).
struct ResultWriter {
    let result: UnsafeMutablePointer<lk_result>
    let count: Int

    /// Checks the result pointer and the per-item buffers for `items`, and that no output
    /// buffer overlaps an input array or another output buffer.
    init(_ pointer: UnsafeMutablePointer<lk_result>?, items: Items) throws(APIError) {
        result = try required(pointer, "result")
        count = items.count
        let raw = result.pointee
        guard count > 0 else { return }
        _ = try required(raw.x, "result.x")
        _ = try required(raw.y, "result.y")
        guard UInt(bitPattern: raw.item_capacity) >= UInt(count) else {
            throw .bufferTooSmall("result.item_capacity", capacity: raw.item_capacity, required: count)
        }
        try checkNoOverlap(items)
    }

    /// Whether the caller asked for any column of the row table.
    var wantsRows: Bool {
        let raw = result.pointee
        return raw.row_start != nil || raw.row_length != nil || raw.row_y != nil
            || raw.row_width != nil || raw.row_height != nil
    }

    /// Whether the row table (if wanted) has room for any layout of these items, one row
    /// per item at most, so that no counting pass is needed.
    var rowTableFitsAnyLayout: Bool {
        !wantsRows || UInt(bitPattern: result.pointee.row_capacity) >= UInt(count)
    }

    /// Checks that the row table holds `rows` rows, if the caller wants it.
    func checkRowCapacity(_ rows: Int) throws(APIError) {
        let capacity = result.pointee.row_capacity
        if wantsRows && UInt(bitPattern: capacity) < UInt(rows) {
            throw .bufferTooSmall("result.row_capacity", capacity: capacity, required: rows)
        }
    }

    /// Where the layout writes positions and rows.
    var output: LayoutOutput {
        let raw = result.pointee
        return LayoutOutput(x: raw.x, y: raw.y, rows: RowTableWriter(
            start: raw.row_start, count: raw.row_length, y: raw.row_y, width: raw.row_width,
            height: raw.row_height))
    }

    /// Fills in the container size, the row count and the sizes items are given: the
    /// `cell` when the layout gives every item one (a balanced stack), else their own.
    func finish(size: Size, rows: Int, items: Items, cell: Size? = nil) {
        result.pointee.width = size.width
        result.pointee.height = size.height
        result.pointee.rows = rows
        let raw = result.pointee
        guard count > 0, let widths = items.widths.baseAddress, let heights = items.heights.baseAddress
        else { return }
        if let cell {
            raw.item_width?.update(repeating: cell.width, count: count)
            raw.item_height?.update(repeating: cell.height, count: count)
        } else {
            raw.item_width?.update(from: widths, count: count)
            raw.item_height?.update(from: heights, count: count)
        }
    }

    /// Lays out `items` with `kernels` into the result: counts rows first when the row
    /// table might not hold them, then writes everything.
    func place(_ items: Items, _ layout: AnyLayout, _ proposal: Proposal,
               with kernels: LayoutKernelSet) throws(APIError) {
        if !rowTableFitsAnyLayout { try checkRowCapacity(kernels.rowCount(items, layout, proposal)) }
        let outcome = kernels.place(items, layout, proposal, output)
        finish(size: outcome.size, rows: outcome.rows, items: items, cell: outcome.cell)
    }

    /// Fails if an output buffer (sized for this result's items) shares bytes with an
    /// array of `items` (of their own count) or with another output. Allocation-free: the
    /// spans live on the stack and are named only on failure.
    func checkNoOverlap(_ items: Items) throws(APIError) {
        let raw = result.pointee
        let rows = wantsRows ? Int(min(UInt(bitPattern: raw.row_capacity), UInt(count))) : 0
        let clash: (StaticString, StaticString)? = withUnsafeTemporaryAllocation(
            of: Span.self, capacity: 16
        ) { spans in
            var total = 0
            func add(_ name: StaticString, _ pointer: UnsafeRawPointer?, _ bytes: Int) {
                guard let pointer, bytes > 0 else { return }
                spans[total] = Span(name: name, start: UInt(bitPattern: pointer), bytes: UInt(bytes))
                total += 1
            }
            add("result.x", UnsafeRawPointer(raw.x), count * 4)
            add("result.y", UnsafeRawPointer(raw.y), count * 4)
            add("result.item_width", UnsafeRawPointer(raw.item_width), count * 4)
            add("result.item_height", UnsafeRawPointer(raw.item_height), count * 4)
            add("result.row_start", UnsafeRawPointer(raw.row_start), rows * 8)
            add("result.row_length", UnsafeRawPointer(raw.row_length), rows * 8)
            add("result.row_y", UnsafeRawPointer(raw.row_y), rows * 8)
            add("result.row_width", UnsafeRawPointer(raw.row_width), rows * 4)
            add("result.row_height", UnsafeRawPointer(raw.row_height), rows * 4)
            let outputCount = total
            add("items.widths", UnsafeRawPointer(items.widths.baseAddress), items.count * 4)
            add("items.heights", UnsafeRawPointer(items.heights.baseAddress), items.count * 4)
            add("items.spacing_leading", UnsafeRawPointer(items.leading?.baseAddress), items.count * 4)
            add("items.spacing_trailing", UnsafeRawPointer(items.trailing?.baseAddress), items.count * 4)
            add("items.spacing_top", UnsafeRawPointer(items.top?.baseAddress), items.count * 4)
            add("items.spacing_bottom", UnsafeRawPointer(items.bottom?.baseAddress), items.count * 4)
            add("items.flags", UnsafeRawPointer(items.flags?.baseAddress), items.count)
            for a in 0..<outputCount {
                for b in (a + 1)..<total where spans[a].overlaps(spans[b]) {
                    return (spans[a].name, spans[b].name)
                }
            }
            return nil
        }
        if let (output, other) = clash {
            throw .parameter("\(output) overlaps \(other) (outputs must not share memory with inputs or each other)")
        }
    }
}

/// A buffer's bytes, for the overlap check.
private struct Span {
    var name: StaticString
    var start: UInt
    var bytes: UInt

    func overlaps(_ other: Span) -> Bool {
        start < other.start + other.bytes && other.start < start + bytes
    }
}
