import LayoutKernelCore
import LayoutKernelDispatch
@testable import LayoutKernelEngine
import XCTest

/// A flow with CSS features (or growing items) served from its kept lines
/// (`FeaturedLines`): after any sequence of mutations every answer equals a fresh layout
/// of the same items, bit for bit, whichever path answers it (the lines, or a whole
/// result where the lines cannot give the same bits); an edit re-packs a few lines; the
/// whole-result fallback is taken exactly where the lines' sums may not be exact.
final class FeaturedEngineTests: XCTestCase {
    typealias Random = EngineDifferentialTests.Random

    /// How a sequence's items are drawn: each axis on or off the 1/64 grid, sizes across
    /// the lines now and then near or past the bound of exact sums, which fields they
    /// bring.
    struct Style: CustomStringConvertible {
        var widthsOffGrid = false, heightsOffGrid = false
        var huge = false
        var spacing = false, flags = false, grow = false
        /// Which item rules of SPEC.md §13 the items bring (none: empty).
        var rules: Set<String> = []
        var axis = Axes.horizontal

        var description: String {
            "widths \(widthsOffGrid ? "off" : "on") grid, heights \(heightsOffGrid ? "off" : "on") grid"
                + (huge ? ", huge" : "") + (spacing ? ", spacing" : "") + (flags ? ", flags" : "")
                + (grow ? ", grow" : "") + (rules.isEmpty ? "" : ", rules \(rules.sorted())")
        }
    }

    static func randomStyle(_ rng: inout Random, axis: Axes) -> Style {
        Style(widthsOffGrid: rng.chance(20), heightsOffGrid: rng.chance(20), huge: rng.chance(8),
              spacing: rng.chance(25), flags: rng.chance(25), grow: rng.chance(35),
              rules: rng.chance(25) ? randomRules(&rng) : [], axis: axis)
    }

    /// Some of the item rules, by name: often one alone.
    static func randomRules(_ rng: inout Random) -> Set<String> {
        let names = ["alignSelf", "baseline", "lastBaseline", "stretchable", "minWidth", "maxWidth", "minHeight",
                     "maxHeight", "shrink"]
        if rng.chance(40) { return [names[rng.below(names.count)]] }
        return Set(names.filter { _ in rng.chance(35) })
    }

    /// Valid values of the rules `names` for n items: alignments (auto and the six),
    /// baselines inside, below and above the box or none, minimum and maximum sizes (or
    /// none, and unbounded maxima), shrink factors.
    static func rules(_ rng: inout Random, _ n: Int, _ names: Set<String>) -> ItemRuleList? {
        guard !names.isEmpty else { return nil }
        func floats(_ name: String, _ value: (inout Random) -> Float) -> [Float]? {
            names.contains(name) ? (0..<n).map { _ in value(&rng) } : nil
        }
        func size(_ rng: inout Random) -> Float { rng.chance(30) ? .nan : Float(rng.below(100 * 64)) / 64 }
        func baseline(_ rng: inout Random) -> Float { rng.chance(20) ? .nan : Float(rng.below(70 * 64)) / 64 - 5 }
        return ItemRuleList(
            alignSelf: names.contains("alignSelf") ? (0..<n).map { _ in UInt8(rng.below(7)) } : nil,
            baseline: floats("baseline", baseline), lastBaseline: floats("lastBaseline", baseline),
            stretchable: names.contains("stretchable") ? (0..<n).map { _ in rng.chance(60) ? 1 : 0 } : nil,
            minWidth: floats("minWidth", size), maxWidth: floats("maxWidth") { rng in rng.chance(10) ? .infinity : size(&rng) },
            minHeight: floats("minHeight", size), maxHeight: floats("maxHeight") { rng in rng.chance(10) ? .infinity : size(&rng) },
            shrink: floats("shrink") { rng in Float(rng.below(9)) / 4 })
    }

