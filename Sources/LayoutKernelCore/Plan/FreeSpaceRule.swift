/// How free space is shared among subjects: the one rule of SPEC.md §11 for `justify`
/// (the items of a line, along it) and `alignContent` (the lines, across the container),
/// in units of 1/64 px as the browser rounds them.
///
/// A flow's parameters resolve it once (`init`); each line, or the lines together, then
/// evaluate it for their free space and count (`spots`). Every reader of a featured flow
/// takes its leads and increments from here: the reference, every kernel level (whose
/// whole-unit lanes read `lead`, `spacing` and `fallback` rather than the parameters) and
/// the engine.
extension FlowFeatures {

    public struct FreeSpaceRule: Equatable, Sendable {
        /// A lead as a function of the free space F: 0, F, trunc(F / 2), or a fraction of F.
        public enum Lead: Equatable, Sendable {
            case zero, all, half
            case fraction(Double)

            /// The lead for free space `free` (units; may be negative).
            @inlinable @inline(__always)
            public func of(_ free: Double) -> Double {
                switch self {
                case .zero: return 0
                case .all: return free
                case .half: return (free / 2).rounded(.towardZero)
                case .fraction(let a): return a * free
                }
            }

            /// `of(free)` in whole units (exact: trunc(F / 2) = (F + 1) >> 1 for negative
            /// F), or nil for a fraction, which whole units cannot hold.
            @inlinable @inline(__always)
            public func units(_ free: Int32) -> Int32? {
                switch self {
                case .zero: return 0
                case .all: return free
                case .half: return (free &+ Int32(bitPattern: UInt32(bitPattern: free) >> 31)) &>> 1
                case .fraction: return nil
                }
            }
        }

        /// The modes that move each subject by an increment of its own (or, for lines,
        /// grow each one), when the free space is positive and there are enough subjects.
        public enum Spacing: Equatable, Sendable {
            /// Increments rhu(k F / (n - 1)), lead 0 (needs n >= 2).
            case between
            /// Increments rhu(k F / n), lead floor(F / 2n).
            case around
            /// Increments rhu(k F / (n + 1)), lead floor(F / (n + 1)).
            case evenly
            /// Lines only: line k grows by rhu((k + 1) F / n) - rhu(k F / n), lead 0.
            case stretch

            /// The increments' divisor d = n + `divisorOffset` for n subjects.
            @inlinable public var divisorOffset: Int { self == .between ? -1 : self == .evenly ? 1 : 0 }
        }

        /// The lead when `spacing` is nil.
        public let lead: Lead
        /// The spaced mode, if any.
        public let spacing: Spacing?
        /// The lead when `spacing` does not apply (no free space, or too few subjects):
        /// start in the flex sense for space-between and stretch (the far side when
        /// reversed), the writing-mode start for space-around and -evenly.
        public let fallback: Lead

        /// The rule for `mode`, or when it is nil the one `anchor` stands for (start,
        /// center, end for 0, 0.5, 1; any other anchor leads by `anchor * F`).
        /// `reversed` (reverse, or wrap-reverse for lines) swaps start and end and makes
        /// the flex-start fallbacks pack at the far side; `lines` allows stretch (for items
        /// it acts as start).
        @inlinable @inline(__always)
        public init(_ mode: Distribution?, anchor: Float, reversed: Bool, lines: Bool) {
            let flexStart: Lead = reversed ? .all : .zero
            var spacing: Spacing? = nil, lead = flexStart, fallback = flexStart
            switch FreeSpaceRule.resolved(mode, anchor: anchor) {
            case nil: lead = .fraction(Double(reversed ? 1 - anchor : anchor))
            case .start?: break
            case .end?: lead = reversed ? .zero : .all
            case .center?: lead = .half
            case .spaceBetween?: spacing = .between
            case .spaceAround?: (spacing, fallback) = (.around, .zero)
            case .spaceEvenly?: (spacing, fallback) = (.evenly, .zero)
            case .stretch?: spacing = lines ? .stretch : nil
            }
            self.lead = lead
            self.spacing = spacing
            self.fallback = fallback
        }

        /// How a flow with `parameters` shares each line's free space among its items
        /// (`justify`, or the anchor along the lines; reversed by `reverse`).
        @inlinable @inline(__always)
        public static func items(_ parameters: FlowParameters) -> FreeSpaceRule {
            FreeSpaceRule(parameters.justify, anchor: parameters.mainAnchor, reversed: parameters.reverse,
                          lines: false)
        }

