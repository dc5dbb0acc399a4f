import LayoutKernelCore
import XCTest

/// lk_grid_params in layoutkernel.h (grid) and the header's grid contract: fit/fill column widths,
/// adaptive column counts, alignment in cells, row table, columns beyond the item count,
/// max(0, …) fill widths, double sums rounded once. Every value worked by hand.
final class GridTests: XCTestCase {

    // MARK: - Helpers (private to this file)

    private func grid(_ items: ItemList, columns: GridColumns, sizing: GridSizing = .fit,
                      spacing: Float = 0, lineSpacing: Float = 0, alignment: Anchor = .center,
                      width: Float? = nil, height: Float? = nil) -> Layout {
        let parameters = GridParameters(columns: columns, sizing: sizing, spacing: spacing,
                                        lineSpacing: lineSpacing, alignment: alignment)
        return items.withItems { GridReference.layout($0, parameters, Proposal(width: width, height: height)) }
    }

    private func adaptiveCount(n: Int, minimum: Float, spacing: Float, width: Float?) -> Int {
        GridReference.columnCount(n, GridParameters(columns: .adaptive(minimumWidth: minimum), spacing: spacing),
                                  Proposal(width: width, height: nil))
    }

    private func uniform(_ n: Int, _ w: Float, _ h: Float) -> ItemList {
        ItemList(widths: [Float](repeating: w, count: n), heights: [Float](repeating: h, count: n))
    }

    /// Five items: widths 10 30 20 25 5, heights 10 20 5 15 30.
    private let five = ItemList(widths: [10, 30, 20, 25, 5], heights: [10, 20, 5, 15, 30])

    // MARK: - Fixed columns, fit

    /// 2 columns, fit, spacing 4, line spacing 6.
    /// Column 0 holds items 0, 2, 4 (widths 10, 20, 5) → 20; column 1 items 1, 3 (30, 25) → 30.
    /// Column x: 0, 20+4 = 24. Width 20+4+30 = 54.
    /// Rows: {0,1} h max(10,20) = 20; {2,3} h max(5,15) = 15; {4} h 30.
    /// Row y: 0, 20+6 = 26, 26+15+6 = 47. Height 47+30 = 77.
    /// Row widths (extent of the row's cells): 54, 54, and the last row's one cell 20.
    /// topLeading: x = cell x = 0 24 0 24 0, y = row y = 0 0 26 26 47.
    func testFitColumnsTopLeading() {
        let layout = grid(five, columns: .count(2), spacing: 4, lineSpacing: 6, alignment: .topLeading)
        XCTAssertEqual(layout.size, Size(width: 54, height: 77))
        XCTAssertEqual(layout.x, [0, 24, 0, 24, 0])
        XCTAssertEqual(layout.y, [0, 0, 26, 26, 47])
        XCTAssertEqual(layout.rows, [Row(start: 0, count: 2, y: 0, width: 54, height: 20),
                                     Row(start: 2, count: 2, y: 26, width: 54, height: 15),
                                     Row(start: 4, count: 1, y: 47, width: 20, height: 30)])
        XCTAssertEqual(layout.itemWidth, [])
    }

    /// The same grid centred in cells: free width per item = column width - w =
    /// 20-10, 30-30, 20-20, 30-25, 20-5 = 10 0 0 5 15; free height = row height - h =
    /// 20-10, 20-20, 15-5, 15-15, 30-30 = 10 0 10 0 0.
    /// Centre: x = 0+5, 24+0, 0+0, 24+2.5, 0+7.5 = 5 24 0 26.5 7.5;
    ///         y = 0+5, 0, 26+5, 26, 47 = 5 0 31 26 47.
    /// bottomTrailing: x = 10 24 0 29 15; y = 10 0 36 26 47.
    func testFitColumnsAlignmentInCells() {
        let centre = grid(five, columns: .count(2), spacing: 4, lineSpacing: 6, alignment: .center)
        XCTAssertEqual(centre.x, [5, 24, 0, 26.5, 7.5])
        XCTAssertEqual(centre.y, [5, 0, 31, 26, 47])
        XCTAssertEqual(centre.size, Size(width: 54, height: 77))
        let corner = grid(five, columns: .count(2), spacing: 4, lineSpacing: 6, alignment: .bottomTrailing)
        XCTAssertEqual(corner.x, [10, 24, 0, 29, 15])
        XCTAssertEqual(corner.y, [10, 0, 36, 26, 47])
    }

