/// The placement of a featured flow (lk_flow_layout's "Features" in layoutkernel.h:
/// justification, right to left, reversed lines, wrap-reverse, columns, line
/// distribution, growing items) over the lines the packing produced, written as the
/// rules' steps.
///
/// Lines come from the plain flow's greedy packing on the items' main sizes (widths for
/// rows, heights for columns), so every kernel level packs them and this one placement
/// finishes them: results are bit-identical at every level by construction.
///
/// The packing gives each line's extent and each item's offset in its line (the plain
/// flow's `Float` sums); every rule's amount is then computed in `Double` in units of 1/64 px,
/// the browser's lattice, and each coordinate rounded to `Float` once. With inputs on
/// the lattice and extents below 2^17 px every value equals the browser's exactly (the
/// fixtures prove it); off the lattice the same formulas apply to real values, with
/// increments rounded to the lattice.
public enum FlowFeatures {

    /// A line as the plain flow's packing closes it: items `start ..< start + count`, its
    /// extent along (the items' own sizes and the gaps, summed in `Float`) and its
    /// tallest item across.
    public struct Line: Equatable, Sendable {
        public var start: Int
        public var count: Int
        public var extent: Float
        public var size: Float

        @inlinable
        public init(start: Int, count: Int, extent: Float, size: Float) {
            self.start = start
            self.count = count
            self.extent = extent
            self.size = size
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

    /// The packing a featured flow builds on: the plain flow's greedy packing of the main
    /// view's items for a packing proposal, each line's first item, length, extent
    /// (`Float` sums) and tallest item to the row table, and each item's offset in its
    /// line (the same sums) to `offsets` when given.
    public typealias Pack = (Items, Proposal, inout RowTableWriter, UnsafeMutablePointer<Float>?) -> Void

    /// Lays out a featured flow into `output` (x and y when both are given, the row
    /// table, the grown sizes when items grow) over the lines `pack` makes (a kernel
    /// level's packing, or the reference's).
    public static func place(_ items: Items, _ parameters: FlowParameters, _ proposal: Proposal,
                             _ output: LayoutOutput, lines pack: Pack) -> LayoutOutcome {
        // Room for one line per item, left uninitialised: only the pages of the lines
        // written are touched.
        let n = max(items.count, 1)
        let start = UnsafeMutablePointer<Int64>.allocate(capacity: n), count = UnsafeMutablePointer<Int64>.allocate(capacity: n)
        let extent = UnsafeMutablePointer<Float>.allocate(capacity: n), size = UnsafeMutablePointer<Float>.allocate(capacity: n)
        defer { start.deallocate(); count.deallocate(); extent.deallocate(); size.deallocate() }
        var table = RowTableWriter(start: start, count: count, y: nil, width: extent, height: size)
        // The offsets along the lines go where each item's coordinate along them will be
        // written (each read before it is overwritten).
        let offsets = output.x != nil && output.y != nil ? (parameters.axis == .vertical ? output.y : output.x) : nil
        pack(mainView(items, parameters.axis), packingProposal(proposal, parameters.axis), &table, offsets)
        let lines = (0..<table.extent.rows).map {
            Line(start: Int(start[$0]), count: Int(count[$0]), extent: extent[$0], size: size[$0])
        }
        return write(items, parameters, proposal, lines: lines, offsets: offsets, output)
    }

    /// Whether a flow of `items` with `parameters` is a featured one (placed here).
    public static func applies(_ parameters: FlowParameters, _ items: Items) -> Bool {
        parameters.hasFeatures || items.grow != nil
    }

    /// The reference's whole result: lines and offsets from `FlowReference`'s packing.
    public static func layout(_ items: Items, _ parameters: FlowParameters, _ proposal: Proposal) -> Layout {
        let n = items.count, room = max(n, 1)
        let x = UnsafeMutablePointer<Float>.allocate(capacity: room), y = UnsafeMutablePointer<Float>.allocate(capacity: room)
        let width = UnsafeMutablePointer<Float>.allocate(capacity: room)
        let height = UnsafeMutablePointer<Float>.allocate(capacity: room)
        let start = UnsafeMutablePointer<Int64>.allocate(capacity: room)
        let count = UnsafeMutablePointer<Int64>.allocate(capacity: room)
        let top = UnsafeMutablePointer<Double>.allocate(capacity: room)
        let rowWidth = UnsafeMutablePointer<Float>.allocate(capacity: room)
        let rowHeight = UnsafeMutablePointer<Float>.allocate(capacity: room)
        defer {
            x.deallocate(); y.deallocate(); width.deallocate(); height.deallocate(); start.deallocate()
            count.deallocate(); top.deallocate(); rowWidth.deallocate(); rowHeight.deallocate()
        }
        let outcome = place(items, parameters, proposal, LayoutOutput(
            x: x, y: y, rows: RowTableWriter(start: start, count: count, y: top, width: rowWidth, height: rowHeight),
            itemWidth: width, itemHeight: height)) { items, proposal, table, offsets in
            FlowReference.packAll(items, parameters, FlowReference.rowLimit(proposal), offsets: offsets, into: &table)
        }
        let rows = (0..<outcome.rows).map {
            Row(start: Int(start[$0]), count: Int(count[$0]), y: top[$0], width: rowWidth[$0], height: rowHeight[$0])
        }
        func array(_ values: UnsafeMutablePointer<Float>) -> [Float] { Array(UnsafeBufferPointer(start: values, count: n)) }
        return Layout(size: outcome.size, x: array(x), y: array(y), rows: rows,
                      itemWidth: outcome.sizesWritten ? array(width) : [], itemHeight: outcome.sizesWritten ? array(height) : [])
    }

    /// The placement, written as the spec's steps: the container, lines across
    /// (distributed by `alignContent`), items along their lines (grown, then distributed
    /// by `justify`), items in their line, then physical coordinates (x mirrored right to
    /// left). An item's place along its line is its offset there (the plain flow's sums, in
    /// `offsets`), moved by the lead, its increment and the growth of the items before
    /// it; in a reversed line, the line's extent less its offset and size. Writes x and
    /// y when the output has both (then `offsets` is the output's coordinate along the
    /// lines), the row table, and the grown sizes when items grow.
    /// - Complexity: O(n) time; O(lines + longest line) memory.
    static func write(_ items: Items, _ parameters: FlowParameters, _ proposal: Proposal, lines: [Line],
                      offsets: UnsafeMutablePointer<Float>?, _ output: LayoutOutput) -> LayoutOutcome {
        let vertical = parameters.axis == .vertical
        let view = mainView(items, parameters.axis)
        let main = view.widths, cross = view.heights
        let rtl = parameters.direction == .rtl
        @inline(__always) func u(_ value: Float) -> Double { Double(value) * 64 }

        // Lines: extents along (before growing) and sizes across; gaps between lines
        // (with per-item spacing, between the lines' tallest items).
        let lineCount = lines.count
        let extents = lines.map { u($0.extent) }
        var lineSize = lines.map { u($0.size) }
        var lineGaps = [Double](repeating: 0, count: lineCount)
        switch parameters.lineSpacing {
        case .fixed(let gap):
            for k in lineGaps.indices.dropFirst() { lineGaps[k] = u(gap) }
        case .perItem:
            var lastTallest = 0
            for (k, line) in lines.enumerated() {
                var tallest = line.start
                for i in line.start..<(line.start + line.count) where cross[i] > cross[tallest] { tallest = i }
                if k > 0 { lineGaps[k] = u(view.gapY(lastTallest, tallest, .perItem)) }
                lastTallest = tallest
            }
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
        let positions = offsets.flatMap { offsets in output.x.flatMap { x in output.y.map { (offsets, x, $0) } } }
        let grow = items.grow
        let mainAnchor = vertical ? parameters.alignment.y : parameters.alignment.x
        let crossAnchor = parameters.wrapReverse ? 1 - (vertical ? parameters.alignment.x : parameters.alignment.y)
                                                 : (vertical ? parameters.alignment.x : parameters.alignment.y)
        let within = Offset(crossAnchor)
        var grown: [Double] = []    // the line's grown main sizes
        var before: [Double] = []   // the growth of the line's items before each, and in all
        var rows = output.rows
        for (k, line) in lines.enumerated() {
            let first = line.start, end = line.start + line.count
            var free = mainSize - extents[k], taken = 0.0
            if let grow {
                grown.removeAll(keepingCapacity: true)
                before.removeAll(keepingCapacity: true)
                for i in first..<end { grown.append(u(main[i])) }
                taken = Self.grow(first..<end, free, grow, &grown, offset: first)
                free -= taken
                var growth = 0.0
                for i in first..<end {
                    before.append(growth)
                    growth += grown[i - first] - u(main[i])
                    let size = Float(grown[i - first] / 64)
                    if vertical { output.itemHeight?[i] = size; output.itemWidth?[i] = cross[i] }
                    else { output.itemWidth?[i] = size; output.itemHeight?[i] = cross[i] }
                }
                before.append(growth)
            }
            let across = lineStart[k], size = lineSize[k]
            rows.row(k, start: first, count: line.count, y: (vertical && rtl ? width - across - size : across) / 64,
                     width: Float((extents[k] + taken) / 64), height: Float(size / 64))
            guard let (offsets, x, y) = positions else { continue }
            let spots = distribute(free, count: line.count, parameters.justify, anchor: mainAnchor,
                                   reversed: parameters.reverse, lines: false)
            let extent = extents[k] + taken
            // Subject j (in frame order: the line's items, or reversed) is item i.
            for j in 0..<line.count {
                let i = parameters.reverse ? end - 1 - j : first + j
                let length = grow != nil ? grown[i - first] : u(main[i])
                let offset = u(offsets[i]) + (grow != nil ? before[i - first] : 0)
                let lead = spots.lead + (spots.increments ? spots.increment(j) : 0)
                let along = parameters.reverse ? lead + (extent - offset - length) : lead + offset
                let breadth = u(cross[i])
                let inLine = across + within.of(size - breadth)
                if vertical {
                    x[i] = Float((rtl ? width - inLine - breadth : inLine) / 64)
                    y[i] = Float(along / 64)
                } else {
                    x[i] = Float((rtl ? width - along - length : along) / 64)
                    y[i] = Float(inLine / 64)
                }
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

        /// Whether subjects move by more than the lead (space-between, -around, -evenly).
        var increments: Bool { divisor != 0 && !stretch }

        func increment(_ k: Int) -> Double {
            increments ? FlowFeatures.rhu(Double(k) * free, divisor) : 0
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
    struct Offset {
        let anchor: Double
        let centred: Bool

        init(_ anchor: Float) {
            self.anchor = Double(anchor)
            centred = anchor == 0.5
        }

        @inline(__always)
        func of(_ free: Double) -> Double {
            centred ? (free / 2).rounded(.towardZero) : anchor * free
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
            // The factors left sum to at least g; in double, a factor far smaller than
            // the others vanishes from the sum (2^60 + 1 == 2^60), which then reaches 0
            // (or drops below g) before the last factor: that one takes what remains.
            // Never more than remains: off the lattice (free space a fraction of a unit)
            // a share rounded up would give away more than the free space and leave a
            // negative remainder to the next item, shrinking it. On the lattice every
            // share is at most the remainder already.
            let share = min((remaining * (sum > g ? g / sum : 1)).rounded(.toNearestOrAwayFromZero), remaining)
            sizes[i - offset] += share
            remaining -= share
            sum -= g
        }
        return taken - remaining
    }
}
