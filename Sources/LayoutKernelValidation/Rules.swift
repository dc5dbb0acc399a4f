import CLayoutKernel
import LayoutKernelCPU
import LayoutKernelCore
import LayoutKernelDispatch
import LayoutKernelSupport

// What every caller's input must satisfy, for the C API and the Swift API alike: each
// rule is written once here, and both layers check their input with it before any
// layout runs and before anything is written (the core below trusts what it is given).

/// The largest item count: its per-item buffers (8 bytes an element at most, in the row
/// table) have byte sizes that fit in `Int` with room to spare.
public let maxItemCount = 1 << 60

/// The largest length an item size or spacing may have: 2^64. With at most 2^60 items,
/// every sum a layout forms then stays below 2^125, far inside `Float`'s range, so no
/// valid input can overflow to infinity.
public let maxLength: Float = 0x1p64

/// Whether a length is in `[0, 2^64]` (false for NaN and infinities).
@inline(__always)
public func isValidLength(_ value: Float) -> Bool { value >= 0 && value <= maxLength }

/// Checks every value of `items` (sizes, grow factors, spacing preferences, flags, item
/// rules) and reports the first bad item; `name` prefixes the arrays in messages
/// ("items" gives "items.widths[3]"; "" gives "widths[3]").
///
/// One vector pass over every array; only when it fails, a search for the first bad
/// item, at the smallest index (at equal indices, sizes before spacings).
public func validated(_ items: Items, _ name: @autoclosure () -> String = "items") throws(APIError) -> Items {
    // The prefix is made only when there is something to check with it.
    func prefix() -> String { name().isEmpty ? "" : name() + "." }
    if !ActiveKernel.layouts.inputsAreValid(items) { try checkEachValue(items, prefix()) }
    if let rules = items.rules { try validated(rules, prefix()) }
    return items
}

/// The search for the first bad size, grow factor, spacing preference or flag, once the
/// vector pass found one; `prefix` goes before the arrays' names in messages.
func checkEachValue(_ items: Items, _ prefix: String) throws(APIError) {
    var bad: InvalidLength?
    bad = firstInvalidLength(items.widths, "widths", before: bad)
    bad = firstInvalidLength(items.heights, "heights", before: bad)
    if let bad { throw bad.error(LK_ERR_INVALID_ITEM_SIZE, what: "sizes", in: prefix) }
    if let bad = firstInvalidLength(items.grow, "grow", before: nil) {
        throw bad.error(LK_ERR_INVALID_ITEM_SIZE, what: "grow factors", in: prefix)
    }
    bad = firstInvalidLength(items.leading, "spacing_leading", before: nil)
    bad = firstInvalidLength(items.trailing, "spacing_trailing", before: bad)
    bad = firstInvalidLength(items.top, "spacing_top", before: bad)
    bad = firstInvalidLength(items.bottom, "spacing_bottom", before: bad)
    if let bad { throw bad.error(LK_ERR_INVALID_ITEM_SPACING, what: "spacing preferences", in: prefix) }
    if let flags = items.flags, let i = flags.firstIndex(where: { $0 & ~ItemFlag.all != 0 }) {
        throw APIError(status: LK_ERR_INVALID_ITEM_FLAGS,
                       message: "\(prefix)flags[\(i)] is \(flags[i]) (only LK_ITEM_BREAK_BEFORE is defined)",
                       index: i)
    }
}

/// Checks a flow's item rules (SPEC.md §13), reporting the first bad value of the first
/// array holding one: alignment codes `LK_ITEM_ALIGN_AUTO ... LK_ITEM_ALIGN_LAST_BASELINE`,
/// stretchable 0 or 1, baselines finite (magnitude at most 2^64) or NaN, minimums in
/// `[0, 2^64]` or NaN, maximums that or `+infinity`, shrink factors in `[0, 2^64]`.
/// One vector pass over each array given.
func validated(_ rules: ItemRules, _ prefix: String) throws(APIError) {
    // Codes 0 (auto) ... 6 (last baseline), every one defined.
    if let codes = rules.alignSelf, let i = firstAbove(ItemAlignment.lastBaseline.rawValue, codes) {
        throw APIError(status: LK_ERR_INVALID_PARAMETER, message: "\(prefix)align_self[\(i)] is \(codes[i]) "
                       + "(must be LK_ITEM_ALIGN_AUTO ... LK_ITEM_ALIGN_LAST_BASELINE, 0 ... 6)", index: i)
    }
    if let flags = rules.stretchable, let i = firstAbove(1, flags) {
        throw APIError(status: LK_ERR_INVALID_PARAMETER,
                       message: "\(prefix)stretchable[\(i)] is \(flags[i]) (must be 0 or 1)", index: i)
    }
    func check(_ values: UnsafeBufferPointer<Float>?, _ name: String, _ rule: String,
               _ range: ValidRange) throws(APIError) {
        guard let values, let i = range.firstInvalid(values) else { return }
        throw APIError(status: LK_ERR_INVALID_ITEM_SIZE, message: "\(prefix)\(name)[\(i)] is \(values[i]) (\(rule))",
                       index: i)
    }
    let baseline = "a baseline must be finite, at most 2^64 from the top edge, or NaN for none"
    try check(rules.baseline, "baseline", baseline, .baseline)
    try check(rules.lastBaseline, "last_baseline", baseline, .baseline)
    let minimum = "a minimum must be >= 0 and <= 2^64, or NaN for none"
    let maximum = "a maximum must be >= 0 and <= 2^64, INFINITY or NaN for none"
    try check(rules.minWidth, "min_width", minimum, .minimum)
    try check(rules.maxWidth, "max_width", maximum, .maximum)
    try check(rules.minHeight, "min_height", minimum, .minimum)
    try check(rules.maxHeight, "max_height", maximum, .maximum)
    try check(rules.shrink, "shrink", "shrink factors must be >= 0 and <= 2^64", .length)
}

