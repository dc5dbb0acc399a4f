/// The placement of a featured flow (SPEC.md section 11: justification, right to left,
/// reversed lines, wrap-reverse, columns, line distribution, growing items) over the
/// lines the packing produced, written as the spec's steps.
///
/// Lines come from section 2's greedy packing on the items' main sizes (widths for rows,
/// heights for columns), so every kernel level packs them and this one placement
/// finishes them: results are bit-identical at every level by construction.
///
/// Every quantity is computed in `Double` in units of 1/64 px, the browser's lattice:
/// with inputs on the lattice and extents below 2^17 px each value equals the browser's
/// exactly (the fixtures prove it); off the lattice the same formulas apply to real
/// values, with increments rounded to the lattice.
public enum FlowFeatures {

    /// A line: items `start ..< start + count`.
    public struct Line: Equatable, Sendable {
        public var start: Int
        public var count: Int

        @inlinable
        public init(start: Int, count: Int) {
            self.start = start
            self.count = count
        }
    }

    /// The flow's items seen along its main axis: for columns, widths and heights (and
    /// the per-item spacings) trade places, so that packing them as rows gives the columns.
    public static func mainView(_ items: Items, _ axis: Axes) -> Items {
        guard axis == .vertical else { return items }
        return Items(widths: items.heights, heights: items.widths, leading: items.top, trailing: items.bottom,
                     top: items.leading, bottom: items.trailing, flags: items.flags, grow: items.grow)
    }

    /// The main limit (the proposal along the lines) as a packing proposal.
    public static func packingProposal(_ proposal: Proposal, _ axis: Axes) -> Proposal {
        Proposal(width: axis == .vertical ? proposal.height : proposal.width, height: nil)
    }

    /// Lays out a featured flow into `output` (x and y when both are given, the row
    /// table, the grown sizes when items grow), with `lines` breaking the main view's
    /// items into lines for a packing proposal (a kernel level's packing, or the
    /// reference's) and writing each line's first item and length to a row table.
    public static func place(_ items: Items, _ parameters: FlowParameters, _ proposal: Proposal,
                             _ output: LayoutOutput, lines pack: (Items, Proposal, inout RowTableWriter) -> Void)
        -> LayoutOutcome {
        // Room for one line per item, left uninitialised: only the pages of the lines
        // written are touched.
        let n = max(items.count, 1)
        let start = UnsafeMutablePointer<Int64>.allocate(capacity: n), count = UnsafeMutablePointer<Int64>.allocate(capacity: n)
        defer { start.deallocate(); count.deallocate() }
        var table = RowTableWriter(start: start, count: count, y: nil, width: nil, height: nil)
        pack(mainView(items, parameters.axis), packingProposal(proposal, parameters.axis), &table)
        let lines = (0..<table.extent.rows).map { Line(start: Int(start[$0]), count: Int(count[$0])) }
        return write(items, parameters, proposal, lines: lines, output)
    }

    /// Whether a flow of `items` with `parameters` is a featured one (placed here).
    public static func applies(_ parameters: FlowParameters, _ items: Items) -> Bool {
        parameters.hasFeatures || items.grow != nil
    }

    /// Lays out `items` in `lines` (the reference's whole result).
    public static func layout(_ items: Items, _ parameters: FlowParameters, _ proposal: Proposal,
                              lines: [Line]) -> Layout {
        let n = items.count
        var x = [Float](repeating: 0, count: n), y = x, width = x, height = x
        var start = [Int64](repeating: 0, count: lines.count), count = start
        var top = [Double](repeating: 0, count: lines.count)
        var rowWidth = [Float](repeating: 0, count: lines.count), rowHeight = rowWidth
        let outcome = write(items, parameters, proposal, lines: lines, LayoutOutput(
            x: &x, y: &y, rows: RowTableWriter(start: &start, count: &count, y: &top, width: &rowWidth,
                                               height: &rowHeight),
            itemWidth: &width, itemHeight: &height))
        let rows = lines.indices.map {
            Row(start: Int(start[$0]), count: Int(count[$0]), y: top[$0], width: rowWidth[$0], height: rowHeight[$0])
        }
        return Layout(size: outcome.size, x: x, y: y, rows: rows, itemWidth: outcome.sizesWritten ? width : [],
                      itemHeight: outcome.sizesWritten ? height : [])
    }

