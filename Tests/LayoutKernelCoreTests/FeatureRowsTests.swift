import LayoutKernelCore
import LayoutKernelDispatch
import XCTest

/// The one-pass placement of featured flows (each line placed as the kernel closes it),
/// at every level, against the reference bit for bit, on flows long enough to reach
/// every path a line can take there: short lines of the kernel's straight path and long
/// lines of its general one, lines across a 16,384-item stretch boundary, lines of a
/// stretch off the 1/64 lattice (and one that starts there and ends on the lattice),
/// lines moved by whole units (placed in `Float`) and by more than 2^16 px or in a
/// container off the lattice (placed in `Double`), every justification with and
/// without increments, reversed and right-to-left lines, columns, and the items'
/// alignment across their lines at the start, centred and at a fraction.
final class FeatureRowsTests: XCTestCase {

    /// `count` items on the lattice (1 to 60 px wide, 8 to 40 high), or with the widths
    /// of the 400 from the middle on and every height off it.
    static func items(_ count: Int, offLattice: Bool) -> ItemList {
        var rng = SplitMix64(seed: offLattice ? 0x0FF : 0x1A7)
        func lattice(_ low: Int, _ high: Int) -> Float {
            Float(Int(rng.next() % UInt64((high - low) * 64)) + low * 64) / 64
        }
        func any(_ most: Double) -> Float { Float(Double(rng.next() % 1_000_000) / 1_000_000 * most) + 0.001 }
        var widths = (0..<count).map { _ in lattice(1, 60) }
        var heights = (0..<count).map { _ in lattice(8, 40) }
        if offLattice {
            for i in count / 2 ..< count / 2 + 400 { widths[i] = any(60) }
            for i in 0..<count { heights[i] = any(40) }
        }
        return ItemList(widths: widths, heights: heights)
    }

    /// The reference's layout and every level's, bit for bit; false after a failure.
    static func matches(_ c: LayoutKernelDifferentialTests.Case, checked: inout Int) -> Bool {
        let want = LayoutKernelDifferentialTests.run(.reference, c)
        for level in KernelLevel.supported where level != .reference {
            let got = LayoutKernelDifferentialTests.run(level.layouts, c)
            if let problem = LayoutKernelDifferentialTests.difference(got, want, tolerance: nil) {
                XCTFail("\(level.name): \(problem)\n  \(c)")
                return false
            }
            checked += 1
        }
        return true
    }

    func testEveryPathMatchesTheReferenceAtEveryLevel() {
        let justifications: [Distribution?] = [nil] + Distribution.allCases.filter { $0 != .stretch }
        // Short lines; long ones; a container off the lattice; leads past 2^16 px; and
        // the minimum size (every item alone on its line).
        let limits: [Float?] = [301, 1_500, 1_500.37, 100_000, nil]
        // Along, the start and a fraction; across, the start and the centre (in columns,
        // a fraction).
        let anchors = [Anchor.topLeading, Anchor(x: 0.3, y: 0.5)]
        var checked = 0
        for offLattice in [false, true] {
            let list = Self.items(3_000, offLattice: offLattice)
            for limit in limits {
                for axis in [Axes.horizontal, .vertical] {
                    for justify in justifications {
                        for reverse in [false, true] {
                            for direction in [Direction.ltr, .rtl] {
                                for alignment in anchors {
                                    let parameters = FlowParameters(
                                        spacing: .fixed(2), lineSpacing: .fixed(3), alignment: alignment,
                                        justify: justify, direction: direction, reverse: reverse, axis: axis)
                                    let c = LayoutKernelDifferentialTests.Case(
                                        items: list, layout: .flow(parameters), proposal: Self.proposal(limit, axis))
                                    guard Self.matches(c, checked: &checked) else { return }
                                }
                            }
                        }
                    }
                }
            }
        }
        XCTAssertEqual(checked, 2 * limits.count * 2 * justifications.count * 2 * 2 * anchors.count
                       * (KernelLevel.supported.count - 1))
    }

