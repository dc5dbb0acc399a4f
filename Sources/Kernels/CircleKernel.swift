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
/// 256: the superblock's first angle gets one `cos`/`sin` pair (the reference's own,
/// `CircleReference.direction`, so there is no drift however large `n` is); the 16 blocks of 16 in it
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
        guard items.count > 0, let x, let y else { return size }
        place(items, first: 0, of: items.count, parameters, size, x: x, y: y)
        return size
    }

    /// Writes the positions of items `first ..< first + items.count` of a circle of
    /// `n` items whose container size is `size` (`items` holds those items only), each
    /// exactly as a layout of all `n` items places it.
    /// - Complexity: O(items.count) time with about `64 + items.count / 128` libm calls.
    static func place(_ items: Items, first: Int, of n: Int, _ parameters: CircleParameters, _ size: Size,
                      x: UnsafeMutablePointer<Float>, y: UnsafeMutablePointer<Float>) {
        guard let widths = items.widths.baseAddress, let heights = items.heights.baseAddress else { return }
        let count = Double(n)
        let startAngle = Double(parameters.startAngle)
        let frame = Frame(centreX: Double(size.width) / 2, centreY: Double(size.height) / 2,
                          radius: Double(parameters.radius),
                          ax: Double(parameters.anchor.x), ay: Double(parameters.anchor.y))
        let end = first + items.count
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
            var i = first
            while i < end {
                // The superblock of 256 holding item i, from its first item's angle.
                let superStart = i - i % (laneCount * laneCount)
                let (superCos, superSin) = CircleReference.direction(startAngle, superStart, of: n)
                var block = (i - superStart) / laneCount
                while block < laneCount && i < end {
                    let c = superCos * blockCos[block] - superSin * blockSin[block]
                    let s = superSin * blockCos[block] + superCos * blockSin[block]
                    let blockStart = superStart + block * laneCount
                    let k = i - blockStart, m = min(laneCount, end - blockStart) - k
                    let j = i - first
                    if m == laneCount {
                        frame.place(16, cos: c, sin: s, itemCos: itemCos, itemSin: itemSin,
                                    widths + j, heights + j, x: x + j, y: y + j)
                    } else {
                        frame.place(m, cos: c, sin: s, itemCos: itemCos + k, itemSin: itemSin + k,
                                    widths + j, heights + j, x: x + j, y: y + j)
                    }
                    i &+= m
                    block &+= 1
                }
            }
        }
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
