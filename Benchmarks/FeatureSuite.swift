import LayoutKernelBaseline
import LayoutKernelCore
import LayoutKernelDispatch

/// The CSS flow features (lk_flow_layout's "Features" in layoutkernel.h) and item rules
/// (SPEC.md §13) on the `varied` items: each alone against the plain flow and against the
/// plain C loop with that feature or rule added by hand (Benchmarks/Baseline), in the same
/// run, one thread, with the active kernel; x, y and the full row table written (and the
/// items' sizes, for growing items and rules that resize them). Columns are also timed against the plain flow of the same lines (rows of the
/// items transposed): their lines are longer than the rows', which costs the plain flow
/// itself more. Growing items are also timed against the plain flow writing the same
/// outputs: x, y, the row table and the items' sizes (its own, copied after the layout, as
/// lk_flow_layout does when item_width and item_height are asked for); so are the rules
/// that resize items. Before timing, both
/// results are checked bit for bit against the reference.
struct FeatureSuite {
    var count: Int
    var runs: Int
    /// Each sample's least duration (ns).
    let sampleTime: UInt64 = 20_000_000

    /// A case's medians (ns per item) and its ratios: each the median over the rounds of
    /// the ratio of two samples taken in the same round, so that a machine whose speed
    /// drifts between rounds moves neither.
    struct Line {
        var name: String
        var nanoseconds: Double
        /// × the plain flow.
        var vsPlain: Double
        /// The C loop with the same feature (ns per item), and × it.
        var loop: Double
        var vsLoop: Double
        /// For columns: × the plain flow laying out the same lines, as rows of the items
        /// transposed (columns of 1000 break where rows of 1000 of those items do), and
        /// its ns per item.
        var vsSameLines: Double? = nil
        var sameLines: Double? = nil
        /// For cases that write the items' sizes: × the plain flow writing the same outputs (the items' sizes
        /// too), and its ns per item.
        var vsSameOutputs: Double? = nil
        var sameOutputs: Double? = nil
    }

    /// A C loop's arguments: the items, the buffers, the grow factors and grown sizes.
    typealias Loop = (Items, OutputBuffers, UnsafeMutablePointer<Float>, UnsafeMutablePointer<Float>) -> Int

    /// A timed case: its name in the table, its key (`lk-bench --profile LEVEL --feature
    /// KEY`), the flow, its proposal, its items' grow factors and rules (nil: none), the
    /// C loop with the feature, and whether the items' own sizes are copied to the result
    /// after the layout (as lk_flow_layout does for a flow whose items do not grow).
    struct Case {
        var name: String
        var key: String
        var parameters: FlowParameters
        var proposal: Proposal
        var grow: [Float]?
        var rules: ItemRuleList? = nil
        var loop: Loop
        var copiesSizes = false
    }

    /// The keys of the cases that are baselines of others, not lines of the table: the
    /// plain flow writing the items' sizes (growing items' outputs) and the plain flow of
    /// the columns' lines (rows of the items transposed).
    static let sameOutputsKey = "plain-sizes", sameLinesKey = "columns-lines"

