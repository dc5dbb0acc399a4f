import LayoutKernelCPU
import LayoutKernelCore

/// Wrap-reversed lines placed across in the one pass (`LinePlacer.reversedAcross`,
/// `AcrossKind.reversed`): each item's place across is written, as the bits of an `Int32`, as
/// the whole number of units r it lies back from the end of the last line,
/// r = position + size - o(size - c) for an item c across in a line `size` across
/// starting at `position` (units, in the order the lines are packed), o(f) = f,
/// trunc(f / 2) or 0 for an item at the start, the centre or the end of its line (which
/// wrap-reverse turns into the end, the centre and the start). Once every line is
/// known, `turn` makes each r the place total - r.
///
/// Exact when every size across and the gap between lines are whole numbers of units
/// and the lines' total stays below 2^31 units (so that every r does, whatever wrapping
/// sums formed it): the pass checks the sizes as it goes (`offLattice`) and the caller
/// the total at the end; a flow that fails either is placed again by the frame. No
/// conversion traps on the way.
struct UnitsFromEnd {
    let cross: UnsafePointer<Float>
    let itemCount: Int
    /// o(f) = (f & mask) >> shift.
    let mask: Int32, shift: Int32
    /// Whether items sit at the start of their lines (o(f) = f, the default alignment):
    /// then r = position + c, which needs no line's size (`r`'s `AtStart`).
    var atStart: Bool { mask == -1 && shift == 0 }

    /// Items placed across by `anchor` in their lines (before wrap-reverse swaps it):
    /// 0, 0.5 or 1, else nil.
    init?(cross: UnsafePointer<Float>, itemCount: Int, anchor: Double) {
        guard anchor == 0 || anchor == 0.5 || anchor == 1 else { return nil }
        self.cross = cross
        self.itemCount = itemCount
        mask = anchor == 1 ? 0 : -1
        shift = anchor == 0.5 ? 1 : 0
    }

    /// Whether a gap between lines `gap` units wide keeps every r whole.
    static func holds(gap: Double) -> Bool { gap == gap.rounded(.towardZero) && abs(gap) <= 4_194_304 }

    /// r for the items at `i ..< i + count` (`count` at most 16) of a line at `position`,
    /// `size` across (units), as the bits of 16 floats; the bits of lanes whose sizes are
    /// off the lattice set in `offLattice` (a scalar: a vector kept from line to line
    /// would go through memory, each line waiting for the last one's store). With
    /// `atStart` (this placement's), r = position + c, the same wrapping sums as the
    /// general form with o(f) = f, without the line's size, which each line would
    /// otherwise wait for (its largest item, found last).
    @inline(__always)
    func r(atStart: Bool, at i: Int, _ position: Double, _ size: Double, count: Int = laneCount,
           offLattice: inout UInt32) -> Lanes {
        let sizes = count == laneCount ? Lanes.load(cross + i) : Lanes.load(cross + i, count: count)
        let c = lk_units_clamped(sizes)
        offLattice |= lk_units_off(sizes, c)
        if atStart { return unsafeBitCast(SIMD16(repeating: lk_i32_truncated(position)) &+ c, to: Lanes.self) }
        let whole = lk_i32_truncated(size)
        // f >= 0 (a line is as large across as its largest item): trunc(f / 2) = f >> 1.
        let free = SIMD16(repeating: whole) &- c
        let r = SIMD16(repeating: lk_i32_truncated(position) &+ whole) &- ((free & mask) &>> shift)
        return unsafeBitCast(r, to: Lanes.self)
    }

    /// Writes r for the `count` items of a line from `first` to `out`; returns whether
    /// some size was off the lattice.
    @inline(__always)
    func place(_ out: UnsafeMutablePointer<Float>, _ first: Int, _ count: Int, _ position: Double,
               _ size: Double) -> Bool {
        var offLattice: UInt32 = 0
        forEachLaneStep(first, first &+ count, itemCount: itemCount) { i, count in
            r(atStart: false, at: i, position, size, count: count, offLattice: &offLattice).store(to: out + i, count: count)
        }
        return offLattice != 0
    }

    /// Turns every item's r in `out` into its place across, the lines `total` across
    /// (units, below 2^31), and the rows' tops in `top` (written as -(position + size),
    /// px) into theirs.
    /// - Complexity: O(n), 16 items a step.
    @inline(never)
    func turn(_ out: UnsafeMutablePointer<Float>, total: Double, top: UnsafeMutablePointer<Double>?, lines: Int) {
        let whole = SIMD16<Int32>(repeating: Int32(total))
        var i = 0
        while i &+ laneCount <= itemCount {
            let r = unsafeBitCast(Lanes.load(out + i), to: SIMD16<Int32>.self)
            UnsafeMutableRawPointer(out + i).storeBytes(of: lk_from_units(whole &- r), as: Lanes.self)
            i &+= laneCount
        }
        if i < itemCount {
            let m = itemCount &- i
            let r = unsafeBitCast(Lanes.load(out + i, count: m), to: SIMD16<Int32>.self)
            lk_from_units(whole &- r).store(to: out + i, count: m)
        }
        if let top { for k in 0..<lines { top[k] = total / 64 + top[k] } }
    }
}
