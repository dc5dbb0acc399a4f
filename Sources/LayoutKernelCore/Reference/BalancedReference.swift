/// The scalar reference of the balanced stack (lk_balanced_params in layoutkernel.h), as the spec's steps.
public enum BalancedReference {

    /// Every item is given the cell `(max w, max h)`; cells go along the axis with the
    /// distances `d[i]` between item `i` and `i + 1` (fixed, or per item along the axis),
    /// offsets summed in `Double` and rounded once. The layout reports the cell as each
    /// item's size.
    public static func layout(_ items: Items, _ parameters: BalancedParameters) -> Layout {
        positions(items, parameters).rounded
    }

    /// `layout` before its positions are rounded to `Float`.
    static func positions(_ items: Items, _ parameters: BalancedParameters) -> ExactLayout {
        let cell = Size(width: StackReference.largest(items.widths),
                        height: StackReference.largest(items.heights))
        let horizontal = parameters.axis == .horizontal
        let length = horizontal ? cell.width : cell.height
        var starts = [Double](repeating: 0, count: items.count)
        var position: Double = 0
        for i in 0..<items.count {
            if i > 0 {
                let gap = horizontal ? items.gapX(i - 1, i, parameters.spacing)
                                     : items.gapY(i - 1, i, parameters.spacing)
                position = position + Double(gap)
            }
            starts[i] = position
            position = position + Double(length)
        }
        let zeros = [Double](repeating: 0, count: items.count)
        let size = horizontal ? Size(width: Float(position), height: items.count == 0 ? 0 : cell.height)
                              : Size(width: items.count == 0 ? 0 : cell.width, height: Float(position))
        return ExactLayout(size: size, x: horizontal ? starts : zeros, y: horizontal ? zeros : starts,
                           rows: StackReference.singleRow(items, size),
                           itemWidth: [Float](repeating: cell.width, count: items.count),
                           itemHeight: [Float](repeating: cell.height, count: items.count))
    }
}
