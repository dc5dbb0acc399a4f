import LayoutKernelCore
import XCTest

/// The placement plan (Sources/LayoutKernelCore/Plan) checked exhaustively on small
/// inputs against SPEC.md §11's formulas, written here a second time in exact integer
/// arithmetic; and its expressions evaluated in every representation the kernels use
/// (`Double`, `Float` and `Double` lanes, whole units) to the same values.
final class PlacementPlanTests: XCTestCase {
    typealias Rule = FlowFeatures.FreeSpaceRule

    /// rhu(a / b) = floor((2a + b) / 2b) for a >= 0, b > 0, in integers.
    static func rhu(_ a: Int, _ b: Int) -> Int { (2 * a + b) / (2 * b) }

    /// floor(a / b) for b > 0, in integers.
    static func floorDiv(_ a: Int, _ b: Int) -> Int { a >= 0 ? a / b : -((-a + b - 1) / b) }

    /// SPEC.md §11's table and fallbacks for `n` subjects sharing `free` whole units:
    /// each subject's start beyond the sizes and gaps before it (lead + e_k), and each
    /// one's growth. `anchor` stands for the mode when it is nil.
    static func spec(_ mode: Distribution?, anchor: Float, reversed: Bool, lines: Bool, n: Int,
                     free f: Int) -> (starts: [Double], growth: [Int]) {
        let flexStart = reversed ? f : 0
        var lead = 0, e = [Int](repeating: 0, count: n), growth = [Int](repeating: 0, count: n)
        var resolved = mode
        if mode == nil {
            switch anchor {
            case 0: resolved = .start
            case 0.5: resolved = .center
            case 1: resolved = .end
            default:
                let a = Double(reversed ? 1 - anchor : anchor)
                return ([Double](repeating: a * Double(f) + 0, count: n), growth)
            }
        }
        switch resolved! {
        case .start: lead = flexStart
        case .end: lead = reversed ? 0 : f
        case .center: lead = f / 2   // truncates toward zero
        case .spaceBetween:
            if n >= 2 && f > 0 { e = (0..<n).map { rhu($0 * f, n - 1) } } else { lead = flexStart }
        case .spaceAround:
            if f > 0 { lead = floorDiv(f, 2 * n); e = (0..<n).map { rhu($0 * f, n) } }
        case .spaceEvenly:
            if f > 0 { lead = floorDiv(f, n + 1); e = (0..<n).map { rhu($0 * f, n + 1) } }
        case .stretch:
            if lines && f > 0 && n >= 1 {
                growth = (0..<n).map { rhu(($0 + 1) * f, n) - rhu($0 * f, n) }
            } else {
                lead = flexStart
            }
        }
        return (e.map { Double(lead + $0) }, growth)
    }

    /// Every mode (and anchors for an unset one), both orders, items and lines, 1 to 7
    /// subjects, free space from -300 to 300 units: the rule's starts and growths are
    /// the table's.
    func testFreeSpaceRuleIsTheSpecTable() {
        let modes: [(Distribution?, Float)] = Distribution.allCases.map { ($0, 0) }
            + [(nil, 0), (nil, 0.5), (nil, 1), (nil, 0.25), (nil, 0.75)]
        var checked = 0
        for (mode, anchor) in modes {
            for reversed in [false, true] {
                for lines in [false, true] {
                    let rule = Rule(mode, anchor: anchor, reversed: reversed, lines: lines)
                    for n in 1...7 {
                        for f in -300...300 {
                            let spots = rule.spots(free: Double(f), count: n)
                            let want = Self.spec(mode, anchor: anchor, reversed: reversed, lines: lines, n: n, free: f)
                            for k in 0..<n {
                                let context = "\(String(describing: mode)) a\(anchor) r\(reversed) l\(lines) n\(n) F\(f) k\(k)"
                                XCTAssertEqual(spots.moved(k), want.starts[k], context)
                                XCTAssertEqual(spots.start(k, after: 100), want.starts[k] + 100, context)
                                XCTAssertEqual(spots.growth(k), Double(want.growth[k]), context)
                            }
                            checked += 1
                        }
                    }
                }
            }
        }
        XCTAssertEqual(checked, 12 * 2 * 2 * 7 * 601)
    }

