import LayoutKernelCore

/// The sink of `FeatureRows`' one pass: each line the kernel closes, placed as it
/// closes (along it before its items are first stored, when it is one of the kernel's
/// straight lines), its row written, its items placed across.
///
/// What a straight line needs is held here by value (the kernel keeps its sink in
/// locals), so that such a line costs the plain flow's work plus its rules' few
/// operations (`StraightLines`); every other line goes to the `LinePlacer`, by
/// reference. The rules are values read once per line (a flow's lines all branch the
/// same way, which the processor predicts). Straight lines that go along by whole units
/// (grown or not) are closed by `LeanRows` (`LeanLines`).
struct FeatureSink: KernelRowSink {
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

    static var leans: Bool { true }

    /// Lines that go along by whole units (`StraightLines.units`): `LeanRows`, with
    /// `LeanLines`.
    @inline(__always)
    mutating func closeLean(_ run: inout LeanRows, _ stretch: UnitStretch, _ chain: inout RowChain, end: Int,
                            x: UnsafeMutablePointer<Float>, heights: UnsafePointer<Float>, quickEnd: Int,
                            placement _: FlowPlacement, gap _: Double) -> Int? {
        guard let units = rules.units else { return nil }
        var lean = LeanLines(along: units, rules: rules, placer: placer, lines: lines, offLattice: offLattice)
        defer {
            lines = lean.lines
            offLattice = lean.offLattice
        }
        return run.run(stretch, &chain, end: end, x: x, heights: heights, quickEnd: quickEnd, &lean)
    }

    /// The kernel's straight line along it, in whole units when it can (`UnitAlong`,
    /// `StraightLines.placeAlong`); its `placedRow` follows (or its `latticeRow`, for nil).
    @inline(__always)
    mutating func placeAlong(start: Int, offsets: SIMD16<Int32>, ends: SIMD16<Int32>, count: Int,
                             extent: Int32) -> Lanes? {
        guard let units = rules.units else { return nil }
        return rules.placeAlong(units, start: start, offsets: offsets, ends: ends, count: count, extent: extent,
                                grownWidth: &grownWidth)
    }

    /// A line of the kernel's straight path placed along by `placeAlong` (at most 16
    /// items, 16 lanes within the items): its row, and its items across unless the
    /// frame places them (`StraightLines.place`).
    @inline(__always)
    mutating func placedRow(_ index: Int, start: Int, count: Int, y _: Double, width: Float, height: Float) {
        rules.place(index, start: start, count: count, width: width, grownWidth: grownWidth, height: height,
                    &lines, offLattice: &offLattice, placer: placer)
    }

    @inline(__always)
    mutating func row(_ index: Int, start: Int, count: Int, y _: Double, width: Float, height: Float) {
        placer.pointee.place(start, count, width, height, lattice: false, &lines)
    }

    @inline(__always)
    mutating func latticeRow(_ index: Int, start: Int, count: Int, y _: Double, width: Float, height: Float) {
        if rules.growth != nil { return placer.pointee.place(start, count, width, height, lattice: true, &lines) }
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
