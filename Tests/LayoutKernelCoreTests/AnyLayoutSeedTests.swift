import LayoutKernelCore
import XCTest

/// Seed 001's AnyLayout switch: the same children through `_VStackLayout()`,
/// `_HStackLayout()`, `_ZStackLayout()`, `_GridLayout()` (no GridRow: one column, each
/// child on its own row) and `CircleLayout(radius: 100)`, via LayoutReference.layout; and,
/// on seeded random inputs, LayoutReference.size / rowCount agreeing with layout for every
/// kind.
final class AnyLayoutSeedTests: XCTestCase {

    // MARK: - Helpers (private to this file)

    /// Three children: A 40x20, B 60x30, C 20x10.
    private let children = ItemList(widths: [40, 60, 20], heights: [20, 30, 10])
    /// An iPhone-sized proposal: none of these kinds should care.
    private let screen = Proposal(width: 390, height: 844)

    private func place(_ kind: AnyLayout, _ items: ItemList, _ proposal: Proposal) -> Layout {
        items.withItems { LayoutReference.layout($0, kind, proposal) }
    }

    /// The kinds of the seed's switch, defaults everywhere (spacing 0, alignment centre).
    private var seedKinds: [(name: String, kind: AnyLayout)] {
        [("vertical", .vstack(StackParameters())),
         ("horizontal", .hstack(StackParameters())),
         ("z", .zstack(StackParameters())),
         ("grid", .grid(GridParameters())),
         ("circle", .circle(CircleParameters(radius: 100)))]
    }

    // MARK: - The seed's switch

    /// .vertical: width max(40, 60, 20) = 60; y = 0, 20, 50; height 60.
    /// Centre: x = 0.5*(60 - w) = 10, 0, 20. One row (column) 60x60.
    func testVertical() {
        let layout = place(.vstack(StackParameters()), children, screen)
        XCTAssertEqual(layout.size, Size(width: 60, height: 60))
        XCTAssertEqual(layout.x, [10, 0, 20])
        XCTAssertEqual(layout.y, [0, 20, 50])
        XCTAssertEqual(layout.rows, [Row(start: 0, count: 3, y: 0, width: 60, height: 60)])
    }

    /// .horizontal: x = 0, 40, 100; width 120; height 30; centre y = 0.5*(30 - h) = 5, 0, 10.
    func testHorizontal() {
        let layout = place(.hstack(StackParameters()), children, screen)
        XCTAssertEqual(layout.size, Size(width: 120, height: 30))
        XCTAssertEqual(layout.x, [0, 40, 100])
        XCTAssertEqual(layout.y, [5, 0, 10])
        XCTAssertEqual(layout.rows, [Row(start: 0, count: 3, y: 0, width: 120, height: 30)])
    }

    /// .z: size (60, 30); x = 10, 0, 20; y = 5, 0, 10.
    func testZ() {
        let layout = place(.zstack(StackParameters()), children, screen)
        XCTAssertEqual(layout.size, Size(width: 60, height: 30))
        XCTAssertEqual(layout.x, [10, 0, 20])
        XCTAssertEqual(layout.y, [5, 0, 10])
        XCTAssertEqual(layout.rows, [Row(start: 0, count: 3, y: 0, width: 60, height: 30)])
    }

    /// .grid (one column): column width 60; rows of heights 20, 30, 10 at y 0, 20, 50;
    /// size (60, 60); centred x 10, 0, 20; each child is its row's tallest, so y = row y.
    /// Row table: three rows of one item, each 60 wide (the column's extent).
    func testGrid() {
        let layout = place(.grid(GridParameters()), children, screen)
        XCTAssertEqual(layout.size, Size(width: 60, height: 60))
        XCTAssertEqual(layout.x, [10, 0, 20])
        XCTAssertEqual(layout.y, [0, 20, 50])
        XCTAssertEqual(layout.rows, [Row(start: 0, count: 1, y: 0, width: 60, height: 20),
                                     Row(start: 1, count: 1, y: 20, width: 60, height: 30),
                                     Row(start: 2, count: 1, y: 50, width: 60, height: 10)])
    }

    /// .circle (radius 100): size (200 + 60, 200 + 30) = (260, 230), centre (130, 115).
    /// A at angle 0: (130 + 100 - 20, 115 - 10) = (210, 105) exactly.
    /// B at 2pi/3 (cos -0.5, sin 0.8660254): (130 - 50 - 30, 115 + 86.60254 - 15) = (50, 186.60254).
    /// C at 4pi/3: (130 - 50 - 10, 115 - 86.60254 - 5) = (70, 23.39746). No rows.
    func testCircle() {
        let layout = place(.circle(CircleParameters(radius: 100)), children, screen)
        XCTAssertEqual(layout.size, Size(width: 260, height: 230))
        XCTAssertEqual(layout.x[0], 210)
        XCTAssertEqual(layout.y[0], 105)
        XCTAssertEqual(layout.x[1], 50, accuracy: 1e-4)
        XCTAssertEqual(layout.y[1], 186.60254, accuracy: 1e-4)
        XCTAssertEqual(layout.x[2], 70, accuracy: 1e-4)
        XCTAssertEqual(layout.y[2], 23.39746, accuracy: 1e-4)
        XCTAssertEqual(layout.rows, [])
    }

