/// The lines placed so far, as `FlowFeatures.Frame` sums them: how many, where the last
/// one starts across and its size (units), the sum of their sizes and of the gaps.
struct LinesSoFar {
    var count = 0
    var position: Double, previousSize = 0.0
    var sizes = 0.0, gaps: Double
    /// Whether a wrap-reversed line placed in units had a size across off the lattice
    /// (`UnitsFromEnd`): such a flow is placed again by the frame.
    var offLattice = false

    /// No lines yet, `gap` between those to come. The sums start a gap back, so that
    /// each line adds its gap (the first one's makes +0): the frame's sums, unbranched.
    init(gap: Double) {
        position = -gap
        gaps = -gap
    }

    /// The next line, `size` across, after `gap` (the one `init` took).
    @inline(__always)
    mutating func add(_ size: Double, gap: Double) {
        position += previousSize + gap
        gaps += gap
        sizes += size
        previousSize = size
        count &+= 1
    }

    /// `add` without the last line's place, for a flow whose lines are placed across
    /// after the pass (`LineSpread`, which writes every line's place): `position` means
    /// nothing there.
    @inline(__always)
    mutating func addSize(_ size: Double, gap: Double) {
        gaps += gap
        sizes += size
        count &+= 1
    }

    /// The lines' size across: their sizes and the gaps between them.
    var total: Double { count == 0 ? 0 : sizes + gaps }
}
