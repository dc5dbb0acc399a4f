import LayoutKernelCore
import LayoutKernelDispatch
import LayoutKernelValidation

/// One candidate of `firstFit`: a layout and its own items.
public struct FirstFitCandidate: Sendable {
    public var layout: AnyLayout
    public var items: ItemList

    public init(_ layout: AnyLayout, _ items: ItemList) {
        self.layout = layout
        self.items = items
    }

    public init(_ layout: AnyLayout, widths: [Float], heights: [Float]) {
        self.init(layout, ItemList(widths: widths, heights: heights))
    }
}

/// SwiftUI's `ViewThatFits`: the first candidate whose ideal size (its size for the
/// unspecified proposal) fits `proposal` on `axes` (unspecified axes taken as 10), else
/// the last, laid out for the real `proposal`.
///
/// ```swift
/// let row = FirstFitCandidate(.balanced(.init(axis: .horizontal)), widths: [80, 80, 80], heights: [40, 40, 40])
/// let column = FirstFitCandidate(.balanced(.init(axis: .vertical)), widths: [80, 80, 80], heights: [40, 40, 40])
/// let (index, layout) = try firstFit([row, column], proposal: Proposal(width: 200, height: 300))
/// // index == 1: the row's ideal width, 240, does not fit in 200
/// ```
///
/// - Throws: `LayoutError` when there is no candidate or any candidate is invalid (every
///   candidate is checked before any is measured).
public func firstFit(_ candidates: [FirstFitCandidate], axes: Axes = .both,
                     proposal: Proposal = .unspecified) throws(LayoutError) -> (index: Int, layout: LayoutResult) {
    guard !candidates.isEmpty else { throw .parameter("candidates is empty (first fit needs a candidate)") }
    guard !axes.isEmpty, Axes.both.contains(axes) else {
        throw .parameter("axes is \(axes.rawValue) (must be .horizontal, .vertical or .both)")
    }
    let proposal = try checked { () throws(APIError) in try validated(proposal) }
    // Every candidate is checked before any size is asked for.
    var layouts: [AnyLayout] = []
    for (index, candidate) in candidates.enumerated() {
        try withItems(candidate.items) { (items) throws(LayoutError) in
            layouts.append(try checked { () throws(APIError) in
                _ = try validated(items, "candidates[\(index)].items")
                return try validatedLayout(candidate.layout)
            })
        }
    }
    let kernels = ActiveKernel.layouts
    let pick = FirstFit.choose(count: candidates.count, axes: axes, proposal: proposal) { index in
        candidates[index].items.withItems { kernels.size($0, layouts[index], .unspecified) }
    }
    let layout = candidates[pick].items.withItems { items in
        LayoutResult.placing(items, layouts[pick], proposal, with: kernels, exactPositions: false)
    }
    return (pick, layout)
}
