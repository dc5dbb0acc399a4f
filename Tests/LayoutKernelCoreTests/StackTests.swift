import LayoutKernelCore
import XCTest

/// lk_stack_params in layoutkernel.h (HStack, VStack, ZStack) and the header's "Every layout kind"
/// (double sums rounded once; one row for n > 0), on small cases worked by hand.
final class StackTests: XCTestCase {

    // MARK: - Helpers (private to this file)

    private func hstack(_ items: ItemList, spacing: Spacing = .fixed(0),
                        alignment: Anchor = .center) -> Layout {
        items.withItems { StackReference.hstack($0, StackParameters(spacing: spacing, alignment: alignment)) }
    }

    private func vstack(_ items: ItemList, spacing: Spacing = .fixed(0),
                        alignment: Anchor = .center) -> Layout {
        items.withItems { StackReference.vstack($0, StackParameters(spacing: spacing, alignment: alignment)) }
    }

    private func zstack(_ items: ItemList, spacing: Spacing = .fixed(0),
                        alignment: Anchor = .center) -> Layout {
        items.withItems { StackReference.zstack($0, StackParameters(spacing: spacing, alignment: alignment)) }
    }

    private func any(_ items: ItemList, _ layout: AnyLayout, _ proposal: Proposal) -> Layout {
        items.withItems { LayoutReference.layout($0, layout, proposal) }
    }

    /// Three items used by most tests: widths 10 20 30, heights 40 20 10.
    private let three = ItemList(widths: [10, 20, 30], heights: [40, 20, 10])

    // MARK: - HStack

    /// HStack, fixed spacing 5: x = 0, 0+10+5 = 15, 15+20+5 = 40; width 40+30 = 70;
    /// height max(40, 20, 10) = 40. Centre: y = 0.5*(40-h) = 0, 10, 15.
    func testHStackFixedSpacing() {
        let layout = hstack(three, spacing: .fixed(5))
        XCTAssertEqual(layout.size, Size(width: 70, height: 40))
        XCTAssertEqual(layout.x, [0, 15, 40])
        XCTAssertEqual(layout.y, [0, 10, 15])
        XCTAssertEqual(layout.rows, [Row(start: 0, count: 3, y: 0, width: 70, height: 40)])
        XCTAssertEqual(layout.itemWidth, [])
        XCTAssertEqual(layout.itemHeight, [])
    }

    /// HStack, per-item: gap(0,1) = max(trailing0 5, leading1 7) = 7,
    /// gap(1,2) = max(trailing1 2, leading2 1) = 2. leading0 (100) and trailing2 (9) face no
    /// neighbour and count for nothing; top/bottom are not used along x.
    /// x = 0, 10+7 = 17, 17+20+2 = 39; width 39+30 = 69.
    func testHStackPerItemSpacing() {
        let items = ItemList(widths: [10, 20, 30], heights: [40, 20, 10],
                             leading: [100, 7, 1], trailing: [5, 2, 9],
                             top: [50, 50, 50], bottom: [50, 50, 50])
        let layout = hstack(items, spacing: .perItem, alignment: .topLeading)
        XCTAssertEqual(layout.x, [0, 17, 39])
        XCTAssertEqual(layout.y, [0, 0, 0])
        XCTAssertEqual(layout.size, Size(width: 69, height: 40))
        XCTAssertEqual(layout.rows, [Row(start: 0, count: 3, y: 0, width: 69, height: 40)])
    }

    /// Per-item spacing with only one side given: missing buffers count as 0.
    /// trailing = [3, 0]: gaps 3 and max(0, 0) = 0. x = 0, 13, 13+20 = 33; width 63.
    func testHStackPerItemSpacingMissingBuffers() {
        let items = ItemList(widths: [10, 20, 30], heights: [1, 1, 1], trailing: [3, 0, 4])
        let layout = hstack(items, spacing: .perItem)
        XCTAssertEqual(layout.x, [0, 13, 33])
        XCTAssertEqual(layout.size.width, 63)
        // No spacing buffers at all: every per-item gap is 0.
        XCTAssertEqual(hstack(three, spacing: .perItem).x, [0, 10, 30])
    }

    /// Fixed spacing ignores the per-item preferences (the item has them, the layout
    /// does not use them): x = 0, 15, 40 as with no preferences.
    func testHStackFixedSpacingIgnoresItemPreferences() {
        let items = ItemList(widths: [10, 20, 30], heights: [40, 20, 10],
                             leading: [9, 9, 9], trailing: [9, 9, 9])
        XCTAssertEqual(hstack(items, spacing: .fixed(5)).x, [0, 15, 40])
    }

