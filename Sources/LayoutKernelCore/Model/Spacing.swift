/// How a layout spaces neighbouring items along one axis.
public enum Spacing: Equatable, Hashable, Sendable {
    /// The same gap between every pair of neighbours (finite, `>= 0`).
    case fixed(Float)
    /// Each pair's own distance from the items' spacing preferences (SwiftUI's
    /// `spacing: nil`): `max(a.trailing, b.leading)` along x, `max(a.bottom, b.top)`
    /// along y.
    case perItem
}

/// Bits of an item's flags byte.
public enum ItemFlag {
    /// In a flow, the item starts a new row.
    public static let breakBefore: UInt8 = 0x01
    /// Every bit this version defines; any other bit is invalid.
    public static let all: UInt8 = breakBefore
}
