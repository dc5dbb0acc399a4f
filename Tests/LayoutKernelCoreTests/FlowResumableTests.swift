import LayoutKernelCore
import LayoutKernelDispatch
import XCTest

/// The flow's packing is position-independent and resumable: a row's outputs depend only
/// on its own items and the state at its first item, never on where it falls among the
/// kernel's 16-item blocks or its stretches, or where a pass started or stopped.
final class FlowResumableTests: XCTestCase {

    /// Items off the 1/64 grid (so that any change in the order of additions would show).
    static func items(_ n: Int, seed: UInt64, perItem: Bool) -> ItemList {
        var rng = SplitMix64(seed: seed)
        func value(_ scale: Float) -> Float { Float(rng.next() % 1_000_003) / 1_000_003 * scale }
        return ItemList(widths: (0..<n).map { _ in 5 + value(90.7) }, heights: (0..<n).map { _ in 3 + value(31.3) },
                        leading: perItem ? (0..<n).map { _ in value(5.1) } : nil,
                        trailing: perItem ? (0..<n).map { _ in value(5.1) } : nil,
                        top: perItem ? (0..<n).map { _ in value(2.9) } : nil,
                        bottom: perItem ? (0..<n).map { _ in value(2.9) } : nil)
    }

    /// `items` behind `k` items of zero height that end in a break: the same rows, shifted
    /// by `k` items, their tops unchanged (the prefix's rows are 0 high, line spacing 0).
    static func behind(_ k: Int, _ items: ItemList, prefixWidth: Float) -> ItemList {
        func prefix(_ array: [Float]?, _ value: Float) -> [Float]? { array.map { Array(repeating: value, count: k) + $0 } }
        var flags = [UInt8](repeating: 0, count: k + items.count)
        if k > 0 { flags[k] = ItemFlag.breakBefore }
        return ItemList(widths: Array(repeating: prefixWidth, count: k) + items.widths,
                        heights: Array(repeating: 0, count: k) + items.heights,
                        leading: prefix(items.leading, 0), trailing: prefix(items.trailing, 0),
                        top: prefix(items.top, 0), bottom: prefix(items.bottom, 0), flags: flags)
    }

    /// The same rows behind every prefix length 0–16, at other block positions and past stretch
    /// (16,384) starts: offsets, tops and the row table are bit-identical, at every level,
    /// for fixed and per-item spacing and every alignment.
    func testRowsDoNotDependOnWhereTheyStart() {
        let prefixes = Array(0...16) + [2_040, 2_047, 2_048, 2_049, 16_379, 16_383, 16_384, 16_390]
        for (index, alignment) in Anchor.named.enumerated() {
            let perItem = index % 2 == 1
            let items = Self.items(300, seed: UInt64(index), perItem: perItem)
            let parameters = FlowParameters(spacing: perItem ? .perItem : .fixed(3.3),
                                            lineSpacing: .fixed(0), alignment: alignment)
            let proposal = Proposal(width: 617.3, height: nil)
            for level in KernelLevel.supported {
                let alone = FlowKernelDifferentialTests.run(
                    level.layouts, .init(items: items, parameters: parameters, proposal: proposal)).0
                for k in prefixes {
                    let shifted = FlowKernelDifferentialTests.run(
                        level.layouts, .init(items: Self.behind(k, items, prefixWidth: 0.7),
                                             parameters: parameters, proposal: proposal)).0
                    let bits = FlowKernelDifferentialTests.bits
                    XCTAssertEqual(bits(Array(shifted.x[k...])), bits(alone.x), "\(level.name) \(alignment) k \(k): x")
                    XCTAssertEqual(bits(Array(shifted.y[k...])), bits(alone.y), "\(level.name) \(alignment) k \(k): y")
                    let rows = shifted.rows.suffix(alone.rows.count).map {
                        Row(start: $0.start - k, count: $0.count, y: $0.y, width: $0.width, height: $0.height)
                    }
                    XCTAssertEqual(rows, alone.rows, "\(level.name) \(alignment) k \(k): rows")
                }
            }
        }
    }

