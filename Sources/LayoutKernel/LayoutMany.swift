import LayoutKernelCore
import LayoutKernelDispatch
import LayoutKernelValidation

/// The layouts of many containers laid out in one call (`AnyLayout.layoutMany`): per
/// container its size and its rows, per item its position relative to its container.
/// It owns its storage.
public struct ManyLayoutResult: Equatable, Sendable {
    /// Each container's size.
    public var widths: [Float]
    public var heights: [Float]
    /// Each container's number of items, and the index of its first item in `x`, `y`, ...
    public var counts: [Int]
    public var firstItems: [Int]
    /// Each container's number of rows, and the index of its first row in `rows`.
    public var rowCounts: [Int]
    public var firstRows: [Int]
    /// Each item's position, relative to its container's top-left corner.
    public var x: [Float]
    public var y: [Float]
    /// The size each item is given.
    public var itemWidth: [Float]
    public var itemHeight: [Float]
    /// Every container's rows, one container after another; a row's `start` counts from
    /// its container's first item.
    public var rows: RowTable
    /// Each container's hidden items (a flow with `maxLines`; 0 for any other), and the
    /// frame of its overflow item when it placed one (nil otherwise), in its own
    /// coordinates: as `LayoutResult.hidden` and `.overflow`.
    public var hidden: [Int]
    public var overflow: [Rect?]

    /// The number of containers.
    public var count: Int { counts.count }

    /// Container `index`'s layout on its own (a copy of its part of the arrays).
    public subscript(index: Int) -> LayoutResult {
        let items = firstItems[index] ..< firstItems[index] + counts[index]
        let rowRange = firstRows[index] ..< firstRows[index] + rowCounts[index]
        return LayoutResult(
            size: Size(width: widths[index], height: heights[index]), x: Array(x[items]), y: Array(y[items]),
            itemWidth: Array(itemWidth[items]), itemHeight: Array(itemHeight[items]),
            rows: RowTable(starts: Array(rows.starts[rowRange]), counts: Array(rows.counts[rowRange]),
                           tops: Array(rows.tops[rowRange]), widths: Array(rows.widths[rowRange]),
                           heights: Array(rows.heights[rowRange])),
            hidden: hidden[index], overflow: overflow[index])
    }
}

extension AnyLayout {
    /// Lays out many containers of this layout in one call: container `k` holds the next
    /// `counts[k]` items of `items` (the items of all containers, one after another).
    ///
    /// Much faster than a call per container when containers are small (a list of chips,
    /// a table's cells); large calls are split over threads.
    ///
    /// ```swift
    /// let many = try AnyLayout.hstack(.init(spacing: .fixed(4)))
    ///     .layoutMany(ItemList(widths: [10, 20, 30], heights: [5, 5, 5]), counts: [2, 1])
    /// // many.widths == [34, 30]; many[0].x == [0, 14]; many[1].x == [0]
    /// ```
    ///
    /// - Parameters:
    ///   - items: Every container's items, concatenated.
    ///   - counts: Each container's number of items, adding up to `items.count`.
    ///   - proposal: The proposal of every container.
    /// - Throws: `LayoutError` (an item's index counts from the first container's first item).
    public func layoutMany(_ items: ItemList, counts: [Int], proposal: Proposal = .unspecified) throws(LayoutError)
        -> ManyLayoutResult {
        try layoutMany(items, counts: counts, proposals: .all(proposal))
    }

    /// Lays out many containers, each for its own proposal (`proposals[k]` for container
    /// `k`); see `layoutMany(_:counts:proposal:)`.
    public func layoutMany(_ items: ItemList, counts: [Int], proposals: [Proposal]) throws(LayoutError)
        -> ManyLayoutResult {
        guard proposals.count == counts.count else {
            throw .parameter("proposals has \(proposals.count) elements, counts \(counts.count) (one per container)")
        }
        return try layoutMany(items, counts: counts, proposals: .each(proposals))
    }

    private func layoutMany(_ list: ItemList, counts: [Int], proposals: ManyProposalList) throws(LayoutError)
        -> ManyLayoutResult {
        try withItems(list) { (items) throws(LayoutError) -> ManyLayoutResult in
            let layout = try checked { () throws(APIError) -> AnyLayout in
                _ = try validated(items, "")
                return try validatedLayout(self)
            }
            try checked { () throws(APIError) in
                try counts.withUnsafeBufferPointer { (counts) throws(APIError) in
                    try checkCounts(counts, items: items.count)
                }
            }
            let checkedProposals = try checked { () throws(APIError) -> [Proposal] in try proposals.validated() }
            return counts.withUnsafeBufferPointer { counts in
                checkedProposals.withUnsafeBufferPointer { list in
                    let each: ManyProposals = proposals.isAll ? .all(list[0]) : .each(list)
                    return ManyLayoutResult.placing(items, layout, counts, each)
                }
            }
        }
    }
}

