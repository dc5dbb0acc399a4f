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
    var output: FlowOutput {
        let raw = result.pointee
        return FlowOutput(x: raw.x, y: raw.y, rows: RowTableWriter(
            start: raw.row_start, count: raw.row_length, y: raw.row_y, width: raw.row_width,
            height: raw.row_height))
    }

    /// Fills in the container size, the row count and the sizes items are given (their
    /// own: the flow never resizes an item).
    func finish(size: Size, rows: Int, items: Items) {
        result.pointee.width = size.width
        result.pointee.height = size.height
        result.pointee.rows = rows
        let raw = result.pointee
        if count > 0, let widths = items.widths.baseAddress, let heights = items.heights.baseAddress {
            raw.item_width?.update(from: widths, count: count)
            raw.item_height?.update(from: heights, count: count)
        }
    }

    /// Fails if an output buffer shares bytes with an input array or another output.
    private func checkNoOverlap(_ items: Items) throws(APIError) {
        let raw = result.pointee
        let rowCapacity = wantsRows ? Int(min(UInt(bitPattern: raw.row_capacity), UInt(count))) : 0
        let outputs: [(String, UnsafeRawPointer?, Int)] = [
            ("result.x", UnsafeRawPointer(raw.x), count * 4),
            ("result.y", UnsafeRawPointer(raw.y), count * 4),
            ("result.item_width", UnsafeRawPointer(raw.item_width), count * 4),
            ("result.item_height", UnsafeRawPointer(raw.item_height), count * 4),
            ("result.row_start", UnsafeRawPointer(raw.row_start), rowCapacity * 8),
            ("result.row_length", UnsafeRawPointer(raw.row_length), rowCapacity * 8),
            ("result.row_y", UnsafeRawPointer(raw.row_y), rowCapacity * 8),
            ("result.row_width", UnsafeRawPointer(raw.row_width), rowCapacity * 4),
            ("result.row_height", UnsafeRawPointer(raw.row_height), rowCapacity * 4),
        ]
        let inputs: [(String, UnsafeRawPointer?, Int)] = [
            ("items.widths", UnsafeRawPointer(items.widths.baseAddress), count * 4),
            ("items.heights", UnsafeRawPointer(items.heights.baseAddress), count * 4),
            ("items.spacing_leading", UnsafeRawPointer(items.leading?.baseAddress), count * 4),
            ("items.spacing_trailing", UnsafeRawPointer(items.trailing?.baseAddress), count * 4),
            ("items.spacing_top", UnsafeRawPointer(items.top?.baseAddress), count * 4),
            ("items.spacing_bottom", UnsafeRawPointer(items.bottom?.baseAddress), count * 4),
            ("items.flags", UnsafeRawPointer(items.flags?.baseAddress), count),
        ]
        func overlaps(_ a: (String, UnsafeRawPointer?, Int), _ b: (String, UnsafeRawPointer?, Int)) -> Bool {
            guard let p = a.1, let q = b.1, a.2 > 0, b.2 > 0 else { return false }
            return p < q + b.2 && q < p + a.2
        }
        for (index, output) in outputs.enumerated() {
            for other in outputs[(index + 1)...] + inputs where overlaps(output, other) {
                throw .parameter("\(output.0) overlaps \(other.0) (outputs must not share memory with inputs or each other)")
            }
        }
    }
}