    /// The placement, written as the spec's steps: lines, the container, items along
    /// their lines (grown, then distributed by `justify`), lines across (distributed by
    /// `alignContent`), items in their line, then physical coordinates (x mirrored right
    /// to left). Writes x and y when the output has both, the row table, and the grown
    /// sizes when items grow.
    /// - Complexity: O(n) time; O(lines + longest line) memory.
    static func write(_ items: Items, _ parameters: FlowParameters, _ proposal: Proposal, lines: [Line],
                      _ output: LayoutOutput) -> LayoutOutcome {
        let vertical = parameters.axis == .vertical
        let view = mainView(items, parameters.axis)
        let main = view.widths, cross = view.heights
        let fixedGap: Double? = if case .fixed(let gap) = parameters.spacing { Double(gap) * 64 } else { nil }
        let rtl = parameters.direction == .rtl
        @inline(__always) func u(_ value: Float) -> Double { Double(value) * 64 }
        @inline(__always) func mainGap(_ a: Int) -> Double {   // between items a and a + 1
            fixedGap ?? u(view.gapX(a, a + 1, parameters.spacing))
        }

        // Lines: main extents (before growing) and cross sizes; gaps between lines.
        let lineCount = lines.count
        var extents = [Double](repeating: 0, count: lineCount)
        var lineSize = [Double](repeating: 0, count: lineCount)
        var lineGaps = [Double](repeating: 0, count: lineCount)
        var lastTallest = 0
        for (k, line) in lines.enumerated() {
            var extent = u(main[line.start]), tallest = line.start
            for i in (line.start + 1)..<(line.start + line.count) {
                extent += mainGap(i - 1)
                extent += u(main[i])
                if cross[i] > cross[tallest] { tallest = i }
            }
            extents[k] = extent
            lineSize[k] = u(cross[tallest])
            if k > 0 { lineGaps[k] = u(view.gapY(lastTallest, tallest, parameters.lineSpacing)) }
            lastTallest = tallest
        }
        let total = lineSize.reduce(0, +) + lineGaps.reduce(0, +)

        // The container.
        let mainLimit = vertical ? proposal.height : proposal.width
        let crossLimit = vertical ? proposal.width : proposal.height
        var mainSize = mainLimit.flatMap { $0.isFinite ? u($0) : nil } ?? (extents.max() ?? 0)
        let definiteCross = parameters.alignContent != nil ? crossLimit.flatMap { $0.isFinite ? u($0) : nil } : nil
        var crossSize = definiteCross ?? total
        if parameters.alignContent == nil, let width = proposal.width, let height = proposal.height {
            let minimum = FlowReference.minSize(items)
            if minimum.width > width && minimum.height > height {
                mainSize = u(vertical ? minimum.height : minimum.width)
                crossSize = u(vertical ? minimum.width : minimum.height)
            }
        }
        let width = vertical ? crossSize : mainSize, height = vertical ? mainSize : crossSize

        // Lines across: distributed over a definite cross size (in frame order: reversed
        // by wrap-reverse), each starting after the ones before it.
        let spread = distribute(definiteCross.map { $0 - total } ?? 0, count: lineCount,
                                parameters.alignContent ?? .start, anchor: 0, reversed: parameters.wrapReverse,
                                lines: true)
        var lineStart = [Double](repeating: 0, count: lineCount)
        var position = 0.0
        for j in 0..<lineCount {
            let k = parameters.wrapReverse ? lineCount - 1 - j : j
            lineSize[k] += spread.growth(j)
            if j > 0 {
                let previous = parameters.wrapReverse ? k + 1 : k - 1
                position += lineSize[previous] + lineGaps[max(previous, k)]
            }
            lineStart[k] = spread.lead + spread.increment(j) + position
        }

        // Items along their lines (grown first), and in their line across.
        let positions = output.x.flatMap { x in output.y.map { (x, $0) } }
        let grow = items.grow
        let mainAnchor = vertical ? parameters.alignment.y : parameters.alignment.x
        let crossAnchor = parameters.wrapReverse ? 1 - (vertical ? parameters.alignment.x : parameters.alignment.y)
                                                 : (vertical ? parameters.alignment.x : parameters.alignment.y)
        var grown: [Double] = []   // the line's grown main sizes
        var rows = output.rows
        for (k, line) in lines.enumerated() {
            let first = line.start, end = line.start + line.count
            var free = mainSize - extents[k], taken = 0.0
            if let grow {
                grown.removeAll(keepingCapacity: true)
                for i in first..<end { grown.append(u(main[i])) }
                taken = Self.grow(first..<end, free, grow, &grown, offset: first)
                free -= taken
                for i in first..<end {
                    let size = Float(grown[i - first] / 64)
                    if vertical { output.itemHeight?[i] = size; output.itemWidth?[i] = cross[i] }
                    else { output.itemWidth?[i] = size; output.itemHeight?[i] = cross[i] }
                }
            }
            var across = lineStart[k]
            if vertical && rtl { across = width - across - lineSize[k] }
            rows.row(k, start: first, count: line.count, y: across / 64,
                     width: Float((extents[k] + taken) / 64), height: Float(lineSize[k] / 64))
            guard let (x, y) = positions else { continue }
            let spots = distribute(free, count: line.count, parameters.justify, anchor: mainAnchor,
                                   reversed: parameters.reverse, lines: false)
            // Subjects in frame order: the line's items, or reversed.
            var position = 0.0   // the sizes and gaps before subject j
            for j in 0..<line.count {
                let i = parameters.reverse ? end - 1 - j : first + j
                let size = grow != nil ? grown[i - first] : u(main[i])
                let along = spots.lead + spots.increment(j) + position
                if j + 1 < line.count { position += size + mainGap(parameters.reverse ? i - 1 : i) }
                let inLine = lineStart[k] + offset(lineSize[k] - u(cross[i]), crossAnchor)
                var left = vertical ? inLine : along
                let top = vertical ? along : inLine
                if rtl { left = width - left - (vertical ? u(cross[i]) : size) }
                x[i] = Float(left / 64)
                y[i] = Float(top / 64)
            }
        }
        return LayoutOutcome(size: Size(width: Float(width / 64), height: Float(height / 64)), rows: lineCount,
                             sizesWritten: grow != nil)
    }

