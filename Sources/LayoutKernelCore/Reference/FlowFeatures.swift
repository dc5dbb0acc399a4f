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
                     top: items.leading, bottom: items.trailing, flags: items.flags)
    }

    /// The main limit (the proposal along the lines) as a packing proposal.
    public static func packingProposal(_ proposal: Proposal, _ axis: Axes) -> Proposal {
        Proposal(width: axis == .vertical ? proposal.height : proposal.width, height: nil)
    }

    /// Lays out a featured flow into `output` (x and y when both are given, the row
    /// table), with `lines` breaking the main view's items into lines for a packing
    /// proposal (a kernel level's packing, or the reference's).
    public static func place(_ items: Items, _ parameters: FlowParameters, _ proposal: Proposal,
                             _ output: LayoutOutput, lines: (Items, Proposal) -> [Line]) -> LayoutOutcome {
        let result = layout(items, parameters, proposal,
                            lines: lines(mainView(items, parameters.axis), packingProposal(proposal, parameters.axis)))
        if let x = output.x, let y = output.y {
            for i in 0..<items.count {
                x[i] = result.x[i]
                y[i] = result.y[i]
            }
        }
        var rows = output.rows
        for (r, row) in result.rows.enumerated() {
            rows.row(r, start: row.start, count: row.count, y: row.y, width: row.width, height: row.height)
        }
        return LayoutOutcome(size: result.size, rows: result.rows.count)
    }

    /// Lays out `items` in `lines`. `grow` holds per-item grow factors, if any.
    public static func layout(_ items: Items, _ parameters: FlowParameters, _ proposal: Proposal,
                              lines: [Line], grow: UnsafeBufferPointer<Float>? = nil) -> Layout {
        let vertical = parameters.axis == .vertical
        let view = mainView(items, parameters.axis)
        let main = view.widths, cross = view.heights
        let n = items.count
        func u(_ value: Float) -> Double { Double(value) * 64 }
        func mainGap(_ a: Int, _ b: Int) -> Double { u(view.gapX(a, b, parameters.spacing)) }

        // Lines: main extents (before growing) and cross sizes; gaps between lines.
        var extents = [Double](repeating: 0, count: lines.count)
        var crossSizes = [Double](repeating: 0, count: lines.count)
        var lineGaps = [Double](repeating: 0, count: lines.count)
        var lastTallest = 0
        for (k, line) in lines.enumerated() {
            var extent = 0.0, tallest = line.start
            for i in line.start..<(line.start + line.count) {
                if i > line.start { extent += mainGap(i - 1, i) }
                extent += u(main[i])
                if cross[i] > cross[tallest] { tallest = i }
            }
            extents[k] = extent
            crossSizes[k] = u(cross[tallest])
            if k > 0 { lineGaps[k] = u(view.gapY(lastTallest, tallest, parameters.lineSpacing)) }
            lastTallest = tallest
        }
        let total = crossSizes.reduce(0, +) + lineGaps.reduce(0, +)

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

        // Items along their lines: grown sizes, then positions in the frame.
        var sizes = (0..<n).map { u(main[$0]) }
        var along = [Double](repeating: 0, count: n)
        let mainAnchor = vertical ? parameters.alignment.y : parameters.alignment.x
        for (k, line) in lines.enumerated() {
            let items = line.start..<(line.start + line.count)
            var free = mainSize - extents[k]
            if let grow { free -= Self.grow(items, free, grow, &sizes) }
            let order = parameters.reverse ? Array(items.reversed()) : Array(items)
            let spots = distribute(free, count: order.count, parameters.justify, anchor: mainAnchor,
                                   reversed: parameters.reverse, lines: false)
            var position = 0.0
            for (j, i) in order.enumerated() {
                if j > 0 {
                    let previous = order[j - 1]
                    position += sizes[previous] + mainGap(min(previous, i), max(previous, i))
                }
                along[i] = spots.lead + spots.increment(j) + position
            }
        }

        // Lines across: distributed over a definite cross size, then items in their line.
        let lineOrder = parameters.wrapReverse ? Array((0..<lines.count).reversed()) : Array(0..<lines.count)
        let spread = distribute(definiteCross.map { $0 - total } ?? 0, count: lines.count,
                                parameters.alignContent ?? .start, anchor: 0, reversed: parameters.wrapReverse,
                                lines: true)
        var lineStart = [Double](repeating: 0, count: lines.count)
        var lineSize = crossSizes
        var position = 0.0
        for (j, k) in lineOrder.enumerated() {
            lineSize[k] += spread.growth(j)
            if j > 0 {
                let previous = lineOrder[j - 1]
                position += lineSize[previous] + lineGaps[max(previous, k)]
            }
            lineStart[k] = spread.lead + spread.increment(j) + position
        }
        var crossAnchor = vertical ? parameters.alignment.x : parameters.alignment.y
        if parameters.wrapReverse { crossAnchor = 1 - crossAnchor }
        var across = [Double](repeating: 0, count: n)
        for (k, line) in lines.enumerated() {
            for i in line.start..<(line.start + line.count) {
                across[i] = lineStart[k] + offset(lineSize[k] - u(cross[i]), crossAnchor)
            }
        }

        // Physical coordinates: x mirrored right to left.
        let width = vertical ? crossSize : mainSize, height = vertical ? mainSize : crossSize
        var x = [Float](repeating: 0, count: n), y = x
        for i in 0..<n {
            var left = vertical ? across[i] : along[i]
            let top = vertical ? along[i] : across[i]
            let itemWidth = vertical ? u(cross[i]) : sizes[i]
            if parameters.direction == .rtl { left = width - left - itemWidth }
            x[i] = Float(left / 64)
            y[i] = Float(top / 64)
        }
        let rows = lines.enumerated().map { k, line -> Row in
            let items = line.start..<(line.start + line.count)
            let extent = extents[k] + items.reduce(0) { $0 + sizes[$1] - u(main[$1]) }
            var start = lineStart[k]
            if vertical && parameters.direction == .rtl { start = width - start - lineSize[k] }
            return Row(start: line.start, count: line.count, y: start / 64, width: Float(extent / 64),
                       height: Float(lineSize[k] / 64))
        }
        let grown = grow != nil ? sizes.map { Float($0 / 64) } : []
        let crossOwn = grow != nil ? (0..<n).map { cross[$0] } : []
        return Layout(size: Size(width: Float(width / 64), height: Float(height / 64)), x: x, y: y, rows: rows,
                      itemWidth: vertical ? crossOwn : grown, itemHeight: vertical ? grown : crossOwn)
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
    /// space (or `floor(free * G)` when the factors sum to `G < 1`). Returns the space
    /// taken. Nothing grows when `free <= 0` or every factor is 0.
    static func grow(_ items: Range<Int>, _ free: Double, _ factors: UnsafeBufferPointer<Float>,
                     _ sizes: inout [Double]) -> Double {
        var sum = 0.0
        for i in items { sum += Double(factors[i]) }
        guard free > 0, sum > 0 else { return 0 }
        var remaining = sum < 1 ? (free * sum).rounded(.down) : free
        let taken = remaining
        for i in items.reversed() where factors[i] > 0 {
            let g = Double(factors[i])
            let share = (remaining * (g / sum)).rounded(.toNearestOrAwayFromZero)
            sizes[i] += share
            remaining -= share
            sum -= g
        }
        return taken - remaining
    }
}