    /// The cases, in the order they are timed, on `count` items of the `varied` workload.
    /// The last two are the baselines `sameOutputsKey` and `sameLinesKey`.
    static func cases(_ workload: Workload, count: Int) -> [Case] {
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
        let plainLoop = loop(lkb_flow_layout)
        // One line: the plain loop with no limit.
        let nowrapLoop: Loop = { items, b, _, _ in
            lkb_flow_layout(items.count, items.widths.baseAddress, items.heights.baseAddress, .infinity, spacing,
                            lineSpacing, b.x, b.y, b.rowStart, b.rowLength, b.rowY, b.rowWidth, b.rowHeight)
        }
        // The plain C loop, then the items' sizes copied, as the library does.
        let sizesLoop: Loop = { items, b, width, height in
            let rows = plainLoop(items, b, width, height)
            copySizes(items, width, height)
            return rows
        }
        let growLoop: Loop = { items, b, width, height in
            lkb_flow_grow(items.count, items.widths.baseAddress, items.heights.baseAddress, limit, spacing,
                          lineSpacing, b.x, b.y, b.rowStart, b.rowLength, b.rowY, b.rowWidth, b.rowHeight,
                          items.grow?.baseAddress, width, height)
        }
        let rows = Proposal(width: limit, height: nil)
        let heights = workload.heights
        // Items flexing in a container `mainSize` wide, rows breaking at `breaks`.
        func flexLoop(breaks: Float, mainSize: Float) -> Loop {
            { items, b, width, height in
                let rules = items.rules
                return lkb_flow_flex(items.count, items.widths.baseAddress, items.heights.baseAddress, breaks, spacing,
                                     lineSpacing, b.x, b.y, b.rowStart, b.rowLength, b.rowY, b.rowWidth,
                                     b.rowHeight, mainSize, items.grow?.baseAddress, rules?.shrink?.baseAddress,
                                     rules?.maxWidth?.baseAddress, width, height)
            }
        }
        // One line of every item, shrinking to 90% of its length.
        let natural = workload.widths.reduce(0.0) { $0 + Double($1) } + Double(spacing) * Double(max(count - 1, 0))
        let shrinkWidth = Float(natural * 0.9)
        // Every other item grows: all by 1 (the usual case, whose shares take a closed
        // form), or by 1 and 2 in turn (the rule itself, item after item).
        let equal = (0..<count).map { Float($0 % 2) }
        let mixed = (0..<count).map { (i: Int) -> Float in i % 2 == 0 ? 0 : Float(1 + i / 2 % 2) }
        // Every other grower is at its maximum: each row flexes twice.
        let capped = (0..<count).map { (i: Int) -> Float in i % 4 == 1 ? workload.widths[i] : .nan }
        return [
            Case(name: "plain flow", key: "plain", parameters: base, proposal: rows, grow: nil,
                 loop: plainLoop),
            Case(name: "justify space-between", key: "space-between", parameters: with { $0.justify = .spaceBetween },
                 proposal: rows, grow: nil, loop: loop(lkb_flow_space_between)),
            Case(name: "right to left", key: "rtl", parameters: with { $0.direction = .rtl }, proposal: rows,
                 grow: nil, loop: loop(lkb_flow_rtl)),
            Case(name: "reverse", key: "reverse", parameters: with { $0.reverse = true }, proposal: rows,
                 grow: nil, loop: loop(lkb_flow_reverse)),
            Case(name: "wrap-reverse", key: "wrap-reverse", parameters: with { $0.wrapReverse = true }, proposal: rows,
                 grow: nil, loop: loop(lkb_flow_wrap_reverse)),
            Case(name: "vertical (columns of 1000)", key: "columns", parameters: with { $0.axis = .vertical },
                 proposal: Proposal(width: nil, height: limit), grow: nil, loop: loop(lkb_flow_columns)),
            Case(name: "align-content stretch", key: "stretch", parameters: with { $0.alignContent = .stretch },
                 proposal: Proposal(width: limit, height: stretchHeight), grow: nil, loop: stretchLoop),
            Case(name: "nowrap (one line)", key: "nowrap", parameters: with { $0.wrap = .nowrap }, proposal: rows,
                 grow: nil, loop: nowrapLoop),
            Case(name: "balance", key: "balance", parameters: with { $0.wrap = .balance }, proposal: rows,
                 grow: nil, loop: loop(lkb_flow_balance)),
            Case(name: "growing items", key: "grow", parameters: base, proposal: rows, grow: equal, loop: growLoop),
            Case(name: "growing items (1 and 2)", key: "grow-mixed", parameters: base, proposal: rows,
                 grow: mixed, loop: growLoop),
            Case(name: "align-items center", key: "center", parameters: with { $0.alignItems = .center },
                 proposal: rows, grow: nil, loop: loop(lkb_flow_center)),
            Case(name: "align-items stretch", key: "stretch-items", parameters: with { $0.alignItems = .stretch },
                 proposal: rows, grow: nil, rules: ItemRuleList(stretchable: [UInt8](repeating: 1, count: count)),
                 loop: { items, b, width, height in
                     lkb_flow_stretch_items(items.count, items.widths.baseAddress, items.heights.baseAddress, limit,
                                            spacing, lineSpacing, b.x, b.y, b.rowStart, b.rowLength, b.rowY,
                                            b.rowWidth, b.rowHeight, width, height)
                 }),
            Case(name: "baselines", key: "baseline", parameters: with { $0.alignItems = .baseline }, proposal: rows,
                 grow: nil, rules: ItemRuleList(baseline: heights.map { $0 * 0.75 }),
                 loop: { items, b, _, _ in
                     lkb_flow_baselines(items.count, items.widths.baseAddress, items.heights.baseAddress, limit,
                                        spacing, lineSpacing, b.x, b.y, b.rowStart, b.rowLength, b.rowY, b.rowWidth,
                                        b.rowHeight, items.rules?.baseline?.baseAddress)
                 }),
            Case(name: "min and max widths", key: "min-max", parameters: base, proposal: rows, grow: nil,
                 rules: ItemRuleList(minWidth: [Float](repeating: 40, count: count),
                                     maxWidth: [Float](repeating: 160, count: count)),
                 loop: { items, b, width, height in
                     let rules = items.rules
                     return lkb_flow_clamped(items.count, items.widths.baseAddress, items.heights.baseAddress, limit,
                                             spacing, lineSpacing, b.x, b.y, b.rowStart, b.rowLength, b.rowY,
                                             b.rowWidth, b.rowHeight, rules?.minWidth?.baseAddress,
                                             rules?.maxWidth?.baseAddress, width, height)
                 }),
            Case(name: "growing, half at a maximum", key: "grow-max", parameters: base, proposal: rows, grow: equal,
                 rules: ItemRuleList(maxWidth: capped), loop: flexLoop(breaks: limit, mainSize: limit)),
            Case(name: "shrink (one line, to 90%)", key: "shrink", parameters: with { $0.wrap = .nowrap },
                 proposal: Proposal(width: shrinkWidth, height: nil), grow: nil,
                 rules: ItemRuleList(shrink: [Float](repeating: 1, count: count)),
                 loop: flexLoop(breaks: .infinity, mainSize: shrinkWidth)),
            Case(name: "plain flow, item sizes written", key: sameOutputsKey, parameters: base, proposal: rows,
                 grow: nil, loop: sizesLoop, copiesSizes: true),
            Case(name: "plain flow of the columns' lines", key: sameLinesKey, parameters: base, proposal: rows,
                 grow: nil, loop: plainLoop),
        ]
    }

