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
            if n > 0, let givenWidths = items.widths.baseAddress, let givenHeights = items.heights.baseAddress {
                clamp(givenWidths, rules.minWidth?.baseAddress, rules.maxWidth?.baseAddress, n, into: widths)
                clamp(givenHeights, rules.minHeight?.baseAddress, rules.maxHeight?.baseAddress, n, into: heights)
            }
            rules.givenWidths = items.widths
            rules.givenHeights = items.heights
            return body(Items(widths: UnsafeBufferPointer(start: widths, count: n),
                              heights: UnsafeBufferPointer(start: heights, count: n), leading: items.leading,
                              trailing: items.trailing, top: items.top, bottom: items.bottom, flags: items.flags,
                              grow: items.grow, rules: rules))
        }
    }

    /// `ItemRules.clamp` of `count` values within their bounds (`ItemRules.bounds`: NaN
    /// none) into `out`, eight at a time: the same comparisons lane by lane, so the
    /// same values, signed zeros included.
    static func clamp(_ values: UnsafePointer<Float>, _ low: UnsafePointer<Float>?, _ high: UnsafePointer<Float>?,
                      _ count: Int, into out: UnsafeMutablePointer<Float>) {
        typealias Lanes = SIMD8<Float>
        @inline(__always) func load(_ p: UnsafePointer<Float>?, _ i: Int, _ none: Float) -> Lanes {
            guard let p else { return Lanes(repeating: none) }
            let v = UnsafeRawPointer(p + i).loadUnaligned(as: Lanes.self)
            return v.replacing(with: none, where: v .!= v)
        }
        var i = 0
        while i + 8 <= count {
            let v = UnsafeRawPointer(values + i).loadUnaligned(as: Lanes.self)
            let lo = load(low, i, 0), hi = load(high, i, .infinity)
            let below = v.replacing(with: hi, where: hi .< v)             // min(v, hi)
            let clamped = lo.replacing(with: below, where: below .>= lo)  // max(lo, that)
            UnsafeMutableRawPointer(out + i).storeBytes(of: clamped, as: Lanes.self)
            i += 8
        }
        while i < count {
            out[i] = ItemRules.clamp(values[i], ItemRules.bounds(low, high, i))
            i += 1
        }
    }
}