    /// All nine alignments: x = cell x + ax * free width, y = row y + ay * free height,
    /// with the cells and free spaces above. Alignment never moves cells, rows or the size.
    func testAllNineAlignments() {
        let cellX: [Float] = [0, 24, 0, 24, 0], freeX: [Float] = [10, 0, 0, 5, 15]
        let cellY: [Float] = [0, 0, 26, 26, 47], freeY: [Float] = [10, 0, 10, 0, 0]
        let reference = grid(five, columns: .count(2), spacing: 4, lineSpacing: 6, alignment: .topLeading)
        for anchor in Anchor.named {
            let layout = grid(five, columns: .count(2), spacing: 4, lineSpacing: 6, alignment: anchor)
            XCTAssertEqual(layout.x, (0..<5).map { cellX[$0] + anchor.x * freeX[$0] }, "\(anchor)")
            XCTAssertEqual(layout.y, (0..<5).map { cellY[$0] + anchor.y * freeY[$0] }, "\(anchor)")
            XCTAssertEqual(layout.rows, reference.rows, "\(anchor)")
            XCTAssertEqual(layout.size, reference.size, "\(anchor)")
        }
    }

    /// One column (SwiftUI's `_GridLayout()` with no GridRow puts each child on its own
    /// row): column width max w = 30; rows are the items' heights with line spacing 2:
    /// y = 0, 12, 34, 41, 58; height 88. Centre x = 0.5*(30-w) = 10 0 5 2.5 12.5.
    func testOneColumn() {
        let layout = grid(five, columns: .count(1), lineSpacing: 2)
        XCTAssertEqual(layout.size, Size(width: 30, height: 88))
        XCTAssertEqual(layout.x, [10, 0, 5, 2.5, 12.5])
        XCTAssertEqual(layout.y, [0, 12, 34, 41, 58])
        XCTAssertEqual(rowSpans(layout), [[0, 1], [1, 1], [2, 1], [3, 1], [4, 1]])
        XCTAssertEqual(layout.rows.map(\.width), [30, 30, 30, 30, 30])
        XCTAssertEqual(layout.rows.map(\.height), [10, 20, 5, 15, 30])
    }

    /// A fit grid ignores the proposal: 2 columns of `five` under any proposal are 54x77.
    func testFitIgnoresProposal() {
        let ideal = grid(five, columns: .count(2), spacing: 4, lineSpacing: 6)
        for (w, h) in [(Float(0), Float(0)), (10, 10), (1000, nil), (.infinity, .infinity)] as [(Float?, Float?)] {
            XCTAssertEqual(grid(five, columns: .count(2), spacing: 4, lineSpacing: 6, width: w, height: h), ideal)
        }
    }

    // MARK: - Columns beyond the item count

    /// 5 columns, 2 items (widths 10, 20; heights 8, 4), spacing 4, fit: only the two
    /// columns that hold items take room: width 10+4+20 = 34 (not 34 + 3 empty gaps);
    /// height 8. One row {0, 2}, width 34. Centre: y = 0, 2.
    func testColumnsBeyondItemCountTakeNoRoomWhenFitting() {
        let items = ItemList(widths: [10, 20], heights: [8, 4])
        let layout = grid(items, columns: .count(5), spacing: 4)
        XCTAssertEqual(layout.size, Size(width: 34, height: 8))
        XCTAssertEqual(layout.x, [0, 14])
        XCTAssertEqual(layout.y, [0, 2])
        XCTAssertEqual(layout.rows, [Row(start: 0, count: 2, y: 0, width: 34, height: 8)])
    }

