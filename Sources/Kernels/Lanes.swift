import LayoutKernelCPU
import LayoutKernelCore

/// Sixteen `Float` lanes: the block width of the SIMD kernels.
///
/// One source serves every ISA: a module compiled for the x86-64 baseline holds a
/// `Lanes` in four SSE registers, one compiled with `-target-cpu haswell` in two AVX2
/// registers, one compiled with `-target-cpu skylake-avx512` in one AVX-512 register.
/// The type is the C header's `lk_f32x16`, so the lane operations of `lk_lanes.h`
/// (shifts, masks folded to bits) apply to it directly.
typealias Lanes = SIMD16<Float>

/// Lanes per block.
let laneCount = 16

extension Lanes {
    /// `(0, 1, …, 15)`.
    @inline(__always)
    static var laneIndex: Lanes { Lanes(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15) }

    /// Sixteen floats read from `pointer` (no alignment needed).
    @inline(__always)
    static func load(_ pointer: UnsafePointer<Float>) -> Lanes {
        UnsafeRawPointer(pointer).loadUnaligned(as: Lanes.self)
    }

    /// `count` (< 16) floats read from `pointer`, the other lanes 0.
    @inline(__always)
    static func load(_ pointer: UnsafePointer<Float>, count: Int) -> Lanes {
        lk_load_partial(pointer, Int32(count))
    }

    /// Writes the first `count` lanes to `pointer`: one vector store when all 16 are wanted.
    @inline(__always)
    func store(to pointer: UnsafeMutablePointer<Float>, count: Int) {
        if count == laneCount {
            UnsafeMutableRawPointer(pointer).storeBytes(of: self, as: Lanes.self)
        } else {
            lk_store_partial(pointer, self, Int32(count))
        }
    }
}

/// Calls `body(i, count)` for the 16-item steps of `first ..< end` of `itemCount`
/// items: `count` is 16 wherever the 16 lanes from `i` lie within the items (a line's
/// last step then covers the items after it, whose own line is written later), else the
/// items left in the range.
@inline(__always)
func forEachLaneStep(_ first: Int, _ end: Int, itemCount: Int, _ body: (_ i: Int, _ count: Int) -> Void) {
    var i = first
    while i < end {
        body(i, i &+ laneCount <= itemCount ? laneCount : min(laneCount, end &- i))
        i &+= laneCount
    }
}

/// Calls `body(i, count)` for the 16-item steps of `first ..< end` taken back from `end`,
/// for lines placed from the last to the first: each step the 16 lanes before its end
/// (the lanes before the line's first item belong to lines placed after it), the items
/// from 0 where fewer than 16 lie before it.
@inline(__always)
func forEachLaneStepBack(_ first: Int, _ end: Int, _ body: (_ i: Int, _ count: Int) -> Void) {
    var e = end
    while e > first {
        if e >= laneCount { body(e &- laneCount, laneCount) } else { body(0, e) }
        e &-= laneCount
    }
}

/// Bits of the flags of up to 16 items that have `flag` set (bit `i` for item `i`).
@inline(__always)
func flagBits(_ flags: UnsafePointer<UInt8>, count: Int, flag: UInt8) -> UInt32 {
    if count == laneCount {
        return lk_bits_any(UnsafeRawPointer(flags).loadUnaligned(as: SIMD16<UInt8>.self), flag)
    }
    var bits: UInt32 = 0
    for lane in 0..<count where flags[lane] & flag != 0 { bits |= 1 << UInt32(lane) }
    return bits
}
