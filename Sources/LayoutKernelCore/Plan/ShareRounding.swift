/// A share of free space rounded to whole units (SPEC.md §11 growing items, §13
/// flexing): to the nearest whole number, halves away from zero — C's `round`, which
/// `rounded(.toNearestOrAwayFromZero)` calls from the generic x86-64 code the core is
/// built as. Here it is a few instructions instead of a library call, the same value
/// for every input (signed zeros, NaN and infinities included).
extension Double {
    @inlinable @inline(__always)
    public var roundedHalfAwayFromZero: Double {
        // 2^52 and beyond, and infinities: already whole; NaN: quieted, as `round` does.
        guard abs(self) < 0x1p52 else { return self + 0 }
        // Truncated after adding the largest double below one half, away from zero: the
        // sum reaches the next whole number exactly when a half or more separates it
        // from the one toward zero (with one half itself, the sum rounds up to it).
        let whole = Double(Int64(self + Double(signOf: self, magnitudeOf: 0x1.fffffffffffffp-2)))
        return Double(signOf: self, magnitudeOf: abs(whole))
    }
}
