import LayoutKernelCPU
import LayoutKernelCore

/// How the kernel's straight lines (at most 16 items on the 1/64 px lattice) go along, in
/// whole units: `FlowFeatures.LineFrame.along` evaluated in `Int32` lanes (`UnitLanes`),
/// each item led by the move `FlowFeatures.FreeSpaceRule` gives it, for grown lines too
/// (their shares are whole units). For a flow in a container a whole number of units
/// along (at most 2^17 px either way), led by a rule (not an anchor fraction). Every value
/// is a whole number of units below 2^25, so the wrapping sums are exact and equal the
/// reference's `Double` expression.
struct UnitAlong {
    /// How each line shares its free space among its items.
    let rule: FlowFeatures.FreeSpaceRule
    /// The container's size along (units).
    let width: Int32
    let reverse: Bool, mirror: Bool
    /// Whether each item's place is its offset (led by 0, neither reversed nor mirrored).
    let stays: Bool
    /// Space-between, -around and -evenly as `lk_feature_spaced` finds them: the lead
    /// (q >> leadShift) & leadMask from q = floor(F / d) (floor(F / 2n) = q >> 1 for
    /// -around, floor(F / (n + 1)) = q for -evenly, 0 for -between).
    private let leadShift: Int32, leadMask: Int32

    /// Nil for a rule that leads by a fraction of the free space.
    init?(rule: FlowFeatures.FreeSpaceRule, width: Int32, reverse: Bool, mirror: Bool) {
        guard rule.spacing != nil || rule.lead.units(0) != nil else { return nil }
        self.rule = rule
        self.width = width
        self.reverse = reverse
        self.mirror = mirror
        stays = rule.keepsPlaces && !reverse && !mirror
        (leadShift, leadMask) = rule.spacing == .around ? (1, -1) : (0, rule.spacing == .evenly ? -1 : 0)
    }

    /// The places (px) of the `count` items of a line along it from their offsets and
    /// ends (units), the line `extent` units long.
    /// - Complexity: O(1): a few scalar and vector operations (space-between, -around
    ///   and -evenly: a few more; see `lk_feature_spaced`).
    @inline(__always)
    func place(_ offsets: SIMD16<Int32>, _ ends: SIMD16<Int32>, _ extent: Int32, count: Int) -> Lanes {
        if stays { return lk_from_units(offsets) }
        let free = width &- extent
        let moved = rule.spacing == nil ? SIMD16(repeating: rule.lead.units(free).unsafelyUnwrapped)
            : spaced(free, count)
        let place = FlowFeatures.LineFrame.along(
            moved: UnitLanes(moved), offset: UnitLanes(offsets), length: UnitLanes(ends &- offsets),
            lineLength: UnitLanes(SIMD16(repeating: extent)), width: UnitLanes(SIMD16(repeating: width)),
            reverse: reverse, mirror: mirror)
        return lk_from_units(place.lanes)
    }

    /// Space-between, -around and -evenly: each lane's lead plus its increment
    /// rhu(k F / d), k its place in frame order (reversed lines count from their last
    /// item), as the rule's `spots` finds them; where the spacing does not apply, the
    /// rule's fallback (`lk_feature_spaced` for the increments).
    @inline(__always)
    func spaced(_ free: Int32, _ count: Int) -> SIMD16<Int32> {
        guard let spacing = rule.spacing, rule.spaces(Double(free), count: count) else {
            return SIMD16(repeating: rule.fallback.units(free).unsafelyUnwrapped)
        }
        let n = Int32(truncatingIfNeeded: count)
        return lk_feature_spaced(free, n &+ Int32(spacing.divisorOffset), n, reverse ? 1 : 0, leadShift, leadMask)
    }
}

/// Sixteen lanes of whole units, added and subtracted wrapping: the `PlaceValue` the
/// kernels' straight lines evaluate `FlowFeatures.LineFrame` in.
struct UnitLanes: PlaceValue {
    var lanes: SIMD16<Int32>

    @inline(__always)
    init(_ lanes: SIMD16<Int32>) { self.lanes = lanes }

    @inline(__always)
    static func + (lhs: UnitLanes, rhs: UnitLanes) -> UnitLanes { UnitLanes(lhs.lanes &+ rhs.lanes) }

    @inline(__always)
    static func - (lhs: UnitLanes, rhs: UnitLanes) -> UnitLanes { UnitLanes(lhs.lanes &- rhs.lanes) }
}