    func run(report: (String) -> Void) throws -> [Line] {
        let workload = Workload.varied(count: count)
        let kernels = ActiveKernel.level.layouts
        var lines: [Line] = []
        let cases = Self.cases(workload, count: count)
        // Each case's grow factors and rules, where they stay put while every case is timed.
        let pinned = cases.map { $0.rules.map(PinnedRules.init) }
        let factors = cases.map { c in
            c.grow.map { grow in
                let buffer = UnsafeMutableBufferPointer<Float>.allocate(capacity: grow.count)
                _ = buffer.initialize(from: grow)
                return buffer
            }
        }
        defer { for buffer in factors { buffer?.deallocate() } }
        let sameOutputs = cases.firstIndex { $0.key == Self.sameOutputsKey }!
        let transposed = cases.firstIndex { $0.key == Self.sameLinesKey }!
        let buffers = OutputBuffers(count: count)
        let itemWidth = UnsafeMutablePointer<Float>.allocate(capacity: count)
        let itemHeight = UnsafeMutablePointer<Float>.allocate(capacity: count)
        defer { itemWidth.deallocate(); itemHeight.deallocate() }
        var output = buffers.output
        output.itemWidth = itemWidth
        output.itemHeight = itemHeight
        // Each case's layout and C loop, checked first, then timed in turn (interleaved).
        var bodies: [() -> Void] = []
        var resizes: [Bool] = []
        try workload.widths.withUnsafeBufferPointer { widths in
            try workload.heights.withUnsafeBufferPointer { heights in
                for (index, c) in cases.enumerated() {
                    report("features, n = \(count.formatted()): \(c.name)")
                    let items = index == transposed ? Items(widths: heights, heights: widths)
                        : Items(widths: widths, heights: heights, grow: factors[index].map { UnsafeBufferPointer($0) },
                                rules: pinned[index]?.rules)
                    let writesSizes = c.copiesSizes || FlowFeatures.writesSizes(items)
                    resizes.append(writesSizes && !c.copiesSizes)
                    var expected = FlowReference.layout(items, c.parameters, c.proposal)
                    if c.copiesSizes { (expected.itemWidth, expected.itemHeight) = (Array(widths), Array(heights)) }
                    let place = {
                        let rows = kernels.place(items, .flow(c.parameters), c.proposal, output).rows
                        if c.copiesSizes { Self.copySizes(items, itemWidth, itemHeight) }
                        return rows
                    }
                    let loop = { c.loop(items, buffers, itemWidth, itemHeight) }
                    for (who, run) in [(ActiveKernel.level.name, place), ("the C loop", loop)] {
                        buffers.poison(rows: expected.rows.count + 1)
                        itemWidth.update(repeating: .nan, count: count)
                        itemHeight.update(repeating: .nan, count: count)
                        try buffers.check("\(who) (\(c.name))", expected: expected, rows: run(), exact: true,
                                          sizes: writesSizes ? (itemWidth, itemHeight) : nil)
                    }
                    bodies += [{ _ = place() }, { _ = loop() }]
                }
                report("features, n = \(count.formatted()): timing every case in turn")
                // Samples of at least 20 ms (about 15 layouts at a million items), so that the
                // first call after another case (its caches, its predictors) weighs little:
                // with 2 ms samples, adding a case changed the others' ratios by 5%.
                let measured = measureInterleaved(items: count, runs: runs, minimumSampleTime: sampleTime, bodies)
                /// The median over the rounds of body a's sample over body b's.
                func ratio(_ a: Int, _ b: Int) -> Double {
                    Measurement(samples: zip(measured[a].samples, measured[b].samples).map { $0 / $1 }).median
                }
                lines = cases.indices.filter { $0 != sameOutputs && $0 != transposed }.map { k in
                    let columns = cases[k].parameters.axis == .vertical
                    let resized = resizes[k]
                    return Line(name: cases[k].name, nanoseconds: measured[2 * k].median, vsPlain: ratio(2 * k, 0),
                                loop: measured[2 * k + 1].median, vsLoop: ratio(2 * k, 2 * k + 1),
                                vsSameLines: columns ? ratio(2 * k, 2 * transposed) : nil,
                                sameLines: columns ? measured[2 * transposed].median : nil,
                                vsSameOutputs: resized ? ratio(2 * k, 2 * sameOutputs) : nil,
                                sameOutputs: resized ? measured[2 * sameOutputs].median : nil)
                }
            }
        }
        return lines
    }

