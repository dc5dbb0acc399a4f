import Foundation
import LayoutKernelCore
import LayoutKernelDispatch
import XCTest

/// Every case of `Fixtures/flow_features_browser.json` (SPEC.md section 11): a real
/// browser's CSS flexbox results for justification, right to left, reversed lines,
/// wrap-reverse, columns, line distribution and growing items, which the reference and
/// every kernel level must match exactly.
final class FlowFeaturesBrowserTests: XCTestCase {

    struct Fixture: Decodable {
        struct Case: Decodable {
            struct Expected: Decodable {
                var width: Float
                var height: Float
                var x: [Float]
                var y: [Float]
                var iw: [Float]?
                var ih: [Float]?
            }
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
            var expected: Expected
        }
        var cases: [Case]
    }

    static func loadCases() throws -> [Fixture.Case] {
        let data = try Data(contentsOf: fixturesDirectory.appendingPathComponent("flow_features_browser.json"))
        return try JSONDecoder().decode(Fixture.self, from: data).cases
    }

    /// A CSS `justify-content` / `align-content` value as a distribution.
    static func distribution(_ css: String) -> Distribution {
        switch css {
        case "flex-start": return .start
        case "flex-end": return .end
        case "center": return .center
        case "space-between": return .spaceBetween
        case "space-around": return .spaceAround
        case "space-evenly": return .spaceEvenly
        case "stretch": return .stretch
        default: fatalError("unknown distribution \(css)")
        }
    }

    /// The case's parameters and proposal as SPEC.md section 11 maps the fixture's fields:
    /// hs/vs are physical gaps, ax/ay flex-relative (main, cross); a definite cross size
    /// without align_content means align-content: flex-start.
    static func parameters(_ c: Fixture.Case) -> (FlowParameters, Proposal) {
        let vertical = c.axis == "vertical"
        var alignContent = c.align_content.map(distribution)
        let crossSize = vertical ? c.W : c.H
        if alignContent == nil, crossSize != nil { alignContent = .start }
        let parameters = FlowParameters(
            spacing: .fixed(vertical ? c.vs : c.hs), lineSpacing: .fixed(vertical ? c.hs : c.vs),
            alignment: vertical ? Anchor(x: c.ay, y: c.ax) : Anchor(x: c.ax, y: c.ay),
            justify: c.justify.map(distribution), direction: c.direction == "rtl" ? .rtl : .ltr,
            reverse: c.reverse ?? false, wrapReverse: c.wrap_reverse ?? false,
            axis: vertical ? .vertical : .horizontal, alignContent: alignContent)
        return (parameters, Proposal(width: c.W, height: c.H))
    }

    /// Whether `layout` is the browser's result for `c`; a description of the difference if not.
    static func difference(_ c: Fixture.Case, _ layout: Layout) -> String? {
        let e = c.expected
        var wrong: [String] = []
        if layout.size != Size(width: e.width, height: e.height) {
            wrong.append("size \(layout.size) want \(e.width) x \(e.height)")
        }
        if layout.x != e.x { wrong.append("x \(layout.x) want \(e.x)") }
        if layout.y != e.y { wrong.append("y \(layout.y) want \(e.y)") }
        if c.grow != nil {
            if layout.itemWidth != e.iw! { wrong.append("item widths \(layout.itemWidth) want \(e.iw!)") }
            if layout.itemHeight != e.ih! { wrong.append("item heights \(layout.itemHeight) want \(e.ih!)") }
        }
        return wrong.isEmpty ? nil : "\(c.id): " + wrong.joined(separator: "; ")
    }

    func testTheReferenceMatchesEveryBrowserCase() throws {
        let cases = try Self.loadCases()
        XCTAssertEqual(cases.count, 600)
        var failures = 0
        for c in cases {
            let (parameters, proposal) = Self.parameters(c)
            let layout = ItemList(widths: c.w, heights: c.h).withItems { items in
                c.grow.map { grow in
                    grow.withUnsafeBufferPointer { grow in
                        FlowFeatures.layout(items, parameters, proposal, lines: FlowReference.lines(
                            FlowFeatures.mainView(items, parameters.axis), parameters,
                            FlowFeatures.packingProposal(proposal, parameters.axis)), grow: grow)
                    }
                } ?? FlowReference.layout(items, parameters, proposal)
            }
            if let difference = Self.difference(c, layout) {
                failures += 1
                XCTFail("\(difference)\n  case \(c)")
                if failures > 8 { return }
            }
        }
    }

    /// Every kernel level (through `LayoutKernelSet.place`, as the C API calls it).
    func testEveryLevelMatchesEveryBrowserCase() throws {
        let cases = try Self.loadCases()
        for level in KernelLevel.supported {
            var failures = 0
            for c in cases where c.grow == nil {
                let (parameters, proposal) = Self.parameters(c)
                let layout = ItemList(widths: c.w, heights: c.h).withItems { items in
                    var x = [Float](repeating: .nan, count: items.count), y = x
                    let outcome = level.layouts.place(items, .flow(parameters), proposal, LayoutOutput(
                        x: &x, y: &y, rows: RowTableWriter(start: nil, count: nil, y: nil, width: nil, height: nil)))
                    return Layout(size: outcome.size, x: x, y: y, rows: [])
                }
                if let difference = Self.difference(c, layout) {
                    failures += 1
                    XCTFail("\(level.name) \(difference)")
                    if failures > 3 { break }
                }
            }
        }
    }
}
