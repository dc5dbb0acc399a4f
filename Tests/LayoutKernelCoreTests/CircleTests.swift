import LayoutKernelCore
import XCTest

/// lk_circle_params in layoutkernel.h (circle, seed 001's `CircleLayout(radius: 100)`): size
/// (2r + max w, 2r + max h) whatever the proposal; item i of n at
/// theta = startAngle + 2 pi i / n with its anchor point at
/// (width/2 + r cos theta, height/2 + r sin theta), y growing downward; no rows.
/// Positions involving trigonometry are compared within 1e-4; those that are exact
/// (angle 0, radius 0) exactly.
final class CircleTests: XCTestCase {

    // MARK: - Helpers (private to this file)

    private let tolerance: Float = 1e-4
    /// 100 * sqrt(2) / 2.
    private let r45: Float = 70.710678

    private func circle(_ items: ItemList, radius: Float, startAngle: Float = 0,
                        anchor: Anchor = .center, proposal: Proposal = .unspecified) -> Layout {
        items.withItems {
            LayoutReference.layout($0, .circle(CircleParameters(radius: radius, startAngle: startAngle, anchor: anchor)),
                                   proposal)
        }
    }

    private func uniform(_ n: Int, _ w: Float, _ h: Float) -> ItemList {
        ItemList(widths: [Float](repeating: w, count: n), heights: [Float](repeating: h, count: n))
    }

    private func assertClose(_ got: [Float], _ expected: [Float], _ message: String = "",
                             file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(got.count, expected.count, message, file: file, line: line)
        for (i, (g, e)) in zip(got, expected).enumerated() {
            XCTAssertEqual(g, e, accuracy: tolerance, "\(message) [\(i)]", file: file, line: line)
        }
    }

    // MARK: - Seed 001: CircleLayout(radius: 100), 8 items of 40x40

    /// Size (2*100 + 40, 2*100 + 40) = (240, 240); centre (120, 120).
    /// Centre anchor: x = 120 + 100 cos(theta) - 20 = 100 + 100 cos, y = 100 + 100 sin,
    /// theta = i * pi/4:
    ///   cos 1, .7071, 0, -.7071, -1, -.7071, 0, .7071
    ///   sin 0, .7071, 1, .7071, 0, -.7071, -1, -.7071
    ///   x 200, 170.71068, 100, 29.28932, 0, 29.28932, 100, 170.71068
    ///   y 100, 170.71068, 200, 170.71068, 100, 29.28932, 0, 29.28932
    /// Item 0 at angle 0 is exact: (240/2 + 100 - 20, 240/2 - 20) = (200, 100).
    /// Item 2 (pi/2) is below the centre: y = 200 > 100 (y grows down; clockwise on screen).
    func testSeedEightItemsCentred() {
        let layout = circle(uniform(8, 40, 40), radius: 100)
        XCTAssertEqual(layout.size, Size(width: 240, height: 240))
        XCTAssertEqual(layout.x[0], 200)
        XCTAssertEqual(layout.y[0], 100)
        assertClose(layout.x, [200, 100 + r45, 100, 100 - r45, 0, 100 - r45, 100, 100 + r45], "x")
        assertClose(layout.y, [100, 100 + r45, 200, 100 + r45, 100, 100 - r45, 0, 100 - r45], "y")
        XCTAssertGreaterThan(layout.y[2], 120)  // below the centre
        XCTAssertEqual(layout.rows, [])
        XCTAssertEqual(layout.itemWidth, [])
    }

    /// Anchor (0, 0) reproduces the seed: the top-left corner sits on the circle.
    /// Item 0: (120 + 100, 120) = (220, 120) exactly; item 2: (120, 220); item 4: (20, 120);
    /// item 6: (120, 20). Item 0's right edge is 260 > 240: the content hangs outside the
    /// reported size, as the spec says of the seed.
    func testSeedAnchorTopLeading() {
        let layout = circle(uniform(8, 40, 40), radius: 100, anchor: .topLeading)
        XCTAssertEqual(layout.size, Size(width: 240, height: 240))
        XCTAssertEqual(layout.x[0], 220)
        XCTAssertEqual(layout.y[0], 120)
        assertClose([layout.x[2], layout.y[2]], [120, 220], "item 2")
        assertClose([layout.x[4], layout.y[4]], [20, 120], "item 4")
        assertClose([layout.x[6], layout.y[6]], [120, 20], "item 6")
        assertClose([layout.x[1], layout.y[1]], [120 + r45, 120 + r45], "item 1")
        XCTAssertGreaterThan(layout.x[0] + 40, layout.size.width)
    }