    /// Packs `c` with `level`'s primitive in pieces (`cuts`), with optional stops, and
    /// returns the layout's parts; one piece is one pass.
    static func packInPieces(_ level: KernelLevel, _ items: Items, _ parameters: FlowParameters, limit: Float,
                             cuts: [Int], stops: [Int]? = nil)
        -> (x: [Float], y: [Float], rows: [Row], state: FlowPackState) {
        let n = items.count
        var x = [Float](repeating: .nan, count: n)
        var y = [Float](repeating: .nan, count: n)
        var start = [Int64](repeating: -1, count: n + 1), count = start
        var top = [Double](repeating: .nan, count: n + 1)
        var width = [Float](repeating: .nan, count: n + 1), height = width
        var state = FlowPackState.start
        x.withUnsafeMutableBufferPointer { x in
            y.withUnsafeMutableBufferPointer { y in
                var table = RowTableWriter(start: &start, count: &count, y: &top, width: &width, height: &height)
                for end in cuts + [n] where end >= state.next {
                    func pack(_ stops: UnsafeBufferPointer<Int>?) {
                        let request = FlowPackRequest(parameters: parameters, limit: limit, x: x.baseAddress,
                                                      y: y.baseAddress, containerWidth: limit, finish: end == n,
                                                      stops: stops)
                        level.layouts.packFlow(items, request, &state, end, &table)
                    }
                    if let stops { stops.withUnsafeBufferPointer { pack($0) } } else { pack(nil) }
                    if stops != nil && state.next < end { break }   // stopped
                }
            }
        }
        let rows = (0..<state.rows).map {
            Row(start: Int(start[$0]), count: Int(count[$0]), y: top[$0], width: width[$0], height: height[$0])
        }
        return (x, y, rows, state)
    }

    /// Packing in pieces cut anywhere (in a row, at a row start, at 0 and n, across
    /// stretches) equals one pass, at every level, and every level's pieces
    /// equal the reference's.
    func testPackingResumesAnywhere() {
        var rng = SplitMix64(seed: 11)
        for index in 0..<60 {
            let n = index % 10 == 0 ? 20_000 + Int(rng.next() % 20_000) : Int(rng.next() % 3_000)
            let items = Self.items(n, seed: UInt64(index), perItem: index % 3 == 0)
            let parameters = FlowParameters(spacing: index % 3 == 0 ? .perItem : .fixed(4.1),
                                            lineSpacing: index % 2 == 0 ? .perItem : .fixed(2.5),
                                            alignment: Anchor.named[index % 9])
            let cuts = (0..<Int(rng.next() % 6)).map { _ in Int(rng.next() % UInt64(n + 1)) }.sorted()
            items.withItems { items in
                let whole = Self.packInPieces(.reference, items, parameters, limit: 700, cuts: [])
                for level in KernelLevel.supported {
                    let pieces = Self.packInPieces(level, items, parameters, limit: 700, cuts: cuts)
                    let bits = FlowKernelDifferentialTests.bits
                    XCTAssertEqual(bits(pieces.x), bits(whole.x), "\(level.name) case \(index) cuts \(cuts): x")
                    XCTAssertEqual(bits(pieces.y), bits(whole.y), "\(level.name) case \(index) cuts \(cuts): y")
                    XCTAssertEqual(pieces.rows, whole.rows, "\(level.name) case \(index) cuts \(cuts): rows")
                    XCTAssertEqual(pieces.state, whole.state, "\(level.name) case \(index): final state")
                }
            }
        }
    }

