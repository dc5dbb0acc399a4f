import LayoutKernelCore
import LayoutKernelDispatch
import XCTest

/// Every kernel level against the scalar reference on seeded random cases: bit-identical
/// for every valid input, on the 1/64 grid or off it, with ordinary or huge lengths, and
/// across the kernel's stretches (16,384 items). Each failure prints the case, to replay it.
final class FlowKernelDifferentialTests: XCTestCase {

    /// One random case: items, parameters and a proposal.
    struct Case: CustomStringConvertible {
        var items: ItemList
        var parameters: FlowParameters
        var proposal: Proposal
        var description: String {
            guard items.count <= 64 else {
                return "n=\(items.count) params=\(parameters) proposal=\(proposal) (rerun the seed to see the items)"
            }
            return "n=\(items.count) params=\(parameters) proposal=\(proposal) widths=\(items.widths) "
                + "heights=\(items.heights) flags=\(String(describing: items.flags)) "
                + "leading=\(String(describing: items.leading)) trailing=\(String(describing: items.trailing)) "
                + "top=\(String(describing: items.top)) bottom=\(String(describing: items.bottom))"
        }
    }

    /// Counts that cover empty, single, partial, exactly-one and just-over blocks of 16.
    static let edgeCounts = [0, 1, 2, 15, 16, 17, 31, 32, 33, 47, 48, 49]

    /// Lengths a case draws from: the 1/64 grid (where the kernel's exact path runs),
    /// any float (off the grid), or the grid with a few huge values among them.
    enum Lengths: CaseIterable { case grid, offGrid, huge }

    static func randomCase(_ rng: inout SplitMix64, index: Int) -> Case {
        func chance(_ percent: UInt64) -> Bool { rng.next() % 100 < percent }
        let lengths: Lengths = chance(70) ? .grid : chance(60) ? .offGrid : .huge
        func grid(_ max: Int) -> Float { Float(Int(rng.next() % UInt64(max * 64 + 1))) / 64 }
        func length(_ max: Int) -> Float {
            switch lengths {
            case .grid: return grid(max)
            case .offGrid: return Float(rng.next() % 1_000_001) / 1_000_000 * Float(max) * 1.013
            case .huge: return chance(3) ? Float(sign: .plus, exponent: 20 + Int(rng.next() % 45), significand: 1) : grid(max)
            }
        }

        // Sizes: mostly small; a few cross the kernel's stretches (16,384).
        let n = index < edgeCounts.count * 20 ? edgeCounts[index % edgeCounts.count]
            : chance(1) ? 2_000 + Int(rng.next() % 38_000)
            : (chance(5) ? 500 + Int(rng.next() % 3000) : Int(rng.next() % 200))
        let maxWidth = chance(20) ? 400 : 120
        var widths = (0..<n).map { _ in chance(5) ? (chance(20) ? -0.0 : 0) : length(maxWidth) }
        let heights = (0..<n).map { _ in chance(5) ? 0 : length(chance(50) ? 40 : 100) }
        let spacing: Spacing = chance(25) ? .perItem : .fixed(chance(20) ? 0 : length(16))
        let lineSpacing: Spacing = chance(25) ? .perItem : .fixed(length(16))
        let perItem = spacing == .perItem || lineSpacing == .perItem
        func preferences() -> [Float]? { perItem && chance(85) ? (0..<n).map { _ in length(20) } : nil }
        let flags: [UInt8]? = chance(30) ? (0..<n).map { _ in chance(10) ? ItemFlag.breakBefore : 0 } : nil

        // Row limits: unspecified, infinite, zero, random, and exact fits of a prefix.
        var width: Float?
        switch rng.next() % 6 {
        case 0: width = nil
        case 1: width = .infinity
        case 2: width = chance(50) ? 0 : length(60)
        case 3, 4: width = length(800)
        default:
            let k = n == 0 ? 0 : Int(rng.next() % UInt64(min(n, 12))) + 1
            if case .fixed(let gap) = spacing, k > 0 {
                width = widths[..<k].reduce(0) { $0 + gap + $1 } - gap
            } else {
                width = length(500)
            }
        }
        if n > 0 && chance(10) { widths[Int(rng.next() % UInt64(n))] = 2000 }  // oversize
        let height: Float? = [nil, 0, .infinity, grid(300)][Int(rng.next() % 4)]
        let named = Anchor.named[Int(rng.next() % 9)]
        let alignment = chance(70) ? named : Anchor(x: grid(1), y: grid(1))
        return Case(items: ItemList(widths: widths, heights: heights, leading: preferences(),
                                    trailing: preferences(), top: preferences(),
                                    bottom: preferences(), flags: flags),
                    parameters: FlowParameters(spacing: spacing, lineSpacing: lineSpacing,
                                               alignment: alignment),
                    proposal: Proposal(width: width, height: height))
    }

