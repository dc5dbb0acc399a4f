import LayoutKernelCPU
import LayoutKernelCore

/// The greedy row packing of SPEC.md section 2, sixteen items at a time.
///
/// For each block of 16 items it forms `advance = gap + width` per lane and their
/// inclusive prefix sum `ends` (four shifted adds). The open row has a `base` in the
/// block's coordinates such that item `j`'s row-relative end is `ends[j] - base`, so
/// "item `j` does not fit" is `ends[j] > limit + base`: one vector compare folded to a
/// bit mask, ORed with the block's break-before flags; the lowest set bit past the
/// row's first item is where the row ends. A row that runs past the block carries its
/// `base` into the next block's coordinates; a new row at lane `k` takes
/// `base = ends[k] - width[k]` (its first item's gap drops out). A block therefore costs
/// a few vector operations plus one compare and one bit scan per row that ends in it.
///
/// Exactness: every sum here is of at most 16 items of one block plus a row-relative
/// offset, so when all lengths are multiples of 1/64 and coordinates stay below 2^17
/// (SPEC.md section 1) every value is exact and the rows, offsets, row widths, heights
/// and `y` values are bit-identical to `FlowReference`. Elsewhere the sums differ from the
/// reference's left-to-right order only by rounding.
///
/// Outputs, each optional: `offsets[i]`, item `i`'s x offset in its row; `rowTops[i]`,
/// its row's `y` (only with fixed line spacing, where a row's `y` is known when it
/// opens). Vector stores may write lanes of later rows before those rows are packed, but
/// never past `items.count`. Rows go to `sink` in order.
///
/// - Complexity: O(n) time, O(1) memory.
@inline(__always)
func packFlowRows<Sink: FlowRowSink>(
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

    // The open row: its first item, its base (see above), its height and tallest item.
    var rowStart = 0
    var base: Float = 0
    var rowHeight: Float = 0
    var tallest = 0
    // The last closed row, for the next row's y.
    var rowIndex = 0
    var previousY: Double = 0
    var previousHeight: Float = 0
    var previousTallest = 0

    /// The y of the row after the last closed one (fixed line spacing).
    @inline(__always) func nextRowY() -> Double {
        rowIndex == 0 ? 0 : previousY + Double(previousHeight) + Double(lineGap)
    }

    @inline(__always) func closeRow(end: Int, width: Float) {
        let y: Double
        if rowIndex == 0 {
            y = 0
        } else if perItemLines {
            let gap = items.gapY(previousTallest, tallest, lineSpacing)
            y = previousY + Double(previousHeight) + Double(gap)
        } else {
            y = nextRowY()
        }
        sink.row(rowIndex, start: rowStart, count: end - rowStart, y: y, width: width,
                 height: rowHeight)
        rowIndex += 1
        previousY = y
        previousHeight = rowHeight
        previousTallest = tallest
    }

    var i = 0
    while i < n {
        let m = min(laneCount, n - i)
        let full = m == laneCount
        let w = full ? Lanes.load(widths + i) : Lanes.load(widths + i, count: m, fill: 0)
        var h = Lanes()
        if needsHeights {
            h = full ? Lanes.load(heights + i) : Lanes.load(heights + i, count: m, fill: 0)
        }
        let gaps = fixedGap.map { Lanes(repeating: $0) } ?? itemGaps(items, at: i, count: m)
        let inBlock: UInt32 = (1 << UInt32(m)) &- 1
        var forced: UInt32 = 1 << UInt32(m)  // the block's end
        if let flags = items.flags?.baseAddress {
            forced |= flagBits(flags + i, count: m, flag: ItemFlag.breakBefore)
        }
        let ends = lk_prefix_sum(w + gaps)

        var lane = 0                 // the open row's first lane in this block
        var opensHere = i == 0       // whether that lane is the row's first item
        if opensHere { base = ends[0] - w[0] }
        var bases = Lanes(repeating: base)
        var tops = Lanes(repeating: Float(nextRowY()))
        while true {
            // The row can end at any lane after its first item: where an item does not
            // fit, where one breaks before, or at the block's end.
            let first = UInt32(opensHere ? lane + 1 : lane)
            let overflow = lk_bits_greater(ends, limit + base) & inBlock
            let end = ((overflow | forced) & ~((1 << first) &- 1)).trailingZeroBitCount
            if needsHeights && end > lane {
                let segment = lk_max_in_range(h, Int32(lane), Int32(end))
                if perItemLines && segment > rowHeight {
                    let equal = lk_bits_equal(h, segment) >> UInt32(lane)
                    tallest = i + lane + equal.trailingZeroBitCount
                }
                rowHeight = max(rowHeight, segment)
            }
            if end == m { break }    // the row goes on past this block
            closeRow(end: i + end, width: (end > 0 ? ends[end - 1] : 0) - base)
            rowStart = i + end
            lane = end
            opensHere = true
            base = ends[end] - w[end]
            rowHeight = 0
            tallest = rowStart
            bases = bases.replacing(with: base, fromLane: end)
            if rowTops != nil { tops = tops.replacing(with: Float(nextRowY()), fromLane: end) }
        }
        if let offsets { ((ends - bases) - w).store(to: offsets + i, count: m) }
        if let rowTops { tops.store(to: rowTops + i, count: m) }
        base = base - ends[m - 1]    // the open row's base in the next block's coordinates
        i += m
    }
    closeRow(end: n, width: 0 - base)  // not -base: a zero width stays +0
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
