import CLayoutKernel
import LayoutKernelCore
import LayoutKernelValidation

// Everything the C caller passes is checked here, before any layout runs and before
// anything is written: the core below trusts what it is given. The rules on values
// (lengths, proposals, anchors, items) are LayoutKernelValidation's, which the Swift API
// shares; this file reads them out of the C structs.

/// Validates `lk_items` and returns the view the core takes.
///
/// Checks, in order: the struct pointer, the count's byte size, the required arrays,
/// then each item's sizes, spacing preferences and flags (reporting the first bad item).
func validatedItems(_ pointer: UnsafePointer<lk_items>?, _ name: @autoclosure () -> String = "items") throws(APIError) -> Items {
    let raw = try sized(pointer, name(), start: "lk_items_default").pointee
    // size_t arrives as Int: a count above Int.max reads as negative.
    guard (0...maxItemCount).contains(raw.count) else {
        throw APIError(status: LK_ERR_SIZE_OVERFLOW,
                       message: "\(name()).count is \(UInt(bitPattern: raw.count)): its buffers' byte sizes would overflow")
    }
    let n = raw.count
    func buffer<T>(_ base: UnsafePointer<T>?) -> UnsafeBufferPointer<T>? {
        base.map { UnsafeBufferPointer(start: $0, count: n) }
    }
    let widths = n == 0 ? UnsafeBufferPointer(start: nil, count: 0)
                        : try required(buffer(raw.widths), "\(name()).widths")
    let heights = n == 0 ? UnsafeBufferPointer(start: nil, count: 0)
                         : try required(buffer(raw.heights), "\(name()).heights")
    let rules = ItemRules(alignSelf: buffer(raw.align_self), baseline: buffer(raw.baseline),
                          lastBaseline: buffer(raw.last_baseline), stretchable: buffer(raw.stretchable),
                          minWidth: buffer(raw.min_width), maxWidth: buffer(raw.max_width),
                          minHeight: buffer(raw.min_height), maxHeight: buffer(raw.max_height), shrink: buffer(raw.shrink))
    let items = Items(widths: widths, heights: heights,
                      leading: buffer(raw.spacing_leading), trailing: buffer(raw.spacing_trailing),
                      top: buffer(raw.spacing_top), bottom: buffer(raw.spacing_bottom),
                      flags: buffer(raw.flags), grow: buffer(raw.grow), rules: rules.isEmpty ? nil : rules)
    return try validated(items, name())
}

/// Validates a proposal: each axis NaN (unspecified), `+infinity`, or finite `>= 0`.
func validatedProposal(_ proposal: lk_proposal, _ name: @autoclosure () -> String = "proposal") throws(APIError) -> Proposal {
    Proposal(width: try validatedAxis(proposal.width, "\(name()).width"),
             height: try validatedAxis(proposal.height, "\(name()).height"))
}

/// Validates flow parameters; `NULL` stands for the defaults.
func validatedFlowParameters(_ pointer: UnsafePointer<lk_flow_params>?) throws(APIError) -> FlowParameters {
    guard let pointer else { return FlowParameters() }
    return try validatedFlowParameters(try sized(pointer, "params", start: "lk_flow_params_default").pointee, "params")
}

