/// Balanced line breaking (CSS `flex-wrap: balance` with `flex-line-count`, SPEC.md §12):
/// Chromium's Knuth–Plass breaker, written as the spec's steps, as the slow reference the
/// fast breakers are checked against. In integer units of 1/64 px.
///
/// Quadratic in the worst case (each line end tries every start that fits), with no
/// recursion: for tests and small inputs, not for layouts of millions of items.
public enum BalancedLines {

    /// The largest break limit (Chromium's `LayoutUnit::Max`, 2^31 - 1 units).
    public static let unboundedLimit: Int64 = 2_147_483_647

    /// The lines of `sizes` (each item's size along the lines, whole units) with `gap`
    /// units between neighbours, at break limit `limit` (units, or nil: unbounded),
    /// with at least `minLines` lines where the items allow (`minLines` >= 1); `columns`
    /// for a vertical flow (an unbounded column is broken once, against the largest
    /// limit; unbounded rows twice, the second time against the longest line of the
    /// first). Returns each line's item count, in order (none for no items).
    public static func lines(_ sizes: [Int64], gap: Int64, limit: Int64?, minLines: Int, columns: Bool) -> [Int] {
        lines(sizes, gaps: uniform(gap, sizes.count), limit: limit, minLines: minLines, columns: columns)
    }

    /// `lines` with each item's own gap to the next (`gaps[i]` between items i and i + 1).
    public static func lines(_ sizes: [Int64], gaps: [Int64], limit: Int64?, minLines: Int, columns: Bool) -> [Int] {
        guard !sizes.isEmpty else { return [] }
        guard let limit else {
            let first = breakLines(sizes, gaps: gaps, limit: unboundedLimit, minLines: minLines)
            if columns { return first }
            return breakLines(sizes, gaps: gaps, limit: longestLine(sizes, gaps: gaps, first), minLines: minLines)
        }
        return breakLines(sizes, gaps: gaps, limit: limit, minLines: minLines)
    }

    /// The longest of `lines` (item counts): the container's max-content width.
    public static func longestLine(_ sizes: [Int64], gaps: [Int64], _ lines: [Int]) -> Int64 {
        var start = 0, longest: Int64 = 0
        for count in lines {
            longest = max(longest, length(sizes, start, start + count - 1, gaps: gaps))
            start += count
        }
        return longest
    }

    static func uniform(_ gap: Int64, _ count: Int) -> [Int64] { [Int64](repeating: gap, count: count) }

    static func breakLines(_ sizes: [Int64], gap: Int64, limit: Int64, minLines: Int) -> [Int] {
        breakLines(sizes, gaps: uniform(gap, sizes.count), limit: limit, minLines: minLines)
    }

    /// Steps 2 to 6 at break limit `limit`.
    static func breakLines(_ sizes: [Int64], gaps: [Int64], limit: Int64, minLines: Int) -> [Int] {
        let n = sizes.count
        let m = min(minLines, n)
        var steered = sizes
        var c = limit
        // Step 4: fewer greedy lines than asked for: a smaller limit, then perfect fits
        // nudged by a unit, from the last, until the greedy lines are enough.
        if greedyCount(steered, gaps: gaps, limit: c) < m {
            let total = length(steered, 0, n - 1, gaps: gaps)
            var low: Int64 = 0, high = min(c, total)
            while low < high {
                let mid = low + (high - low) / 2
                if greedyCount(steered, gaps: gaps, limit: mid) <= m { high = mid } else { low = mid + 1 }
            }
            c = low
            if greedyCount(steered, gaps: gaps, limit: c) < m {
                for i in perfectFits(steered, gaps: gaps, limit: c).reversed() {
                    steered[i] += 1
                    if greedyCount(steered, gaps: gaps, limit: c) >= m { break }
                }
            }
        }
        return leastCost(steered, gaps: gaps, limit: c)
    }

