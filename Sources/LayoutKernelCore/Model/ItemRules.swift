/// How an item sits across its line (CSS `align-items` / `align-self`, SPEC.md §13).
public enum ItemAlignment: UInt8, CaseIterable, Hashable, Sendable {
    /// At the line's cross start (`flex-start`).
    case start = 1
    /// Centred, the offset truncated to the 1/64 px lattice.
    case center = 2
    /// At the line's cross end (`flex-end`).
    case end = 3
    /// A stretchable item takes the line's cross size (within its minimum and maximum);
    /// any other item sits at the start.
    case stretch = 4
    /// The line's first baseline group (CSS `baseline`, `first baseline`).
    case baseline = 5
    /// The line's last baseline group (CSS `last baseline`).
    case lastBaseline = 6

    /// Where an item of this alignment sits in its line's free space across, as an
    /// anchor (0 start, 0.5 centred, 1 end; a stretched item's free space is what its
    /// maximum leaves); nil for the baselines, which place each item by its own.
    @inlinable
    public var anchor: Float? {
        switch self {
        case .start, .stretch: return 0
        case .center: return 0.5
        case .end: return 1
        case .baseline, .lastBaseline: return nil
        }
    }
}

/// The per-item inputs of a flow's item rules (SPEC.md §13): alignment across the line,
/// baselines, stretch, minimum and maximum sizes, shrink factors. Each is optional; a
/// missing one has its default for every item (alignment from the flow's parameters, no
/// baseline, not stretchable, no minimum or maximum, shrink 0).
///
/// Non-owning, like `Items`, which holds it: each present buffer has `Items.count`
/// elements. Values are assumed valid (`firstInvalid…`): sizes finite or NaN, a maximum
/// `+infinity` too, shrink factors finite and `>= 0`, alignment codes 0 ... 6.
public struct ItemRules {
    /// Each item's `ItemAlignment` raw value; 0 is `auto` (the flow's `alignItems`).
    public var alignSelf: UnsafeBufferPointer<UInt8>?
    /// Each item's first and last baseline, from its top edge (px); NaN: no baseline.
    public var baseline: UnsafeBufferPointer<Float>?
    public var lastBaseline: UnsafeBufferPointer<Float>?
    /// Non-zero: the item's cross size is automatic (its given one is its content's).
    public var stretchable: UnsafeBufferPointer<UInt8>?
    /// Each item's minimum and maximum sizes (px); NaN: none (0 and `+infinity`).
    public var minWidth: UnsafeBufferPointer<Float>?
    public var maxWidth: UnsafeBufferPointer<Float>?
    public var minHeight: UnsafeBufferPointer<Float>?
    public var maxHeight: UnsafeBufferPointer<Float>?
    /// Each item's shrink factor (CSS `flex-shrink`); missing: none shrinks.
    public var shrink: UnsafeBufferPointer<Float>?
    /// The items' given sizes (their flex base sizes) when `Items.widths` and `heights`
    /// hold their sizes clamped to the minimum and maximum (`FlowFeatures.withClampedSizes`);
    /// nil: the items' own sizes are the given ones.
    public var givenWidths: UnsafeBufferPointer<Float>?
    public var givenHeights: UnsafeBufferPointer<Float>?

    @inlinable
    public init(alignSelf: UnsafeBufferPointer<UInt8>? = nil, baseline: UnsafeBufferPointer<Float>? = nil,
                lastBaseline: UnsafeBufferPointer<Float>? = nil, stretchable: UnsafeBufferPointer<UInt8>? = nil,
                minWidth: UnsafeBufferPointer<Float>? = nil, maxWidth: UnsafeBufferPointer<Float>? = nil,
                minHeight: UnsafeBufferPointer<Float>? = nil, maxHeight: UnsafeBufferPointer<Float>? = nil,
                shrink: UnsafeBufferPointer<Float>? = nil, givenWidths: UnsafeBufferPointer<Float>? = nil,
                givenHeights: UnsafeBufferPointer<Float>? = nil) {
        self.alignSelf = alignSelf
        self.baseline = baseline
        self.lastBaseline = lastBaseline
        self.stretchable = stretchable
        self.minWidth = minWidth
        self.maxWidth = maxWidth
        self.minHeight = minHeight
        self.maxHeight = maxHeight
        self.shrink = shrink
        self.givenWidths = givenWidths
        self.givenHeights = givenHeights
    }

    /// Whether every rule given has `n` elements.
    @inlinable
    public func allCount(_ n: Int) -> Bool {
        func fits<T>(_ buffer: UnsafeBufferPointer<T>?) -> Bool { (buffer?.count ?? n) == n }
        return fits(alignSelf) && fits(baseline) && fits(lastBaseline) && fits(stretchable) && fits(minWidth)
            && fits(maxWidth) && fits(minHeight) && fits(maxHeight) && fits(shrink) && fits(givenWidths)
            && fits(givenHeights)
    }

    /// Whether no rule is given (every item has every default).
    @inlinable
    public var isEmpty: Bool {
        alignSelf == nil && baseline == nil && lastBaseline == nil && stretchable == nil && !clamps && shrink == nil
            && givenWidths == nil && givenHeights == nil
    }

    /// Whether any minimum or maximum size is given (then sizes are clamped before lines
    /// are made).
    @inlinable
    public var clamps: Bool { minWidth != nil || maxWidth != nil || minHeight != nil || maxHeight != nil }