    /// With a gap of 8 (about SwiftUI's default) on the stacks and grid:
    /// vertical y = 0, 28, 66, height 76; horizontal x = 0, 48, 116, width 136;
    /// grid (line spacing 8) y = 0, 28, 66, height 76; z unchanged (60x30).
    func testSwitchWithSpacing() {
        let gap = StackParameters(spacing: .fixed(8))
        XCTAssertEqual(place(.vstack(gap), children, screen).y, [0, 28, 66])
        XCTAssertEqual(place(.vstack(gap), children, screen).size, Size(width: 60, height: 76))
        XCTAssertEqual(place(.hstack(gap), children, screen).x, [0, 48, 116])
        XCTAssertEqual(place(.hstack(gap), children, screen).size, Size(width: 136, height: 30))
        XCTAssertEqual(place(.zstack(gap), children, screen).size, Size(width: 60, height: 30))
        let grid = place(.grid(GridParameters(spacing: 8, lineSpacing: 8)), children, screen)
        XCTAssertEqual(grid.y, [0, 28, 66])
        XCTAssertEqual(grid.size, Size(width: 60, height: 76))
    }

    /// Switching kinds keeps the item count and identity: every kind returns three
    /// positions; only the balanced stack reports item sizes; only the circle has no rows.
    /// size/rowCount agree with layout for each kind of the switch, and the screen
    /// proposal gives the same result as the unspecified one (none of these kinds reads it).
    func testSwitchConsistency() {
        for (name, kind) in seedKinds {
            let layout = place(kind, children, screen)
            XCTAssertEqual(layout.x.count, 3, name)
            XCTAssertEqual(layout.y.count, 3, name)
            XCTAssertEqual(layout.itemWidth, [], name)
            XCTAssertEqual(place(kind, children, .unspecified), layout, name)
            children.withItems { view in
                XCTAssertEqual(LayoutReference.size(view, kind, screen), layout.size, name)
                XCTAssertEqual(LayoutReference.rowCount(view, kind, screen), layout.rows.count, name)
            }
        }
    }

    // MARK: - Seeded random inputs, every kind

    /// LayoutReference.size and rowCount agree with LayoutReference.layout for every kind
    /// (flow, stacks, grid, balanced, circle) with random parameters, items and proposals;
    /// the row table covers every item once, in order; item sizes only for the balanced
    /// stack; kinds that keep items inside their size do so.
    func testSizeAndRowCountAgreeWithLayoutOnRandomInputs() {
        var rng = SplitMix64(seed: 0x001_A11_1A70)
        for iteration in 0..<2_000 {
            let n = Int(rng.next() % 30)
            let items = randomItems(n, &rng)
            let kind = randomKind(&rng)
            let proposal = Proposal(width: randomAxis(&rng), height: randomAxis(&rng))
            let context = "iteration \(iteration): \(kind) \(proposal) n \(n)"
            items.withItems { view in
                let layout = LayoutReference.layout(view, kind, proposal)
                XCTAssertEqual(LayoutReference.size(view, kind, proposal), layout.size, context)
                XCTAssertEqual(LayoutReference.rowCount(view, kind, proposal), layout.rows.count, context)
                XCTAssertEqual(layout.x.count, n, context)
                XCTAssertEqual(layout.y.count, n, context)
                XCTAssertTrue(layout.size.width >= 0 && layout.size.height >= 0, context)

                switch kind {
                case .circle:
                    XCTAssertEqual(layout.rows, [], context)
                default:
                    // Rows cover 0..<n in order, each with >= 1 item; none for n == 0.
                    var next = 0
                    for row in layout.rows {
                        XCTAssertEqual(row.start, next, context)
                        XCTAssertGreaterThanOrEqual(row.count, 1, context)
                        next += row.count
                    }
                    XCTAssertEqual(next, n, context)
                }
                if case .balanced = kind {
                    XCTAssertEqual(layout.itemWidth.count, n, context)
                    XCTAssertEqual(layout.itemHeight.count, n, context)
                } else {
                    XCTAssertEqual(layout.itemWidth, [], context)
                }

                // Stacks report one row of the stack's size (none without items).
                switch kind {
                case .hstack, .vstack, .zstack, .balanced:
                    XCTAssertEqual(layout.rows, n == 0 ? [] : [Row(start: 0, count: n, y: 0, width: layout.size.width,
                                                                   height: layout.size.height)], context)
                default: break
                }

                // Containment: stacks, fit grids and centred circles keep items inside.
                let inside: Bool
                var slack: Float = 0
                switch kind {
                case .hstack, .vstack, .zstack: inside = true
                case .grid(let p): inside = p.sizing == .fit || !(proposal.width?.isFinite ?? false)
                case .circle(let p): inside = p.anchor == .center; slack = 1e-3
                default: inside = false
                }
                if inside {
                    for i in 0..<n {
                        XCTAssertGreaterThanOrEqual(layout.x[i], -slack, context)
                        XCTAssertGreaterThanOrEqual(layout.y[i], -slack, context)
                        XCTAssertLessThanOrEqual(layout.x[i] + view.widths[i], layout.size.width + slack, context)
                        XCTAssertLessThanOrEqual(layout.y[i] + view.heights[i], layout.size.height + slack, context)
                    }
                }
            }
        }
    }

