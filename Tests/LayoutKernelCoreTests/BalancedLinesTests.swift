import Foundation
@testable import LayoutKernelCore
import XCTest

/// Balanced line breaking (SPEC.md §12, `BalancedLines`): the spec's worked examples,
/// the least-cost step against every partition of small inputs, and the browser's
/// balance cases placed over the breaker's lines.
final class BalancedLinesTests: XCTestCase {

    func lines(_ widths: [Int64], gap: Int64, limit: Int64?, minLines: Int = 1, columns: Bool = false) -> [Int] {
        BalancedLines.lines(widths.map { $0 * 64 }, gap: gap * 64, limit: limit.map { $0 * 64 }, minLines: minLines,
                            columns: columns)
    }

    /// §12's examples: a zero-size item joins the line after it ([70] [0, 20], where the
    /// CSS draft and Taffy give [70, 0] [20]); at C = 0 each zero-size item takes a line;
    /// unbounded rows break twice ([0, 0] gives two lines in a 0 px wide container; with
    /// four lines asked for, [20] [20, 0] [10] [20] where one break against 2^31 - 1
    /// gives [20] [20] [0, 10] [20]); equal items tie to the fewest on the last line.
    func testTheSpecExamples() {
        XCTAssertEqual(lines([70, 0, 20], gap: 10, limit: 100), [1, 2])
        XCTAssertEqual(lines([0, 0, 0, 3], gap: 0, limit: 0), [1, 1, 1, 1])
        XCTAssertEqual(lines([0, 0], gap: 0, limit: nil), [1, 1])
        XCTAssertEqual(lines([0, 0], gap: 0, limit: nil, columns: true), [2])
        XCTAssertEqual(lines([20, 20, 0, 10, 20], gap: 0, limit: nil, minLines: 4), [1, 2, 1, 1])
        XCTAssertEqual(BalancedLines.breakLines([20, 20, 0, 10, 20], gap: 0, limit: BalancedLines.unboundedLimit,
                                                minLines: 4), [1, 1, 2, 1])
        // Greedy gives [25, 25, 25] [25, 25, 25]; balance the same two lines.
        XCTAssertEqual(lines([25, 25, 25, 25, 25, 25], gap: 10, limit: 100), [3, 3])
        // [40, 40] [40] and [40] [40, 40] both cost 10^2 + 60^2: the tie goes to the
        // fewest items on the last line. [40, 40, 20] has no tie: [40] [40, 20] costs
        // 60^2 + 30^2 against 10^2 + 80^2.
        XCTAssertEqual(lines([40, 40, 40], gap: 10, limit: 100), [2, 1])
        XCTAssertEqual(lines([40, 40, 20], gap: 10, limit: 100), [1, 2])
        XCTAssertEqual(lines([], gap: 10, limit: 100), [])
    }

    /// Step 6 against every partition of up to 11 items: sizes with zeros, ties and items
    /// longer than the limit, gaps 0 to 3, limits around the items' sums; the least
    /// total cost (saturating), ties to the fewest items on the last line, then on the
    /// line before it.
    func testLeastCostIsTheBestPartition() {
        var random = FixtureRandom(seed: 0xBA1A)
        var checked = 0
        for _ in 0..<3_000 {
            let n = Int(random.next() % 11) + 1
            let sizes = (0..<n).map { _ -> Int64 in [0, 1, 2, 3, 5, 8, 8, 13, 40][Int(random.next() % 9)] }
            let gap = Int64(random.next() % 4)
            let limit = random.next() % 8 == 0 ? BalancedLines.unboundedLimit : Int64(random.next() % 30)
            XCTAssertEqual(BalancedLines.leastCost(sizes, gap: gap, limit: limit),
                           Self.bruteForce(sizes, gap: gap, limit: limit), "\(sizes) g\(gap) C\(limit)")
            checked += 1
        }
        XCTAssertEqual(checked, 3_000)
    }

    /// Every valid partition of `sizes` (as line item counts), the least cost kept, ties
    /// to the one whose line counts, read from the last line back, are smallest first.
    static func bruteForce(_ sizes: [Int64], gap: Int64, limit: Int64) -> [Int] {
        let n = sizes.count
        var best: (cost: UInt64, counts: [Int])?
        for cuts in 0..<(1 << (n - 1)) {
            var counts: [Int] = [], start = 0, cost: UInt64 = 0, valid = true
            for end in 0..<n where end == n - 1 || cuts & (1 << end) != 0 {
                let len = sizes[start...end].reduce(-gap) { $0 + $1 + gap }
                if len <= limit {
                    let slack = UInt64(limit - len)
                    let (square, o1) = slack.multipliedReportingOverflow(by: slack)
                    let (sum, o2) = cost.addingReportingOverflow(o1 ? .max : square)
                    cost = o2 ? .max : sum
                } else if end > start {
                    valid = false
                }
                counts.append(end - start + 1)
                start = end + 1
            }
            guard valid else { continue }
            if let b = best {
                if cost > b.cost { continue }
                if cost == b.cost && !Array(counts.reversed()).lexicographicallyPrecedes(b.counts.reversed()) { continue }
            }
            best = (cost, counts)
        }
        return best!.counts
    }

