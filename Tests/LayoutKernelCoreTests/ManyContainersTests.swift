import LayoutKernelCore
@testable import LayoutKernelDispatch
import XCTest

/// `LayoutKernelSet.placeMany` (lk_layout_many) against each container laid out alone by
/// the same level: positions, sizes, row counts and offsets, the row table (starts
/// relative to the container) and the balanced cell, bit for bit, for every kind and
/// level, on one thread and split over threads. Nothing is written past the items.
final class ManyContainersTests: XCTestCase {

    typealias Case = LayoutKernelDifferentialTests.Case

    /// What placeMany writes, per container, in the shapes `LayoutKernelDifferentialTests`
    /// uses for one container.
    struct Container: Equatable {
        var size: Size
        var x: [UInt32]
        var y: [UInt32]
        var rows: [Row]
        var cell: Size?
        /// A flow's grown item sizes (widths, then heights), when its items grow.
        var sizes: [UInt32]?
    }

    /// Lays out `items` split by `counts` with `kernels.placeMany`, and returns each container.
    static func many(_ kernels: LayoutKernelSet, _ c: Case, _ counts: [Int], _ proposals: [Proposal],
                     _ file: StaticString = #filePath, _ line: UInt = #line) -> [Container] {
        c.items.withItems { items in
            let n = items.count, k = counts.count, slack = 16
            var x = [Float](repeating: .nan, count: n + slack), y = x, cellWidth = x, cellHeight = x
            var start = [Int64](repeating: -1, count: n + slack), count = start
            var rowY = [Double](repeating: .nan, count: n + slack)
            var rowWidth = [Float](repeating: .nan, count: n + slack), rowHeight = rowWidth
            var width = [Float](repeating: .nan, count: k), height = width
            var rowCount = [Int](repeating: -1, count: k)
            var rowOffset = [Int64](repeating: -1, count: k)
            let total = counts.withUnsafeBufferPointer { counts in
                proposals.withUnsafeBufferPointer { list in
                    kernels.placeMany(items, c.layout, counts, list.count == 1 ? .all(list[0]) : .each(list),
                                      ManyOutput(width: &width, height: &height, rowCount: &rowCount,
                                                 rowOffset: &rowOffset,
                                                 items: LayoutOutput(x: &x, y: &y, rows: RowTableWriter(
                                                    start: &start, count: &count, y: &rowY, width: &rowWidth,
                                                    height: &rowHeight)),
                                                 cellWidth: &cellWidth, cellHeight: &cellHeight,
                                                 roomForEveryItem: true))
                }
            }
            XCTAssertTrue(x[n...].allSatisfy(\.isNaN) && y[n...].allSatisfy(\.isNaN), "written past the items",
                          file: file, line: line)
            XCTAssertEqual(total, rowCount.reduce(0, +), file: file, line: line)
            var first = 0
            return (0..<k).map { j in
                let items = first..<(first + counts[j])
                let rows = (0..<rowCount[j]).map { r -> Row in
                    let i = Int(rowOffset[j]) + r
                    return Row(start: Int(start[i]), count: Int(count[i]), y: rowY[i], width: rowWidth[i],
                               height: rowHeight[i])
                }
                first += counts[j]
                // A flow that gives its items sizes (they grow, their rules resize them, or
                // it has `maxLines`) writes them where a balanced stack's cells go.
                let grown = if case .flow = c.layout { c.items.withItems { c.layout.givesSizes(to: $0) } } else { false }
                let cell = cellWidth[items].first.map { Size(width: $0, height: cellHeight[items.lowerBound]) }
                return Container(size: Size(width: width[j], height: height[j]), x: x[items].map(\.bitPattern),
                                 y: y[items].map(\.bitPattern), rows: rows,
                                 cell: !grown && cell?.width.isNaN == false ? cell : nil,
                                 sizes: grown ? (cellWidth[items] + cellHeight[items]).map(\.bitPattern) : nil)
            }
        }
    }

