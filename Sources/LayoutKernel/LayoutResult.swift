import LayoutKernelCore

/// A layout of some items: the container's size, every item's top-left corner and the
/// size it is given, and the row table. It owns its storage.
///
/// ```swift
/// let result = try AnyLayout.flow(.init(spacing: .fixed(8)))
///     .layout(widths: [100, 80, 120], heights: [30, 30, 30], proposal: .init(width: 200, height: nil))
/// result.size      // Size(width: 200.0, height: 60.0)
/// result.x         // [0.0, 108.0, 0.0]
/// result.y         // [0.0, 0.0, 30.0]
/// result.rows[1]   // Row(start: 2, count: 1, y: 30.0, width: 120.0, height: 30.0)
/// ```
public struct LayoutResult: Equatable, Sendable {
    /// The container's size.
    public var size: Size
    /// Each item's left edge, in the container's coordinates.
    public var x: [Float]
    /// Each item's top edge, in the container's coordinates.
    public var y: [Float]
    /// The size each item is given: its own, a balanced stack's cell, a grown flow item's.
    public var itemWidth: [Float]
    public var itemHeight: [Float]
    /// The rows of a row-based layout (a flow's lines; a stack is one row or column; a
    /// grid's rows); empty for a ZStack and a circle.
    public var rows: RowTable
    /// Each item's position before its one rounding to `Float` (nil unless asked for
    /// with `exactPositions: true`): exact however large the layout, where `Float`
    /// holds integers only up to 2^24.
    public var x64: [Double]?
    public var y64: [Double]?
    /// A flow with `maxLines`: how many items its kept lines leave out (the last ones,
    /// at NaN, given a size of 0), and the overflow item's frame when it was placed.
    public var hidden: Int
    public var overflow: Rect?

    /// The number of items.
    public var count: Int { x.count }

    public init(size: Size, x: [Float], y: [Float], itemWidth: [Float], itemHeight: [Float], rows: RowTable,
                x64: [Double]? = nil, y64: [Double]? = nil, hidden: Int = 0, overflow: Rect? = nil) {
        self.hidden = hidden
        self.overflow = overflow
        self.size = size
        self.x = x
        self.y = y
        self.itemWidth = itemWidth
        self.itemHeight = itemHeight
        self.rows = rows
        self.x64 = x64
        self.y64 = y64
    }
}

/// A row table stored by column: each row's first item, item count, top (`Double`, so
/// that tall layouts stay exact), width and height. A collection of `Row`s.
public struct RowTable: RandomAccessCollection, Equatable, Sendable {
    public var starts: [Int]
    public var counts: [Int]
    public var tops: [Double]
    public var widths: [Float]
    public var heights: [Float]

    public init(starts: [Int] = [], counts: [Int] = [], tops: [Double] = [], widths: [Float] = [],
                heights: [Float] = []) {
        self.starts = starts
        self.counts = counts
        self.tops = tops
        self.widths = widths
        self.heights = heights
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { starts.count }

    public subscript(index: Int) -> Row {
        Row(start: starts[index], count: counts[index], y: tops[index], width: widths[index], height: heights[index])
    }
}

extension LayoutResult {
    /// A result of `n` items and at most `rowCapacity` rows in storage of its own, laid
    /// out by `place`. The sizes items are given: those `place` wrote (grown items), a
    /// cell it reports (a balanced stack), or else their own, which `ownSizes` writes.
    static func made(count n: Int, rowCapacity: Int, place: (LayoutOutput) -> LayoutOutcome,
                     ownSizes: (UnsafeMutablePointer<Float>, UnsafeMutablePointer<Float>) -> Void) -> LayoutResult {
        var outcome = LayoutOutcome(size: .zero, rows: 0)
        var y: [Float] = [], itemWidth: [Float] = [], itemHeight: [Float] = []
        var rows = RowTable()
        let x: [Float] = written(n) { x in
            y = written(n) { y in
                itemWidth = written(n) { iw in
                    itemHeight = written(n) { ih in
                        rows = rowTable(capacity: rowCapacity) { table in
                            outcome = place(LayoutOutput(x: x, y: y, rows: table, itemWidth: iw, itemHeight: ih))
                            return outcome.rows
                        }
                        if !outcome.sizesWritten, let iw, let ih {
                            if let cell = outcome.cell {
                                iw.initialize(repeating: cell.width, count: n)
                                ih.initialize(repeating: cell.height, count: n)
                            } else {
                                ownSizes(iw, ih)
                            }
                        }
                        return n
                    }
                    return n
                }
                return n
            }
            return n
        }
        return LayoutResult(size: outcome.size, x: x, y: y, itemWidth: itemWidth, itemHeight: itemHeight, rows: rows,
                            hidden: outcome.hidden, overflow: outcome.overflow)
    }
}

/// An array of `count` elements that `body` writes (it returns how many it wrote, at
/// most `count`): no zero fill before the layout writes its results.
@inline(__always)
func written<T>(_ count: Int, _ body: (UnsafeMutablePointer<T>?) -> Int) -> [T] {
    [T](unsafeUninitializedCapacity: count) { buffer, initialized in
        initialized = body(count == 0 ? nil : buffer.baseAddress)
    }
}

/// Two arrays of `count` elements each, every element written by `body` (called only
/// when `count > 0`).
func writtenPair<T>(_ count: Int, _ body: (UnsafeMutablePointer<T>, UnsafeMutablePointer<T>) -> Void) -> ([T], [T]) {
    var second: [T] = []
    let first: [T] = written(count) { a in
        second = written(count) { b in
            if let a, let b { body(a, b) }
            return count
        }
        return count
    }
    return (first, second)
}

/// Writes a row table of at most `capacity` rows: `body` gets the writer and returns
/// the number of rows written.
func rowTable(capacity: Int, _ body: (RowTableWriter) -> Int) -> RowTable {
    var rows = 0
    var counts: [Int] = [], tops: [Double] = [], widths: [Float] = [], heights: [Float] = []
    let starts: [Int] = written(capacity) { start in
        counts = written(capacity) { count in
            tops = written(capacity) { top in
                widths = written(capacity) { width in
                    heights = written(capacity) { height in
                        rebound(start, capacity) { start in
                            rebound(count, capacity) { count in
                                rows = body(RowTableWriter(start: start, count: count, y: top, width: width,
                                                           height: height))
                            }
                        }
                        return rows
                    }
                    return rows
                }
                return rows
            }
            return rows
        }
        return rows
    }
    return RowTable(starts: starts, counts: counts, tops: tops, widths: widths, heights: heights)
}

/// `body` with an `Int` column seen as the row table's `Int64` column (the same layout on
/// 64-bit targets).
@inline(__always)
private func rebound(_ pointer: UnsafeMutablePointer<Int>?, _ capacity: Int,
                     _ body: (UnsafeMutablePointer<Int64>?) -> Void) {
    guard let pointer else { return body(nil) }
    pointer.withMemoryRebound(to: Int64.self, capacity: capacity) { body($0) }
}