    /// With fill and a finite width the count still divides the width: 5 columns in
    /// W = 100, spacing 5: (100 - 4*5)/5 = 16 each. Items at column x 0 and 21; the size
    /// is the proposal width 100; the row spans its two cells: 16+5+16 = 37.
    /// topLeading: x = 0, 21.
    func testColumnsBeyondItemCountWithFill() {
        let items = ItemList(widths: [10, 20], heights: [8, 4])
        let layout = grid(items, columns: .count(5), sizing: .fill, spacing: 5,
                          alignment: .topLeading, width: 100)
        XCTAssertEqual(layout.size, Size(width: 100, height: 8))
        XCTAssertEqual(layout.x, [0, 21])
        XCTAssertEqual(layout.rows, [Row(start: 0, count: 2, y: 0, width: 37, height: 8)])
    }

    // MARK: - Fill

    /// Fill, 3 columns, W = 100, spacing 5: each column (100 - 2*5)/3 = 30; column x
    /// 0, 35, 70; size width = W = 100. Items widths 10 50 20 30, heights 10.
    /// Centre: x = 0+10, 35+0.5*(30-50) = 25, 70+5 = 75, 0+0 = 0 (item 50 wider than its
    /// cell overflows both sides). Rows {0..2} width 70+30 = 100, {3} width 30; y 0, 10.
    func testFillFiniteWidth() {
        let items = ItemList(widths: [10, 50, 20, 30], heights: [10, 10, 10, 10])
        let layout = grid(items, columns: .count(3), sizing: .fill, spacing: 5, width: 100)
        XCTAssertEqual(layout.size, Size(width: 100, height: 20))
        XCTAssertEqual(layout.x, [10, 25, 75, 0])
        XCTAssertEqual(layout.y, [0, 0, 0, 10])
        XCTAssertEqual(layout.rows, [Row(start: 0, count: 3, y: 0, width: 100, height: 10),
                                     Row(start: 3, count: 1, y: 10, width: 30, height: 10)])
    }

    /// Fill with a share that is not exact: W = 100, 3 columns, no spacing: each column
    /// 100/3 → Float 33.333332 (nearest binary32 to 33.3333…); topLeading x = 0, 100/3 and
    /// 200/3 each rounded once from the double sum. Size width stays exactly 100.
    func testFillInexactShare() {
        let items = uniform(3, 1, 1)
        let layout = grid(items, columns: .count(3), sizing: .fill, alignment: .topLeading, width: 100)
        let share = Float(100.0 / 3.0)
        XCTAssertEqual(share, 33.333332)
        XCTAssertEqual(layout.x[0], 0)
        XCTAssertEqual(layout.x[1], share)
        XCTAssertEqual(layout.x[2], Float(2 * Double(share)), accuracy: 1e-5)
        XCTAssertEqual(layout.size.width, 100)
        // The row's extent: the last column's x plus its width, 3 shares = 100 within a rounding.
        XCTAssertEqual(layout.rows[0].width, 100, accuracy: 1e-4)
    }

    /// Fill with an unspecified or infinite width falls back to fit: the same layout as
    /// the fit grid (2 columns of `five`: 54x77, columns 20 and 30).
    func testFillWithoutFiniteWidthFallsBackToFit() {
        let fit = grid(five, columns: .count(2), spacing: 4, lineSpacing: 6)
        for width in [nil, Float.infinity] as [Float?] {
            for height in [nil, Float(5), .infinity] as [Float?] {
                let fill = grid(five, columns: .count(2), sizing: .fill, spacing: 4, lineSpacing: 6,
                                width: width, height: height)
                XCTAssertEqual(fill, fit, "width \(String(describing: width)) height \(String(describing: height))")
            }
        }
        XCTAssertEqual(fit.size, Size(width: 54, height: 77))
    }