    /// A rule's whole-unit lead (the kernels' lanes) is its `Double` lead, for every
    /// lead and free space from -2^12 to 2^12 units and at the ends of `Int32`'s use.
    func testWholeUnitLeadIsTheDoubleLead() {
        let frees = Array(-4096...4096) + [-8_388_608, -8_388_607, 8_388_607, 8_388_608]
        for lead in [Rule.Lead.zero, .all, .half] {
            for f in frees {
                XCTAssertEqual(Double(lead.units(Int32(f))!), lead.of(Double(f)), "\(lead) F\(f)")
            }
        }
        XCTAssertNil(Rule.Lead.fraction(0.25).units(64))
    }

    /// Justify and align-content are one rule: for the same mode, order and subjects,
    /// items and lines move alike (only stretch differs: lines grow, items start).
    func testJustifyAndAlignContentShareTheRule() {
        for mode in Distribution.allCases where mode != .stretch {
            for reversed in [false, true] {
                XCTAssertEqual(Rule(mode, anchor: 0, reversed: reversed, lines: false),
                               Rule(mode, anchor: 0, reversed: reversed, lines: true))
            }
        }
        XCTAssertEqual(Rule(.stretch, anchor: 0, reversed: true, lines: false),
                       Rule(.start, anchor: 0, reversed: true, lines: false))
        XCTAssertEqual(Rule(.stretch, anchor: 0, reversed: false, lines: true).spacing, .stretch)
        var parameters = FlowParameters(justify: .spaceAround, reverse: true, wrapReverse: false,
                                        alignContent: .spaceAround)
        XCTAssertEqual(Rule.items(parameters), Rule(.spaceAround, anchor: 0, reversed: true, lines: false))
        XCTAssertEqual(Rule.lines(parameters), Rule(.spaceAround, anchor: 0, reversed: false, lines: true))
        parameters.alignContent = nil
        parameters.wrapReverse = true
        XCTAssertEqual(Rule.lines(parameters), Rule(.start, anchor: 0, reversed: true, lines: true))
    }

    /// Whole units added and subtracted in `Int`: the kernels' whole-unit lanes.
    struct Units: PlaceValue, Equatable {
        var value: Int
        static func + (a: Units, b: Units) -> Units { Units(value: a.value + b.value) }
        static func - (a: Units, b: Units) -> Units { Units(value: a.value - b.value) }
    }

    /// The frames of §11 on whole units: an item at `offset` in its line, `length` long,
    /// led by `moved`: at moved + offset; reversed, moved + (E - offset - length) from the
    /// line's start (items from its end); rtl, W - x - length. Every representation
    /// (`Double`, `Float` and `Double` lanes, `Int`) gives the same place.
    func testLineFrameInEveryRepresentation() {
        var random = FixtureRandom(seed: 0x9E37)
        typealias Frame = FlowFeatures.LineFrame
        for _ in 0..<4_000 {
            let lineLength = Int(random.next() % 4_000), width = lineLength + Int(random.next() % 2_000)
            let moved = Int(random.next() % 1_000) - 500
            let offsets = (0..<16).map { _ in Int(random.next() % UInt64(lineLength + 1)) }
            let lengths = offsets.map { Int(random.next() % UInt64(lineLength - $0 + 1)) }
            for reverse in [false, true] {
                for mirror in [false, true] {
                    let want = (0..<16).map { l -> Int in
                        let x = reverse ? moved + (lineLength - offsets[l] - lengths[l]) : moved + offsets[l]
                        return mirror ? width - x - lengths[l] : x
                    }
                    let units = (0..<16).map {
                        Frame.along(moved: Units(value: moved), offset: Units(value: offsets[$0]),
                                    length: Units(value: lengths[$0]), lineLength: Units(value: lineLength),
                                    width: Units(value: width), reverse: reverse, mirror: mirror).value
                    }
                    let doubles = (0..<16).map {
                        Frame.along(moved: Double(moved), offset: Double(offsets[$0]), length: Double(lengths[$0]),
                                    lineLength: Double(lineLength), width: Double(width), reverse: reverse,
                                    mirror: mirror)
                    }
                    func lanes<T: BinaryFloatingPoint & SIMDScalar>(_: T.Type) -> [T] {
                        var o = SIMD16<T>(), l = SIMD16<T>()
                        for k in 0..<16 { o[k] = T(offsets[k]); l[k] = T(lengths[k]) }
                        let place = Frame.along(moved: SIMD16<T>(repeating: T(moved)), offset: o, length: l,
                                                lineLength: SIMD16(repeating: T(lineLength)),
                                                width: SIMD16(repeating: T(width)), reverse: reverse, mirror: mirror)
                        return (0..<16).map { place[$0] }
                    }
                    XCTAssertEqual(units, want)
                    XCTAssertEqual(doubles, want.map(Double.init))
                    XCTAssertEqual(lanes(Float.self), want.map(Float.init))
                    XCTAssertEqual(lanes(Double.self), want.map(Double.init))
                }
            }
        }
    }

