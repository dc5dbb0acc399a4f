#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import LayoutKernelCore

/// The fast circle (lk_circle_params in layoutkernel.h), without a libm call per item.
///
/// Item `i` of `n` sits at `theta = startAngle + 2 pi i / n`. Items go in superblocks of
/// 256: the superblock's first angle gets one `cos`/`sin` pair (the reference's own
/// expression, so there is no drift however large `n` is); the 16 blocks of 16 in it
/// are reached by rotating that direction by `2 pi * 16 j / n`, and each item by
/// rotating its block's direction by `2 pi k / n` (`j, k < 16`; both tables computed
/// once per layout). A rotation is a complex multiplication in `Double`; each
/// coordinate, `centre + r * direction - anchor * size`, is summed in `Double` and
/// rounded once, in loops the compiler vectorises for the module's ISA.
///
/// Precision: each direction is within a few `Double` ulps of the reference's
/// `cos`/`sin`, so positions agree with `CircleReference` to well within 1e-5 of the
/// size (at most one `Float` ulp apart, where the reference's value lies next to a
/// rounding boundary). The size is the reference's, bit for bit. The first item of each
/// superblock is placed exactly as the reference places it.
enum CircleKernel {

    /// `(2r + max w, 2r + max h)`, `(2r, 2r)` for no items.
    @inline(__always)
    static func size(_ items: Items, _ parameters: CircleParameters) -> Size {
        let largest = maxItemSize(items)
        let diameter = 2 * parameters.radius
        return Size(width: diameter + largest.width, height: diameter + largest.height)
    }

    /// Writes positions when both `x` and `y` are given; returns the size.
    /// - Complexity: O(n) time with about `64 + n / 128` libm calls, O(1) memory.
    @inline(__always)
    static func layout(_ items: Items, _ parameters: CircleParameters,
                       x: UnsafeMutablePointer<Float>?, y: UnsafeMutablePointer<Float>?) -> Size {
        let size = self.size(items, parameters)
        let n = items.count
        guard n > 0, let x, let y, let widths = items.widths.baseAddress,
              let heights = items.heights.baseAddress else { return size }
        let count = Double(n)
        let startAngle = Double(parameters.startAngle)
        let frame = Frame(centreX: Double(size.width) / 2, centreY: Double(size.height) / 2,
                          radius: Double(parameters.radius),
                          ax: Double(parameters.anchor.x), ay: Double(parameters.anchor.y))
        withUnsafeTemporaryAllocation(of: Double.self, capacity: 4 * laneCount) { scratch in
            // Rotations by 2 pi k / n (items in a block) and 2 pi 16 k / n (blocks).
            let itemCos = scratch.baseAddress!
            let itemSin = itemCos + laneCount
            let blockCos = itemSin + laneCount
            let blockSin = blockCos + laneCount
            for k in 0..<laneCount {
                let itemAngle = 2 * Double.pi * Double(k) / count
                itemCos[k] = cos(itemAngle)
                itemSin[k] = sin(itemAngle)
                let blockAngle = 2 * Double.pi * Double(k &* laneCount) / count
                blockCos[k] = cos(blockAngle)
                blockSin[k] = sin(blockAngle)
            }
            var i = 0
            while i < n {
                let theta = startAngle + 2 * Double.pi * Double(i) / count
                let superCos = cos(theta)
                let superSin = sin(theta)
                var block = 0
                while block < laneCount && i < n {
                    let c = superCos * blockCos[block] - superSin * blockSin[block]
                    let s = superSin * blockCos[block] + superCos * blockSin[block]
                    let m = min(laneCount, n &- i)
                    if m == laneCount {
                        frame.place(16, cos: c, sin: s, itemCos: itemCos, itemSin: itemSin,
                                    widths + i, heights + i, x: x + i, y: y + i)
                    } else {
                        frame.place(m, cos: c, sin: s, itemCos: itemCos, itemSin: itemSin,
                                    widths + i, heights + i, x: x + i, y: y + i)
                    }
                    i &+= m
                    block &+= 1
                }
            }
        }
        return size
    }

    /// The circle's centre, radius and the items' anchor, in `Double`.
    struct Frame {
        var centreX: Double
        var centreY: Double
        var radius: Double
        var ax: Double
        var ay: Double

        /// Places `count <= 16` items whose first is in direction `(cos, sin)`, item `k`
        /// rotated from it by the angle whose cosine and sine are `itemCos[k]`, `itemSin[k]`.
        @inline(__always)
        func place(_ count: Int, cos c: Double, sin s: Double,
                   itemCos: UnsafePointer<Double>, itemSin: UnsafePointer<Double>,
                   _ widths: UnsafePointer<Float>, _ heights: UnsafePointer<Float>,
                   x: UnsafeMutablePointer<Float>, y: UnsafeMutablePointer<Float>) {
            for k in 0..<count {
                let directionX = c * itemCos[k] - s * itemSin[k]
                let directionY = s * itemCos[k] + c * itemSin[k]
                x[k] = Float(centreX + radius * directionX - ax * Double(widths[k]))
                y[k] = Float(centreY + radius * directionY - ay * Double(heights[k]))
            }
        }
    }
}
