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
        let vertical = parameters.axis == .vertical
        let reversed = parameters.wrapReverse
        let spread = FlowFeatures.distribute(crossSize - total, count: lines, parameters.alignContent ?? .start,
                                             anchor: 0, reversed: reversed, lines: true)
        let crossAnchor = vertical ? parameters.alignment.x : parameters.alignment.y
        let within = FlowFeatures.Offset(reversed ? 1 - crossAnchor : crossAnchor)
        let divides = spread.stretch || spread.increments
        let steps = divides ? RhuSteps(free: spread.free, divisor: spread.divisor, steps: lines) : nil
        if let top = table.y, !within.centred && within.anchor == 0, !divides || steps != nil {
            return placeFlat(lines, start, count, height, top, spread, steps ?? RhuSteps(), lineGap: lineGap,
                             out: out, itemCount: itemCount, reversed: reversed)
        }
        var position = 0.0, previousSize = 0.0
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
            if j > 0 { position += previousSize + lineGap }
            let across = spread.lead + (spread.increments ? before : 0) + position
            table.y?[k] = across / 64
            height[k] = Float(size / 64)
            let first = Int(start[k]), end = Int(start[k] &+ count[k])
            let line = FeaturePlacement.Across(first: first, end: end, out: out, cross: cross, itemCount: itemCount,
                                               across: across, size: size, within: within, mirror: false, width: 0)
            // Lines in frame order: reversed, from the line's end (the line after it is
            // placed already, the one before it not yet).
            if reversed { line.placeFromEnd() } else { line.place() }
            previousSize = size
        }
    }

    /// `place` for items at the start of their lines across (one value a line), every
    /// table column given, the distribution's steps in integers (`steps`; any, when the
    /// distribution has none): the same sums, with the first line's condition folded
    /// into the start (0 + (-gap + gap) is +0, as the frame's first position).
    /// - Complexity: O(lines + n / 16).
    @inline(__always)
    static func placeFlat(_ lines: Int, _ start: UnsafeMutablePointer<Int64>, _ count: UnsafeMutablePointer<Int64>,
                          _ height: UnsafeMutablePointer<Float>, _ top: UnsafeMutablePointer<Double>,
                          _ spread: FlowFeatures.Spots, _ steps: RhuSteps, lineGap: Double,
                          out: UnsafeMutablePointer<Float>, itemCount: Int, reversed: Bool) {
        func run<Reversed: Flag>(_: Reversed.Type) {
            var steps = steps
            // 0 or 1: a line's growth and its move, each 0 unless its distribution has them.
            let grows = spread.stretch ? 1.0 : 0, moves = spread.increments ? 1.0 : 0, lead = spread.lead
            var position = 0.0, previousSize = -lineGap
            for j in 0..<lines {
                let k = Reversed.on ? lines &- 1 &- j : j
                let before = Double(steps.value)
                steps.next()
                let size = Double(height[k]) * 64 + grows * (Double(steps.value) - before)
                position += previousSize + lineGap
                let across = lead + moves * before + position
                top[k] = across / 64
                height[k] = Float(size / 64)
                let first = Int(start[k]), end = first &+ Int(count[k])
                let value = Lanes(repeating: Float(across / 64))
                if Reversed.on {
                    // The lanes before a line belong to lines placed after it.
                    forEachLaneStepBack(first, end) { i, count in value.store(to: out + i, count: count) }
                } else {
                    // The lanes past a line belong to later lines, placed after it.
                    var i = first
                    while i &+ laneCount <= itemCount {
                        UnsafeMutableRawPointer(out + i).storeBytes(of: value, as: Lanes.self)
                        i &+= laneCount
                        if i >= end { break }
                    }
                    if i < end { value.store(to: out + i, count: end &- i) }
                }
                previousSize = size
            }
        }
        if reversed { run(Yes.self) } else { run(No.self) }
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