    /// Step 2's prefix sums P_i = sum over j <= i of (s_j + g_j), g_j the gap after item j.
    static func prefix(_ sizes: [Int64], gaps: [Int64]) -> [Int64] {
        var sums = [Int64](), sum: Int64 = 0
        sums.reserveCapacity(sizes.count)
        for (s, g) in zip(sizes, gaps) {
            sum += s + g
            sums.append(sum)
        }
        return sums
    }

    /// Len(a, b): items a...b and the gaps between them.
    static func length(_ sizes: [Int64], _ a: Int, _ b: Int, gap: Int64) -> Int64 {
        length(sizes, a, b, gaps: uniform(gap, sizes.count))
    }

    static func length(_ sizes: [Int64], _ a: Int, _ b: Int, gaps: [Int64]) -> Int64 {
        var sum = sizes[a]
        for i in stride(from: a + 1, through: b, by: 1) { sum += gaps[i - 1] + sizes[i] }
        return sum
    }

    /// Step 3: the number of greedy lines (`wrap`'s rule) at `limit`.
    static func greedyCount(_ sizes: [Int64], gap: Int64, limit: Int64) -> Int {
        greedyCount(sizes, gaps: uniform(gap, sizes.count), limit: limit)
    }

    static func greedyCount(_ sizes: [Int64], gaps: [Int64], limit: Int64) -> Int {
        var lines = 1, x = sizes[0]
        for i in 1..<max(sizes.count, 1) {
            if x + gaps[i - 1] + sizes[i] <= limit {
                x += gaps[i - 1] + sizes[i]
            } else {
                lines += 1
                x = sizes[i]
            }
        }
        return lines
    }

    /// Step 4b's walk: the indices where a line that the walk keeps ends exactly at `limit`.
    static func perfectFits(_ sizes: [Int64], gaps: [Int64], limit: Int64) -> [Int] {
        let p = prefix(sizes, gaps: gaps)
        var fits: [Int] = [], previous: Int64 = 0, has = false
        for i in 0..<sizes.count {
            let ls = p[i] - previous - gaps[i]
            if ls == limit { fits.append(i) }
            if ls > limit {
                previous = has ? p[i - 1] : p[i]
                has = false
                continue
            }
            has = true
        }
        return fits
    }

    static func leastCost(_ sizes: [Int64], gap: Int64, limit: Int64) -> [Int] {
        leastCost(sizes, gaps: uniform(gap, sizes.count), limit: limit)
    }

    /// Steps 5 and 6: the valid partition of least total cost (saturating), ties to the
    /// fewest items on the last line, then on the line before it, and so on.
    static func leastCost(_ sizes: [Int64], gaps: [Int64], limit: Int64) -> [Int] {
        let n = sizes.count
        let p = prefix(sizes, gaps: gaps)
        func length(_ a: Int, _ b: Int) -> Int64 { p[b] - (a == 0 ? 0 : p[a - 1]) - gaps[b] }
        var best = [UInt64](repeating: .max, count: n), start = [Int](repeating: 0, count: n)
        for b in 0..<n {
            // The earliest start that fits, then every later one; a later start on equal cost.
            var a = 0
            while a < b && length(a, b) > limit { a += 1 }
            for a in a...b {
                let len = length(a, b)
                let cost = len <= limit ? square(UInt64(limit - len)) : 0
                let before = a == 0 ? 0 : best[a - 1]
                let (sum, overflow) = before.addingReportingOverflow(cost)
                let total = overflow ? UInt64.max : sum
                if total <= best[b] {
                    best[b] = total
                    start[b] = a
                }
            }
        }
        var counts: [Int] = [], b = n - 1
        while b >= 0 {
            counts.append(b - start[b] + 1)
            b = start[b] - 1
        }
        return counts.reversed()
    }

    /// x^2, saturating.
    static func square(_ x: UInt64) -> UInt64 {
        let (product, overflow) = x.multipliedReportingOverflow(by: x)
        return overflow ? .max : product
    }
}
