import LayoutKernelCore

/// The built-in workload: tag-like items, as a tag cloud or a chip list lays out.
///
/// Item `i` is `40 + 8 * k` wide, with `k` the top 4 bits of the `i`-th output of
/// SplitMix64 seeded with 42 (so 40 to 160 in steps of 8), and 32 high. The same items
/// come out of any language that implements SplitMix64 (python/benchmarks does, in NumPy).
/// Lengths are multiples of 8, so every kernel level must match the reference exactly.
struct Workload {
    var name: String
    var widths: [Float]
    var heights: [Float]
    var width: Float
    var spacing: Float
    var lineSpacing: Float

    var count: Int { widths.count }

    static func tags(count: Int) -> Workload {
        var state: UInt64 = 42
        var widths = [Float](repeating: 0, count: count)
        for i in 0..<count {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            z ^= z >> 31
            widths[i] = Float(40 + 8 * (z >> 60))
        }
        return Workload(name: "tags", widths: widths, heights: [Float](repeating: 32, count: count),
                        width: 800, spacing: 8, lineSpacing: 8)
    }

    /// The first `count` items of this workload (repeating it when it is shorter).
    func prefix(_ count: Int) -> Workload {
        var copy = self
        copy.widths = (0..<count).map { widths[$0 % widths.count] }
        copy.heights = (0..<count).map { heights[$0 % heights.count] }
        return copy
    }

    var parameters: FlowParameters {
        FlowParameters(spacing: .fixed(spacing), lineSpacing: .fixed(lineSpacing), alignment: .topLeading)
    }

    var proposal: Proposal { Proposal(width: width, height: nil) }

    var description: String {
        "\(count) items, row width \(width), spacing \(spacing), line spacing \(lineSpacing), top-leading"
    }
}
