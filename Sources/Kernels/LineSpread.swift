import LayoutKernelCore

/// The lines of a featured flow spread over a definite size across (`alignContent`
/// with a finite proposal across), once the one pass has packed them, placed their
/// items along them and written their rows (`FeatureRows.place`): the lines across as
/// `FlowFeatures.Frame` finds them, each row moved and resized in the table, and its
/// items placed across it.
///
/// Bit-identical to the frame: the same distribution (`FlowFeatures.distribute`), each
/// line's size and start summed in frame order by the frame's own expressions, from the
/// sizes the table holds (each `Float(size / 64)`, which holds the size exactly).
enum LineSpread {

    /// Whether `table` holds what `place` reads: each row's first item, length and size.
    @inline(__always)
    static func canRead(_ table: RowTableWriter) -> Bool {
        table.start != nil && table.count != nil && table.height != nil
    }

    /// Spreads `lines` lines, `total` across with their gaps (units, as `LinesSoFar`
    /// sums them), over `crossSize` units; `lineGap` between lines (units). Items go to
    /// `out` from their sizes across `cross`.
    /// - Complexity: O(n): a few operations per line, its items 16 a step.
    @inline(never)
    static func place(_ table: RowTableWriter, lines: Int, total: Double, crossSize: Double, lineGap: Double,
                      _ parameters: FlowParameters, cross: UnsafePointer<Float>, out: UnsafeMutablePointer<Float>,
                      itemCount: Int) {
        guard let start = table.start, let count = table.count, let height = table.height else { return }
        let vertical = parameters.axis == .vertical
        let reversed = parameters.wrapReverse
        let spread = FlowFeatures.distribute(crossSize - total, count: lines, parameters.alignContent ?? .start,
                                             anchor: 0, reversed: reversed, lines: true)
        let crossAnchor = vertical ? parameters.alignment.x : parameters.alignment.y
        let within = FlowFeatures.Offset(reversed ? 1 - crossAnchor : crossAnchor)
        var position = 0.0, previousSize = 0.0
        for j in 0..<lines {
            let k = reversed ? lines &- 1 &- j : j
            let size = Double(height[k]) * 64 + spread.growth(j)
            if j > 0 { position += previousSize + lineGap }
            let across = spread.lead + spread.increment(j) + position
            table.y?[k] = across / 64
            height[k] = Float(size / 64)
            let first = Int(start[k]), end = Int(start[k] &+ count[k])
            // Lines in frame order: reversed, a line's 16-lane stores stop at its end
            // (the line after it is placed already).
            FeaturePlacement.Across(first: first, end: end, out: out, cross: cross,
                                    itemCount: reversed ? end : itemCount, across: across, size: size,
                                    within: within, mirror: false, width: 0).place()
            previousSize = size
        }
    }
}
