/// Steps 5 and 6 of `balance` (SPEC.md §12) at any scale: the valid partition of one
/// stretch of items into lines of least total cost, ties to the fewest items on the last
/// line, then on the line before it — the lines `BalancedLines.leastCost` gives, in
/// O(n log n) time, O(n) memory and no recursion.
///
/// A line of items a...b costs (C − Len)² when Len ≤ C, nothing when it is one item longer
/// than C, and cannot be made when it is several items longer than C. Len(a, b) is
/// `end[b] − end[a] + size[a]`, where `end[i]` is where item i ends when every item from the
/// stretch's first one shares a line: both ends of a line move forward with the items, and
/// the square is convex, so the costs obey the quadrangle inequality (a later start that
/// is at least as good for one line end stays so for every later end). The least costs are
/// then found as the convex least-weight subsequence problem is solved: a queue of starts,
/// each owning the run of line ends it is best for, a new start taking over the tail of the
/// runs from the first end where it is at least as good (found by doubling, then halving).
/// An item longer than C ends every run before it, which keeps the inequality true on
/// every line that can be made.
///
/// Chromium adds costs with saturation at 2^64 − 1. The least cost of every prefix is the
/// exact least cost capped there, so the exact sums decide every line whose prefix costs
/// less; a prefix whose least cost reaches the cap is one where every start ties, and the
/// tie goes to the last start (one item). Sums run in `UInt64` and, in the rare layouts
/// where one reaches 2^64 − 1, again in `UInt128`.
struct LeastCostLines: ~Copyable {
    /// For the exact paths and step 4, per item of the stretch: `end` and `size` as above
    /// (whole units), and the least cost of the items before it (one more: after the last).
    /// Filled only when needed.
    var end = Column<Int64>(scratch: true), size = Column<Int64>(scratch: true)
    var best = Column<UInt64>(scratch: true), wideBest = Column<UInt128>(capacity: 0)
    /// The answer: per item, the first item of the last line of the least partition
    /// ending with it.
    var start = Column<Int>(scratch: true)
    /// The exact paths' queue: each start, and the first line end it owns.
    var queued = Column<Int>(scratch: true), owns = Column<Int>(scratch: true)
    /// The closed form's queue.
    var starts = StartQueue()

    /// Room for the answer for a stretch of `count` items.
    mutating func reserve(_ count: Int) { start.reserve(count) }

    /// Room for the exact paths and step 4 (`end` and `size` are the caller's to fill).
    mutating func reserveArrays(_ count: Int) {
        end.reserve(count); size.reserve(count)
        best.reserve(count + 1); queued.reserve(count); owns.reserve(count)
    }

    /// Fills `end` and `size` with `units`' first `count` items.
    mutating func fill<Units: StretchUnits>(_ units: Units, _ count: Int) {
        reserveArrays(count)
        var units = units
        for k in 0..<count { (size.pointer[k], end.pointer[k]) = units.next() }
    }

    /// The ways `solve` finds the lines: in closed form (while every amount stays below
    /// 2^63: the common case, reading the items once, in order, with a queue as long as
    /// the starts that can still be best), else, over `end` and `size`, by searching the
    /// queue with exact sums in `UInt64`, else in `UInt128`.
    enum Path: CaseIterable { case closedForm, exact, wide }

    /// Fills `start` for the `count` items `units` gives at limit `limit` (whole units,
    /// 0 ... 2^31 − 1); the path that did (`only` one: nil when that one cannot).
    /// `arrays`: `end` and `size` hold the items already.
    @discardableResult
    mutating func solve<Units: StretchUnits>(_ units: Units, _ count: Int, limit: Int64, arrays: Bool = false,
                                             only: Path? = nil) -> Path? {
        reserve(count)
        var filled = arrays
        for path in Path.allCases where only == nil || only == path {
            if path != .closedForm && !filled {
                fill(units, count)
                filled = true
            }
            switch path {
            case .closedForm: if runQuickly(units, count, limit: limit) { return path }
            case .exact: if run(count, limit: limit, best: best.pointer) { return path }
            case .wide:
                wideBest.reserve(count + 1)
                if run(count, limit: limit, best: wideBest.pointer) { return path }
            }
        }
        return nil
    }