    static func items(_ rng: inout Random, _ n: Int, _ style: Style) -> ItemList {
        func length(_ max: Int, offGrid: Bool) -> Float {
            if offGrid { return Float(rng.below(1_000_000)) / 1_000_000 * Float(max) * 1.013 }
            return rng.chance(3) ? 0 : Float(rng.below(max * 64 + 1)) / 64
        }
        // Sizes across the lines (heights for rows, widths for columns) near the bound of
        // exact sums: on the grid below 2^34 (the largest Float there), past it, or large.
        func across(_ value: Float) -> Float {
            guard style.huge, rng.chance(30) else { return value }
            return [0x1.fffffep33, 0x1p35, 0x1p30, 0x1.8p33][rng.below(4)]
        }
        var widths = (0..<n).map { _ in length(120, offGrid: style.widthsOffGrid) }
        var heights = (0..<n).map { _ in length(60, offGrid: style.heightsOffGrid) }
        if style.axis == .vertical { widths = widths.map(across) } else { heights = heights.map(across) }
        func spacing() -> [Float]? { style.spacing ? (0..<n).map { _ in Float(rng.below(10 * 64)) / 64 } : nil }
        return ItemList(widths: widths, heights: heights, leading: spacing(), trailing: spacing(), top: spacing(),
                        bottom: spacing(),
                        flags: style.flags ? (0..<n).map { _ in rng.chance(6) ? UInt8(ItemFlag.breakBefore) : 0 } : nil,
                        grow: style.grow ? (0..<n).map { _ in rng.chance(40) ? 0 : Float(rng.below(9)) / 4 } : nil,
                        rules: rules(&rng, n, style.rules))
    }

    /// Every feature and combination: justify, align-content (every mode, or none), rtl,
    /// reverse, wrap-reverse, columns, nowrap, balance, max lines; gaps on and off the grid, per item now and then
    /// (a per-item line gap keeps no lines).
    static func featuredParameters(_ rng: inout Random, grow: Bool) -> FlowParameters {
        let modes = Distribution.allCases
        let anchors = [Anchor.topLeading, .center, .bottomTrailing, .top, .leading, Anchor(x: 0.25, y: 0.75)]
        var parameters = FlowParameters(
            spacing: rng.chance(20) ? .perItem : .fixed(rng.chance(10) ? 0.3 : Float(rng.below(17)) / 2),
            lineSpacing: rng.chance(8) ? .perItem : .fixed(rng.chance(8) ? 1.7 : Float(rng.below(9)) / 4),
            alignment: anchors[rng.below(anchors.count)],
            justify: rng.chance(70) ? modes[rng.below(6)] : nil,
            direction: rng.chance(50) ? .rtl : .ltr, reverse: rng.chance(50), wrapReverse: rng.chance(50),
            axis: rng.chance(50) ? .vertical : .horizontal,
            alignContent: rng.chance(65) ? (rng.chance(30) ? .stretch : modes[rng.below(7)]) : nil)
        if !parameters.hasFeatures && !grow { parameters.wrapReverse = true }
        // One line that may overflow (SPEC.md §12), drawn last so that the other draws
        // stay the same.
        if !parameters.wrapReverse && rng.chance(25) {
            parameters.wrap = .nowrap
        } else if rng.chance(20) {
            // Balanced lines (§12), held as whole results.
            parameters.wrap = .balance
            parameters.minLines = rng.chance(30) ? 1 + rng.below(5) : 1
        }
        // At most a few lines, now and then with an overflow item (held as whole results).
        if rng.chance(10) {
            parameters.maxLines = 1 + rng.below(4)
            if rng.chance(50) { parameters.overflowItem = Size(width: Float(rng.below(200)) / 2, height: 12) }
        }
        // An alignment of the items (SPEC.md §13): an anchor, or a baseline group (laid
        // out whole, as item rules are).
        if rng.chance(20) { parameters.alignItems = ItemAlignment.allCases[rng.below(6)] }
        return parameters
    }

