import Dispatch
import LayoutKernelCore
@testable import LayoutKernelDispatch
import XCTest

/// The flow split over threads equals the flow on one thread, bit for bit: offsets, tops,
/// the row table and the size, for any number of parts.
final class ParallelFlowTests: XCTestCase {

    typealias Case = FlowKernelDifferentialTests.Case

    /// Items of one kind of input: varied sizes on the grid, off the grid, all of one
    /// width (parts whose chains never meet the true chain), or with huge values.
    static func items(_ kind: Int, _ n: Int, seed: UInt64) -> ItemList {
        var rng = SplitMix64(seed: seed)
        func grid(_ max: Int) -> Float { Float(Int(rng.next() % UInt64(max * 64))) / 64 }
        var widths: [Float]
        switch kind {
        case 0: widths = (0..<n).map { _ in 24 + grid(176) }
        case 1: widths = (0..<n).map { _ in Float(rng.next() % 1_000_000) / 9_973 }
        case 2: widths = Array(repeating: 37, count: n)
        default:
            widths = (0..<n).map { _ in 24 + grid(176) }
            for _ in 0..<20 { widths[Int(rng.next() % UInt64(n))] = 0x1p40 }
        }
        let perItem = kind % 2 == 1
        func preferences() -> [Float]? { perItem ? (0..<n).map { _ in grid(8) } : nil }
        return ItemList(widths: widths, heights: (0..<n).map { _ in 16 + grid(24) },
                        leading: preferences(), trailing: preferences(), top: preferences(),
                        bottom: preferences(),
                        flags: kind == 0 ? (0..<n).map { _ in rng.next() % 500 == 0 ? ItemFlag.breakBefore : 0 } : nil)
    }

    func testSplitOverThreadsIsBitIdentical() {
        let level = KernelLevel.best
        for kind in 0..<4 {
            let n = kind == 2 ? 300_000 : 140_000 + kind * 50_000
            let items = Self.items(kind, n, seed: UInt64(kind))
            for (index, alignment) in [Anchor.topLeading, .center, .bottomTrailing].enumerated() {
                let spacing: Spacing = kind % 2 == 1 ? .perItem : .fixed(6)
                let lineSpacing: Spacing = index == 1 ? .perItem : .fixed(4)
                let c = Case(items: items, parameters: FlowParameters(spacing: spacing, lineSpacing: lineSpacing,
                                                                      alignment: alignment),
                             proposal: Proposal(width: 1000, height: nil))
                XCTAssertNotNil(c.items.withItems { items in   // the split path runs, not a fallback
                    ParallelFlow.layout(items, c.parameters, c.proposal, LayoutOutput(
                        x: nil, y: nil, rows: RowTableWriter(start: nil, count: nil, y: nil, width: nil, height: nil)),
                        level.layouts, threads: 2)
                })
                Self.assertSplitEqualsOne(c, level, "kind \(kind) \(alignment)")
            }
            // Rows unbounded (forced breaks only, or one row): the widest row sizes the container.
            let unbounded = Case(items: items, parameters: FlowParameters(spacing: .fixed(6), lineSpacing: .fixed(4)),
                                 proposal: Proposal(width: nil, height: nil))
            Self.assertSplitEqualsOne(unbounded, level, "kind \(kind) unbounded")
            // At most a few lines: never split (the kept lines are a few of the items).
            let kept = Case(items: items, parameters: FlowParameters(spacing: .fixed(6), lineSpacing: .fixed(4),
                                                                     maxLines: 3),
                            proposal: Proposal(width: 1000, height: nil))
            Self.assertSplitEqualsOne(kept, level, "kind \(kind) max lines")
        }
    }

    static func assertSplitEqualsOne(_ c: Case, _ level: KernelLevel, _ label: String,
                                     file: StaticString = #filePath, line: UInt = #line) {
        let (one, _, _) = FlowKernelDifferentialTests.run(level.layouts, c)
        for threads in [2, 3, 8] {
            let (split, _, _) = FlowKernelDifferentialTests.run(level.layouts.parallel { threads }, c)
            let bits = FlowKernelDifferentialTests.bits
            XCTAssertEqual(split.size, one.size, "\(label) threads \(threads)", file: file, line: line)
            XCTAssertEqual(split.rows, one.rows, "\(label) threads \(threads): rows", file: file, line: line)
            XCTAssertEqual(bits(split.x), bits(one.x), "\(label) threads \(threads): x", file: file, line: line)
            XCTAssertEqual(bits(split.y), bits(one.y), "\(label) threads \(threads): y", file: file, line: line)
        }
    }

    /// With one thread allowed, the true chain claims every part before any speculation
    /// starts (the path a busy machine takes when workers start late): same results.
    func testPartsClaimedByTheTrueChain() {
        let setting = Parallel.setting
        Parallel.setting = 1
        defer { Parallel.setting = setting }
        let items = Self.items(0, 300_000, seed: 11)
        let c = Case(items: items, parameters: FlowParameters(spacing: .fixed(6), lineSpacing: .fixed(4),
                                                              alignment: .center),
                     proposal: Proposal(width: 1000, height: nil))
        Self.assertSplitEqualsOne(c, KernelLevel.best, "one thread allowed")
    }

    /// Several callers at once share the pool and each gets its own, identical result.
    func testConcurrentCallersGetTheSameResults() {
        let items = Self.items(0, 200_000, seed: 9)
        let c = Case(items: items, parameters: FlowParameters(spacing: .fixed(6), lineSpacing: .fixed(4)),
                     proposal: Proposal(width: 900, height: nil))
        let kernels = KernelLevel.best.layouts.parallel { 4 }
        let (want, _, _) = FlowKernelDifferentialTests.run(KernelLevel.best.layouts, c)
        let results = UnsafeMutableBufferPointer<Bool>.allocate(capacity: 6)
        defer { results.deallocate() }
        DispatchQueue.concurrentPerform(iterations: 6) { k in
            let (got, _, _) = FlowKernelDifferentialTests.run(kernels, c)
            results[k] = got.rows == want.rows && got.x == want.x && got.y == want.y
        }
        XCTAssertTrue(results.allSatisfy { $0 })
    }
}
