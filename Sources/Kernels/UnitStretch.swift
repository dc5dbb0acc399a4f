import LayoutKernelCPU
import LayoutKernelCore

/// The flow's exact arithmetic in integer units of 1/64 px.
///
/// When every width and gap of a stretch of items is a multiple of 1/64 and at most 2^16,
/// and the row limit is below 2^17, every sum the packing forms (a row's extent plus one
/// gap and one width) stays below 2^18 and is exact in `Float`. The reference's
/// sequential sums then equal the exact sums, which can be formed in any order and any
/// grouping: the kernel forms them as integer prefix sums over the stretch and
/// subtracts. Prefix sums wrap (two's complement) over long stretches; only differences
/// within one row are used, and those stay below 2^24 units, so they are exact.
enum Units {
    /// The largest width or gap in units: 2^16 px.
    static let maxLength: Int32 = 1 << 22
    /// The largest open-row extent in units (below 2^18 px).
    static let maxExtent: Int32 = 1 << 24
    /// Row limits at or above this take the scalar path: rows may grow past 2^18 px.
    static let maxLimit: Float = 131_072

    /// `limit` in units, rounded down: an extent `d` (a whole number of units) passes
    /// the limit exactly when it passes this.
    @inline(__always)
    static func limit(_ limit: Float) -> Int32 { Int32((limit * 64).rounded(.down)) }

    /// `value` in units when that is exact and at most `max`.
    @inline(__always)
    static func exact(_ value: Float, max: Int32) -> Int32? {
        let scaled = value * 64
        guard scaled <= Float(max), scaled == scaled.rounded(.towardZero) else { return nil }
        return Int32(scaled)
    }
}

/// One stretch of items in units, in scratch memory the kernel owns: for items
/// `first ..< first + count` (local index `j` for item `first + j`),
///
/// - `ends[j]`: the prefix sum of `gap + width` from the stretch's start (wrapping), so
///   that a row opening at item `s` holds item `j` while `ends[j]` stays at or below
///   `thresholds[s]`;
/// - `thresholds[j] = ends[j] - width[j] + limit`: the threshold of a row opening at `j`
///   (its base, from which its items' offsets are measured, plus the row limit), so
///   that each row's search starts from one load;
/// - `breaks` (only when `hasBreaks`: some item of the stretch is flagged break-before):
///   bit `j` set when item `j` is, and every bit from `count` on.
///
/// The first 16 slots past `count` are readable, as the row search reads 16 lanes at
/// a time: `thresholds` there are 0, `ends` 2^30 units past the stretch's last end, a
/// sum every row's threshold lies below (a row holds under 2^24 units), so that a
/// search for the next row start always ends at the stretch's end.
struct UnitStretch {
    let first: Int
    let count: Int
    let ends: UnsafeMutablePointer<Int32>
    let thresholds: UnsafeMutablePointer<Int32>
    /// The row limit in units (`Units.limit`).
    let limit: Int32
    let breaks: UnsafeMutablePointer<UInt64>
    let hasBreaks: Bool

    /// Scratch slots of each kind a stretch of `count` items needs.
    static func int32Slots(_ count: Int) -> Int { count &+ laneCount }
    static func wordSlots(_ count: Int) -> Int { (count &+ laneCount &+ 64) / 64 &+ 1 }

    /// Fills the stretch from `items`; returns nil when some width or gap is not a
    /// multiple of 1/64 at most 2^16 px (the stretch then takes the scalar path).
    /// - Complexity: O(count), 16 items a step.
    @inline(__always)
    static func fill(_ items: Items, spacing: Spacing, limit: Int32, first: Int, count: Int,
                     ends: UnsafeMutablePointer<Int32>, thresholds: UnsafeMutablePointer<Int32>,
                     breaks: UnsafeMutablePointer<UInt64>) -> UnitStretch? {
        guard let widths = items.widths.baseAddress else { return nil }
        var fixedGap = SIMD16<Int32>()
        if case .fixed(let gap) = spacing {
            guard let units = Units.exact(gap, max: Units.maxLength) else { return nil }
            fixedGap = SIMD16(repeating: units)
        }
        var running = SIMD16<Int32>()
        var bad: UInt32 = 0
        var j = 0
        while j < count {
            let m = min(laneCount, count &- j)
            let i = first &+ j
            let w = m == laneCount ? Lanes.load(widths + i) : Lanes.load(widths + i, count: m)
            var badLanes: UInt32 = 0
            let widthUnits = lk_units(w, Units.maxLength, &badLanes)
            var gapUnits = fixedGap
            if spacing == .perItem {
                gapUnits = lk_units(itemGaps(items, at: i, count: m), Units.maxLength, &badLanes)
            }
            bad |= badLanes & ((1 << UInt32(m)) &- 1)   // lanes past the stretch are not items
            let sums = lk_prefix_sum_i32(widthUnits &+ gapUnits) &+ running
            UnsafeMutableRawPointer(ends + j).storeBytes(of: sums, as: SIMD16<Int32>.self)
            UnsafeMutableRawPointer(thresholds + j).storeBytes(of: sums &- widthUnits &+ SIMD16(repeating: limit),
                                                               as: SIMD16<Int32>.self)
            running = lk_splat_last_i32(sums)   // only full steps are followed by another
            j &+= m
        }
        guard bad == 0 else { return nil }
        UnsafeMutableRawPointer(ends + count).storeBytes(of: SIMD16(repeating: ends[count &- 1] &+ (1 << 30)),
                                                         as: SIMD16<Int32>.self)
        UnsafeMutableRawPointer(thresholds + count).storeBytes(of: SIMD16<Int32>(), as: SIMD16<Int32>.self)
        var hasBreaks = false
        if let flags = items.flags?.baseAddress {
            let words = wordSlots(count)
            // A loop, not the standard library's generic fill: its specialisation would be one
            // symbol shared by every level's module, compiled for one of them.
            var word = 0
            while word < words {
                breaks[word] = 0
                word &+= 1
            }
            var k = 0
            while k < count {
                let m = min(laneCount, count &- k)
                // k is a multiple of 16: a step's bits never straddle two words.
                let bits = UInt64(flagBits(flags + first + k, count: m, flag: ItemFlag.breakBefore))
                breaks[k >> 6] |= bits << UInt64(k & 63)
                hasBreaks = hasBreaks || bits != 0
                k &+= m
            }
            // The stretch's end: every bit from `count` on.
            breaks[count >> 6] |= ~0 << UInt64(count & 63)
            for word in ((count >> 6) &+ 1)..<words { breaks[word] = ~0 }
        }
        return UnitStretch(first: first, count: count, ends: ends, thresholds: thresholds, limit: limit,
                           breaks: breaks, hasBreaks: hasBreaks)
    }

    /// The first item after `from - 1` that a row with threshold `threshold` cannot hold:
    /// the first `j >= from` whose end passes the threshold or that breaks before; at
    /// most `count` (the stretch's end).
    /// - Complexity: O(row length / 16), one vector compare per 16 items.
    @inline(__always)
    func nextRowStart(threshold: Int32, from: Int) -> Int {
        var j = from
        while true {
            var bits = lk_bits_past(ends + j, threshold)
            if hasBreaks {
                bits |= UInt32(truncatingIfNeeded: UnsafeRawPointer(breaks)
                    .loadUnaligned(fromByteOffset: j >> 3, as: UInt64.self) >> UInt64(j & 7)) & 0xFFFF
            }
            if bits != 0 { return j &+ bits.trailingZeroBitCount }
            j &+= laneCount
        }
    }
}