    /// Whether these rules can give items sizes other than their own (then a layout
    /// reports every item's size): stretch, a minimum or maximum, shrinking.
    @inlinable
    public var resizes: Bool { stretchable != nil || clamps || shrink != nil }

    /// The rules of items `range` (indices from 0), as views of the same buffers.
    @inlinable
    public func slice(_ range: Range<Int>) -> ItemRules {
        ItemRules(alignSelf: Items.part(alignSelf, range), baseline: Items.part(baseline, range),
                  lastBaseline: Items.part(lastBaseline, range), stretchable: Items.part(stretchable, range),
                  minWidth: Items.part(minWidth, range), maxWidth: Items.part(maxWidth, range),
                  minHeight: Items.part(minHeight, range), maxHeight: Items.part(maxHeight, range),
                  shrink: Items.part(shrink, range), givenWidths: Items.part(givenWidths, range),
                  givenHeights: Items.part(givenHeights, range))
    }

    /// The rules with widths and heights trading places (a column's main axis is its
    /// height): what `FlowFeatures.mainView` gives columns.
    @inlinable
    public var transposed: ItemRules {
        var rules = self
        swap(&rules.minWidth, &rules.minHeight)
        swap(&rules.maxWidth, &rules.maxHeight)
        swap(&rules.givenWidths, &rules.givenHeights)
        return rules
    }

    /// Item i's minimum and maximum width (px), NaN read as none.
    @inlinable @inline(__always)
    public func widthBounds(_ i: Int) -> (Float, Float) { Self.bounds(minWidth, maxWidth, i) }

    /// Item i's minimum and maximum height (px), NaN read as none.
    @inlinable @inline(__always)
    public func heightBounds(_ i: Int) -> (Float, Float) { Self.bounds(minHeight, maxHeight, i) }

    @inlinable @inline(__always)
    static func bounds(_ low: UnsafeBufferPointer<Float>?, _ high: UnsafeBufferPointer<Float>?, _ i: Int) -> (Float, Float) {
        bounds(low?.baseAddress, high?.baseAddress, i)
    }

    /// Item i's bounds from the minimums `low` and maximums `high` (either nil: none),
    /// NaN read as none: `(0, +infinity)` at most.
    @inlinable @inline(__always)
    public static func bounds(_ low: UnsafePointer<Float>?, _ high: UnsafePointer<Float>?, _ i: Int) -> (Float, Float) {
        let lo = low?[i] ?? .nan, hi = high?[i] ?? .nan
        return (lo.isNaN ? 0 : lo, hi.isNaN ? .infinity : hi)
    }

    /// `clamp(v, lo, hi) = max(lo, min(v, hi))`: a minimum above the maximum wins.
    @inlinable @inline(__always)
    public static func clamp<V: Comparable>(_ value: V, _ bounds: (V, V)) -> V {
        max(bounds.0, min(value, bounds.1))
    }

}

/// The item rules, as `ItemList` holds them: arrays a Swift caller owns.
public struct ItemRuleList: Equatable, Sendable {
    public var alignSelf: [UInt8]?
    public var baseline: [Float]?
    public var lastBaseline: [Float]?
    public var stretchable: [UInt8]?
    public var minWidth: [Float]?
    public var maxWidth: [Float]?
    public var minHeight: [Float]?
    public var maxHeight: [Float]?
    public var shrink: [Float]?

    public init(alignSelf: [UInt8]? = nil, baseline: [Float]? = nil, lastBaseline: [Float]? = nil,
                stretchable: [UInt8]? = nil, minWidth: [Float]? = nil, maxWidth: [Float]? = nil,
                minHeight: [Float]? = nil, maxHeight: [Float]? = nil, shrink: [Float]? = nil) {
        self.alignSelf = alignSelf
        self.baseline = baseline
        self.lastBaseline = lastBaseline
        self.stretchable = stretchable
        self.minWidth = minWidth
        self.maxWidth = maxWidth
        self.minHeight = minHeight
        self.maxHeight = maxHeight
        self.shrink = shrink
    }

    /// Each rule's element count (nil for a rule not given), named as the Swift API
    /// names it: what a caller's arrays are checked against.
    public var counts: [(name: String, count: Int?)] {
        [("alignSelf", alignSelf?.count), ("baseline", baseline?.count), ("lastBaseline", lastBaseline?.count),
         ("stretchable", stretchable?.count), ("minWidth", minWidth?.count), ("maxWidth", maxWidth?.count),
         ("minHeight", minHeight?.count), ("maxHeight", maxHeight?.count), ("shrink", shrink?.count)]
    }

    /// Calls `body` with views of these arrays, valid for the duration of the call.
    public func withRules<R>(_ body: (ItemRules) throws -> R) rethrows -> R {
        try withOptionalBuffer(alignSelf) { a in
            try withOptionalBuffer(baseline) { b in
                try withOptionalBuffer(lastBaseline) { lb in
                    try withOptionalBuffer(stretchable) { s in
                        try withOptionalBuffer(minWidth) { w0 in
                            try withOptionalBuffer(maxWidth) { w1 in
                                try withOptionalBuffer(minHeight) { h0 in
                                    try withOptionalBuffer(maxHeight) { h1 in
                                        try withOptionalBuffer(shrink) { k in
                                            try body(ItemRules(alignSelf: a, baseline: b, lastBaseline: lb,
                                                               stretchable: s, minWidth: w0, maxWidth: w1,
                                                               minHeight: h0, maxHeight: h1, shrink: k))
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}
