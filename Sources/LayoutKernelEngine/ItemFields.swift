import LayoutKernelCore

/// The optional fields an engine holds (`LK_ITEM_FIELD_*` in layoutkernel.h): the four
/// spacing preferences (held together), flags, grow factors and each item rule of
/// SPEC.md §13.
public struct HeldFields: OptionSet, Equatable, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    public static let spacing = HeldFields(rawValue: 0x001)
    public static let flags = HeldFields(rawValue: 0x002)
    public static let grow = HeldFields(rawValue: 0x004)
    public static let alignSelf = HeldFields(rawValue: 0x008)
    public static let baseline = HeldFields(rawValue: 0x010)
    public static let lastBaseline = HeldFields(rawValue: 0x020)
    public static let stretchable = HeldFields(rawValue: 0x040)
    public static let minWidth = HeldFields(rawValue: 0x080)
    public static let maxWidth = HeldFields(rawValue: 0x100)
    public static let minHeight = HeldFields(rawValue: 0x200)
    public static let maxHeight = HeldFields(rawValue: 0x400)
    public static let shrink = HeldFields(rawValue: 0x800)

    /// The item rules of SPEC.md §13.
    public static let rules: HeldFields = [.alignSelf, .baseline, .lastBaseline, .stretchable, .minWidth,
                                           .maxWidth, .minHeight, .maxHeight, .shrink]
    /// The minimum and maximum sizes: items held with any of them are staged clamped.
    public static let bounds: HeldFields = [.minWidth, .maxWidth, .minHeight, .maxHeight]

    /// The fields `items` gives.
    init(_ items: Items) {
        self = []
        for field in FloatField.allCases where field.values(items) != nil { insert(field.held) }
        for field in ByteField.allCases where field.values(items) != nil { insert(field.held) }
    }
}

/// An optional `Float` field of the engine's items, in the order chunks hold and digest
/// them. An item that came without a held field holds `absent`, the value a missing
/// array means.
enum FloatField: Int, CaseIterable {
    case leading, trailing, top, bottom, grow, baseline, lastBaseline, minWidth, maxWidth, minHeight, maxHeight, shrink

    /// The bit that says the engine holds this field.
    var held: HeldFields {
        switch self {
        case .leading, .trailing, .top, .bottom: .spacing
        case .grow: .grow
        case .baseline: .baseline
        case .lastBaseline: .lastBaseline
        case .minWidth: .minWidth
        case .maxWidth: .maxWidth
        case .minHeight: .minHeight
        case .maxHeight: .maxHeight
        case .shrink: .shrink
        }
    }

    /// What a missing array means: 0, or NaN for a baseline (none; a last baseline equal
    /// to the first) and a minimum or maximum (none).
    var absent: Float {
        switch self {
        case .baseline, .lastBaseline, .minWidth, .maxWidth, .minHeight, .maxHeight: .nan
        default: 0
        }
    }

    func values(_ items: Items) -> UnsafeBufferPointer<Float>? {
        switch self {
        case .leading: items.leading
        case .trailing: items.trailing
        case .top: items.top
        case .bottom: items.bottom
        case .grow: items.grow
        case .baseline: items.rules?.baseline
        case .lastBaseline: items.rules?.lastBaseline
        case .minWidth: items.rules?.minWidth
        case .maxWidth: items.rules?.maxWidth
        case .minHeight: items.rules?.minHeight
        case .maxHeight: items.rules?.maxHeight
        case .shrink: items.rules?.shrink
        }
    }
}

/// An optional byte field of the engine's items (absent: 0 — no flags, `auto`
/// alignment, not stretchable).
enum ByteField: Int, CaseIterable {
    case flags, alignSelf, stretchable

    var held: HeldFields {
        switch self {
        case .flags: .flags
        case .alignSelf: .alignSelf
        case .stretchable: .stretchable
        }
    }

    var absent: UInt8 { 0 }

    func values(_ items: Items) -> UnsafeBufferPointer<UInt8>? {
        switch self {
        case .flags: items.flags
        case .alignSelf: items.rules?.alignSelf
        case .stretchable: items.rules?.stretchable
        }
    }
}

/// One array per optional field (`FloatField`, `ByteField`), indexed by the field; an
/// array of a field not held is empty. What chunks, staging and copies hold.
struct OptionalFields<Floats, Bytes> {
    var floats: [Floats]
    var bytes: [Bytes]

    init(floats: (FloatField) -> Floats, bytes: (ByteField) -> Bytes) {
        self.floats = FloatField.allCases.map(floats)
        self.bytes = ByteField.allCases.map(bytes)
    }

    subscript(field: FloatField) -> Floats {
        get { floats[field.rawValue] }
        set { floats[field.rawValue] = newValue }
    }
    subscript(field: ByteField) -> Bytes {
        get { bytes[field.rawValue] }
        set { bytes[field.rawValue] = newValue }
    }
}

extension Items {
    /// Items over `widths` and `heights` with the optional fields `fields` gives (nil:
    /// not held), rules included; `given`: the sizes before clamping, when `widths` and
    /// `heights` are clamped (`ItemRules.givenWidths`).
    static func of(widths: UnsafeBufferPointer<Float>, heights: UnsafeBufferPointer<Float>,
                   _ fields: OptionalFields<UnsafeBufferPointer<Float>?, UnsafeBufferPointer<UInt8>?>,
                   given: (widths: UnsafeBufferPointer<Float>, heights: UnsafeBufferPointer<Float>)? = nil) -> Items {
        let rules = ItemRules(alignSelf: fields[.alignSelf], baseline: fields[.baseline],
                              lastBaseline: fields[.lastBaseline], stretchable: fields[.stretchable],
                              minWidth: fields[.minWidth], maxWidth: fields[.maxWidth],
                              minHeight: fields[.minHeight], maxHeight: fields[.maxHeight], shrink: fields[.shrink],
                              givenWidths: given?.widths, givenHeights: given?.heights)
        return Items(widths: widths, heights: heights, leading: fields[.leading], trailing: fields[.trailing],
                     top: fields[.top], bottom: fields[.bottom], flags: fields[.flags], grow: fields[.grow],
                     rules: rules.isEmpty ? nil : rules)
    }
}
