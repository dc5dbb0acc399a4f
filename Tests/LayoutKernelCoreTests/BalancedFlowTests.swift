@testable import LayoutKernelCore
import XCTest

/// The balanced flow's breaker at scale (`LeastCostLines`, `BalancedFlow`) against the
/// slow reference (`BalancedLines`, itself checked against every partition and the
/// browser): the same lines, bit for bit, on seeded random stretches with ties, zero
/// sizes, items longer than the limit, per-item gaps, saturating costs, minimum line
/// counts and forced breaks.
final class BalancedFlowTests: XCTestCase {

    /// The least-cost lines of one stretch by the fast breaker, as item counts (nil when
    /// the path asked for cannot take them).
    static func fastLeastCost(_ sizes: [Int64], gaps: [Int64], limit: Int64,
                              only: LeastCostLines.Path? = nil) -> (lines: [Int], path: LeastCostLines.Path)? {
        var solver = LeastCostLines()
        let n = sizes.count
        solver.reserveArrays(n)
        for k in 0..<n {
            solver.size.pointer[k] = sizes[k]
            solver.end.pointer[k] = k == 0 ? sizes[0] : solver.end.pointer[k - 1] + gaps[k - 1] + sizes[k]
        }
        let units = ArrayUnits(end: solver.end.pointer, size: solver.size.pointer)
        guard let path = solver.solve(units, n, limit: limit, arrays: true, only: only) else { return nil }
        var counts: [Int] = [], b = n - 1
        while b >= 0 {
            let a = solver.start.pointer[b]
            counts.append(b - a + 1)
            b = a - 1
        }
        return (counts.reversed(), path)
    }

    /// Each of the breaker's three paths alone, and the breaker as it chooses, against
    /// the reference; the closed form refuses only amounts past 2^63.
    func testLeastCostMatchesTheReference() {
        var random = FixtureRandom(state: 0xBA1A_2CE)
        var taken: [LeastCostLines.Path: Int] = [:], refused = 0
        for round in 0..<6_000 {
            let n = 1 + random.below(round % 10 == 0 ? 300 : 40)
            let palette: [Int64]
            switch round % 4 {
            case 0: palette = [0, 1, 2, 3, 5, 8, 8, 13, 40]
            case 1: palette = [64, 128, 640, 1_280, 1_920, 3_200]
            case 2: palette = [0, 0, 7, 7, 7, 30]
            default: palette = [1, 1 << 29, 1 << 30, (1 << 30) + 5, BalancedLines.unboundedLimit]
            }
            let sizes = (0..<n).map { _ in palette[random.below(palette.count)] }
            let perItem = random.oneIn(3)
            let gap = Int64(random.below(4)) * (round % 4 == 1 ? 64 : 1)
            let gaps = (0..<n).map { _ in perItem ? Int64(random.below(5)) : gap }
            let limit: Int64
            switch random.below(6) {
            case 0: limit = BalancedLines.unboundedLimit
            case 1: limit = 0
            default:
                let total = BalancedLines.length(sizes, 0, n - 1, gaps: gaps)
                limit = min(Int64(random.below(Int(min(total, 1 << 40)) / max(1, random.below(8) + 1) + 2)),
                            BalancedLines.unboundedLimit)
            }
            let want = BalancedLines.leastCost(sizes, gaps: gaps, limit: limit)
            let chosen = Self.fastLeastCost(sizes, gaps: gaps, limit: limit)!
            XCTAssertEqual(chosen.lines, want, "\(sizes) \(gaps) C\(limit)")
            taken[chosen.path, default: 0] += 1
            for path in LeastCostLines.Path.allCases {
                guard let alone = Self.fastLeastCost(sizes, gaps: gaps, limit: limit, only: path) else {
                    XCTAssertNotEqual(path, .wide)
                    if path == .closedForm { refused += 1 }
                    continue
                }
                XCTAssertEqual(alone.lines, want, "\(path): \(sizes) \(gaps) C\(limit)")
            }
        }
        // Every path chosen in its turn: saturating sums among them.
        XCTAssertGreaterThan(taken[.closedForm] ?? 0, 4_000)
        XCTAssertGreaterThan(taken[.wide] ?? 0, 50)
        XCTAssertEqual(refused, 6_000 - (taken[.closedForm] ?? 0))
    }

    /// A prefix whose least cost saturates ties every start: the last one (one item)
    /// wins, where the exact sums would pick another.
    func testSaturatedPrefixesTieToOneItem() {
        let big = Int64(1) << 30
        // Each pair is longer than the limit but for the small items: lines of one big item
        // cost about 2^60 each; twenty of them saturate.
        var sizes = [Int64](repeating: big, count: 20)
        sizes += [1, 1, 1, 1]
        let gaps = [Int64](repeating: 0, count: sizes.count)
        let fast = Self.fastLeastCost(sizes, gaps: gaps, limit: BalancedLines.unboundedLimit)!
        XCTAssertEqual(fast.path, .wide)
        XCTAssertEqual(fast.lines, BalancedLines.leastCost(sizes, gaps: gaps, limit: BalancedLines.unboundedLimit))
        XCTAssertEqual(fast.lines.suffix(4), [1, 1, 1, 1])
    }

