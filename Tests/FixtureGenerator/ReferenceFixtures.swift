import LayoutKernelCore

// The reference fixtures: cases of every layout kind and of first fit, with the results
// of the scalar references (`LayoutReference`, `FirstFit.choose`), as text files that
// the C tests (Tests/c/fixtures.h) and the Python tests (python/tests/reference_fixtures.py)
// replay through the library. `lk-fixtures` writes them to Tests/Fixtures/reference;
// `ReferenceFixtureTests` makes them again in memory and requires the committed files to
// be equal, byte for byte.
//
// This file is compiled into both: it is a source of the `lk-fixtures` executable, and
// Tests/LayoutKernelCoreTests/ReferenceFixtures.swift is a link to it (as the kernel
// modules link to Sources/Kernels). Neither needs more than LayoutKernelCore, and the
// test target needs no dependency on an executable.
//
// The format, line by line (every number of a float array is a C99 hex float, as
// printf's %a writes it, or inf / nan; strtof and float.fromhex read it exactly):
//
//   # comment
//   case ID exact | case ID within TOLERANCE
//   proposal WIDTH HEIGHT                  nan: unspecified
//   first_fit AXES COUNT                   first fit only: both, horizontal or vertical
//   layout KIND PARAMETERS...              starts a candidate (once for other cases)
//   n COUNT
//   widths ..., heights ...                COUNT floats each
//   leading, trailing, top, bottom ...     optional per-item spacing (absent: NULL)
//   flags ...                              optional, one integer per item
//   grow ...                               optional grow factors (a flow's; FeatureFixtures.swift)
//   chosen INDEX                           first fit only
//   size WIDTH HEIGHT
//   rows COUNT
//   x ..., y ...                           the chosen candidate's item count each
//   item_width ..., item_height ...        only where a layout sizes its items (balanced, grown flow)
//   row START LENGTH Y WIDTH HEIGHT        COUNT lines; Y is a double
//   end
//
// Layout parameters, as the fields of lk_layout (a spacing is a float or per_item):
//   layout flow SPACING LINE_SPACING AX AY [FEATURE=VALUE ...]   (FeatureFixtures.swift)
//   layout hstack|vstack|zstack SPACING AX AY
//   layout grid COLUMNS MIN_COLUMN_WIDTH fit|fill SPACING LINE_SPACING AX AY  (columns 0: adaptive)
//   layout balanced horizontal|vertical SPACING
//   layout circle RADIUS START_ANGLE AX AY
//
// `exact`: every output must be bit-identical. `within T`: every float output within T
// of the expected one (integers, the chosen index and row counts always exact). Flow
// and grid cases are exact, on the 1/64 grid and off it (for flows off the grid this is
// stricter than the Precision paragraph of Include/layoutkernel.h, which promises 1e-5
// of the extent there); stacks and balanced stacks are exact when every length
// (item sizes, the spacings used) is a multiple of 1/64 and every coordinate stays below
// 2^17; circles never. T is 1e-5 times max(1, the expected width, the expected height).
//
// `index.txt` names every file with its number of cases.

/// SplitMix64: the cases' only source of variety, so that they never change.
struct FixtureRandom {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A whole number in `0 ..< bound`.
    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

    /// True once in `count` draws.
    mutating func oneIn(_ count: Int) -> Bool { below(count) == 0 }

    mutating func pick<T>(_ values: [T]) -> T { values[below(values.count)] }

    /// A multiple of 1/64 in `[0, top]`.
    mutating func onGrid(_ top: Float) -> Float { Float(below(Int(top * 64) + 1)) / 64 }

    /// Any float in `[0, top)`, its low bits as random as its high ones.
    mutating func offGrid(_ top: Float) -> Float {
        Float(Double(next() >> 11) / Double(1 << 53)) * top
    }

    /// A length in `[0, top]`: on the 1/64 grid or off it.
    mutating func length(_ top: Float, onGrid grid: Bool) -> Float {
        grid ? onGrid(top) : offGrid(top)
    }
}

/// One candidate: items and the layout over them.
struct FixtureCandidate {
    var items: ItemList
    var layout: AnyLayout
}

/// One case: a layout (or first fit over several) and a proposal.
struct FixtureCase {
    var id: String
    var proposal: Proposal
    var candidates: [FixtureCandidate]
    /// The constrained axes of a first-fit case; nil for a plain layout.
    var firstFitAxes: Axes? = nil
}

enum ReferenceFixtures {

    /// Every fixture file, `index.txt` first, as (file name, contents).
    static func files() -> [(name: String, text: String)] {
        let groups: [(String, [FixtureCase])] = [
            ("flow.txt", flowCases()),
            ("flow_features.txt", flowFeatureCases()),
            ("stacks.txt", stackCases()),
            ("grid.txt", gridCases()),
            ("balanced.txt", balancedCases()),
            ("circle.txt", circleCases()),
            ("first_fit.txt", firstFitCases()),
        ]
        var index = "# The reference fixture files (lk-fixtures; see Tests/FixtureGenerator).\n"
        var files: [(name: String, text: String)] = []
        for (name, cases) in groups {
            index += "file \(name) \(cases.count)\n"
            var text = "# \(name): results of LayoutKernelCore's scalar references, written by "
                + "lk-fixtures (make fixtures).\n# Format: Tests/FixtureGenerator/ReferenceFixtures.swift.\n"
            for fixture in cases { text += render(fixture) }
            files.append((name, text))
        }
        return [("index.txt", index)] + files
    }

