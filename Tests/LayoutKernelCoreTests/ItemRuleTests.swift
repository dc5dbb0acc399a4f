import LayoutKernelCore
import LayoutKernelDispatch
import XCTest

/// SPEC.md §13's item rules (alignment, baselines, stretch, min/max sizes, shrink),
/// worked by hand. Every case runs on the reference and at every kernel level, which
/// must agree bit for bit.
final class ItemRuleTests: XCTestCase {

    /// The flow at every level and on the reference, checked to agree bit for bit
    /// (positions, sizes, the container and the row table); the reference's.
    func layout(_ items: ItemList, _ parameters: FlowParameters, width: Float?, height: Float? = nil,
                file: StaticString = #filePath, line: UInt = #line) -> Layout {
        let proposal = Proposal(width: width, height: height)
        let reference = items.withItems { FlowReference.layout($0, parameters, proposal) }
        for level in KernelLevel.supported {
            let placed: Layout = items.withItems { items in
                let n = items.count, room = max(n, 1)
                var x = [Float](repeating: -1, count: n), y = x, w = x, h = x
                var start = [Int64](repeating: -1, count: room), count = start
                var rowY = [Double](repeating: -1, count: room), rowWidth = [Float](repeating: -1, count: room)
                var rowHeight = rowWidth
                let outcome = level.layouts.place(items, .flow(parameters), proposal, LayoutOutput(
                    x: &x, y: &y, rows: RowTableWriter(start: &start, count: &count, y: &rowY, width: &rowWidth,
                                                       height: &rowHeight),
                    itemWidth: &w, itemHeight: &h))
                let rows = (0..<outcome.rows).map {
                    Row(start: Int(start[$0]), count: Int(count[$0]), y: rowY[$0], width: rowWidth[$0],
                        height: rowHeight[$0])
                }
                return Layout(size: outcome.size, x: x, y: y, rows: rows,
                              itemWidth: outcome.sizesWritten ? w : [], itemHeight: outcome.sizesWritten ? h : [])
            }
            let bits = LayoutKernelDifferentialTests.bits
            let same = LayoutKernelDifferentialTests.sameBits(placed.size, reference.size)
                && bits(placed.x) == bits(reference.x) && bits(placed.y) == bits(reference.y)
                && LayoutKernelDifferentialTests.sameBits(placed.rows, reference.rows)
                && bits(placed.itemWidth) == bits(reference.itemWidth)
                && bits(placed.itemHeight) == bits(reference.itemHeight)
            XCTAssertTrue(same, "level \(level.name): \(placed), want \(reference)", file: file, line: line)
        }
        return reference
    }

    func row(_ widths: [Float], heights: [Float]? = nil, _ rules: ItemRuleList, grow: [Float]? = nil) -> ItemList {
        ItemList(widths: widths, heights: heights ?? widths.map { _ in 10 }, grow: grow, rules: rules)
    }

    // MARK: Shrink and min/max (steps 1–6)

    /// SPEC's first example: 1 unit short, fractions 1, 1/2, 1/3 from the last item give
    /// shares 0, -1 and 0 units.
    func testOneUnitShortShrinksTheMiddleItem() {
        let l = layout(row([10, 10, 10], ItemRuleList(shrink: [1, 1, 1])), FlowParameters(wrap: .nowrap),
                       width: 29.984375)
        XCTAssertEqual(l.itemWidth, [10, 9.984375, 10])
        XCTAssertEqual(l.x, [0, 10, 19.984375])
        XCTAssertEqual(l.itemHeight, [10, 10, 10])
    }

    /// A minimum stops an item shrinking; the others share what it did not take:
    /// 60 × 3 in 100, item 0 at least 50 → 50, 25, 25.
    func testShrinkToAMinimum() {
        let l = layout(row([60, 60, 60], ItemRuleList(minWidth: [50, .nan, .nan], shrink: [1, 1, 1])),
                       FlowParameters(wrap: .nowrap), width: 100)
        XCTAssertEqual(l.itemWidth, [50, 25, 25])
        XCTAssertEqual(l.x, [0, 50, 75])
    }

    /// Factors summing below 1 take that part of the free space: 0.25 + 0.25 of -60 px.
    func testSmallFactorsTakePartOfTheOverflow() {
        let l = layout(row([80, 80], ItemRuleList(shrink: [0.25, 0.25])), FlowParameters(wrap: .nowrap), width: 100)
        XCTAssertEqual(l.itemWidth, [65, 65])
    }

