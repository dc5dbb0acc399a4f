#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The scalar reference of the circle (lk_circle_params in layoutkernel.h), as the spec's steps.
public enum CircleReference {

    /// Size `(2r + max w, 2r + max h)` whatever the proposal; item `i` of `n` at angle
    /// `startAngle + 2 pi i / n`, its anchor point at
    /// `(width / 2 + r cos(theta), height / 2 + r sin(theta))` (y grows downward), all in
    /// `Double` and rounded once. Not row-based.
    public static func layout(_ items: Items, _ parameters: CircleParameters) -> Layout {
        positions(items, parameters).rounded
    }

    /// `layout` before its positions are rounded to `Float`.
    static func positions(_ items: Items, _ parameters: CircleParameters) -> ExactLayout {
        let size = self.size(items, parameters)
        var x = [Double](repeating: 0, count: items.count)
        var y = [Double](repeating: 0, count: items.count)
        forEachPosition(items, first: 0, of: items.count, parameters, size) { j, xj, yj in
            x[j] = xj
            y[j] = yj
        }
        return ExactLayout(size: size, x: x, y: y, rows: [])
    }

    /// The positions of items `first ..< first + items.count` of `n` items (`items` holds
    /// those items only) in a circle whose container size is `size`, into `x` and `y`.
    public static func place(_ items: Items, first: Int, of n: Int, _ parameters: CircleParameters, _ size: Size,
                             x: UnsafeMutablePointer<Float>, y: UnsafeMutablePointer<Float>) {
        forEachPosition(items, first: first, of: n, parameters, size) { j, xj, yj in
            x[j] = Float(xj)
            y[j] = Float(yj)
        }
    }

    /// `place` before the rounding: `body(j, x, y)` for each of `items`, in `Double`.
    @inline(__always)
    static func forEachPosition(_ items: Items, first: Int, of n: Int, _ parameters: CircleParameters, _ size: Size,
                                _ body: (Int, Double, Double) -> Void) {
        let r = Double(parameters.radius)
        for j in 0..<items.count {
            let direction = self.direction(Double(parameters.startAngle), first + j, of: n)
            body(j, Double(size.width) / 2 + r * direction.cos - Double(parameters.anchor.x) * Double(items.widths[j]),
                 Double(size.height) / 2 + r * direction.sin - Double(parameters.anchor.y) * Double(items.heights[j]))
        }
    }

    /// Start angles at least this large (in magnitude) are not summed with the items'
    /// steps: see `direction`.
    public static let largeStartAngle: Double = 0x1p30

    /// The cosine and sine of item `i`'s angle of `n`, `startAngle + 2 pi i / n`: that
    /// `Double` sum when `|startAngle| < 2^30` (its rounding moves a position by less
    /// than 2^-23 of the radius); for a larger start angle the sum would absorb the step
    /// (at 1e28 radians every item lands on the first one's angle), so the direction of
    /// the start angle is rotated by the step's.
    public static func direction(_ startAngle: Double, _ i: Int, of n: Int) -> (cos: Double, sin: Double) {
        let step = 2 * Double.pi * Double(i) / Double(n)
        guard abs(startAngle) >= largeStartAngle else {
            let theta = startAngle + step
            return (cos(theta), sin(theta))
        }
        let c0 = cos(startAngle), s0 = sin(startAngle), c = cos(step), s = sin(step)
        return (c0 * c - s0 * s, s0 * c + c0 * s)
    }

    /// `(2r + max w, 2r + max h)`, `(2r, 2r)` for no items.
    public static func size(_ items: Items, _ parameters: CircleParameters) -> Size {
        let diameter = 2 * parameters.radius
        return Size(width: diameter + StackReference.largest(items.widths),
                    height: diameter + StackReference.largest(items.heights))
    }
}