    // MARK: - Values

    static func power(_ exponent: Int) -> Float { Float(sign: .plus, exponent: exponent, significand: 1) }

    /// Item lengths far beyond the ordinary (the largest is LK_MAX_LENGTH).
    static let largeLengths: [(name: String, value: Float)] =
        [("2p20", power(20)), ("2p30", power(30)), ("2p40", power(40)), ("2p59", power(59)),
         ("2p64", power(64))]
    /// Spacings far beyond the ordinary.
    static let largeSpacings: [(name: String, value: Float)] =
        [("1.7e7", 1.7e7), ("1e9", 1e9), ("1e12", 1e12)]
    /// Every position within the first 16-item block, and the next blocks' edges.
    static let blockPositions = Array(0..<16) + [16, 17, 31, 32, 33]
    /// Positions at and around block edges, for the kinds whose kernels have no rows.
    static let edgePositions = [0, 1, 15, 16, 17, 33]

    static let namedAnchors: [(String, Anchor)] = [
        ("topLeading", .topLeading), ("top", .top), ("topTrailing", .topTrailing),
        ("leading", .leading), ("center", .center), ("trailing", .trailing),
        ("bottomLeading", .bottomLeading), ("bottom", .bottom), ("bottomTrailing", .bottomTrailing),
    ]
    static let fractionalAnchors: [(String, Anchor)] = [
        ("q", Anchor(x: 0.25, y: 0.75)), ("f3", Anchor(x: 0.3, y: 0.7)),
        ("f1", Anchor(x: 0.1, y: 0.9)), ("third", Anchor(x: Float(1.0 / 3.0), y: Float(2.0 / 3.0))),
    ]
    static let allAnchors = namedAnchors + fractionalAnchors

    /// Item counts around the 4-, 8- and 16-lane widths.
    static let smallCounts = [0, 1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 32, 33, 47, 48, 49, 63, 64, 65]
    /// Item counts of a few hundred.
    static let largeCounts = [100, 127, 128, 129, 200, 255, 256, 300]
    /// The counts of the series that lay out one set of parameters at every count.
    static let counts = smallCounts + [100, 129]

    static func anchor(_ r: inout FixtureRandom) -> Anchor { r.pick(allAnchors).1 }

    /// A random item count: a few hundred now and then when `large`.
    static func count(_ r: inout FixtureRandom, large: Bool = false) -> Int {
        switch r.below(16) {
        case 0 where large: return r.pick(largeCounts)
        case 1...8: return r.pick(smallCounts)
        default: return r.below(40)
        }
    }

    /// A proposal axis: unspecified, infinite, zero or a finite length.
    static func axis(_ r: inout FixtureRandom, _ top: Float, onGrid grid: Bool) -> Float? {
        switch r.below(6) {
        case 0: return nil
        case 1: return .infinity
        case 2: return 0
        default: return r.length(top, onGrid: grid)
        }
    }

    static func proposal(_ r: inout FixtureRandom, _ top: Float, onGrid grid: Bool) -> Proposal {
        Proposal(width: axis(&r, top, onGrid: grid), height: axis(&r, top, onGrid: grid))
    }

    static func spacing(_ r: inout FixtureRandom, _ top: Float, onGrid grid: Bool) -> Spacing {
        r.oneIn(3) ? .perItem : .fixed(r.length(top, onGrid: grid))
    }

    /// Random items: sizes up to `top` (some zero, sometimes all equal), spacing
    /// preferences up to `sideTop` in arrays that are each present or not (when `sides`,
    /// else now and then), and break flags when `flags` (for flows).
    static func items(_ r: inout FixtureRandom, _ n: Int, widthTop: Float, heightTop: Float,
                      sideTop: Float, onGrid grid: Bool, flags: Bool, sides: Bool = true) -> ItemList {
        let uniform = r.oneIn(6)
        let uw = r.length(widthTop, onGrid: grid), uh = r.length(heightTop, onGrid: grid)
        var list = ItemList(widths: [], heights: [])
        for _ in 0..<n {
            list.widths.append(uniform ? uw : r.oneIn(8) ? 0 : r.length(widthTop, onGrid: grid))
            list.heights.append(uniform ? uh : r.oneIn(8) ? 0 : r.length(heightTop, onGrid: grid))
        }
        func side(_ r: inout FixtureRandom) -> [Float]? {
            guard sides ? r.below(4) != 0 : r.oneIn(12) else { return nil }
            return (0..<n).map { _ in r.oneIn(4) ? 0 : r.length(sideTop, onGrid: grid) }
        }
        list.leading = side(&r)
        list.trailing = side(&r)
        list.top = side(&r)
        list.bottom = side(&r)
        if flags && !r.oneIn(3) {
            let rate = r.pick([2, 5, 17, 1000])
            list.flags = (0..<n).map { _ in r.oneIn(rate) ? ItemFlag.breakBefore : 0 }
        }
        return list
    }