    /// The common case in closed form, while every amount stays below 2^63 (false when
    /// one does not: then `start` is not the answer). A start a (line a...b) costs
    /// F_a + (R_a − E_b)² at line end b, where E_b is where item b ends, R_a = C + E_a −
    /// s_a is the furthest end its lines reach, and F_a the least cost before it: as a
    /// function of E_b, the same parabola for every start, shifted. A later start b
    /// (R_b ≥ R_a) becomes at least as good as a from the first end where
    /// (F_b − F_a) + (R_b − R_a)(R_a + R_b − 2 E) ≤ 0, or where a's lines end (E > R_a):
    /// a threshold on E, found by one division, so that the queue holds each start's
    /// threshold and line ends move along it by comparisons alone. An item longer than C
    /// stands alone and empties the queue.
    private mutating func runQuickly<Units: StretchUnits>(_ units: Units, _ count: Int, limit: Int64) -> Bool {
        var units = units
        let start = start.pointer
        var starts = self.starts.ring
        // F before item b.
        var bestB: Int64 = 0
        for b in 0..<count {
            let (sizeB, endB) = units.next()
            guard sizeB <= limit else {
                // Alone on its line, at no cost; no line reaches past it.
                starts.removeAll()
                start[b] = b
                continue
            }
            let (reachB, o1) = (limit + endB).subtractingReportingOverflow(sizeB)
            if o1 { return false }
            var from = endB
            while !starts.isEmpty {
                let last = starts.last
                let at = max(last.owns, endB)
                let d = reachB - last.reach
                // b at least as good as the last start where that one's run begins: the
                // last start is never needed.
                if at > last.reach { starts.removeLast(); continue }
                let (sum, o2) = (last.reach + reachB).subtractingReportingOverflow(2 &* at)
                let (product, o3) = d.multipliedReportingOverflow(by: sum)
                let (gap, o4) = (bestB - last.best).addingReportingOverflow(product)
                if o2 || o3 || o4 { return false }
                if gap <= 0 { starts.removeLast(); continue }
                // Else from the first E where the difference reaches 0, or past its reach.
                from = last.reach + 1
                if d > 0 {
                    let (span, o5) = d.multipliedReportingOverflow(by: last.reach + reachB)
                    let (n, o6) = (bestB - last.best).addingReportingOverflow(span)
                    if o5 || o6 { return false }
                    let (q, r) = n.quotientAndRemainder(dividingBy: 2 * d)
                    from = min(from, r > 0 ? q + 1 : q)
                }
                break
            }
            if starts.isFull { starts = self.starts.widened(starts) }
            starts.append(StartQueue.Start(item: b, best: bestB, reach: reachB, owns: from))
            let first = starts.firstOwning(endB)
            let slack = first.reach - endB
            let (least, o7) = first.best.addingReportingOverflow(slack &* slack)
            if o7 { return false }
            bestB = least
            start[b] = first.item
        }
        return true
    }

    /// One pass in `Cost`: false when a sum reached `Cost.max` (then `start` is not the
    /// answer).
    private func run<Cost: LineCost>(_ count: Int, limit: Int64, best: UnsafeMutablePointer<Cost>) -> Bool {
        let end = end.pointer, size = size.pointer, start = start.pointer
        let queued = queued.pointer, owns = owns.pointer
        let saturated = Cost(UInt64.max)
        var overflowed = false
        // The cost of the items before line start `a` plus line a...b; `Cost.max` when the
        // line cannot be made (or the sum overflowed).
        @inline(__always) func cost(_ a: Int, _ b: Int) -> Cost {
            let length = end[b] - end[a] + size[a]
            var line: UInt64 = 0
            if length <= limit {
                let slack = UInt64(limit - length)
                line = slack &* slack
            } else if a != b {
                return .max
            }
            guard let sum = Cost.adding(best[a], line) else {
                overflowed = true
                return .max
            }
            return sum
        }
        @inline(__always) func atLeastAsGood(_ later: Int, _ earlier: Int, at b: Int) -> Bool {
            cost(later, b) <= cost(earlier, b)
        }
        best[0] = 0
        var head = 0, tail = 0
        for b in 0..<count {
            // Start b joins the queue.
            var joins = b
            while tail > head {
                let last = queued[tail - 1], from = max(owns[tail - 1], b)
                if atLeastAsGood(b, last, at: from) {
                    tail -= 1
                    continue
                }
                // The first end after `from` where b is at least as good as `last`: none
                // before `low + 1`, one at `high` (or none when `high` is `count`).
                var low = from, high = count, step = 1
                while from + step < count {
                    if atLeastAsGood(b, last, at: from + step) {
                        high = from + step
                        break
                    }
                    low = from + step
                    step &<<= 1
                }
                while high - low > 1 {
                    let middle = low + (high - low) / 2
                    if atLeastAsGood(b, last, at: middle) { high = middle } else { low = middle }
                }
                joins = high
                break
            }
            if joins < count {
                queued[tail] = b
                owns[tail] = joins
                tail += 1
            }
            while tail - head > 1 && owns[head + 1] <= b { head += 1 }
            let a = queued[head]
            let least = cost(a, b)
            if overflowed { return false }
            best[b + 1] = least
            start[b] = least >= saturated ? b : a
        }
        return true
    }
}

