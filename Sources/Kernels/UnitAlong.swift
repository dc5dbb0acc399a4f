import LayoutKernelCPU
import LayoutKernelCore

/// How the kernel's straight lines (at most 16 items on the 1/64 px lattice) go along, in
/// whole units: `LinePlacer.placeAlong`'s expression, exact in `Int32`, for grown lines
/// too (their shares are whole units). For a flow in a container a whole number of
/// units along (at most 2^17 px either way), led by a rule (not an anchor fraction).
///
/// An item's place, in units, is `base + sign * moved + (fromEnds ? -end : offset)`:
/// `base` holds the line's lead (0, F or trunc(F / 2) of its free space F), the extent
/// for a reversed line (which counts from its end) and the container's width for a
/// mirrored one (which counts from the container's end, `sign` -1); `moved` is each
/// item's increment for space-between, -around and -evenly, their lead included. Every
/// value is a whole number of units below 2^25, so the sums are exact in any order and
/// equal the reference's `Double` expression.
struct UnitAlong {
    /// A line's lead from its free space F, as `FlowFeatures.distribute` leads (start,
    /// and the flex-start fallbacks, pack reversed lines at the far side).
    enum Lead {
        /// 0, F, trunc(F / 2).
        case zero, free, half
        /// Space-between, -around, -evenly: `distribute`'s lead and increments (`spaced`).
        case between, around, evenly

        var spaced: Bool { self == .between || self == .around || self == .evenly }
    }
    let lead: Lead
    /// The container's size along (units).
    let width: Int32
    let reverse: Bool, mirror: Bool
    /// Whether items are placed back from their ends (reversed or mirrored, not both).
    let fromEnds: Bool
    /// Whether each item's place is its offset (led by 0, neither reversed nor mirrored:
    /// `base` is 0).
    let stays: Bool
    /// `base` = c0 + c1 * extent + c2 * trunc(F / 2), one rule for every lead, reversed
    /// or mirrored (for spaced lines the lead is in `moved`, c2 = 0).
    private let c0: Int32, c1: Int32, c2: Int32
    /// `spaced`'s rule without branches: the divisor d = count + dOffset (-1 between,
    /// 0 around, +1 evenly); the lead (q >> leadShift) & leadMask; with no free space the
    /// move F & fallbackMask (between reversed packs at the far side).
    private let dOffset: Int32, leadShift: Int32, leadMask: Int32, fallbackMask: Int32

    init(lead: Lead, width: Int32, reverse: Bool, mirror: Bool) {
        self.lead = lead
        self.width = width
        self.reverse = reverse
        self.mirror = mirror
        fromEnds = reverse != mirror
        stays = lead == .zero && !reverse && !mirror
        // Unmirrored, base = a F + h trunc(F / 2) + r extent with F = width - extent;
        // mirrored, width less that.
        let a: Int32 = lead == .free ? 1 : 0, h: Int32 = lead == .half ? 1 : 0, r: Int32 = reverse ? 1 : 0
        let (m, s): (Int32, Int32) = mirror ? (1, -1) : (0, 1)
        c0 = (m &+ s &* a) &* width
        c1 = s &* (r &- a)
        c2 = s &* h
        dOffset = lead == .between ? -1 : lead == .around ? 0 : 1
        (leadShift, leadMask) = lead == .around ? (1, -1) : (0, lead == .evenly ? -1 : 0)
        fallbackMask = lead == .between && reverse ? -1 : 0
    }

    /// The places (px) of the `count` items of a line along it from their offsets and
    /// ends (units), the line `extent` units long.
    /// - Complexity: O(1): a few scalar and vector operations (space-between, -around
    ///   and -evenly: a few more; see `lk_feature_spaced`).
    @inline(__always)
    func place(_ offsets: SIMD16<Int32>, _ ends: SIMD16<Int32>, _ extent: Int32, count: Int) -> Lanes {
        if stays { return lk_from_units(offsets) }
        let free = width &- extent
        let own = fromEnds ? 0 &- ends : offsets
        guard lead.spaced else {
            // trunc(F / 2) = (F + 1) >> 1 for negative F.
            let half = (free &+ Int32(bitPattern: UInt32(bitPattern: free) >> 31)) &>> 1
            return lk_from_units(SIMD16(repeating: c0 &+ c1 &* extent &+ c2 &* half) &+ own)
        }
        // Spaced lines lead by their moves (c2 = 0).
        let base = SIMD16(repeating: c0 &+ c1 &* extent)
        let moved = spaced(free, count)
        return lk_from_units(mirror ? base &- moved &+ own : base &+ moved &+ own)
    }

    /// Space-between, -around and -evenly: each lane's lead plus its increment
    /// rhu(k F / d), k its place in frame order (reversed lines count from their last
    /// item), as `FlowFeatures.distribute` finds them; with no free space (or one item,
    /// between) the flex-start fallbacks (`lk_feature_spaced` for the increments).
    /// floor(F / 2n) = q >> 1 for -around (r < n), floor(F / (n + 1)) = q for -evenly.
    @inline(__always)
    func spaced(_ free: Int32, _ count: Int) -> SIMD16<Int32> {
        let n = Int32(truncatingIfNeeded: count)
        let d = n &+ dOffset
        guard free > 0 && d > 0 else { return SIMD16(repeating: free & fallbackMask) }
        return lk_feature_spaced(free, d, n, reverse ? 1 : 0, leadShift, leadMask)
    }
}
