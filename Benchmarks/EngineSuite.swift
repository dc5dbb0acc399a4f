import LayoutKernelCore
import LayoutKernelDispatch
import LayoutKernelEngine

/// The engine on the `varied` items (rows of 1000, gaps 6 and 4) and on items all of one
/// size (the case where no row start meets an old one after an insert): each operation
/// timed per call, and as a share of a full layout of the same items (`lk_flow_layout`'s
/// kernel, one thread). Every mutation is a real change (values alternate between calls).
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
            for uniform in [false, true] {
                let workload = Workload.varied(count: n)
                let widths = uniform ? [Float](repeating: 110, count: n) : workload.widths
                let heights = uniform ? [Float](repeating: 28, count: n) : workload.heights
                let name = uniform ? "one size" : "varied"
                lines += runWorkload(n, name, ItemList(widths: widths, heights: heights), report)
            }
        }
        return lines
    }

    private func runWorkload(_ n: Int, _ workload: String, _ list: ItemList, _ report: (String) -> Void) -> [Line] {
        let kernels = ActiveKernel.level.layouts
        let parameters = FlowParameters(spacing: .fixed(6), lineSpacing: .fixed(4))
        let proposal = Proposal(width: 1000, height: nil)
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
        list.withItems { items in
            time("full layout") { _ = kernels.place(items, .flow(parameters), proposal, buffers.output) }
        }
        _ = engine.size(proposal)
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

    static func table(_ lines: [Line]) -> String {
        var text = ["", "engine: a flow kept between calls (rows of 1000, gaps 6 and 4; medians; the share is of a full layout)",
                    pad("n", 11) + pad("items", 10) + pad("operation", 44) + pad("time", 12) + "share of full"]
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
            text.append(pad(line.items.formatted(), 11) + pad(line.workload, 10) + pad(line.name, 44) + pad(value, 12)
                        + share)
        }
        return text.joined(separator: "\n")
    }
}