    /// Each container alone, with `kernels.place`.
    static func alone(_ kernels: LayoutKernelSet, _ c: Case, _ counts: [Int], _ proposals: [Proposal]) -> [Container] {
        var first = 0
        return counts.enumerated().map { j, count in
            let part = Case(items: c.items.slice(first..<(first + count)), layout: c.layout,
                            proposal: proposals[proposals.count == 1 ? 0 : j])
            first += count
            let outcome = LayoutKernelDifferentialTests.run(kernels, part)
            return Container(size: outcome.size, x: outcome.x.map(\.bitPattern), y: outcome.y.map(\.bitPattern),
                             rows: outcome.rows, cell: outcome.cell, sizes: outcome.itemSizes?.map(\.bitPattern))
        }
    }

    func testEveryContainerAsIfAlone() {
        var rng = SplitMix64(seed: 20261124)
        for index in 0..<600 {
            let kinds = LayoutKernelDifferentialTests.Kind.allCases
            let kind = kinds[index % kinds.count]
            let c = LayoutKernelDifferentialTests.randomCase(kind, &rng, index: index)
            // Counts adding up to the items, empty containers among them.
            var counts: [Int] = []
            var left = c.items.count
            while left > 0 || counts.isEmpty {
                let count = min(left, rng.next() % 5 == 0 ? 0 : Int(rng.next() % 40))
                counts.append(count)
                left -= count
            }
            let proposals = rng.next() % 2 == 0 ? [c.proposal] : counts.map { _ in
                Proposal(width: [nil, .infinity, 300, Float(rng.next() % 900)][Int(rng.next() % 4)],
                         height: [nil, 200][Int(rng.next() % 2)])
            }
            for level in KernelLevel.supported {
                let want = Self.alone(level.layouts, c, counts, proposals)
                XCTAssertEqual(Self.many(level.layouts, c, counts, proposals), want,
                               "case \(index) \(level.name) counts \(counts): \(c)")
            }
        }
    }

    /// Enough items for runs of containers on several threads.
    func testSplitOverThreadsEqualsOneThread() {
        var rng = SplitMix64(seed: 7)
        let n = 80_000
        let items = ItemList(widths: (0..<n).map { _ in Float(24 + rng.next() % 177) },
                             heights: (0..<n).map { _ in Float(16 + rng.next() % 25) })
        var counts: [Int] = []
        var left = n
        while left > 0 {
            let count = min(left, Int(rng.next() % 17))
            counts.append(count)
            left -= count
        }
        let layouts: [AnyLayout] = [.flow(FlowParameters(spacing: .fixed(6), lineSpacing: .fixed(4))),
                                    .grid(GridParameters(columns: .count(3), spacing: 4, lineSpacing: 4)),
                                    .balanced(BalancedParameters(spacing: .fixed(2)))]
        for layout in layouts {
            let c = Case(items: items, layout: layout, proposal: Proposal(width: 400, height: nil))
            let level = KernelLevel.best
            let one = Self.many(level.layouts, c, counts, [c.proposal])
            for threads in [2, 3, 8] {
                XCTAssertEqual(Self.many(level.layouts.parallel { threads }, c, counts, [c.proposal]), one,
                               "\(layout) threads \(threads)")
            }
        }
    }
}

extension ItemList {
    /// Items `range`, as a list of their own.
    func slice(_ range: Range<Int>) -> ItemList {
        ItemList(widths: Array(widths[range]), heights: Array(heights[range]), leading: leading.map { Array($0[range]) },
                 trailing: trailing.map { Array($0[range]) }, top: top.map { Array($0[range]) },
                 bottom: bottom.map { Array($0[range]) }, flags: flags.map { Array($0[range]) },
                 grow: grow.map { Array($0[range]) }, rules: rules.map { rules in
                     func part<T>(_ values: [T]?) -> [T]? { values.map { Array($0[range]) } }
                     return ItemRuleList(alignSelf: part(rules.alignSelf), baseline: part(rules.baseline),
                                         lastBaseline: part(rules.lastBaseline), stretchable: part(rules.stretchable),
                                         minWidth: part(rules.minWidth), maxWidth: part(rules.maxWidth),
                                         minHeight: part(rules.minHeight), maxHeight: part(rules.maxHeight),
                                         shrink: part(rules.shrink))
                 })
    }
}
