import LayoutKernelCore
import LayoutKernelDispatch
import LayoutKernelEngine

/// The engine on the `varied` items (rows of 1000, gaps 6 and 4) and on items all of one
/// size (the case where no row start meets an old one after an insert), then on the
/// varied items in three featured flows (right to left with space-between; wrap-reverse
/// lines stretched over a definite height a fifth taller than they are; every other item
/// growing by 1), which the engine answers from their kept lines: each operation timed
/// per call, and as a share of a full layout of the same items and flow (`lk_flow_layout`'s
/// kernel, one thread). Every mutation is a real change (values alternate between calls);
/// before the timings, the engine's answers are checked against that full layout.
struct EngineSuite {
    var sizes: [Int]
    var runs: Int

    struct Line {
        var items: Int
        var workload: String
        var name: String
        var nanoseconds: Double
        var full: Double
    }

    func run(report: (String) -> Void) -> [Line] {
        var lines: [Line] = []
        for n in sizes {
            let workload = Workload.varied(count: n)
            let varied = ItemList(widths: workload.widths, heights: workload.heights)
            let plain = FlowParameters(spacing: .fixed(6), lineSpacing: .fixed(4))
            let rows = Proposal(width: 1000, height: nil)
            for uniform in [false, true] {
                let list = uniform ? ItemList(widths: [Float](repeating: 110, count: n),
                                              heights: [Float](repeating: 28, count: n)) : varied
                lines += runWorkload(n, uniform ? "one size" : "varied", list, plain, rows, report)
            }
            var spaced = plain
            spaced.justify = .spaceBetween
            spaced.direction = .rtl
            lines += runWorkload(n, "rtl, space-between", varied, spaced, rows, report)
            var stretched = plain
            stretched.wrapReverse = true
            stretched.alignContent = .stretch
            let tall = varied.withItems { ActiveKernel.level.layouts.size($0, .flow(plain), rows).height }
            lines += runWorkload(n, "wrap-reverse, stretch", varied, stretched,
                                 Proposal(width: 1000, height: (tall * 1.2).rounded()), report)
            // Every other item grows, all by 1 (the features' table's "growing items").
            let growing = ItemList(widths: workload.widths, heights: workload.heights,
                                   grow: (0..<n).map { Float($0 % 2) })
            lines += runWorkload(n, "growing items", growing, plain, rows, report)
            // Item rules (SPEC.md §13): alignments of their own (auto, center, end, first
            // baseline), baselines at 70% of the height, every third item stretchable,
            // widths within [30, 150], every item shrinkable.
            var ruled = varied
            ruled.rules = ItemRuleList(alignSelf: (0..<n).map { [0, 2, 3, 5][$0 % 4] },
                                       baseline: workload.heights.map { ($0 * 0.7).rounded() },
                                       stretchable: (0..<n).map { $0 % 3 == 0 ? 1 : 0 },
                                       minWidth: [Float](repeating: 30, count: n),
                                       maxWidth: [Float](repeating: 150, count: n),
                                       shrink: [Float](repeating: 1, count: n))
            var stretchedItems = plain
            stretchedItems.alignItems = .stretch
            lines += runWorkload(n, "item rules", ruled, stretchedItems, rows, report)
        }
        return lines
    }

