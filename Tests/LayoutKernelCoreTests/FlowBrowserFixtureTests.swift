import Foundation
import LayoutKernelCore
import XCTest

/// Every case of `Fixtures/flow_browser.json`: a real browser's CSS flexbox results,
/// which the reference must match exactly (lk_flow_layout in layoutkernel.h, "Equivalence").
final class FlowBrowserFixtureTests: XCTestCase {

    struct Fixture: Decodable {
        struct Case: Decodable {
            struct Expected: Decodable {
                var width: Float
                var height: Float
                var x: [Float]
                var y: [Float]
            }
            var id: String
            var W: Float?
            var hs: Float
            var vs: Float
            var ax: Float
            var ay: Float
            var w: [Float]
            var h: [Float]
            var expected: Expected
        }
        var cases: [Case]
    }

    static func loadCases() throws -> [Fixture.Case] {
        let data = try Data(contentsOf: fixturesDirectory.appendingPathComponent("flow_browser.json"))
        return try JSONDecoder().decode(Fixture.self, from: data).cases
    }

    func testEveryBrowserCaseMatchesExactly() throws {
        let cases = try Self.loadCases()
        XCTAssertGreaterThan(cases.count, 500)
        var failures = 0
        for c in cases {
            let layout = flow(ItemList(widths: c.w, heights: c.h), spacing: .fixed(c.hs),
                              lineSpacing: .fixed(c.vs), alignment: Anchor(x: c.ax, y: c.ay),
                              width: c.W)
            let got = (layout.size.width, layout.size.height, layout.x, layout.y)
            let want = (c.expected.width, c.expected.height, c.expected.x, c.expected.y)
            if got != want {
                failures += 1
                XCTFail("""
                    \(c.id): W=\(String(describing: c.W)) hs=\(c.hs) vs=\(c.vs) anchor=(\(c.ax), \(c.ay))
                    w=\(c.w) h=\(c.h)
                    want size \(want.0)x\(want.1) x=\(want.2) y=\(want.3)
                    got  size \(got.0)x\(got.1) x=\(got.2) y=\(got.3)
                    """)
            }
            if failures > 5 { return }
        }
    }
}
