import LayoutKernelCPU
import LayoutKernelCore

/// The fast HStack, VStack and ZStack (lk_stack_params in layoutkernel.h). Compiled into each ISA module
/// as module-private code, like the flow kernel.
///
/// Along the stack's axis each item's start is a running sum of lengths and gaps
/// (`StackRun`, sixteen items a step); across it, each item is anchored in the stack's
/// extent, `anchor * (extent - length)` in `Float`, as `StackReference` does.
///
/// Same results as `StackReference`: bit-identical when all lengths are multiples of
/// 1/64 and coordinates stay below 2^17 (every sum is then exact, so the order of the
/// additions does not matter), within rounding of the extent elsewhere.
/// Positions are written only when both `x` and `y` are given.
enum StackKernel {

    /// An HStack: x runs along, y anchored in the tallest item's height.
    /// - Complexity: O(n), two passes (starts and the largest height; then y).
    @inline(__always)
    static func hstack(_ items: Items, _ parameters: StackParameters,
                       x: UnsafeMutablePointer<Float>?, y: UnsafeMutablePointer<Float>?) -> Size {
        guard items.count > 0, let widths = items.widths.baseAddress,
              let heights = items.heights.baseAddress else { return .zero }
        let run = StackRun.along(count: items.count, lengths: widths, constantLength: 0,
                                 spacing: parameters.spacing, before: items.trailing?.baseAddress,
                                 after: items.leading?.baseAddress, across: heights,
                                 starts: y == nil ? nil : x)
        let size = Size(width: run.total, height: run.largest)
        if x != nil, let y {
            anchorAcross(heights, count: items.count, extent: size.height,
                         anchor: parameters.alignment.y, into: y)
        }
        return size
    }

    /// A VStack: the transpose, y runs along, x anchored in the widest item's width.
    /// - Complexity: O(n), two passes.
    @inline(__always)
    static func vstack(_ items: Items, _ parameters: StackParameters,
                       x: UnsafeMutablePointer<Float>?, y: UnsafeMutablePointer<Float>?) -> Size {
        guard items.count > 0, let widths = items.widths.baseAddress,
              let heights = items.heights.baseAddress else { return .zero }
        let run = StackRun.along(count: items.count, lengths: heights, constantLength: 0,
                                 spacing: parameters.spacing, before: items.bottom?.baseAddress,
                                 after: items.top?.baseAddress, across: widths,
                                 starts: x == nil ? nil : y)
        let size = Size(width: run.largest, height: run.total)
        if let x, y != nil {
            anchorAcross(widths, count: items.count, extent: size.width,
                         anchor: parameters.alignment.x, into: x)
        }
        return size
    }

    /// A ZStack: size `(max w, max h)`, each item anchored in it on both axes.
    /// - Complexity: O(n), two passes (the maxima; then x and y).
    @inline(__always)
    static func zstack(_ items: Items, _ parameters: StackParameters,
                       x: UnsafeMutablePointer<Float>?, y: UnsafeMutablePointer<Float>?) -> Size {
        let size = maxItemSize(items)
        guard items.count > 0, let widths = items.widths.baseAddress,
              let heights = items.heights.baseAddress, let x, let y else { return size }
        anchorAcross(widths, count: items.count, extent: size.width,
                     anchor: parameters.alignment.x, into: x)
        anchorAcross(heights, count: items.count, extent: size.height,
                     anchor: parameters.alignment.y, into: y)
        return size
    }
}

/// Running offsets along a stack's axis, sixteen items a step.
enum StackRun {