    // MARK: - Random generators (private)

    private func randomLength(_ rng: inout SplitMix64, below limit: UInt64) -> Float {
        // Multiples of 1/64 below `limit`, often whole numbers.
        if rng.next() % 3 == 0 { return Float(rng.next() % (limit * 64)) / 64 }
        return Float(rng.next() % limit)
    }

    private func randomItems(_ n: Int, _ rng: inout SplitMix64) -> ItemList {
        var items = ItemList(widths: (0..<n).map { _ in randomLength(&rng, below: 64) },
                             heights: (0..<n).map { _ in randomLength(&rng, below: 48) })
        if rng.next() % 2 == 0 {
            items.leading = (0..<n).map { _ in randomLength(&rng, below: 12) }
            items.trailing = (0..<n).map { _ in randomLength(&rng, below: 12) }
            items.top = (0..<n).map { _ in randomLength(&rng, below: 12) }
            items.bottom = (0..<n).map { _ in randomLength(&rng, below: 12) }
        }
        if rng.next() % 4 == 0 {
            items.flags = (0..<n).map { _ in rng.next() % 5 == 0 ? ItemFlag.breakBefore : 0 }
        }
        return items
    }

    private func randomSpacing(_ rng: inout SplitMix64) -> Spacing {
        rng.next() % 3 == 0 ? .perItem : .fixed(randomLength(&rng, below: 16))
    }

    private func randomAnchor(_ rng: inout SplitMix64) -> Anchor {
        if rng.next() % 4 == 0 {
            return Anchor(x: Float(rng.next() % 65) / 64, y: Float(rng.next() % 65) / 64)
        }
        return Anchor.named[Int(rng.next() % 9)]
    }

    private func randomAxis(_ rng: inout SplitMix64) -> Float? {
        switch rng.next() % 5 {
        case 0: return nil
        case 1: return .infinity
        case 2: return 0
        default: return randomLength(&rng, below: 600)
        }
    }

    private func randomKind(_ rng: inout SplitMix64) -> AnyLayout {
        switch rng.next() % 7 {
        case 0:
            return .flow(FlowParameters(spacing: randomSpacing(&rng), lineSpacing: randomSpacing(&rng),
                                        alignment: randomAnchor(&rng)))
        case 1: return .hstack(StackParameters(spacing: randomSpacing(&rng), alignment: randomAnchor(&rng)))
        case 2: return .vstack(StackParameters(spacing: randomSpacing(&rng), alignment: randomAnchor(&rng)))
        case 3: return .zstack(StackParameters(spacing: randomSpacing(&rng), alignment: randomAnchor(&rng)))
        case 4:
            let columns: GridColumns = rng.next() % 2 == 0
                ? .count(1 + Int(rng.next() % 6))
                : .adaptive(minimumWidth: 1 + randomLength(&rng, below: 60))
            return .grid(GridParameters(columns: columns, sizing: rng.next() % 2 == 0 ? .fit : .fill,
                                        spacing: randomLength(&rng, below: 16),
                                        lineSpacing: randomLength(&rng, below: 16),
                                        alignment: randomAnchor(&rng)))
        case 5:
            return .balanced(BalancedParameters(axis: rng.next() % 2 == 0 ? .horizontal : .vertical,
                                                spacing: randomSpacing(&rng)))
        default:
            return .circle(CircleParameters(radius: randomLength(&rng, below: 120),
                                            startAngle: Float(Int(rng.next() % 2000) - 1000) / 100,
                                            anchor: randomAnchor(&rng)))
        }
    }
}
