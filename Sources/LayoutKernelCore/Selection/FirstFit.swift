/// SwiftUI's `ViewThatFits` (lk_first_fit in layoutkernel.h).
public enum FirstFit {

    /// The index of the first of `count` candidates whose ideal size (its size for the
    /// unspecified proposal, from `idealSize`) is within `proposal` — unspecified axes
    /// taken as 10 — on every axis in `axes`; the last candidate when none is. The last
    /// candidate's ideal size is never asked for.
    public static func choose(count: Int, axes: Axes, proposal: Proposal,
                              idealSize: (Int) -> Size) -> Int {
        precondition(count >= 1, "first fit needs a candidate")
        let limit = proposal.replacingUnspecified(by: 10)
        for index in 0..<(count - 1) {
            let ideal = idealSize(index)
            let fitsWidth = !axes.contains(.horizontal) || ideal.width <= limit.width!
            let fitsHeight = !axes.contains(.vertical) || ideal.height <= limit.height!
            if fitsWidth && fitsHeight { return index }
        }
        return count - 1
    }
}
