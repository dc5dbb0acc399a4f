import LayoutKernelCore
import LayoutKernelDispatch
import XCTest

/// Every case of `Fixtures/flow_features_browser.json` (lk_flow_layout's "Features" in layoutkernel.h): a real
/// browser's CSS flexbox results for justification, right to left, reversed lines,
/// wrap-reverse, columns, line distribution and growing items, which the reference and
/// every kernel level must match exactly.
final class FlowFeaturesBrowserTests: XCTestCase {

    typealias Case = ReferenceFixtures.BrowserCase

    /// The browser's cases (the reading and the fields' mapping are shared with the
    /// fixture generator, FeatureFixtures.swift).
    static func loadCases() -> [Case] { ReferenceFixtures.loadBrowserCases() }

    /// Whether `layout` is the browser's result for `c`; a description of the difference if not.
    static func difference(_ c: Case, _ layout: Layout) -> String? {
        let e = c.expected
        var wrong: [String] = []
        if layout.size != Size(width: e.width, height: e.height) {
            wrong.append("size \(layout.size) want \(e.width) x \(e.height)")
        }
        if layout.x != e.x { wrong.append("x \(layout.x) want \(e.x)") }
        if layout.y != e.y { wrong.append("y \(layout.y) want \(e.y)") }
        if c.grow != nil || c.shrink != nil || c.stretchable != nil || c.min_width != nil || c.max_width != nil
            || c.min_height != nil || c.max_height != nil {
            if layout.itemWidth != e.iw! { wrong.append("item widths \(layout.itemWidth) want \(e.iw!)") }
            if layout.itemHeight != e.ih! { wrong.append("item heights \(layout.itemHeight) want \(e.ih!)") }
        }
        return wrong.isEmpty ? nil : "\(c.id): " + wrong.joined(separator: "; ")
    }

    func testTheReferenceMatchesEveryBrowserCase() {
        let cases = Self.loadCases()
        XCTAssertEqual(cases.count, 600)
        Self.checkReference(cases)
    }

    /// SPEC.md §12 and §13's browser cases (`flow_css_browser.json`): lines (nowrap,
    /// balance, min_lines) and item rules (align_items, align_self, baselines, stretch,
    /// min/max sizes, shrink), with every §11 feature.
    func testTheReferenceMatchesTheLineAndItemCases() {
        let cases = ReferenceFixtures.loadBrowserCases(ReferenceFixtures.cssBrowserCases)
        XCTAssertEqual(cases.filter { $0.wrap == "nowrap" }.count, 251)
        XCTAssertEqual(cases.filter { $0.wrap == "balance" }.count, 196)
        XCTAssertEqual(cases.count, 800)
        Self.checkReference(cases)
    }

    func testEveryLevelMatchesTheLineAndItemCases() {
        Self.checkEveryLevel(ReferenceFixtures.loadBrowserCases(ReferenceFixtures.cssBrowserCases))
    }

    static func checkReference(_ cases: [Case]) {
        var failures = 0
        for c in cases {
            let (parameters, proposal) = ReferenceFixtures.browserParameters(c)
            let layout = ReferenceFixtures.browserItems(c).withItems {
                FlowReference.layout($0, parameters, proposal)
            }
            if let difference = Self.difference(c, layout) {
                failures += 1
                XCTFail("\(difference)\n  case \(c)")
                if failures > 8 { return }
            }
        }
    }

    /// Every kernel level (through `LayoutKernelSet.place`, as the C API calls it), grown
    /// item sizes included.
    func testEveryLevelMatchesEveryBrowserCase() {
        Self.checkEveryLevel(Self.loadCases())
    }

    static func checkEveryLevel(_ cases: [Case]) {
        for level in KernelLevel.supported {
            var failures = 0
            for c in cases {
                let (parameters, proposal) = ReferenceFixtures.browserParameters(c)
                let layout = ReferenceFixtures.browserItems(c).withItems { items in
                    var x = [Float](repeating: .nan, count: items.count), y = x, width = x, height = x
                    let outcome = level.layouts.place(items, .flow(parameters), proposal, LayoutOutput(
                        x: &x, y: &y, rows: RowTableWriter(start: nil, count: nil, y: nil, width: nil, height: nil),
                        itemWidth: &width, itemHeight: &height))
                    XCTAssertEqual(outcome.sizesWritten, FlowFeatures.writesSizes(items))
                    return Layout(size: outcome.size, x: x, y: y, rows: [], itemWidth: outcome.sizesWritten ? width : [],
                                  itemHeight: outcome.sizesWritten ? height : [])
                }
                if let difference = difference(c, layout) {
                    failures += 1
                    XCTFail("\(level.name) \(difference)")
                    if failures > 3 { break }
                }
            }
        }
    }
}