    /// Ordinary items (whole numbers, 1 to 40 by 1 to 30), with `value` at `position` as
    /// the width or the height.
    static func itemsWithLarge(_ r: inout FixtureRandom, count n: Int, value: Float, at position: Int,
                               width: Bool) -> ItemList {
        var list = ItemList(widths: (0..<n).map { _ in Float(1 + r.below(40)) },
                            heights: (0..<n).map { _ in Float(1 + r.below(30)) })
        if width { list.widths[position] = value } else { list.heights[position] = value }
        return list
    }

    static let sideNames = ["leading", "trailing", "top", "bottom"]

    /// Ordinary items (as `itemsWithLarge`) with spacing preferences on one side only
    /// (0 leading, 1 trailing, 2 top, 3 bottom): whole numbers up to 4, but `value` at
    /// `position`.
    static func itemsWithLargeSide(_ r: inout FixtureRandom, count n: Int, side: Int, value: Float,
                                   at position: Int) -> ItemList {
        var list = itemsWithLarge(&r, count: n, value: 1, at: 0, width: true)
        var preferences = (0..<n).map { _ in Float(r.below(5)) }
        preferences[position] = value
        switch side {
        case 0: list.leading = preferences
        case 1: list.trailing = preferences
        case 2: list.top = preferences
        default: list.bottom = preferences
        }
        return list
    }

    /// The item count for a large value at `position`: items before and after it, and at
    /// least two 16-item blocks.
    static func countAround(_ position: Int) -> Int { max(position + 4, 20) }

    /// For each large length and position: ordinary items with that length as the
    /// width, and (another case) as the height, of the item at that position, laid out
    /// by `layout`.
    static func largeLengthCases(_ r: inout FixtureRandom, _ prefix: String, at positions: [Int],
                                 proposal: Proposal = .unspecified,
                                 _ layout: (inout FixtureRandom) -> AnyLayout) -> [FixtureCase] {
        var cases: [FixtureCase] = []
        for (valueName, value) in largeLengths {
            for position in positions {
                for width in [true, false] {
                    let list = itemsWithLarge(&r, count: countAround(position), value: value, at: position,
                                              width: width)
                    cases.append(one("\(prefix)large-\(width ? "w" : "h")-\(valueName)-at\(position)", list,
                                     layout(&r), proposal))
                }
            }
        }
        return cases
    }

    /// For each large spacing: per side in `sides` and position at a block edge, items
    /// whose preference on that side is that spacing at that position, laid out by
    /// `perItem`; and 17 items laid out by `fixed` with that spacing.
    static func largeSpacingCases(_ r: inout FixtureRandom, _ prefix: String, sides: [Int],
                                  perItem: (inout FixtureRandom) -> AnyLayout,
                                  fixed: (Float) -> AnyLayout) -> [FixtureCase] {
        var cases: [FixtureCase] = []
        for (valueName, value) in largeSpacings {
            for side in sides {
                for position in edgePositions {
                    let list = itemsWithLargeSide(&r, count: countAround(position), side: side, value: value,
                                                  at: position)
                    cases.append(one("\(prefix)large-\(sideNames[side])-\(valueName)-at\(position)", list,
                                     perItem(&r), .unspecified))
                }
            }
            cases.append(one("\(prefix)large-spacing-\(valueName)", itemsWithLarge(&r, count: 17, value: 1, at: 0,
                                                                                 width: true),
                             fixed(value), .unspecified))
        }
        return cases
    }

    static func one(_ id: String, _ items: ItemList, _ layout: AnyLayout, _ proposal: Proposal) -> FixtureCase {
        FixtureCase(id: id, proposal: proposal, candidates: [FixtureCandidate(items: items, layout: layout)])
    }

    /// "WxH" for an id: u (unspecified), inf, or the value.
    static func name(_ proposal: Proposal) -> String {
        func axis(_ value: Float?) -> String {
            guard let value else { return "u" }
            return value.isInfinite ? "inf" : value == value.rounded() ? String(Int(value)) : hex(value)
        }
        return axis(proposal.width) + "x" + axis(proposal.height)
    }

    static let proposalsToTry: [Proposal] = [
        .unspecified, .infinity, .zero, Proposal(width: 150, height: nil),
        Proposal(width: 150, height: 20), Proposal(width: 10, height: 5), Proposal(width: nil, height: 40),
        Proposal(width: .infinity, height: 5),
    ]

    // MARK: - Flow