/// The closed form's queue of line starts (`LeastCostLines.runQuickly`): appended and
/// removed at the back, dropped at the front as line ends pass them; in a ring that
/// holds the starts that can still be best (about a line's items), not one per item.
/// The ring's memory is owned here; the breaker's loop works on a `Ring` copied out, so
/// that its ends stay in registers.
struct StartQueue: ~Copyable {
    /// A start: its item, the least cost before it, the furthest end its lines reach,
    /// and the end from which it is at least as good as the start before it.
    struct Start {
        var item: Int
        var best: Int64
        var reach: Int64
        var owns: Int64
    }

    /// The queue's starts `head ..< tail` (indices masked into the ring).
    struct Ring {
        var pointer: UnsafeMutablePointer<Start>
        var mask: Int, head = 0, tail = 0

        var isEmpty: Bool { tail == head }
        var last: Start { pointer[(tail - 1) & mask] }
        var isFull: Bool { tail - head > mask }

        mutating func removeAll() { head = 0; tail = 0 }
        mutating func removeLast() { tail -= 1 }

        /// Appends `start` (the ring has room: not `isFull`).
        @inline(__always)
        mutating func append(_ start: Start) {
            pointer[tail & mask] = start
            tail += 1
        }

        /// The first start, once those that a later one is as good as at `end` are dropped.
        @inline(__always)
        mutating func firstOwning(_ end: Int64) -> Start {
            while tail - head > 1 && pointer[(head + 1) & mask].owns <= end { head += 1 }
            return pointer[head & mask]
        }
    }

    private var storage = Column<Start>(capacity: 64, scratch: true)

    /// An empty ring over the queue's memory.
    var ring: Ring { Ring(pointer: storage.pointer, mask: storage.capacity - 1) }

    /// `ring` with twice the room, its starts kept in order (the old memory is let go).
    mutating func widened(_ ring: Ring) -> Ring {
        let wider = Column<Start>(capacity: 2 * (ring.mask + 1), scratch: true), pointer = wider.pointer
        for i in ring.head..<ring.tail { pointer[i - ring.head] = ring.pointer[i & ring.mask] }
        storage = wider
        return Ring(pointer: pointer, mask: 2 * ring.mask + 1, tail: ring.tail - ring.head)
    }
}

/// The items of a stretch in order, as the breaker reads them: each item's size along the
/// lines and where it ends when every item from the stretch's first shares a line, whole
/// units.
protocol StretchUnits {
    mutating func next() -> (size: Int64, end: Int64)
}

/// `StretchUnits` from `LeastCostLines`' own `end` and `size`.
struct ArrayUnits: StretchUnits {
    let end: UnsafeMutablePointer<Int64>, size: UnsafeMutablePointer<Int64>
    var k = 0

    @inline(__always)
    mutating func next() -> (size: Int64, end: Int64) {
        defer { k += 1 }
        return (size[k], end[k])
    }
}

/// The sums of line costs: `UInt64`, refusing a sum that reaches its maximum, and
/// `UInt128`, which no sum of fewer than 2^31 lines reaches.
protocol LineCost: FixedWidthInteger, UnsignedInteger {
    /// `sum + line`, or nil when it reaches `Self.max`.
    static func adding(_ sum: Self, _ line: UInt64) -> Self?
}

extension UInt64: LineCost {
    @inline(__always)
    static func adding(_ sum: UInt64, _ line: UInt64) -> UInt64? {
        let (total, overflow) = sum.addingReportingOverflow(line)
        return overflow || total == .max ? nil : total
    }
}

extension UInt128: LineCost {
    @inline(__always)
    static func adding(_ sum: UInt128, _ line: UInt64) -> UInt128? { sum + UInt128(line) }
}
