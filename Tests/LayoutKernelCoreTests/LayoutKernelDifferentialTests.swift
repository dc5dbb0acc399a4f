import LayoutKernelCore
import LayoutKernelDispatch
import XCTest

/// Every kernel level's `LayoutKernelSet` (place, size, row count) against
/// `LayoutKernelSet.reference`, for every layout kind, on seeded random cases.
///
/// With lengths on the 1/64 grid and coordinates below 2^17, the header promises results
/// bit-identical to the reference: x, y, size, rows and the balanced cell are compared
/// bit for bit. The circle's positions come from rotations rather than a `cos`/`sin` per
/// item, so they are compared within 1e-5 of the circle's size (its size bit for bit).
/// Each failure prints the level, the case index and the case, to replay it.
final class LayoutKernelDifferentialTests: XCTestCase {

    enum Kind: String, CaseIterable {
        case flow, featuredFlow, hstack, vstack, zstack, grid, balanced, circle
    }

    /// One random case: items, a layout and a proposal.
    struct Case: CustomStringConvertible {
        var items: ItemList
        var layout: AnyLayout
        var proposal: Proposal

        var description: String {
            var text = "n=\(items.count) layout=\(layout) proposal=\(proposal)"
            guard items.count <= 40 else { return text + " (rerun the seed to see the items)" }
            text += " w=\(items.widths) h=\(items.heights)"
            for (name, values) in [("leading", items.leading), ("trailing", items.trailing),
                                   ("top", items.top), ("bottom", items.bottom)] {
                if let values { text += " \(name)=\(values)" }
            }
            if let flags = items.flags { text += " flags=\(flags)" }
            return text
        }
    }

    /// What a kernel set reports for a case, through the interface the C API uses.
    struct Outcome {
        var size: Size
        var x: [Float]
        var y: [Float]
        var rows: [Row]
        var cell: Size?
        /// The sizes a flow gave its growing items (nil when it wrote none).
        var itemSizes: [Float]?
        var sizeOnly: Size
        var rowCount: Int
        /// A flow with `maxLines`: the items hidden and the overflow item's frame.
        var hidden: Int
        var overflow: Rect?
        /// Whether every buffer is untouched past what the layout may write.
        var tailsIntact: Bool
    }

    /// Counts around the 16-lane blocks.
    static let edgeCounts = [0, 1, 15, 16, 17, 31, 32, 33]
    static let slack = 16

    static func run(_ kernels: LayoutKernelSet, _ c: Case) -> Outcome {
        c.items.withItems { items in
            let n = items.count
            let capacity = n + slack
            var x = [Float](repeating: .nan, count: capacity)
            var y = [Float](repeating: .nan, count: capacity)
            var start = [Int64](repeating: -1, count: capacity)
            var count = [Int64](repeating: -1, count: capacity)
            var rowY = [Double](repeating: .nan, count: capacity)
            var rowWidth = [Float](repeating: .nan, count: capacity)
            var rowHeight = [Float](repeating: .nan, count: capacity)
            var itemWidth = [Float](repeating: .nan, count: capacity), itemHeight = itemWidth
            let outcome = x.withUnsafeMutableBufferPointer { x in
                y.withUnsafeMutableBufferPointer { y in
                    kernels.place(items, c.layout, c.proposal, LayoutOutput(
                        x: x.baseAddress, y: y.baseAddress,
                        rows: RowTableWriter(start: &start, count: &count, y: &rowY,
                                             width: &rowWidth, height: &rowHeight),
                        itemWidth: &itemWidth, itemHeight: &itemHeight))
                }
            }
            let rows = (0..<outcome.rows).map {
                Row(start: Int(start[$0]), count: Int(count[$0]), y: rowY[$0],
                    width: rowWidth[$0], height: rowHeight[$0])
            }
            let tailsIntact = x[n...].allSatisfy(\.isNaN) && y[n...].allSatisfy(\.isNaN)
                && start[outcome.rows...].allSatisfy { $0 == -1 }
                && count[outcome.rows...].allSatisfy { $0 == -1 }
                && rowY[outcome.rows...].allSatisfy(\.isNaN)
                && rowWidth[outcome.rows...].allSatisfy(\.isNaN)
                && rowHeight[outcome.rows...].allSatisfy(\.isNaN)
                && itemWidth[n...].allSatisfy(\.isNaN) && itemHeight[n...].allSatisfy(\.isNaN)
                && (outcome.sizesWritten || itemWidth.allSatisfy(\.isNaN) && itemHeight.allSatisfy(\.isNaN))
            return Outcome(size: outcome.size, x: Array(x[..<n]), y: Array(y[..<n]), rows: rows,
                           cell: outcome.cell,
                           itemSizes: outcome.sizesWritten ? Array(itemWidth[..<n] + itemHeight[..<n]) : nil,
                           sizeOnly: kernels.size(items, c.layout, c.proposal),
                           rowCount: kernels.rowCount(items, c.layout, c.proposal),
                           hidden: outcome.hidden, overflow: outcome.overflow, tailsIntact: tailsIntact)
        }
    }