    static func flowCases() -> [FixtureCase] {
        var r = FixtureRandom(state: 0xF10)
        var cases: [FixtureCase] = []

        // Every anchor under proposals of every sort, over one set of items.
        let aligned = items(&r, 12, widthTop: 50, heightTop: 30, sideTop: 8, onGrid: true, flags: false)
        for (anchorName, anchor) in allAnchors {
            for proposal in proposalsToTry {
                cases.append(one("align-\(anchorName)-\(name(proposal))", aligned,
                                 .flow(FlowParameters(spacing: .fixed(10), lineSpacing: .fixed(5),
                                                      alignment: anchor)), proposal))
            }
        }

        // One flow at every count: the same parameters (per-item spacing, breaks).
        let perItem = FlowParameters(spacing: .perItem, lineSpacing: .perItem, alignment: .center)
        for n in counts + [255] {
            var list = items(&r, n, widthTop: 40, heightTop: 20, sideTop: 6, onGrid: true, flags: false)
            list.leading = list.leading ?? [Float](repeating: 1, count: n)
            list.flags = (0..<n).map { $0 % 23 == 22 ? ItemFlag.breakBefore : 0 }
            cases.append(one("counts-\(n)", list, .flow(perItem), Proposal(width: 200, height: nil)))
        }

        // Items wider than the row limit, first, inside and last in a row.
        for k in 0..<24 {
            let n = r.pick([1, 2, 5, 16, 17, 33])
            var list = items(&r, n, widthTop: 30, heightTop: 20, sideTop: 4, onGrid: true, flags: false)
            list.widths[r.below(n)] = 60 + r.onGrid(100)
            list.widths[k % n] = 61
            let parameters = FlowParameters(spacing: .fixed(r.onGrid(6)), lineSpacing: .fixed(2),
                                            alignment: anchor(&r))
            cases.append(one("oversize-\(k)", list, .flow(parameters),
                             Proposal(width: r.pick([0, 25, 50, 59.984375]), height: r.pick([nil, 0, 10]))))
        }

        // Random flows, half on the grid.
        for k in 0..<160 {
            let grid = k % 2 == 0
            let n = count(&r, large: true)
            let parameters = FlowParameters(spacing: spacing(&r, 8, onGrid: grid),
                                            lineSpacing: spacing(&r, 8, onGrid: grid), alignment: anchor(&r))
            let list = items(&r, n, widthTop: 60, heightTop: 40, sideTop: 9, onGrid: grid, flags: true,
                             sides: parameters.spacing == .perItem || parameters.lineSpacing == .perItem)
            var proposal = self.proposal(&r, 250, onGrid: grid)
            if n > 0 && r.oneIn(3) {  // the row limit exactly where an item ends
                var x = list.widths[0]
                let end = r.below(n)
                list.withItems { items in
                    for i in stride(from: 1, through: end, by: 1) {
                        x = x + items.gapX(i - 1, i, parameters.spacing) + items.widths[i]
                    }
                }
                proposal.width = x
            }
            cases.append(one("random-\(grid ? "grid" : "off")-\(k)", list, .flow(parameters), proposal))
        }

        // Large item sizes at every position of a block and at block edges.
        for (valueName, value) in largeLengths {
            for position in blockPositions {
                for width in [true, false] {
                    for proposal in [Proposal.unspecified, Proposal(width: 300, height: nil)] {
                        let n = countAround(position)
                        let list = itemsWithLarge(&r, count: n, value: value, at: position, width: width)
                        let parameters = FlowParameters(spacing: .fixed(2.5), lineSpacing: .fixed(1),
                                                        alignment: r.pick(allAnchors).1)
                        cases.append(one("large-\(width ? "w" : "h")-\(valueName)-at\(position)-\(name(proposal))",
                                         list, .flow(parameters), proposal))
                    }
                }
            }
        }

        // Large per-item spacings on each side, at every position; breaks every 6 items
        // give rows whatever the proposal (a row limit matters to leading and trailing
        // spacing only). The item is its row's tallest, so that its top and bottom
        // preferences count.
        for (valueName, value) in largeSpacings {
            for (side, sideName) in sideNames.enumerated() {
                for position in blockPositions {
                    for proposal in side < 2 ? [Proposal.unspecified, Proposal(width: 300, height: nil)]
                                             : [Proposal(width: 300, height: nil)] {
                        let n = countAround(position)
                        var list = itemsWithLargeSide(&r, count: n, side: side, value: value, at: position)
                        list.heights[position] = 45
                        list.flags = (0..<n).map { $0 % 6 == 5 ? ItemFlag.breakBefore : 0 }
                        let parameters = FlowParameters(spacing: .perItem, lineSpacing: .perItem,
                                                        alignment: r.pick(allAnchors).1)
                        cases.append(one("large-\(sideName)-\(valueName)-at\(position)-\(name(proposal))",
                                         list, .flow(parameters), proposal))
                    }
                }
            }
            // The same spacings fixed, between items and between rows.
            for n in [17, 33] {
                for proposal in [Proposal.unspecified, Proposal(width: 300, height: nil)] {
                    var list = itemsWithLarge(&r, count: n, value: 1, at: 0, width: true)
                    list.flags = (0..<n).map { $0 % 6 == 5 ? ItemFlag.breakBefore : 0 }
                    cases.append(one("large-spacing-\(valueName)-n\(n)-\(name(proposal))", list,
                                     .flow(FlowParameters(spacing: .fixed(value), lineSpacing: .fixed(3))), proposal))
                    cases.append(one("large-line-spacing-\(valueName)-n\(n)-\(name(proposal))", list,
                                     .flow(FlowParameters(spacing: .fixed(3), lineSpacing: .fixed(value),
                                                          alignment: .bottomTrailing)), proposal))
                }
            }
        }
        return cases
    }

