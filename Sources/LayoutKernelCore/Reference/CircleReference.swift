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
        let size = self.size(items, parameters)
        let n = items.count
        var x = [Float](repeating: 0, count: n)
        var y = [Float](repeating: 0, count: n)
        let r = Double(parameters.radius)
        for i in 0..<n {
            let theta = Double(parameters.startAngle) + 2 * Double.pi * Double(i) / Double(n)
            x[i] = Float(Double(size.width) / 2 + r * cos(theta)
                         - Double(parameters.anchor.x) * Double(items.widths[i]))
            y[i] = Float(Double(size.height) / 2 + r * sin(theta)
                         - Double(parameters.anchor.y) * Double(items.heights[i]))
        }
        return Layout(size: size, x: x, y: y, rows: [])
    }

    /// `(2r + max w, 2r + max h)`, `(2r, 2r)` for no items.
    public static func size(_ items: Items, _ parameters: CircleParameters) -> Size {
        let diameter = 2 * parameters.radius
        return Size(width: diameter + StackReference.largest(items.widths),
                    height: diameter + StackReference.largest(items.heights))
    }
}