    /// Anchor (1, 1): the bottom-right corner on the circle. Item 0: (220 - 40, 120 - 40)
    /// = (180, 80); item 4 (angle pi): (20 - 40, 80) = (-20, 80).
    func testAnchorBottomTrailing() {
        let layout = circle(uniform(8, 40, 40), radius: 100, anchor: .bottomTrailing)
        XCTAssertEqual(layout.x[0], 180)
        XCTAssertEqual(layout.y[0], 80)
        assertClose([layout.x[4], layout.y[4]], [-20, 80], "item 4")
    }

    /// The default centre anchor keeps every item inside the reported size, for items of
    /// different sizes: x >= 0 and x + w <= width (within rounding), since
    /// x = W/2 + r cos - w/2 >= (maxW - w)/2 >= 0.
    func testCentreAnchorKeepsItemsInside() {
        let items = ItemList(widths: [10, 40, 25, 5, 33, 18, 2], heights: [30, 4, 12, 50, 9, 21, 7])
        for start in [Float(0), 0.3, 1, 2.5] {
            let layout = circle(items, radius: 60, startAngle: start)
            XCTAssertEqual(layout.size, Size(width: 160, height: 170))
            for i in 0..<items.count {
                XCTAssertGreaterThanOrEqual(layout.x[i], -tolerance)
                XCTAssertGreaterThanOrEqual(layout.y[i], -tolerance)
                XCTAssertLessThanOrEqual(layout.x[i] + items.widths[i], layout.size.width + tolerance)
                XCTAssertLessThanOrEqual(layout.y[i] + items.heights[i], layout.size.height + tolerance)
            }
        }
    }

    /// Mixed sizes, centre anchor, radius 50, 4 items: size (100 + 30, 100 + 20) = (130, 120),
    /// centre (65, 60). Item 0 (10x20, angle 0): (65+50-5, 60-10) = (110, 50) exactly.
    /// Item 1 (30x6, pi/2): (65-15, 60+50-3) = (50, 107). Item 2 (20x4, pi): (65-50-10, 60-2)
    /// = (5, 58). Item 3 (2x2, 3pi/2): (64, 60-50-1) = (64, 9).
    func testMixedSizes() {
        let items = ItemList(widths: [10, 30, 20, 2], heights: [20, 6, 4, 2])
        let layout = circle(items, radius: 50)
        XCTAssertEqual(layout.size, Size(width: 130, height: 120))
        XCTAssertEqual(layout.x[0], 110)
        XCTAssertEqual(layout.y[0], 50)
        assertClose(layout.x, [110, 50, 5, 64], "x")
        assertClose(layout.y, [50, 107, 58, 9], "y")
    }

    // MARK: - startAngle

    /// startAngle pi/2, 4 items 40x40, radius 100 (size 240, centre 120): item 0 at pi/2 →
    /// below: (100, 200); item 1 at pi → left: (0, 100); item 2 at 3pi/2 → above: (100, 0);
    /// item 3 at 2pi → right: (200, 100).
    func testStartAngle() {
        let layout = circle(uniform(4, 40, 40), radius: 100, startAngle: .pi / 2)
        XCTAssertEqual(layout.size, Size(width: 240, height: 240))
        assertClose(layout.x, [100, 0, 100, 200], "x")
        assertClose(layout.y, [200, 100, 0, 100], "y")
    }

    /// A negative start angle: -pi/2 puts item 0 above the centre: 4 items 40x40, r 100 →
    /// item 0 (100, 0), item 1 (200, 100).
    func testNegativeStartAngle() {
        let layout = circle(uniform(4, 40, 40), radius: 100, startAngle: -.pi / 2)
        assertClose([layout.x[0], layout.y[0], layout.x[1], layout.y[1]], [100, 0, 200, 100])
    }