    // MARK: - Stacks

    static func stackCases() -> [FixtureCase] {
        var r = FixtureRandom(state: 0x57AC)
        var cases: [FixtureCase] = []
        // Each kind with the spacing preferences it uses (a ZStack uses none).
        let kinds: [(String, (StackParameters) -> AnyLayout, [Int])] =
            [("hstack", AnyLayout.hstack, [0, 1]), ("vstack", AnyLayout.vstack, [2, 3]),
             ("zstack", AnyLayout.zstack, [])]
        for (kindName, make, sides) in kinds {
            let aligned = items(&r, 9, widthTop: 50, heightTop: 30, sideTop: 8, onGrid: true, flags: false)
            for (anchorName, anchor) in allAnchors {
                cases.append(one("\(kindName)-align-\(anchorName)", aligned,
                                 make(StackParameters(spacing: .fixed(4), alignment: anchor)),
                                 r.pick(proposalsToTry)))
            }
            let shared = StackParameters(spacing: .perItem, alignment: .bottomTrailing)
            for n in counts {
                let list = items(&r, n, widthTop: 40, heightTop: 30, sideTop: 6, onGrid: true, flags: false)
                cases.append(one("\(kindName)-counts-\(n)", list, make(shared), r.pick(proposalsToTry)))
            }
            for k in 0..<40 {
                let grid = k % 2 == 0
                let parameters = StackParameters(spacing: spacing(&r, 32, onGrid: grid), alignment: anchor(&r))
                let list = items(&r, count(&r), widthTop: 128, heightTop: 128, sideTop: 16, onGrid: grid,
                                 flags: false, sides: parameters.spacing == .perItem)
                cases.append(one("\(kindName)-random-\(grid ? "grid" : "off")-\(k)", list, make(parameters),
                                 proposal(&r, 4000, onGrid: grid)))
            }
            cases += largeLengthCases(&r, "\(kindName)-", at: edgePositions) { r in
                make(StackParameters(spacing: .fixed(2), alignment: anchor(&r)))
            }
            cases += largeSpacingCases(&r, "\(kindName)-", sides: sides,
                                       perItem: { r in make(StackParameters(spacing: .perItem, alignment: anchor(&r))) },
                                       fixed: { make(StackParameters(spacing: .fixed($0), alignment: .center)) })
        }
        return cases
    }

    // MARK: - Grid

    static func gridColumns(_ r: inout FixtureRandom, _ n: Int, onGrid grid: Bool) -> GridColumns {
        switch r.below(4) {
        case 0: return .adaptive(minimumWidth: r.oneIn(2) ? 1 + Float(r.below(60)) : r.length(200, onGrid: grid) + 0.015625)
        case 1: return .count(max(1, n + 3 * r.below(2)))
        default: return .count(1 + r.below(40))
        }
    }

    static func gridCases() -> [FixtureCase] {
        var r = FixtureRandom(state: 0x6121D)
        var cases: [FixtureCase] = []
        let aligned = items(&r, 11, widthTop: 50, heightTop: 30, sideTop: 4, onGrid: true, flags: false, sides: false)
        for (anchorName, anchor) in allAnchors {
            for sizing in [GridSizing.fit, .fill] {
                for columns in [GridColumns.count(3), .adaptive(minimumWidth: 30)] {
                    let parameters = GridParameters(columns: columns, sizing: sizing, spacing: 6, lineSpacing: 4,
                                                    alignment: anchor)
                    let adaptive = columns != .count(3)
                    cases.append(one("align-\(anchorName)-\(sizing)-\(adaptive ? "adaptive" : "3")", aligned,
                                     .grid(parameters), r.pick(proposalsToTry)))
                }
            }
        }
        let shared = GridParameters(columns: .count(7), sizing: .fill, spacing: 3, lineSpacing: 2,
                                    alignment: .bottom)
        for n in counts {
            let list = items(&r, n, widthTop: 40, heightTop: 30, sideTop: 4, onGrid: true, flags: false, sides: false)
            cases.append(one("counts-\(n)", list, .grid(shared), Proposal(width: 400, height: nil)))
        }
        for k in 0..<200 {
            let grid = k % 2 == 0
            let n = count(&r, large: true)
            let list = items(&r, n, widthTop: 128, heightTop: 128, sideTop: 4, onGrid: grid, flags: false,
                             sides: false)
            let columns = gridColumns(&r, n, onGrid: grid)
            var proposal = self.proposal(&r, 4000, onGrid: grid)
            let parameters = GridParameters(columns: columns, sizing: r.oneIn(2) ? .fit : .fill,
                                            spacing: r.length(32, onGrid: grid), lineSpacing: r.length(32, onGrid: grid),
                                            alignment: anchor(&r))
            if case .count(let c) = columns, parameters.sizing == .fill, r.oneIn(2) {
                // A width whose shared column width is on the grid.
                let cell = r.onGrid(80)
                proposal.width = Float(Double(c) * Double(cell) + Double(c - 1) * Double(parameters.spacing))
            }
            cases.append(one("random-\(grid ? "grid" : "off")-\(k)", list, .grid(parameters), proposal))
        }
        for sizing in [GridSizing.fit, .fill] {
            cases += largeLengthCases(&r, "\(sizing)-", at: edgePositions, proposal: Proposal(width: 500, height: nil)) { r in
                .grid(GridParameters(columns: .count(r.pick([1, 4, 16, 17])), sizing: sizing, spacing: 2,
                                     lineSpacing: 1, alignment: anchor(&r)))
            }
        }
        for (valueName, value) in largeSpacings {
            for n in [17, 33] {
                let list = itemsWithLarge(&r, count: n, value: 1, at: 0, width: true)
                cases.append(one("large-spacing-\(valueName)-n\(n)", list,
                                 .grid(GridParameters(columns: .count(5), spacing: value, lineSpacing: 1)),
                                 .unspecified))
                cases.append(one("large-line-spacing-\(valueName)-n\(n)", list,
                                 .grid(GridParameters(columns: .count(5), spacing: 1, lineSpacing: value,
                                                      alignment: .topTrailing)), .unspecified))
                cases.append(one("large-adaptive-\(valueName)-n\(n)", list,
                                 .grid(GridParameters(columns: .adaptive(minimumWidth: 10), sizing: .fill,
                                                      spacing: 2, lineSpacing: 1)),
                                 Proposal(width: value, height: nil)))
            }
        }
        return cases
    }

