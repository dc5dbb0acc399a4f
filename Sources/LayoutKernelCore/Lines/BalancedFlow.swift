/// A balanced flow's lines (`wrap = .balance`, SPEC.md §12): Chromium's breaker, steps 1
/// to 6, at any scale. Its lines become forced breaks of an unbounded packing, so every
/// level places them with the featured flow's rules, exactly as it places `wrap`'s.
///
/// The breaker works in whole units of 1/64 px, the browser's lattice: each item's size
/// along the lines and each gap rounded up, the main limit rounded down, each at most
/// 2^31 − 1 units (`BalancedLines.unboundedLimit`). On the lattice, with lines below that
/// length, that is the browser's arithmetic; off it, a line the breaker fits also fits in
/// the items' real sizes. A forced break starts a line; each stretch between forced
/// breaks is balanced on its own, with the same limit and minimum line count.
///
/// - Complexity: O(n log n) time for the least-cost lines (twice for unbounded rows);
///   O(n log C) more when the minimum line count is above the greedy count. Scratch: 9
///   bytes per item and a queue of the starts that can still be best (about a line's
///   items); 40 bytes more per item when the minimum line count is above 1 or a sum
///   reaches 2^63.
public enum BalancedFlow {

    /// Calls `body` with `items` whose flags mark every balanced line's first item (forced
    /// breaks among them) and the proposal the lines are placed in (for unbounded rows,
    /// the longest line of the first breaking, as wide as the container).
    public static func withLines<R>(_ items: Items, _ parameters: FlowParameters, _ proposal: Proposal,
                                    _ body: (Items, Proposal) -> R) -> R {
        let flags = Column<UInt8>(capacity: items.count, scratch: true)
        return withExtendedLifetime(flags) {
            let lines = breakLines(items, parameters, proposal, flags: flags.pointer)
            var placed = proposal
            if let width = lines.containerWidth { placed.width = width }
            let broken = Items(widths: items.widths, heights: items.heights, leading: items.leading,
                               trailing: items.trailing, top: items.top, bottom: items.bottom,
                               flags: UnsafeBufferPointer(start: flags.pointer, count: items.count), grow: items.grow,
                               rules: items.rules)
            return body(broken, placed)
        }
    }

    /// The number of balanced lines.
    public static func lineCount(_ items: Items, _ parameters: FlowParameters, _ proposal: Proposal) -> Int {
        breakLines(items, parameters, proposal, flags: nil).count
    }

    /// What breaking made: the number of lines, and for unbounded rows the container's
    /// width.
    struct Lines {
        var count: Int
        var containerWidth: Float?
    }

    /// Breaks `items` into balanced lines: marks each line's first item but the first
    /// with `ItemFlag.breakBefore` in `flags` (every other flag byte 0), when given.
    static func breakLines(_ items: Items, _ parameters: FlowParameters, _ proposal: Proposal,
                           flags: UnsafeMutablePointer<UInt8>?) -> Lines {
        let n = items.count
        flags?.initialize(repeating: 0, count: n)
        guard n > 0 else { return Lines(count: 0, containerWidth: nil) }
        let view = FlowFeatures.mainView(items, parameters.axis)
        let main = parameters.axis == .vertical ? proposal.height : proposal.width
        var breaker = Breaker(view, spacing: parameters.spacing, minLines: parameters.minLines)
        guard let main, main.isFinite else {
            let columns = parameters.axis == .vertical
            let first = breaker.breakAll(limit: BalancedLines.unboundedLimit, measure: !columns, flags: columns ? flags : nil)
            guard parameters.axis == .horizontal else { return Lines(count: first.count, containerWidth: nil) }
            // Unbounded rows: again, against the longest line (the max-content width).
            let second = breaker.breakAll(limit: first.longest, flags: flags)
            return Lines(count: second.count, containerWidth: Float(Double(first.longest) / 64))
        }
        return Lines(count: breaker.breakAll(limit: Breaker.unitsDown(main), flags: flags).count, containerWidth: nil)
    }

    /// Steps 2 to 6 over each stretch between forced breaks.
    struct Breaker: ~Copyable {
        let view: Items
        let spacing: Spacing
        let minLines: Int
        var lines = LeastCostLines()
        /// `ViewUnits`' chunk.
        let chunk = Column<Int64>(capacity: 2 * ViewUnits.chunkSize)
        /// Perfect fits (step 4b), as item indices in the stretch.
        var fits: [Int] = []

