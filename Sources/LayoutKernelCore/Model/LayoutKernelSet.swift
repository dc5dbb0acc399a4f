/// What a layout of any kind reports besides positions: the container size, the number
/// of rows written to the row table, and, for a balanced stack, the cell every item is
/// given (nil when items keep their own size).
public struct LayoutOutcome: Equatable, Sendable {
    public var size: Size
    public var rows: Int
    public var cell: Size?

    @inlinable
    public init(size: Size, rows: Int, cell: Size? = nil) {
        self.size = size
        self.rows = rows
        self.cell = cell
    }
}

/// Every layout kind's entry points at one ISA level (flow included), behind one
/// interface: the SIMD levels come from the per-ISA modules, the reference level wraps
/// `LayoutReference`. Positions and rows go to a `LayoutOutput` (x and y required when
/// there are items; the caller guarantees room for every row it asks for).
public struct LayoutKernelSet: Sendable {
    public typealias Place = @Sendable (Items, AnyLayout, Proposal, LayoutOutput) -> LayoutOutcome
    public typealias SizeOnly = @Sendable (Items, AnyLayout, Proposal) -> Size
    public typealias RowCount = @Sendable (Items, AnyLayout, Proposal) -> Int

    public let place: Place
    public let size: SizeOnly
    public let rowCount: RowCount

    public init(place: @escaping Place, size: @escaping SizeOnly, rowCount: @escaping RowCount) {
        self.place = place
        self.size = size
        self.rowCount = rowCount
    }
}

extension LayoutKernelSet {
    /// The scalar references behind the same interface (they allocate their results and
    /// copy them out): the oracle, and the reference level.
    public static let reference = LayoutKernelSet(
        place: { items, layout, proposal, output in
            let result = LayoutReference.layout(items, layout, proposal)
            if let x = output.x, let y = output.y {
                for i in 0..<items.count {
                    x[i] = result.x[i]
                    y[i] = result.y[i]
                }
            }
            var rows = output.rows
            for (index, row) in result.rows.enumerated() {
                rows.row(index, start: row.start, count: row.count, y: row.y, width: row.width,
                         height: row.height)
            }
            let cell = result.itemWidth.first.map { Size(width: $0, height: result.itemHeight[0]) }
            return LayoutOutcome(size: result.size, rows: result.rows.count, cell: cell)
        },
        size: { LayoutReference.size($0, $1, $2) },
        rowCount: { LayoutReference.rowCount($0, $1, $2) })
}
