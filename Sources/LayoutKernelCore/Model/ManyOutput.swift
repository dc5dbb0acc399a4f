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

    @inlinable
    public init(width: UnsafeMutablePointer<Float>, height: UnsafeMutablePointer<Float>,
                rowCount: UnsafeMutablePointer<Int>?, rowOffset: UnsafeMutablePointer<Int64>?, items: LayoutOutput,
                cellWidth: UnsafeMutablePointer<Float>? = nil, cellHeight: UnsafeMutablePointer<Float>? = nil,
                roomForEveryItem: Bool = false) {
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
        func shifted<T>(_ pointer: UnsafeMutablePointer<T>?) -> UnsafeMutablePointer<T>? { pointer.map { $0 + row } }
        return ManyOutput(
            width: width + first, height: height + first, rowCount: rowCount.map { $0 + first },
            rowOffset: rowOffset.map { $0 + first },
            items: LayoutOutput(x: items.x.map { $0 + item }, y: items.y.map { $0 + item },
                                rows: RowTableWriter(start: shifted(table.start), count: shifted(table.count),
                                                     y: shifted(table.y), width: shifted(table.width),
                                                     height: shifted(table.height))),
            cellWidth: cellWidth.map { $0 + item }, cellHeight: cellHeight.map { $0 + item },
            roomForEveryItem: roomForEveryItem)
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
            let here = advanced(containers: k, item: item, row: row)
            let outcome = place(items.slice(item..<(item + count)), layout, proposals[k], here.items)
            here.width.pointee = outcome.size.width
            here.height.pointee = outcome.size.height
            here.rowCount?.pointee = outcome.rows
            here.rowOffset?.pointee = Int64(row)
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
