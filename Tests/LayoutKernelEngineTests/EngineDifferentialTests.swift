import LayoutKernelCore
import LayoutKernelDispatch
@testable import LayoutKernelEngine
import XCTest

/// After any sequence of mutations, every answer of the engine equals a fresh layout of
/// the same items, bit for bit: sizes, positions, rows, the visible items and hit tests,
/// for every kind, every flow parameter and proposal, at every kernel level.
final class EngineDifferentialTests: XCTestCase {

    /// SplitMix64.
    struct Random {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func below(_ n: Int) -> Int { n <= 0 ? 0 : Int(next() % UInt64(n)) }
        mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
    }

    /// The items the engine should hold, kept by hand.
    struct Mirror {
        var list = ItemList(widths: [], heights: [])

        mutating func replace(_ range: Range<Int>, with items: ItemList) {
            list.widths.replaceSubrange(range, with: items.widths)
            list.heights.replaceSubrange(range, with: items.heights)
            func field<T>(_ mine: inout [T]?, _ theirs: [T]?, zero: T, newCount: Int) {
                guard mine != nil || theirs != nil else { return }
                if mine == nil { mine = Array(repeating: zero, count: list.widths.count - newCount + range.count) }
                mine!.replaceSubrange(range, with: theirs ?? Array(repeating: zero, count: newCount))
            }
            let n = items.widths.count
            field(&list.leading, items.leading, zero: 0, newCount: n)
            field(&list.trailing, items.trailing, zero: 0, newCount: n)
            field(&list.top, items.top, zero: 0, newCount: n)
            field(&list.bottom, items.bottom, zero: 0, newCount: n)
            field(&list.flags, items.flags, zero: 0, newCount: n)
            field(&list.grow, items.grow, zero: 0, newCount: n)
            // Item rules: a field held holds, for items that came without it, the value
            // its absence means (NaN: no baseline, no minimum or maximum).
            guard list.rules != nil || items.rules != nil else { return }
            var mine = list.rules ?? ItemRuleList()
            let theirs = items.rules ?? ItemRuleList()
            field(&mine.alignSelf, theirs.alignSelf, zero: 0, newCount: n)
            field(&mine.baseline, theirs.baseline, zero: .nan, newCount: n)
            field(&mine.lastBaseline, theirs.lastBaseline, zero: .nan, newCount: n)
            field(&mine.stretchable, theirs.stretchable, zero: 0, newCount: n)
            field(&mine.minWidth, theirs.minWidth, zero: .nan, newCount: n)
            field(&mine.maxWidth, theirs.maxWidth, zero: .nan, newCount: n)
            field(&mine.minHeight, theirs.minHeight, zero: .nan, newCount: n)
            field(&mine.maxHeight, theirs.maxHeight, zero: .nan, newCount: n)
            field(&mine.shrink, theirs.shrink, zero: 0, newCount: n)
            list.rules = mine
        }
    }

    /// What random items look like: each drawn on its own, all one item (a grid of
    /// thumbnails), or runs of identical items drawn from a few kinds.
    enum Shape: CaseIterable { case varied, uniform, runs }

    static func randomItems(_ rng: inout Random, _ n: Int, spacing: Bool, flags: Bool, shape: Shape,
                            grow: Bool = false) -> ItemList {
        func grid(_ max: Int) -> Float { Float(rng.below(max * 64 + 1)) / 64 }
        let offGrid = rng.chance(15)
        func length(_ max: Int) -> Float {
            offGrid ? Float(rng.below(1_000_000)) / 1_000_000 * Float(max) * 1.013 : grid(max)
        }
        func item() -> [Float] {
            [rng.chance(3) ? 0 : length(120), length(60), grid(10), grid(10), grid(10), grid(10),
             rng.chance(5) ? Float(ItemFlag.breakBefore) : 0, rng.chance(40) ? 0 : Float(rng.below(9)) / 4]
        }
        // The same few kinds in every call, so that inserted items join runs.
        let kinds: [[Float]] = [[40, 30, 2, 3, 1, 2, 0, 1], [25.5, 18, 0, 4, 2, 0, 0, 0], [40, 30, 2, 3, 1, 2, 1, 0.5],
                                [130, 7.25, 1, 1, 0, 5, 0, 0]]
        var fields: [[Float]] = []
        switch shape {
        case .varied:
            fields = (0..<n).map { _ in item() }
        case .uniform:
            fields = Array(repeating: kinds[0], count: n)
        case .runs:
            while fields.count < n {
                let kind = rng.chance(10) ? item() : kinds[rng.below(kinds.count)]
                fields += Array(repeating: kind, count: min(n - fields.count, 1 + rng.below(60)))
            }
        }
        func column(_ k: Int) -> [Float] { fields.map { $0[k] } }
        return ItemList(
            widths: column(0), heights: column(1),
            leading: spacing ? column(2) : nil, trailing: spacing ? column(3) : nil,
            top: spacing ? column(4) : nil, bottom: spacing ? column(5) : nil,
            flags: flags ? column(6).map { UInt8($0) } : nil, grow: grow ? column(7) : nil)
    }

