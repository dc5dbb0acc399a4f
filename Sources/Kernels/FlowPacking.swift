import LayoutKernelCPU
import LayoutKernelCore

/// The greedy row packing of SPEC.md section 2, sixteen items at a time.
///
/// Each block of 16 items goes through three phases:
///
/// A. Vector preparation: `advance = gap + width` per lane, its inclusive prefix sum
///    `ends` (four shifted adds), and per lane the base a row opening there would have,
///    `starts = ends - width` (its own gap drops out), and its fit threshold
///    `limit + starts`. An open row with base `base` holds item `j` while
///    `ends[j] - base <= limit`.
/// B. The serial part, kept minimal: find the lanes where rows start. Per row it is one
///    vector compare of `ends` against the row's threshold folded to a bit mask, ORed
///    with the break-before flags and the block's end, and one bit scan past the row's
///    first item. Nothing else waits on it.
/// C. Finishing, off the serial path: a segmented maximum over the heights (restarting
///    at each row start) gives every row's height in the block at once; each closed row
///    is recorded; the open row's base, height and tallest item carry into the next
///    block; offsets (and, with fixed line spacing, each item's row top) are stored with
///    one vector store each.
///
/// Exactness: every sum is of at most 16 items of one block plus a row-relative offset,
/// so when all lengths are multiples of 1/64 and coordinates stay below 2^17 (SPEC.md
/// section 1) every value is exact and rows, offsets, widths, heights and tops are
/// bit-identical to `FlowReference`. Elsewhere they differ only by rounding.
///
/// Outputs, each optional: `offsets[i]`, item `i`'s x offset in its row; `rowTops[i]`,
/// its row's `y` (only with fixed line spacing, where a row's `y` is known when it
/// opens). Stores never pass `items.count`. Rows go to `sink` in order.
///
/// - Complexity: O(n) time, O(1) memory.
@inline(__always)
func packFlowRows<Sink: RowSink>(
    _ items: Items, spacing: Spacing, lineSpacing: Spacing, limit: Float,
    offsets: UnsafeMutablePointer<Float>?, rowTops: UnsafeMutablePointer<Float>?,
    into sink: inout Sink
) {
    let n = items.count
    guard n > 0, let widths = items.widths.baseAddress, let heights = items.heights.baseAddress
    else { return }
    precondition(rowTops == nil || lineSpacing != .perItem, "row tops need fixed line spacing")
    let needsHeights = Sink.needsHeights || rowTops != nil
    let perItemLines = lineSpacing == .perItem
    let lineGap: Float = if case .fixed(let gap) = lineSpacing { gap } else { 0 }
    let fixedGap: Float? = if case .fixed(let gap) = spacing { gap } else { nil }

    // The open row: its first item, base (in the current block's coordinates), height
    // and tallest item so far.
    var rowStart = 0
    var base: Float = 0
    var rowHeight: Float = 0
    var tallest = 0
    // The last closed row, for the next row's y.
    var rowIndex = 0
    var previousY: Double = 0
    var previousHeight: Float = 0
    var previousTallest = 0

    /// Closes the open row at item `end` with the given width; returns the row's y.
    @discardableResult
    @inline(__always) func closeRow(end: Int, width: Float) -> Double {
        let y: Double
        if rowIndex == 0 {
            y = 0
        } else {
            let gap = perItemLines ? items.gapY(previousTallest, tallest, lineSpacing) : lineGap
            y = previousY + Double(previousHeight) + Double(gap)
        }
        sink.row(rowIndex, start: rowStart, count: end &- rowStart, y: y, width: width,
                 height: rowHeight)
        rowIndex &+= 1
        previousY = y
        previousHeight = rowHeight
        previousTallest = tallest
        return y
    }

    /// The y of the open row, with fixed line spacing.
    @inline(__always) func openRowY() -> Double {
        rowIndex == 0 ? 0 : previousY + Double(previousHeight) + Double(lineGap)
    }

    // Per-block lane values the serial code reads one at a time, stored once per block
    // (reading a lane of a vector by a run-time index would store the vector each time).
    withUnsafeTemporaryAllocation(of: Lanes.self, capacity: 4) { scratch in
    let laneThresholds = UnsafeMutableRawPointer(scratch.baseAddress!).assumingMemoryBound(to: Float.self)
    let laneEnds = laneThresholds + laneCount
    let laneStarts = laneEnds + laneCount
    let laneHeights = laneStarts + laneCount

    var i = 0
    while i < n {
        // A. Vector preparation.
        let m = min(laneCount, n - i)
        let full = m == laneCount
        let w = full ? Lanes.load(widths + i) : Lanes.load(widths + i, count: m, fill: 0)
        let gaps = fixedGap.map { Lanes(repeating: $0) } ?? itemGaps(items, at: i, count: m)
        let ends = lk_prefix_sum(w + gaps)
        let starts = ends - w
        (Lanes(repeating: limit) + starts).store(to: laneThresholds, count: laneCount)
        ends.store(to: laneEnds, count: laneCount)
        starts.store(to: laneStarts, count: laneCount)
        let inBlock: UInt32 = (1 << UInt32(m)) &- 1
        var forced: UInt32 = 1 << UInt32(m)  // the block's end
        if let flags = items.flags?.baseAddress {
            forced |= flagBits(flags + i, count: m, flag: ItemFlag.breakBefore)
        }

        // B. Where rows start in this block: bit j set when a row opens at lane j.
        if i == 0 { base = laneStarts[0] }   // the first row opens at item 0
        var rowStarts: UInt32 = i == 0 ? 1 : 0
        var threshold = limit + base
        var firstCandidate: UInt32 = i == 0 ? 1 : 0   // a row's first item always fits
        while true {
            let candidates = ((lk_bits_greater(ends, threshold) & inBlock) | forced)
                & ~((1 << firstCandidate) &- 1)
            let lane = candidates.trailingZeroBitCount
            if lane >= m { break }
            rowStarts |= 1 << UInt32(lane)
            threshold = laneThresholds[lane]
            firstCandidate = UInt32(lane) &+ 1
        }

        // C. Finishing: heights, closed rows, offsets, tops, and the carry. A block whose
        // heights are all equal (chips, tags, fixed-height cells) needs no height scan.
        var h = Lanes()
        var uniformHeight: Float?
        if needsHeights {
            h = full ? Lanes.load(heights + i) : Lanes.load(heights + i, count: m, fill: 0)
            if full && lk_bits_equal(h, h[0]) == 0xFFFF {
                uniformHeight = h[0] == 0 ? 0 : h[0]
            } else {
                lk_segmented_max(h, rowStarts).store(to: laneHeights, count: laneCount)
            }
        }
        var bases = Lanes(repeating: base)
        var tops = Lanes()
        var segment = 0                  // the first lane of the open row in this block
        var segmentLanes = SIMDMask<SIMD16<Int32>>(repeating: true)  // lanes segment...
        var remaining = i == 0 ? rowStarts & ~1 : rowStarts
        while remaining != 0 {
            let lane = remaining.trailingZeroBitCount  // a row opens here; the open one closes
            remaining &= remaining &- 1
            if needsHeights && lane > segment {
                noteHeights(h, uniformHeight ?? laneHeights[lane &- 1], from: segment, blockStart: i)
            }
            let y = closeRow(end: i &+ lane, width: (lane > 0 ? laneEnds[lane &- 1] : 0) - base)
            if rowTops != nil { tops = tops.replacing(with: Float(y), where: segmentLanes) }
            rowStart = i &+ lane
            segment = lane
            segmentLanes = Lanes(repeating: Float(lane)) .<= Lanes.laneIndex
            base = laneStarts[lane]
            bases = bases.replacing(with: base, where: segmentLanes)
            rowHeight = 0
            tallest = rowStart
        }
        if needsHeights {
            noteHeights(h, uniformHeight ?? laneHeights[m &- 1], from: segment, blockStart: i)
        }
        if let offsets { ((ends - bases) - w).store(to: offsets + i, count: m) }
        if let rowTops {
            tops.replacing(with: Float(openRowY()), where: segmentLanes).store(to: rowTops + i, count: m)
        }
        base = base - laneEnds[m &- 1]   // the open row's base in the next block's coordinates
        i &+= m
    }
    }
    closeRow(end: n, width: 0 - base)    // not -base: a zero width stays +0

    /// Folds the open row's lanes from `from` on in this block, whose largest height is
    /// `top`, into its height and (with per-item line spacing) its tallest item: the first
    /// item of the largest height.
    @inline(__always) func noteHeights(_ h: Lanes, _ top: Float, from: Int, blockStart: Int) {
        if perItemLines && top > rowHeight {
            let equal = (lk_bits_equal(h, top) >> UInt32(from)) << UInt32(from)
            tallest = blockStart &+ equal.trailingZeroBitCount
        }
        rowHeight = max(rowHeight, top)
    }
}

/// The x gaps before items `i ..< i + count` (the first of a row is ignored by the
/// caller): `max(trailing[j - 1], leading[j])`, missing preferences counting as 0.
@inline(__always)
func itemGaps(_ items: Items, at i: Int, count m: Int) -> Lanes {
    var leading = Lanes()
    var trailing = Lanes()
    if let pointer = items.leading?.baseAddress {
        leading = m == laneCount ? Lanes.load(pointer + i) : Lanes.load(pointer + i, count: m, fill: 0)
    }
    if let pointer = items.trailing?.baseAddress {
        let here = m == laneCount ? Lanes.load(pointer + i) : Lanes.load(pointer + i, count: m, fill: 0)
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
            maxWidth, full ? Lanes.load(widths + i) : Lanes.load(widths + i, count: m, fill: 0))
        maxHeight = lk_max_nonnegative(
            maxHeight, full ? Lanes.load(heights + i) : Lanes.load(heights + i, count: m, fill: 0))
        i += m
    }
    return Size(width: lk_max_in_range(maxWidth, 0, 16), height: lk_max_in_range(maxHeight, 0, 16))
}