    /// Runs a kernel set through the same interface the C API uses.
    static func run(_ kernels: LayoutKernelSet, _ c: Case) -> (Layout, Size, Int) {
        c.items.withItems { items in
            let n = items.count
            var x = [Float](repeating: .nan, count: n)
            var y = [Float](repeating: .nan, count: n)
            var start = [Int64](repeating: -1, count: n)
            var count = [Int64](repeating: -1, count: n)
            var rowY = [Double](repeating: .nan, count: n)
            var rowWidth = [Float](repeating: .nan, count: n)
            var rowHeight = [Float](repeating: .nan, count: n)
            let result = x.withUnsafeMutableBufferPointer { x in
                y.withUnsafeMutableBufferPointer { y in
                    kernels.place(items, .flow(c.parameters), c.proposal, LayoutOutput(
                        x: x.baseAddress, y: y.baseAddress,
                        rows: RowTableWriter(start: &start, count: &count, y: &rowY,
                                             width: &rowWidth, height: &rowHeight)))
                }
            }
            let rows = (0..<result.rows).map {
                Row(start: Int(start[$0]), count: Int(count[$0]), y: rowY[$0],
                    width: rowWidth[$0], height: rowHeight[$0])
            }
            return (Layout(size: result.size, x: x, y: y, rows: rows),
                    kernels.size(items, .flow(c.parameters), c.proposal),
                    kernels.rowCount(items, .flow(c.parameters), Proposal(width: c.proposal.width, height: nil)))
        }
    }

    static func bits(_ values: [Float]) -> [UInt32] { values.map(\.bitPattern) }

    /// Bit-identical layouts, sizes and row counts at every level, on 10,000 cases.
    func testEveryLevelMatchesTheReference() {
        let levels = KernelLevel.supported.filter { $0 != .reference }
        XCTAssertFalse(levels.isEmpty)
        var rng = SplitMix64(seed: 20261121)
        for index in 0..<10_000 {
            let c = Self.randomCase(&rng, index: index)
            let want = c.items.withItems { FlowReference.layout($0, c.parameters, c.proposal) }
            for level in levels {
                let (got, size, rowCount) = Self.run(level.layouts, c)
                let same = Self.bits(got.x) == Self.bits(want.x) && Self.bits(got.y) == Self.bits(want.y)
                    && got.size == want.size && got.rows == want.rows
                    && got.size.width.bitPattern == want.size.width.bitPattern
                    && got.size.height.bitPattern == want.size.height.bitPattern
                if !same || size != want.size || rowCount != want.rows.count {
                    XCTFail("""
                        \(level.name), case \(index): \(c)
                        want size \(want.size) rows \(want.rows)
                        got  size \(got.size) rows \(got.rows) (size-only \(size), rows \(rowCount))
                        want x \(want.x) y \(want.y)
                        got  x \(got.x) y \(got.y)
                        """)
                    return
                }
            }
        }
    }

    /// The browser fixtures at every level.
    func testEveryLevelMatchesTheBrowser() throws {
        let cases = try FlowBrowserFixtureTests.loadCases()
        for level in KernelLevel.supported {
            for c in cases {
                let test = Case(items: ItemList(widths: c.w, heights: c.h),
                                parameters: FlowParameters(spacing: .fixed(c.hs), lineSpacing: .fixed(c.vs),
                                                           alignment: Anchor(x: c.ax, y: c.ay)),
                                proposal: Proposal(width: c.W, height: nil))
                let (got, _, _) = Self.run(level.layouts, test)
                XCTAssertEqual(got.size, Size(width: c.expected.width, height: c.expected.height),
                               "\(level.name) \(c.id)")
                XCTAssertEqual(got.x, c.expected.x, "\(level.name) \(c.id)")
                XCTAssertEqual(got.y, c.expected.y, "\(level.name) \(c.id)")
            }
        }
    }

    /// Off the 1/64 grid every level still sums as the reference does: bit-identical,
    /// also for centred rows, whose shift carries the rounding of the container's width.
    func testOffGridIsBitIdentical() {
        var rng = SplitMix64(seed: 99)
        for index in 0..<300 {
            let n = Int(rng.next() % 400) + (index % 10 == 0 ? 5_000 : 0)
            func value(_ scale: Float) -> Float { Float(rng.next() % 1_000_000) / 1_000_000 * scale }
            let items = ItemList(widths: (0..<n).map { _ in value(97.3) },
                                 heights: (0..<n).map { _ in value(41.1) })
            let c = Case(items: items,
                         parameters: FlowParameters(spacing: .fixed(value(9.7)), lineSpacing: .fixed(3.3),
                                                    alignment: .center),
                         proposal: Proposal(width: value(900), height: nil))
            let want = items.withItems { FlowReference.layout($0, c.parameters, c.proposal) }
            for level in KernelLevel.supported where level != .reference {
                let (got, _, _) = Self.run(level.layouts, c)
                XCTAssertEqual(got.rows, want.rows, "\(level.name): \(c)")
                XCTAssertEqual(Self.bits(got.x), Self.bits(want.x), "\(level.name): \(c)")
                XCTAssertEqual(Self.bits(got.y), Self.bits(want.y), "\(level.name): \(c)")
            }
        }
    }

    /// The level names round-trip, and an unknown or unsupported request falls back.
    func testLevelChoice() {
        for level in KernelLevel.allCases { XCTAssertEqual(KernelLevel(name: level.name), level) }
        XCTAssertEqual(ActiveKernel.choose(requested: nil).level, KernelLevel.best)
        XCTAssertEqual(ActiveKernel.choose(requested: "reference").level, .reference)
        let unknown = ActiveKernel.choose(requested: "avx9000")
        XCTAssertEqual(unknown.level, KernelLevel.best)
        XCTAssertNotNil(unknown.note)
    }
}