    static func randomLayout(_ rng: inout Random) -> AnyLayout {
        func anchor() -> Anchor {
            [Anchor.topLeading, .center, .bottomTrailing, .top, .leading, Anchor(x: 0.25, y: 0.75)][rng.below(6)]
        }
        switch rng.below(10) {
        case 0: return .hstack(StackParameters(spacing: rng.chance(30) ? .perItem : .fixed(3), alignment: anchor()))
        case 1: return .vstack(StackParameters(spacing: .fixed(2.5), alignment: anchor()))
        case 2: return .grid(GridParameters(columns: rng.chance(50) ? .count(1 + rng.below(5)) : .adaptive(minimumWidth: 30),
                                            sizing: rng.chance(50) ? .fit : .fill, spacing: 4, lineSpacing: 2,
                                            alignment: anchor()))
        case 3: return [.zstack(StackParameters(alignment: anchor())),
                        .balanced(BalancedParameters(axis: rng.chance(50) ? .horizontal : .vertical, spacing: .fixed(2))),
                        .circle(CircleParameters(radius: 80, startAngle: 0.5))][rng.below(3)]
        default:
            var parameters = FlowParameters(spacing: rng.chance(25) ? .perItem : .fixed(Float(rng.below(17)) / 2),
                                            lineSpacing: rng.chance(25) ? .perItem : .fixed(Float(rng.below(9)) / 4),
                                            alignment: anchor())
            if rng.chance(20) {   // a flow with CSS features
                let modes = Distribution.allCases
                parameters.justify = rng.chance(60) ? modes[rng.below(6)] : nil
                parameters.alignContent = rng.chance(50) ? modes[rng.below(7)] : nil
                parameters.direction = rng.chance(40) ? .rtl : .ltr
                parameters.reverse = rng.chance(40)
                parameters.wrapReverse = rng.chance(40)
                parameters.axis = rng.chance(40) ? .vertical : .horizontal
            }
            return .flow(parameters)
        }
    }

    static func randomProposal(_ rng: inout Random) -> Proposal {
        let width: Float? = [nil, .infinity, 0, 150, 400, Float(rng.below(1000)) / 3][rng.below(6)]
        let height: Float? = rng.chance(70) ? nil : [0, 100, .infinity][rng.below(3)]
        return Proposal(width: width, height: height)
    }

    /// Lays out the mirror afresh with `kernels`.
    static func fresh(_ kernels: LayoutKernelSet, _ layout: AnyLayout, _ list: ItemList, _ proposal: Proposal) -> Layout {
        list.withItems { items in
            let engine = LayoutEngine(layout: layout, kernels: kernels)
            engine.setItems(items)
            return engine.freshLayout(proposal)
        }
    }

