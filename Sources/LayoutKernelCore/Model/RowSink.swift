/// Receives the rows of a row-based layout, in order, as they close.
///
/// Layouts are generic over their sink, so a pass that only counts rows compiles to a
/// loop that neither computes heights nor writes anything.
public protocol RowSink {
    /// Whether the layout must compute row heights (and tops) for this sink.
    static var needsHeights: Bool { get }
    /// Whether `isDone` can ever be true: a flow packed for a sink that can stop writes
    /// nothing for items past the row it stops after (see `FlowPackState`).
    static var canStop: Bool { get }
    /// Row `index` holds items `start ..< start + count`.
    mutating func row(_ index: Int, start: Int, count: Int, y: Double, width: Float, height: Float)
    /// Checked after each row a flow closes: true stops the packing there, with the
    /// next row about to open at that row's end.
    var isDone: Bool { get }
}

extension RowSink {
    @inlinable public static var canStop: Bool { false }
    @inlinable public var isDone: Bool { false }
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
        write(index, first, items, y: top, width: rowWidth, height: rowHeight)
        extent.row(index, start: first, count: items, y: top, width: rowWidth, height: rowHeight)
    }

    /// Writes row `index` to the columns (the extent is not kept).
    @inlinable @inline(__always)
    public func write(_ index: Int, _ first: Int, _ items: Int, y top: Double, width rowWidth: Float,
                      height rowHeight: Float) {
        start?[index] = Int64(first)
        count?[index] = Int64(items)
        y?[index] = top
        width?[index] = rowWidth
        height?[index] = rowHeight
    }
}

/// Collects rows in an array: the reference's row list.
public struct RowCollector: RowSink {
    public private(set) var rows: [Row] = []

    public init() {}
    public static var needsHeights: Bool { true }

    public mutating func row(_ index: Int, start: Int, count: Int, y: Double, width: Float, height: Float) {
        rows.append(Row(start: start, count: count, y: y, width: width, height: height))
    }
}

/// A row table that can stop a flow's packing: each row goes to `rows`; the packing
/// stops when a row ends at one of `stops` (ascending item indices).
public struct StoppableRowTable: RowSink {
    public var rows: RowTableWriter
    public let stops: UnsafeBufferPointer<Int>
    /// The first stop not passed yet.
    var next = 0
    public private(set) var isDone = false

    @inlinable
    public init(rows: RowTableWriter, stops: UnsafeBufferPointer<Int>) {
        self.rows = rows
        self.stops = stops
    }

    public static var needsHeights: Bool { true }
    public static var canStop: Bool { true }

    public mutating func row(_ index: Int, start: Int, count: Int, y: Double, width: Float, height: Float) {
        rows.row(index, start: start, count: count, y: y, width: width, height: height)
        let end = start + count
        while next < stops.count && stops[next] < end { next += 1 }
        isDone = next < stops.count && stops[next] == end
    }
}
