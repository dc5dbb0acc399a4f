import LayoutKernelCore

/// A featured flow's straight lines as `LeanRows` closes them, when they go along by
/// whole units (`FeatureSink.closeLean`): each line's items placed along (grown first
/// when they grow) and then across, as `FeatureSink.placeAlong` and `placedRow` place
/// them.
struct LeanLines: LeanRowRule {
    let along: UnitAlong
    let rules: StraightLines
    let placer: UnsafePointer<LinePlacer>
    var lines: LinesSoFar
    var offLattice: UInt32
    /// The length along of the last line grown (px).
    var grownWidth: Float = 0

    @inline(__always)
    mutating func along(start: Int, offsets: SIMD16<Int32>, ends: UnsafePointer<Int32>, from: Int32, count: Int,
                        extent: Int32, width _: Float) -> Lanes {
        let ends = UnsafeRawPointer(ends).loadUnaligned(as: SIMD16<Int32>.self) &- SIMD16(repeating: from)
        return rules.placeAlong(along, start: start, offsets: offsets, ends: ends, count: count, extent: extent,
                                grownWidth: &grownWidth)
    }

    /// The packing keeps no tops (`FeatureSink.findsTops`): 0.
    @inline(__always)
    mutating func close(_ index: Int, start: Int, count: Int, width: Float, heights _: Lanes, height: Float,
                        lastY _: Double, lastHeight _: Float) -> Double {
        rules.place(index, start: start, count: count, width: width, grownWidth: grownWidth, height: height,
                    &lines, offLattice: &offLattice, placer: placer)
        return 0
    }
}
