import LayoutKernelCPU
import LayoutKernelCore

/// The fast balanced stack (lk_balanced_params in layoutkernel.h): every item is given the cell
/// `(max w, max h)` (one vector maximum pass), and the cells run along the axis as a
/// stack's items do, with the cell's length for every item (`StackRun`). The other
/// coordinate is 0. Same results as `BalancedReference` (bit-identical under the header's
/// exactness conditions).
enum BalancedKernel {

    /// Writes positions when both `x` and `y` are given; returns the size and the cell.
    /// - Complexity: O(n), two passes (the cell; then the offsets).
    @inline(__always)
    static func layout(_ items: Items, _ parameters: BalancedParameters,
                       x: UnsafeMutablePointer<Float>?, y: UnsafeMutablePointer<Float>?)
        -> (size: Size, cell: Size) {
        let cell = maxItemSize(items)
        let n = items.count
        guard n > 0 else { return (.zero, cell) }
        let horizontal = parameters.axis == .horizontal
        let positions = x != nil && y != nil
        let run = horizontal
            ? StackRun.along(count: n, lengths: nil, constantLength: cell.width,
                             spacing: parameters.spacing, before: items.trailing?.baseAddress,
                             after: items.leading?.baseAddress, across: nil,
                             starts: positions ? x : nil)
            : StackRun.along(count: n, lengths: nil, constantLength: cell.height,
                             spacing: parameters.spacing, before: items.bottom?.baseAddress,
                             after: items.top?.baseAddress, across: nil,
                             starts: positions ? y : nil)
        if positions, let other = horizontal ? y : x { fillLanes(other, count: n, with: 0) }
        let size = horizontal ? Size(width: run.total, height: cell.height)
                              : Size(width: cell.width, height: run.total)
        return (size, cell)
    }
}
