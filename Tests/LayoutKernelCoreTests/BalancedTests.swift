import LayoutKernelCore
import XCTest

/// lk_balanced_params in layoutkernel.h (balanced stack, seed 002) and the header: every item gets the cell
/// (max w, max h); cells go along the axis with fixed or per-item distances; the result
/// reports the cell as each item's size; one row.
///
/// Seed 002's words "hi", "!", "beautiful", "world" are modelled as Text of
/// 8 px per character + 16 px padding, 20 px tall:
///   "hi" 2*8+16 = 32, "!" 1*8+16 = 24, "beautiful" 9*8+16 = 88, "world" 5*8+16 = 56.
/// The cell is (88, 20) — "every child as wide as the widest, beautiful".
final class BalancedTests: XCTestCase {

    // MARK: - Helpers (private to this file)

    private static func textSize(_ word: String) -> (Float, Float) {
        (Float(word.count) * 8 + 16, 20)
    }

    private static let words = ["hi", "!", "beautiful", "world"]

    private func textList(leading: [Float]? = nil, trailing: [Float]? = nil,
                          top: [Float]? = nil, bottom: [Float]? = nil) -> ItemList {
        let sizes = Self.words.map(Self.textSize)
        return ItemList(widths: sizes.map(\.0), heights: sizes.map(\.1),
                        leading: leading, trailing: trailing, top: top, bottom: bottom)
    }

    private func balanced(_ items: ItemList, _ axis: Axes, _ spacing: Spacing = .fixed(0),
                          proposal: Proposal = .unspecified) -> Layout {
        items.withItems { LayoutReference.layout($0, .balanced(BalancedParameters(axis: axis, spacing: spacing)), proposal) }
    }

    /// Per-item preferences used below (one value per word).
    private let leading: [Float] = [1, 2, 3, 4], trailing: [Float] = [6, 0, 5, 9]
    private let top: [Float] = [2, 7, 0, 1], bottom: [Float] = [3, 3, 10, 4]

    // MARK: - Tests

    /// The model of the words: widths 32 24 88 56, heights 20.
    func testWordSizes() {
        let items = textList()
        XCTAssertEqual(items.widths, [32, 24, 88, 56])
        XCTAssertEqual(items.heights, [20, 20, 20, 20])
    }

    /// Row, fixed spacing 8: x = i*88 + 8i = 0, 96, 192, 288; y = 0;
    /// size (4*88 + 3*8, 20) = (376, 20). Each item is given the cell 88x20.
    func testRowFixedSpacing() {
        let layout = balanced(textList(), .horizontal, .fixed(8))
        XCTAssertEqual(layout.x, [0, 96, 192, 288])
        XCTAssertEqual(layout.y, [0, 0, 0, 0])
        XCTAssertEqual(layout.size, Size(width: 376, height: 20))
        XCTAssertEqual(layout.itemWidth, [88, 88, 88, 88])
        XCTAssertEqual(layout.itemHeight, [20, 20, 20, 20])
        XCTAssertEqual(layout.rows, [Row(start: 0, count: 4, y: 0, width: 376, height: 20)])
    }

    /// Column, fixed spacing 8: the transpose. y = i*20 + 8i = 0, 28, 56, 84; x = 0;
    /// size (88, 4*20 + 3*8) = (88, 104).
    func testColumnFixedSpacing() {
        let layout = balanced(textList(), .vertical, .fixed(8))
        XCTAssertEqual(layout.x, [0, 0, 0, 0])
        XCTAssertEqual(layout.y, [0, 28, 56, 84])
        XCTAssertEqual(layout.size, Size(width: 88, height: 104))
        XCTAssertEqual(layout.itemWidth, [88, 88, 88, 88])
        XCTAssertEqual(layout.itemHeight, [20, 20, 20, 20])
        XCTAssertEqual(layout.rows, [Row(start: 0, count: 4, y: 0, width: 88, height: 104)])
    }

    /// Row, per-item (the seed's `spacing.distance(to:along: .horizontal)`):
    /// d0 = max(trailing0 6, leading1 2) = 6; d1 = max(0, 3) = 3; d2 = max(5, 4) = 5.
    /// x = 0, 88+6 = 94, 94+88+3 = 185, 185+88+5 = 278; width 278+88 = 366 = 4*88 + 14.
    /// top/bottom are not used along a row.
    func testRowPerItemSpacing() {
        let layout = balanced(textList(leading: leading, trailing: trailing, top: top, bottom: bottom),
                              .horizontal, .perItem)
        XCTAssertEqual(layout.x, [0, 94, 185, 278])
        XCTAssertEqual(layout.y, [0, 0, 0, 0])
        XCTAssertEqual(layout.size, Size(width: 366, height: 20))
        XCTAssertEqual(layout.itemWidth, [88, 88, 88, 88])
    }

    /// Column, per-item: d0 = max(bottom0 3, top1 7) = 7; d1 = max(3, 0) = 3;
    /// d2 = max(10, 1) = 10. y = 0, 27, 27+20+3 = 50, 50+20+10 = 80; height 100 = 4*20 + 20.
    /// leading/trailing are not used along a column.
    func testColumnPerItemSpacing() {
        let layout = balanced(textList(leading: leading, trailing: trailing, top: top, bottom: bottom),
                              .vertical, .perItem)
        XCTAssertEqual(layout.y, [0, 27, 50, 80])
        XCTAssertEqual(layout.x, [0, 0, 0, 0])
        XCTAssertEqual(layout.size, Size(width: 88, height: 100))
        XCTAssertEqual(layout.itemHeight, [20, 20, 20, 20])
    }

