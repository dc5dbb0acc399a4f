import CLayoutKernel
import LayoutKernelBaseline
import LayoutKernelCAPI
import LayoutKernelCore
import LayoutKernelDispatch

/// One timed line of the report.
struct Result {
    /// The workload's name ("tags", "varied", or the input file).
    var workload: String
    var items: Int
    /// "copy", "plain C loop", a level name ("reference", "sse2", "avx2", "avx512"), an
    /// aligned layout ("avx512, centre"), "size-only (avx512)", or "C API (avx512)".
    var name: String
    var measurement: Measurement
}

/// The name of the plain C loop's results.
let plainLoopName = "plain C loop"

/// The plain C loop on the same items every call (the first set), which a branch
/// predictor learns: shown beside the loop on fresh items.
let sameItemsLoopName = "plain loop, same items"

/// Where every timed layout writes: x and y, and a full row table (start, length, y,
/// width, height) with room for one row per item, which always suffices.
final class OutputBuffers {
    let count: Int
    let x: UnsafeMutablePointer<Float>
    let y: UnsafeMutablePointer<Float>
    let rowStart: UnsafeMutablePointer<Int64>
    let rowLength: UnsafeMutablePointer<Int64>
    let rowY: UnsafeMutablePointer<Double>
    let rowWidth: UnsafeMutablePointer<Float>
    let rowHeight: UnsafeMutablePointer<Float>

    init(count: Int) {
        self.count = count
        let capacity = max(count, 1)
        x = .allocate(capacity: capacity)
        y = .allocate(capacity: capacity)
        rowStart = .allocate(capacity: capacity)
        rowLength = .allocate(capacity: capacity)
        rowY = .allocate(capacity: capacity)
        rowWidth = .allocate(capacity: capacity)
        rowHeight = .allocate(capacity: capacity)
    }

    deinit {
        x.deallocate(); y.deallocate()
        rowStart.deallocate(); rowLength.deallocate(); rowY.deallocate()
        rowWidth.deallocate(); rowHeight.deallocate()
    }

    /// For the library's kernels.
    var output: LayoutOutput {
        LayoutOutput(x: x, y: y, rows: RowTableWriter(start: rowStart, count: rowLength, y: rowY,
                                                      width: rowWidth, height: rowHeight))
    }

    /// For `lk_flow_layout`.
    var result: lk_result {
        var result = lkResultDefault()
        result.x = x
        result.y = y
        result.item_capacity = count
        result.row_start = rowStart
        result.row_length = rowLength
        result.row_y = rowY
        result.row_width = rowWidth
        result.row_height = rowHeight
        result.row_capacity = count
        return result
    }

    /// Overwrites the positions and the first `rows` rows with values no layout writes, so
    /// that a check never passes on an earlier operation's results.
    func poison(rows: Int) {
        x.update(repeating: .nan, count: count)
        y.update(repeating: .nan, count: count)
        let rows = min(rows, count)
        rowStart.update(repeating: -1, count: rows)
        rowLength.update(repeating: -1, count: rows)
        rowY.update(repeating: .nan, count: rows)
        rowWidth.update(repeating: .nan, count: rows)
        rowHeight.update(repeating: .nan, count: rows)
    }