    // MARK: - Random cases

    static func randomCase(_ kind: Kind, _ rng: inout SplitMix64, index: Int) -> Case {
        func grid(_ max: Int) -> Float { Float(Int(rng.next() % UInt64(max * 64 + 1))) / 64 }
        func chance(_ percent: UInt64) -> Bool { rng.next() % 100 < percent }
        func anchor() -> Anchor { chance(70) ? Anchor.named[Int(rng.next() % 9)] : Anchor(x: grid(1), y: grid(1)) }

        if kind == .flow {
            let c = FlowKernelDifferentialTests.randomCase(&rng, index: index)
            return Case(items: c.items, layout: .flow(c.parameters), proposal: c.proposal)
        }
        if kind == .featuredFlow {
            // The flow's random cases (per-item spacing, breaks, huge and off-grid values),
            // with random CSS flow features.
            let c = FlowKernelDifferentialTests.randomCase(&rng, index: index)
            var parameters = c.parameters
            let modes = Distribution.allCases
            parameters.justify = chance(60) ? modes[Int(rng.next() % 6)] : nil
            parameters.alignContent = chance(50) ? modes[Int(rng.next() % 7)] : nil
            parameters.direction = chance(40) ? .rtl : .ltr
            parameters.reverse = chance(40)
            parameters.wrapReverse = chance(40)
            parameters.axis = chance(40) ? .vertical : .horizontal
            if !parameters.hasFeatures { parameters.reverse = true }
            var items = c.items
            if chance(40) {
                // Grow factors: zeros, fractions summing below 1, and larger ones.
                let small = chance(30)
                items.grow = (0..<items.count).map { _ in
                    chance(30) ? 0 : (small ? Float(rng.next() % 100) / 400 : Float(rng.next() % 9) / 2)
                }
            }
            // Columns wrap at the proposal's height.
            let proposal = parameters.axis == .vertical && chance(70)
                ? Proposal(width: c.proposal.height, height: c.proposal.width) : c.proposal
            // One line that may overflow (SPEC.md §12), drawn last so that the other
            // draws stay the same.
            if !parameters.wrapReverse && chance(25) {
                parameters.wrap = .nowrap
            } else if chance(25) {
                // Balanced lines (§12), now and then with a minimum line count.
                parameters.wrap = .balance
                parameters.minLines = chance(30) ? 1 + Int(rng.next() % 6) : 1
            }
            // At most a few lines (§12), now and then with an overflow item, now and then
            // on a flow with no other feature.
            if chance(25) {
                parameters.maxLines = 1 + Int(rng.next() % 4)
                if chance(60) { parameters.overflowItem = Size(width: grid(chance(20) ? 600 : 60), height: grid(40)) }
                if chance(30) {
                    parameters = FlowParameters(spacing: parameters.spacing, lineSpacing: parameters.lineSpacing,
                                                alignment: parameters.alignment, maxLines: parameters.maxLines,
                                                overflowItem: parameters.overflowItem)
                    items.grow = nil
                }
            }
            // Item rules (SPEC.md §13), drawn last: alignments, baselines (some below
            // or above the box, some none), stretch, bounds (a minimum above a maximum,
            // none, infinite), shrink factors; in half the cases few of them, often one
            // alone or none (the alignment alone), which levels may place as §11 does.
            if chance(35) {
                let n = items.count
                let density: UInt64 = chance(50) ? 40 : 10
                func some<T>(_ value: () -> T) -> [T]? { chance(density) ? (0..<n).map { _ in value() } : nil }
                parameters.alignItems = chance(70) ? ItemAlignment.allCases[Int(rng.next() % 6)] : nil
                var rules = ItemRuleList()
                rules.alignSelf = some { UInt8(rng.next() % 7) }
                rules.baseline = some { chance(20) ? .nan : grid(50) - 5 }
                rules.lastBaseline = some { chance(30) ? .nan : grid(50) }
                rules.stretchable = some { UInt8(rng.next() % 2) }
                rules.minWidth = some { chance(50) ? .nan : grid(60) }
                rules.maxWidth = some { chance(30) ? .nan : chance(10) ? .infinity : grid(100) }
                rules.minHeight = some { chance(50) ? .nan : grid(40) }
                rules.maxHeight = some { chance(30) ? .nan : grid(60) }
                rules.shrink = some { chance(30) ? 0 : Float(rng.next() % 9) / 4 }
                items.rules = rules
            }
            return Case(items: items, layout: .flow(parameters), proposal: proposal)
        }
        let n = index < edgeCounts.count * 10 ? edgeCounts[index % edgeCounts.count]
            : (chance(10) ? 200 + Int(rng.next() % 101) : Int(rng.next() % 200))
        // Lengths: mostly modest, sometimes large, some zeros (and a rare -0, which
        // validation lets through as >= 0).
        let large = chance(20)
        func length() -> Float {
            if chance(4) { return chance(20) ? -0.0 : 0 }
            return grid(large ? 400 : 100)
        }
        let widths = (0..<n).map { _ in length() }
        let heights = (0..<n).map { _ in length() }
        let perItem = chance(30)
        func preferences() -> [Float]? { perItem && chance(85) ? (0..<n).map { _ in grid(20) } : nil }
        let items = ItemList(widths: widths, heights: heights, leading: preferences(),
                             trailing: preferences(), top: preferences(), bottom: preferences())
        let spacing: Spacing = perItem ? .perItem : .fixed(chance(20) ? 0 : grid(16))
        func axis() -> Float? {
            switch rng.next() % 5 {
            case 0: return nil
            case 1: return .infinity
            case 2: return 0
            default: return grid(2000)
            }
        }
        let proposal = Proposal(width: axis(), height: axis())

        let layout: AnyLayout
        switch kind {
        case .flow, .featuredFlow:
            fatalError("handled above")
        case .hstack:
            layout = .hstack(StackParameters(spacing: spacing, alignment: anchor()))
        case .vstack:
            layout = .vstack(StackParameters(spacing: spacing, alignment: anchor()))
        case .zstack:
            layout = .zstack(StackParameters(spacing: spacing, alignment: anchor()))
        case .grid:
            let columns: GridColumns
            switch rng.next() % 6 {
            case 0: columns = .count(1)
            case 1: columns = .count(16 + Int(rng.next() % 3) - 1)   // 15, 16, 17
            case 2: columns = .count(chance(50) ? 1 + Int(rng.next() % 40) : 100 + Int(rng.next() % 1000))
            case 3: columns = .count(1 + Int(rng.next() % 8))
            default: columns = .adaptive(minimumWidth: grid(150) + 1.0 / 64)
            }
            layout = .grid(GridParameters(columns: columns, sizing: chance(50) ? .fit : .fill,
                                          spacing: chance(20) ? 0 : grid(16),
                                          lineSpacing: chance(20) ? 0 : grid(16),
                                          alignment: anchor()))
        case .balanced:
            layout = .balanced(BalancedParameters(axis: chance(50) ? .horizontal : .vertical,
                                                  spacing: spacing))
        case .circle:
            let startAngle: Float = chance(30) ? 0 : Float(Int(rng.next() % 20001) - 10000) / 1000
            layout = .circle(CircleParameters(radius: chance(10) ? 0 : grid(chance(20) ? 20_000 : 500),
                                              startAngle: startAngle, anchor: anchor()))
        }
        return Case(items: items, layout: layout, proposal: proposal)
    }

