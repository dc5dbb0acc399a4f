import CLayoutKernel
import LayoutKernelCore

/// The caller's `lk_result`, checked in two stages so that nothing is written until the
/// whole result is known to fit: the per-item buffers before the layout runs, the row
/// table once the number of rows is known.
struct ResultWriter {
    let result: UnsafeMutablePointer<lk_result>
    let count: Int

    /// Checks the result pointer and the per-item buffers for `count` items.
    init(_ pointer: UnsafeMutablePointer<lk_result>?, count: Int) throws(APIError) {
        result = try required(pointer, "result")
        self.count = count
        let raw = result.pointee
        guard count > 0 else { return }
        _ = try required(raw.x, "result.x")
        _ = try required(raw.y, "result.y")
        guard UInt(bitPattern: raw.item_capacity) >= UInt(count) else {
            throw .bufferTooSmall("result.item_capacity", capacity: raw.item_capacity,
                                  required: count)
        }
    }

    /// Whether the caller asked for any column of the row table.
    var wantsRows: Bool {
        let raw = result.pointee
        return raw.row_start != nil || raw.row_length != nil || raw.row_y != nil
            || raw.row_width != nil || raw.row_height != nil
    }

    /// Checks that the row table holds `rows` rows, if the caller wants it.
    func checkRowCapacity(_ rows: Int) throws(APIError) {
        let capacity = result.pointee.row_capacity
        if wantsRows && UInt(bitPattern: capacity) < UInt(rows) {
            throw .bufferTooSmall("result.row_capacity", capacity: capacity, required: rows)
        }
    }

    /// Writes a complete layout. Call only after `checkRowCapacity(layout.rows.count)`.
    func write(_ layout: Layout, items: Items) {
        let raw = result.pointee
        result.pointee.width = layout.size.width
        result.pointee.height = layout.size.height
        result.pointee.rows = layout.rows.count
        guard count > 0 else { return }
        copy(layout.x, to: raw.x)
        copy(layout.y, to: raw.y)
        copy(items.widths, to: raw.item_width)
        copy(items.heights, to: raw.item_height)
        copy(layout.rows.map { Int64($0.start) }, to: raw.row_start)
        copy(layout.rows.map { Int64($0.count) }, to: raw.row_length)
        copy(layout.rows.map(\.y), to: raw.row_y)
        copy(layout.rows.map(\.width), to: raw.row_width)
        copy(layout.rows.map(\.height), to: raw.row_height)
    }
}

/// Copies `values` to `destination` when the caller gave one.
private func copy<C: Collection>(_ values: C, to destination: UnsafeMutablePointer<C.Element>?) {
    guard let destination else { return }
    _ = UnsafeMutableBufferPointer(start: destination, count: values.count).initialize(from: values)
}
