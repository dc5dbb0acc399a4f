/// Where a layout of any kind writes: per-item positions (required when there are items)
/// and the row table's columns (each optional; the caller guarantees room for every row).
public struct LayoutOutput {
    public var x: UnsafeMutablePointer<Float>?
    public var y: UnsafeMutablePointer<Float>?
    public var rows: RowTableWriter
    /// How many floats past the items' end `x` and `y` may be written with values that
    /// are overwritten later (the next containers' items, when many are laid out one after
    /// another), so that short rows near the end are stored whole: 0 for a caller's own
    /// buffers.
    public var slack: Int
    /// Where a layout that sizes each item on its own (a flow whose items grow) writes
    /// the sizes it gives them (nil: not wanted); it then reports `sizesWritten`.
    public var itemWidth: UnsafeMutablePointer<Float>?
    public var itemHeight: UnsafeMutablePointer<Float>?

    @inlinable
    public init(x: UnsafeMutablePointer<Float>?, y: UnsafeMutablePointer<Float>?,
                rows: RowTableWriter, slack: Int = 0, itemWidth: UnsafeMutablePointer<Float>? = nil,
                itemHeight: UnsafeMutablePointer<Float>? = nil) {
        self.x = x
        self.y = y
        self.rows = rows
        self.slack = slack
        self.itemWidth = itemWidth
        self.itemHeight = itemHeight
    }
}