    /// A proposal: main limits that wrap the lines (or none), cross sizes on and off the
    /// grid, near the bound of exact stretch sums, and small ones (the minimum-size rule).
    static func proposal(_ rng: inout Random, axis: Axes) -> Proposal {
        let main: Float? = [nil, .infinity, 0, 150, 400, Float(rng.below(1000)) / 3][rng.below(6)]
        let cross: Float? = rng.chance(30) ? nil
            : [0, 100, 300, Float(rng.below(3000)) / 3, 5000.3, .infinity, 0x1p45, 0x1p46, 0x1p47, 0x1p60][rng.below(10)]
        return axis == .vertical ? Proposal(width: cross, height: main) : Proposal(width: main, height: cross)
    }

    /// Thousands of random mutation sequences over featured flows, every answer against
    /// a fresh layout at every kernel level; both paths must be met often.
    func testEveryAnswerEqualsAFreshLayout() {
        var rng = Random(state: 20261126)
        let levels = KernelLevel.supported
        // Answers from the lines; from whole results because no lines are kept, because
        // a line's size is off the grid, because the sums are too large.
        var fromLines = 0, noLines = 0, offGrid = 0, large = 0, withRules = 0, rulesFromLines = 0,
            baselinesFromLines = 0
        for sequence in 0..<4_000 {
            let level = levels[sequence % levels.count]
            let grow = rng.chance(35)
            let parameters = Self.featuredParameters(&rng, grow: grow)
            var style = Self.randomStyle(&rng, axis: parameters.axis)
            style.grow = grow
            let big = sequence % 200 == 0
            var mirror = EngineDifferentialTests.Mirror()
            mirror.list = Self.items(&rng, big ? 6_000 + rng.below(3_000) : rng.below(130), style)
            let tuning = big || rng.chance(25) ? EngineTuning() : EngineTuning(
                chunkSize: 1 + rng.below(40), rowsPerBlock: 1 + rng.below(6),
                shortestRunCopied: [2, 3, 16, 4096][rng.below(4)], gridItemsPerBlock: 4096)
            let engine = LayoutEngine(layout: .flow(parameters), kernels: level.layouts, tuning: tuning)
            mirror.list.withItems { engine.setItems($0) }
            let proposals = [Self.proposal(&rng, axis: parameters.axis), Self.proposal(&rng, axis: parameters.axis)]
            var history = "sequence \(sequence) \(level.name) \(parameters) \(style) \(tuning)"
            if !style.rules.isEmpty {
                // The engine's items keep their rules: its fresh layout is the reference's.
                let proposal = proposals[0]
                let fresh = engine.freshLayout(proposal)
                let reference = mirror.list.withItems { LayoutReference.layout($0, .flow(parameters), proposal) }
                XCTAssertEqual(fresh.x.map(\.bitPattern), reference.x.map(\.bitPattern), history)
                XCTAssertEqual(fresh.y.map(\.bitPattern), reference.y.map(\.bitPattern), history)
                XCTAssertEqual(fresh.itemWidth.map(\.bitPattern), reference.itemWidth.map(\.bitPattern), history)
                withRules += 1
            }
            for _ in 0..<5 {
                let proposal = proposals[rng.below(2)]
                _ = engine.rowCount(proposal)   // the lines, held or packed
                if engine.answersFromLines(proposal) {
                    fromLines += 1
                    if engine.store.hasRules { rulesFromLines += 1 }
                    if engine.linesByBaselines { baselinesFromLines += 1 }
                } else if let k = engine.heldRows(proposal) {
                    if engine.flows[k].rows.offGridHeights > 0 { offGrid += 1 } else { large += 1 }
                } else {
                    XCTAssertNil(engine.flowParameters, history)
                    noLines += 1
                }
                EngineDifferentialTests.compare(engine, mirror.list, proposal, level.layouts, &rng,
                                                history + " then \(proposal)")
                history += "; " + EngineDifferentialTests.mutate(engine, &mirror, &rng, varied: true) {
                    Self.items(&$0, $1, style)
                }
            }
            if testRun?.failureCount ?? 0 > 20 { return }
        }
        // Both paths were tested, each many times, the fallback for each of its reasons.
        XCTAssertGreaterThan(fromLines, 5_000)
        XCTAssertGreaterThan(noLines, 2_000)
        XCTAssertGreaterThan(offGrid, 2_000)
        XCTAssertGreaterThan(large, 200)
        XCTAssertGreaterThan(withRules, 500)
        XCTAssertGreaterThan(rulesFromLines, 1_000)
        XCTAssertGreaterThan(baselinesFromLines, 500)
        print("featured answers: \(fromLines) from lines (\(rulesFromLines) with item rules, \(baselinesFromLines) with lines sized by baselines); from whole results: "
              + "\(noLines) without lines, "
              + "\(offGrid) off the grid, \(large) with large sums")
    }