/// The index of the first of `codes` above `highest`, if one is.
func firstAbove(_ highest: UInt8, _ codes: UnsafeBufferPointer<UInt8>) -> Int? {
    firstIndex(codes) { (lanes: SIMD16<UInt8>) in lanes .> SIMD16(repeating: highest) }
}

/// The index of the first of `values` in a lane where `outside` holds, if one is: 16
/// values a step, the tail each value alone (in every lane).
@inline(__always)
func firstIndex<Lanes: SIMD>(_ values: UnsafeBufferPointer<Lanes.Scalar>,
                             where outside: (Lanes) -> SIMDMask<Lanes.MaskStorage>) -> Int? {
    guard let base = values.baseAddress else { return nil }
    var i = 0
    while i + Lanes.scalarCount <= values.count
            && !any(outside(UnsafeRawPointer(base + i).loadUnaligned(as: Lanes.self))) {
        i += Lanes.scalarCount
    }
    while i < values.count {
        if any(outside(Lanes(repeating: base[i]))) { return i }
        i += 1
    }
    return nil
}

/// The values an item rule's array accepts (see `validated(_: ItemRules, _:)`), each
/// tested on 16 values a step.
enum ValidRange {
    /// Finite, at most 2^64 from 0, or NaN.
    case baseline
    /// In `[0, 2^64]` or NaN.
    case minimum
    /// In `[0, 2^64]`, `+infinity` or NaN.
    case maximum
    /// In `[0, 2^64]`.
    case length

    typealias Lanes = SIMD16<Float>

    /// The lanes of `v` outside the range.
    @inline(__always)
    func outside(_ v: Lanes) -> SIMDMask<SIMD16<Int32>> {
        let limit = Lanes(repeating: maxLength)
        switch self {
        case .baseline: return v .> limit .| v .< -limit
        case .minimum: return v .< 0 .| v .> limit
        case .maximum: return v .< 0 .| (v .> limit .& v .!= .infinity)
        case .length: return .!(v .>= 0 .& v .<= limit)
        }
    }

    /// The index of the first value of `values` outside the range, if one is.
    func firstInvalid(_ values: UnsafeBufferPointer<Float>) -> Int? { firstIndex(values, where: outside) }
}

/// An item value out of range: which array, which index, what value.
struct InvalidLength {
    var name: StaticString
    var index: Int
    var value: Float

    /// The error, naming the value as a field after `prefix` (e.g. "items.widths[3]").
    func error(_ status: lk_status, what: String, in prefix: String) -> APIError {
        APIError(status: status,
                 message: "\(prefix)\(name)[\(index)] is \(value) (\(what) must be >= 0 and <= 2^64)",
                 index: index)
    }
}

/// The first value of `values` outside `[0, 2^64]` (NaN included) at an index below
/// `current`'s, or `current`. Scans 16 values a step; allocates nothing.
func firstInvalidLength(_ values: UnsafeBufferPointer<Float>?, _ name: StaticString,
                        before current: InvalidLength?) -> InvalidLength? {
    guard let values, let base = values.baseAddress else { return current }
    let end = current?.index ?? values.count
    var i = 0
    while i + 16 <= end {
        let outside = lk_bits_outside(UnsafeRawPointer(base + i).loadUnaligned(as: SIMD16<Float>.self), maxLength)
        if outside != 0 { i += outside.trailingZeroBitCount; return InvalidLength(name: name, index: i, value: base[i]) }
        i += 16
    }
    while i < end {
        if !isValidLength(base[i]) { return InvalidLength(name: name, index: i, value: base[i]) }
        i += 1
    }
    return current
}

