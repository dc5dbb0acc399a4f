import LayoutKernelCore
import XCTest

/// Cases from the seeds, worked by hand.
final class FlowSeedTests: XCTestCase {

    /// Seed 000: a tag list in `WrappingHStack(alignment: .leading)`, 200 wide, gaps 8.
    ///
    /// widths 64 80 48 96 56 72, heights 32 32 36 32 32 28.
    /// Row 0: 64 | 64+8+80 = 152 | 152+8+48 = 208 > 200, break.  items 0-1, width 152, height 32
    /// Row 1: 48 | 48+8+96 = 152 | 152+8+56 = 216 > 200, break.  items 2-3, width 152, height 36
    /// Row 2: 56 | 56+8+72 = 136.                               items 4-5, width 136, height 32
    /// Row y: 0, 0+32+8 = 40, 40+36+8 = 84; container 200 x (84+32 = 116).
    /// `.leading` is the anchor (0, 0.5): rows flush left, items centred in their row:
    /// item 3 (h 32 in a 36 row) at 40+2, item 5 (h 28 in a 32 row) at 84+2.
    func testTagListLeading() {
        let tags = ItemList(widths: [64, 80, 48, 96, 56, 72], heights: [32, 32, 36, 32, 32, 28])
        let layout = flow(tags, spacing: .fixed(8), lineSpacing: .fixed(8), alignment: .leading,
                          width: 200)
        XCTAssertEqual(rowSpans(layout), [[0, 2], [2, 2], [4, 2]])
        XCTAssertEqual(layout.rows.map(\.width), [152, 152, 136])
        XCTAssertEqual(layout.rows.map(\.height), [32, 36, 32])
        XCTAssertEqual(layout.rows.map(\.y), [0, 40, 84])
        XCTAssertEqual(layout.size, Size(width: 200, height: 116))
        XCTAssertEqual(layout.x, [0, 72, 0, 56, 0, 64])
        XCTAssertEqual(layout.y, [0, 0, 40, 42, 84, 86])
    }

    /// The same tags unconstrained: one row, as wide as the tags and their gaps.
    /// 64+80+48+96+56+72 = 416, plus 5 gaps of 8 = 456; height 36 (the tallest).
    func testTagListUnspecifiedWidthIsOneRow() {
        let tags = ItemList(widths: [64, 80, 48, 96, 56, 72], heights: [32, 32, 36, 32, 32, 28])
        let layout = flow(tags, spacing: .fixed(8), lineSpacing: .fixed(8), alignment: .leading)
        XCTAssertEqual(rowSpans(layout), [[0, 6]])
        XCTAssertEqual(layout.size, Size(width: 456, height: 36))
        XCTAssertEqual(layout.x, [0, 72, 160, 216, 320, 384])
        XCTAssertEqual(layout.y, [2, 2, 0, 2, 2, 4])
    }

    /// Seed 004: FlexibleView's words ("Here’s to the crazy ones the misfits the") as
    /// `Text(...).padding(8)` in a monospaced font: width 16 + 8 per letter, height 36;
    /// 200 wide, spacing 8.
    ///
    /// widths 64 32 40 56 48 40 72 40.
    /// Row 0: 64 | +8+32 = 104 | +8+40 = 152 | +8+56 = 216 > 200.  offsets 0 72 112, width 152
    /// Row 1: 56 | +8+48 = 112 | +8+40 = 160 | +8+72 = 240 > 200.  offsets 0 64 120, width 160
    /// Row 2: 72 | +8+40 = 120.                                    offsets 0 80,     width 120
    /// Row y 0, 44, 88; height 124. Free width per row: 48, 40, 80.
    func testFlexibleViewWords() {
        let words = ["Here’s", "to", "the", "crazy", "ones", "the", "misfits", "the"]
        let items = ItemList(widths: words.map { Float(16 + 8 * $0.count) },
                             heights: Array(repeating: 36, count: words.count))
        XCTAssertEqual(items.widths, [64, 32, 40, 56, 48, 40, 72, 40])
        let expectedX: [(Anchor, [Float])] = [
            (.leading, [0, 72, 112, 0, 64, 120, 0, 80]),
            (.center, [24, 96, 136, 20, 84, 140, 40, 120]),   // shifted by 48/2, 40/2, 80/2
            (.trailing, [48, 120, 160, 40, 104, 160, 80, 160]),
        ]
        for (alignment, x) in expectedX {
            let layout = flow(items, spacing: .fixed(8), lineSpacing: .fixed(8),
                              alignment: alignment, width: 200)
            XCTAssertEqual(rowSpans(layout), [[0, 3], [3, 3], [6, 2]], "\(alignment)")
            XCTAssertEqual(layout.size, Size(width: 200, height: 124), "\(alignment)")
            XCTAssertEqual(layout.x, x, "\(alignment)")
            XCTAssertEqual(layout.y, [0, 0, 0, 44, 44, 44, 88, 88], "\(alignment)")
        }
    }
}