    /// Rectangles reaching to infinity, or starting there, and NaN bounds, in lines that
    /// rise and fall across (rows, wrap-reversed rows, columns, right-to-left columns):
    /// the same items as a test of every frame.
    func testRectanglesToInfinity() {
        let list = Self.varied(3_000, seed: 9)
        let flows = [FlowParameters(spacing: .fixed(2), lineSpacing: .fixed(3), justify: .spaceAround),
                     FlowParameters(spacing: .fixed(2), lineSpacing: .fixed(3), wrapReverse: true, alignContent: .stretch),
                     FlowParameters(spacing: .fixed(2), lineSpacing: .fixed(3), axis: .vertical),
                     FlowParameters(spacing: .fixed(2), lineSpacing: .fixed(3), direction: .rtl, axis: .vertical)]
        let rectangles: [(Float, Float, Float, Float)] = [
            (-.infinity, -.infinity, .infinity, .infinity), (100, 200, .infinity, .infinity),
            (-.infinity, -.infinity, 300, 250), (.infinity, .infinity, .infinity, .infinity),
            (.nan, 0, 500, 500), (0, .nan, 500, 500), (-1e30, -1e30, 1e30, 1e30),
        ]
        for parameters in flows {
            let proposal = parameters.axis == .vertical ? Proposal(width: 50_000, height: 400)
                                                       : Proposal(width: 400, height: 50_000)
            let engine = LayoutEngine(layout: .flow(parameters), kernels: KernelLevel.best.layouts)
            list.withItems { engine.setItems($0) }
            let fresh = EngineDifferentialTests.fresh(KernelLevel.best.layouts, engine.layout, list, proposal)
            _ = engine.size(proposal)
            XCTAssertTrue(engine.answersFromLines(proposal), "\(parameters)")
            for (x0, y0, x1, y1) in rectangles {
                let expected = (0..<list.count).filter {
                    let (fx, fy, fw, fh) = (fresh.x[$0], fresh.y[$0], list.widths[$0], list.heights[$0])
                    return fx < x1 && x0 < fx + fw && fy < y1 && y0 < fy + fh && fw > 0 && fh > 0
                }
                XCTAssertEqual(engine.visible(x0: x0, y0: y0, x1: x1, y1: y1, proposal), expected,
                               "\(x0) \(y0) \(x1) \(y1) \(parameters)")
            }
        }
    }

    static func varied(_ n: Int, seed: UInt64, grow: Bool = false) -> ItemList {
        var rng = Random(state: seed)
        return ItemList(widths: (0..<n).map { _ in Float(24 + rng.below(177)) },
                        heights: (0..<n).map { _ in Float(16 + rng.below(25)) + Float(rng.below(4)) / 4 },
                        grow: grow ? (0..<n).map { _ in Float(rng.below(3)) } : nil)
    }

    /// A field stays held until a `setItems` without it, also through an engine emptied
    /// by a removal and filled again by an insert (whose items do not give it).
    func testAnInsertIntoAnEmptyEngineKeepsItsFields() {
        let engine = LayoutEngine(layout: .flow(FlowParameters()), kernels: KernelLevel.reference.layouts)
        var list = ItemList(widths: [10, 20], heights: [5, 5], grow: [1, 2])
        list.rules = ItemRuleList(shrink: [1, 1])
        list.withItems { engine.setItems($0) }
        engine.remove(0..<2)
        ItemList(widths: [30], heights: [5], grow: [1]).withItems { engine.insert(at: 0, $0) }
        XCTAssertEqual(engine.heldFields, [.grow, .shrink])
        var copy = [Float](repeating: .nan, count: 1)
        engine.copyItems(0..<1, into: ItemBuffers(shrink: &copy))
        XCTAssertEqual(copy, [0])
    }