    /// Lines placed along as the kernel closes them and across once every line is
    /// known (wrap-reverse, a line distribution over a definite size, columns right to
    /// left, per-item line spacing): every distribution of the lines, with justified,
    /// reversed and mirrored lines.
    func testLinesPlacedAcrossAfterPackingMatchTheReference() {
        var list = Self.items(3_000, offLattice: false)
        list.top = (0..<list.count).map { Float($0 % 5) }
        list.bottom = (0..<list.count).map { Float($0 % 3) }
        list.leading = list.top
        list.trailing = list.bottom
        var checked = 0
        for alignContent in [nil] + Distribution.allCases as [Distribution?] {
            for (index, axis) in [Axes.horizontal, .vertical].enumerated() {
                for wrapReverse in [false, true] {
                    let justify: Distribution? = [nil, .spaceAround, .end][(index + checked) % 3]
                    let parameters = FlowParameters(
                        spacing: .fixed(2), lineSpacing: alignContent == .center ? .perItem : .fixed(3),
                        alignment: index == 0 ? Anchor(x: 0.5, y: 0.25) : .topLeading, justify: justify, direction: .rtl,
                        reverse: wrapReverse, wrapReverse: wrapReverse, axis: axis, alignContent: alignContent)
                    // A definite size across: room to spare.
                    let proposal = axis == .horizontal ? Proposal(width: 1_500, height: 90_000)
                                                       : Proposal(width: 90_000, height: 1_500)
                    let c = LayoutKernelDifferentialTests.Case(items: list, layout: .flow(parameters),
                                                               proposal: proposal)
                    guard Self.matches(c, checked: &checked) else { return }
                }
            }
        }
        XCTAssertEqual(checked, (Distribution.allCases.count + 1) * 2 * 2 * (KernelLevel.supported.count - 1))
    }

    /// Lines spread over a definite size across in the one pass (`LineSpread`: packed and
    /// placed along, then moved and grown once every line is known): every distribution
    /// of the lines, with room to spare and overflowing, rows and columns, short lines
    /// and long ones, wrap-reversed (lines placed from the last, their stores back from
    /// their ends), items at the start, the centre, the end or a fraction of their lines,
    /// sized on and off the lattice, growing items.
    func testLinesSpreadOverADefiniteSizeMatchTheReference() {
        var checked = 0
        for offLattice in [false, true] {
            var list = Self.items(3_000, offLattice: offLattice)
            let grow = (0..<list.count).map { Float($0 % 3 == 0 ? 1 : 0) }
            for alignContent in Distribution.allCases {
                let shapes: [(Float, Axes)] = [(301, .horizontal), (1_500, .horizontal), (301, .vertical),
                                               (1_500, .vertical)]
                for (index, (limit, axis)) in shapes.enumerated() {
                    // Short lines take about 2.4 times the across of long ones (8 to 40 high).
                    let room: Float = limit == 301 ? 150_000 : 60_000
                    // Wrap-reversed items at the end across sit at their lines' start in frame
                    // order: the spread's flat loop, lines from the last.
                    for (across, wrapReverse, definite) in [(0, false, room), (0.5, true, room), (1, false, 1_000),
                                                            (0.25, true, room), (1, true, room)] as [(Float, Bool, Float)] {
                        list.grow = index == 1 && across == 0.5 ? grow : nil
                        let alignment = axis == .horizontal ? Anchor(x: 0, y: across) : Anchor(x: across, y: 0)
                        let parameters = FlowParameters(
                            spacing: .fixed(2), lineSpacing: .fixed(3), alignment: alignment,
                            justify: index == 2 ? .spaceBetween : nil, reverse: index == 3,
                            wrapReverse: wrapReverse, axis: axis, alignContent: alignContent)
                        let proposal = axis == .horizontal ? Proposal(width: limit, height: definite)
                                                           : Proposal(width: definite, height: limit)
                        let c = LayoutKernelDifferentialTests.Case(items: list, layout: .flow(parameters),
                                                                   proposal: proposal)
                        guard Self.matches(c, checked: &checked) else { return }
                    }
                }
            }
        }
        XCTAssertEqual(checked, 2 * Distribution.allCases.count * 4 * 5 * (KernelLevel.supported.count - 1))
    }

