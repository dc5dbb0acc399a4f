import LayoutKernelCore

/// The lines of a featured flow spread over a definite size across (`alignContent`
/// with a finite proposal across), once the one pass has packed them, placed their
/// items along them and written their rows (`FeatureRows.place`): the lines across as
/// `FlowFeatures.Frame` finds them, each row moved and resized in the table, and its
/// items placed across it.
///
/// Bit-identical to the frame: the same distribution (`FlowFeatures.distribute`), each
/// line's size and start summed in frame order by the frame's own expressions, from the
/// sizes the table holds (each `Float(size / 64)`, which holds the size exactly); the
/// distribution's steps rhu(j F / d) found one line after another in integers where
/// that gives the same values (`RhuSteps`).
enum LineSpread {

    /// Whether `table` holds what `place` reads: each row's first item, length and size.
    @inline(__always)
    static func canRead(_ table: RowTableWriter) -> Bool {
        table.start != nil && table.count != nil && table.height != nil
    }

    /// Spreads `lines` lines, `total` across with their gaps (units, as `LinesSoFar`
    /// sums them), over `crossSize` units; `lineGap` between lines (units). Items go to
    /// `out` from their sizes across `cross`.
    /// - Complexity: O(n): a few operations per line, its items 16 a step.
    @inline(never)
    static func place(_ table: RowTableWriter, lines: Int, total: Double, crossSize: Double, lineGap: Double,
                      _ parameters: FlowParameters, cross: UnsafePointer<Float>, out: UnsafeMutablePointer<Float>,
                      itemCount: Int) {
        guard let start = table.start, let count = table.count, let height = table.height else { return }
        let reversed = parameters.wrapReverse
        let spread = FlowFeatures.FreeSpaceRule.lines(parameters).spots(free: crossSize - total, count: lines)
        let within = FlowFeatures.Offset(itemsOf: parameters)
        let divides = spread.stretch || spread.increments
        let steps = divides ? RhuSteps(free: spread.free, divisor: spread.divisor, steps: lines) : nil
        if let top = table.y, !within.centred && within.anchor == 0, !divides || steps != nil {
            return placeFlat(lines, start, count, height, top, spread, steps ?? RhuSteps(), lineGap: lineGap,
                             out: out, itemCount: itemCount, reversed: reversed)
        }
        var placed = LinesSoFar(gap: lineGap)
        var stepping = steps
        for j in 0..<lines {
            let k = reversed ? lines &- 1 &- j : j
            var before = 0.0, after = 0.0
            if var step = stepping {
                before = Double(step.value)
                step.next()
                after = Double(step.value)
                stepping = step
            } else if divides {
                before = FlowFeatures.rhu(Double(j) * spread.free, spread.divisor)
                after = FlowFeatures.rhu(Double(j + 1) * spread.free, spread.divisor)
            }
            // A stretched line grows by the difference; a spaced one moves by the first.
            let size = Double(height[k]) * 64 + (spread.stretch ? after - before : 0)
            placed.add(size, gap: lineGap)
            let across = spread.start(increment: spread.increments ? before : 0, after: placed.position)
            table.y?[k] = across / 64
            height[k] = Float(size / 64)
            let first = Int(start[k]), end = Int(start[k] &+ count[k])
            let line = FeaturePlacement.Across(first: first, end: end, out: out, cross: cross, itemCount: itemCount,
                                               across: across, size: size, within: within, mirror: false, width: 0)
            // Lines in frame order: reversed, from the line's end (the line after it is
            // placed already, the one before it not yet).
            if reversed { line.placeFromEnd() } else { line.place() }
        }
    }

    /// `place` for items at the start of their lines across (one value a line), every
    /// table column given, the distribution's steps in integers (`steps`; any, when the
    /// distribution has none): the same sums (`FlatLines`). Lines whose 16-lane stores
    /// all lie within the items (all but the few at the items' start or end) take a loop
    /// with no partial store, so that nothing in it calls out and its values stay in
    /// registers.
    /// - Complexity: O(lines + n / 16).
    @inline(__always)
    static func placeFlat(_ lines: Int, _ start: UnsafeMutablePointer<Int64>, _ count: UnsafeMutablePointer<Int64>,
                          _ height: UnsafeMutablePointer<Float>, _ top: UnsafeMutablePointer<Double>,
                          _ spread: FlowFeatures.Spots, _ steps: RhuSteps, lineGap: Double,
                          out: UnsafeMutablePointer<Float>, itemCount: Int, reversed: Bool) {
        func run<Reversed: Flag, Grows: Flag, Moves: Flag>(_ order: Reversed.Type, _: Grows.Type, _: Moves.Type) {
            var walk = FlatLines<Grows, Moves>(spread, steps, lineGap: lineGap, height: height, top: top)
            var j = walk.placeWhole(order, lines, start, count, out: out, itemCount: itemCount)
            while j < lines {
                let k = Reversed.on ? lines &- 1 &- j : j
                let first = Int(start[k]), end = first &+ Int(count[k])
                let value = walk.next(k)
                if Reversed.on {
                    forEachLaneStepBack(first, end) { i, count in value.store(to: out + i, count: count) }
                } else {
                    forEachLaneStep(first, end, itemCount: itemCount) { i, count in value.store(to: out + i, count: count) }
                }
                j &+= 1
            }
        }
        func run<Reversed: Flag>(_ order: Reversed.Type) {
            // A stretch has no increments.
            if spread.stretch { run(order, Yes.self, No.self) } else if spread.increments {
                run(order, No.self, Yes.self)
            } else {
                run(order, No.self, No.self)
            }
        }
        if reversed { run(Yes.self) } else { run(No.self) }
    }
}