    /// An edit that brings item alignments to a flow whose lines were kept by their
    /// tallest items (and one that takes them away again) re-sizes every line by its
    /// baseline groups: answers from the kept lines equal fresh layouts throughout.
    func testAlignmentsBroughtByAnEditResizeTheLines() {
        var rng = Random(state: 7)
        let parameters = FlowParameters(spacing: .fixed(4), lineSpacing: .fixed(2), justify: .spaceBetween)
        let proposal = Proposal(width: 300, height: nil)
        for level in KernelLevel.supported {
            var mirror = EngineDifferentialTests.Mirror()
            mirror.list = Self.items(&rng, 400, Style())
            let engine = LayoutEngine(layout: .flow(parameters), kernels: level.layouts)
            mirror.list.withItems { engine.setItems($0) }
            EngineDifferentialTests.compare(engine, mirror.list, proposal, level.layouts, &rng, "plain \(level.name)")
            XCTAssertTrue(engine.answersFromLines(proposal))
            // Items 100 ..< 110 align to their first baselines, the others keep the anchor.
            var edit = ItemList(widths: Array(mirror.list.widths[100..<110]), heights: Array(mirror.list.heights[100..<110]))
            edit.rules = ItemRuleList(alignSelf: Array(repeating: ItemAlignment.baseline.rawValue, count: 10),
                                      baseline: (0..<10).map { Float($0 * 3) })
            edit.withItems { engine.update(at: 100, $0) }
            mirror.replace(100..<110, with: edit)
            _ = engine.rowCount(proposal)
            XCTAssertTrue(engine.answersFromLines(proposal), level.name)
            EngineDifferentialTests.compare(engine, mirror.list, proposal, level.layouts, &rng, "baselines \(level.name)")
            let before = engine.size(proposal)
            mirror.list.rules = nil
            mirror.list.withItems { engine.setItems($0) }
            EngineDifferentialTests.compare(engine, mirror.list, proposal, level.layouts, &rng, "again \(level.name)")
            XCTAssertNotEqual(engine.size(proposal), before, "the baselines made some line taller")
        }
    }