    /// Checks x, y and the row table (`rows` rows reported) against `expected`: bit for
    /// bit when `exact`, else lengths within `1e-5` of the layout's extent (row starts and
    /// lengths always exactly); and the items' sizes written to `sizes`, when given.
    func check(_ name: String, expected: Layout, rows: Int, exact: Bool,
               sizes: (width: UnsafeMutablePointer<Float>, height: UnsafeMutablePointer<Float>)? = nil) throws {
        let tolerance = exact ? 0 : 1e-5 * max(1, expected.size.width, expected.size.height)
        func same(_ a: Float, _ b: Float) -> Bool {
            exact ? a.bitPattern == b.bitPattern : abs(a - b) <= tolerance
        }
        let note = exact ? "" : " (off the 1/64 grid)"
        for i in 0..<count where !same(x[i], expected.x[i]) || !same(y[i], expected.y[i]) {
            throw BenchmarkError.mismatch(
                "\(name) places item \(i) at (\(x[i]), \(y[i])); the reference at (\(expected.x[i]), \(expected.y[i]))\(note)")
        }
        if let (width, height) = sizes {
            for i in 0..<count where !same(width[i], expected.itemWidth[i]) || !same(height[i], expected.itemHeight[i]) {
                throw BenchmarkError.mismatch("\(name) sizes item \(i) \(width[i]) x \(height[i]); the reference "
                                              + "\(expected.itemWidth[i]) x \(expected.itemHeight[i])\(note)")
            }
        }
        guard rows == expected.rows.count else {
            throw BenchmarkError.mismatch("\(name) reports \(rows) rows; the reference \(expected.rows.count)")
        }
        for (r, row) in expected.rows.enumerated() {
            let sameTop = exact ? rowY[r].bitPattern == row.y.bitPattern
                                : abs(rowY[r] - row.y) <= Double(tolerance)
            guard rowStart[r] == Int64(row.start), rowLength[r] == Int64(row.count), sameTop,
                  same(rowWidth[r], row.width), same(rowHeight[r], row.height) else {
                throw BenchmarkError.mismatch(
                    "\(name) writes row \(r) as start \(rowStart[r]), length \(rowLength[r]), y \(rowY[r]), "
                        + "width \(rowWidth[r]), height \(rowHeight[r]); the reference as start \(row.start), "
                        + "length \(row.count), y \(row.y), width \(row.width), height \(row.height)\(note)")
            }
        }
    }
}

/// Runs every operation on one workload and checks each against the reference.
struct Suite {
    var levels: [KernelLevel]
    var runs: Int
    /// Skip timing the reference above this many items (it allocates and is slow).
    var referenceLimit: Int

