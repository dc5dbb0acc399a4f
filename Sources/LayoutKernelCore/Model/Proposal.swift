/// The size a parent proposes to a layout (SwiftUI's `ProposedViewSize`).
///
/// Each axis is a finite value `>= 0`, `+infinity`, or unspecified (`nil`). Negative
/// values and `-infinity` are invalid; the C export layer rejects them before a layout
/// ever sees them.
public struct Proposal: Equatable, Hashable, Sendable {
    public var width: Float?
    public var height: Float?

    @inlinable
    public init(width: Float?, height: Float?) {
        self.width = width
        self.height = height
    }

    /// Both axes unspecified: the proposal that asks for a layout's ideal size.
    public static let unspecified = Proposal(width: nil, height: nil)
    /// Both axes zero: the proposal macOS makes to learn a window's minimum size.
    public static let zero = Proposal(width: 0, height: 0)
    /// Both axes infinite: the proposal that asks for a layout's maximum size.
    public static let infinity = Proposal(width: .infinity, height: .infinity)

    /// This proposal with `value` in place of every unspecified axis, as SwiftUI's
    /// `replacingUnspecifiedDimensions(by:)`.
    @inlinable
    public func replacingUnspecified(by value: Float) -> Proposal {
        Proposal(width: width ?? value, height: height ?? value)
    }
}
