// Sizes within the items' bounds (SPEC.md §13 step 1): what lines are made of.
extension Items {
    /// Whether the items' sizes have minimums or maximums not applied yet
    /// (`FlowFeatures.withClampedSizes`). Not inlined (see `Items.fit`).
    public var needsClamping: Bool { rules.map { $0.clamps && $0.givenWidths == nil } ?? false }
}

extension FlowFeatures {
    /// Calls `body` with `items` whose sizes are clamped to their minimum and maximum
    /// (SPEC.md §13 step 1, the sizes lines are made of), their given sizes kept in
    /// `ItemRules.givenWidths` and `givenHeights`; `items` themselves when no size is
    /// bounded or they are clamped already.
    /// - Complexity: O(n); 8 bytes per item of scratch when sizes are bounded.
    public static func withClampedSizes<R>(_ items: Items, _ body: (Items) -> R) -> R {
        guard var rules = items.rules, rules.clamps, rules.givenWidths == nil else { return body(items) }
        let n = items.count
        let sizes = Column<Float>(capacity: 2 * max(n, 1), scratch: true)
        return withExtendedLifetime(sizes) {
            let widths = sizes.pointer, heights = sizes.pointer + n
            for i in 0..<n {
                widths[i] = ItemRules.clamp(items.widths[i], rules.widthBounds(i))
                heights[i] = ItemRules.clamp(items.heights[i], rules.heightBounds(i))
            }
            rules.givenWidths = items.widths
            rules.givenHeights = items.heights
            return body(Items(widths: UnsafeBufferPointer(start: widths, count: n),
                              heights: UnsafeBufferPointer(start: heights, count: n), leading: items.leading,
                              trailing: items.trailing, top: items.top, bottom: items.bottom, flags: items.flags,
                              grow: items.grow, rules: rules))
        }
    }
}