    /// Step 4 on small inputs: the nudged limit never exceeds the given one, and when
    /// the greedy count at the given limit is below the minimum, the lines found are at
    /// least as many as greedy gives there (never worse than greedy).
    func testMinimumLinesNeverFewerThanGreedy() {
        var random = FixtureRandom(seed: 0x1C0)
        for _ in 0..<2_000 {
            let n = Int(random.next() % 12) + 1
            let sizes = (0..<n).map { _ -> Int64 in Int64(random.next() % 30) }
            let gap = Int64(random.next() % 5), limit = Int64(random.next() % 120)
            let minLines = Int(random.next() % UInt64(n + 2)) + 1
            let got = BalancedLines.breakLines(sizes, gap: gap, limit: limit, minLines: minLines)
            XCTAssertEqual(got.reduce(0, +), n)
            XCTAssertGreaterThanOrEqual(got.count, BalancedLines.greedyCount(sizes, gap: gap, limit: limit),
                                        "\(sizes) g\(gap) C\(limit) m\(minLines)")
        }
    }

    /// The browser's balance cases that use only §11 and §12 fields (15 of
    /// `flow_css_browser.json`): the breaker's lines, placed by the reference's frame,
    /// give the browser's numbers.
    func testTheBrowserBalanceCases() throws {
        let data = try Data(contentsOf: ReferenceFixtures.cssBrowserCases)
        struct File: Decodable { var cases: [Case] }
        struct Case: Decodable { var id: String; var wrap: String?; var min_lines: Int? }
        let known: Set<String> = ["id", "W", "H", "hs", "vs", "ax", "ay", "w", "h", "justify", "direction", "reverse",
                                  "wrap_reverse", "axis", "align_content", "grow", "wrap", "min_lines", "expected"]
        let raw = (try JSONSerialization.jsonObject(with: data) as! [String: Any])["cases"] as! [[String: Any]]
        let extra = try JSONDecoder().decode(File.self, from: data).cases
        let browser = try JSONDecoder().decode(ReferenceFixtures.BrowserFile.self, from: data).cases
        var checked = 0
        for ((c, e), fields) in zip(zip(browser, extra), raw) where e.wrap == "balance" {
            guard Set(fields.keys).isSubset(of: known) else { continue }
            let (parameters, given) = ReferenceFixtures.browserParameters(c)
            let vertical = parameters.axis == .vertical
            let main = vertical ? c.h : c.w
            guard case .fixed(let gap) = parameters.spacing else { continue }
            let units = main.map { Int64($0 * 64) }
            let limit = (vertical ? given.height : given.width).map { Int64($0 * 64) }
            let counts = BalancedLines.lines(units, gap: Int64(gap * 64), limit: limit, minLines: e.min_lines ?? 1,
                                             columns: vertical)
            var proposal = given
            if limit == nil && !vertical {
                // Unbounded rows: the container is as long as the first breaking's longest line.
                let first = BalancedLines.breakLines(units, gap: Int64(gap * 64), limit: BalancedLines.unboundedLimit,
                                                     minLines: e.min_lines ?? 1)
                var start = 0, longest: Int64 = 0
                for count in first {
                    longest = max(longest, BalancedLines.length(units, start, start + count - 1, gap: Int64(gap * 64)))
                    start += count
                }
                proposal.width = Float(longest) / 64
            }
            // The lines as forced breaks of an unbounded packing.
            var flags = [UInt8](repeating: 0, count: c.w.count), start = 0
            for count in counts {
                if start > 0 { flags[start] = ItemFlag.breakBefore }
                start += count
            }
            let items = ItemList(widths: c.w, heights: c.h, flags: flags, grow: c.grow)
            let layout = items.withItems { items in
                FlowFeatures.layoutPacked(items, parameters, proposal) { view, _, table, offsets in
                    FlowReference.packAll(view, parameters, .infinity, offsets: offsets, into: &table)
                }
            }
            XCTAssertNil(FlowFeaturesBrowserTests.difference(c, layout), "\(c.id) lines \(counts)")
            checked += 1
        }
        XCTAssertEqual(checked, 15)
    }
}
