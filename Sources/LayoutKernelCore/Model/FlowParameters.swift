/// The parameters of a flow (lk_flow_layout in layoutkernel.h).
public struct FlowParameters: Equatable, Hashable, Sendable {
    /// The x gap between neighbours in a row.
    public var spacing: Spacing
    /// The y gap between rows.
    public var lineSpacing: Spacing
    /// The anchor of each row in the container (x) and of each item in its row (y).
    public var alignment: Anchor

    @inlinable
    public init(spacing: Spacing = .fixed(0), lineSpacing: Spacing = .fixed(0),
                alignment: Anchor = .topLeading) {
        self.spacing = spacing
        self.lineSpacing = lineSpacing
        self.alignment = alignment
    }
}