/// Validates flow parameters; `name` prefixes the fields in messages.
/// `raw.struct_size` is checked by the caller (here, or with the lk_layout holding it).
func validatedFlowParameters(_ raw: lk_flow_params, _ name: @autoclosure () -> String) throws(APIError) -> FlowParameters {
    func flag(_ value: Int32, _ field: String) throws(APIError) -> Bool {
        guard value == 0 || value == 1 else { throw .parameter("\(name()).\(field) is \(value) (must be 0 or 1)") }
        return value == 1
    }
    func distribution(_ value: Int32, _ field: String, lines: Bool) throws(APIError) -> Distribution? {
        if value == LK_DISTRIBUTE_DEFAULT { return nil }
        guard let mode = Distribution(rawValue: value), lines || mode != .stretch else {
            let range = lines ? "LK_DISTRIBUTE_DEFAULT ... LK_DISTRIBUTE_STRETCH"
                              : "LK_DISTRIBUTE_DEFAULT ... LK_DISTRIBUTE_SPACE_EVENLY"
            throw .parameter("\(name()).\(field) is \(value) (must be one of \(range))")
        }
        return mode
    }
    let direction: Direction
    switch raw.direction {
    case LK_DIRECTION_LTR: direction = .ltr
    case LK_DIRECTION_RTL: direction = .rtl
    default: throw .parameter("\(name()).direction is \(raw.direction) (must be LK_DIRECTION_LTR or LK_DIRECTION_RTL)")
    }
    let axis: Axes
    switch raw.axis {
    case 0, LK_AXIS_HORIZONTAL: axis = .horizontal
    case LK_AXIS_VERTICAL: axis = .vertical
    default: throw .parameter("\(name()).axis is \(raw.axis) (must be LK_AXIS_HORIZONTAL or LK_AXIS_VERTICAL)")
    }
    let wrap: Wrap
    switch raw.wrap {
    case LK_WRAP_WRAP: wrap = .wrap
    case LK_WRAP_NOWRAP: wrap = .nowrap
    case LK_WRAP_BALANCE: wrap = .balance
    default:
        throw .parameter("\(name()).wrap is \(raw.wrap) (must be LK_WRAP_WRAP, LK_WRAP_NOWRAP or LK_WRAP_BALANCE)")
    }
    guard raw.min_lines >= 0 else {
        throw .parameter("\(name()).min_lines is \(raw.min_lines) (must be at least 1, or 0 for no minimum)")
    }
    guard raw.max_lines >= 0 else {
        throw .parameter("\(name()).max_lines is \(raw.max_lines) (must be at least 1, or 0 for no limit)")
    }
    let overflowItem: Size?
    switch (raw.overflow_item.width.isNaN, raw.overflow_item.height.isNaN) {
    case (true, true): overflowItem = nil
    case (false, false):
        overflowItem = Size(width: try validatedLength(raw.overflow_item.width, "\(name()).overflow_item.width"),
                            height: try validatedLength(raw.overflow_item.height, "\(name()).overflow_item.height"))
    default:
        throw .parameter("\(name()).overflow_item is \(raw.overflow_item.width) x \(raw.overflow_item.height) "
                         + "(both NaN for none, or both lengths)")
    }
    let alignItems: ItemAlignment?
    switch raw.align_items {
    case LK_ITEM_ALIGN_AUTO: alignItems = nil
    case let code where (1...6).contains(code): alignItems = ItemAlignment(rawValue: UInt8(code))
    default:
        throw .parameter("\(name()).align_items is \(raw.align_items) "
                         + "(must be LK_ITEM_ALIGN_AUTO ... LK_ITEM_ALIGN_LAST_BASELINE, 0 ... 6)")
    }
    let wrapReverse = try flag(raw.wrap_reverse, "wrap_reverse")
    try checkWrap(wrap, wrapReverse: wrapReverse, name())
    return FlowParameters(
        spacing: try validatedSpacing(raw.spacing, mode: raw.spacing_mode, "\(name()).spacing"),
        lineSpacing: try validatedSpacing(raw.line_spacing, mode: raw.line_spacing_mode,
                                          "\(name()).line_spacing"),
        alignment: try validatedAnchor(raw.alignment, "\(name()).alignment"),
        justify: try distribution(raw.justify, "justify", lines: false), direction: direction,
        reverse: try flag(raw.reverse, "reverse"), wrapReverse: wrapReverse,
        axis: axis, alignContent: try distribution(raw.align_content, "align_content", lines: true), wrap: wrap,
        minLines: max(Int(raw.min_lines), 1), maxLines: raw.max_lines == 0 ? nil : Int(raw.max_lines),
        overflowItem: overflowItem, alignItems: alignItems)
}

/// A spacing: its mode must be known and its fixed value in `[0, 2^64]` (checked in
/// both modes: a NaN left in an unused field is still a caller's bug).
func validatedSpacing(_ value: Float, mode: Int32, _ name: @autoclosure () -> String) throws(APIError) -> Spacing {
    let value = try validatedLength(value, name())
    switch mode {
    case LK_SPACING_FIXED: return .fixed(value)
    case LK_SPACING_PER_ITEM: return .perItem
    default:
        throw .parameter("\(name())_mode is \(mode) (must be LK_SPACING_FIXED or LK_SPACING_PER_ITEM)")
    }
}

/// An anchor: both components in `[0, 1]`.
func validatedAnchor(_ anchor: lk_anchor, _ name: @autoclosure () -> String) throws(APIError) -> Anchor {
    try validated(Anchor(x: anchor.x, y: anchor.y), name())
}