    // MARK: - Balanced stacks

    static func balancedCases() -> [FixtureCase] {
        var r = FixtureRandom(state: 0xBA1A)
        var cases: [FixtureCase] = []
        for axis in [Axes.horizontal, .vertical] {
            let axisName = axis == .horizontal ? "row" : "column"
            let shared = BalancedParameters(axis: axis, spacing: .perItem)
            for n in counts {
                let list = items(&r, n, widthTop: 40, heightTop: 30, sideTop: 6, onGrid: true, flags: false)
                cases.append(one("\(axisName)-counts-\(n)", list, .balanced(shared), r.pick(proposalsToTry)))
            }
            for k in 0..<40 {
                let grid = k % 2 == 0
                let parameters = BalancedParameters(axis: axis, spacing: spacing(&r, 32, onGrid: grid))
                let list = items(&r, count(&r), widthTop: 128, heightTop: 128, sideTop: 16, onGrid: grid,
                                 flags: false, sides: parameters.spacing == .perItem)
                cases.append(one("\(axisName)-random-\(grid ? "grid" : "off")-\(k)", list, .balanced(parameters),
                                 proposal(&r, 4000, onGrid: grid)))
            }
            cases += largeLengthCases(&r, "\(axisName)-", at: edgePositions) { _ in
                .balanced(BalancedParameters(axis: axis, spacing: .fixed(3)))
            }
            cases += largeSpacingCases(&r, "\(axisName)-", sides: axis == .horizontal ? [0, 1] : [2, 3],
                                       perItem: { _ in .balanced(BalancedParameters(axis: axis, spacing: .perItem)) },
                                       fixed: { .balanced(BalancedParameters(axis: axis, spacing: .fixed($0))) })
        }
        return cases
    }

    // MARK: - Circle

    static func circleCases() -> [FixtureCase] {
        var r = FixtureRandom(state: 0xC12C1E)
        var cases: [FixtureCase] = []
        let shared = CircleParameters(radius: 100, startAngle: 0.5, anchor: .center)
        for n in counts {
            let list = items(&r, n, widthTop: 40, heightTop: 30, sideTop: 4, onGrid: true, flags: false, sides: false)
            cases.append(one("counts-\(n)", list, .circle(shared), r.pick(proposalsToTry)))
        }
        let four = ItemList(widths: [20, 20, 20, 20], heights: [20, 20, 20, 20])
        for (anchorName, anchor) in allAnchors {
            cases.append(one("align-\(anchorName)", four,
                             .circle(CircleParameters(radius: 100, startAngle: 0, anchor: anchor)), .unspecified))
        }
        for k in 0..<60 {
            let grid = k % 2 == 0
            let list = items(&r, count(&r), widthTop: 128, heightTop: 128, sideTop: 4, onGrid: grid, flags: false,
                             sides: false)
            let parameters = CircleParameters(radius: r.length(1000, onGrid: grid),
                                              startAngle: Float(r.below(14001)) / 1000 - 7, anchor: anchor(&r))
            cases.append(one("random-\(grid ? "grid" : "off")-\(k)", list, .circle(parameters),
                             proposal(&r, 4000, onGrid: grid)))
        }
        cases += largeLengthCases(&r, "", at: [0, 16]) { r in
            .circle(CircleParameters(radius: 50, startAngle: 1, anchor: anchor(&r)))
        }
        for (valueName, value) in largeLengths {
            cases.append(one("large-radius-\(valueName)", ItemList(widths: [1, 2, 3], heights: [3, 2, 1]),
                             .circle(CircleParameters(radius: value / 4, startAngle: 0, anchor: .topLeading)),
                             .unspecified))
        }
        return cases
    }