        init(_ view: Items, spacing: Spacing, minLines: Int) {
            self.view = view
            self.spacing = spacing
            self.minLines = minLines
        }

        /// `value` in whole units, rounded up (sizes, gaps) or down (the limit), in
        /// 0 ... 2^31 − 1.
        @inline(__always)
        static func unitsUp(_ value: Float) -> Int64 {
            let units = min(Double(value) * 64, Double(BalancedLines.unboundedLimit))
            let whole = Int64(units)
            return Double(whole) < units ? whole + 1 : whole
        }

        static func unitsDown(_ value: Float) -> Int64 {
            Int64(min(Double(value) * 64, Double(BalancedLines.unboundedLimit)))
        }

        /// The items of a stretch from the view, in whole units, converted a chunk at a
        /// time into `chunk` (room for 2 × `chunkSize`: sizes, then ends), so that the
        /// breaker's loop only reads them. Copies share the chunk: one reads at a time.
        struct ViewUnits: StretchUnits {
            static let chunkSize = 256
            let view: Items
            let first: Int, count: Int
            let spacing: Spacing
            /// The gap in units when it is fixed.
            let gap: Int64?
            let chunk: UnsafeMutablePointer<Int64>
            var k = 0, converted = 0, end: Int64 = 0

            init(_ view: Items, first: Int, count: Int, spacing: Spacing, chunk: UnsafeMutablePointer<Int64>) {
                self.view = view
                self.first = first
                self.count = count
                self.spacing = spacing
                self.chunk = chunk
                if case .fixed(let g) = spacing { gap = unitsUp(g) } else { gap = nil }
            }

            @inline(__always)
            mutating func next() -> (size: Int64, end: Int64) {
                if k == converted { convert() }
                let j = k & (Self.chunkSize - 1)
                k += 1
                return (chunk[j], chunk[Self.chunkSize + j])
            }

            /// The next chunk's sizes and ends.
            @inline(never)
            mutating func convert() {
                let upTo = min(k + Self.chunkSize, count)
                let widths = view.widths.baseAddress! + first
                let sizes = chunk - k, ends = chunk + Self.chunkSize - k
                var end = end
                if let gap {
                    // The stretch's first item has no gap before it.
                    if k == 0 { end -= gap }
                    for i in k..<upTo {
                        let size = unitsUp(widths[i])
                        end += gap + size
                        sizes[i] = size
                        ends[i] = end
                    }
                } else {
                    for i in k..<upTo {
                        let size = unitsUp(widths[i])
                        if i > 0 { end += unitsUp(view.gapX(first + i - 1, first + i, spacing)) }
                        end += size
                        sizes[i] = size
                        ends[i] = end
                    }
                }
                self.end = end
                converted = upTo
            }
        }

        /// Breaks every stretch at `limit`, marking line starts in `flags`; the number of
        /// lines and, when `measure`, the longest line's length (units, the items' own
        /// sizes).
        mutating func breakAll(limit: Int64, measure: Bool = false,
                               flags: UnsafeMutablePointer<UInt8>?) -> (count: Int, longest: Int64) {
            var count = 0, longest: Int64 = 0, first = 0
            while first < view.count {
                var last = first + 1
                if view.flags == nil { last = view.count }   // one stretch
                while last < view.count && !view.breaksBefore(last) { last += 1 }
                let stretch = breakStretch(first, last, limit: limit, measure: measure, flags: flags)
                count += stretch.count
                longest = max(longest, stretch.longest)
                first = last
            }
            return (count, longest)
        }