    /// The items' own sizes copied to the result's, as lk_flow_layout writes them for a
    /// flow whose items do not grow.
    static func copySizes(_ items: Items, _ width: UnsafeMutablePointer<Float>, _ height: UnsafeMutablePointer<Float>) {
        guard let widths = items.widths.baseAddress, let heights = items.heights.baseAddress else { return }
        width.update(from: widths, count: items.count)
        height.update(from: heights, count: items.count)
    }

    /// The keys `--profile LEVEL --feature KEY` takes.
    static var keys: [String] { cases(Workload.varied(count: 0), count: 0).map(\.key) }

    /// Lays out case `key` on `count` `varied` items `repetitions` times with `level`, for
    /// a profiler (`valgrind --tool=callgrind`); returns the nanoseconds taken.
    static func profile(_ key: String, level: KernelLevel, count: Int, repetitions: Int) -> Double? {
        let workload = Workload.varied(count: count)
        guard let c = cases(workload, count: count).first(where: { $0.key == key }) else { return nil }
        let buffers = OutputBuffers(count: count)
        var output = buffers.output
        var width = [Float](repeating: 0, count: count), height = width
        return width.withUnsafeMutableBufferPointer { width in
            height.withUnsafeMutableBufferPointer { height in
                output.itemWidth = width.baseAddress
                output.itemHeight = height.baseAddress
                let list = key == sameLinesKey ? ItemList(widths: workload.heights, heights: workload.widths)
                    : ItemList(widths: workload.widths, heights: workload.heights, grow: c.grow, rules: c.rules)
                return list.withItems { items in
                    let start = now()
                    for _ in 0..<repetitions {
                        _ = level.layouts.place(items, .flow(c.parameters), c.proposal, output)
                        if c.copiesSizes { copySizes(items, width.baseAddress!, height.baseAddress!) }
                    }
                    return Double(now() - start)
                }
            }
        }
    }

    func table(_ lines: [Line]) -> String {
        var text = ["", "features: the CSS flow features and item rules at \(count.formatted()) varied items (rows of 1000, gaps 6 and 4; "
                        + "kernel \(ActiveKernel.level.name), one thread; medians of \(runs) rounds of samples of at least "
                        + "\(sampleTime / 1_000_000) ms, each ratio the median of the rounds' ratios)",
                    "  × C loop = the plain C loop with the same feature or rule written in by hand (Benchmarks/Baseline)",
                    pad("layout", 30) + pad("ns/item", 10) + pad("× plain flow", 15) + pad("C loop ns/item", 17)
                        + "× C loop"]
        for line in lines {
            text.append(pad(line.name, 30) + pad(String(format: "%.2f", line.nanoseconds), 10)
                        + pad(String(format: "%.2f", line.vsPlain), 15)
                        + pad(String(format: "%.2f", line.loop), 17) + String(format: "%.2f", line.vsLoop))
            if let ratio = line.vsSameLines, let same = line.sameLines {
                text.append("  " + String(format: "%.2f", ratio) + " × the plain flow of the same lines"
                            + String(format: " (rows of the items transposed, %.2f ns/item)", same))
            }
            if let ratio = line.vsSameOutputs, let same = line.sameOutputs {
                text.append("  " + String(format: "%.2f", ratio) + " × the plain flow writing the same outputs"
                            + String(format: " (its item sizes copied, as lk_flow_layout does; %.2f ns/item)", same))
            }
        }
        return text.joined(separator: "\n")
    }
}