    /// Each item's start along the axis, the total length, and the largest of `across`.
    ///
    /// `start[0] = 0`, `start[i + 1] = start[i] + length[i] + gap(i, i + 1)`, where the
    /// lengths come from `lengths` (or are all `constantLength` when it is nil, as in a
    /// balanced stack) and the gap is the fixed spacing or, per item,
    /// `max(before[i], after[i + 1])` (a missing buffer counts as zeros). The total has no
    /// gap after the last item.
    ///
    /// Per block: `ends`, the inclusive prefix sum of `gap(j - 1, j) + length[j]` in
    /// `Float` (four shifted adds), so `start[j] = base + (ends[j] - length[j])`, added
    /// in `Double` and rounded to `Float` once; the base, where the block's last item
    /// ends, carries in `Double`. When the base is itself a `Float` (always, on the 1/64
    /// grid below 2^17), the addition is done in `Float`: the `Double` sum of two floats
    /// rounded to `Float` is the correctly rounded sum (double rounding is innocuous for
    /// `+` since 53 >= 2 * 24 + 2), which is what the `Float` addition gives.
    /// Within a block the `Float` sums are exact under the exactness conditions of layoutkernel.h
    /// (block sums below 2^18 on the 1/64 grid, however long the stack), so the starts
    /// are the reference's sequential `Double` sums, bit for bit; elsewhere they differ
    /// by the rounding of a block's sums.
    ///
    /// `starts`, when given, receives `count` values. `count > 0`.
    /// - Complexity: O(n), O(1) memory.
    @inline(__always)
    static func along(count n: Int, lengths: UnsafePointer<Float>?, constantLength: Float,
                      spacing: Spacing, before: UnsafePointer<Float>?, after: UnsafePointer<Float>?,
                      across: UnsafePointer<Float>?,
                      starts: UnsafeMutablePointer<Float>?) -> (total: Float, largest: Float) {
        var fixedGap: Float = 0
        var perItem = true
        if case .fixed(let gap) = spacing {
            fixedGap = gap
            perItem = false
        }
        var base: Double = 0       // where the previous block's last item ends
        var peak = Lanes()

        /// Items `i ..< i + m`; `m == 16` but for the last block (the full blocks are a
        /// loop of their own, where every lane index is a constant).
        @inline(__always) func block(at i: Int, count m: Int) {
            let full = m == laneCount
            var length = Lanes(repeating: constantLength)
            if let lengths {
                length = full ? Lanes.load(lengths + i) : Lanes.load(lengths + i, count: m)
            }
            var gaps = perItem ? spacingGaps(before: before, after: after, at: i, count: m)
                               : Lanes(repeating: fixedGap)
            if i == 0 { gaps[0] = 0 }     // nothing before the first item
            let ends = lk_prefix_sum(gaps + length)
            if let starts {
                // base + offset, rounded once: a Float sum when the base is a Float (the
                // exact sum correctly rounded, as the Double sum rounded to Float is).
                let baseFloat = Float(base)
                let offsets = ends - length
                (Double(baseFloat) == base ? Lanes(repeating: baseFloat) + offsets
                                           : lk_add_rounded(base, offsets)).store(to: starts + i, count: m)
            }
            if let across {
                peak = lk_max_nonnegative(
                    peak, full ? Lanes.load(across + i) : Lanes.load(across + i, count: m))
            }
            base = base + Double(ends[full ? laneCount &- 1 : m &- 1])
        }

        var i = 0
        while n &- i >= laneCount {
            block(at: i, count: laneCount)
            i &+= laneCount
        }
        if i < n { block(at: i, count: n &- i) }
        let total = Float(base)
        return (total, lk_max_in_range(peak, 0, 16))
    }
}

/// The gaps before items `i ..< i + count` with per-item spacing:
/// `max(before[j - 1], after[j])` (x: trailing then leading; y: bottom then top), a
/// missing buffer counting as zeros. Lane 0 of the first block (no item before it) is
/// the caller's to ignore.
@inline(__always)
func spacingGaps(before: UnsafePointer<Float>?, after: UnsafePointer<Float>?,
                 at i: Int, count m: Int) -> Lanes {
    var next = Lanes()
    var previous = Lanes()
    if let after {
        next = m == laneCount ? Lanes.load(after + i) : Lanes.load(after + i, count: m)
    }
    if let before {
        let here = m == laneCount ? Lanes.load(before + i) : Lanes.load(before + i, count: m)
        previous = lk_shift_up(here, i > 0 ? before[i &- 1] : 0)
    }
    return lk_max_nonnegative(next, previous)
}

/// `out[i] = anchor * (extent - values[i])` in `Float`, sixteen at a time.
@inline(__always)
func anchorAcross(_ values: UnsafePointer<Float>, count n: Int, extent: Float, anchor: Float,
                  into out: UnsafeMutablePointer<Float>) {
    let extentLanes = Lanes(repeating: extent)
    let anchorLanes = Lanes(repeating: anchor)
    var i = 0
    while i < n {
        let m = min(laneCount, n &- i)
        let v = m == laneCount ? Lanes.load(values + i) : Lanes.load(values + i, count: m)
        (anchorLanes * (extentLanes - v)).store(to: out + i, count: m)
        i &+= m
    }
}

/// `count` copies of `value` at `out`, sixteen at a time.
@inline(__always)
func fillLanes(_ out: UnsafeMutablePointer<Float>, count n: Int, with value: Float) {
    let lanes = Lanes(repeating: value)
    var i = 0
    while i < n {
        let m = min(laneCount, n &- i)
        lanes.store(to: out + i, count: m)
        i &+= m
    }
}