    /// Fill narrower than its gaps: W = 10, 3 columns, spacing 10: (10 - 20)/3 < 0 → 0.
    /// Columns 0 wide at x 0, 10, 20. Items 4x5 centred: x = colX + 0.5*(0-4) = -2, 8, 18.
    /// Size = (W, 5) = (10, 5) — with fill and a finite width the size is the proposal width;
    /// the row's cells span 20 + 0 = 20.
    func testFillNarrowerThanGapsGivesZeroWidthColumns() {
        let items = uniform(3, 4, 5)
        let layout = grid(items, columns: .count(3), sizing: .fill, spacing: 10, width: 10)
        XCTAssertEqual(layout.x, [-2, 8, 18])
        XCTAssertEqual(layout.y, [0, 0, 0])
        XCTAssertEqual(layout.size, Size(width: 10, height: 5))
        XCTAssertEqual(layout.rows, [Row(start: 0, count: 3, y: 0, width: 20, height: 5)])
    }

    /// Fill with W = 0 and one column: (0 - 0)/1 = 0; item 6x2 topLeading at 0; size (0, 2).
    func testFillZeroWidth() {
        let layout = grid(ItemList(widths: [6], heights: [2]), columns: .count(1), sizing: .fill,
                          alignment: .topLeading, width: 0)
        XCTAssertEqual(layout.size, Size(width: 0, height: 2))
        XCTAssertEqual(layout.x, [0])
        XCTAssertEqual(layout.rows, [Row(start: 0, count: 1, y: 0, width: 0, height: 2)])
    }

    // MARK: - Adaptive columns

    /// c = max(1, floor((W + s) / (m + s))):
    ///   W 100, m 30, s 10: 110/40 = 2.75 → 2
    ///   W 120: 130/40 = 3.25 → 3;  W 150: 160/40 = 4 → 4;  W 149: 159/40 → 3
    ///   W 0: 10/40 = 0.25 → 0 → 1;  W 29: 39/40 → 0 → 1;  W 30: 40/40 → 1
    ///   m 25, s 0, W 100: 4;  m 25, s 0, W 99.5: 3.98 → 3
    ///   m 0.5, s 0, W 10: 20
    func testAdaptiveColumnCount() {
        XCTAssertEqual(adaptiveCount(n: 50, minimum: 30, spacing: 10, width: 100), 2)
        XCTAssertEqual(adaptiveCount(n: 50, minimum: 30, spacing: 10, width: 120), 3)
        XCTAssertEqual(adaptiveCount(n: 50, minimum: 30, spacing: 10, width: 150), 4)
        XCTAssertEqual(adaptiveCount(n: 50, minimum: 30, spacing: 10, width: 149), 3)
        XCTAssertEqual(adaptiveCount(n: 50, minimum: 30, spacing: 10, width: 0), 1)
        XCTAssertEqual(adaptiveCount(n: 50, minimum: 30, spacing: 10, width: 29), 1)
        XCTAssertEqual(adaptiveCount(n: 50, minimum: 30, spacing: 10, width: 30), 1)
        XCTAssertEqual(adaptiveCount(n: 50, minimum: 25, spacing: 0, width: 100), 4)
        XCTAssertEqual(adaptiveCount(n: 50, minimum: 25, spacing: 0, width: 99.5), 3)
        XCTAssertEqual(adaptiveCount(n: 50, minimum: 0.5, spacing: 0, width: 10), 20)
    }

    /// The adaptive count does not depend on n (it may exceed it): W 1000, m 10, s 0 → 100
    /// columns for 3 items.
    func testAdaptiveCountMayExceedItemCount() {
        XCTAssertEqual(adaptiveCount(n: 3, minimum: 10, spacing: 0, width: 1000), 100)
        // ...and a fit grid of those 3 items 10 wide takes only 3 columns: width 30.
        let layout = grid(uniform(3, 10, 10), columns: .adaptive(minimumWidth: 10), width: 1000)
        XCTAssertEqual(layout.size, Size(width: 30, height: 10))
        XCTAssertEqual(rowSpans(layout), [[0, 3]])
    }

