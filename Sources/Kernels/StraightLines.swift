import LayoutKernelCPU
import LayoutKernelCore

/// What the kernel's straight lines of a featured flow share (`FeatureSink`): how they
/// go along and across, their growth, where their rows and places go.
struct StraightLines {
    /// How straight lines go along; nil when they take the placer's way.
    let units: UnitAlong?
    /// The rows (without tops when the spread places the lines across).
    let table: RowTableWriter
    let lineGap: Double
    /// Where a straight line's items go across (unless `across` is `.none`).
    let acrossOut: UnsafeMutablePointer<Float>
    /// Growing items' shares on straight lines; nil when no item grows.
    let growth: StraightGrowth?
    /// How straight lines place their items across.
    let across: AcrossKind
    /// Wrap-reversed lines in units (`across == .reversed`), and whether their items
    /// sit at their lines' start.
    let fromEnd: UnitsFromEnd?
    let atStart: Bool

    init(_ placer: LinePlacer) {
        units = placer.unitAlong()
        across = AcrossKind(placer)
        var table = placer.table
        // Lines the spread places across: their tops come from it.
        if across == .none { table.y = nil }
        self.table = table
        lineGap = placer.lineGap
        acrossOut = placer.acrossOut ?? placer.along
        growth = StraightGrowth(placer)
        // `FeatureRows.place` requires `fromEnd` of wrap-reversed lines placed in the pass.
        fromEnd = across == .reversed ? placer.fromEnd : nil
        atStart = fromEnd?.atStart ?? false
    }

    /// The places along (px) of a straight line's items `start ..< start + count` (at most
    /// 16) from their offsets and ends in the line (units), the line `extent` units long,
    /// by `units`: its items grown first when they grow (`StraightGrowth.totals`: each
    /// item's offset moves by the shares before it, its end by its own too), the grown
    /// line's length then in `grownWidth` (px).
    @inline(__always)
    func placeAlong(_ units: UnitAlong, start: Int, offsets: SIMD16<Int32>, ends: SIMD16<Int32>, count: Int,
                    extent: Int32, grownWidth: inout Float) -> Lanes {
        var (offsets, ends, extent) = (offsets, ends, extent)
        if let growth {
            let (through, taken) = growth.totals(start, count, free: units.width &- extent)
            offsets &+= lk_lanes_before_i32(through)
            ends &+= through
            extent &+= taken
            grownWidth = Float(extent) * (1.0 / 64)
        }
        return units.place(offsets, ends, extent, count: count)
    }

    /// A straight line `width` px long (`grownWidth` when items grow) and `height` across,
    /// its items placed along it (row `index`: items `start ..< start + count`, at most
    /// 16, 16 lanes within the items), after `lines`: its place in the lines' sums, its
    /// row, and its items across unless the frame places them (a wrap-reversed line off
    /// the lattice sets its lane's bit in `offLattice`; `.apart` lines go to `placer`).
    @inline(__always)
    func place(_ index: Int, start: Int, count: Int, width: Float, grownWidth: Float, height: Float,
               _ lines: inout LinesSoFar, offLattice: inout UInt32, placer: UnsafePointer<LinePlacer>) {
        let size = Double(height) * 64
        // Lines the spread places across need only the sums (their places come later).
        if across == .none {
            lines.addSize(size, gap: lineGap)
        } else {
            lines.add(size, gap: lineGap)
        }
        let position = lines.position
        let top = LinePlacer.rowTop(position, size, reversed: across == .reversed)
        table.write(index, start, count, y: top, width: growth != nil ? grownWidth : width, height: height)
        switch across {
        case .none:
            break
        case .flat:
            Lanes(repeating: Float(position / 64)).store(to: acrossOut + start, count: laneCount)
        case .reversed:
            fromEnd.unsafelyUnwrapped
                .r(atStart: atStart, at: start, position, size, offLattice: &offLattice)
                .store(to: acrossOut + start, count: laneCount)
        case .apart:
            placer.pointee.placeAcrossApart(start, count, position, size)
        }
    }
}
