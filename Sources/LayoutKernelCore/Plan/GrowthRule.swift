/// Growing items (SPEC.md §11 "Grow"): how a line's free space is shared among its
/// items by their factors, in units of 1/64 px as the browser rounds it.
///
/// Inlinable: the reference, every kernel level and the engine grow lines with these
/// same steps (the kernels' whole-unit lanes evaluate `grow` for lines on the lattice,
/// checked against it bit for bit).
extension FlowFeatures {

    /// Grows the items `range` of a line with free space `free` (units) by `grow`: their
    /// main sizes (`main`, px) to `sizes[i - range.lowerBound]` in units, grown in place;
    /// each item's size along the lines (grown) to `itemAlong` and across them (its
    /// own, `cross`) to `itemAcross`, when given. Returns the space taken.
    /// - Complexity: O(items), one division per growing item.
    @inlinable
    public static func growLine(_ range: Range<Int>, free: Double, factors: UnsafePointer<Float>,
                                main: UnsafePointer<Float>, cross: UnsafePointer<Float>,
                                sizes: UnsafeMutablePointer<Double>, itemAlong: UnsafeMutablePointer<Float>?,
                                itemAcross: UnsafeMutablePointer<Float>?) -> Double {
        let first = range.lowerBound, count = range.count
        let lengths = main + first
        for j in 0..<count { sizes[j] = Double(lengths[j]) * 64 }
        let taken = grow(range, free, factors, sizes, offset: first)
        if let along = itemAlong.map({ $0 + first }) {
            for j in 0..<count { along[j] = Float(sizes[j] / 64) }
        }
        itemAcross.map { ($0 + first).update(from: cross + first, count: count) }
        return taken
    }

    /// Grows the items of a line with free space `free` (units) in proportion to their
    /// factors: from the last item to the first, each factor `g > 0` takes
    /// `round(R * (g / G))` (half away from zero) of what remains, `R` being the free
    /// space (or `floor(free * G)` when the factors sum to `G < 1`). `sizes[i - offset]`
    /// is item i's main size (units), grown in place. Returns the space taken. Nothing
    /// grows when `free <= 0` or every factor is 0.
    /// - Complexity: O(items), one division per growing item.
    @inlinable
    public static func grow(_ items: Range<Int>, _ free: Double, _ factors: UnsafePointer<Float>,
                            _ sizes: UnsafeMutablePointer<Double>, offset: Int) -> Double {
        var sum = 0.0
        for i in items { sum += Double(factors[i]) }
        guard free > 0, sum > 0 else { return 0 }
        var remaining = sum < 1 ? (free * sum).rounded(.down) : free
        let taken = remaining
        for i in items.reversed() where factors[i] > 0 {
            let g = Double(factors[i])
            // The factors left sum to at least g; in double, a factor far smaller than
            // the others vanishes from the sum (2^60 + 1 == 2^60), which then reaches 0
            // (or drops below g) before the last factor: that one takes what remains.
            // Never more than remains: off the lattice (free space a fraction of a unit)
            // a share rounded up would give away more than the free space and leave a
            // negative remainder to the next item, shrinking it. On the lattice every
            // share is at most the remainder already.
            let share = min((remaining * (sum > g ? g / sum : 1)).roundedHalfAwayFromZero, remaining)
            sizes[i - offset] += share
            remaining -= share
            sum -= g
        }
        return taken - remaining
    }
}