    /// Unspecified or infinite width: c = n (one row of every item).
    func testAdaptiveWithoutFiniteWidthIsOnePerItem() {
        XCTAssertEqual(adaptiveCount(n: 7, minimum: 30, spacing: 10, width: nil), 7)
        XCTAssertEqual(adaptiveCount(n: 7, minimum: 30, spacing: 10, width: .infinity), 7)
        XCTAssertEqual(adaptiveCount(n: 1, minimum: 30, spacing: 10, width: nil), 1)
        // Layout: 4 items 30x10, spacing 10: one row, width 4*30 + 3*10 = 150.
        let layout = grid(uniform(4, 30, 10), columns: .adaptive(minimumWidth: 30), spacing: 10)
        XCTAssertEqual(rowSpans(layout), [[0, 4]])
        XCTAssertEqual(layout.size, Size(width: 150, height: 10))
        XCTAssertEqual(layout.x, [0, 40, 80, 120])
    }

    /// Adaptive, fit, W 100, m 30, s 10 → 2 columns. 5 items 30x10, line spacing 3:
    /// rows {0,1} {2,3} {4} at y 0, 13, 26; width 30+10+30 = 70; height 36.
    /// x = 0 40 0 40 0. The last row has one cell: width 30.
    func testAdaptiveFitLayout() {
        let layout = grid(uniform(5, 30, 10), columns: .adaptive(minimumWidth: 30), spacing: 10,
                          lineSpacing: 3, width: 100)
        XCTAssertEqual(rowSpans(layout), [[0, 2], [2, 2], [4, 1]])
        XCTAssertEqual(layout.rows.map(\.y), [0, 13, 26])
        XCTAssertEqual(layout.rows.map(\.width), [70, 70, 30])
        XCTAssertEqual(layout.size, Size(width: 70, height: 36))
        XCTAssertEqual(layout.x, [0, 40, 0, 40, 0])
        XCTAssertEqual(layout.y, [0, 0, 13, 13, 26])
    }

    /// Adaptive + fill, W 100, m 30, s 10 → 2 columns of (100 - 10)/2 = 45 at x 0 and 55.
    /// Items 30 wide centred: x = 7.5, 55+7.5 = 62.5. Size width 100.
    func testAdaptiveFillLayout() {
        let layout = grid(uniform(3, 30, 10), columns: .adaptive(minimumWidth: 30), sizing: .fill,
                          spacing: 10, width: 100)
        XCTAssertEqual(layout.x, [7.5, 62.5, 7.5])
        XCTAssertEqual(layout.y, [0, 0, 10])
        XCTAssertEqual(layout.size, Size(width: 100, height: 20))
        XCTAssertEqual(layout.rows.map(\.width), [100, 45])
    }

    /// W 0 adaptive → 1 column: 3 items stack in 3 rows (fit: column width 30).
    func testAdaptiveZeroWidthIsOneColumn() {
        let layout = grid(uniform(3, 30, 10), columns: .adaptive(minimumWidth: 30), spacing: 10, width: 0)
        XCTAssertEqual(rowSpans(layout), [[0, 1], [1, 1], [2, 1]])
        XCTAssertEqual(layout.size, Size(width: 30, height: 30))
    }

    // MARK: - n = 0

    /// No items: no rows; a fit grid is 0x0; a fill grid with a finite width is (W, 0)
    /// (the header: the size's width is the proposal width with fill and a finite width).
    func testEmptyGrid() {
        let none = ItemList(widths: [], heights: [])
        for columns in [GridColumns.count(1), .count(4), .adaptive(minimumWidth: 20)] {
            for width in [nil, Float(0), 50, .infinity] as [Float?] {
                let fit = grid(none, columns: columns, spacing: 5, lineSpacing: 5, width: width)
                XCTAssertEqual(fit.size, Size.zero)
                XCTAssertEqual(fit.rows, [])
                XCTAssertEqual(fit.x, [])
                let parameters = GridParameters(columns: columns, spacing: 5, lineSpacing: 5)
                none.withItems { view in
                    XCTAssertEqual(GridReference.rowCount(view, parameters, Proposal(width: width, height: nil)), 0)
                }
            }
            let fill = grid(none, columns: columns, sizing: .fill, spacing: 5, width: 50)
            XCTAssertEqual(fill.size, Size(width: 50, height: 0))
            XCTAssertEqual(fill.rows, [])
        }
    }