    /// A line distribution over a definite size when the caller wants no row table (the
    /// lines' places across come from a table the kernel keeps): the same positions.
    func testLinesSpreadWithoutARowTableMatchTheReference() {
        let list = Self.items(3_000, offLattice: false)
        var checked = 0
        for alignContent in [Distribution.stretch, .spaceBetween, .center] {
            for wrapReverse in [false, true] {
                let parameters = FlowParameters(spacing: .fixed(2), lineSpacing: .fixed(3),
                                                wrapReverse: wrapReverse, alignContent: alignContent)
                let c = LayoutKernelDifferentialTests.Case(items: list, layout: .flow(parameters),
                                                           proposal: Proposal(width: 301, height: 150_000))
                let want = LayoutKernelDifferentialTests.run(.reference, c)
                for level in KernelLevel.supported where level != .reference {
                    let (x, y) = Self.positionsOnly(level.layouts, c)
                    let bits = { (values: [Float]) in values.prefix(list.count).map(\.bitPattern) }
                    guard bits(x) == bits(want.x) && bits(y) == bits(want.y) else {
                        return XCTFail("\(level.name): positions differ without a row table\n  \(c)")
                    }
                    checked += 1
                }
            }
        }
        XCTAssertEqual(checked, 3 * 2 * (KernelLevel.supported.count - 1))
    }

    /// The items' positions of `c` laid out by `kernels` with no row table.
    static func positionsOnly(_ kernels: LayoutKernelSet, _ c: LayoutKernelDifferentialTests.Case)
        -> (x: [Float], y: [Float]) {
        c.items.withItems { items in
            var x = [Float](repeating: .nan, count: items.count), y = x
            x.withUnsafeMutableBufferPointer { x in
                y.withUnsafeMutableBufferPointer { y in
                    _ = kernels.place(items, c.layout, c.proposal, LayoutOutput(
                        x: x.baseAddress, y: y.baseAddress,
                        rows: RowTableWriter(start: nil, count: nil, y: nil, width: nil, height: nil)))
                }
            }
            return (x, y)
        }
    }

    /// Wrap-reversed lines placed across in one pass (from the end of the last line, then
    /// turned once every line is known): rows and columns, short lines of the kernel's
    /// straight path and long ones, items at the start, the centre or the end of their
    /// lines across (and at a fraction, or sized off the lattice, which take the frame's
    /// second pass), justified, reversed and right-to-left lines, growing items, the
    /// minimum size.
    func testWrapReversedLinesMatchTheReference() {
        var checked = 0
        for offLattice in [false, true] {
            var list = Self.items(3_000, offLattice: offLattice)
            let grow = (0..<list.count).map { Float($0 % 3 == 0 ? 1 : 0) }
            for limit in [301, 1_500, nil] as [Float?] {
                for axis in [Axes.horizontal, .vertical] {
                    for across in [0, 0.5, 1, 0.25] as [Float] {
                        for (justify, reverse, direction) in [(nil, false, Direction.ltr), (Distribution.spaceBetween, true, .rtl),
                                                              (.center, false, .rtl), (nil, true, .ltr)]
                            as [(Distribution?, Bool, Direction)] {
                            list.grow = justify == .center && limit != nil ? grow : nil
                            let alignment = axis == .horizontal ? Anchor(x: 0, y: across) : Anchor(x: across, y: 0)
                            let parameters = FlowParameters(
                                spacing: .fixed(2), lineSpacing: .fixed(3), alignment: alignment, justify: justify,
                                direction: direction, reverse: reverse, wrapReverse: true, axis: axis)
                            let c = LayoutKernelDifferentialTests.Case(items: list, layout: .flow(parameters),
                                                                       proposal: Self.proposal(limit, axis))
                            guard Self.matches(c, checked: &checked) else { return }
                        }
                    }
                }
            }
        }
        // Lines 2^16 px across, one item each, 2^31 units (2^25 px) in all after 512 of
        // them: past what the one pass holds in Int32.
        let tall = ItemList(widths: [Float](repeating: 10, count: 600), heights: [Float](repeating: 65_536, count: 600))
        let parameters = FlowParameters(spacing: .fixed(2), lineSpacing: .fixed(3), wrapReverse: true)
        let c = LayoutKernelDifferentialTests.Case(items: tall, layout: .flow(parameters),
                                                   proposal: Proposal(width: 15, height: nil))
        guard Self.matches(c, checked: &checked) else { return }
        // A gap between lines far past 2^31 units (a whole number of them).
        let far = FlowParameters(spacing: .fixed(2), lineSpacing: .fixed(1e20), wrapReverse: true)
        guard Self.matches(LayoutKernelDifferentialTests.Case(items: tall, layout: .flow(far),
                                                              proposal: Proposal(width: 15, height: nil)),
                           checked: &checked) else { return }
        XCTAssertEqual(checked, (2 * 3 * 2 * 4 * 4 + 2) * (KernelLevel.supported.count - 1))
    }