    // MARK: - Comparison

    static func bits(_ values: [Float]) -> [UInt32] { values.map(\.bitPattern) }
    static func sameBits(_ a: Size, _ b: Size) -> Bool {
        a.width.bitPattern == b.width.bitPattern && a.height.bitPattern == b.height.bitPattern
    }
    static func sameBits(_ a: [Row], _ b: [Row]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy {
            $0.start == $1.start && $0.count == $1.count && $0.y.bitPattern == $1.y.bitPattern
                && $0.width.bitPattern == $1.width.bitPattern && $0.height.bitPattern == $1.height.bitPattern
        }
    }

    /// The first difference between `got` and `want` (nil when they agree): positions bit
    /// for bit, or within `tolerance` when one is given.
    static func difference(_ got: Outcome, _ want: Outcome, tolerance: Float?) -> String? {
        if !got.tailsIntact { return "wrote past the items or rows" }
        if !sameBits(got.size, want.size) { return "size \(got.size), want \(want.size)" }
        if !sameBits(got.sizeOnly, want.size) { return "size-only \(got.sizeOnly), want \(want.size)" }
        if got.rowCount != want.rows.count { return "row count \(got.rowCount), want \(want.rows.count)" }
        if got.hidden != want.hidden { return "hidden \(got.hidden), want \(want.hidden)" }
        if got.overflow.map({ bits([$0.x, $0.y, $0.width, $0.height]) })
            != want.overflow.map({ bits([$0.x, $0.y, $0.width, $0.height]) }) {
            return "overflow \(String(describing: got.overflow)), want \(String(describing: want.overflow))"
        }
        if !sameBits(got.rows, want.rows) { return "rows \(got.rows), want \(want.rows)" }
        switch (got.cell, want.cell) {
        case (nil, nil): break
        case let (a?, b?) where sameBits(a, b): break
        default: return "cell \(String(describing: got.cell)), want \(String(describing: want.cell))"
        }
        if got.itemSizes.map(bits) != want.itemSizes.map(bits) {
            return "item sizes \(String(describing: got.itemSizes)), want \(String(describing: want.itemSizes))"
        }
        for (name, a, b) in [("x", got.x, want.x), ("y", got.y, want.y)] {
            for i in a.indices {
                let agree = tolerance.map { abs(a[i] - b[i]) <= $0 } ?? (a[i].bitPattern == b[i].bitPattern)
                if !agree { return "\(name)[\(i)] = \(a[i]), want \(b[i])" }
            }
        }
        return nil
    }