    /// All nine alignments in an HStack: only ay matters (the cross axis);
    /// x stays 0, 15, 40 and y = ay * (40 - h) = ay * (0, 20, 30).
    func testHStackAllNineAlignments() {
        for anchor in Anchor.named {
            let layout = hstack(three, spacing: .fixed(5), alignment: anchor)
            XCTAssertEqual(layout.x, [0, 15, 40], "\(anchor)")
            let expected: [Float]
            switch anchor.y {
            case 0: expected = [0, 0, 0]
            case 0.5: expected = [0, 10, 15]
            default: expected = [0, 20, 30]
            }
            XCTAssertEqual(layout.y, expected, "\(anchor)")
            XCTAssertEqual(layout.size, Size(width: 70, height: 40), "\(anchor)")
        }
    }

    /// A non-named anchor: ay = 0.25 gives y = 0.25 * (0, 20, 30) = 0, 5, 7.5.
    func testHStackFractionalAnchor() {
        let layout = hstack(three, alignment: Anchor(x: 0.9, y: 0.25))
        XCTAssertEqual(layout.y, [0, 5, 7.5])
        XCTAssertEqual(layout.x, [0, 10, 30])
    }

    // MARK: - VStack

    /// VStack, fixed spacing 5: y = 0, 40+5 = 45, 45+20+5 = 70; height 70+10 = 80;
    /// width max(10, 20, 30) = 30. Centre: x = 0.5*(30-w) = 10, 5, 0.
    func testVStackFixedSpacing() {
        let layout = vstack(three, spacing: .fixed(5))
        XCTAssertEqual(layout.size, Size(width: 30, height: 80))
        XCTAssertEqual(layout.x, [10, 5, 0])
        XCTAssertEqual(layout.y, [0, 45, 70])
        XCTAssertEqual(layout.rows, [Row(start: 0, count: 3, y: 0, width: 30, height: 80)])
    }

    /// VStack, per-item: gap(0,1) = max(bottom0 3, top1 4) = 4,
    /// gap(1,2) = max(bottom1 8, top2 9) = 9; top0 (60) and bottom2 (50) face nothing;
    /// leading/trailing are not used along y.
    /// y = 0, 40+4 = 44, 44+20+9 = 73; height 73+10 = 83.
    func testVStackPerItemSpacing() {
        let items = ItemList(widths: [10, 20, 30], heights: [40, 20, 10],
                             leading: [70, 70, 70], trailing: [70, 70, 70],
                             top: [60, 4, 9], bottom: [3, 8, 50])
        let layout = vstack(items, spacing: .perItem, alignment: .leading)
        XCTAssertEqual(layout.y, [0, 44, 73])
        XCTAssertEqual(layout.x, [0, 0, 0])
        XCTAssertEqual(layout.size, Size(width: 30, height: 83))
        XCTAssertEqual(layout.rows, [Row(start: 0, count: 3, y: 0, width: 30, height: 83)])
    }

    /// The same items in an HStack with per-item spacing use leading/trailing only:
    /// all 70 → gaps 70, 70: x = 0, 80, 170; width 200.
    func testHStackUsesOnlyHorizontalPreferences() {
        let items = ItemList(widths: [10, 20, 30], heights: [40, 20, 10],
                             leading: [70, 70, 70], trailing: [70, 70, 70],
                             top: [60, 4, 9], bottom: [3, 8, 50])
        let layout = hstack(items, spacing: .perItem)
        XCTAssertEqual(layout.x, [0, 80, 170])
        XCTAssertEqual(layout.size, Size(width: 200, height: 40))
    }

    /// All nine alignments in a VStack: only ax matters; y stays 0, 45, 70 and
    /// x = ax * (30 - w) = ax * (20, 10, 0).
    func testVStackAllNineAlignments() {
        for anchor in Anchor.named {
            let layout = vstack(three, spacing: .fixed(5), alignment: anchor)
            XCTAssertEqual(layout.y, [0, 45, 70], "\(anchor)")
            let expected: [Float]
            switch anchor.x {
            case 0: expected = [0, 0, 0]
            case 0.5: expected = [10, 5, 0]
            default: expected = [20, 10, 0]
            }
            XCTAssertEqual(layout.x, expected, "\(anchor)")
            XCTAssertEqual(layout.size, Size(width: 30, height: 80), "\(anchor)")
        }
    }

    // MARK: - ZStack

