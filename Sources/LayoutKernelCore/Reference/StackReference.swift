/// The scalar reference of the stacks (lk_stack_params in layoutkernel.h), written as the spec's steps.
/// The proposal is ignored: items keep their size and overflow, as in SwiftUI.
public enum StackReference {

    /// An HStack: items left to right, `x` accumulating `w + gap` in `Double` and rounded
    /// once; as wide as the total, as tall as the tallest item;
    /// `y[i] = ay * (height - h[i])`. One row when there are items.
    public static func hstack(_ items: Items, _ parameters: StackParameters) -> Layout {
        hstackPositions(items, parameters).rounded
    }

    /// A VStack: the transpose, `x[i] = ax * (width - w[i])`.
    public static func vstack(_ items: Items, _ parameters: StackParameters) -> Layout {
        vstackPositions(items, parameters).rounded
    }

    /// A ZStack: size `(max w, max h)`; each item anchored inside it.
    public static func zstack(_ items: Items, _ parameters: StackParameters) -> Layout {
        zstackPositions(items, parameters).rounded
    }

    /// `hstack` before its positions are rounded to `Float`.
    static func hstackPositions(_ items: Items, _ parameters: StackParameters) -> ExactLayout {
        let offsets = runningPositions(items.widths, gap: { items.gapX($0, $0 + 1, parameters.spacing) })
        let height = largest(items.heights)
        let size = Size(width: Float(offsets.total), height: height)
        let y = items.heights.map { Double(parameters.alignment.y * (height - $0)) }
        return ExactLayout(size: size, x: offsets.starts, y: y, rows: singleRow(items, size))
    }

    /// `vstack` before its positions are rounded to `Float`.
    static func vstackPositions(_ items: Items, _ parameters: StackParameters) -> ExactLayout {
        let offsets = runningPositions(items.heights, gap: { items.gapY($0, $0 + 1, parameters.spacing) })
        let width = largest(items.widths)
        let size = Size(width: width, height: Float(offsets.total))
        let x = items.widths.map { Double(parameters.alignment.x * (width - $0)) }
        return ExactLayout(size: size, x: x, y: offsets.starts, rows: singleRow(items, size))
    }

    /// `zstack` before its positions are rounded to `Float` (they are `Float` values).
    static func zstackPositions(_ items: Items, _ parameters: StackParameters) -> ExactLayout {
        let size = Size(width: largest(items.widths), height: largest(items.heights))
        let x = items.widths.map { Double(parameters.alignment.x * (size.width - $0)) }
        let y = items.heights.map { Double(parameters.alignment.y * (size.height - $0)) }
        return ExactLayout(size: size, x: x, y: y, rows: singleRow(items, size))
    }

    // MARK: - Steps shared by the stacks

    /// Each item's start along the axis, and the total: `start[0] = 0`,
    /// `start[i+1] = start[i] + length[i] + gap(i)`, summed in `Double` (the layout rounds
    /// each to `Float` once); the total has no gap after the last item.
    static func runningPositions(_ lengths: UnsafeBufferPointer<Float>,
                                 gap: (Int) -> Float) -> (starts: [Double], total: Double) {
        var starts = [Double](repeating: 0, count: lengths.count)
        var position: Double = 0
        for i in lengths.indices {
            if i > 0 { position = position + Double(gap(i - 1)) }
            starts[i] = position
            position = position + Double(lengths[i])
        }
        return (starts, position)
    }

    /// The largest of `values`, +0 for none (a -0 counts as +0).
    static func largest(_ values: UnsafeBufferPointer<Float>) -> Float {
        values.reduce(0) { $1 > $0 ? $1 : $0 }
    }

    /// A stack's one row (none without items): all items, the stack's size.
    static func singleRow(_ items: Items, _ size: Size) -> [Row] {
        items.count == 0 ? [] : [Row(start: 0, count: items.count, y: 0, width: size.width,
                                      height: size.height)]
    }
}