    /// Fixed spacing ignores per-item preferences: same as testRowFixedSpacing.
    func testFixedSpacingIgnoresItemPreferences() {
        let layout = balanced(textList(leading: leading, trailing: trailing, top: top, bottom: bottom),
                              .horizontal, .fixed(8))
        XCTAssertEqual(layout.x, [0, 96, 192, 288])
        XCTAssertEqual(layout.size, Size(width: 376, height: 20))
    }

    /// The cell takes the widest and the tallest separately: items 10x40, 30x5, 20x20,
    /// spacing 2 → cell (30, 40). Row size (3*30 + 4, 40) = (94, 40), x = 0, 32, 64.
    /// Column size (30, 3*40 + 4) = (30, 124), y = 0, 42, 84.
    func testCellIsMaxWidthByMaxHeight() {
        let items = ItemList(widths: [10, 30, 20], heights: [40, 5, 20])
        let row = balanced(items, .horizontal, .fixed(2))
        XCTAssertEqual(row.size, Size(width: 94, height: 40))
        XCTAssertEqual(row.x, [0, 32, 64])
        XCTAssertEqual(row.itemWidth, [30, 30, 30])
        XCTAssertEqual(row.itemHeight, [40, 40, 40])
        let column = balanced(items, .vertical, .fixed(2))
        XCTAssertEqual(column.size, Size(width: 30, height: 124))
        XCTAssertEqual(column.y, [0, 42, 84])
        XCTAssertEqual(column.itemWidth, [30, 30, 30])
    }

    /// The size formula, n * cell + sum d, for n = 1…6 items of widths 1…n (cell n x 3),
    /// spacing 1.5: width = n*n + 1.5*(n-1); height 3.
    func testSizeFormula() {
        for n in 1...6 {
            let items = ItemList(widths: (1...n).map { Float($0) }, heights: [Float](repeating: 3, count: n))
            let layout = balanced(items, .horizontal, .fixed(1.5))
            let expected = Float(n * n) + 1.5 * Float(n - 1)
            XCTAssertEqual(layout.size, Size(width: expected, height: 3), "n \(n)")
            XCTAssertEqual(layout.x.last, expected - Float(n), "n \(n)")
            items.withItems { view in
                let kind = AnyLayout.balanced(BalancedParameters(axis: .horizontal, spacing: .fixed(1.5)))
                XCTAssertEqual(LayoutReference.size(view, kind, .unspecified), layout.size)
                XCTAssertEqual(LayoutReference.rowCount(view, kind, .unspecified), 1)
            }
        }
    }

    /// The proposal is ignored (the seed's sizeThatFits never reads it): any proposal
    /// gives the 376x20 row.
    func testProposalIgnored() {
        let ideal = balanced(textList(), .horizontal, .fixed(8))
        for proposal in [Proposal.zero, .infinity, Proposal(width: 100, height: 100), Proposal(width: nil, height: 5)] {
            XCTAssertEqual(balanced(textList(), .horizontal, .fixed(8), proposal: proposal), ideal)
        }
    }

    /// No items: size (0, 0), no rows, no item sizes — on either axis.
    func testEmpty() {
        let none = ItemList(widths: [], heights: [])
        for axis in [Axes.horizontal, .vertical] {
            let layout = balanced(none, axis, .fixed(8))
            XCTAssertEqual(layout.size, Size.zero)
            XCTAssertEqual(layout.rows, [])
            XCTAssertEqual(layout.x, [])
            XCTAssertEqual(layout.itemWidth, [])
            none.withItems { view in
                XCTAssertEqual(LayoutReference.rowCount(view, .balanced(BalancedParameters(axis: axis)), .unspecified), 0)
            }
        }
    }

    /// One item "beautiful" (88x20): size 88x20 on either axis (no gap), at (0, 0), one row.
    func testSingleItem() {
        let one = ItemList(widths: [88], heights: [20], leading: [5], trailing: [5], top: [5], bottom: [5])
        for axis in [Axes.horizontal, .vertical] {
            for spacing in [Spacing.fixed(8), .perItem] {
                let layout = balanced(one, axis, spacing)
                XCTAssertEqual(layout.size, Size(width: 88, height: 20))
                XCTAssertEqual(layout.x, [0])
                XCTAssertEqual(layout.y, [0])
                XCTAssertEqual(layout.itemWidth, [88])
                XCTAssertEqual(layout.itemHeight, [20])
                XCTAssertEqual(layout.rows, [Row(start: 0, count: 1, y: 0, width: 88, height: 20)])
            }
        }
    }

    /// Offsets are a double sum rounded once (SPEC 1: stack offsets accumulate in Double
    /// and are rounded to Float once; the balanced stack is a stack of cells). Cell width 2^24 + 2 = 16777218 (exact in Float), two cells, spacing 1:
    ///   Double: start1 = 16777219 → Float 16777220 (ulp 2, tie to the even mantissa);
    ///           total = 16777218 + 1 + 16777218 = 33554437 → 33554436 (ulp 4, nearest).
    ///   A Float accumulator: 16777218 + 1 → 16777220, + 16777218 = 33554438 → 33554440
    ///   (tie to even) — 4 px off.
    func testDoubleOffsets() {
        let items = ItemList(widths: [16_777_218, 0], heights: [1, 1])
        let row = balanced(items, .horizontal, .fixed(1))
        XCTAssertEqual(row.x, [0, 16_777_220])
        XCTAssertEqual(row.size.width, 33_554_436)
        let column = balanced(ItemList(widths: [1, 1], heights: [16_777_218, 0]), .vertical, .fixed(1))
        XCTAssertEqual(column.y, [0, 16_777_220])
        XCTAssertEqual(column.size.height, 33_554_436)
    }
}
