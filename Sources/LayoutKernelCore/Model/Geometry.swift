/// A width and a height: a container's size or an item's.
public struct Size: Equatable, Hashable, Sendable {
    public var width: Float
    public var height: Float

    @inlinable
    public init(width: Float, height: Float) {
        self.width = width
        self.height = height
    }

    public static let zero = Size(width: 0, height: 0)
}

/// A rectangle: its top-left corner and its size (an item's frame).
public struct Rect: Equatable, Hashable, Sendable {
    public var x: Float
    public var y: Float
    public var width: Float
    public var height: Float

    @inlinable
    public init(x: Float, y: Float, width: Float, height: Float) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}

/// An alignment anchor: the fraction of the free space placed before an item, along x
/// and along y. Each component lies in `[0, 1]`; `(0, 0)` is top-leading.
///
/// Text-baseline alignments have no anchor and are not supported.
public struct Anchor: Equatable, Hashable, Sendable {
    public var x: Float
    public var y: Float

    @inlinable
    public init(x: Float, y: Float) {
        self.x = x
        self.y = y
    }

    /// Whether both components lie in `[0, 1]` (NaN does not).
    @inlinable
    public var isValid: Bool { (0...1).contains(x) && (0...1).contains(y) }

    public static let topLeading = Anchor(x: 0, y: 0)
    public static let top = Anchor(x: 0.5, y: 0)
    public static let topTrailing = Anchor(x: 1, y: 0)
    public static let leading = Anchor(x: 0, y: 0.5)
    public static let center = Anchor(x: 0.5, y: 0.5)
    public static let trailing = Anchor(x: 1, y: 0.5)
    public static let bottomLeading = Anchor(x: 0, y: 1)
    public static let bottom = Anchor(x: 0.5, y: 1)
    public static let bottomTrailing = Anchor(x: 1, y: 1)

    /// The nine named alignments in the order of the C API's `LK_ALIGN_*` values.
    public static let named: [Anchor] = [
        .topLeading, .top, .topTrailing,
        .leading, .center, .trailing,
        .bottomLeading, .bottom, .bottomTrailing,
    ]
}