    /// The circle's tolerance: 1e-5 of its size.
    static func tolerance(_ c: Case, _ want: Outcome) -> Float? {
        guard case .circle = c.layout else { return nil }
        return 1e-5 * max(1, want.size.width, want.size.height)
    }

    // MARK: - Tests

    static let casesPerKind = 2_500

    /// Every kind at every level, `casesPerKind` seeded cases each.
    func testEveryKindMatchesTheReferenceAtEveryLevel() {
        var checked: [KernelLevel: Int] = [:]
        for kind in Kind.allCases {
            var rng = SplitMix64(seed: 0x5EED_0000 + UInt64(Kind.allCases.firstIndex(of: kind)!))
            for index in 0..<Self.casesPerKind {
                let c = Self.randomCase(kind, &rng, index: index)
                let want = Self.run(.reference, c)
                for level in KernelLevel.supported {
                    let got = Self.run(level.layouts, c)
                    if let problem = Self.difference(got, want, tolerance: Self.tolerance(c, want)) {
                        XCTFail("\(level.name) \(kind) case \(index): \(problem)\n  \(c)")
                        return
                    }
                    checked[level, default: 0] += 1
                }
            }
        }
        for level in KernelLevel.supported {
            XCTAssertEqual(checked[level], Kind.allCases.count * Self.casesPerKind)
        }
        print("LayoutKernelDifferentialTests: cases checked per level:",
              KernelLevel.supported.map { "\($0.name) \(checked[$0] ?? 0)" }.joined(separator: ", "))
    }