    // MARK: - First fit

    /// A random layout of any kind over `items`.
    static func anyLayout(_ r: inout FixtureRandom, _ n: Int) -> AnyLayout {
        switch r.below(7) {
        case 0: return .flow(FlowParameters(spacing: spacing(&r, 8, onGrid: true),
                                            lineSpacing: spacing(&r, 8, onGrid: true), alignment: anchor(&r)))
        case 1: return .hstack(StackParameters(spacing: spacing(&r, 8, onGrid: true), alignment: anchor(&r)))
        case 2: return .vstack(StackParameters(spacing: spacing(&r, 8, onGrid: true), alignment: anchor(&r)))
        case 3: return .zstack(StackParameters(spacing: .fixed(0), alignment: anchor(&r)))
        case 4: return .grid(GridParameters(columns: gridColumns(&r, n, onGrid: true),
                                            sizing: r.oneIn(2) ? .fit : .fill, spacing: r.onGrid(8),
                                            lineSpacing: r.onGrid(8), alignment: anchor(&r)))
        case 5: return .balanced(BalancedParameters(axis: r.oneIn(2) ? .horizontal : .vertical,
                                                    spacing: spacing(&r, 8, onGrid: true)))
        default: return .circle(CircleParameters(radius: r.onGrid(40), startAngle: Float(r.below(7000)) / 1000,
                                                 anchor: anchor(&r)))
        }
    }

    static func firstFitCases() -> [FixtureCase] {
        var r = FixtureRandom(state: 0xF1257F17)
        var cases: [FixtureCase] = []
        let axesNames: [(String, Axes)] = [("both", .both), ("horizontal", .horizontal), ("vertical", .vertical)]
        for k in 0..<180 {
            var candidates: [FixtureCandidate] = []
            for _ in 0..<(1 + r.below(4)) {
                let n = r.pick([0, 1, 2, 3, 5, 8, 17])
                var list = items(&r, n, widthTop: 60, heightTop: 40, sideTop: 6, onGrid: !r.oneIn(4), flags: false)
                list.flags = nil  // first fit takes no break flags in the Python binding
                candidates.append(FixtureCandidate(items: list, layout: anyLayout(&r, n)))
            }
            let proposal = Proposal(width: r.pick([nil, 0, 10, 40, 100, 240, 400, .infinity]),
                                    height: r.pick([nil, 0, 10, 30, 60, 500, .infinity]))
            let (axesName, axes) = r.pick(axesNames)
            cases.append(FixtureCase(id: "random-\(k)-\(axesName)", proposal: proposal, candidates: candidates,
                                     firstFitAxes: axes))
        }
        // An HStack that falls back to a VStack, the width slid across the switch.
        let items = ItemList(widths: [100, 96], heights: [100, 20])
        for width in Array(stride(from: Float(180), through: 210, by: 2)) + [195.984375, 196.015625] {
            cases.append(FixtureCase(id: "hstack-else-vstack-\(name(Proposal(width: width, height: 130)))",
                                     proposal: Proposal(width: width, height: 130),
                                     candidates: [FixtureCandidate(items: items, layout: .hstack(StackParameters())),
                                                  FixtureCandidate(items: items, layout: .vstack(StackParameters()))],
                                     firstFitAxes: .horizontal))
        }
        return cases
    }

    // MARK: - Rendering

    /// `value` as a C99 hex float (printf's %a): "0x1.8p+3", "-0x0p+0", "inf", "nan".
    static func hex(_ value: Double) -> String {
        if value.isNaN { return "nan" }
        if value.isInfinite { return value < 0 ? "-inf" : "inf" }
        let sign = value.sign == .minus ? "-" : ""
        if value == 0 { return sign + "0x0p+0" }
        // The significand in [1, 2) and its exponent, subnormals included.
        let exponent = Int(value.exponent)
        var fraction = value.magnitude.significand.significandBitPattern
        var digits = ""
        if fraction != 0 {
            var count = 13  // 52 fraction bits
            while fraction & 0xF == 0 { fraction >>= 4; count -= 1 }
            digits = String(fraction, radix: 16)
            digits = "." + String(repeating: "0", count: count - digits.count) + digits
        }
        return "\(sign)0x1\(digits)p\(exponent >= 0 ? "+" : "")\(exponent)"
    }

    static func hex(_ value: Float) -> String { hex(Double(value)) }

    static func line(_ key: String, _ values: [Float]) -> String {
        values.isEmpty ? key + "\n" : key + " " + values.map { hex($0) }.joined(separator: " ") + "\n"
    }

    static func spacingText(_ spacing: Spacing) -> String {
        switch spacing {
        case .fixed(let value): return hex(value)
        case .perItem: return "per_item"
        }
    }