    /// Every answer of `engine` for `proposal` against a fresh layout of `list`.
    static func compare(_ engine: LayoutEngine, _ list: ItemList, _ proposal: Proposal, _ kernels: LayoutKernelSet,
                        _ rng: inout Random, _ label: @autoclosure () -> String,
                        file: StaticString = #filePath, line: UInt = #line) {
        let want = fresh(kernels, engine.layout, list, proposal)
        let n = list.widths.count
        XCTAssertEqual(engine.count, n, label(), file: file, line: line)
        let size = engine.size(proposal)
        XCTAssertEqual(size.width.bitPattern, want.size.width.bitPattern, "size \(label())", file: file, line: line)
        XCTAssertEqual(size.height.bitPattern, want.size.height.bitPattern, "size \(label())", file: file, line: line)
        var x = [Float](repeating: .nan, count: n), y = x
        var start = [Int64](repeating: -1, count: n), length = start
        var top = [Double](repeating: .nan, count: n)
        var width = [Float](repeating: .nan, count: n), height = width
        let outcome = x.withUnsafeMutableBufferPointer { x in
            y.withUnsafeMutableBufferPointer { y in
                engine.place(proposal, LayoutOutput(x: x.baseAddress, y: y.baseAddress, rows: RowTableWriter(
                    start: &start, count: &length, y: &top, width: &width, height: &height)))
            }
        }
        XCTAssertEqual(outcome.rows, want.rows.count, "rows \(label())", file: file, line: line)
        XCTAssertEqual(outcome.hidden, want.hidden, "hidden \(label())", file: file, line: line)
        XCTAssertEqual(outcome.overflow, want.overflow, "overflow item \(label())", file: file, line: line)
        XCTAssertEqual(x.map(\.bitPattern), want.x.map(\.bitPattern), "x \(label())", file: file, line: line)
        XCTAssertEqual(y.map(\.bitPattern), want.y.map(\.bitPattern), "y \(label())", file: file, line: line)
        let rows = (0..<min(outcome.rows, n)).map {
            Row(start: Int(start[$0]), count: Int(length[$0]), y: top[$0], width: width[$0], height: height[$0])
        }
        XCTAssertEqual(rows, want.rows, "row table \(label())", file: file, line: line)
        guard n > 0 else { return }
        // A range of positions.
        let a = rng.below(n), b = a + 1 + rng.below(n - a)
        var px = [Float](repeating: .nan, count: b - a), py = px
        engine.positions(a..<b, proposal, x: &px, y: &py)
        XCTAssertEqual(px.map(\.bitPattern), want.x[a..<b].map(\.bitPattern), "positions \(label())", file: file, line: line)
        XCTAssertEqual(py.map(\.bitPattern), want.y[a..<b].map(\.bitPattern), "positions \(label())", file: file, line: line)
        // A rectangle, and a point, against every item's frame.
        let itemWidth = want.itemWidth.isEmpty ? list.widths : want.itemWidth
        let itemHeight = want.itemHeight.isEmpty ? list.heights : want.itemHeight
        let x0 = Float(rng.below(300)), y0 = Float(rng.below(600))
        let x1 = x0 + Float(rng.below(300)), y1 = y0 + Float(rng.below(300))
        let expected = (0..<n).filter {
            let (fx, fy, fw, fh) = (want.x[$0], want.y[$0], itemWidth[$0], itemHeight[$0])
            return fx < x1 && x0 < fx + fw && fy < y1 && y0 < fy + fh && fw > 0 && fh > 0
        }
        XCTAssertEqual(engine.visible(x0: x0, y0: y0, x1: x1, y1: y1, proposal), expected, "visible \(label())",
                       file: file, line: line)
        // A rectangle around an item (wherever the features put it), reaching a little
        // past it or stopping short of it.
        let around = rng.below(n)
        let (ax, ay) = (want.x[around], want.y[around])
        let (ax0, ay0) = (ax - Float(rng.below(60)) + 30, ay - Float(rng.below(60)) + 30)
        let (ax1, ay1) = (ax0 + Float(rng.below(200)), ay0 + Float(rng.below(200)))
        let expectedAround = (0..<n).filter {
            let (fx, fy, fw, fh) = (want.x[$0], want.y[$0], itemWidth[$0], itemHeight[$0])
            return fx < ax1 && ax0 < fx + fw && fy < ay1 && ay0 < fy + fh && fw > 0 && fh > 0
        }
        XCTAssertEqual(engine.visible(x0: ax0, y0: ay0, x1: ax1, y1: ay1, proposal), expectedAround,
                       "visible around item \(around) \(label())", file: file, line: line)
        // A point inside an item, and an item's top-left corner (on its frame's edge).
        for corner in [false, true] {
            let probe = rng.below(n)
            let (qx, qy) = corner ? (want.x[probe], want.y[probe])
                                  : (want.x[probe] + itemWidth[probe] / 2, want.y[probe] + itemHeight[probe] / 2)
            let hit = (0..<n).first {
                want.x[$0] <= qx && qx < want.x[$0] + itemWidth[$0] && want.y[$0] <= qy && qy < want.y[$0] + itemHeight[$0]
            }
            XCTAssertEqual(engine.item(atX: qx, y: qy, proposal), hit, "item at \(qx), \(qy) \(label())",
                           file: file, line: line)
        }
    }