        /// Items `first ..< last`, one stretch; the longest line only when `measure`.
        mutating func breakStretch(_ first: Int, _ last: Int, limit given: Int64, measure: Bool,
                                   flags: UnsafeMutablePointer<UInt8>?) -> (count: Int, longest: Int64) {
            let n = last - first
            let units = ViewUnits(view, first: first, count: n, spacing: spacing, chunk: chunk.pointer)
            if min(minLines, n) > 1 {
                // Step 4 reads the items again and again: in arrays.
                lines.fill(units, n)
                let limit = steer(n, limit: given)
                lines.solve(ArrayUnits(end: lines.end.pointer, size: lines.size.pointer), n, limit: limit,
                            arrays: true)
            } else {
                lines.solve(units, n, limit: given)
            }
            // The lines, from the last: each line's end marked (its start as ~start).
            let start = lines.start.pointer
            var count = 0, b = n - 1
            while b >= 0 {
                let a = start[b]
                start[b] = ~a
                if a > 0 { flags?[first + a] = ItemFlag.breakBefore }
                count += 1
                b = a - 1
            }
            if first > 0 { flags?[first] = ItemFlag.breakBefore }
            guard measure else { return (count, 0) }
            // Each line's length in the items' own sizes.
            var own = units, longest: Int64 = 0, lineStart: Int64 = 0
            for k in 0..<n {
                let (size, end) = own.next()
                if k == 0 || start[k - 1] < 0 { lineStart = end - size }
                if start[k] < 0 { longest = max(longest, end - lineStart) }
            }
            return (count, longest)
        }

        /// Step 4: with fewer greedy lines than the minimum, the smallest limit that
        /// gives enough, then perfect fits nudged by a unit, from the last, until the
        /// greedy lines are enough (applied to `size` and `end`). The limit to balance at.
        mutating func steer(_ n: Int, limit given: Int64) -> Int64 {
            fits.removeAll(keepingCapacity: true)
            let m = min(minLines, n)
            guard greedyCount(n, limit: given, atMost: m) < m else { return given }
            var low: Int64 = 0, high = min(given, lines.end.pointer[n - 1])
            while low < high {
                let middle = low + (high - low) / 2
                if greedyCount(n, limit: middle, atMost: m + 1) <= m { high = middle } else { low = middle + 1 }
            }
            let limit = low
            guard greedyCount(n, limit: limit, atMost: m) < m else { return limit }
            collectPerfectFits(n, limit: limit)
            // Nudging more fits never gives fewer greedy lines: the fewest nudges (from
            // the last fit) that give m, or all of them.
            var fewest = fits.count, most = 0
            while most < fewest {
                let nudges = most + (fewest - most) / 2
                if greedyCount(n, limit: limit, atMost: m, nudgedFrom: fits.count - nudges) >= m {
                    fewest = nudges
                } else {
                    most = nudges + 1
                }
            }
            let from = fits.count - fewest
            let end = lines.end.pointer, size = lines.size.pointer
            var extra: Int64 = 0, next = from
            for k in (from < fits.count ? fits[from] : n)..<n {
                if next < fits.count && fits[next] == k {
                    size[k] += 1
                    extra += 1
                    next += 1
                }
                end[k] += extra
            }
            return limit
        }

        /// Step 3: the number of greedy lines at `limit`, counting no further than
        /// `atMost`, with the fits from `fits[nudgedFrom...]` one unit longer.
        func greedyCount(_ n: Int, limit: Int64, atMost: Int, nudgedFrom: Int? = nil) -> Int {
            let end = lines.end.pointer, size = lines.size.pointer
            var next = nudgedFrom ?? fits.count, extra: Int64 = 0
            var lines = 1, lineStart: Int64 = 0
            for k in 0..<n {
                var nudge: Int64 = 0
                if next < fits.count && fits[next] == k {
                    nudge = 1
                    extra += 1
                    next += 1
                }
                let itemEnd = end[k] + extra
                if k > 0 && itemEnd - lineStart > limit {
                    lines += 1
                    if lines >= atMost { return lines }
                    lineStart = itemEnd - size[k] - nudge
                } else if k == 0 {
                    lineStart = itemEnd - size[k] - nudge
                }
            }
            return lines
        }

        /// Step 4b's walk: the items where a line that the walk keeps ends exactly at
        /// `limit`.
        mutating func collectPerfectFits(_ n: Int, limit: Int64) {
            let end = lines.end.pointer, size = lines.size.pointer
            var first = 0, has = false
            for k in 0..<n {
                let length = end[k] - end[first] + size[first]
                if length == limit { fits.append(k) }
                if length > limit {
                    first = has ? k : k + 1
                    has = false
                    continue
                }
                has = true
            }
        }
    }
}
