/// Where a layout of any kind writes: per-item positions (required when there are items)
/// and the row table's columns (each optional; the caller guarantees room for every row).
public struct LayoutOutput {
    public var x: UnsafeMutablePointer<Float>?
    public var y: UnsafeMutablePointer<Float>?
    public var rows: RowTableWriter

    @inlinable
    public init(x: UnsafeMutablePointer<Float>?, y: UnsafeMutablePointer<Float>?,
                rows: RowTableWriter) {
        self.x = x
        self.y = y
        self.rows = rows
    }
}
