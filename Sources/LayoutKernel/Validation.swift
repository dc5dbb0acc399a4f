import CLayoutKernel
import LayoutKernelCore

// Everything the C caller passes is checked here, before any layout runs and before
// anything is written: the core below trusts what it is given.

/// The largest item count: its per-item buffers (8 bytes an element at most, in the row
/// table) have byte sizes that fit in `Int` with room to spare.
let maxItemCount = 1 << 60

/// Validates `lk_items` and returns the view the core takes.
///
/// Checks, in order: the struct pointer, the count's byte size, the required arrays,
/// then each item's sizes, spacing preferences and flags (reporting the first bad item).
func validatedItems(_ pointer: UnsafePointer<lk_items>?) throws(APIError) -> Items {
    let raw = try required(pointer, "items").pointee
    // size_t arrives as Int: a count above Int.max reads as negative.
    guard (0...maxItemCount).contains(raw.count) else {
        throw APIError(status: LK_ERR_SIZE_OVERFLOW,
                       message: "items.count is \(UInt(bitPattern: raw.count)): its buffers' byte sizes would overflow")
    }
    let n = raw.count
    func buffer<T>(_ base: UnsafePointer<T>?) -> UnsafeBufferPointer<T>? {
        base.map { UnsafeBufferPointer(start: $0, count: n) }
    }
    let widths = n == 0 ? UnsafeBufferPointer(start: nil, count: 0)
                        : try required(buffer(raw.widths), "items.widths")
    let heights = n == 0 ? UnsafeBufferPointer(start: nil, count: 0)
                         : try required(buffer(raw.heights), "items.heights")
    let items = Items(widths: widths, heights: heights,
                      leading: buffer(raw.spacing_leading), trailing: buffer(raw.spacing_trailing),
                      top: buffer(raw.spacing_top), bottom: buffer(raw.spacing_bottom),
                      flags: buffer(raw.flags))
    try checkNonNegative([("widths", items.widths), ("heights", items.heights)],
                         status: LK_ERR_INVALID_ITEM_SIZE, what: "sizes")
    let spacing = [("spacing_leading", items.leading), ("spacing_trailing", items.trailing),
                   ("spacing_top", items.top), ("spacing_bottom", items.bottom)]
        .compactMap { name, buffer in buffer.map { (name, $0) } }
    try checkNonNegative(spacing, status: LK_ERR_INVALID_ITEM_SPACING, what: "spacing preferences")
    if let flags = items.flags, let i = flags.firstIndex(where: { $0 & ~ItemFlag.all != 0 }) {
        throw APIError(status: LK_ERR_INVALID_ITEM_FLAGS,
                       message: "flags[\(i)] is \(flags[i]) (only LK_ITEM_BREAK_BEFORE is defined)",
                       index: i)
    }
    return items
}

/// The largest length an item size or spacing may have: 2^64. With at most 2^60 items,
/// every sum a layout forms then stays below 2^125, far inside `Float`'s range, so no
/// valid input can overflow to infinity.
let maxLength: Float = 0x1p64

/// Whether a length is in `[0, 2^64]` (false for NaN and infinities).
@inline(__always)
func isValidLength(_ value: Float) -> Bool { value >= 0 && value <= maxLength }

/// Fails on the smallest item index at which any of `arrays` holds a value that is NaN,
/// infinite or negative (at equal indices, the earlier array is named).
private func checkNonNegative(_ arrays: [(String, UnsafeBufferPointer<Float>)],
                              status: lk_status, what: String) throws(APIError) {
    var worst: (index: Int, name: String, value: Float)?
    for (name, values) in arrays {
        let end = worst?.index ?? values.count
        if let i = values[..<end].firstIndex(where: { !isValidLength($0) }) {
            worst = (i, name, values[i])
        }
    }
    if let worst {
        throw APIError(status: status,
                       message: "\(worst.name)[\(worst.index)] is \(worst.value) (\(what) must be >= 0 and <= 2^64)",
                       index: worst.index)
    }
}

/// Validates a proposal: each axis NaN (unspecified), `+infinity`, or finite `>= 0`.
func validatedProposal(_ proposal: lk_proposal) throws(APIError) -> Proposal {
    Proposal(width: try validatedAxis(proposal.width, "proposal.width"),
             height: try validatedAxis(proposal.height, "proposal.height"))
}

/// One proposal axis: `nil` for NaN, the value when it is `+infinity` or finite `>= 0`.
func validatedAxis(_ value: Float, _ name: String) throws(APIError) -> Float? {
    if value.isNaN { return nil }
    guard value >= 0 else {
        throw APIError(status: LK_ERR_INVALID_PROPOSAL,
                       message: "\(name) is \(value) (must be >= 0, INFINITY or LK_UNSPECIFIED)")
    }
    return value
}

/// Validates flow parameters; `NULL` stands for the defaults.
func validatedFlowParameters(_ pointer: UnsafePointer<lk_flow_params>?) throws(APIError) -> FlowParameters {
    guard let raw = pointer?.pointee else { return FlowParameters() }
    return FlowParameters(
        spacing: try validatedSpacing(raw.spacing, mode: raw.spacing_mode, "params.spacing"),
        lineSpacing: try validatedSpacing(raw.line_spacing, mode: raw.line_spacing_mode,
                                          "params.line_spacing"),
        alignment: try validatedAnchor(raw.alignment, "params.alignment"))
}

/// A spacing: its mode must be known and its fixed value in `[0, 2^64]` (checked in
/// both modes: a NaN left in an unused field is still a caller's bug).
func validatedSpacing(_ value: Float, mode: Int32, _ name: String) throws(APIError) -> Spacing {
    guard isValidLength(value) else {
        throw .parameter("\(name) is \(value) (must be >= 0 and <= 2^64)")
    }
    switch mode {
    case LK_SPACING_FIXED: return .fixed(value)
    case LK_SPACING_PER_ITEM: return .perItem
    default:
        throw .parameter("\(name)_mode is \(mode) (must be LK_SPACING_FIXED or LK_SPACING_PER_ITEM)")
    }
}

/// An anchor: both components in `[0, 1]`.
func validatedAnchor(_ anchor: lk_anchor, _ name: String) throws(APIError) -> Anchor {
    let value = Anchor(x: anchor.x, y: anchor.y)
    guard value.isValid else {
        throw .parameter("\(name) is (\(anchor.x), \(anchor.y)) (each component must be in [0, 1])")
    }
    return value
}