    /// Times the streaming copy, the plain C loop, every level, the extra alignments, the
    /// size-only query and the C API on `workload`, after checking every result (x, y and
    /// the whole row table) against the reference: bit for bit for the plain loop, and for
    /// every level when the workload is on the 1/64 grid below 2^17 px (else within 1e-5
    /// of the layout's extent).
    func run(_ workload: Workload, report: (String) -> Void) throws -> [Result] {
        let n = workload.count
        let exact = workload.isOnGrid
        var results: [Result] = []
        func record(_ name: String, _ body: () -> Void) {
            report(name)
            results.append(Result(workload: workload.name, items: n, name: name,
                                  measurement: measure(items: n, runs: runs, body)))
        }
        let buffers = OutputBuffers(count: n)
        let output = buffers.output
        let parameters = workload.parameters()
        let proposal = workload.proposal
        try ItemList(widths: workload.widths, heights: workload.heights).withItems { pool in
            // Every timed call takes the next set of items; every set is checked first.
            let sets = (0..<workload.sets).map { workload.set($0, of: pool) }
            var turn = 0
            func next() -> Items {
                turn = turn + 1 == sets.count ? 0 : turn + 1
                return sets[turn]
            }
            func checked(_ name: String, _ expected: [Layout], _ run: (Items) -> Int) throws {
                for (set, items) in sets.enumerated() {
                    buffers.poison(rows: expected[set].rows.count + 1)
                    try buffers.check(name, expected: expected[set], rows: run(items), exact: exact)
                }
            }
            record("copy") {
                let items = next()
                buffers.x.update(from: items.widths.baseAddress!, count: n)
                buffers.y.update(from: items.heights.baseAddress!, count: n)
            }

            let expected = sets.map { FlowReference.layout($0, parameters, proposal) }
            let (limit, spacing, lineSpacing) = (workload.width, workload.spacing, workload.lineSpacing)
            func plainLoop(_ items: Items) -> Int {
                lkb_flow_layout(n, items.widths.baseAddress, items.heights.baseAddress, limit, spacing, lineSpacing,
                                buffers.x, buffers.y, buffers.rowStart, buffers.rowLength, buffers.rowY,
                                buffers.rowWidth, buffers.rowHeight)
            }
            try checked(plainLoopName, expected, plainLoop)
            record(plainLoopName) { _ = plainLoop(next()) }
            if sets.count > 1 { record(sameItemsLoopName) { _ = plainLoop(sets[0]) } }

            for level in levels {
                func place(_ items: Items) -> Int { level.layouts.place(items, .flow(parameters), proposal, output).rows }
                try checked(level.name, expected, place)
                if level == .reference && n > referenceLimit { continue }
                record(level.name) { _ = place(next()) }
            }

            let best = levels.last ?? .sse2
            for alignment in workload.alignments {
                let aligned = workload.parameters(alignment.anchor)
                func place(_ items: Items) -> Int { best.layouts.place(items, .flow(aligned), proposal, output).rows }
                let name = "\(best.name), \(alignment.name)"
                try checked(name, sets.map { FlowReference.layout($0, aligned, proposal) }, place)
                record(name) { _ = place(next()) }
            }

            for (set, items) in sets.enumerated()
            where best.layouts.size(items, .flow(parameters), proposal) != expected[set].size {
                throw BenchmarkError.mismatch("size-only (\(best.name)) disagrees with the reference")
            }
            record("size-only (\(best.name))") { _ = best.layouts.size(next(), .flow(parameters), proposal) }

            // The whole public call, lk_flow_layout: validation, kernel choice and the layout.
            var lkParams = lkFlowParamsDefault()
            lkParams.spacing = workload.spacing
            lkParams.line_spacing = workload.lineSpacing
            let lkProposal = lk_proposal(width: workload.width, height: .nan)
            var result = buffers.result
            func call(_ items: Items) -> Int {
                var lkItems = lkItemsDefault()
                lkItems.count = n
                lkItems.widths = items.widths.baseAddress
                lkItems.heights = items.heights.baseAddress
                return lkFlowLayout(&lkItems, &lkParams, lkProposal, &result) == LK_OK ? result.rows : -1
            }
            // On one thread first (the share of the call outside the kernel), then on every
            // thread lk_set_max_threads() allows, when the call splits its work.
            let setting = Parallel.setting, threads = Parallel.limit
            Parallel.setting = 1
            let name = "C API (\(ActiveKernel.level.name))"
            try checked(name, expected, call)
            record(name) { _ = call(next()) }
            Parallel.setting = setting
            if threads > 1 && n >= 2 * ParallelFlow.minimumPart {
                let name = "C API, \(threads) threads"
                try checked(name, expected, call)
                record(name) { _ = call(next()) }
            }
        }
        return results
    }
}

enum BenchmarkError: Error, CustomStringConvertible {
    case mismatch(String)
    case usage(String)
    case input(String)

    var description: String {
        switch self {
        case .mismatch(let text): return "result check failed: \(text)"
        case .usage(let text): return text
        case .input(let text): return "input: \(text)"
        }
    }
}

/// Lays out `workload` `repetitions` times with one level, or with the plain C loop when
/// `level` is nil (x, y and the full row table, as the timed layouts do), and nothing
/// else, so that a profiler's counts divide evenly by layouts and items. Returns the
/// elapsed nanoseconds.
func profileRun(_ workload: Workload, level: KernelLevel?, repetitions: Int) -> Double {
    let n = workload.count
    let buffers = OutputBuffers(count: n)
    let output = buffers.output
    return ItemList(widths: workload.widths, heights: workload.heights).withItems { pool in
        let items = workload.set(0, of: pool)
        let start = now()
        for _ in 0..<repetitions {
            if let level {
                _ = level.layouts.place(items, .flow(workload.parameters()), workload.proposal, output)
            } else {
                _ = lkb_flow_layout(n, items.widths.baseAddress, items.heights.baseAddress, workload.width,
                                    workload.spacing, workload.lineSpacing, buffers.x, buffers.y,
                                    buffers.rowStart, buffers.rowLength, buffers.rowY, buffers.rowWidth,
                                    buffers.rowHeight)
            }
        }
        return Double(now() - start)
    }
}