    // MARK: - n = 0, n = 1, radius 0

    /// No items: size (2r, 2r) = (200, 200) (max w = max h = 0); no positions, no rows.
    func testEmpty() {
        let none = ItemList(widths: [], heights: [])
        let layout = circle(none, radius: 100)
        XCTAssertEqual(layout.size, Size(width: 200, height: 200))
        XCTAssertEqual(layout.x, [])
        XCTAssertEqual(layout.rows, [])
        none.withItems { view in
            let kind = AnyLayout.circle(CircleParameters(radius: 100))
            XCTAssertEqual(LayoutReference.size(view, kind, .unspecified), Size(width: 200, height: 200))
            XCTAssertEqual(LayoutReference.rowCount(view, kind, .unspecified), 0)
        }
    }

    /// One item 30x10, radius 50: size (130, 110), centre (65, 55); angle 0:
    /// (65 + 50 - 15, 55 - 5) = (100, 50) exactly. With startAngle pi: (65 - 50 - 15, 50) = (0, 50).
    func testSingleItem() {
        let one = ItemList(widths: [30], heights: [10])
        let layout = circle(one, radius: 50)
        XCTAssertEqual(layout.size, Size(width: 130, height: 110))
        XCTAssertEqual(layout.x, [100])
        XCTAssertEqual(layout.y, [50])
        let turned = circle(one, radius: 50, startAngle: .pi)
        assertClose(turned.x, [0], "x")
        assertClose(turned.y, [50], "y")
    }

    /// Radius 0: every anchor point is the centre. Items 10x20 and 30x6: size (30, 20),
    /// centre (15, 10); centred items at (15-5, 10-10) = (10, 0) and (15-15, 10-3) = (0, 7),
    /// exactly (r * cos = 0).
    func testRadiusZero() {
        let layout = circle(ItemList(widths: [10, 30], heights: [20, 6]), radius: 0, startAngle: 1.234)
        XCTAssertEqual(layout.size, Size(width: 30, height: 20))
        XCTAssertEqual(layout.x, [10, 0])
        XCTAssertEqual(layout.y, [0, 7])
    }

    // MARK: - The proposal is ignored; no rows

    /// "whatever the proposal": zero, small, infinite, one axis — the same 240x240 layout.
    func testProposalIgnored() {
        let items = uniform(8, 40, 40)
        let ideal = circle(items, radius: 100)
        for proposal in [Proposal.zero, .infinity, Proposal(width: 50, height: 50), Proposal(width: nil, height: 1000)] {
            XCTAssertEqual(circle(items, radius: 100, proposal: proposal), ideal)
            items.withItems { view in
                let kind = AnyLayout.circle(CircleParameters(radius: 100))
                XCTAssertEqual(LayoutReference.size(view, kind, proposal), Size(width: 240, height: 240))
                XCTAssertEqual(LayoutReference.rowCount(view, kind, proposal), 0)
            }
        }
    }

    /// Three items spaced 120 degrees (the seed with three children, 40x20, 60x30, 20x10):
    /// size (260, 230), centre (130, 115).
    /// Item 0 angle 0: (130+100-20, 115-10) = (210, 105) exactly.
    /// Item 1 angle 2pi/3 (cos -0.5, sin 0.8660254): (130-50-30, 115+86.60254-15) = (50, 186.60254).
    /// Item 2 angle 4pi/3 (cos -0.5, sin -0.8660254): (130-50-10, 115-86.60254-5) = (70, 23.39746).
    func testThreeItems() {
        let layout = circle(ItemList(widths: [40, 60, 20], heights: [20, 30, 10]), radius: 100)
        XCTAssertEqual(layout.size, Size(width: 260, height: 230))
        XCTAssertEqual(layout.x[0], 210)
        XCTAssertEqual(layout.y[0], 105)
        assertClose(layout.x, [210, 50, 70], "x")
        assertClose(layout.y, [105, 186.60254, 23.39746], "y")
    }
}