    // MARK: - The rules

    /// Where the subjects of a distribution start: subject k (in frame order) at
    /// `lead + increment(k) + the sizes and gaps before it`; a stretched line grows by
    /// `growth(k)`.
    struct Spots {
        var lead = 0.0
        var free = 0.0
        var divisor = 0.0
        var stretch = false

        func increment(_ k: Int) -> Double {
            divisor == 0 || stretch ? 0 : FlowFeatures.rhu(Double(k) * free, divisor)
        }

        func growth(_ k: Int) -> Double {
            guard stretch else { return 0 }
            return FlowFeatures.rhu(Double(k + 1) * free, divisor) - FlowFeatures.rhu(Double(k) * free, divisor)
        }
    }

    /// The distribution rule for `count` subjects and free space `free` (units; may be
    /// negative). `mode` nil takes start, center or end from `anchor` (0, 0.5, 1; any
    /// other anchor leads by `anchor * free`). `reversed` (reverse, or wrap-reverse for
    /// lines) swaps start and end and makes the flex-start fallbacks pack at the far side.
    static func distribute(_ free: Double, count: Int, _ mode: Distribution?, anchor: Float,
                           reversed: Bool, lines: Bool) -> Spots {
        let flexStart = Spots(lead: reversed ? free : 0)
        switch mode {
        case nil:
            switch anchor {
            case 0: return distribute(free, count: count, .start, anchor: 0, reversed: reversed, lines: lines)
            case 0.5: return distribute(free, count: count, .center, anchor: 0, reversed: reversed, lines: lines)
            case 1: return distribute(free, count: count, .end, anchor: 0, reversed: reversed, lines: lines)
            default: return Spots(lead: Double(reversed ? 1 - anchor : anchor) * free)
            }
        case .start:
            return flexStart
        case .end:
            return Spots(lead: reversed ? 0 : free)
        case .center:
            return Spots(lead: (free / 2).rounded(.towardZero))
        case .spaceBetween:
            guard count >= 2 && free > 0 else { return flexStart }
            return Spots(lead: 0, free: free, divisor: Double(count - 1))
        case .spaceAround:
            guard free > 0 else { return Spots() }
            return Spots(lead: (free / Double(2 * count)).rounded(.down), free: free, divisor: Double(count))
        case .spaceEvenly:
            guard free > 0 else { return Spots() }
            return Spots(lead: (free / Double(count + 1)).rounded(.down), free: free, divisor: Double(count + 1))
        case .stretch:
            guard lines, free > 0, count >= 1 else { return flexStart }
            return Spots(lead: 0, free: free, divisor: Double(count), stretch: true)
        }
    }

    /// An item's offset in its line across: `f` free, `anchor` 0 (start), 1 (end),
    /// 0.5 (centred, truncated to the lattice) or any other fraction of `f`.
    static func offset(_ free: Double, _ anchor: Float) -> Double {
        switch anchor {
        case 0: return 0
        case 1: return free
        case 0.5: return (free / 2).rounded(.towardZero)
        default: return Double(anchor) * free
        }
    }

    /// Round half up of `a / b` (b > 0): `floor((2a + b) / 2b)`.
    static func rhu(_ a: Double, _ b: Double) -> Double {
        ((2 * a + b) / (2 * b)).rounded(.down)
    }

    /// Grows the items of a line with free space `free` (units) in proportion to their
    /// factors: from the last item to the first, each factor `g > 0` takes
    /// `round(R * (g / G))` (half away from zero) of what remains, `R` being the free
    /// space (or `floor(free * G)` when the factors sum to `G < 1`). `sizes[i - offset]`
    /// is item i's main size. Returns the space taken. Nothing grows when `free <= 0` or
    /// every factor is 0.
    static func grow(_ items: Range<Int>, _ free: Double, _ factors: UnsafeBufferPointer<Float>,
                     _ sizes: inout [Double], offset: Int) -> Double {
        var sum = 0.0
        for i in items { sum += Double(factors[i]) }
        guard free > 0, sum > 0 else { return 0 }
        var remaining = sum < 1 ? (free * sum).rounded(.down) : free
        let taken = remaining
        for i in items.reversed() where factors[i] > 0 {
            let g = Double(factors[i])
            let share = (remaining * (g / sum)).rounded(.toNearestOrAwayFromZero)
            sizes[i - offset] += share
            remaining -= share
            sum -= g
        }
        return taken - remaining
    }
}