        /// How a flow with `parameters` shares the free space across among its lines
        /// (`alignContent`, start when unset; reversed by `wrapReverse`). A `nowrap`
        /// flow's single line starts at the start and takes the size across itself
        /// (`Container.singleLineSize`).
        @inlinable @inline(__always)
        public static func lines(_ parameters: FlowParameters) -> FreeSpaceRule {
            let mode = parameters.wrap == .nowrap ? .start : parameters.alignContent ?? .start
            return FreeSpaceRule(mode, anchor: 0, reversed: parameters.wrapReverse, lines: true)
        }

        /// The distribution `init` applies: `mode`, or when it is nil the one `anchor`
        /// stands for (start, center, end for 0, 0.5, 1); nil for any other anchor.
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

        /// Whether every subject starts where the sizes and gaps before it end, whatever
        /// the free space: lead 0 and no spacing.
        @inlinable public var keepsPlaces: Bool { spacing == nil && lead == .zero }

        /// Whether `spacing` applies to `count` subjects sharing `free` (units).
        @inlinable @inline(__always)
        public func spaces(_ free: Double, count: Int) -> Bool {
            guard let spacing, free > 0 else { return false }
            return spacing == .between ? count >= 2 : spacing == .stretch ? count >= 1 : true
        }

        /// Where `count` subjects sharing `free` units start (SPEC.md §11's table).
        @inlinable @inline(__always)
        public func spots(free: Double, count: Int) -> Spots {
            guard let spacing else { return Spots(lead: lead.of(free)) }
            guard spaces(free, count: count) else { return Spots(lead: fallback.of(free)) }
            let divisor = Double(count + spacing.divisorOffset)
            switch spacing {
            case .between: return Spots(lead: 0, free: free, divisor: divisor)
            case .around: return Spots(lead: (free / Double(2 * count)).rounded(.down), free: free, divisor: divisor)
            case .evenly: return Spots(lead: (free / divisor).rounded(.down), free: free, divisor: divisor)
            case .stretch: return Spots(lead: 0, free: free, divisor: divisor, stretch: true)
            }
        }
    }

    /// Where the subjects of a distribution start: subject k (in frame order) at
    /// `start(k, after:)` the sizes and gaps before it; a stretched line grows by
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

        /// Subject k's move: the lead and its increment (the lead + 0 without increments).
        @inlinable @inline(__always)
        public func moved(_ k: Int) -> Double { moved(k, increments: increments) }

        /// `moved(k)` for a caller that knows `increments` (a loop specialised for it).
        @inlinable @inline(__always)
        public func moved(_ k: Int, increments: Bool) -> Double {
            lead + (increments ? FlowFeatures.rhu(Double(k) * free, divisor) : 0)
        }

        /// Where a subject starts whose move beyond the lead is `increment`, after
        /// `before` (the sizes and gaps of the subjects before it): the rule's one sum.
        @inlinable @inline(__always)
        public func start(increment: Double, after before: Double) -> Double {
            lead + increment + before
        }

        /// Subject k's start after `before`.
        @inlinable @inline(__always)
        public func start(_ k: Int, after before: Double) -> Double {
            start(increment: increment(k), after: before)
        }

        /// A stretched line k's growth: 0 unless `stretch`.
        @inlinable
        public func growth(_ k: Int) -> Double {
            guard stretch else { return 0 }
            return FlowFeatures.rhu(Double(k + 1) * free, divisor) - FlowFeatures.rhu(Double(k) * free, divisor)
        }
    }

    /// Round half up of `a / b` (b > 0): `floor((2a + b) / 2b)`.
    @inlinable @inline(__always)
    public static func rhu(_ a: Double, _ b: Double) -> Double {
        ((2 * a + b) / (2 * b)).rounded(.down)
    }

    /// `FreeSpaceRule(mode, ...).spots(free:count:)`: the distribution of `free` units
    /// among `count` subjects.
    @inlinable @inline(__always)
    public static func distribute(_ free: Double, count: Int, _ mode: Distribution?, anchor: Float,
                                  reversed: Bool, lines: Bool) -> Spots {
        FreeSpaceRule(mode, anchor: anchor, reversed: reversed, lines: lines).spots(free: free, count: count)
    }
}
