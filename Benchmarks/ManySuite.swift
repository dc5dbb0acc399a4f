import CLayoutKernel
import LayoutKernelCAPI
import LayoutKernelCore
import LayoutKernelDispatch

/// Many small flows in one call: `containers` flows of 1 to 16 items (counts from
/// SplitMix64 seeded with 11; the items are the `varied` workload's), rows of 400, spacing
/// 6, line spacing 4, every output written (sizes, row counts and offsets, x, y, the row
/// table). `lk_layout_many` is timed on one thread and on every thread, against one
/// `lk_flow_layout` call over the same items (one thread): the cost of many containers
/// per item, beside the cost of one. Each container is checked against the reference
/// first.
struct ManySuite {
    var containers: Int
    var runs: Int

    /// The timed lines: "one flow", "lk_layout_many", and with threads "lk_layout_many, N threads".
    func run(report: (String) -> Void) throws -> [Result] {
        var random = SplitMix64(seed: 11)
        var counts = (0..<containers).map { _ in Int(1 + random.next() % 16) }
        let n = counts.reduce(0, +)
        let workload = Workload.varied(count: n)
        let parameters = FlowParameters(spacing: .fixed(6), lineSpacing: .fixed(4))
        let proposal = Proposal(width: 400, height: nil)
        let buffers = OutputBuffers(count: n)
        let width = UnsafeMutablePointer<Float>.allocate(capacity: containers)
        let height = UnsafeMutablePointer<Float>.allocate(capacity: containers)
        let rows = UnsafeMutablePointer<Int>.allocate(capacity: containers)
        let offsets = UnsafeMutablePointer<Int64>.allocate(capacity: containers)
        defer { width.deallocate(); height.deallocate(); rows.deallocate(); offsets.deallocate() }
        var results: [Result] = []
        let name = "many \(containers.formatted()) × 1-16"
        func record(_ line: String, _ body: () -> Void) {
            report(line)
            results.append(Result(workload: name, items: n, name: line, measurement: measure(items: n, runs: runs, body)))
        }
        try ItemList(widths: workload.widths, heights: workload.heights).withItems { items in
            var lkItems = lkItemsDefault()
            lkItems.count = n
            lkItems.widths = items.widths.baseAddress
            lkItems.heights = items.heights.baseAddress
            var layout = lk_layout()
            guard lkLayoutDefault(LK_LAYOUT_FLOW, &layout) == LK_OK else { throw BenchmarkError.mismatch("lk_layout_default") }
            layout.flow.spacing = 6
            layout.flow.line_spacing = 4
            var lkProposal = lk_proposal(width: 400, height: .nan)
            var result = lkManyResultDefault()
            result.width = width
            result.height = height
            result.rows = rows
            result.row_offset = offsets
            result.container_capacity = containers
            result.x = buffers.x
            result.y = buffers.y
            result.item_capacity = n
            result.row_start = buffers.rowStart
            result.row_length = buffers.rowLength
            result.row_y = buffers.rowY
            result.row_width = buffers.rowWidth
            result.row_height = buffers.rowHeight
            result.row_capacity = n
            func many() -> Bool {
                lkLayoutMany(&lkItems, &layout, &counts, containers, &lkProposal, 1, &result) == LK_OK
            }

            // Every container against the reference, bit for bit.
            let setting = Parallel.setting, threads = Parallel.limit
            for threadCount in Set([1, threads]) {
                Parallel.setting = threadCount
                buffers.poison(rows: n)
                guard many() else { throw BenchmarkError.mismatch("lk_layout_many failed") }
                var first = 0
                for (k, count) in counts.enumerated() {
                    let expected = FlowReference.layout(items.slice(first..<(first + count)), parameters, proposal)
                    let row = Int(offsets[k])
                    let same = (0..<count).allSatisfy {
                        buffers.x[first + $0].bitPattern == expected.x[$0].bitPattern
                            && buffers.y[first + $0].bitPattern == expected.y[$0].bitPattern
                    } && width[k] == expected.size.width && height[k] == expected.size.height
                        && rows[k] == expected.rows.count
                        && expected.rows.enumerated().allSatisfy { r, expected in
                            buffers.rowStart[row + r] == Int64(expected.start)
                                && buffers.rowY[row + r].bitPattern == expected.y.bitPattern
                        }
                    guard same else {
                        throw BenchmarkError.mismatch("lk_layout_many (\(threadCount) threads): container \(k) differs from the reference")
                    }
                    first += count
                }
            }

            var flowParams = lkFlowParamsDefault()
            flowParams.spacing = 6
            flowParams.line_spacing = 4
            var one = buffers.result
            Parallel.setting = 1
            record("one flow (lk_flow_layout)") { _ = lkFlowLayout(&lkItems, &flowParams, lkProposal, &one) }
            record("lk_layout_many") { _ = many() }
            Parallel.setting = setting
            if threads > 1 { record("lk_layout_many, \(threads) threads") { _ = many() } }
        }
        return results
    }
}

extension ManySuite {
    /// The lines as a table: ns per item, and × one flow over the same items.
    static func table(_ results: [Result]) -> String {
        guard let first = results.first else { return "" }
        let one = first.measurement.median
        var lines = ["", "\(first.workload) items (\(first.items.formatted()) items; varied sizes, rows of 400, "
                         + "every output written; kernel \(ActiveKernel.level.name)) — ns per item",
                     pad("operation", 34) + pad("median", 10) + pad("best", 10) + pad("× one flow", 10)]
        for result in results {
            lines.append(pad(result.name, 34) + pad(fixed(result.measurement.median), 10)
                         + pad(fixed(result.measurement.best), 10) + fixed(result.measurement.median / one, 2))
        }
        return lines.joined(separator: "\n")
    }
}