    static func layoutLine(_ layout: AnyLayout) -> String {
        func anchor(_ a: Anchor) -> String { "\(hex(a.x)) \(hex(a.y))" }
        switch layout {
        case .flow(let p):
            return "layout flow \(spacingText(p.spacing)) \(spacingText(p.lineSpacing)) \(anchor(p.alignment))"
                + featureTokens(p) + "\n"
        case .hstack(let p): return "layout hstack \(spacingText(p.spacing)) \(anchor(p.alignment))\n"
        case .vstack(let p): return "layout vstack \(spacingText(p.spacing)) \(anchor(p.alignment))\n"
        case .zstack(let p): return "layout zstack \(spacingText(p.spacing)) \(anchor(p.alignment))\n"
        case .grid(let p):
            let columns: String
            switch p.columns {
            case .count(let count): columns = "\(count) 0x0p+0"
            case .adaptive(let minimum): columns = "0 \(hex(minimum))"
            }
            return "layout grid \(columns) \(p.sizing == .fit ? "fit" : "fill") \(hex(p.spacing)) "
                + "\(hex(p.lineSpacing)) \(anchor(p.alignment))\n"
        case .balanced(let p):
            return "layout balanced \(p.axis == .horizontal ? "horizontal" : "vertical") \(spacingText(p.spacing))\n"
        case .circle(let p):
            return "layout circle \(hex(p.radius)) \(hex(p.startAngle)) \(anchor(p.anchor))\n"
        }
    }

    static func itemLines(_ items: ItemList) -> String {
        var text = "n \(items.count)\n" + line("widths", items.widths) + line("heights", items.heights)
        for (key, values) in [("leading", items.leading), ("trailing", items.trailing), ("top", items.top),
                              ("bottom", items.bottom)] {
            if let values { text += line(key, values) }
        }
        if let flags = items.flags {
            text += flags.isEmpty ? "flags\n" : "flags " + flags.map { String($0) }.joined(separator: " ") + "\n"
        }
        if let grow = items.grow { text += line("grow", grow) }
        return text
    }

    /// The case as text, with the reference's results.
    static func render(_ fixture: FixtureCase) -> String {
        let proposal = fixture.proposal
        var chosen = 0
        if let axes = fixture.firstFitAxes {
            chosen = FirstFit.choose(count: fixture.candidates.count, axes: axes, proposal: proposal) { index in
                let candidate = fixture.candidates[index]
                return candidate.items.withItems { LayoutReference.size($0, candidate.layout, .unspecified) }
            }
        }
        let candidate = fixture.candidates[chosen]
        let result = candidate.items.withItems { LayoutReference.layout($0, candidate.layout, proposal) }
        let tolerance = self.tolerance(candidate, result)
        var text = "case \(fixture.id) " + (tolerance.map { "within \(hex($0))" } ?? "exact") + "\n"
        text += "proposal \(hex(proposal.width ?? .nan)) \(hex(proposal.height ?? .nan))\n"
        if let axes = fixture.firstFitAxes {
            let name = axes == .both ? "both" : axes == .horizontal ? "horizontal" : "vertical"
            text += "first_fit \(name) \(fixture.candidates.count)\n"
        }
        for candidate in fixture.candidates {
            text += layoutLine(candidate.layout) + itemLines(candidate.items)
        }
        if fixture.firstFitAxes != nil { text += "chosen \(chosen)\n" }
        text += "size \(hex(result.size.width)) \(hex(result.size.height))\n"
        text += "rows \(result.rows.count)\n"
        text += line("x", result.x) + line("y", result.y)
        if case .balanced = candidate.layout {
            text += line("item_width", result.itemWidth) + line("item_height", result.itemHeight)
        } else if case .flow = candidate.layout, candidate.items.grow != nil {
            text += line("item_width", result.itemWidth) + line("item_height", result.itemHeight)
        }
        for row in result.rows {
            text += "row \(row.start) \(row.count) \(hex(row.y)) \(hex(row.width)) \(hex(row.height))\n"
        }
        return text + "end\n"
    }

    // MARK: - Exact or within a tolerance

    static func onGrid(_ value: Float) -> Bool { (value * 64).rounded() == value * 64 }

    /// nil when every output must be bit-identical; else the largest difference allowed.
    static func tolerance(_ candidate: FixtureCandidate, _ result: Layout) -> Double? {
        let within = 1e-5 * Double(max(1, result.size.width, result.size.height))
        let items = candidate.items
        let spacing: Spacing
        switch candidate.layout {
        case .flow, .grid: return nil
        case .circle: return within
        case .hstack(let p), .vstack(let p): spacing = p.spacing
        case .zstack: spacing = .fixed(0)
        case .balanced(let p): spacing = p.spacing
        }
        var lengths = items.widths + items.heights
        switch spacing {
        case .fixed(let gap): lengths.append(gap)
        case .perItem:
            for side in [items.leading, items.trailing, items.top, items.bottom] { lengths += side ?? [] }
        }
        var coordinates = result.x + result.y + result.itemWidth + result.itemHeight
            + [result.size.width, result.size.height]
        for row in result.rows { coordinates += [Float(row.y), row.width, row.height] }
        let exact = lengths.allSatisfy(onGrid) && coordinates.allSatisfy { $0.magnitude < 131072 }
        return exact ? nil : within
    }
}
