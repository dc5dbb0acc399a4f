import LayoutKernelCPU
import LayoutKernelCore

/// The checks that protect a caller, at memory speed: whether every item length and grow
/// factor is in `[0, 2^64]` and every flag byte holds only defined bits. One pass over
/// each array, 64 values a step, folding the lanes that fail into an accumulator checked
/// once at the end (valid input is the rule; a failed check is followed by a search that
/// names the first bad item). Compiled into each ISA module like the kernels.
enum InputCheck {

    /// Whether every array of `items` holds only valid values.
    /// - Complexity: O(n) reads of each array present, no writes.
    @inline(__always)
    static func valid(_ items: Items) -> Bool {
        lengths(items.widths) && lengths(items.heights) && lengths(items.leading) && lengths(items.trailing)
            && lengths(items.top) && lengths(items.bottom) && lengths(items.grow) && flags(items.flags)
    }

    @inline(__always)
    static func lengths(_ values: UnsafeBufferPointer<Float>?) -> Bool {
        guard let values, let p = values.baseAddress else { return true }
        let n = values.count
        // Two accumulators, so that the maxima of a step do not wait on each other.
        var most = SIMD16<UInt32>(), more = SIMD16<UInt32>()
        var i = 0
        while i &+ 4 &* laneCount <= n {
            most = lk_max_length_keys(lk_max_length_keys(most, Lanes.load(p + i)), Lanes.load(p + (i &+ 16)))
            more = lk_max_length_keys(lk_max_length_keys(more, Lanes.load(p + (i &+ 32))), Lanes.load(p + (i &+ 48)))
            i &+= 4 &* laneCount
        }
        while i < n {
            let m = min(laneCount, n &- i)
            most = lk_max_length_keys(most, m == laneCount ? Lanes.load(p + i) : Lanes.load(p + i, count: m))
            i &+= m
        }
        return lk_length_keys_valid(most, more) != 0
    }

    @inline(__always)
    static func flags(_ values: UnsafeBufferPointer<UInt8>?) -> Bool {
        guard let values, let p = values.baseAddress else { return true }
        let n = values.count
        var any = SIMD16<UInt8>()
        var i = 0
        while i &+ laneCount <= n {
            any |= UnsafeRawPointer(p + i).loadUnaligned(as: SIMD16<UInt8>.self)
            i &+= laneCount
        }
        var tail: UInt8 = 0
        while i < n {
            tail |= p[i]
            i &+= 1
        }
        return (any | SIMD16(repeating: tail)) & SIMD16(repeating: ~ItemFlag.all) == SIMD16<UInt8>()
    }
}
