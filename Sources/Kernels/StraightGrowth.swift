import LayoutKernelCPU
import LayoutKernelCore

/// Growing items on the kernel's straight lines (at most 16 items on the 1/64 px lattice),
/// held by value in `FeatureSink`: each line's shares of its free space by
/// `FlowFeatures.grow`'s rule (on the lattice every share is a whole number of units),
/// and each item's grown size along and its size across written.
///
/// When every growing item of a line has the same factor (the usual `grow: 1`, some
/// items growing and the others not), the rule's shares have a closed form
/// (`equalShares`), found inline; any other line takes the rule itself, out of line
/// (`unequalShares`).
struct StraightGrowth {
    let factors: UnsafePointer<Float>
    /// The items' sizes along and across the lines.
    let main: UnsafePointer<Float>, cross: UnsafePointer<Float>
    /// Where the items' sizes along (grown) and across go.
    let itemAlong: UnsafeMutablePointer<Float>?, itemAcross: UnsafeMutablePointer<Float>?
    /// Room for a line's shares (16 values), for `unequalShares`.
    let room: UnsafeMutablePointer<Double>

    /// The growth of `placer`'s lines, nil when its items do not grow.
    init?(_ placer: LinePlacer) {
        guard let growth = placer.growth else { return nil }
        factors = growth.factors
        main = placer.main
        cross = placer.cross
        itemAlong = growth.itemAlong
        itemAcross = growth.itemAcross
        room = growth.sizes
    }

    /// The shares of `free` units of free space that the `count` items of a straight line
    /// from `first` take, one lane an item, and their sum; writes each item's grown size
    /// along and its size across (16 lanes: a straight line lies within the items, and
    /// the lanes past it belong to later lines, written after it).
    @inline(__always)
    func shares(_ first: Int, _ count: Int, free: Int32) -> (SIMD16<Int32>, Int32) {
        let factors = Lanes.load(self.factors + first)
        let growing = factors .> 0 .& (free > 0)
        let line = UInt32(1) &<< UInt32(truncatingIfNeeded: count) &- 1
        let growers = lk_bits_greater(factors, 0) & line
        var result = (SIMD16<Int32>(), Int32(0))
        if growers != 0 && free > 0 {
            let factor = factors[growers.trailingZeroBitCount]
            result = lk_bits_equal(factors, factor) & line == growers ? Self.equalShares(growers, factor, free: free)
                : Self.unequalShares(first, count, free: free, factors: self.factors, room: room)
        }
        if let itemAlong {
            // A share added to a growing item (a -0 grows to +0, as the rule's sum does);
            // -0 to any other, which keeps its own length, -0 included. Exact: whole
            // units, below 2^24 of them.
            let added = lk_from_units(result.0).replacing(with: -0.0, where: .!growing)
            (Lanes.load(main + first) + added).store(to: itemAlong + first, count: laneCount)
        }
        if let itemAcross { Lanes.load(cross + first).store(to: itemAcross + first, count: laneCount) }
        return result
    }

    /// The rule's shares when the `m` items of `growers` (bit l: lane l) all grow by
    /// `factor` and `free > 0`: the factors sum to m g exactly, so the space shared is R =
    /// `free`, or floor(free * m g) when m g < 1, and the item with t growing items from
    /// it to the line's end takes round(R_t * (g / t g)) = round(R_t * fl(1 / t)), which
    /// is R_t / t rounded half up, exactly, for t <= 16 and R < 2^24 (at a half, fl(1/t)
    /// is exact or off by 2^-54 of it, which the product's rounding absorbs).
    /// `lk_grow_equal_shares` gives those shares in closed form.
    @inline(__always)
    static func equalShares(_ growers: UInt32, _ factor: Float, free: Int32) -> (SIMD16<Int32>, Int32) {
        let m = Int32(growers.nonzeroBitCount)
        let sum = Double(factor) * Double(m)
        let room = sum < 1 ? Int32((Double(free) * sum).rounded(.down)) : free
        let q = room / m
        return (lk_grow_equal_shares(growers, m, q, 2 &* (room &- q &* m) &- m), room)
    }

    /// `shares` for lines whose growing items' factors differ: `FlowFeatures.grow`
    /// itself, into `room` (16 values) set to zero. Out of line.
    @inline(never)
    static func unequalShares(_ first: Int, _ count: Int, free: Int32, factors: UnsafePointer<Float>,
                              room: UnsafeMutablePointer<Double>) -> (SIMD16<Int32>, Int32) {
        for j in 0..<laneCount { room[j] = 0 }
        let taken = FlowFeatures.grow(first..<(first &+ count), Double(free), factors, room, offset: first)
        return (lk_i32_from_f64(room), Int32(taken))
    }
}
