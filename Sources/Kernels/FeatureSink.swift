import LayoutKernelCPU
import LayoutKernelCore

/// The sink of `FeatureRows`' one pass: each line the kernel closes, placed as it
/// closes (along it before its items are first stored, when it is one of the kernel's
/// straight lines), its row written, its items placed across.
///
/// What a straight line needs is held here by value (the kernel keeps its sink in
/// locals), so that such a line costs the plain flow's work plus its rules' few
/// operations (`StraightLines`); every other line goes to the `LinePlacer`, by
/// reference. The rules are values read once per line (a flow's lines all branch the
/// same way, which the processor predicts), except two that are types, together
/// measured to pay (see docs/architecture.md): `Grows`, whether items grow, and
/// `Stays`, whether every item stays at its offset along its line (`UnitAlong.stays`).
struct FeatureSink<Grows: Flag, Stays: Flag>: KernelRowSink {
    let placer: UnsafePointer<LinePlacer>
    let rules: StraightLines
    var lines: LinesSoFar
    /// Bits of the lanes of wrap-reversed lines whose sizes across were off the lattice.
    var offLattice: UInt32 = 0
    /// The length along of the last line `placeAlong` grew (px).
    var grownWidth: Float = 0

    init(placer: UnsafePointer<LinePlacer>, rules: StraightLines, lines: LinesSoFar) {
        self.placer = placer
        self.rules = rules
        self.lines = lines
    }

    static var needsHeights: Bool { true }

    static var placesAlong: Bool { true }

    static var findsTops: Bool { true }

    /// The kernel's straight line along it, in whole units when it can (`UnitAlong`),
    /// its items grown first when they grow (`StraightGrowth.totals`: each item's
    /// offset moves by the shares before it, its end by its own too); its `placedRow`
    /// follows (or its `latticeRow`, for nil).
    @inline(__always)
    mutating func placeAlong(start: Int, offsets: SIMD16<Int32>, ends: SIMD16<Int32>, count: Int,
                             extent: Int32) -> Lanes? {
        guard let units = rules.units else { return nil }
        var (offsets, ends, extent) = (offsets, ends, extent)
        if Grows.on, let growth = rules.growth {
            let (through, taken) = growth.totals(start, count, free: units.width &- extent)
            offsets &+= lk_lanes_before_i32(through)
            ends &+= through
            extent &+= taken
            grownWidth = Float(extent) * (1.0 / 64)
        }
        return Stays.on ? lk_from_units(offsets) : units.place(offsets, ends, extent, count: count)
    }

    /// A line of the kernel's straight path placed along by `placeAlong` (at most 16
    /// items, 16 lanes within the items): its row, and its items across unless the
    /// frame places them.
    @inline(__always)
    mutating func placedRow(_ index: Int, start: Int, count: Int, y _: Double, width: Float, height: Float) {
        let size = Double(height) * 64
        // Lines the spread places across need only the sums (their places come later).
        if rules.across == .none {
            lines.addSize(size, gap: rules.lineGap)
        } else {
            lines.add(size, gap: rules.lineGap)
        }
        let position = lines.position
        let top = LinePlacer.rowTop(position, size, reversed: rules.across == .reversed)
        rules.table.write(index, start, count, y: top, width: Grows.on ? grownWidth : width, height: height)
        switch rules.across {
        case .none:
            break
        case .flat:
            Lanes(repeating: Float(position / 64)).store(to: rules.acrossOut + start, count: laneCount)
        case .reversed:
            rules.fromEnd.unsafelyUnwrapped
                .r(atStart: rules.atStart, at: start, position, size, offLattice: &offLattice)
                .store(to: rules.acrossOut + start, count: laneCount)
        case .apart:
            placer.pointee.placeAcrossApart(start, count, position, size)
        }
    }

    @inline(__always)
    mutating func row(_ index: Int, start: Int, count: Int, y _: Double, width: Float, height: Float) {
        placer.pointee.place(start, count, width, height, lattice: false, &lines)
    }

    @inline(__always)
    mutating func latticeRow(_ index: Int, start: Int, count: Int, y _: Double, width: Float, height: Float) {
        if Grows.on { return placer.pointee.place(start, count, width, height, lattice: true, &lines) }
        let extent = Double(width) * 64
        let size = Double(height) * 64
        lines.add(size, gap: rules.lineGap)
        placer.pointee.writeRow(lines, start, count, extent, size)
        // A line too long for `placeQuickly` goes straight to `placeItems` (each call on
        // the placer copies it).
        if count <= laneCount && placer.pointee.placeQuickly(start, count, extent, lines.position) { return }
        if placer.pointee.placeItems(start, count, extent, size, lines.position, lattice: true) {
            lines.offLattice = true
        }
    }
}