    /// Lines across the kernel's 16,384-item stretches, some of them starting in a
    /// stretch off the lattice.
    func testLinesAcrossStretchesMatchTheReference() {
        var checked = 0
        for offLattice in [false, true] {
            let list = Self.items(17_000, offLattice: offLattice)
            for (limit, justify, reverse, direction) in [(301, nil, false, Direction.rtl),
                                                         (1_500, Distribution.spaceBetween, true, .ltr),
                                                         (1_500, .spaceEvenly, false, .rtl)] as [(Float, Distribution?, Bool, Direction)] {
                for axis in [Axes.horizontal, .vertical] {
                    let parameters = FlowParameters(spacing: .fixed(2), lineSpacing: .fixed(3), justify: justify,
                                                    direction: direction, reverse: reverse, axis: axis)
                    let c = LayoutKernelDifferentialTests.Case(items: list, layout: .flow(parameters),
                                                               proposal: Self.proposal(limit, axis))
                    guard Self.matches(c, checked: &checked) else { return }
                }
            }
        }
        XCTAssertEqual(checked, 2 * 3 * 2 * (KernelLevel.supported.count - 1))
    }

    /// A line whose first items are off the lattice (in the stretch before a boundary,
    /// packed by the plain loop) and whose extent is back on it at the boundary, so that
    /// the next stretch takes the exact path and closes the line: its offsets are not
    /// all on the lattice, and it must be placed as such.
    func testLineFromAStretchOffTheLatticeMatchesTheReference() {
        var list = Self.items(17_000, offLattice: false)
        let first = 16_380
        // 10.3 and 9.7 as floats sum to exactly 20: the second item's offset (12.3 after
        // the gap of 2) has 20 bits of fraction, the extent after it none.
        list.widths[first] = 10.3
        list.widths[first + 1] = 9.7
        list.flags = (0..<list.count).map { $0 == first ? ItemFlag.breakBefore : 0 }
        var checked = 0
        for (justify, reverse, direction) in [(nil, false, Direction.rtl), (nil, true, .ltr),
                                              (Distribution.spaceBetween, false, .ltr),
                                              (.center, true, .rtl)] as [(Distribution?, Bool, Direction)] {
            let parameters = FlowParameters(spacing: .fixed(2), lineSpacing: .fixed(3), justify: justify,
                                            direction: direction, reverse: reverse)
            let c = LayoutKernelDifferentialTests.Case(items: list, layout: .flow(parameters),
                                                       proposal: Proposal(width: 1_500, height: nil))
            let line = LayoutKernelDifferentialTests.run(.reference, c).rows.first { $0.start == first }
            XCTAssertGreaterThan((line?.start ?? 0) + (line?.count ?? 0), 16_384, "the line crosses the boundary")
            guard Self.matches(c, checked: &checked) else { return }
        }
        XCTAssertEqual(checked, 4 * (KernelLevel.supported.count - 1))
    }