    private func runWorkload(_ n: Int, _ workload: String, _ list: ItemList, _ parameters: FlowParameters,
                             _ proposal: Proposal, _ report: (String) -> Void) -> [Line] {
        let kernels = ActiveKernel.level.layouts
        var lines: [Line] = []
        var full = 0.0
        func time(_ name: String, _ body: () -> Void) {
            report("engine, \(workload), n = \(n.formatted()): \(name)")
            let ns = measure(items: 1, runs: runs, body).median
            if name == "full layout" { full = ns }
            lines.append(Line(items: n, workload: workload, name: name, nanoseconds: ns, full: full))
        }
        var mutable = list
        let engine = LayoutEngine(layout: .flow(parameters), kernels: kernels)
        list.withItems { engine.setItems($0) }
        let buffers = OutputBuffers(count: n)
        let fresh = list.withItems { items in
            time("full layout") { _ = kernels.place(items, .flow(parameters), proposal, buffers.output) }
            return kernels.place(items, .flow(parameters), proposal, buffers.output)
        }
        check(engine, proposal, fresh, buffers, n / 2, workload)
        time("unchanged request (size)") { _ = engine.size(proposal) }
        let middle = n / 2
        var toggle = false
        time("one width changed, then size") {
            toggle.toggle()
            ItemList(widths: [toggle ? 31 : list.widths[middle]], heights: [list.heights[middle]])
                .withItems { engine.update(at: middle, $0) }
            _ = engine.size(proposal)
        }
        let one = ItemList(widths: [57], heights: [22])
        time("insert one + remove one, then size") {
            one.withItems { engine.insert(at: middle, $0) }
            engine.remove(middle + 7..<middle + 8)
            _ = engine.size(proposal)
        }
        time("set_items with one item changed, then size") {
            toggle.toggle()
            mutable.widths[middle / 3] = toggle ? 45 : list.widths[middle / 3]
            mutable.withItems { engine.setItems($0) }
            _ = engine.size(proposal)
        }
        let screen = (x0: Float(0), y0: Float(40_000), x1: Float(1000), y1: Float(40_800))
        time("visible items of one screen (1000 x 800)") {
            _ = engine.visible(x0: screen.x0, y0: screen.y0, x1: screen.x1, y1: screen.y1, proposal)
        }
        var x = [Float](repeating: 0, count: 1000), y = x
        time("positions of 1,000 items") {
            x.withUnsafeMutableBufferPointer { x in
                y.withUnsafeMutableBufferPointer { y in
                    engine.positions(middle..<(middle + 1000), proposal, x: x.baseAddress!, y: y.baseAddress!)
                }
            }
        }
        lines.append(Line(items: n, workload: workload, name: "bytes held per item",
                          nanoseconds: Double(engine.stats.bytes) / Double(n), full: 0))
        return lines
    }

    /// Stops the run unless the engine's size and the positions of 1,000 items from `first`
    /// equal those of the full layout in `buffers` (whose outcome is `fresh`).
    private func check(_ engine: LayoutEngine, _ proposal: Proposal, _ fresh: LayoutOutcome,
                       _ buffers: OutputBuffers, _ first: Int, _ workload: String) {
        let count = min(1000, engine.count - first)
        var x = [Float](repeating: 0, count: count), y = x
        engine.positions(first..<(first + count), proposal, x: &x, y: &y)
        let same = engine.size(proposal) == fresh.size && (0..<count).allSatisfy {
            x[$0].bitPattern == buffers.x[first + $0].bitPattern && y[$0].bitPattern == buffers.y[first + $0].bitPattern
        }
        precondition(same, "engine, \(workload): the engine's answers differ from a full layout's")
    }

    static func table(_ lines: [Line]) -> String {
        var text = ["", "engine: a flow kept between calls (kernel \(ActiveKernel.level.name), one thread; rows of 1000, gaps 6 and 4; medians; the share is of a full layout of the same flow)",
                    pad("n", 11) + pad("items", 24) + pad("operation", 44) + pad("time", 12) + "share of full"]
        for line in lines {
            let value: String
            let share: String
            if line.name == "bytes held per item" {
                value = String(format: "%.1f B", line.nanoseconds)
                share = ""
            } else {
                value = line.nanoseconds >= 1e6 ? String(format: "%.2f ms", line.nanoseconds / 1e6)
                    : String(format: "%.2f µs", line.nanoseconds / 1e3)
                share = line.name == "full layout" ? "1" : String(format: "%.4f%%", 100 * line.nanoseconds / line.full)
            }
            text.append(pad(line.items.formatted(), 11) + pad(line.workload, 24) + pad(line.name, 44) + pad(value, 12)
                        + share)
        }
        return text.joined(separator: "\n")
    }
}
