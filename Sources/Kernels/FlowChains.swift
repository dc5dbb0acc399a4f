import LayoutKernelCPU
import LayoutKernelCore

/// Where rows start in a stretch of items (the exact path, in units): a bitmap.
///
/// Finding the next row start is one vector compare, one mask and one bit scan, but it
/// waits on where the row started: a chain of decisions whose latency (about 30 cycles
/// a row) would bound the whole kernel. So the stretch is cut into up to eight
/// segments and a chain runs in each, interleaved, so that the processor overlaps them.
/// Every segment but the first starts speculatively with a row at its first item.
///
/// A speculative chain is right from the first row start it shares with the true
/// chain: the next row start is a function of the row start alone (in units, exact), so
/// two chains that meet never part. The continuation walks the true chain from each
/// segment's end into the next segment until it lands on a row start recorded there,
/// correcting the bits it passes; if it never does (items all of one width can keep
/// chains apart forever), it walks the whole segment, and the result is still exact.
/// Walks are short on varied sizes (a few hundred items on average); segments are long
/// (2,048 items or more) so that they cost little.
enum RowBreaking {

    /// Items per segment at least: shorter segments would spend more on continuation
    /// than they save.
    static let minimumSegment = 2048

    /// One chain: the next search starts at `from`, for a row whose items must end at or
    /// below `threshold`; it stops at its first row start at or past `end` (left in
    /// `from`).
    struct Chain {
        var from: Int
        var threshold: Int32
        var end: Int
        var done: Bool
    }

    /// Sets bit `j` of `rowStarts` for every item `j` of the stretch that starts a row
    /// (a row open before the stretch, `openExtent` units wide, does not start one; with
    /// `openExtent` nil the first item starts one). `rowStarts` has
    /// `UnitStretch.wordSlots(count)` words.
    /// - Complexity: O(count) for the chains, plus the continuation walks.
    @inline(__always)
    static func mark(_ stretch: UnitStretch, limit: Int32, openExtent: Int32?,
                     into rowStarts: UnsafeMutablePointer<UInt64>) {
        let count = stretch.count
        rowStarts.update(repeating: 0, count: UnitStretch.wordSlots(count))
        let segments = count >= 8 &* minimumSegment ? 8 : count >= 4 &* minimumSegment ? 4
            : count >= 2 &* minimumSegment ? 2 : 1
        let length = count / segments

        @inline(__always) func set(_ j: Int) { rowStarts[j >> 6] |= 1 << UInt64(j & 63) }
        @inline(__always) func clear(_ from: Int, _ to: Int) {
            var j = from
            while j < to {
                rowStarts[j >> 6] &= ~(1 << UInt64(j & 63))
                j &+= 1
            }
        }
        @inline(__always) func isSet(_ j: Int) -> Bool { rowStarts[j >> 6] & (1 << UInt64(j & 63)) != 0 }
        @inline(__always) func fresh(_ k: Int) -> Chain {
            let start = k &* length
            guard k < segments else { return Chain(from: count, threshold: 0, end: count, done: true) }
            set(start)
            return Chain(from: start &+ 1, threshold: stretch.bases[start] &+ limit,
                         end: k == segments &- 1 ? count : start &+ length, done: false)
        }
        @inline(__always) func step(_ chain: inout Chain) {
            let e = stretch.nextRowStart(threshold: chain.threshold, from: chain.from)
            if e >= chain.end {
                chain.from = e
                chain.done = true
            } else {
                set(e)
                chain.from = e &+ 1
                chain.threshold = stretch.bases[e] &+ limit
            }
        }

        // The chains. Chain 0 is true: it goes on from the open row, or opens one. They
        // run in lockstep, one row each a round, while all run; then each ends alone.
        var c0: Chain
        if let openExtent {
            c0 = Chain(from: 0, threshold: limit &- openExtent, end: segments == 1 ? count : length, done: false)
        } else {
            c0 = fresh(0)
        }
        var c1 = fresh(1), c2 = fresh(2), c3 = fresh(3), c4 = fresh(4), c5 = fresh(5), c6 = fresh(6), c7 = fresh(7)
        switch segments {
        case 8:
            while !(c0.done || c1.done || c2.done || c3.done || c4.done || c5.done || c6.done || c7.done) {
                step(&c0); step(&c1); step(&c2); step(&c3); step(&c4); step(&c5); step(&c6); step(&c7)
            }
        case 4...7:
            while !(c0.done || c1.done || c2.done || c3.done) {
                step(&c0); step(&c1); step(&c2); step(&c3)
            }
        case 2, 3:
            while !(c0.done || c1.done) {
                step(&c0); step(&c1)
            }
        default:
            break
        }
        while !c0.done { step(&c0) }
        while !c1.done { step(&c1) }
        while !c2.done { step(&c2) }
        while !c3.done { step(&c3) }
        while !c4.done { step(&c4) }
        while !c5.done { step(&c5) }
        while !c6.done { step(&c6) }
        while !c7.done { step(&c7) }
        guard segments > 1 else { return }

        // The continuation: `p` is a true row start (or the stretch's end); the chain of
        // the segment holding it is right from `p` on once `p` is a start it recorded.
        @inline(__always) func stop(_ k: Int) -> Int {
            switch k {
            case 0: return c0.from
            case 1: return c1.from
            case 2: return c2.from
            case 3: return c3.from
            case 4: return c4.from
            case 5: return c5.from
            case 6: return c6.from
            default: return c7.from
            }
        }
        var p = c0.from
        var k = 1
        while k < segments && p < count {
            let segmentStart = k &* length
            let segmentEnd = k == segments &- 1 ? count : segmentStart &+ length
            if p >= segmentEnd { k &+= 1; continue }
            clear(segmentStart, p)  // this segment's speculative starts before the true chain
            while p < count && !isSet(p) {
                set(p)
                let q = stretch.nextRowStart(threshold: stretch.bases[p] &+ limit, from: p &+ 1)
                clear(p &+ 1, q < count ? q : count)
                p = q
            }
            guard p < count else { break }
            let owner = p / length < segments ? p / length : segments &- 1  // met a start of this chain: it is right from here
            p = stop(owner)
            k = owner &+ 1
        }
    }
}