    /// ZStack: size (max w, max h) = (30, 40); x = ax*(30-w) = ax*(20, 10, 0),
    /// y = ay*(40-h) = ay*(0, 20, 30), for all nine alignments.
    func testZStackAllNineAlignments() {
        let free: (x: [Float], y: [Float]) = ([20, 10, 0], [0, 20, 30])
        for anchor in Anchor.named {
            let layout = zstack(three, alignment: anchor)
            XCTAssertEqual(layout.size, Size(width: 30, height: 40), "\(anchor)")
            XCTAssertEqual(layout.x, free.x.map { anchor.x * $0 }, "\(anchor)")
            XCTAssertEqual(layout.y, free.y.map { anchor.y * $0 }, "\(anchor)")
            XCTAssertEqual(layout.rows, [Row(start: 0, count: 3, y: 0, width: 30, height: 40)])
        }
        // Spot values by hand: centre x 10, 5, 0; y 0, 10, 15. bottomTrailing x 20, 10, 0; y 0, 20, 30.
        XCTAssertEqual(zstack(three, alignment: .center).x, [10, 5, 0])
        XCTAssertEqual(zstack(three, alignment: .center).y, [0, 10, 15])
        XCTAssertEqual(zstack(three, alignment: .bottomTrailing).y, [0, 20, 30])
        XCTAssertEqual(zstack(three, alignment: .top).x, [10, 5, 0])
        XCTAssertEqual(zstack(three, alignment: .top).y, [0, 0, 0])
    }

    /// ZStack spacing is unused (fixed or per-item): the same layout as spacing 0.
    func testZStackIgnoresSpacing() {
        let items = ItemList(widths: [10, 20, 30], heights: [40, 20, 10],
                             leading: [5, 5, 5], trailing: [5, 5, 5], top: [5, 5, 5], bottom: [5, 5, 5])
        let plain = zstack(items)
        XCTAssertEqual(zstack(items, spacing: .fixed(50)), plain)
        XCTAssertEqual(zstack(items, spacing: .perItem), plain)
        XCTAssertEqual(plain.size, Size(width: 30, height: 40))
    }

    // MARK: - n = 0 and n = 1

    /// No items: size (0, 0), no positions, no rows — for every stack.
    func testEmptyStacks() {
        let none = ItemList(widths: [], heights: [])
        for layout in [hstack(none, spacing: .fixed(5)), vstack(none, spacing: .fixed(5)), zstack(none)] {
            XCTAssertEqual(layout.size, Size.zero)
            XCTAssertEqual(layout.x, [])
            XCTAssertEqual(layout.y, [])
            XCTAssertEqual(layout.rows, [])
        }
        none.withItems { view in
            for kind in [AnyLayout.hstack(StackParameters()), .vstack(StackParameters()), .zstack(StackParameters())] {
                XCTAssertEqual(LayoutReference.rowCount(view, kind, .unspecified), 0)
                XCTAssertEqual(LayoutReference.size(view, kind, .unspecified), Size.zero)
            }
        }
    }

    /// One item 12x7: every stack is 12x7 with the item at (0, 0), whatever the
    /// alignment and spacing (no gap without a neighbour); one row of one item.
    func testSingleItem() {
        let one = ItemList(widths: [12], heights: [7], leading: [3], trailing: [3], top: [3], bottom: [3])
        for anchor in Anchor.named {
            for spacing in [Spacing.fixed(9), .perItem] {
                for layout in [hstack(one, spacing: spacing, alignment: anchor),
                               vstack(one, spacing: spacing, alignment: anchor),
                               zstack(one, spacing: spacing, alignment: anchor)] {
                    XCTAssertEqual(layout.size, Size(width: 12, height: 7))
                    XCTAssertEqual(layout.x, [0])
                    XCTAssertEqual(layout.y, [0])
                    XCTAssertEqual(layout.rows, [Row(start: 0, count: 1, y: 0, width: 12, height: 7)])
                }
            }
        }
    }

    /// Zero-size items still take their gaps: HStack of three 0x0 items, spacing 4:
    /// x = 0, 4, 8; width 8, height 0.
    func testZeroSizeItemsKeepGaps() {
        let items = ItemList(widths: [0, 0, 0], heights: [0, 0, 0])
        let layout = hstack(items, spacing: .fixed(4))
        XCTAssertEqual(layout.x, [0, 4, 8])
        XCTAssertEqual(layout.size, Size(width: 8, height: 0))
    }

    // MARK: - The proposal is ignored

