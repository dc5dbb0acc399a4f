/// Flexing a line (SPEC.md §13 steps 3–6, Chromium's "resolve flexible lengths"): its
/// items grow or shrink by their factors within their minimum and maximum sizes, in
/// units of 1/64 px, shares rounded from running fractions, last item first, items that
/// break a bound frozen there and the rest shared again.
extension FlowFeatures {

    /// Scratch for `flexLine`, kept from line to line.
    public struct Flexer {
        var base: [Double] = [], hypothetical: [Double] = [], low: [Double] = [], high: [Double] = []
        var factor: [Double] = [], fraction: [Double] = [], violation: [Double] = []
        var frozen: [Bool] = []

        public init() {}

        /// Flexes the items `range` of a line in a container `mainSize` long (units) whose
        /// gaps sum to `gaps` (units). `view` is the flow's main view (its widths the
        /// items' clamped sizes, its rules the bounds and given sizes along the line).
        /// Each item's main size (units) goes to `sizes[i - range.lowerBound]`.
        /// - Complexity: O(items × rounds): each round freezes at least one item.
        public mutating func flexLine(_ range: Range<Int>, _ view: Items, mainSize: Double, gaps: Double,
                                      sizes: UnsafeMutablePointer<Double>) {
            let count = range.count, first = range.lowerBound
            let rules = view.rules
            let given = rules?.givenWidths ?? view.widths
            base.removeAll(keepingCapacity: true)
            hypothetical.removeAll(keepingCapacity: true)
            low.removeAll(keepingCapacity: true)
            high.removeAll(keepingCapacity: true)
            var sumHypothetical = 0.0
            for i in range {
                let (lo, hi) = rules?.widthBounds(i) ?? (0, .infinity)
                base.append(Double(given[i]) * 64)
                hypothetical.append(Double(view.widths[i]) * 64)
                low.append(Double(lo) * 64)
                high.append(Double(hi) * 64)
                sumHypothetical += hypothetical[i - first]
            }
            // Step 3: the mode and each item's factor.
            let grows = sumHypothetical + gaps < mainSize
            factor.removeAll(keepingCapacity: true)
            for i in range {
                factor.append(Double((grows ? view.grow?[i] : rules?.shrink?[i]) ?? 0))
            }
            // Step 4: items frozen from the start, at their clamped sizes.
            frozen.removeAll(keepingCapacity: true)
            for j in 0..<count {
                sizes[j] = hypothetical[j]
                frozen.append(factor[j] == 0 || (grows ? base[j] > hypothetical[j] : base[j] < hypothetical[j]))
            }
            fraction.removeAll(keepingCapacity: true)
            fraction.append(contentsOf: repeatElement(0, count: count))
            violation.removeAll(keepingCapacity: true)
            violation.append(contentsOf: repeatElement(0, count: count))
            var initial: Double? = nil
            while true {
                // Step 5: fractions and free space over the items still flexible.
                var total = 0.0, weights = 0.0, free = mainSize - gaps
                for j in 0..<count {
                    if frozen[j] {
                        free -= sizes[j]
                        continue
                    }
                    sizes[j] = hypothetical[j]
                    free -= base[j]
                    total += factor[j]
                    if grows {
                        fraction[j] = factor[j] / total
                    } else {
                        let weight = factor[j] * base[j]
                        weights += weight
                        fraction[j] = weight / weights
                    }
                }
                let first = initial ?? free
                initial = first
                // Step 6a: factors summing below 1 take only that part of the free space.
                if total > 0 && total < 1 {
                    let part = (first * total).rounded(.towardZero)
                    if abs(part) < abs(free) { free = part }
                }
                // Step 6b.
                if grows ? free <= 0 : free >= 0 { return }
                // Step 6c: shares from the last item to the first.
                var sum = 0.0
                for j in stride(from: count - 1, through: 0, by: -1) where !frozen[j] {
                    var share = fraction[j] == 1 ? free : (free * fraction[j]).rounded(.toNearestOrAwayFromZero)
                    if !share.isFinite { share = 0 }
                    free -= share
                    let wanted = base[j] + share
                    sizes[j] = ItemRules.clamp(wanted, (low[j], high[j]))
                    violation[j] = sizes[j] - wanted
                    sum += violation[j]
                }
                // Step 6d: freeze the violators of the winning side.
                if sum == 0 { return }
                for j in 0..<count where !frozen[j] && (sum > 0 ? violation[j] > 0 : violation[j] < 0) {
                    frozen[j] = true
                }
            }
        }
    }
}