    /// The featured flows of the benchmark and more, 100,000 items on the grid: a
    /// one-item update, an insert and a removal each re-pack a few lines and reuse the
    /// others, and the requests after them are answered from the lines (nothing laid out
    /// again), equal to a fresh layout.
    func testAnEditRepacksAFewLinesAndRequestsReadThem() {
        let n = 100_000
        let cases: [(FlowParameters, Proposal, Bool)] = [
            (FlowParameters(spacing: .fixed(6), lineSpacing: .fixed(4), justify: .spaceBetween, direction: .rtl),
             Proposal(width: 1000, height: nil), false),
            (FlowParameters(spacing: .fixed(6), lineSpacing: .fixed(4), wrapReverse: true, alignContent: .stretch),
             Proposal(width: 1000, height: 4_000_000), false),
            (FlowParameters(spacing: .fixed(3), lineSpacing: .fixed(5), alignment: .center, reverse: true,
                            axis: .vertical, alignContent: .spaceAround),
             Proposal(width: 900_000, height: 700), false),
            (FlowParameters(spacing: .fixed(6), lineSpacing: .fixed(4), justify: .center),
             Proposal(width: 1000, height: nil), true),
        ]
        for (parameters, proposal, grow) in cases {
            var list = Self.varied(n, seed: 3, grow: grow)
            let engine = LayoutEngine(layout: .flow(parameters), kernels: KernelLevel.best.layouts)
            list.withItems { engine.setItems($0) }
            let lines = engine.rowCount(proposal)
            XCTAssertEqual(engine.stats.itemsPacked, n, "\(parameters)")   // the first request packs every line
            XCTAssertTrue(engine.answersFromLines(proposal), "\(parameters)")
            func check(_ label: String, reused: Int) {
                XCTAssertLessThan(engine.stats.itemsPacked, 5_000, "\(label) \(parameters)")
                XCTAssertGreaterThan(engine.stats.rowsReused, reused, "\(label) \(parameters)")
                let size = engine.size(proposal)
                var x = [Float](repeating: 0, count: 1000), y = x
                engine.positions(60_000..<61_000, proposal, x: &x, y: &y)
                let screen = engine.visible(x0: 0, y0: 0, x1: 1000, y1: 800, proposal)
                // Nothing laid out for the requests: the lines answered them.
                XCTAssertLessThan(engine.stats.itemsPacked, 5_000, "\(label) \(parameters)")
                XCTAssertTrue(engine.answersFromLines(proposal), "\(label) \(parameters)")
                let fresh = EngineDifferentialTests.fresh(KernelLevel.best.layouts, engine.layout, list, proposal)
                XCTAssertEqual(size, fresh.size, "\(label) \(parameters)")
                XCTAssertEqual(x.map(\.bitPattern), fresh.x[60_000..<61_000].map(\.bitPattern), "\(label) \(parameters)")
                XCTAssertEqual(y.map(\.bitPattern), fresh.y[60_000..<61_000].map(\.bitPattern), "\(label) \(parameters)")
                let widths = fresh.itemWidth.isEmpty ? list.widths : fresh.itemWidth
                let heights = fresh.itemHeight.isEmpty ? list.heights : fresh.itemHeight
                XCTAssertEqual(screen, (0..<list.count).filter {
                    fresh.x[$0] < 1000 && 0 < fresh.x[$0] + widths[$0] && fresh.y[$0] < 800 && 0 < fresh.y[$0] + heights[$0]
                        && widths[$0] > 0 && heights[$0] > 0
                }, "\(label) \(parameters)")
                XCTAssertFalse(screen.isEmpty, "\(label) \(parameters)")
            }
            list.widths[50_000] = 30
            list.heights[50_000] = 33
            list.grow?[50_000] = 2
            ItemList(widths: [30], heights: [33], grow: grow ? [2] : nil).withItems { engine.update(at: 50_000, $0) }
            check("update", reused: lines / 2 - 50)
            list.widths.insert(77, at: 40_000)
            list.heights.insert(20, at: 40_000)
            list.grow?.insert(1, at: 40_000)
            ItemList(widths: [77], heights: [20], grow: grow ? [1] : nil).withItems { engine.insert(at: 40_000, $0) }
            check("insert", reused: lines / 2)
            list.widths.remove(at: 70_000)
            list.heights.remove(at: 70_000)
            list.grow?.remove(at: 70_000)
            engine.remove(70_000..<70_001)
            check("remove", reused: lines / 4)
        }
    }

