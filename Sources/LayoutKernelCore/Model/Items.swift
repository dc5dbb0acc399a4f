/// A read-only, structure-of-arrays view of `count` items, as the C API passes them.
///
/// Non-owning: it borrows the buffers of whoever made it and is valid only inside that
/// scope (`ItemList.withItems` for Swift callers; the export layer for C callers).
/// Every present buffer has exactly `count` elements. Layouts assume the values were
/// validated (`firstInvalid…`): sizes and spacings finite and `>= 0`, no undefined flag.
public struct Items {
    public let count: Int
    public let widths: UnsafeBufferPointer<Float>
    public let heights: UnsafeBufferPointer<Float>
    /// Per-item spacing preferences; a missing buffer counts as all zeros.
    public let leading: UnsafeBufferPointer<Float>?
    public let trailing: UnsafeBufferPointer<Float>?
    public let top: UnsafeBufferPointer<Float>?
    public let bottom: UnsafeBufferPointer<Float>?
    /// Per-item flags (`ItemFlag`); missing means none.
    public let flags: UnsafeBufferPointer<UInt8>?
    /// Per-item grow factors of a flow (lk_flow_layout's "Features" in layoutkernel.h); missing means none grow.
    public let grow: UnsafeBufferPointer<Float>?
    /// The flow's per-item rules of SPEC.md §13 (alignment, baselines, stretch, minimum
    /// and maximum sizes, shrink); every buffer nil for none (`rules`).
    @usableFromInline let ruleBuffers: ItemRules

    @inlinable
    public init(widths: UnsafeBufferPointer<Float>, heights: UnsafeBufferPointer<Float>,
                leading: UnsafeBufferPointer<Float>? = nil,
                trailing: UnsafeBufferPointer<Float>? = nil,
                top: UnsafeBufferPointer<Float>? = nil,
                bottom: UnsafeBufferPointer<Float>? = nil,
                flags: UnsafeBufferPointer<UInt8>? = nil,
                grow: UnsafeBufferPointer<Float>? = nil,
                rules: ItemRules? = nil) {
        // No array or closure here: an Items is made per container in a batch call.
        let n = widths.count
        precondition(heights.count == n, "widths and heights differ in length")
        precondition((leading?.count ?? n) == n && (trailing?.count ?? n) == n && (top?.count ?? n) == n
                         && (bottom?.count ?? n) == n, "a spacing buffer differs in length from widths")
        precondition((flags?.count ?? n) == n, "flags differ in length from widths")
        precondition((grow?.count ?? n) == n, "grow factors differ in length from widths")
        self.count = widths.count
        self.widths = widths
        self.heights = heights
        self.leading = leading
        self.trailing = trailing
        self.top = top
        self.bottom = bottom
        self.flags = flags
        self.grow = grow
        ruleBuffers = Self.stored(rules, n)
    }

    /// `rules` as stored (all nil for none), checked to hold `n` elements each.
    ///
    /// Not inlined, like every reading of an optional `ItemRules`, and `Items` holds no
    /// optional one: the code that tells whether one is there would otherwise be
    /// emitted, alike, into every per-ISA kernel module.
    @usableFromInline
    static func stored(_ rules: ItemRules?, _ n: Int) -> ItemRules {
        guard let rules else { return ItemRules() }
        precondition(rules.allCount(n), "an item rule differs in length from widths")
        return rules
    }

    /// The flow's per-item rules of SPEC.md §13 (alignment, baselines, stretch, minimum
    /// and maximum sizes, shrink); nil for none. Not inlined (see `stored`).
    public var rules: ItemRules? { ruleBuffers.isEmpty ? nil : ruleBuffers }

    /// The items without their rules, as a view of the same buffers. Not inlined (see
    /// `stored`).
    public var withoutRules: Items {
        Items(widths: widths, heights: heights, leading: leading, trailing: trailing, top: top, bottom: bottom,
              flags: flags, grow: grow)
    }

