/// Where `LayoutKernelSet.placeMany` writes the layouts of many containers whose items
/// are concatenated: per container its size, its number of rows and the index of its
/// first row in the row table; per item its position relative to its container (and,
/// for a balanced stack, the cell it is given); the containers' row tables one after
/// another, each row's start relative to its container's first item.
public struct ManyOutput {
    public var width: UnsafeMutablePointer<Float>
    public var height: UnsafeMutablePointer<Float>
    public var rowCount: UnsafeMutablePointer<Int>?
    public var rowOffset: UnsafeMutablePointer<Int64>?
    /// Per-item positions, and the row table (indexed by row across all containers).
    public var items: LayoutOutput
    public var cellWidth: UnsafeMutablePointer<Float>?
    public var cellHeight: UnsafeMutablePointer<Float>?
    /// Whether the row table has room for one row per item (rows never outnumber
    /// items), so that parts of the work can write their rows anywhere in it first.
    public var roomForEveryItem: Bool
    /// Per container, for flows with `maxLines`: its hidden items' count, and its
    /// overflow item's frame (NaN when it placed none).
    public var hidden: UnsafeMutablePointer<Int>?
    public var overflow: OverflowColumns

    @inlinable
    public init(width: UnsafeMutablePointer<Float>, height: UnsafeMutablePointer<Float>,
                rowCount: UnsafeMutablePointer<Int>?, rowOffset: UnsafeMutablePointer<Int64>?, items: LayoutOutput,
                cellWidth: UnsafeMutablePointer<Float>? = nil, cellHeight: UnsafeMutablePointer<Float>? = nil,
                roomForEveryItem: Bool = false, hidden: UnsafeMutablePointer<Int>? = nil,
                overflow: OverflowColumns = OverflowColumns()) {
        self.hidden = hidden
        self.overflow = overflow
        self.width = width
        self.height = height
        self.rowCount = rowCount
        self.rowOffset = rowOffset
        self.items = items
        self.cellWidth = cellWidth
        self.cellHeight = cellHeight
        self.roomForEveryItem = roomForEveryItem
    }

    /// This output for containers `first ...` whose items start at `item` and whose
    /// rows go to row `row` and on.
    @inlinable
    public func advanced(containers first: Int, item: Int, row: Int) -> ManyOutput {
        let table = items.rows
        return ManyOutput(
            width: width + first, height: height + first, rowCount: Self.offset(rowCount, first),
            rowOffset: Self.offset(rowOffset, first),
            items: LayoutOutput(x: Self.offset(items.x, item), y: Self.offset(items.y, item),
                                rows: RowTableWriter(start: Self.offset(table.start, row),
                                                     count: Self.offset(table.count, row),
                                                     y: Self.offset(table.y, row), width: Self.offset(table.width, row),
                                                     height: Self.offset(table.height, row))),
            cellWidth: Self.offset(cellWidth, item), cellHeight: Self.offset(cellHeight, item),
            roomForEveryItem: roomForEveryItem, hidden: Self.offset(hidden, first),
            overflow: overflow.advanced(by: first))
    }

    /// `pointer + by`, if there is a pointer (no closure: this runs once per container).
    @inlinable @inline(__always)
    static func offset<T>(_ pointer: UnsafeMutablePointer<T>?, _ by: Int) -> UnsafeMutablePointer<T>? {
        guard let pointer else { return nil }
        return pointer + by
    }
}

/// Where many containers' overflow items go (`ManyOutput.overflow`): one column per
/// coordinate, each optional.
public struct OverflowColumns {
    public var x: UnsafeMutablePointer<Float>?
    public var y: UnsafeMutablePointer<Float>?
    public var width: UnsafeMutablePointer<Float>?
    public var height: UnsafeMutablePointer<Float>?

    @inlinable
    public init(x: UnsafeMutablePointer<Float>? = nil, y: UnsafeMutablePointer<Float>? = nil,
                width: UnsafeMutablePointer<Float>? = nil, height: UnsafeMutablePointer<Float>? = nil) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The columns from container `by` on.
    @inlinable
    public func advanced(by first: Int) -> OverflowColumns {
        OverflowColumns(x: ManyOutput.offset(x, first), y: ManyOutput.offset(y, first),
                        width: ManyOutput.offset(width, first), height: ManyOutput.offset(height, first))
    }

    /// Writes `frame` (NaN for none) as the first container's.
    @inlinable @inline(__always)
    public func write(_ frame: Rect?) {
        x?.pointee = frame?.x ?? .nan
        y?.pointee = frame?.y ?? .nan
        width?.pointee = frame?.width ?? .nan
        height?.pointee = frame?.height ?? .nan
    }
}

/// The proposals of many containers: one for all, or one each.
public enum ManyProposals {
    case all(Proposal)
    case each(UnsafeBufferPointer<Proposal>)

    @inlinable
    public subscript(container: Int) -> Proposal {
        switch self {
        case .all(let proposal): return proposal
        case .each(let proposals): return proposals[container]
        }
    }

    /// The proposals of containers `first ...`.
    @inlinable
    public func dropFirst(_ first: Int) -> ManyProposals {
        switch self {
        case .all: return self
        case .each(let proposals): return .each(UnsafeBufferPointer(rebasing: proposals[first...]))
        }
    }
}

extension ManyOutput {
    /// Lays out containers one after another with `place`: container `k` holds the next
    /// `counts[k]` items; positions are relative to each container, its rows follow the
    /// previous container's in the table, row starts relative to it. Returns the rows
    /// written.
    /// - Complexity: O(items) time, each container as `place` lays it out.
    @inlinable
    public func placeEach(_ items: Items, _ layout: AnyLayout, _ counts: UnsafeBufferPointer<Int>,
                          _ proposals: ManyProposals, with place: LayoutKernelSet.Place) -> Int {
        var item = 0
        var row = 0
        for k in 0..<counts.count {
            let count = counts[k]
            var here = advanced(containers: k, item: item, row: row)
            // The later containers' items are written after this one's.
            here.items.slack = items.count - (item + count)
            // A flow whose items grow writes their sizes where cells go.
            here.items.itemWidth = here.cellWidth
            here.items.itemHeight = here.cellHeight
            let outcome = place(items.slice(item..<(item + count)), layout, proposals[k], here.items)
            here.width.pointee = outcome.size.width
            here.height.pointee = outcome.size.height
            here.rowCount?.pointee = outcome.rows
            here.rowOffset?.pointee = Int64(row)
            here.hidden?.pointee = outcome.hidden
            here.overflow.write(outcome.overflow)
            if let cell = outcome.cell {
                here.cellWidth?.update(repeating: cell.width, count: count)
                here.cellHeight?.update(repeating: cell.height, count: count)
            }
            item += count
            row += outcome.rows
        }
        return row
    }
}
