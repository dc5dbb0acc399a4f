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
}
