/// Receives the rows of a flow, in order, as the packing kernel closes them.
///
/// The kernel is generic over its sink, so a pass that only counts rows compiles to a
/// loop that neither computes heights nor writes anything.
public protocol RowSink {
    /// Whether the kernel must compute row heights and offsets for this sink.
    static var needsHeights: Bool { get }
    /// Row `index` holds items `start ..< start + count`.
    mutating func row(_ index: Int, start: Int, count: Int, y: Double, width: Float, height: Float)
}

/// Counts rows; needs no heights.
public struct RowCounter: RowSink {
    public var rows = 0
    @inlinable public init() {}
    @inlinable public static var needsHeights: Bool { false }
    @inlinable @inline(__always)
    public mutating func row(_ index: Int, start: Int, count: Int, y: Double, width: Float, height: Float) {
        rows = index + 1
    }
}

/// What the container size depends on: the number of rows, the widest row and the
/// bottom of the last row.
public struct RowExtent: RowSink {
    public var rows = 0
    public var widest: Float = 0
    public var bottom: Double = 0
    public var lastHeight: Float = 0
    public var lastY: Double = 0

    @inlinable public init() {}
    @inlinable public static var needsHeights: Bool { true }

    @inlinable @inline(__always)
    public mutating func row(_ index: Int, start: Int, count: Int, y: Double, width: Float, height: Float) {
        rows = index + 1
        widest = max(widest, width)
        lastY = y
        lastHeight = height
    }

    /// The container's height: the last row's `y + height`, rounded to `Float` once.
    @inlinable
    public var height: Float { rows == 0 ? 0 : Float(lastY + Double(lastHeight)) }
}

/// Writes each row to the columns of a caller's row table (a nil column is skipped) and
/// keeps the extent. The caller guarantees room for every row.
public struct RowTableWriter: RowSink {
    public var start: UnsafeMutablePointer<Int64>?
    public var count: UnsafeMutablePointer<Int64>?
    public var y: UnsafeMutablePointer<Double>?
    public var width: UnsafeMutablePointer<Float>?
    public var height: UnsafeMutablePointer<Float>?
    public var extent = RowExtent()

    @inlinable
    public init(start: UnsafeMutablePointer<Int64>?, count: UnsafeMutablePointer<Int64>?,
                y: UnsafeMutablePointer<Double>?, width: UnsafeMutablePointer<Float>?,
                height: UnsafeMutablePointer<Float>?) {
        self.start = start
        self.count = count
        self.y = y
        self.width = width
        self.height = height
    }

    @inlinable public static var needsHeights: Bool { true }

    /// Whether no column is wanted.
    @inlinable
    public var isEmpty: Bool { start == nil && count == nil && y == nil && width == nil && height == nil }

    @inlinable @inline(__always)
    public mutating func row(_ index: Int, start first: Int, count items: Int, y top: Double,
                             width rowWidth: Float, height rowHeight: Float) {
        start?[index] = Int64(first)
        count?[index] = Int64(items)
        y?[index] = top
        width?[index] = rowWidth
        height?[index] = rowHeight
        extent.row(index, start: first, count: items, y: top, width: rowWidth, height: rowHeight)
    }
}

/// Collects rows, for passes that revisit them.
///
/// Its methods are deliberately not inlinable: the ISA kernel modules call them rather
/// than instantiating `Array<Row>` code themselves, so no generic specialization is
/// compiled for one ISA and shared, by its symbol name, with code built for another.
public struct RowCollector: RowSink {
    private var rows: [Row] = []
    public private(set) var extent = RowExtent()

    public init() {}
    public static var needsHeights: Bool { true }

    public mutating func row(_ index: Int, start: Int, count: Int, y: Double, width: Float, height: Float) {
        rows.append(Row(start: start, count: count, y: y, width: width, height: height))
        extent.row(index, start: start, count: count, y: y, width: width, height: height)
    }

    /// The number of rows collected.
    public var count: Int { rows.count }

    /// Row `index`.
    public func row(at index: Int) -> Row { rows[index] }

    /// Sends every collected row to `sink`, in order.
    public func replay(into sink: inout RowTableWriter) {
        for (index, row) in rows.enumerated() {
            sink.row(index, start: row.start, count: row.count, y: row.y, width: row.width,
                     height: row.height)
        }
    }
}
