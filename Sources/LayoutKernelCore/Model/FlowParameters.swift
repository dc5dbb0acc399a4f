/// The parameters of a flow (lk_flow_layout in layoutkernel.h).
///
/// The first three are the plain flow's. The rest are CSS flexbox's flow features
/// (lk_flow_layout's "Features"); their defaults leave the plain flow unchanged, and any
/// other value makes the flow a *featured* one, placed by `FlowFeatures`.
public struct FlowParameters: Equatable, Hashable, Sendable {
    /// The gap between neighbours in a line (in a row: x; in a column: y).
    public var spacing: Spacing
    /// The gap between lines (between rows: y; between columns: x).
    public var lineSpacing: Spacing
    /// The anchor of each row in the container (x) and of each item in its row (y).
    /// Physical: in columns, y acts along the columns and x across them.
    public var alignment: Anchor
    /// How each line's free space is shared among its items; nil takes start, center or
    /// end from the alignment's component along the lines.
    public var justify: Distribution?
    /// Right to left: lines start at the container's right edge.
    public var direction: Direction
    /// Each line's items in reverse order (CSS `row-reverse`, not a mirror image).
    public var reverse: Bool
    /// Lines stacked from the cross end (CSS `wrap-reverse`).
    public var wrapReverse: Bool
    /// `.horizontal`: rows that wrap at the proposal's width; `.vertical`: columns that
    /// wrap at its height.
    public var axis: Axes
    /// How the lines share a definite cross size; nil: lines take only the room they need.
    public var alignContent: Distribution?
    /// How items are broken into lines: `.wrap` (greedy lines at the main limit),
    /// `.nowrap` (one line that may overflow) or `.balance` (lines of even length).
    public var wrap: Wrap
    /// The fewest lines a balanced flow makes where its items allow (CSS
    /// `flex-line-count`, at least 1); no effect under `.wrap` and `.nowrap`.
    public var minLines: Int
    /// At most this many lines (nil: no limit); the items of later lines are hidden
    /// (SPEC.md §12 `maxLines`).
    public var maxLines: Int?
    /// The item put at the end of the last kept line when items are hidden (a "+N" chip):
    /// its size; nil for none.
    public var overflowItem: Size?
    /// How items sit across their lines (CSS `align-items`, SPEC.md §13); nil: by the
    /// alignment's component across the lines. An item's own `ItemRules.alignSelf`
    /// overrides it.
    public var alignItems: ItemAlignment?

    @inlinable
    public init(spacing: Spacing = .fixed(0), lineSpacing: Spacing = .fixed(0),
                alignment: Anchor = .topLeading, justify: Distribution? = nil, direction: Direction = .ltr,
                reverse: Bool = false, wrapReverse: Bool = false, axis: Axes = .horizontal,
                alignContent: Distribution? = nil, wrap: Wrap = .wrap, minLines: Int = 1, maxLines: Int? = nil,
                overflowItem: Size? = nil, alignItems: ItemAlignment? = nil) {
        self.spacing = spacing
        self.lineSpacing = lineSpacing
        self.alignment = alignment
        self.justify = justify
        self.direction = direction
        self.reverse = reverse
        self.wrapReverse = wrapReverse
        self.axis = axis
        self.alignContent = alignContent
        self.wrap = wrap
        self.minLines = minLines
        self.maxLines = maxLines
        self.overflowItem = overflowItem
        self.alignItems = alignItems
    }

    /// Whether any CSS flow feature is set (per-item grow factors,
    /// which come with the items, also make a featured flow).
    @inlinable
    public var hasFeatures: Bool {
        justify != nil || direction == .rtl || reverse || wrapReverse || axis == .vertical || alignContent != nil
            || wrap != .wrap || alignItems != nil
    }
}

/// How a flow breaks its items into lines (CSS `flex-wrap`, SPEC.md §12).
public enum Wrap: Int32, CaseIterable, Hashable, Sendable {
    /// Greedy lines: an item joins the current line while it fits the main limit.
    case wrap = 0
    /// One line holding every item, which may overflow the main limit.
    case nowrap = 1
    /// Lines of even length: Chromium's `flex-wrap: balance`, the least sum of squared
    /// free space (`BalancedFlow`).
    case balance = 2
}

/// How free space is shared among the items of a line (`justify`) or among the lines
/// (`alignContent`): CSS's `justify-content` and `align-content` values.
public enum Distribution: Int32, CaseIterable, Hashable, Sendable {
    case start = 1
    case center = 2
    case end = 3
    case spaceBetween = 4
    case spaceAround = 5
    case spaceEvenly = 6
    /// Lines only: lines grow to share the free space.
    case stretch = 7
}

/// The writing direction of a flow's lines.
public enum Direction: Int32, Hashable, Sendable {
    case ltr = 0
    case rtl = 1
}