    /// One random mutation, applied to the engine and the mirror.
    static func mutate(_ engine: LayoutEngine, _ mirror: inout Mirror, _ rng: inout Random, spacing: Bool, flags: Bool,
                       grow: Bool,
                       shape: Shape) -> String {
        mutate(engine, &mirror, &rng, varied: shape == .varied) {
            randomItems(&$0, $1, spacing: spacing, flags: flags, shape: shape, grow: grow)
        }
    }

    /// One random mutation, applied to the engine and the mirror, with new items from
    /// `make` (`varied`: a changed width is drawn anew rather than copied from another item).
    static func mutate(_ engine: LayoutEngine, _ mirror: inout Mirror, _ rng: inout Random, varied: Bool,
                       make: (inout Random, Int) -> ItemList) -> String {
        let n = mirror.list.widths.count
        switch rng.below(5) {
        case 0:   // set every item, a few changed
            var list = mirror.list
            for _ in 0..<rng.below(3) where n > 0 {
                let i = rng.below(n)
                list.widths[i] = varied ? Float(rng.below(120 * 64)) / 64 : list.widths[rng.below(n)]
            }
            if rng.chance(10) { list = make(&rng, rng.below(400)) }
            list.withItems { engine.setItems($0) }
            mirror.list = list
            return "set"
        case 1:   // update a range
            guard n > 0 else { return "none" }
            let start = rng.below(n), count = 1 + rng.below(min(8, n - start))
            let items = make(&rng, count)
            items.withItems { engine.update(at: start, $0) }
            mirror.replace(start..<(start + count), with: items)
            return "update \(start) +\(count)"
        case 2, 3:   // insert
            let at = rng.below(n + 1), count = 1 + rng.below(rng.chance(10) ? 200 : 5)
            let items = make(&rng, count)
            items.withItems { engine.insert(at: at, $0) }
            mirror.replace(at..<at, with: items)
            return "insert \(at) +\(count)"
        default:   // remove
            guard n > 0 else { return "none" }
            let start = rng.below(n), count = 1 + rng.below(min(rng.chance(10) ? 300 : 6, n - start))
            engine.remove(start..<(start + count))
            mirror.replace(start..<(start + count), with: ItemList(widths: [], heights: []))
            return "remove \(start) -\(count)"
        }
    }

    /// 10,000 random mutation sequences.
    func testEveryAnswerEqualsAFreshLayout() {
        var rng = Random(state: 20261124)
        let levels = KernelLevel.supported
        for sequence in 0..<10_000 {
            let level = levels[sequence % levels.count]
            let layout = Self.randomLayout(&rng)
            let spacing = rng.chance(30), flags = rng.chance(30), grow = rng.chance(10)
            let shape = [Shape.varied, .varied, .uniform, .runs][rng.below(4)]
            let big = sequence % 100 == 0
            var mirror = Mirror()
            mirror.list = Self.randomItems(&rng, big ? 9_000 + rng.below(3_000) : rng.below(120),
                                           spacing: spacing, flags: flags, shape: shape, grow: grow)
            // Small chunks and row blocks in most sequences, so that a few items meet
            // every boundary; old rows taken over inside runs from 2 identical items on.
            let tuning = big || rng.chance(25) ? EngineTuning() : EngineTuning(
                chunkSize: 1 + rng.below(40), rowsPerBlock: 1 + rng.below(6),
                shortestRunCopied: [2, 3, 16, 4096][rng.below(4)], gridItemsPerBlock: 1 + rng.below(30))
            let engine = LayoutEngine(layout: layout, kernels: level.layouts, tuning: tuning)
            mirror.list.withItems { engine.setItems($0) }
            let proposals = [Self.randomProposal(&rng), Self.randomProposal(&rng)]
            var history = "sequence \(sequence) \(level.name) \(layout) \(tuning)"
            for step in 0..<4 {
                let proposal = proposals[rng.below(2)]
                Self.compare(engine, mirror.list, proposal, level.layouts, &rng, history + " then \(proposal)")
                history += "; " + Self.mutate(engine, &mirror, &rng, spacing: spacing, flags: flags, grow: grow, shape: shape)
                if step == 3 { Self.compare(engine, mirror.list, proposal, level.layouts, &rng, history) }
            }
            if testRun?.failureCount ?? 0 > 20 { return }
        }
    }
}
