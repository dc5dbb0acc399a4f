import LayoutKernelBaseline
import LayoutKernelCore
import LayoutKernelDispatch

/// Balanced lines at scale (`wrap = .balance`, SPEC.md §12) against the plain flow's
/// greedy lines on the same items, one thread, the active kernel: x, y and the full row
/// table written. Three item sets: the `tags` workload (about 10 a line), the `varied`
/// workload (about 8) and `fine` items, 0.5 to 1.5 px wide with no gap in rows of 1000
/// (about 1,000 a line). On the tags, also the textbook dynamic program
/// (Benchmarks/Baseline `lkb_flow_balance`: every start that fits, for each line end)
/// at up to 1,000,000 items; it is O(n × items per line), too slow to time at 1,000 a
/// line. Each result is checked against the reference first.
struct LineSuite {
    var sizes: [Int]
    var runs: Int

    struct Line {
        var items: String
        var count: Int
        /// ns per item: balance, the greedy flow, the textbook program (nil: not timed).
        var balance: Double
        var greedy: Double
        var textbook: Double?
        /// Medians of the rounds' ratios: balance × greedy, balance × textbook.
        var vsGreedy: Double
        var vsTextbook: Double?
    }

    /// Items of the `fine` set: 0.5, 1 or 1.5 px wide, 10 high; rows of 1000, no gaps.
    static func fine(count: Int) -> Workload {
        var random = SplitMix64(seed: 11)
        let widths = (0..<count).map { _ in Float(1 + random.next() >> 62 % 3) / 2 }
        return Workload(name: "fine", widths: widths, heights: [Float](repeating: 10, count: count), width: 1000,
                        spacing: 0, lineSpacing: 0)
    }

    func run(report: (String) -> Void) throws -> [Line] {
        var lines: [Line] = []
        let kernels = ActiveKernel.level.layouts
        for count in sizes {
            for workload in [Workload.tags(count: count), Workload.varied(count: count), Self.fine(count: count)] {
                report("lines, n = \(count.formatted()): \(workload.name)")
                let greedy = FlowParameters(spacing: .fixed(workload.spacing), lineSpacing: .fixed(workload.lineSpacing))
                var balance = greedy
                balance.wrap = .balance
                let proposal = Proposal(width: workload.width, height: nil)
                let buffers = OutputBuffers(count: count)
                let textbook = workload.name == "tags" && count <= 1_000_000
                try workload.widths.withUnsafeBufferPointer { widths in
                    try workload.heights.withUnsafeBufferPointer { heights in
                        let items = Items(widths: widths, heights: heights)
                        var bodies: [() -> Void] = []
                        for parameters in [balance, greedy] {
                            let expected = FlowReference.layout(items, parameters, proposal)
                            let place = { kernels.place(items, .flow(parameters), proposal, buffers.output).rows }
                            buffers.poison(rows: expected.rows.count + 1)
                            try buffers.check("\(ActiveKernel.level.name) (\(workload.name))", expected: expected,
                                              rows: place(), exact: true, sizes: nil)
                            bodies.append { _ = place() }
                            if textbook && parameters == balance {
                                let loop = {
                                    lkb_flow_balance(count, widths.baseAddress, heights.baseAddress, workload.width,
                                                     workload.spacing, workload.lineSpacing, buffers.x, buffers.y,
                                                     buffers.rowStart, buffers.rowLength, buffers.rowY, buffers.rowWidth,
                                                     buffers.rowHeight)
                                }
                                buffers.poison(rows: expected.rows.count + 1)
                                try buffers.check("the textbook program (\(workload.name))", expected: expected,
                                                  rows: loop(), exact: true, sizes: nil)
                                bodies.append { _ = loop() }
                            }
                        }
                        let measured = measureInterleaved(items: count, runs: runs, minimumSampleTime: 20_000_000, bodies)
                        func ratio(_ a: Int, _ b: Int) -> Double {
                            Measurement(samples: zip(measured[a].samples, measured[b].samples).map { $0 / $1 }).median
                        }
                        let greedyIndex = bodies.count - 1
                        lines.append(Line(items: workload.name, count: count, balance: measured[0].median,
                                          greedy: measured[greedyIndex].median,
                                          textbook: textbook ? measured[1].median : nil,
                                          vsGreedy: ratio(0, greedyIndex), vsTextbook: textbook ? ratio(0, 1) : nil))
                    }
                }
            }
        }
        return lines
    }

    func table(_ lines: [Line]) -> String {
        func f(_ value: Double?) -> String { value.map { String(format: "%.2f", $0) } ?? "-" }
        var text = ["", "lines: balanced against greedy lines (kernel \(ActiveKernel.level.name), one thread; "
                        + "medians of \(runs) rounds, each ratio the median of the rounds' ratios)",
                    "  tags: ~10 a line; varied: ~8; fine: 0.5-1.5 px, ~1000 a line; textbook = the O(n x items "
                        + "per line) dynamic program in C",
                    "items     n            balance ns/item   greedy ns/item   × greedy   textbook ns/item   × textbook"]
        for line in lines {
            text.append(line.items.padding(toLength: 10, withPad: " ", startingAt: 0)
                        + line.count.formatted().padding(toLength: 13, withPad: " ", startingAt: 0)
                        + f(line.balance).padding(toLength: 18, withPad: " ", startingAt: 0)
                        + f(line.greedy).padding(toLength: 17, withPad: " ", startingAt: 0)
                        + f(line.vsGreedy).padding(toLength: 11, withPad: " ", startingAt: 0)
                        + f(line.textbook).padding(toLength: 19, withPad: " ", startingAt: 0)
                        + f(line.vsTextbook))
        }
        return text.joined(separator: "\n")
    }
}