/// The lines of `LineSpread.placeFlat`, one after another in frame order: each line's
/// place across and grown size by the frame's sums (`LinesSoFar`, `Spots.start`).
/// `Grows`, `Moves`: whether the distribution grows lines (stretch) and moves them by its
/// steps (the spaced ones); the frame adds +0 for what it does not do, and so does this.
struct FlatLines<Grows: Flag, Moves: Flag> {
    var steps: RhuSteps
    var placed: LinesSoFar
    let spread: FlowFeatures.Spots, lineGap: Double
    let height: UnsafeMutablePointer<Float>, top: UnsafeMutablePointer<Double>

    @inline(__always)
    init(_ spread: FlowFeatures.Spots, _ steps: RhuSteps, lineGap: Double, height: UnsafeMutablePointer<Float>,
         top: UnsafeMutablePointer<Double>) {
        self.steps = steps
        placed = LinesSoFar(gap: lineGap)
        self.spread = spread
        self.lineGap = lineGap
        self.height = height
        self.top = top
    }

    /// Places lines in frame order from the first while their 16-lane stores lie within
    /// the items (lanes past a line belong to later lines, lanes before a reversed line
    /// to lines placed after it: all but the few lines at the items' start or end);
    /// returns how many. Out of line and without a call, so that its values stay in
    /// registers; each line's first item (or, reversed, its end) is the last one's end
    /// (first).
    @inline(never)
    mutating func placeWhole<Reversed: Flag>(_: Reversed.Type, _ lines: Int, _ start: UnsafeMutablePointer<Int64>,
                                             _ count: UnsafeMutablePointer<Int64>, out: UnsafeMutablePointer<Float>,
                                             itemCount: Int) -> Int {
        guard lines > 0 else { return 0 }
        var walk = self
        defer { self = walk }
        var j = 0
        // Reversed: the end of the line placed next; else its first item.
        var edge = Reversed.on ? Int(start[lines &- 1] &+ count[lines &- 1]) : Int(start[0])
        while j < lines {
            let k = Reversed.on ? lines &- 1 &- j : j
            let length = Int(count[k])
            let (first, end) = Reversed.on ? (edge &- length, edge) : (edge, edge &+ length)
            guard Reversed.on ? first >= laneCount : end &+ laneCount <= itemCount else { break }
            let value = walk.next(k)
            if Reversed.on {
                var e = end
                repeat {
                    UnsafeMutableRawPointer(out + (e &- laneCount)).storeBytes(of: value, as: Lanes.self)
                    e &-= laneCount
                } while e > first
                edge = first
            } else {
                var i = first
                repeat {
                    UnsafeMutableRawPointer(out + i).storeBytes(of: value, as: Lanes.self)
                    i &+= laneCount
                } while i < end
                edge = end
            }
            j &+= 1
        }
        return j
    }

    /// The next line, row `k` of the table: its top and size written there; returns its
    /// items' place across (px, 16 lanes). A line grows by rhu((j + 1) F / d) - rhu(j F /
    /// d), found as the difference of the integer steps (both whole numbers below 2^52,
    /// so the `Double` difference the frame takes is that).
    @inline(__always)
    mutating func next(_ k: Int) -> Lanes {
        let before = steps.value
        if Grows.on || Moves.on { steps.next() }
        let size = Double(height[k]) * 64 + (Grows.on ? Double(steps.value &- before) : 0)
        placed.add(size, gap: lineGap)
        let across = spread.start(increment: Moves.on ? Double(before) : 0, after: placed.position)
        top[k] = across / 64
        height[k] = Float(size / 64)
        return Lanes(repeating: Float(across / 64))
    }
}

/// rhu(j F / d) = floor((2 j F + d) / 2d) for j = 0, 1, 2, ..., one step at a time in
/// integers: 2F = a (2d) + b, so each step adds a, and one more each time the remainder
/// passes 2d. For F a whole number > 0 and 2 j F + d below 2^52 for every j reached,
/// these are `FlowFeatures.rhu`'s `Double` values exactly (its quotient is then within
/// less than 1/2d of the exact one, which is either whole or at least 1/2d below the
/// next whole number).
struct RhuSteps {
    private(set) var value: Int64 = 0
    private var remainder: Int64 = 0
    private var whole: Int64 = 0, part: Int64 = 0, modulus: Int64 = 1

    /// No steps: every value 0.
    init() {}

    /// The steps for free space `free` and divisor `divisor`, good for `steps` steps;
    /// nil when the integers would not give `FlowFeatures.rhu`'s values.
    init?(free: Double, divisor: Double, steps: Int) {
        guard free > 0, free == free.rounded(.towardZero), divisor >= 1, divisor == divisor.rounded(.towardZero),
              2 * free * Double(steps + 1) + divisor < 4_503_599_627_370_496 else { return nil }
        let f = Int64(free), d = Int64(divisor)
        modulus = 2 &* d
        whole = (2 &* f) / modulus
        part = (2 &* f) % modulus
        remainder = d
    }

    /// From rhu(j F / d) to rhu((j + 1) F / d).
    @inline(__always)
    mutating func next() {
        value &+= whole
        remainder &+= part
        if remainder >= modulus {
            value &+= 1
            remainder &-= modulus
        }
    }
}
