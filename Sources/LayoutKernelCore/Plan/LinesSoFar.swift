/// The lines of a featured flow summed across as SPEC.md §11 places them, one line after
/// another (units of 1/64 px): where the last one starts (the sizes and gaps of the lines
/// before it), and the lines' sizes and gaps summed apart. The frame sums the lines with
/// it in frame order, the kernels as they close them, so that both form the same values.
public struct LinesSoFar {
    public var count = 0
    public var position: Double, previousSize = 0.0
    public var sizes = 0.0, gaps: Double
    /// Whether a wrap-reversed line placed in units had a size across off the lattice
    /// (a kernel's flag: such a flow is placed again by the frame).
    public var offLattice = false

    /// No lines yet, `gap` between those to come. The sums start a gap back, so that
    /// each line adds its gap (the first one's makes +0): the rule's sums, unbranched.
    @inlinable
    public init(gap: Double) {
        position = -gap
        gaps = -gap
    }

    /// The next line, `size` across, after `gap` (for the first line, the one `init`
    /// took).
    @inlinable @inline(__always)
    public mutating func add(_ size: Double, gap: Double) {
        position += previousSize + gap
        addSize(size, gap: gap)
        previousSize = size
    }

    /// `add` without the last line's place, for lines placed across after they are all
    /// known: `position` means nothing there.
    @inlinable @inline(__always)
    public mutating func addSize(_ size: Double, gap: Double) {
        gaps += gap
        sizes += size
        count &+= 1
    }

    /// The lines' size across: their sizes and the gaps between them.
    @inlinable
    public var total: Double { count == 0 ? 0 : sizes + gaps }
}
