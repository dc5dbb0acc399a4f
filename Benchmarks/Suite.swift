import CLayoutKernel
import LayoutKernelCAPI
import LayoutKernelCore
import LayoutKernelDispatch

/// One timed line of the report.
struct Result {
    var items: Int
    /// "copy", a level name ("reference", "sse2", "avx2", "avx512"), "size-only (avx512)",
    /// or "C API (avx512)".
    var name: String
    var measurement: Measurement
}

/// Runs every operation on one workload and checks each kernel against the reference.
struct Suite {
    var levels: [KernelLevel]
    var runs: Int
    /// Skip timing the reference above this many items (it allocates and is slow).
    var referenceLimit: Int
    /// Whether the workload is on the 1/64 grid below 2^17 px, where every level must
    /// match the reference bit for bit; elsewhere within 1e-5 of the layout's extent.
    var exact: Bool

    /// Times the streaming copy, every level, the size-only query and the C API on
    /// `workload`, after checking that every level reproduces the reference exactly.
    func run(_ workload: Workload, report: (String) -> Void) throws -> [Result] {
        let n = workload.count
        var results: [Result] = []
        let x = UnsafeMutablePointer<Float>.allocate(capacity: max(n, 1))
        let y = UnsafeMutablePointer<Float>.allocate(capacity: max(n, 1))
        defer { x.deallocate(); y.deallocate() }
        let itemList = ItemList(widths: workload.widths, heights: workload.heights)
        let parameters = workload.parameters
        let proposal = workload.proposal
        let output = LayoutOutput(x: x, y: y, rows: RowTableWriter(start: nil, count: nil, y: nil,
                                                                  width: nil, height: nil))
        try itemList.withItems { items in
            let widths = items.widths.baseAddress!, heights = items.heights.baseAddress!
            report("copy")
            results.append(Result(items: n, name: "copy", measurement: measure(items: n, runs: runs) {
                x.update(from: widths, count: n)
                y.update(from: heights, count: n)
            }))

            let expected = FlowReference.layout(items, parameters, proposal)
            for level in levels {
                _ = level.layouts.place(items, .flow(parameters), proposal, output)
                try check(level.name, expected: expected, x: x, y: y, count: n)
                if level == .reference && n > referenceLimit { continue }
                report(level.name)
                results.append(Result(items: n, name: level.name, measurement: measure(items: n, runs: runs) {
                    _ = level.layouts.place(items, .flow(parameters), proposal, output)
                }))
            }

            let best = levels.last ?? .sse2
            guard best.layouts.size(items, .flow(parameters), proposal) == expected.size else {
                throw BenchmarkError.mismatch("size-only (\(best.name)) disagrees with the reference")
            }
            report("size-only")
            results.append(Result(items: n, name: "size-only (\(best.name))", measurement: measure(items: n, runs: runs) {
                _ = best.layouts.size(items, .flow(parameters), proposal)
            }))
        }
        results.append(try timeCAPI(workload, x: x, y: y, report: report))
        return results
    }

    /// The whole public call, `lk_flow_layout`: validation, kernel choice and the layout.
    private func timeCAPI(_ workload: Workload, x: UnsafeMutablePointer<Float>,
                          y: UnsafeMutablePointer<Float>, report: (String) -> Void) throws -> Result {
        let n = workload.count
        var params = lkFlowParamsDefault()
        params.spacing = workload.spacing
        params.line_spacing = workload.lineSpacing
        let proposal = lk_proposal(width: workload.width, height: .nan)
        var result = lk_result()
        result.x = x
        result.y = y
        result.item_capacity = n
        return try workload.widths.withUnsafeBufferPointer { widths in
            try workload.heights.withUnsafeBufferPointer { heights in
                var items = lk_items()
                items.count = n
                items.widths = widths.baseAddress
                items.heights = heights.baseAddress
                guard lkFlowLayout(&items, &params, proposal, &result) == LK_OK else {
                    throw BenchmarkError.mismatch("lk_flow_layout failed")
                }
                report("C API")
                let name = "C API (\(ActiveKernel.level.name))"
                return Result(items: n, name: name, measurement: measure(items: n, runs: runs) {
                    _ = lkFlowLayout(&items, &params, proposal, &result)
                })
            }
        }
    }

    private func check(_ name: String, expected: Layout, x: UnsafeMutablePointer<Float>,
                       y: UnsafeMutablePointer<Float>, count: Int) throws {
        let tolerance = exact ? 0 : 1e-5 * max(1, expected.size.width, expected.size.height)
        for i in 0..<count where abs(x[i] - expected.x[i]) > tolerance || abs(y[i] - expected.y[i]) > tolerance
            || (exact && (x[i].bitPattern != expected.x[i].bitPattern || y[i].bitPattern != expected.y[i].bitPattern)) {
            throw BenchmarkError.mismatch(
                "\(name) places item \(i) at (\(x[i]), \(y[i])); the reference at (\(expected.x[i]), \(expected.y[i]))"
                    + (exact ? "" : " (off the 1/64 grid a fit within rounding of the row limit may differ: SPEC.md section 1)"))
        }
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

/// Lays out `workload` `repetitions` times with one level and nothing else, so that a
/// profiler's counts divide evenly by layouts and items. Returns the elapsed nanoseconds.
func profileRun(_ workload: Workload, level: KernelLevel, repetitions: Int) -> Double {
    let n = workload.count
    let x = UnsafeMutablePointer<Float>.allocate(capacity: max(n, 1))
    let y = UnsafeMutablePointer<Float>.allocate(capacity: max(n, 1))
    defer { x.deallocate(); y.deallocate() }
    let output = LayoutOutput(x: x, y: y, rows: RowTableWriter(start: nil, count: nil, y: nil,
                                                              width: nil, height: nil))
    return ItemList(widths: workload.widths, heights: workload.heights).withItems { items in
        let start = now()
        for _ in 0..<repetitions { _ = level.layouts.place(items, .flow(workload.parameters), workload.proposal, output) }
        return Double(now() - start)
    }
}