    /// A packing asked to stop at row starts stops right after the first row that ends at
    /// one of them, writes nothing for later items, and resumes from its state to the
    /// same result as one pass.
    func testPackingStopsAndResumes() {
        let items = Self.items(5_000, seed: 3, perItem: false)
        let parameters = FlowParameters(spacing: .fixed(4.1), lineSpacing: .fixed(2.5))
        items.withItems { items in
            let whole = Self.packInPieces(.reference, items, parameters, limit: 700, cuts: [])
            for level in KernelLevel.supported {
                for stopAt in [1, 77, 2_500, 4_999] {
                    let stops = whole.rows.map(\.start).filter { $0 >= stopAt } + [items.count]
                    let stopped = Self.packInPieces(level, items, parameters, limit: 700, cuts: [], stops: stops)
                    let boundary = stopped.state.next
                    XCTAssertFalse(stopped.state.rowIsOpen, level.name)
                    XCTAssertTrue(boundary == items.count || whole.rows.contains { $0.start == boundary },
                                  "\(level.name): stops at a row start (or the end)")
                    XCTAssertGreaterThanOrEqual(boundary, stopAt, level.name)
                    XCTAssertTrue(stopped.rows.last.map { $0.start < stopAt } ?? true, "\(level.name): the first such row")
                    XCTAssertTrue(stopped.x[boundary...].allSatisfy(\.isNaN), "\(level.name): nothing written past the stop")
                    XCTAssertTrue(stopped.y[boundary...].allSatisfy(\.isNaN), "\(level.name): nothing written past the stop")
                    // Resume from the state.
                    var state = stopped.state
                    var x = stopped.x, y = stopped.y
                    var start = [Int64](repeating: -1, count: items.count + 1), count = start
                    var top = [Double](repeating: .nan, count: items.count + 1)
                    var width = [Float](repeating: .nan, count: items.count + 1), height = width
                    x.withUnsafeMutableBufferPointer { x in
                        y.withUnsafeMutableBufferPointer { y in
                            var table = RowTableWriter(start: &start, count: &count, y: &top, width: &width, height: &height)
                            let request = FlowPackRequest(parameters: parameters, limit: 700, x: x.baseAddress,
                                                          y: y.baseAddress, containerWidth: 700, finish: true)
                            level.layouts.packFlow(items, request, &state, items.count, &table)
                        }
                    }
                    let bits = FlowKernelDifferentialTests.bits
                    XCTAssertEqual(bits(x), bits(whole.x), level.name)
                    XCTAssertEqual(bits(y), bits(whole.y), level.name)
                    XCTAssertEqual(state, whole.state, level.name)
                    for r in stopped.rows.count..<whole.rows.count {   // rows keep their indices
                        XCTAssertEqual(Row(start: Int(start[r]), count: Int(count[r]), y: top[r], width: width[r],
                                           height: height[r]), whole.rows[r], level.name)
                    }
                }
            }
        }
    }

    /// Row tops summed lazily (a later part's tops from 0, its parts' total added later, as
    /// threads and a tree of rows do) equal the sequential `Double` sum exactly when every
    /// height and line gap is a multiple of 2^-k and every top stays below 2^(53-k): then
    /// every partial sum is a multiple of 2^-k below 2^53 * 2^-k, exact in `Double`, and
    /// addition is associative. On the 1/64 grid that holds for tops below 2^47 px.
    func testLazyRowTopsEqualTheSequentialSumUnderTheCondition() {
        var rng = SplitMix64(seed: 47)
        func sequential(_ heights: [Float], _ gap: Float) -> [Double] {
            var tops: [Double] = []
            var y: Double = 0
            for (r, h) in heights.enumerated() {
                if r > 0 { y = y + Double(heights[r - 1]) + Double(gap) }
                tops.append(y)
                _ = h
            }
            return tops
        }
        func lazy(_ heights: [Float], _ gap: Float, split: Int) -> [Double] {
            let first = sequential(Array(heights[..<split]), gap)
            let second = sequential(Array(heights[split...]), gap)
            let offset = first.last.map { $0 + Double(heights[split - 1]) + Double(gap) } ?? 0
            return first + second.map { offset + $0 }
        }
        for _ in 0..<2_000 {
            let rows = 2 + Int(rng.next() % 500)
            let heights = (0..<rows).map { _ in Float(rng.next() % 640_000) / 64 }   // on the grid
            let gap = Float(rng.next() % 640) / 64
            let split = 1 + Int(rng.next() % UInt64(rows - 1))
            XCTAssertEqual(lazy(heights, gap, split: split), sequential(heights, gap))
        }
        // Off the condition the two can differ (2^53 + 1 + 1 is 2^53 in sequence, 2^53 + 2
        // when the ones are summed first): the check above is not vacuous.
        let heights: [Float] = [0x1p53, 1, 1, 1, 1]
        XCTAssertNotEqual(lazy(heights, 0, split: 2), sequential(heights, 0))
    }
}
