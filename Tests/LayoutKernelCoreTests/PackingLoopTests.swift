import LayoutKernelCore
import LayoutKernelDispatch
import LayoutKernelSupport
import XCTest

/// The flow's packing loops (`PackingLoop` in Sources/Kernels: seven per level, the
/// general loop once per sink and the lean rows once per rule): each one runs, at every
/// SIMD level, on a layout that matches the reference, as the debug builds' counts of the
/// loops taken show.
final class PackingLoopTests: XCTestCase {

    /// The `lkx_count_loop` number of each level.
    static let levelIndex: [KernelLevel: Int32] = [.sse2: 1, .avx2: 2, .avx512: 3]

    static func counts(_ level: KernelLevel) -> [UInt64] {
        (0..<Int32(LKX_COUNTED_PATHS)).map { lkx_loop_count(levelIndex[level]!, $0) }
    }

    func testEveryPackingLoopRunsAtEveryLevel() throws {
        #if !DEBUG
        throw XCTSkip("the loops are counted by debug builds")
        #else
        let list = FeatureRowsTests.items(2_000, offLattice: false)
        var grown = list
        grown.grow = (0..<list.count).map { Float($0 % 3 == 0 ? 1 : 0) }
        // Rows of about 11 items (widths 1 to 60 px, gaps 6): most of them lean.
        let proposal = Proposal(width: 400, height: nil)
        func flow(justify: Distribution? = nil, wrapReverse: Bool = false) -> AnyLayout {
            .flow(FlowParameters(spacing: .fixed(6), lineSpacing: .fixed(4), justify: justify,
                                 wrapReverse: wrapReverse))
        }
        // Loops 2 and 4 and their lean rows (5, 6): whole layouts (the featured ones: with and without
        // growth, lines that stay at their offsets and lines that move).
        let layouts: [(ItemList, AnyLayout)] = [
            (list, flow()), (list, flow(justify: .spaceBetween)), (list, flow(wrapReverse: true)),
            (grown, flow(justify: .center)), (grown, flow(justify: .start)),
        ]
        for level in KernelLevel.supported where level != .reference {
            let before = Self.counts(level)
            for (items, layout) in layouts {
                let c = LayoutKernelDifferentialTests.Case(items: items, layout: layout, proposal: proposal)
                let want = LayoutKernelDifferentialTests.run(.reference, c)
                let got = LayoutKernelDifferentialTests.run(level.layouts, c)
                XCTAssertNil(LayoutKernelDifferentialTests.difference(got, want, tolerance: nil), "\(level.name): \(c)")
            }
            list.withItems { items in
                // Loop 0: the row count; loop 1: the size.
                XCTAssertEqual(level.layouts.rowCount(items, flow(), proposal),
                               LayoutKernelSet.reference.rowCount(items, flow(), proposal))
                XCTAssertEqual(level.layouts.size(items, flow(), proposal),
                               LayoutKernelSet.reference.size(items, flow(), proposal))
                // Loop 3: packing that stops after a given row (as the engine and threads do).
                guard case .flow(let parameters) = flow() else { return }
                var counts = [Int64](repeating: -1, count: items.count)
                var state = FlowPackState.start
                let fifth = FlowReference.layout(items, parameters, proposal).rows[4]
                let stops = [fifth.start + fifth.count]
                stops.withUnsafeBufferPointer { stops in
                    var rows = RowTableWriter(start: nil, count: &counts, y: nil, width: nil, height: nil)
                    level.layouts.packFlow(items, FlowPackRequest(parameters: parameters, limit: 400, stops: stops),
                                           &state, items.count, &rows)
                }
                XCTAssertEqual(state.next, stops[0], "\(level.name): the packing stops after the fifth row")
                XCTAssertEqual(state.rows, 5)
            }
            let after = Self.counts(level)
            for loop in 0..<Int(LKX_COUNTED_PATHS) {
                XCTAssertGreaterThan(after[loop], before[loop], "\(level.name): packing loop \(loop) never ran")
            }
        }
        #endif
    }
}
