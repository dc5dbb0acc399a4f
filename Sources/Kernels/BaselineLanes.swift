import LayoutKernelCPU
import LayoutKernelCore

/// Items that all sit in one kind of baseline group (`align_items` baseline or
/// last-baseline, no item with an alignment of its own: `ItemsAcross.oneGroup`), across
/// their lines in `Double` lanes, 16 items a step: each line's size across and group
/// (SPEC.md §13 steps 8–10, `linesAcross`) and each item's place across (steps 12–13,
/// `write`), by the rule `ItemsAcross.Ascents` states once over values.
///
/// Bit-identical to the reference: each lane takes the reference's operations in its
/// order. A line's greatest size, ascent and descent are found lane by lane and then by
/// halves, not item after item; that gives the same bits unless the greatest is a zero
/// (whose sign is the last such item's) or infinite, and such a line takes the
/// reference's loop (`ItemsAcross.line`).
struct BaselineLanes {
    let ascents: FlowFeatures.ItemsAcross.Ascents
    let last: Bool
    let cross: UnsafePointer<Float>
    let itemCount: Int

    /// The lanes for a flow with the rules `across` over `itemCount` items; nil unless
    /// every item sits in one kind of group.
    @inline(__always)
    init?(_ across: FlowFeatures.ItemsAcross, itemCount: Int) {
        guard let (last, cross) = across.oneGroup else { return nil }
        ascents = FlowFeatures.ItemsAcross.Ascents(across, last: last)
        self.last = last
        self.cross = cross
        self.itemCount = itemCount
    }

    /// The sizes across (units) and ascents of the 16 items from `i`, of which the
    /// first `count` are read (the other lanes 0; every lane is read when 16 lie within
    /// the items, whatever `count`).
    @inline(__always)
    func values(at i: Int, count: Int) -> (breadth: SIMD16<Double>, ascent: SIMD16<Double>) {
        let whole = i &+ laneCount <= itemCount
        @inline(__always) func load(_ p: UnsafePointer<Float>) -> Lanes {
            whole ? Lanes.load(p + i) : Lanes.load(p + i, count: count)
        }
        let breadth = lk_widened(load(cross)) * 64
        var given = SIMD16<Double>(), has = SIMD16<Double>()
        if let first = ascents.first {
            let baseline = load(first)
            has = lk_given_f64(baseline)
            given = lk_widened(baseline) * 64
            if let second = ascents.second {
                let lastBaseline = load(second)
                given = lk_chosen_f64(given, lk_widened(lastBaseline) * 64, lk_given_f64(lastBaseline))
            }
        }
        let ascent = ascents.ascent(breadth: FeaturePlacement.DoubleLanes(breadth),
                                    given: FeaturePlacement.DoubleLanes(given), where: has).lanes
        return (breadth, ascent)
    }

    /// Steps 9–10 for the items `range`: the line's size across and its group, as
    /// `ItemsAcross.line` gives them; nil where a greatest value is zero or infinite.
    @inline(__always)
    func line(_ range: Range<Int>) -> (size: Double, groups: FlowFeatures.ItemsAcross.Groups)? {
        var size = SIMD16<Double>(), ascent = SIMD16<Double>(repeating: -.infinity), descent = ascent
        var i = range.lowerBound
        while i < range.upperBound {
            let count = min(laneCount, range.upperBound &- i)
            let (b, a) = values(at: i, count: count)
            let n = Int32(truncatingIfNeeded: count)
            size = lk_max_first_f64(size, b, n)
            ascent = lk_max_first_f64(ascent, a, n)
            descent = lk_max_first_f64(descent, b - a, n)
            i &+= laneCount
        }
        let greatest = (size: lk_greatest_f64(size), ascent: lk_greatest_f64(ascent),
                        descent: lk_greatest_f64(descent))
        guard greatest.size != 0 && greatest.size.isFinite && greatest.ascent != 0 && greatest.ascent.isFinite
                && greatest.descent != 0 && greatest.descent.isFinite else { return nil }
        var groups = FlowFeatures.ItemsAcross.Groups()
        if last {
            groups.last = (greatest.ascent, greatest.descent)
        } else {
            groups.first = (greatest.ascent, greatest.descent)
        }
        return (max(greatest.size, groups.size), groups)
    }

    /// Steps 12–13 for the items `range` of a line starting at `start` and `size`
    /// across (units) with `groups`: `ItemsAcross.write`, 16 items a step. Lanes past
    /// the line are stored while they stay within the items (later lines are placed
    /// after it).
    @inline(__always)
    func write(_ range: Range<Int>, start: Double, size: Double, groups: FlowFeatures.ItemsAcross.Groups,
               mirrorWidth: Double?, out: UnsafeMutablePointer<Float>, sizes: UnsafeMutablePointer<Float>?) {
        let groupAscent = SIMD16(repeating: (last ? groups.last : groups.first).ascent)
        let start = SIMD16(repeating: start), size = SIMD16(repeating: size)
        forEachLaneStep(range.lowerBound, range.upperBound, itemCount: itemCount) { i, count in
            let (own, ascent) = values(at: i, count: count)
            var place = start + ascents.offset(own: own, size: size, groupAscent: groupAscent, ascent: ascent)
            if let mirrorWidth {
                place = FlowFeatures.LineFrame.mirrored(place, length: own, width: SIMD16(repeating: mirrorWidth))
            }
            lk_narrowed(place / 64).store(to: out + i, count: count)
            if let sizes { lk_narrowed(own / 64).store(to: sizes + i, count: count) }
        }
    }

    /// `FlowFeatures.LinesAcross` at this level: every line of a flow in one kind of
    /// group in lanes, any other flow (or line) by the reference.
    static func linesAcross(_ across: FlowFeatures.ItemsAcross, _ storage: FlowFeatures.Frame.Storage,
                            lines: Int) {
        let itemCount = lines == 0 ? 0 : Int(storage.start[lines &- 1] &+ storage.count[lines &- 1])
        guard let lanes = BaselineLanes(across, itemCount: itemCount) else {
            return FlowFeatures.linesAcross(across, storage, lines: lines)
        }
        FlowFeatures.linesAcross(storage, lines: lines) { lanes.line($0) ?? across.line($0) }
    }
}
