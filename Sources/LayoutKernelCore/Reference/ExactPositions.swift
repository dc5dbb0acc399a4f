/// Every item's position in `Double`, before the one rounding to `Float` that a layout's
/// `x` and `y` outputs take (lk_layout_place_exact in layoutkernel.h).
///
/// A `Float` holds every integer only up to 2^24 (16,777,216 px): further down a list,
/// neighbouring positions collapse onto the same `Float` or leave gaps. The sums that run
/// across rows (row tops, stack and grid offsets) are `Double` sums, and an item's place
/// is such a sum plus a correction inside its row or cell; here that value is kept whole.
/// The rules are the layouts' own (the references'), so `Float(x) == layout.x` wherever
/// the kernels equal the reference bit for bit (every flow; every kind on the 1/64 grid),
/// and within the reference's tolerance elsewhere. Quantities the rules sum in `Float` (a
/// flow's offsets along its row) stay the `Float` values they are.
public enum ExactPositions {

    /// Writes the position of every item of `items` laid out by `layout` for `proposal`
    /// into `x` and `y` (either may be nil; each has room for `items.count`).
    /// - Complexity: O(n) time; the reference's memory (O(n)).
    public static func write(_ items: Items, _ layout: AnyLayout, _ proposal: Proposal,
                             x: UnsafeMutablePointer<Double>?, y: UnsafeMutablePointer<Double>?) {
        let exact: ExactLayout
        switch layout {
        case .flow(let parameters):
            return FlowReference.exactPositions(items, parameters, proposal, x: x, y: y)
        case .hstack(let parameters): exact = StackReference.hstackPositions(items, parameters)
        case .vstack(let parameters): exact = StackReference.vstackPositions(items, parameters)
        case .zstack(let parameters): exact = StackReference.zstackPositions(items, parameters)
        case .grid(let parameters): exact = GridReference.positions(items, parameters, proposal)
        case .balanced(let parameters): exact = BalancedReference.positions(items, parameters)
        case .circle(let parameters): exact = CircleReference.positions(items, parameters)
        }
        x?.update(from: exact.x, count: exact.x.count)
        y?.update(from: exact.y, count: exact.y.count)
    }

    /// The positions of `items` laid out by `layout` for `proposal`, as arrays.
    public static func positions(_ items: Items, _ layout: AnyLayout,
                                 _ proposal: Proposal) -> (x: [Double], y: [Double]) {
        var x = [Double](repeating: 0, count: items.count)
        var y = [Double](repeating: 0, count: items.count)
        x.withUnsafeMutableBufferPointer { x in
            y.withUnsafeMutableBufferPointer { y in
                write(items, layout, proposal, x: x.baseAddress, y: y.baseAddress)
            }
        }
        return (x, y)
    }
}

/// A reference layout whose positions are not yet rounded to `Float`.
struct ExactLayout {
    var size: Size
    var x: [Double]
    var y: [Double]
    var rows: [Row]
    var itemWidth: [Float] = []
    var itemHeight: [Float] = []

    /// The layout: each position rounded to `Float` once.
    var rounded: Layout {
        Layout(size: size, x: x.map { Float($0) }, y: y.map { Float($0) }, rows: rows, itemWidth: itemWidth,
               itemHeight: itemHeight)
    }
}