    /// The items in `range`, as a view of the same buffers (indices start at 0). Not
    /// inlined (see `stored`).
    public func slice(_ range: Range<Int>) -> Items {
        Items(widths: Self.part(widths, range)!, heights: Self.part(heights, range)!,
              leading: Self.part(leading, range), trailing: Self.part(trailing, range),
              top: Self.part(top, range), bottom: Self.part(bottom, range), flags: Self.part(flags, range),
              grow: Self.part(grow, range), rules: rules?.slice(range))
    }

    /// `buffer[range]` as a buffer, if there is a buffer: plain pointer arithmetic (this
    /// runs once per container; a `Slice` costs an allocation here).
    @inlinable @inline(__always)
    static func part<T>(_ buffer: UnsafeBufferPointer<T>?, _ range: Range<Int>) -> UnsafeBufferPointer<T>? {
        guard let buffer else { return nil }
        guard let base = buffer.baseAddress else { return buffer }
        return UnsafeBufferPointer(start: base + range.lowerBound, count: range.count)
    }

    /// Whether item `i` starts a new row in a flow.
    @inlinable
    public func breaksBefore(_ i: Int) -> Bool {
        guard let flags else { return false }
        return flags[i] & ItemFlag.breakBefore != 0
    }

    /// The x distance between item `a` and the item `b` after it under `spacing`.
    @inlinable
    public func gapX(_ a: Int, _ b: Int, _ spacing: Spacing) -> Float {
        switch spacing {
        case .fixed(let gap): return gap
        case .perItem: return max(trailing?[a] ?? 0, leading?[b] ?? 0)
        }
    }

    /// The y distance between item `a` and item `b` below it under `spacing`.
    @inlinable
    public func gapY(_ a: Int, _ b: Int, _ spacing: Spacing) -> Float {
        switch spacing {
        case .fixed(let gap): return gap
        case .perItem: return max(bottom?[a] ?? 0, top?[b] ?? 0)
        }
    }
}

/// Items stored in Swift arrays: the owning counterpart of `Items`, for Swift callers
/// and tests.
public struct ItemList: Equatable, Sendable {
    public var widths: [Float]
    public var heights: [Float]
    public var leading: [Float]?
    public var trailing: [Float]?
    public var top: [Float]?
    public var bottom: [Float]?
    public var flags: [UInt8]?
    public var grow: [Float]?
    /// The flow's per-item rules of SPEC.md §13; nil: none.
    public var rules: ItemRuleList?

    public init(widths: [Float], heights: [Float], leading: [Float]? = nil,
                trailing: [Float]? = nil, top: [Float]? = nil, bottom: [Float]? = nil,
                flags: [UInt8]? = nil, grow: [Float]? = nil, rules: ItemRuleList? = nil) {
        self.widths = widths
        self.heights = heights
        self.leading = leading
        self.trailing = trailing
        self.top = top
        self.bottom = bottom
        self.flags = flags
        self.grow = grow
        self.rules = rules
    }

    public var count: Int { widths.count }

    /// Calls `body` with a view of these items, valid for the duration of the call.
    public func withItems<R>(_ body: (Items) throws -> R) rethrows -> R {
        try widths.withUnsafeBufferPointer { w in
            try heights.withUnsafeBufferPointer { h in
                try withOptionalBuffer(leading) { l in
                    try withOptionalBuffer(trailing) { t in
                        try withOptionalBuffer(top) { tp in
                            try withOptionalBuffer(bottom) { b in
                                try withOptionalBuffer(flags) { f in
                                    try withOptionalBuffer(grow) { g in
                                        try withRules { r in
                                            try body(Items(widths: w, heights: h, leading: l, trailing: t,
                                                           top: tp, bottom: b, flags: f, grow: g, rules: r))
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

extension ItemList {
    /// Calls `body` with the rules' views (nil without rules).
    func withRules<R>(_ body: (ItemRules?) throws -> R) rethrows -> R {
        guard let rules else { return try body(nil) }
        return try rules.withRules { try body($0) }
    }
}

func withOptionalBuffer<T, R>(_ array: [T]?,
                                      _ body: (UnsafeBufferPointer<T>?) throws -> R) rethrows -> R {
    guard let array else { return try body(nil) }
    return try array.withUnsafeBufferPointer { try body($0) }
}