    /// §11's "items in a line": offset 0, f, trunc(f / 2) or a·f of f = S - c from the
    /// line's start; rtl columns mirror it. In `Double` and in `Double` lanes alike.
    func testItemAcrossItsLine() {
        typealias Frame = FlowFeatures.LineFrame
        for anchor: Float in [0, 0.5, 1, 0.25] {
            let within = FlowFeatures.Offset(anchor)
            for size in 0...40 {
                for breadth in 0...45 {
                    let f = size - breadth
                    let offset = anchor == 0.5 ? Double(f / 2) : Double(anchor) * Double(f)
                    for mirror in [false, true] {
                        let want = mirror ? 500 - (30 + offset) - Double(breadth) : 30 + offset
                        let got = Frame.across(30.0, size: Double(size), breadth: Double(breadth), within: within,
                                               width: 500, mirror: mirror)
                        XCTAssertEqual(got, want, "a\(anchor) S\(size) c\(breadth)")
                        let lanes = Frame.across(SIMD16<Double>(repeating: 30), size: SIMD16(repeating: Double(size)),
                                                 breadth: SIMD16(repeating: Double(breadth)), within: within,
                                                 width: SIMD16(repeating: 500), mirror: mirror)
                        XCTAssertEqual(lanes, SIMD16(repeating: want))
                    }
                }
            }
        }
        let parameters = FlowParameters(alignment: Anchor(x: 0.25, y: 1), wrapReverse: true)
        XCTAssertEqual(FlowFeatures.Offset(itemsOf: parameters).anchor, 0)   // 1 - 1: wrap-reverse swaps
        XCTAssertEqual(parameters.mainAnchor, 0.25)
    }

    /// §11's container: the main limit when finite, else the widest line; across, a
    /// finite proposal with `alignContent`, else the lines' total; the minimum size
    /// (when the items exceed both axes) only without `alignContent`.
    func testContainer() {
        typealias Container = FlowFeatures.Container
        let rows = FlowParameters()
        var spread = rows
        spread.alignContent = .center
        func size(_ parameters: FlowParameters, _ w: Float?, _ h: Float?, minimum: Size? = nil) -> [Double] {
            let c = Container(parameters, Proposal(width: w, height: h), minimum: { minimum }, widest: 640,
                              total: 320).size(parameters.axis)
            return [c.width, c.height]
        }
        XCTAssertEqual(size(rows, 100, 50), [6_400, 320])
        XCTAssertEqual(size(rows, nil, 50), [640, 320])
        XCTAssertEqual(size(rows, .infinity, nil), [640, 320])
        XCTAssertEqual(size(spread, 100, 50), [6_400, 3_200])
        XCTAssertEqual(size(spread, 100, .infinity), [6_400, 320])
        XCTAssertEqual(size(rows, 1, 1, minimum: Size(width: 3, height: 2)), [192, 128])
        XCTAssertEqual(size(spread, 1, 1, minimum: Size(width: 3, height: 2)), [64, 64])
        var columns = rows
        columns.axis = .vertical
        XCTAssertEqual(size(columns, 50, 100), [320, 6_400])
        XCTAssertEqual(Container.along(columns, Proposal(width: 50, height: 100), minimum: { nil })?.size, 6_400)
        XCTAssertNil(Container.along(rows, Proposal(width: nil, height: 100), minimum: { nil }))
        XCTAssertNil(Container.definiteAcross(rows, Proposal(width: 10, height: 10)))
        XCTAssertEqual(Container.definiteAcross(spread, Proposal(width: 10, height: 10)), 640)
    }

    /// Lines summed one after another: line k starts after the sizes and gaps of the
    /// lines before it; the total is their sizes and the gaps between them.
    func testLinesSoFar() {
        var lines = LinesSoFar(gap: 4)
        XCTAssertEqual(lines.total, 0)
        var starts: [Double] = []
        for size in [10.0, 20, 30] {
            lines.add(size, gap: 4)
            starts.append(lines.position)
        }
        XCTAssertEqual(starts, [0, 14, 38])
        XCTAssertEqual(lines.total, 68)
        XCTAssertEqual(lines.position.sign, .plus)
        var first = LinesSoFar(gap: 0)
        first.add(5, gap: 0)
        XCTAssertEqual(first.position.sign, .plus)   // +0, as the frame's first line
    }
}
