/// The rules of the flow features (lk_flow_layout's "Features" in layoutkernel.h), in
/// units of 1/64 px as the browser rounds them: how free space is distributed among
/// subjects (items along a line, or lines across the container), an item's offset in its
/// line, and how growing items share a line's free space.
///
/// Inlinable: every kernel level places its lines with these same steps, so results are
/// the same at every level.
extension FlowFeatures {

    /// Where the subjects of a distribution start: subject k (in frame order) at
    /// `lead + increment(k) + the sizes and gaps before it`; a stretched line grows by
    /// `growth(k)`.
    public struct Spots {
        public var lead = 0.0
        public var free = 0.0
        public var divisor = 0.0
        public var stretch = false

        @inlinable
        init(lead: Double = 0, free: Double = 0, divisor: Double = 0, stretch: Bool = false) {
            self.lead = lead
            self.free = free
            self.divisor = divisor
            self.stretch = stretch
        }

        /// Whether subjects move by more than the lead (space-between, -around, -evenly).
        @inlinable
        public var increments: Bool { divisor != 0 && !stretch }

        /// Subject k's move beyond the lead: 0 unless `increments`.
        @inlinable
        public func increment(_ k: Int) -> Double {
            increments ? FlowFeatures.rhu(Double(k) * free, divisor) : 0
        }

        /// A stretched line k's growth: 0 unless `stretch`.
        @inlinable
        public func growth(_ k: Int) -> Double {
            guard stretch else { return 0 }
            return FlowFeatures.rhu(Double(k + 1) * free, divisor) - FlowFeatures.rhu(Double(k) * free, divisor)
        }
    }

    /// The distribution `distribute` applies: `mode`, or when it is nil the one `anchor`
    /// stands for (start, center, end for 0, 0.5, 1); nil for any other anchor, which
    /// leads by `anchor * free`.
    @inlinable @inline(__always)
    public static func resolved(_ mode: Distribution?, anchor: Float) -> Distribution? {
        if let mode { return mode }
        switch anchor {
        case 0: return .start
        case 0.5: return .center
        case 1: return .end
        default: return nil
        }
    }

    /// The distribution rule for `count` subjects and free space `free` (units; may be
    /// negative). `mode` nil takes start, center or end from `anchor` (0, 0.5, 1; any
    /// other anchor leads by `anchor * free`). `reversed` (reverse, or wrap-reverse for
    /// lines) swaps start and end and makes the flex-start fallbacks pack at the far side.
    @inlinable @inline(__always)
    public static func distribute(_ free: Double, count: Int, _ mode: Distribution?, anchor: Float,
                                  reversed: Bool, lines: Bool) -> Spots {
        let flexStart = Spots(lead: reversed ? free : 0)
        guard let resolved = resolved(mode, anchor: anchor) else {
            return Spots(lead: Double(reversed ? 1 - anchor : anchor) * free)
        }
        switch resolved {
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
    public struct Offset {
        public let anchor: Double
        public let centred: Bool

        @inlinable
        public init(_ anchor: Float) {
            self.anchor = Double(anchor)
            centred = anchor == 0.5
        }

        @inlinable @inline(__always)
        public func of(_ free: Double) -> Double {
            centred ? (free / 2).rounded(.towardZero) : anchor * free
        }
    }

    /// An item's place (px: x, y) as `write` places it, one expression for the reference
    /// and every reader of a featured flow's lines: subject `subject` (frame order) of a
    /// line whose items `spots` distributes (reversed: counted from the line's end), with
    /// its `offset` along the line (moved by the growth of the items before it), its
    /// `length` along (grown) and `breadth` across; the line `lineLength` along (grown),
    /// starting at `across` and `size` across (units); `within` its place in the line
    /// across; columns when `vertical`, mirrored in a container `width` wide when `rtl`.
    /// In `Double`, before the one rounding to `Float` that `itemPlace` adds.
    @inlinable @inline(__always)
    public static func itemPosition(subject: Int, offset: Double, length: Double, breadth: Double,
                                    lineLength: Double, spots: Spots, reverse: Bool, across: Double, size: Double,
                                    within: Offset, vertical: Bool, rtl: Bool, width: Double) -> (x: Double, y: Double) {
        let lead = spots.lead + (spots.increments ? spots.increment(subject) : 0)
        let along = reverse ? lead + (lineLength - offset - length) : lead + offset
        let inLine = across + within.of(size - breadth)
        if vertical { return ((rtl ? width - inLine - breadth : inLine) / 64, along / 64) }
        return ((rtl ? width - along - length : along) / 64, inLine / 64)
    }

    /// `itemPosition` rounded to `Float`: the coordinates a layout writes.
    @inlinable @inline(__always)
    public static func itemPlace(subject: Int, offset: Double, length: Double, breadth: Double, lineLength: Double,
                                 spots: Spots, reverse: Bool, across: Double, size: Double, within: Offset,
                                 vertical: Bool, rtl: Bool, width: Double) -> (x: Float, y: Float) {
        let (x, y) = itemPosition(subject: subject, offset: offset, length: length, breadth: breadth,
                                  lineLength: lineLength, spots: spots, reverse: reverse, across: across, size: size,
                                  within: within, vertical: vertical, rtl: rtl, width: width)
        return (Float(x), Float(y))
    }

    /// Round half up of `a / b` (b > 0): `floor((2a + b) / 2b)`.
    @inlinable @inline(__always)
    public static func rhu(_ a: Double, _ b: Double) -> Double {
        ((2 * a + b) / (2 * b)).rounded(.down)
    }

    /// Grows the items `range` of a line with free space `free` (units) by `grow`: their
    /// main sizes (`main`, px) to `sizes[i - range.lowerBound]` in units, grown in place;
    /// each item's size along the lines (grown) to `itemAlong` and across them (its
    /// own, `cross`) to `itemAcross`, when given. Returns the space taken.
    /// - Complexity: O(items), one division per growing item.
    @inlinable
    public static func growLine(_ range: Range<Int>, free: Double, factors: UnsafePointer<Float>,
                                main: UnsafePointer<Float>, cross: UnsafePointer<Float>,
                                sizes: UnsafeMutablePointer<Double>, itemAlong: UnsafeMutablePointer<Float>?,
                                itemAcross: UnsafeMutablePointer<Float>?) -> Double {
        let first = range.lowerBound, count = range.count
        let lengths = main + first
        for j in 0..<count { sizes[j] = Double(lengths[j]) * 64 }
        let taken = grow(range, free, factors, sizes, offset: first)
        if let along = itemAlong.map({ $0 + first }) {
            for j in 0..<count { along[j] = Float(sizes[j] / 64) }
        }
        itemAcross.map { ($0 + first).update(from: cross + first, count: count) }
        return taken
    }

    /// Grows the items of a line with free space `free` (units) in proportion to their
    /// factors: from the last item to the first, each factor `g > 0` takes
    /// `round(R * (g / G))` (half away from zero) of what remains, `R` being the free
    /// space (or `floor(free * G)` when the factors sum to `G < 1`). `sizes[i - offset]`
    /// is item i's main size (units), grown in place. Returns the space taken. Nothing
    /// grows when `free <= 0` or every factor is 0.
    /// - Complexity: O(items), one division per growing item.
    @inlinable
    public static func grow(_ items: Range<Int>, _ free: Double, _ factors: UnsafePointer<Float>,
                            _ sizes: UnsafeMutablePointer<Double>, offset: Int) -> Double {
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