    /// Whole flows: `BalancedFlow` (every stretch, units rounded from the items' sizes,
    /// minimum line counts, unbounded rows and columns) against the reference stretch by
    /// stretch.
    func testBalancedFlowMatchesTheReference() {
        var random = FixtureRandom(state: 0xF10_BA1)
        for round in 0..<3_000 {
            let n = random.below(round % 20 == 0 ? 400 : 30)
            let widths = (0..<n).map { _ -> Float in
                random.oneIn(8) ? 0 : Float(random.below(round % 3 == 0 ? 6 : 200)) * (random.oneIn(4) ? 0.3 : 0.5)
            }
            let heights = (0..<n).map { _ in Float(random.below(50)) }
            let perItem = random.oneIn(4)
            let leading = perItem ? (0..<n).map { _ in Float(random.below(6)) } : nil
            let trailing = perItem ? (0..<n).map { _ in Float(random.below(6)) } : nil
            let flags = random.oneIn(3) ? (0..<n).map { _ in UInt8(random.oneIn(6) ? 1 : 0) } : nil
            let columns = random.oneIn(3)
            let gap = Float(random.below(4)) * 0.5
            let limit: Float? = random.oneIn(4) ? nil : Float(random.below(300)) * 0.75
            let parameters = FlowParameters(spacing: perItem ? .perItem : .fixed(gap),
                                            axis: columns ? .vertical : .horizontal, wrap: .balance,
                                            minLines: random.oneIn(3) ? 1 + random.below(6) : 1)
            let proposal = columns ? Proposal(width: 100, height: limit) : Proposal(width: limit, height: nil)
            // Columns: heights along the lines.
            let list = columns
                ? ItemList(widths: heights, heights: widths, top: leading, bottom: trailing, flags: flags)
                : ItemList(widths: widths, heights: heights, leading: leading, trailing: trailing, flags: flags)
            let (got, count) = list.withItems { items in
                let flags = UnsafeMutablePointer<UInt8>.allocate(capacity: max(n, 1))
                defer { flags.deallocate() }
                let lines = BalancedFlow.breakLines(items, parameters, proposal, flags: flags)
                return (Self.counts(UnsafeBufferPointer(start: flags, count: n)), lines.count)
            }
            // The reference, stretch by stretch.
            let units = widths.map { Int64((Double($0) * 64).rounded(.up)) }
            let gaps = (0..<n).map { i -> Int64 in
                guard i + 1 < n else { return 0 }
                let g = perItem ? max(trailing![i], leading![i + 1]) : gap
                return Int64((Double(g) * 64).rounded(.up))
            }
            var stretches: [Range<Int>] = [], first = 0
            for i in 0..<n where i == n - 1 || flags?[i + 1] == 1 {
                stretches.append(first..<(i + 1))
                first = i + 1
            }
            func lines(_ limit: Int64) -> [[Int]] {
                stretches.map {
                    BalancedLines.breakLines(Array(units[$0]), gaps: Array(gaps[$0]), limit: limit,
                                             minLines: parameters.minLines)
                }
            }
            var want: [[Int]]
            if let limit {
                want = lines(Int64((Double(limit) * 64).rounded(.down)))
            } else {
                want = lines(BalancedLines.unboundedLimit)
                if !columns {
                    let longest = zip(stretches, want).map {
                        BalancedLines.longestLine(Array(units[$0]), gaps: Array(gaps[$0]), $1)
                    }.max() ?? 0
                    want = lines(longest)
                }
            }
            XCTAssertEqual(got, want.flatMap { $0 }, "round \(round)")
            XCTAssertEqual(count, got.count)
        }
    }

    /// Lines of hundreds of items (the queue of starts grows past its first room, the
    /// items are read in many chunks), with and without a minimum line count.
    func testLongLinesMatchTheReference() {
        var random = FixtureRandom(state: 0x10C6)
        let widths = (0..<3_000).map { _ in Float(1 + random.below(5)) / 2 }
        for minLines in [1, 9] {
            let parameters = FlowParameters(wrap: .balance, minLines: minLines)
            let got = ItemList(widths: widths, heights: widths).withItems { items in
                let flags = UnsafeMutablePointer<UInt8>.allocate(capacity: items.count)
                defer { flags.deallocate() }
                _ = BalancedFlow.breakLines(items, parameters, Proposal(width: 1000, height: nil), flags: flags)
                return Self.counts(UnsafeBufferPointer(start: flags, count: items.count))
            }
            let want = BalancedLines.lines(widths.map { Int64($0 * 64) }, gap: 0, limit: 64_000, minLines: minLines,
                                           columns: false)
            XCTAssertEqual(got, want)
            XCTAssertGreaterThan(want.min()!, 200)
        }
    }

    /// Line item counts from line-start flags.
    static func counts(_ flags: UnsafeBufferPointer<UInt8>) -> [Int] {
        var counts: [Int] = []
        for (i, flag) in flags.enumerated() {
            if i == 0 || flag & ItemFlag.breakBefore != 0 { counts.append(1) } else { counts[counts.count - 1] += 1 }
        }
        return counts
    }
}