/// The proposals of a `layoutMany` call: one for all, or one each.
private enum ManyProposalList {
    case all(Proposal)
    case each([Proposal])

    var isAll: Bool { if case .all = self { true } else { false } }

    /// The proposals validated, one for all or one each.
    func validated() throws(APIError) -> [Proposal] {
        switch self {
        case .all(let proposal): return [try LayoutKernelValidation.validated(proposal)]
        case .each(let list):
            var checked: [Proposal] = []
            checked.reserveCapacity(list.count)
            for (k, proposal) in list.enumerated() {
                checked.append(try LayoutKernelValidation.validated(proposal, "proposals[\(k)]"))
            }
            return checked
        }
    }
}

extension ManyLayoutResult {
    /// The containers (validated) laid out with the kernels chosen for this CPU.
    fileprivate static func placing(_ items: Items, _ layout: AnyLayout, _ counts: UnsafeBufferPointer<Int>,
                                    _ proposals: ManyProposals) -> ManyLayoutResult {
        let kernels = ActiveKernel.layouts
        let n = items.count, containers = counts.count
        var capacity = n
        if n > 4096 {
            // Count the rows rather than hold room for one per item.
            capacity = 0
            var first = 0
            for (k, count) in counts.enumerated() {
                capacity += kernels.rowCount(items.slice(first ..< first + count), layout, proposals[k])
                first += count
            }
        }
        let sized = layout.givesSizes(to: items)
        var heights: [Float] = [], rowCounts: [Int] = [], firstRows: [Int] = []
        var x: [Float] = [], y: [Float] = [], itemWidth: [Float] = [], itemHeight: [Float] = []
        var rows = RowTable()
        var hidden: [Int] = [], frames: [Float] = []
        let widths: [Float] = written(containers) { width in
            heights = written(containers) { height in
                rowCounts = written(containers) { rowCount in
                    firstRows = written(containers) { rowOffset in
                        x = written(n) { xs in
                            y = written(n) { ys in
                                itemWidth = written(n) { iw in
                                    itemHeight = written(n) { ih in
                                        hidden = written(containers) { hiddenCounts in
                                            frames = written(4 * containers) { frame in
                                                rows = rowTable(capacity: capacity) { table in
                                                    guard containers > 0 else { return 0 }
                                                    let offsets = UnsafeMutableRawPointer(rowOffset).map {
                                                        $0.assumingMemoryBound(to: Int64.self)
                                                    }
                                                    let overflow = OverflowColumns(
                                                        x: frame, y: frame.map { $0 + containers },
                                                        width: frame.map { $0 + 2 * containers },
                                                        height: frame.map { $0 + 3 * containers })
                                                    return kernels.placeMany(items, layout, counts, proposals, ManyOutput(
                                                        width: width!, height: height!, rowCount: rowCount,
                                                        rowOffset: offsets, items: LayoutOutput(x: xs, y: ys, rows: table),
                                                        cellWidth: sized ? iw : nil, cellHeight: sized ? ih : nil,
                                                        roomForEveryItem: capacity >= n, hidden: hiddenCounts,
                                                        overflow: overflow))
                                                }
                                                return 4 * containers
                                            }
                                            return containers
                                        }
                                        if !sized, n > 0 {
                                            iw!.initialize(from: items.widths.baseAddress!, count: n)
                                            ih!.initialize(from: items.heights.baseAddress!, count: n)
                                        }
                                        return n
                                    }
                                    return n
                                }
                                return n
                            }
                            return n
                        }
                        return containers
                    }
                    return containers
                }
                return containers
            }
            return containers
        }
        var firstItems: [Int] = []
        firstItems.reserveCapacity(containers)
        var first = 0
        for count in counts {
            firstItems.append(first)
            first += count
        }
        return ManyLayoutResult(widths: widths, heights: heights, counts: Array(counts), firstItems: firstItems,
                                rowCounts: rowCounts, firstRows: firstRows, x: x, y: y, itemWidth: itemWidth,
                                itemHeight: itemHeight, rows: rows, hidden: hidden,
                                overflow: (0 ..< containers).map { k in
                                    frames[k].isNaN ? nil
                                        : Rect(x: frames[k], y: frames[containers + k], width: frames[2 * containers + k],
                                               height: frames[3 * containers + k])
                                })
    }
}
