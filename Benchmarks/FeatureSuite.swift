import LayoutKernelCore
import LayoutKernelDispatch

/// The CSS flow features (lk_flow_layout's "Features" in layoutkernel.h) on the `varied` items: each feature alone
/// against the plain flow in the same run, one thread, with the active kernel, x, y and
/// the full row table written (and the grown sizes, for growing items).
struct FeatureSuite {
    var count: Int
    var runs: Int

    struct Line {
        var name: String
        var nanoseconds: Double
        var plain: Double
    }

    func run(report: (String) -> Void) -> [Line] {
        let workload = Workload.varied(count: count)
        let kernels = ActiveKernel.level.layouts
        let base = FlowParameters(spacing: .fixed(workload.spacing), lineSpacing: .fixed(workload.lineSpacing))
        func with(_ change: (inout FlowParameters) -> Void) -> FlowParameters {
            var parameters = base
            change(&parameters)
            return parameters
        }
        // Every other item grows (factors 1 and 0).
        let grow = (0..<count).map { Float($0 % 2) }
        let cases: [(String, FlowParameters, Proposal, [Float]?)] = [
            ("plain flow", base, Proposal(width: workload.width, height: nil), nil),
            ("justify space-between", with { $0.justify = .spaceBetween }, Proposal(width: workload.width, height: nil), nil),
            ("right to left", with { $0.direction = .rtl }, Proposal(width: workload.width, height: nil), nil),
            ("reverse", with { $0.reverse = true }, Proposal(width: workload.width, height: nil), nil),
            ("wrap-reverse", with { $0.wrapReverse = true }, Proposal(width: workload.width, height: nil), nil),
            ("vertical (columns of 1000)", with { $0.axis = .vertical }, Proposal(width: nil, height: workload.width), nil),
            ("align-content stretch", with { $0.alignContent = .stretch },
             Proposal(width: workload.width, height: Float(count) * 4), nil),
            ("growing items", base, Proposal(width: workload.width, height: nil), grow),
        ]
        let buffers = OutputBuffers(count: count)
        var itemWidth = [Float](repeating: 0, count: count), itemHeight = itemWidth
        var lines: [Line] = []
        var plain = 0.0
        for (name, parameters, proposal, factors) in cases {
            report("features, n = \(count.formatted()): \(name)")
            let list = ItemList(widths: workload.widths, heights: workload.heights, grow: factors)
            let ns = list.withItems { items in
                itemWidth.withUnsafeMutableBufferPointer { width in
                    itemHeight.withUnsafeMutableBufferPointer { height in
                        var output = buffers.output
                        output.itemWidth = width.baseAddress
                        output.itemHeight = height.baseAddress
                        return measure(items: count, runs: runs) {
                            _ = kernels.place(items, .flow(parameters), proposal, output)
                        }.median
                    }
                }
            }
            if name == "plain flow" { plain = ns }
            lines.append(Line(name: name, nanoseconds: ns, plain: plain))
        }
        return lines
    }

    func table(_ lines: [Line]) -> String {
        var text = ["", "features: the CSS flow features at \(count.formatted()) varied items (rows of 1000, gaps 6 and 4; "
                        + "kernel \(ActiveKernel.level.name), one thread; medians)",
                    pad("layout", 30) + pad("ns/item", 10) + "× plain flow"]
        for line in lines {
            text.append(pad(line.name, 30) + pad(String(format: "%.2f", line.nanoseconds), 10)
                        + String(format: "%.2f", line.nanoseconds / line.plain))
        }
        return text.joined(separator: "\n")
    }
}