    /// Gaps count; a zero base size has no weight.
    func testGapsAndZeroSizes() {
        let gaps = layout(row([40, 40], ItemRuleList(shrink: [1, 1])),
                          FlowParameters(spacing: .fixed(30), wrap: .nowrap), width: 100)
        XCTAssertEqual(gaps.itemWidth, [35, 35])
        XCTAssertEqual(gaps.x, [0, 65])
        let zero = layout(row([0, 120], ItemRuleList(shrink: [1, 1])), FlowParameters(wrap: .nowrap), width: 100)
        XCTAssertEqual(zero.itemWidth, [0, 100])
    }

    /// A minimum above the maximum wins; lines are made of the clamped sizes: 40 → 50 and
    /// 90 → 30 fit one row of 80 (their own sizes would not).
    /// No items, with every kind of rule route (one anchor with sizes written, stretch,
    /// flexing, baselines): a container as wide as the proposal (a featured flow's) and
    /// no line, nothing written.
    func testNoItems() {
        let empty = ItemList(widths: [], heights: [],
                             rules: ItemRuleList(stretchable: [], minWidth: [], maxWidth: [], shrink: []))
        for alignment in [nil, ItemAlignment.center, .stretch, .baseline] {
            let l = layout(empty, FlowParameters(alignItems: alignment), width: 100)
            XCTAssertEqual(l.size, Size(width: 100, height: 0))
            XCTAssertEqual(l.x, [])
            XCTAssertEqual(l.rows.count, 0)
        }
    }

    func testMinimumAboveMaximumAndClampedLines() {
        let l = layout(row([40, 90], ItemRuleList(minWidth: [50, .nan], maxWidth: [30, 30])), FlowParameters(),
                       width: 80)
        XCTAssertEqual(l.itemWidth, [50, 30])
        XCTAssertEqual(l.x, [0, 50])
        XCTAssertEqual(l.rows.count, 1)
    }

    /// Growing items stop at their maximum; the rest take what it left.
    func testGrowingStopsAtAMaximum() {
        let l = layout(row([10, 10], ItemRuleList(maxWidth: [20, .nan]), grow: [1, 1]), FlowParameters(), width: 100)
        XCTAssertEqual(l.itemWidth, [20, 80])
    }

    // MARK: Across the line (steps 7–13)

    /// A baseline below its box: ascents 25 and 5, descents -5 and 5; the line is 30
    /// tall, and each item's baseline sits 25 below its top.
    func testABaselineGroupBelowItsBox() {
        let items = row([10, 10], heights: [20, 10], ItemRuleList(baseline: [25, 5]))
        let l = layout(items, FlowParameters(alignItems: .baseline), width: 100)
        XCTAssertEqual(l.y, [0, 20])
        XCTAssertEqual(l.size, Size(width: 100, height: 30))
        XCTAssertEqual(l.rows.map(\.height), [30])
        XCTAssertEqual(l.itemWidth, [], "baselines alone leave sizes as they are")
    }

    /// Last baselines: each item's last baseline on the line's lowest one; an item
    /// without one uses its bottom edge.
    func testLastBaselines() {
        let items = row([10, 10, 10], heights: [20, 30, 10],
                        ItemRuleList(baseline: [5, 10, .nan], lastBaseline: [15, 20, .nan]))
        // Descents below the last baselines: 5, 10, 0 → the line's bottom is 10 below it.
        let l = layout(items, FlowParameters(alignItems: .lastBaseline), width: 100)
        XCTAssertEqual(l.size.height, 30)
        XCTAssertEqual(l.y, [5, 0, 10])
    }

    /// Stretch makes a stretchable item the line's size across, within its bounds; a
    /// short single line squeezes it below its content.
    func testStretch() {
        let items = row([10, 10, 10], heights: [30, 10, 10], ItemRuleList(stretchable: [0, 1, 1], maxHeight: [.nan, .nan, 25]))
        let l = layout(items, FlowParameters(alignItems: .stretch), width: 100)
        XCTAssertEqual(l.itemHeight, [30, 30, 25])
        XCTAssertEqual(l.y, [0, 0, 0])
        let squeezed = layout(row([10], heights: [20], ItemRuleList(stretchable: [1])),
                              FlowParameters(alignContent: .start, wrap: .nowrap, alignItems: .stretch),
                              width: 100, height: 6)
        XCTAssertEqual(squeezed.itemHeight, [6])
        // Wrap-reverse puts a stretched item that its maximum stopped at the far edge.
        let reversed = layout(items, FlowParameters(wrapReverse: true, alignItems: .stretch), width: 100)
        XCTAssertEqual(reversed.y, [0, 0, 5])
    }