/// One proposal axis: `nil` for NaN (unspecified), the value when it is `+infinity` or
/// finite `>= 0`.
public func validatedAxis(_ value: Float, _ name: @autoclosure () -> String) throws(APIError) -> Float? {
    if value.isNaN { return nil }
    guard value >= 0 else {
        throw APIError(status: LK_ERR_INVALID_PROPOSAL,
                       message: "\(name()) is \(value) (must be >= 0, INFINITY or LK_UNSPECIFIED)")
    }
    return value
}

/// A proposal: each axis unspecified (nil or NaN), `+infinity`, or finite `>= 0`.
public func validated(_ proposal: Proposal, _ name: @autoclosure () -> String = "proposal") throws(APIError) -> Proposal {
    Proposal(width: try validatedAxis(proposal.width ?? .nan, "\(name()).width"),
             height: try validatedAxis(proposal.height ?? .nan, "\(name()).height"))
}

/// A length parameter (a spacing, a radius, a column width) in `[0, 2^64]`.
public func validatedLength(_ value: Float, _ name: @autoclosure () -> String) throws(APIError) -> Float {
    guard isValidLength(value) else { throw .parameter("\(name()) is \(value) (must be >= 0 and <= 2^64)") }
    return value
}

/// An anchor: both components in `[0, 1]`.
public func validated(_ anchor: Anchor, _ name: @autoclosure () -> String) throws(APIError) -> Anchor {
    guard anchor.isValid else {
        throw .parameter("\(name()) is (\(anchor.x), \(anchor.y)) (each component must be in [0, 1])")
    }
    return anchor
}

/// An adaptive grid's minimum column width: `> 0` and at most 2^64.
public func validatedMinimumColumnWidth(_ value: Float, _ name: @autoclosure () -> String) throws(APIError) -> Float {
    guard value > 0 && isValidLength(value) else {
        throw .parameter("\(name()) is \(value) (adaptive columns, columns = 0, need a width > 0 and <= 2^64)")
    }
    return value
}

/// A circle's start angle: finite.
public func validatedAngle(_ value: Float, _ name: @autoclosure () -> String) throws(APIError) -> Float {
    guard value.isFinite else { throw .parameter("\(name()) is \(value) (must be finite)") }
    return value
}

/// Checks that items `start ..< start + count` lie in `0 ..< total` (a C `size_t` arrives
/// as `Int`: values above `Int.max` read as negative).
public func checkRange(_ start: Int, _ count: Int, in total: Int, _ startName: String,
                       _ countName: String) throws(APIError) {
    guard start >= 0, count >= 0, start <= total, count <= total - start else {
        throw .parameter("\(startName) \(UInt(bitPattern: start)) and \(countName) \(UInt(bitPattern: count)) "
                         + "reach past the engine's \(total) items")
    }
}

/// Fails with `LK_ERR_OUT_OF_MEMORY` when a call may need more than the process can
/// still allocate (`lkx_memory_headroom`), before anything changes.
public func affordable(_ bytes: Int) throws(APIError) {
    guard bytes > 0 else { return }
    let headroom = memoryHeadroom()
    guard bytes <= headroom else {
        throw APIError(status: LK_ERR_OUT_OF_MEMORY, message: "the call may need \(megabytes(bytes)) and the process "
                       + "can allocate \(megabytes(headroom)) more (its address-space limit or the machine's memory); "
                       + "nothing was changed")
    }
}

private func megabytes(_ bytes: Int) -> String {
    bytes == .max ? "more than the address space" : "\((bytes + (1 << 20) - 1) >> 20) MB"
}

/// Checks the item counts of many containers: none negative (a C `size_t` above
/// `Int.max` reads as negative), adding up to `items`.
public func checkCounts(_ counts: UnsafeBufferPointer<Int>, items: Int) throws(APIError) {
    var total = 0
    for (k, count) in counts.enumerated() {
        guard count >= 0, count <= items - total else {
            throw .parameter("counts[\(k)] is \(UInt(bitPattern: count)): counts[0...\(k)] add up to more than "
                             + "items.count (\(items))")
        }
        total += count
    }
    guard total == items else {
        throw .parameter("the counts add up to \(total), not items.count (\(items))")
    }
}

/// The bytes the process can still allocate (its address-space limit or the machine's
/// memory), which an engine checks a change against before making it.
public func memoryHeadroom() -> Int { Int(clamping: lkx_memory_headroom()) }

/// A flow's line breaking against its wrap-reverse: a `nowrap` flow's one line has no
/// reversed form (CSS has no such value), so the pair is refused. `name` prefixes the
/// fields in the message.
public func checkWrap(_ wrap: Wrap, wrapReverse: Bool, _ name: @autoclosure () -> String) throws(APIError) {
    guard wrap == .nowrap && wrapReverse else { return }
    throw .parameter("\(name()).wrap is nowrap with \(name()).wrap_reverse set (a single line has no reversed "
                     + "order of lines: use wrap with wrap_reverse, or nowrap alone)")
}

