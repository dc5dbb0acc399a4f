/// One row of a row-based layout's row table.
public struct Row: Equatable, Hashable, Sendable {
    /// Index of the row's first item.
    public var start: Int
    /// Number of items in the row (`>= 1`).
    public var count: Int
    /// The row's top, accumulated in `Double` so that layouts taller than 2^24 stay exact.
    public var y: Double
    /// Distance from the row's first item's leading edge to its last item's trailing edge.
    public var width: Float
    /// The height of the row's tallest item.
    public var height: Float

    @inlinable
    public init(start: Int, count: Int, y: Double, width: Float, height: Float) {
        self.start = start
        self.count = count
        self.y = y
        self.width = width
        self.height = height
    }
}

/// A complete layout: the container's size, every item's top-left corner, the size
/// each item is given, and the row table (empty for layouts that are not row-based).
public struct Layout: Equatable, Sendable {
    public var size: Size
    public var x: [Float]
    public var y: [Float]
    public var rows: [Row]
    /// The size each item is given; empty when every item keeps its own size (all
    /// layouts but the balanced stack).
    public var itemWidth: [Float]
    public var itemHeight: [Float]
    /// A flow with `maxLines`: how many items (the last ones) its kept lines leave out,
    /// and the overflow item's frame when it was placed.
    public var hidden: Int
    public var overflow: Rect?

    @inlinable
    public init(size: Size, x: [Float], y: [Float], rows: [Row], itemWidth: [Float] = [],
                itemHeight: [Float] = [], hidden: Int = 0, overflow: Rect? = nil) {
        self.size = size
        self.x = x
        self.y = y
        self.rows = rows
        self.itemWidth = itemWidth
        self.itemHeight = itemHeight
        self.hidden = hidden
        self.overflow = overflow
    }
}
