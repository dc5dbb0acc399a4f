import LayoutKernelCPU
import LayoutKernelCore

// Per-item values the kernels of several kinds read sixteen at a time.

/// The x gaps before items `i ..< i + count` (the first of a row is ignored by the
/// caller): `max(trailing[j - 1], leading[j])`, missing preferences counting as 0.
@inline(__always)
func itemGaps(_ items: Items, at i: Int, count m: Int) -> Lanes {
    var leading = Lanes()
    var trailing = Lanes()
    if let pointer = items.leading?.baseAddress {
        leading = m == laneCount ? Lanes.load(pointer + i) : Lanes.load(pointer + i, count: m)
    }
    if let pointer = items.trailing?.baseAddress {
        let here = m == laneCount ? Lanes.load(pointer + i) : Lanes.load(pointer + i, count: m)
        trailing = lk_shift_up(here, i > 0 ? pointer[i - 1] : 0)
    }
    return lk_max_nonnegative(leading, trailing)
}

/// `(max width, max height)` over all items, `(0, 0)` for none (a -0 counts as +0).
/// - Complexity: O(n), 16 items a step.
@inline(__always)
func maxItemSize(_ items: Items) -> Size {
    let n = items.count
    guard n > 0, let widths = items.widths.baseAddress, let heights = items.heights.baseAddress
    else { return .zero }
    var maxWidth = Lanes()
    var maxHeight = Lanes()
    var i = 0
    while i < n {
        let m = min(laneCount, n - i)
        let full = m == laneCount
        maxWidth = lk_max_nonnegative(
            maxWidth, full ? Lanes.load(widths + i) : Lanes.load(widths + i, count: m))
        maxHeight = lk_max_nonnegative(
            maxHeight, full ? Lanes.load(heights + i) : Lanes.load(heights + i, count: m))
        i += m
    }
    return Size(width: lk_max_in_range(maxWidth, 0, 16), height: lk_max_in_range(maxHeight, 0, 16))
}