    /// Flows of `spacing` between items (lines 1 apart) with every spaced distribution
    /// (space-between, -around, -evenly), in frame order and reversed, left to right and
    /// mirrored: 3 * 4 parameter sets.
    static func spacedFlows(spacing: Float) -> [FlowParameters] {
        [Distribution.spaceBetween, .spaceAround, .spaceEvenly].flatMap { justify in
            [(false, Direction.ltr), (true, .ltr), (false, .rtl), (true, .rtl)].map { reverse, direction in
                FlowParameters(spacing: .fixed(spacing), lineSpacing: .fixed(1), justify: justify,
                               direction: direction, reverse: reverse)
            }
        }
    }

    /// Spaced lines of the kernel's straight path whose increments are too large for
    /// `Float` to find exactly (2 * 15 * F well past 2^24 units): 16 items of 1 px, then
    /// one of 65,536 px on a line of its own, in a container 65,600 px wide, so that each
    /// short line has almost all of it free. They must be placed as any other line.
    func testSpacedLinesWithLargeIncrementsMatchTheReference() {
        let count = 1_700
        let widths = (0..<count).map { $0 % 17 == 16 ? Float(65_536) : 1 }
        var list = ItemList(widths: widths, heights: [Float](repeating: 10, count: count))
        list.flags = (0..<count).map { $0 % 17 == 16 || $0 % 17 == 0 ? ItemFlag.breakBefore : 0 }
        var checked = 0
        for parameters in Self.spacedFlows(spacing: 0) {
            let c = LayoutKernelDifferentialTests.Case(items: list, layout: .flow(parameters),
                                                       proposal: Proposal(width: 65_600, height: nil))
            XCTAssertEqual(LayoutKernelDifferentialTests.run(.reference, c).rows.first?.count, 16)
            guard Self.matches(c, checked: &checked) else { return }
        }
        XCTAssertEqual(checked, 3 * 4 * (KernelLevel.supported.count - 1))
    }

    /// Space-between, -around and -evenly on the kernel's straight lines, whose
    /// increments rhu(k F / d) come from F = q d + r in `Float` lanes: every line length
    /// from 1 to 16 items (every divisor d up to 17) with 40 free spaces one unit apart
    /// (every remainder r), so that every subject k of every (d, r) is placed, in frame
    /// order and reversed, left to right and mirrored.
    func testSpacedLinesOfEveryLengthAndRemainderMatchTheReference() {
        var widths: [Float] = [], flags: [UInt8] = []
        for n in 1...16 {
            for step in 0..<40 {
                for j in 0..<n {
                    // The line's first item is 1/64 px wider per step: its free space one unit less.
                    widths.append(j == 0 ? 3 + Float(step) / 64 : 3)
                    flags.append(j == 0 ? ItemFlag.breakBefore : 0)
                }
            }
        }
        let list = ItemList(widths: widths, heights: [Float](repeating: 5, count: widths.count), flags: flags)
        var checked = 0
        for parameters in Self.spacedFlows(spacing: 1) {
            let c = LayoutKernelDifferentialTests.Case(items: list, layout: .flow(parameters),
                                                       proposal: Proposal(width: 100, height: nil))
            guard Self.matches(c, checked: &checked) else { return }
        }
        XCTAssertEqual(checked, 3 * 4 * (KernelLevel.supported.count - 1))
    }

    /// A right-to-left flow in a container -0 wide (a proposal of -0 along): an item of no
    /// width at the container's start is at -0 - 0 - 0 = -0, as the reference computes it
    /// (found by fuzz_layout: the straight lines' whole units gave +0), with and without a
    /// row table (the one pass and the frame), reversed or not, wrap-reversed and spread.
    func testMirroredLinesInAContainerOfMinusZeroMatchTheReference() {
        let widths = (0..<400).map { Float($0 % 3 == 0 ? 0 : 1) }
        let list = ItemList(widths: widths, heights: [Float](repeating: 2, count: widths.count))
        var checked = 0
        for (reverse, wrapReverse, alignContent) in [(false, false, nil), (true, true, Distribution.spaceAround),
                                                     (true, false, nil)] as [(Bool, Bool, Distribution?)] {
            let parameters = FlowParameters(spacing: .fixed(0), lineSpacing: .fixed(1), direction: .rtl,
                                            reverse: reverse, wrapReverse: wrapReverse, alignContent: alignContent)
            let c = LayoutKernelDifferentialTests.Case(items: list, layout: .flow(parameters),
                                                       proposal: Proposal(width: -0.0, height: 14.5625))
            guard Self.matches(c, checked: &checked) else { return }
            let want = LayoutKernelDifferentialTests.run(.reference, c)
            XCTAssertEqual(want.x.first?.sign, .minus, "the reference places the first item at -0")
            for level in KernelLevel.supported where level != .reference {
                let (x, _) = Self.positionsOnly(level.layouts, c)
                XCTAssertEqual(x.prefix(list.count).map(\.bitPattern), want.x.prefix(list.count).map(\.bitPattern),
                               "\(level.name) without a row table")
            }
        }
        XCTAssertEqual(checked, 3 * (KernelLevel.supported.count - 1))
    }