    /// Where the lines' sums may not be exact, a request after an edit lays every item
    /// out again (the whole result), and answers equal a fresh layout: line sizes off the
    /// grid (item heights in rows, widths in columns), a lines' total of 2^40 px or more,
    /// stretch over free space of 2^52 units or more; a per-item line gap (or one off the
    /// grid) keeps no lines at all. On the other side of each bound the lines answer.
    func testTheWholeResultWhereTheLinesSumsMayNotBeExact() {
        let n = 20_000
        var rng = Random(state: 11)
        let base = Self.varied(n, seed: 5)
        var offGrid = base   // its line's height (its tallest item)
        offGrid.heights[7_777] = 50.3
        var offGridColumns = base   // its column's width
        offGridColumns.widths[7_777] = 250.1
        var nearBound = base, pastBound = base   // 400 lines of 2^34 - 2^10 px: past 2^40 px in all
        for i in stride(from: 0, to: n, by: 50) {
            nearBound.heights[i] = 0x1.fffffep33
            pastBound.heights[i] = 0x1.fffffep33
        }
        for i in stride(from: 100, to: n, by: 50) { nearBound.heights[i] = 40 }   // two such lines: below 2^40
        // 10,000 lines of 2^34 - 2^10 px, one item each, 1/64 px apart: their tops pass
        // 2^47 px, where a Double sum of px no longer holds every unit.
        let towers = ItemList(widths: Array(repeating: 100, count: 10_000), heights: Array(repeating: 0x1.fffffep33, count: 10_000))
        let tight = FlowParameters(spacing: .fixed(6), lineSpacing: .fixed(0x1p-6), justify: .spaceEvenly,
                                   wrapReverse: true)
        let rows = FlowParameters(spacing: .fixed(6), lineSpacing: .fixed(4), justify: .spaceEvenly)
        let columns = FlowParameters(spacing: .fixed(6), lineSpacing: .fixed(4), axis: .vertical)
        let stretch = FlowParameters(spacing: .fixed(6), lineSpacing: .fixed(4), wrapReverse: true, alignContent: .stretch)
        let wide = Proposal(width: 1000, height: nil)
        let cases: [(String, ItemList, FlowParameters, Proposal, Bool)] = [
            ("heights on the grid", base, rows, wide, true),
            ("a height off the grid", offGrid, rows, wide, false),
            ("a width off the grid, in rows", offGridColumns, rows, wide, true),
            ("a width off the grid, in columns", offGridColumns, columns, Proposal(width: nil, height: 1000), false),
            ("a lines' total below 2^40", nearBound, rows, wide, true),
            ("a lines' total past 2^40", pastBound, rows, wide, false),
            ("a lines' total past 2^47", towers, tight, Proposal(width: 150, height: nil), false),
            ("stretch over 2^45", base, stretch, Proposal(width: 1000, height: 0x1p45), true),
            ("stretch over 2^47", base, stretch, Proposal(width: 1000, height: 0x1p47), false),
            ("stretch over 2^60", base, stretch, Proposal(width: 1000, height: 0x1p60), false),
        ]
        for (label, items, parameters, proposal, answersFromLines) in cases {
            for level in KernelLevel.supported {
                var list = items
                let engine = LayoutEngine(layout: .flow(parameters), kernels: level.layouts)
                list.withItems { engine.setItems($0) }
                _ = engine.size(proposal)
                list.widths[3_000] = 31
                ItemList(widths: [31], heights: [list.heights[3_000]]).withItems { engine.update(at: 3_000, $0) }
                XCTAssertLessThan(engine.stats.itemsPacked, 5_000, label)   // the lines re-packed around the edit
                XCTAssertEqual(engine.answersFromLines(proposal), answersFromLines, "\(label) \(level.name)")
                let size = engine.size(proposal)
                if answersFromLines {
                    XCTAssertLessThan(engine.stats.itemsPacked, 5_000, "\(label): nothing laid out again")
                } else {
                    XCTAssertEqual(engine.stats.itemsPacked, list.count, "\(label): laid out again")
                }
                let fresh = EngineDifferentialTests.fresh(level.layouts, engine.layout, list, proposal)
                XCTAssertEqual(size.width.bitPattern, fresh.size.width.bitPattern, "\(label) \(level.name)")
                XCTAssertEqual(size.height.bitPattern, fresh.size.height.bitPattern, "\(label) \(level.name)")
                // Every answer, the row table's Double tops included.
                EngineDifferentialTests.compare(engine, list, proposal, level.layouts, &rng, "\(label) \(level.name)")
            }
        }
        // A per-item line gap, or a fixed one off the grid: no lines kept, whole results.
        for lineSpacing in [Spacing.perItem, .fixed(0.3)] {
            let parameters = FlowParameters(spacing: .fixed(6), lineSpacing: lineSpacing, direction: .rtl)
            let engine = LayoutEngine(layout: .flow(parameters), kernels: KernelLevel.best.layouts)
            base.withItems { engine.setItems($0) }
            XCTAssertNil(engine.flowParameters)
            XCTAssertEqual(engine.size(wide), EngineDifferentialTests.fresh(KernelLevel.best.layouts, engine.layout,
                                                                              base, wide).size)
            XCTAssertEqual(engine.stats.itemsPacked, n)
        }
    }
}
