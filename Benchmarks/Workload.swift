import LayoutKernelCore

/// A flow workload: item sizes, the row width (the proposal's width), the gaps, and the
/// extra alignments timed on it besides top-leading.
///
/// Two are built in, both from SplitMix64 (the same items come out of any language that
/// implements it; python/benchmarks does, in NumPy), and both with integer lengths, so
/// every kernel level must match the reference exactly:
///
/// - `tags`: tag-like items, as a tag cloud or a chip list lays out. Item `i` is
///   `40 + 8 * k` wide, with `k` the top 4 bits of the `i`-th output of SplitMix64 seeded
///   with 42 (so 40 to 160 in steps of 8), and 32 high; rows of 800, gaps of 8.
/// - `varied`: items of varied widths and heights. With `z` the `i`-th output of
///   SplitMix64 seeded with 7, item `i` is `24 + (z >> 32) % 177` wide (24 to 200) and
///   `16 + (z & 0xFFFF_FFFF) % 25` high (16 to 40); rows of 1000, spacing 6, line
///   spacing 4. Also timed centred and bottom-trailing.
struct Workload {
    var name: String
    var widths: [Float]
    var heights: [Float]
    var width: Float
    var spacing: Float
    var lineSpacing: Float
    /// Alignments timed besides top-leading (with the best level), and their names.
    var alignments: [(name: String, anchor: Anchor)] = []

    /// How many sets of `count` items `widths` and `heights` hold, one after another
    /// (the built-in workloads' next items): timed calls take them in turn, so that a
    /// call never lays out the items the call before it did. A branch predictor learns
    /// where the rows of a repeated input break (seen here up to about 100,000 items);
    /// a layout call usually gets items it has not seen (the same items every frame are
    /// the engine's case).
    var sets = 1

    /// Items per call.
    var count: Int { widths.count / sets }

    /// Items per call come from a pool of at least this many items.
    static let poolItems = 1 << 18

    /// The names `--workload` takes, in the order they run.
    static let builtIn = ["tags", "varied"]

    /// The first `count` items of a built-in workload (nil for an unknown name).
    /// With `fresh`, as many sets of `count` items as `poolItems` needs (see `sets`).
    static func builtIn(_ name: String, count: Int, fresh: Bool = false) -> Workload? {
        let sets = fresh && count > 0 ? max(1, (poolItems + count - 1) / count) : 1
        var workload: Workload
        switch name {
        case "tags": workload = tags(count: count * sets)
        case "varied": workload = varied(count: count * sets)
        default: return nil
        }
        workload.sets = sets
        return workload
    }

    /// The widths and heights of set `k`.
    func set(_ k: Int, of items: Items) -> Items {
        items.slice(k * count..<(k + 1) * count)
    }

    static func tags(count: Int) -> Workload {
        var random = SplitMix64(seed: 42)
        var widths = [Float](repeating: 0, count: count)
        for i in 0..<count {
            widths[i] = Float(40 + 8 * (random.next() >> 60))
        }
        return Workload(name: "tags", widths: widths, heights: [Float](repeating: 32, count: count),
                        width: 800, spacing: 8, lineSpacing: 8)
    }

    static func varied(count: Int) -> Workload {
        var random = SplitMix64(seed: 7)
        var widths = [Float](repeating: 0, count: count)
        var heights = [Float](repeating: 0, count: count)
        for i in 0..<count {
            let z = random.next()
            widths[i] = Float(24 + (z >> 32) % 177)
            heights[i] = Float(16 + (z & 0xFFFF_FFFF) % 25)
        }
        return Workload(name: "varied", widths: widths, heights: heights, width: 1000, spacing: 6,
                        lineSpacing: 4, alignments: [("centre", .center), ("bottom-trailing", .bottomTrailing)])
    }

    /// What the items are, for the report's title.
    var summary: String {
        switch name {
        case "tags": return "tag-like items (w 40..160 step 8, h 32)"
        case "varied": return "varied items (w 24..200, h 16..40, integers)"
        default: return "\(count.formatted()) items"
        }
    }

    /// The workload's settings: its items, row width and gaps.
    var settings: String {
        "\(summary), row width \(length(width)), spacing \(length(spacing)), line spacing \(length(lineSpacing))"
    }

    func parameters(_ alignment: Anchor = .topLeading) -> FlowParameters {
        FlowParameters(spacing: .fixed(spacing), lineSpacing: .fixed(lineSpacing), alignment: alignment)
    }

    var proposal: Proposal { Proposal(width: width, height: nil) }

    var description: String {
        "\(count) items, row width \(length(width)), spacing \(length(spacing)), "
            + "line spacing \(length(lineSpacing)), top-leading"
    }

    /// Whether every length is a multiple of 1/64 and rows stay below 2^17 px.
    var isOnGrid: Bool {
        func grid(_ v: Float) -> Bool { (v * 64).rounded() == v * 64 }
        return width <= 131_072 && grid(width) && grid(spacing) && grid(lineSpacing)
            && widths.allSatisfy(grid) && heights.allSatisfy(grid) && (widths.max() ?? 0) <= 131_072
    }
}

/// A length as written: 800 rather than 800.0.
private func length(_ value: Float) -> String {
    value.isFinite && value == value.rounded() && abs(value) < 1e9 ? String(Int(value)) : "\(value)"
}

/// SplitMix64 (Steele, Lea and Flood): the built-in workloads' random numbers.
struct SplitMix64 {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
