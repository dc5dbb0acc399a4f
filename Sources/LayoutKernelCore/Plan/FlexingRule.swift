/// Flexing a line (SPEC.md §13 steps 3–6, Chromium's "resolve flexible lengths"): its
/// items grow or shrink by their factors within their minimum and maximum sizes, in
/// units of 1/64 px, shares rounded from running fractions, last item first, items that
/// break a bound frozen there and the rest shared again.
extension FlowFeatures {

    /// Scratch for `flexLine`, kept from line to line (its columns: see `flexLine`).
    public final class Flexer {
        @usableFromInline var columns: UnsafeMutablePointer<Double>?
        @usableFromInline var capacity = 0

        public init() {}

        deinit { columns?.deallocate() }

        /// `FlowFeatures.flexColumns` columns of room for a line of `count` items: the
        /// first and the distance between two columns.
        @inlinable @inline(__always)
        public func room(_ count: Int) -> (UnsafeMutablePointer<Double>, stride: Int) {
            if count > capacity { reserve(count) }
            return (columns!, capacity)
        }

        @usableFromInline
        func reserve(_ count: Int) {
            columns?.deallocate()
            capacity = max(count, 2 * capacity)
            columns = .allocate(capacity: FlowFeatures.flexColumns * capacity)
        }

        /// `FlowFeatures.flexLine` in this scratch.
        public func flexLine(_ range: Range<Int>, _ view: Items, mainSize: Double, gaps: Double,
                             sizes: UnsafeMutablePointer<Double>) -> Double {
            FlowFeatures.flexLine(range, view, mainSize: mainSize, gaps: gaps, sizes: sizes, room: room(range.count))
        }
    }

    /// The columns of scratch `flexLine` takes per item: each item's fraction, its
    /// violation and whether it is frozen (its given, clamped and bounded sizes and its
    /// factor are read again from the items where needed: less memory to stream than
    /// columns of them).
    public static let flexColumns = 3

    /// Flexes the items `range` of a line in a container `mainSize` long (units) whose
    /// gaps sum to `gaps` (units). `view` is the flow's main view (its widths the
    /// items' clamped sizes, its rules the bounds and given sizes along the line).
    /// Each item's main size (units) goes to `sizes[i - range.lowerBound]`; returns
    /// the flexed line's length (the gaps, then each size added in turn). `room`:
    /// `flexColumns` columns of scratch for the line's items, `stride` apart
    /// (`Flexer.room`). Inlined where a line is flexed, so that each kernel level
    /// compiles it for its instruction set.
    /// - Complexity: O(items × rounds): each round freezes at least one item.
    @_transparent
    public static func flexLine(_ range: Range<Int>, _ view: Items, mainSize: Double, gaps: Double,
                                sizes: UnsafeMutablePointer<Double>,
                                room: (UnsafeMutablePointer<Double>, stride: Int)) -> Double {
        flex(range, view, mainSize: mainSize, gaps: gaps, sizes: sizes, room: room)
        var length = gaps
        for j in 0..<range.count { length += sizes[j] }
        return length
    }

    @_transparent @usableFromInline
    static func flex(_ range: Range<Int>, _ view: Items, mainSize: Double, gaps: Double,
                     sizes: UnsafeMutablePointer<Double>, room scratch: (UnsafeMutablePointer<Double>, stride: Int)) {
        let count = range.count, first = range.lowerBound
        let (fraction, room) = scratch
        let violation = fraction + room, frozen = fraction + 2 * room   // frozen: 1
        let columns = view.flexingColumns
        let given = columns.given + first, clamped = view.widths.baseAddress! + first
        let minimum = columns.minimum.map { $0 + first }, maximum = columns.maximum.map { $0 + first }
        // Item j's size as given, its clamped (hypothetical) size and its bounds, in units.
        @inline(__always) func base(_ j: Int) -> Double { Double(given[j]) * 64 }
        @inline(__always) func hypothetical(_ j: Int) -> Double { Double(clamped[j]) * 64 }
        @inline(__always) func bounds(_ j: Int) -> (Double, Double) {
            let (lo, hi) = ItemRules.bounds(minimum, maximum, j)
            return (Double(lo) * 64, Double(hi) * 64)
        }
        var sumHypothetical = 0.0
        for j in 0..<count { sumHypothetical += hypothetical(j) }
        // Step 3: the mode and each item's factor.
        let grows = sumHypothetical + gaps < mainSize
        let factors = (grows ? view.grow?.baseAddress : columns.shrink).map { $0 + first }
        @inline(__always) func factor(_ j: Int) -> Double { factors.map { Double($0[j]) } ?? 0 }
        var initial: Double? = nil
        while true {
            // Step 5: fractions and free space over the items still flexible.
            var total = 0.0, weights = 0.0, free = mainSize - gaps
            for j in 0..<count {
                if initial == nil {
                    // Step 4 (the first round): items frozen from the start, at their
                    // clamped sizes.
                    sizes[j] = hypothetical(j)
                    let fixed = factor(j) == 0 || (grows ? base(j) > sizes[j] : base(j) < sizes[j])
                    frozen[j] = fixed ? 1 : 0
                }
                if frozen[j] != 0 {
                    free -= sizes[j]
                    continue
                }
                sizes[j] = hypothetical(j)
                free -= base(j)
                total += factor(j)
                if grows {
                    fraction[j] = factor(j) / total
                } else {
                    let weight = factor(j) * base(j)
                    weights += weight
                    fraction[j] = weight / weights
                }
            }
            let firstFree = initial ?? free
            initial = firstFree
            // Step 6a: factors summing below 1 take only that part of the free space.
            if total > 0 && total < 1 {
                let part = (firstFree * total).rounded(.towardZero)
                if abs(part) < abs(free) { free = part }
            }
            // Step 6b.
            if grows ? free <= 0 : free >= 0 { return }
            // Step 6c: shares from the last item to the first.
            var sum = 0.0
            for j in stride(from: count - 1, through: 0, by: -1) where frozen[j] == 0 {
                var share = fraction[j] == 1 ? free : (free * fraction[j]).roundedHalfAwayFromZero
                if !share.isFinite { share = 0 }
                free -= share
                let wanted = base(j) + share
                sizes[j] = ItemRules.clamp(wanted, bounds(j))
                violation[j] = sizes[j] - wanted
                sum += violation[j]
            }
            // Step 6d: freeze the violators of the winning side.
            if sum == 0 { return }
            for j in 0..<count where frozen[j] == 0 && (sum > 0 ? violation[j] > 0 : violation[j] < 0) {
                frozen[j] = 1
            }
        }
    }
}

extension Items {
    /// What flexing reads of a main view besides its sizes: the sizes given along the
    /// lines (before clamping), the bounds along and the shrink factors (nil: none).
    /// Not inlined: the rules are read here, once a line, and not copied into each
    /// kernel level's code.
    public var flexingColumns: (given: UnsafePointer<Float>, minimum: UnsafePointer<Float>?,
                                maximum: UnsafePointer<Float>?, shrink: UnsafePointer<Float>?) {
        ((rules?.givenWidths ?? widths).baseAddress!, rules?.minWidth?.baseAddress, rules?.maxWidth?.baseAddress,
         rules?.shrink?.baseAddress)
    }
}