    /// Nil outputs: `place` with no positions and no row columns reports the same outcome
    /// and writes nothing.
    func testNilOutputs() {
        var rng = SplitMix64(seed: 7)
        for kind in Kind.allCases {
            for index in 0..<200 {
                let c = Self.randomCase(kind, &rng, index: index)
                let want = Self.run(.reference, c)
                for level in KernelLevel.supported where level != .reference {
                    let outcome = c.items.withItems {
                        level.layouts.place($0, c.layout, c.proposal, LayoutOutput(
                            x: nil, y: nil,
                            rows: RowTableWriter(start: nil, count: nil, y: nil, width: nil, height: nil)))
                    }
                    XCTAssertTrue(Self.sameBits(outcome.size, want.size), "\(level.name) \(kind) \(index): \(c)")
                    XCTAssertEqual(outcome.rows, want.rows.count, "\(level.name) \(kind) \(index)")
                    XCTAssertEqual(outcome.cell, want.cell, "\(level.name) \(kind) \(index)")
                }
            }
        }
    }

    /// Stacks, balanced stacks and grids far past 2^17 (and 2^24) px, where offsets are no
    /// longer floats: the stacks' block sums stay exact on the 1/64 grid and their bases
    /// carry in Double, and the grid sums as the reference does, so all stay bit-identical.
    func testLongStacksAndGridsStayExact() {
        var rng = SplitMix64(seed: 2024)
        let n = 300_000
        let items = ItemList(widths: (0..<n).map { _ in Float(rng.next() % 6400) / 64 },
                             heights: (0..<n).map { _ in Float(rng.next() % 6400) / 64 },
                             leading: (0..<n).map { _ in Float(rng.next() % 640) / 64 },
                             trailing: (0..<n).map { _ in Float(rng.next() % 640) / 64 })
        let layouts: [AnyLayout] = [
            .hstack(StackParameters(spacing: .fixed(8.5), alignment: .bottom)),
            .hstack(StackParameters(spacing: .perItem, alignment: .center)),
            .vstack(StackParameters(spacing: .fixed(3), alignment: .trailing)),
            .balanced(BalancedParameters(axis: .horizontal, spacing: .perItem)),
            .balanced(BalancedParameters(axis: .vertical, spacing: .fixed(1.25))),
            .grid(GridParameters(columns: .count(3), spacing: 2, lineSpacing: 4, alignment: .center)),
            .grid(GridParameters(columns: .count(40), spacing: 2.5, lineSpacing: 4, alignment: .bottomTrailing)),
        ]
        for layout in layouts {
            let c = Case(items: items, layout: layout, proposal: .unspecified)
            let want = Self.run(.reference, c)
            for level in KernelLevel.supported where level != .reference {
                XCTAssertNil(Self.difference(Self.run(level.layouts, c), want, tolerance: nil),
                             "\(level.name) \(layout)")
            }
        }
    }