    /// Through AnyLayout, any proposal — zero, small, huge, infinite, unspecified, one
    /// axis only — gives the same stack: HStack 70x40 (overflowing a 10x10 proposal).
    func testProposalIgnored() {
        let proposals: [Proposal] = [.unspecified, .zero, .infinity, Proposal(width: 10, height: 10),
                                     Proposal(width: 1000, height: nil), Proposal(width: nil, height: 3)]
        let parameters = StackParameters(spacing: .fixed(5), alignment: .bottomTrailing)
        for kind in [AnyLayout.hstack(parameters), .vstack(parameters), .zstack(parameters)] {
            let ideal = any(three, kind, .unspecified)
            for proposal in proposals {
                XCTAssertEqual(any(three, kind, proposal), ideal, "\(kind) \(proposal)")
                three.withItems { view in
                    XCTAssertEqual(LayoutReference.size(view, kind, proposal), ideal.size)
                    XCTAssertEqual(LayoutReference.rowCount(view, kind, proposal), 1)
                }
            }
        }
        XCTAssertEqual(any(three, .hstack(parameters), .zero).size, Size(width: 70, height: 40))
        XCTAssertEqual(any(three, .vstack(parameters), .zero).size, Size(width: 30, height: 80))
        XCTAssertEqual(any(three, .zstack(parameters), .zero).size, Size(width: 30, height: 40))
    }

    // MARK: - Double accumulation

    /// Widths 2^24, 1, 1, 1, 1 with no spacing. In Double the starts are
    /// 0, 2^24, 2^24+1, 2^24+2, 2^24+3 and the total 2^24+4; rounded once to Float
    /// (ulp 2 above 2^24, ties to even):
    ///   2^24+1 = 16777217 → 16777216 (tie; 16777216 has the even mantissa),
    ///   2^24+2 = 16777218 exact, 2^24+3 = 16777219 → 16777220 (tie; 16777220 is even),
    ///   total 16777220 exact.
    /// A Float accumulator would lose every +1 (2^24 + 1 rounds back to 2^24) and end at
    /// width 16777216 with x = 0, 2^24, 2^24, 2^24, 2^24.
    func testHStackAccumulatesInDouble() {
        let items = ItemList(widths: [16_777_216, 1, 1, 1, 1], heights: [1, 1, 1, 1, 1])
        let layout = hstack(items, alignment: .topLeading)
        XCTAssertEqual(layout.x, [0, 16_777_216, 16_777_216, 16_777_218, 16_777_220])
        XCTAssertEqual(layout.size.width, 16_777_220)
        XCTAssertEqual(layout.rows.first?.width, 16_777_220)
    }

    /// The same with gaps: widths 2^24, 1 and spacing 1: start[1] = 2^24 + 1 → 16777216
    /// (tie to even); total = 2^24 + 1 + 1 = 16777218 exact. Float sums would give
    /// 2^24 + 1 → 2^24, + 1 → 2^24.
    func testHStackGapsAccumulateInDouble() {
        let items = ItemList(widths: [16_777_216, 1], heights: [1, 1])
        let layout = hstack(items, spacing: .fixed(1))
        XCTAssertEqual(layout.x, [0, 16_777_216])
        XCTAssertEqual(layout.size.width, 16_777_218)
    }

    /// VStack along y: heights 2^24, 1, 1 with per-item bottom gaps 0: y = 0, 2^24,
    /// 2^24+1 → 16777216; total 2^24+2 = 16777218 (Float sums: 16777216).
    func testVStackAccumulatesInDouble() {
        let items = ItemList(widths: [1, 1, 1], heights: [16_777_216, 1, 1])
        let layout = vstack(items, spacing: .perItem)
        XCTAssertEqual(layout.y, [0, 16_777_216, 16_777_216])
        XCTAssertEqual(layout.size.height, 16_777_218)
        XCTAssertEqual(layout.rows, [Row(start: 0, count: 3, y: 0, width: 1, height: 16_777_218)])
    }

    /// Fractions on the 1/64 grid stay exact: widths 0.015625 (1/64), 0.5, 2.25 with
    /// spacing 0.125: x = 0, 0.140625, 0.765625; width 3.015625.
    func testHStackFractions() {
        let items = ItemList(widths: [0.015625, 0.5, 2.25], heights: [1, 1, 1])
        let layout = hstack(items, spacing: .fixed(0.125))
        XCTAssertEqual(layout.x, [0, 0.140625, 0.765625])
        XCTAssertEqual(layout.size.width, 3.015625)
    }
}
