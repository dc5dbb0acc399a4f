import LayoutKernelBaseline
import LayoutKernelCore
import LayoutKernelDispatch

/// The CSS flow features (lk_flow_layout's "Features" in layoutkernel.h) on the `varied`
/// items: each feature alone against the plain flow and against the plain C loop with that
/// feature added by hand (Benchmarks/Baseline), in the same run, one thread, with the
/// active kernel; x, y and the full row table written (and the grown sizes, for growing
/// items). Columns are also timed against the plain flow of the same lines (rows of the
/// items transposed): their lines are longer than the rows', which costs the plain flow
/// itself more. Before timing, both results are checked bit for bit against the reference.
struct FeatureSuite {
    var count: Int
    var runs: Int

    struct Line {
        var name: String
        var nanoseconds: Double
        var plain: Double
        /// The C loop with the same feature.
        var loop: Double
        /// For columns: the plain flow laying out the same lines, as rows of the items
        /// transposed (columns of 1000 break where rows of 1000 of those items do).
        var sameLines: Double? = nil
    }

    /// A C loop's arguments: the items, the buffers, the grow factors and grown sizes.
    typealias Loop = (Items, OutputBuffers, UnsafeMutablePointer<Float>, UnsafeMutablePointer<Float>) -> Int

    func run(report: (String) -> Void) throws -> [Line] {
        let workload = Workload.varied(count: count)
        let kernels = ActiveKernel.level.layouts
        let base = FlowParameters(spacing: .fixed(workload.spacing), lineSpacing: .fixed(workload.lineSpacing))
        func with(_ change: (inout FlowParameters) -> Void) -> FlowParameters {
            var parameters = base
            change(&parameters)
            return parameters
        }
        let (limit, spacing, lineSpacing) = (workload.width, workload.spacing, workload.lineSpacing)
        // The lines and gaps take about 5.2 px per item: a sixth of the height is free to share.
        let stretchHeight = Float(count) * 6
        // A C loop of the baseline, called with the workload's settings.
        typealias CLoop = (Int, UnsafePointer<Float>?, UnsafePointer<Float>?, Float, Float, Float,
                           UnsafeMutablePointer<Float>?, UnsafeMutablePointer<Float>?,
                           UnsafeMutablePointer<Int64>?, UnsafeMutablePointer<Int64>?, UnsafeMutablePointer<Double>?,
                           UnsafeMutablePointer<Float>?, UnsafeMutablePointer<Float>?) -> Int
        func loop(_ body: @escaping CLoop) -> Loop {
            { items, b, _, _ in
                body(items.count, items.widths.baseAddress, items.heights.baseAddress, limit, spacing, lineSpacing,
                     b.x, b.y, b.rowStart, b.rowLength, b.rowY, b.rowWidth, b.rowHeight)
            }
        }
        let stretchLoop: Loop = { items, b, _, _ in
            lkb_flow_stretch(items.count, items.widths.baseAddress, items.heights.baseAddress, limit, spacing,
                             lineSpacing, b.x, b.y, b.rowStart, b.rowLength, b.rowY, b.rowWidth, b.rowHeight,
                             stretchHeight)
        }
        let growLoop: Loop = { items, b, width, height in
            lkb_flow_grow(items.count, items.widths.baseAddress, items.heights.baseAddress, limit, spacing,
                          lineSpacing, b.x, b.y, b.rowStart, b.rowLength, b.rowY, b.rowWidth, b.rowHeight,
                          items.grow?.baseAddress, width, height)
        }
        var lines: [Line] = []
        // Every other item grows (factors 1 and 0).
        let grow = (0..<count).map { Float($0 % 2) }
        let rows = Proposal(width: limit, height: nil)
        // The last case is the plain flow of the columns' lines (rows of the items
        // transposed), the columns' own baseline; it is not a line of the table.
        let cases: [(String, FlowParameters, Proposal, [Float]?, Loop)] = [
            ("plain flow", base, rows, nil, loop(lkb_flow_layout)),
            ("justify space-between", with { $0.justify = .spaceBetween }, rows, nil, loop(lkb_flow_space_between)),
            ("right to left", with { $0.direction = .rtl }, rows, nil, loop(lkb_flow_rtl)),
            ("reverse", with { $0.reverse = true }, rows, nil, loop(lkb_flow_reverse)),
            ("wrap-reverse", with { $0.wrapReverse = true }, rows, nil, loop(lkb_flow_wrap_reverse)),
            ("vertical (columns of 1000)", with { $0.axis = .vertical }, Proposal(width: nil, height: limit), nil,
             loop(lkb_flow_columns)),
            ("align-content stretch", with { $0.alignContent = .stretch }, Proposal(width: limit, height: stretchHeight),
             nil, stretchLoop),
            ("growing items", base, rows, grow, growLoop),
            ("plain flow of the columns' lines", base, rows, nil, loop(lkb_flow_layout)),
        ]
        let transposed = cases.count - 1
        let buffers = OutputBuffers(count: count)
        let itemWidth = UnsafeMutablePointer<Float>.allocate(capacity: count)
        let itemHeight = UnsafeMutablePointer<Float>.allocate(capacity: count)
        defer { itemWidth.deallocate(); itemHeight.deallocate() }
        var output = buffers.output
        output.itemWidth = itemWidth
        output.itemHeight = itemHeight
        // Each case's layout and C loop, checked first, then timed in turn (interleaved).
        var bodies: [() -> Void] = []
        try workload.widths.withUnsafeBufferPointer { widths in
            try workload.heights.withUnsafeBufferPointer { heights in
                try grow.withUnsafeBufferPointer { factors in
                    for (index, (name, parameters, proposal, grows, cLoop)) in cases.enumerated() {
                        report("features, n = \(count.formatted()): \(name)")
                        let items = index == transposed ? Items(widths: heights, heights: widths)
                            : Items(widths: widths, heights: heights, grow: grows == nil ? nil : factors)
                        let expected = FlowFeatures.applies(parameters, items)
                            ? FlowFeatures.layout(items, parameters, proposal)
                            : FlowReference.layout(items, parameters, proposal)
                        let place = { kernels.place(items, .flow(parameters), proposal, output).rows }
                        let loop = { cLoop(items, buffers, itemWidth, itemHeight) }
                        for (who, run) in [(ActiveKernel.level.name, place), ("the C loop", loop)] {
                            buffers.poison(rows: expected.rows.count + 1)
                            itemWidth.update(repeating: .nan, count: count)
                            itemHeight.update(repeating: .nan, count: count)
                            try buffers.check("\(who) (\(name))", expected: expected, rows: run(), exact: true,
                                              sizes: grows == nil ? nil : (itemWidth, itemHeight))
                        }
                        bodies += [{ _ = place() }, { _ = loop() }]
                    }
                    report("features, n = \(count.formatted()): timing every case in turn")
                    let medians = measureInterleaved(items: count, runs: runs, bodies).map(\.median)
                    lines = cases.indices.dropLast().map {
                        Line(name: cases[$0].0, nanoseconds: medians[2 * $0], plain: medians[0],
                             loop: medians[2 * $0 + 1],
                             sameLines: cases[$0].1.axis == .vertical ? medians[2 * transposed] : nil)
                    }
                }
            }
        }
        return lines
    }

    func table(_ lines: [Line]) -> String {
        var text = ["", "features: the CSS flow features at \(count.formatted()) varied items (rows of 1000, gaps 6 and 4; "
                        + "kernel \(ActiveKernel.level.name), one thread; medians of \(runs) rounds)",
                    "  × C loop = the plain C loop with the same feature written in by hand (Benchmarks/Baseline)",
                    pad("layout", 30) + pad("ns/item", 10) + pad("× plain flow", 15) + pad("C loop ns/item", 17)
                        + "× C loop"]
        for line in lines {
            text.append(pad(line.name, 30) + pad(String(format: "%.2f", line.nanoseconds), 10)
                        + pad(String(format: "%.2f", line.nanoseconds / line.plain), 15)
                        + pad(String(format: "%.2f", line.loop), 17) + String(format: "%.2f", line.nanoseconds / line.loop))
            if let same = line.sameLines {
                text.append("  " + String(format: "%.2f", line.nanoseconds / same) + " × the plain flow of the same lines"
                            + String(format: " (rows of the items transposed, %.2f ns/item)", same))
            }
        }
        return text.joined(separator: "\n")
    }
}