    /// Off the 1/64 grid the stacks' block sums round differently from the reference's
    /// sequential sums: within 1e-5 of the extent (the model of layoutkernel.h). Grids use the
    /// reference's own sums and stay bit-identical.
    func testOffGridStaysWithinTolerance() {
        var rng = SplitMix64(seed: 31337)
        func value(_ scale: Float) -> Float { Float(rng.next() % 1_000_000) / 1_000_000 * scale }
        for index in 0..<600 {
            let n = Int(rng.next() % 2000)
            let items = ItemList(widths: (0..<n).map { _ in value(97.3) }, heights: (0..<n).map { _ in value(41.1) },
                                 leading: (0..<n).map { _ in value(9.1) }, trailing: (0..<n).map { _ in value(7.7) },
                                 top: (0..<n).map { _ in value(5.3) }, bottom: (0..<n).map { _ in value(3.9) })
            let spacing: Spacing = index % 3 == 0 ? .perItem : .fixed(value(9.7))
            let anchor = Anchor(x: value(1), y: value(1))
            let layouts: [AnyLayout] = [
                .hstack(StackParameters(spacing: spacing, alignment: anchor)),
                .vstack(StackParameters(spacing: spacing, alignment: anchor)),
                .zstack(StackParameters(spacing: spacing, alignment: anchor)),
                .balanced(BalancedParameters(axis: index % 2 == 0 ? .horizontal : .vertical, spacing: spacing)),
                .grid(GridParameters(columns: .adaptive(minimumWidth: 1 + value(200)), sizing: index % 2 == 0 ? .fit : .fill,
                                     spacing: value(9.7), lineSpacing: value(9.7), alignment: anchor)),
                .circle(CircleParameters(radius: value(3000), startAngle: value(7), anchor: anchor)),
            ]
            for layout in layouts {
                let c = Case(items: items, layout: layout, proposal: Proposal(width: value(3000), height: nil))
                let want = Self.run(.reference, c)
                var exactSize = true
                let tolerance: Float?
                switch layout {
                case .grid, .zstack: tolerance = nil
                default:
                    tolerance = 1e-5 * max(1, want.size.width, want.size.height)
                    if case .circle = layout {} else { exactSize = false }
                }
                for level in KernelLevel.supported where level != .reference {
                    var got = Self.run(level.layouts, c)
                    if !exactSize, let tolerance {
                        // Totals are sums too: within the tolerance, then compared as equal.
                        XCTAssertEqual(got.size.width, want.size.width, accuracy: tolerance, "\(level.name) \(index) \(layout)")
                        XCTAssertEqual(got.size.height, want.size.height, accuracy: tolerance, "\(level.name) \(index) \(layout)")
                        XCTAssertEqual(got.sizeOnly.width, want.size.width, accuracy: tolerance)
                        XCTAssertEqual(got.sizeOnly.height, want.size.height, accuracy: tolerance)
                        got.size = want.size
                        got.sizeOnly = want.size
                        got.rows = zip(got.rows, want.rows).map { g, w in
                            XCTAssertEqual(g.width, w.width, accuracy: tolerance)
                            XCTAssertEqual(g.height, w.height, accuracy: tolerance)
                            return w
                        }
                    }
                    if let problem = Self.difference(got, want, tolerance: tolerance) {
                        XCTFail("\(level.name) off-grid case \(index) \(layout): \(problem)")
                        return
                    }
                }
            }
        }
    }

    /// A million items around a circle: no drift across superblocks, within 1e-5 of the
    /// size everywhere; the first item of each superblock of 256 exactly as the reference.
    func testLargeCircleStaysWithinTolerance() {
        var rng = SplitMix64(seed: 1_000_000)
        let n = 1_000_000
        let items = ItemList(widths: (0..<n).map { _ in Float(rng.next() % 3200) / 64 },
                             heights: (0..<n).map { _ in Float(rng.next() % 3200) / 64 })
        for parameters in [CircleParameters(radius: 100_000, startAngle: 0.3, anchor: .center),
                           CircleParameters(radius: 250.5, startAngle: -12, anchor: .topLeading)] {
            let c = Case(items: items, layout: .circle(parameters), proposal: .unspecified)
            let want = Self.run(.reference, c)
            let tolerance = 1e-5 * max(want.size.width, want.size.height)
            for level in KernelLevel.supported where level != .reference {
                let got = Self.run(level.layouts, c)
                XCTAssertNil(Self.difference(got, want, tolerance: tolerance), "\(level.name) \(parameters)")
                var worst: Float = 0
                var differing = 0
                for i in 0..<n {
                    let d = max(abs(got.x[i] - want.x[i]), abs(got.y[i] - want.y[i]))
                    worst = max(worst, d)
                    if d != 0 { differing += 1 }
                }
                for i in stride(from: 0, to: n, by: 256) {
                    XCTAssertEqual(got.x[i].bitPattern, want.x[i].bitPattern, "\(level.name) x[\(i)]")
                    XCTAssertEqual(got.y[i].bitPattern, want.y[i].bitPattern, "\(level.name) y[\(i)]")
                }
                // The rotations are accurate to a few Double ulps: any difference is a single
                // Float rounding step at the coordinates' magnitude, and rare.
                XCTAssertLessThanOrEqual(worst, max(want.size.width, want.size.height).ulp, level.name)
                XCTAssertLessThanOrEqual(differing, n / 1000, level.name)
                print("circle r=\(parameters.radius) \(level.name): \(differing) of \(2 * n) coordinates differ, worst \(worst) (tolerance \(tolerance))")
            }
        }
    }
}