    /// An item's own alignment overrides the flow's; `auto` (0) keeps it.
    func testAlignSelf() {
        let items = row([10, 10, 10, 10], heights: [40, 10, 10, 11.015625],
                        ItemRuleList(alignSelf: [0, ItemAlignment.end.rawValue, 0, ItemAlignment.center.rawValue]))
        let l = layout(items, FlowParameters(alignItems: .start), width: 100)
        XCTAssertEqual(l.y, [0, 30, 0, 14.484375])
        // Without alignItems, auto items follow the anchor across (here the bottom).
        let anchored = layout(items, FlowParameters(alignment: .bottomLeading), width: 100)
        XCTAssertEqual(anchored.y, [0, 30, 30, 14.484375])
    }

    /// Flows whose items all sit in one kind of baseline group, which the levels place
    /// 16 items a step: every level equals the reference bit for bit on seeded random
    /// flows with lines longer than 16 items and lines at the items' end, zero sizes and
    /// baselines of both signs (whose greatest value's sign depends on the order it is
    /// found in), baselines far outside their boxes, none, or last ones only in part;
    /// rows and columns, rtl and wrap-reverse, with and without a width.
    func testOneBaselineGroupOnRandomFlows() {
        var rng = SplitMix64(seed: 0xBA5E_11E5)
        func chance(_ percent: UInt64) -> Bool { rng.next() % 100 < percent }
        func grid(_ max: Int) -> Float { Float(Int(rng.next() % UInt64(max * 64 + 1))) / 64 }
        for _ in 0..<1_500 {
            let n = Int(rng.next() % 70)
            let zeros = chance(30)
            func length(_ max: Int) -> Float { zeros && chance(50) ? (chance(50) ? -0.0 : 0) : grid(max) }
            func baseline() -> Float {
                switch rng.next() % 8 {
                case 0: return .nan
                case 1: return chance(50) ? -0.0 : 0
                case 2: return (chance(50) ? 1 : -1) * Float(1 << 30) * grid(4)
                case 3: return -grid(30)
                default: return grid(40) + Float(rng.next() % 3) / 7   // off the lattice too
                }
            }
            let widths = (0..<n).map { _ in length(chance(20) ? 8 : 60) }
            let heights = (0..<n).map { _ in length(40) }
            var rules = ItemRuleList(baseline: (0..<n).map { _ in baseline() })
            if chance(50) { rules.lastBaseline = (0..<n).map { _ in chance(40) ? .nan : baseline() } }
            let vertical = chance(25)
            let parameters = FlowParameters(spacing: .fixed(grid(8)), lineSpacing: .fixed(grid(8)),
                                            direction: chance(30) ? .rtl : .ltr, wrapReverse: chance(30),
                                            axis: vertical ? .vertical : .horizontal,
                                            alignItems: chance(50) ? .baseline : .lastBaseline)
            let extent: Float? = chance(25) ? nil : grid(chance(30) ? 2_000 : 300)
            _ = layout(ItemList(widths: widths, heights: heights, rules: rules), parameters,
                       width: vertical ? nil : extent, height: vertical ? extent : nil)
        }
    }

    /// Columns synthesize baselines at the items' left edges: every item of a group
    /// sits at the line's left edge, the last group too when its widest item is the
    /// line's widest.
    func testColumnBaselinesAtTheLeftEdge() {
        let items = ItemList(widths: [10, 30, 20], heights: [10, 10, 10],
                             rules: ItemRuleList(alignSelf: [5, 6, 6]))
        let l = layout(items, FlowParameters(axis: .vertical), width: nil, height: 100)
        XCTAssertEqual(l.x, [0, 0, 0])
        XCTAssertEqual(l.size.width, 30)
        // Right to left, the edge is each item's left one, mirrored: the first group's
        // widest item touches the right edge; the last group is flush left.
        let rtl = layout(items, FlowParameters(direction: .rtl, axis: .vertical), width: nil, height: 100)
        XCTAssertEqual(rtl.x, [20, 0, 0])
    }
}