    // MARK: - Row table and row count

    /// 7 items, 3 columns, heights 1..7, line spacing 0.5: rows {0,1,2} h 3, {3,4,5} h 6,
    /// {6} h 7 at y 0, 3.5, 10; height 17. rowCount = ceil(7/3) = 3.
    func testRowTableAndCount() {
        let items = ItemList(widths: [1, 1, 1, 1, 1, 1, 1], heights: [1, 2, 3, 4, 5, 6, 7])
        let parameters = GridParameters(columns: .count(3), lineSpacing: 0.5)
        items.withItems { view in
            let layout = GridReference.layout(view, parameters, .unspecified)
            XCTAssertEqual(layout.rows, [Row(start: 0, count: 3, y: 0, width: 3, height: 3),
                                         Row(start: 3, count: 3, y: 3.5, width: 3, height: 6),
                                         Row(start: 6, count: 1, y: 10, width: 1, height: 7)])
            XCTAssertEqual(layout.size, Size(width: 3, height: 17))
            XCTAssertEqual(GridReference.rowCount(view, parameters, .unspecified), 3)
            XCTAssertEqual(LayoutReference.rowCount(view, .grid(parameters), .unspecified), 3)
            XCTAssertEqual(GridReference.size(view, parameters, .unspecified), layout.size)
        }
    }

    /// The last row's width is the extent of its own cells: 3 columns of widths 10, 20, 40
    /// (spacing 2); 5 items → the last row {3, 4} spans 10+2+20 = 32, the full rows 74.
    func testLastPartialRowWidth() {
        let items = ItemList(widths: [10, 20, 40, 5, 5], heights: [1, 1, 1, 1, 1])
        let layout = grid(items, columns: .count(3), spacing: 2)
        XCTAssertEqual(layout.rows.map(\.width), [74, 32])
        XCTAssertEqual(layout.size.width, 74)
        // Centre: item 3 in column 0 (width 10): 0 + 2.5; item 4 in column 1 (x 12, width 20): 12 + 7.5.
        XCTAssertEqual(layout.x, [0, 12, 34, 2.5, 19.5])
    }

    // MARK: - Double accumulation

    /// One column, heights 2^24, 1, 1, no line spacing: row y in Double are 0, 2^24,
    /// 2^24+1 (exact in the Double row table); item y rounded once: 2^24+1 → 16777216
    /// (tie to even); height 2^24+2 = 16777218 (Float sums would stop at 16777216).
    func testRowOffsetsAccumulateInDouble() {
        let items = ItemList(widths: [1, 1, 1], heights: [16_777_216, 1, 1])
        let layout = grid(items, columns: .count(1))
        XCTAssertEqual(layout.rows.map(\.y), [0, 16_777_216, 16_777_217])
        XCTAssertEqual(layout.y, [0, 16_777_216, 16_777_216])
        XCTAssertEqual(layout.size.height, 16_777_218)
    }

    /// Columns widths 2^24, 1, 1, 1 with spacing 0 (4 columns): column x in Double
    /// 0, 2^24, 2^24+1, 2^24+2; items (1 wide, topLeading) at Float 0, 16777216,
    /// 16777216 (tie to even), 16777218; width 2^24+3 → 16777220 (tie to even).
    /// Float sums would give every x 2^24 and width 2^24.
    func testColumnOffsetsAccumulateInDouble() {
        let items = ItemList(widths: [16_777_216, 1, 1, 1], heights: [1, 1, 1, 1])
        let layout = grid(items, columns: .count(4), alignment: .topLeading)
        XCTAssertEqual(layout.x, [0, 16_777_216, 16_777_216, 16_777_218])
        XCTAssertEqual(layout.size.width, 16_777_220)
        XCTAssertEqual(layout.rows.first?.width, 16_777_220)
    }
}
