import LayoutKernelCPU
import LayoutKernelCore

/// Growing items on the kernel's straight lines (at most 16 items on the 1/64 px lattice),
/// held by value in `FeatureSink`: each line's shares of its free space (as running totals) by
/// `FlowFeatures.grow`'s rule (on the lattice every share is a whole number of units),
/// and each item's grown size along written.
///
/// When every growing item of a line has the same factor (the usual `grow: 1`, some
/// items growing and the others not), the rule's shares have a closed form
/// (`equalTotals`), found inline; any other line takes the rule's own operations over
/// its growing lanes, out of line (`unequalTotals`).
struct StraightGrowth {
    let factors: UnsafePointer<Float>
    /// The items' sizes along the lines.
    let main: UnsafePointer<Float>
    /// Where the items' grown sizes along the lines go.
    let itemAlong: UnsafeMutablePointer<Float>?
    /// Room for a line's shares (16 values), for `unequalTotals`.
    let room: UnsafeMutablePointer<Double>

    /// The growth of `placer`'s lines, nil when its items do not grow.
    init?(_ placer: LinePlacer) {
        guard let growth = placer.growth else { return nil }
        factors = growth.factors
        main = placer.main
        itemAlong = growth.itemAlong
        room = growth.sizes
    }

    /// The shares of `free` units of free space that the `count` items of a straight line
    /// from `first` take, as running totals (lane l: the shares of the line's items up to
    /// l), and their sum; writes each item's grown size along (16 lanes: a straight line
    /// lies within the items, and the lanes past it belong to later lines, written after
    /// it).
    @inline(__always)
    func totals(_ first: Int, _ count: Int, free: Int32) -> (SIMD16<Int32>, Int32) {
        let factors = Lanes.load(self.factors + first)
        let line = UInt32(1) &<< UInt32(truncatingIfNeeded: count) &- 1
        let growers = lk_bits_greater(factors, 0) & line
        var result = (SIMD16<Int32>(), Int32(0))
        if growers != 0 && free > 0 {
            // The usual factor, 1, checked first: no load of the first grower's factor.
            let ones = lk_bits_equal(factors, 1) & line == growers
            let factor = ones ? 1 : self.factors[first &+ growers.trailingZeroBitCount]
            result = ones || lk_bits_equal(factors, factor) & line == growers
                ? Self.equalTotals(growers, factor, free: free)
                : Self.unequalTotals(first, growers, free: free, factors: self.factors, room: room)
        }
        if let itemAlong {
            // Only items that grow take a share (those past the line are written again).
            let shares = result.0 &- lk_lanes_before_i32(result.0)
            lk_grown_lengths(Lanes.load(main + first), shares, free > 0 ? growers : 0)
                .store(to: itemAlong + first, count: laneCount)
        }
        return result
    }

    /// The rule's shares, as running totals, when the `m` items of `growers` (bit l: lane
    /// l) all grow by `factor` and `free > 0`: the factors sum to m g exactly, so the space
    /// shared is R = `free`, or floor(free * m g) when m g < 1, and the item with t
    /// growing items from it to the line's end takes round(R_t * (g / t g)) = round(R_t *
    /// fl(1 / t)), which is R_t / t rounded half up, exactly, for t <= 16 and R < 2^24 (at
    /// a half, fl(1/t) is exact or off by 2^-54 of it, which the product's rounding
    /// absorbs). `lk_grow_equal_totals` gives their running totals in closed form.
    @inline(__always)
    static func equalTotals(_ growers: UInt32, _ factor: Float, free: Int32) -> (SIMD16<Int32>, Int32) {
        let m = Int32(growers.nonzeroBitCount)
        let room = factor >= 1 ? free : Self.room(free, Double(factor) * Double(m))
        let q = room / m
        return (lk_grow_equal_totals(growers, m, q, room, 2 &* (room &- q &* m) &- m), room)
    }

    /// The space shared among growing items whose factors sum to `sum` (> 0): `free`, or
    /// floor(free * sum) when sum < 1.
    @inline(__always)
    static func room(_ free: Int32, _ sum: Double) -> Int32 {
        sum < 1 ? Int32((Double(free) * sum).rounded(.down)) : free
    }

    /// `totals` for lines whose growing items' factors differ, out of line:
    /// `FlowFeatures.grow`'s operations in its order, over the line's growing lanes only
    /// (`growers`, bit l: lane l), found by their bits rather than by a branch on each
    /// item's factor: the factors' sum in item order (the others add +0, which leaves it
    /// as it is), then from the last growing item to the first its share of what
    /// remains. The shares go to `room` (16 values), set to zero first, and are summed.
    /// Each share p = remaining * ratio is >= 0, and for every p >= 0 the rule's rounding
    /// half away from zero is p + (1/2 - 2^-54), rounded to nearest, then truncated (the
    /// form compilers give it, less the copy of p's sign); with `remaining` a whole number
    /// (on the lattice) and the ratio at most 1, p never passes it, so the rule's cap at
    /// `remaining` never binds.
    @inline(never)
    static func unequalTotals(_ first: Int, _ growers: UInt32, free: Int32, factors: UnsafePointer<Float>,
                              room: UnsafeMutablePointer<Double>) -> (SIMD16<Int32>, Int32) {
        UnsafeMutableRawPointer(room).storeBytes(of: SIMD16<Double>(), as: SIMD16<Double>.self)
        let factors = factors + first
        var sum = 0.0
        var next = growers
        while next != 0 {
            sum += Double(factors[next.trailingZeroBitCount])
            next &= next &- 1
        }
        let shared = Self.room(free, sum)
        var remaining = Double(shared)
        var left = growers
        while left != 0 {
            let l = 31 &- left.leadingZeroBitCount
            left &= ~(1 &<< UInt32(l))
            let g = Double(factors[l])
            let share = (remaining * (sum > g ? g / sum : 1) + 0.49999999999999994).rounded(.towardZero)
            room[l] = share
            remaining -= share
            sum -= g
        }
        return (lk_prefix_sum_i32(lk_i32_from_f64(room)), shared &- Int32(remaining))
    }
}
