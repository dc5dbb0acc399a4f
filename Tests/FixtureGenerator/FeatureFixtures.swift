import Foundation
import LayoutKernelCore

// The flows with CSS features (lk_flow_layout's "Features" in layoutkernel.h) (flow_features.txt): every case of
// Tests/Fixtures/flow_features_browser.json (Chromium's results, which the reference
// equals — FlowFeaturesBrowserTests), then random featured flows with what the browser
// cases lack: per-item spacing, breaks, off-grid and zero lengths, every anchor.
//
// A featured flow's layout line adds its features as KEY=VALUE tokens (C's values):
//   justify=N direction=N reverse=1 wrap_reverse=1 axis=N align_content=N
// and its items may have a `grow ...` line (COUNT floats); item_width and item_height
// then hold the grown sizes.

extension ReferenceFixtures {

    /// The browser cases' file, found from this source file (the generator and the
    /// tests both compile it).
    static let browserCases = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/flow_features_browser.json")

    /// SPEC.md §12 and §13's cases (`flow_css_browser.json`), of which those using
    /// only the fields below are read (`loadBrowserCases(cssFile)`).
    static let cssBrowserCases = browserCases.deletingLastPathComponent()
        .appendingPathComponent("flow_css_browser.json")

    struct BrowserCase: Decodable {
        var id: String
        var W: Float?
        var H: Float?
        var hs: Float
        var vs: Float
        var ax: Float
        var ay: Float
        var w: [Float]
        var h: [Float]
        var justify: String?
        var direction: String?
        var reverse: Bool?
        var wrap_reverse: Bool?
        var axis: String?
        var align_content: String?
        var grow: [Float]?
        /// `flex-wrap`: wrap (absent), nowrap or balance (§12).
        var wrap: String?
        /// `flex-line-count` (§12, with balance).
        var min_lines: Int?
        /// SPEC.md §13's item rules (null entries: none).
        var align_items: String?
        var align_self: [String?]?
        var baseline: [Float?]?
        var last_baseline: [Float?]?
        var stretchable: [Bool]?
        var min_width: [Float?]?
        var max_width: [Float?]?
        var min_height: [Float?]?
        var max_height: [Float?]?
        var shrink: [Float]?
        /// The browser's result (grown sizes iw, ih when items grow).
        var expected: Expected

        struct Expected: Decodable {
            var width: Float
            var height: Float
            var x: [Float]
            var y: [Float]
            var iw: [Float]?
            var ih: [Float]?
        }
    }

    struct BrowserFile: Decodable {
        var cases: [BrowserCase]
    }

    /// Every case of the browser's file; of another file (`url`), the cases whose
    /// fields are all `BrowserCase`'s, with a `wrap` the library has.
    static func loadBrowserCases(_ url: URL = browserCases) -> [BrowserCase] {
        let data = try! Data(contentsOf: url)
        let cases = try! JSONDecoder().decode(BrowserFile.self, from: data).cases
        guard url != browserCases else { return cases }
        let known: Set<String> = ["id", "W", "H", "hs", "vs", "ax", "ay", "w", "h", "justify", "direction", "reverse",
                                  "wrap_reverse", "axis", "align_content", "grow", "wrap", "min_lines", "expected",
                                  "align_items", "align_self", "baseline", "last_baseline", "stretchable",
                                  "min_width", "max_width", "min_height", "max_height", "shrink"]
        let raw = (try! JSONSerialization.jsonObject(with: data) as! [String: Any])["cases"] as! [[String: Any]]
        return zip(cases, raw).filter { c, fields in
            Set(fields.keys).isSubset(of: known) && [nil, "wrap", "nowrap", "balance"].contains(c.wrap)
        }.map(\.0)
    }

    /// A CSS `align-items` / `align-self` keyword as SPEC.md §13 names it (nil: auto).
    static func itemAlignment(_ name: String?) -> ItemAlignment? {
        let names: [String: ItemAlignment] = [
            "start": .start, "center": .center, "end": .end, "stretch": .stretch, "baseline": .baseline,
            "last-baseline": .lastBaseline,
        ]
        return name.flatMap { names[$0] }
    }

    /// A browser case's items, with its item rules.
    static func browserItems(_ c: BrowserCase) -> ItemList {
        func floats(_ values: [Float?]?) -> [Float]? { values.map { $0.map { $0 ?? .nan } } }
        let rules = ItemRuleList(
            alignSelf: c.align_self.map { $0.map { itemAlignment($0)?.rawValue ?? 0 } }, baseline: floats(c.baseline),
            lastBaseline: floats(c.last_baseline), stretchable: c.stretchable.map { $0.map { $0 ? 1 : 0 } },
            minWidth: floats(c.min_width), maxWidth: floats(c.max_width), minHeight: floats(c.min_height),
            maxHeight: floats(c.max_height), shrink: c.shrink)
        return ItemList(widths: c.w, heights: c.h, grow: c.grow, rules: rules == ItemRuleList() ? nil : rules)
    }