    /// Growing items on the kernel's straight lines (at most 16 items), whose shares take
    /// a closed form when every growing item of a line has the same factor: every other
    /// item growing by 1, all of them, every third by 2.5, factors summing below 1 (0.05
    /// each: only part of the free space is shared), huge and tiny factors, and lines
    /// whose factors differ (the rule's own operations over the line's growing lanes);
    /// justified, reversed, right to left and in
    /// columns, with free space from a few units to most of the line; items of no length
    /// (-0, which grows to +0, and +0), and one longer than every line (its line
    /// overflows: nothing to share, and a growing item keeps its length).
    func testGrowingItemsOnShortLinesMatchTheReference() {
        var list = Self.items(3_000, offLattice: false)
        for i in stride(from: 7, to: list.count, by: 97) {
            list.widths[i] = i % 2 == 0 ? -0.0 : 0
            list.heights[i + 1] = i % 2 == 0 ? 0 : -0.0
        }
        (list.widths[1_500], list.heights[1_500]) = (700, 700)
        var rng = SplitMix64(seed: 0x6A0)
        let patterns: [[Float]] = [
            (0..<list.count).map { Float($0 % 2) },
            [Float](repeating: 1, count: list.count),
            (0..<list.count).map { $0 % 3 == 0 ? 2.5 : 0 },
            (0..<list.count).map { $0 % 4 == 1 ? 0 : 0.05 },
            (0..<list.count).map { $0 % 5 < 2 ? 1e30 : 0 },
            (0..<list.count).map { $0 % 2 == 0 ? 1e-30 : 0 },
            (0..<list.count).map { _ in Float(rng.next() % 4) },
            // Factors that differ: decimal fractions, then factors 2^40 apart (whose
            // sums in double round).
            (0..<list.count).map { [0, 0.1, 0.3, 2.5, 1, 0.7][$0 % 6] },
            (0..<list.count).map { [1e-6, 0, 3e6, 1, 0.5][$0 % 5] },
        ]
        var checked = 0
        for grow in patterns {
            var grown = list
            grown.grow = grow
            for (limit, justify, reverse, direction, axis) in [
                (301, nil, false, Direction.ltr, Axes.horizontal), (433, Distribution.spaceBetween, true, .rtl, .horizontal),
                (200.5, .center, false, .rtl, .horizontal), (301, .end, true, .ltr, .vertical),
                (611, .spaceEvenly, false, .ltr, .vertical)] as [(Float, Distribution?, Bool, Direction, Axes)] {
                let parameters = FlowParameters(spacing: .fixed(2), lineSpacing: .fixed(3), justify: justify,
                                                direction: direction, reverse: reverse, axis: axis)
                let c = LayoutKernelDifferentialTests.Case(items: grown, layout: .flow(parameters),
                                                           proposal: Self.proposal(limit, axis))
                guard Self.matches(c, checked: &checked) else { return }
            }
        }
        XCTAssertEqual(checked, patterns.count * 5 * (KernelLevel.supported.count - 1))
    }

    /// `limit` along the lines (nil: 5 by 4, below every item, so the minimum size applies).
    static func proposal(_ limit: Float?, _ axis: Axes) -> Proposal {
        let along = limit ?? 5, across: Float? = limit == nil ? 4 : nil
        return axis == .horizontal ? Proposal(width: along, height: across) : Proposal(width: across, height: along)
    }
}