    /// A CSS `justify-content` / `align-content` keyword.
    static func distribution(_ css: String) -> Distribution {
        let names: [String: Distribution] = [
            "flex-start": .start, "flex-end": .end, "center": .center, "space-between": .spaceBetween,
            "space-around": .spaceAround, "space-evenly": .spaceEvenly, "stretch": .stretch,
        ]
        return names[css]!
    }

    /// A browser case's parameters and proposal, as the fixture's own description maps its fields:
    /// hs and vs are physical gaps, ax and ay flex-relative (main, cross); a definite
    /// cross size without align_content is align-content: flex-start.
    static func browserParameters(_ c: BrowserCase) -> (FlowParameters, Proposal) {
        let vertical = c.axis == "vertical"
        var alignContent = c.align_content.map(distribution)
        if alignContent == nil, (vertical ? c.W : c.H) != nil { alignContent = .start }
        let parameters = FlowParameters(
            spacing: .fixed(vertical ? c.vs : c.hs), lineSpacing: .fixed(vertical ? c.hs : c.vs),
            alignment: vertical ? Anchor(x: c.ay, y: c.ax) : Anchor(x: c.ax, y: c.ay),
            justify: c.justify.map(distribution), direction: c.direction == "rtl" ? .rtl : .ltr,
            reverse: c.reverse ?? false, wrapReverse: c.wrap_reverse ?? false,
            axis: vertical ? .vertical : .horizontal, alignContent: alignContent,
            wrap: c.wrap == "nowrap" ? .nowrap : c.wrap == "balance" ? .balance : .wrap, minLines: c.min_lines ?? 1,
            alignItems: itemAlignment(c.align_items))
        return (parameters, Proposal(width: c.W, height: c.H))
    }

    static func featureCase(_ c: BrowserCase) -> FixtureCase {
        let (parameters, proposal) = browserParameters(c)
        return one("browser-\(c.id)", ItemList(widths: c.w, heights: c.h, grow: c.grow), .flow(parameters), proposal)
    }

    static func flowFeatureCases() -> [FixtureCase] {
        var cases = loadBrowserCases().map(featureCase)
        var r = FixtureRandom(state: 0xF1E7)
        for k in 0..<300 {
            let grid = k % 3 != 0
            let n = count(&r, large: true)
            var list = items(&r, n, widthTop: 60, heightTop: 40, sideTop: 8, onGrid: grid, flags: true)
            if r.oneIn(3) {
                let small = r.oneIn(3)
                list.grow = (0..<n).map { _ in r.oneIn(3) ? 0 : small ? r.onGrid(0.25) : r.onGrid(4) }
            }
            let modes = Distribution.allCases
            var parameters = FlowParameters(
                spacing: spacing(&r, 10, onGrid: grid), lineSpacing: spacing(&r, 10, onGrid: grid),
                alignment: anchor(&r), justify: r.oneIn(3) ? nil : r.pick(Array(modes.dropLast())),
                direction: r.oneIn(3) ? .rtl : .ltr, reverse: r.oneIn(3), wrapReverse: r.oneIn(3),
                axis: r.oneIn(3) ? .vertical : .horizontal, alignContent: r.oneIn(2) ? nil : r.pick(modes))
            if !parameters.hasFeatures && list.grow == nil { parameters.reverse = true }
            cases.append(one("random-\(grid ? "grid" : "off")-\(k)", list, .flow(parameters),
                             proposal(&r, 400, onGrid: grid)))
        }
        return cases
    }

    /// The feature tokens of a flow's layout line (none for a plain flow).
    static func featureTokens(_ p: FlowParameters) -> String {
        var tokens: [String] = []
        if let justify = p.justify { tokens.append("justify=\(justify.rawValue)") }
        if p.direction == .rtl { tokens.append("direction=1") }
        if p.reverse { tokens.append("reverse=1") }
        if p.wrapReverse { tokens.append("wrap_reverse=1") }
        if p.axis == .vertical { tokens.append("axis=2") }
        if let alignContent = p.alignContent { tokens.append("align_content=\(alignContent.rawValue)") }
        return tokens.map { " " + $0 }.joined()
    }
}
