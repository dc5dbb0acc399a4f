import LayoutKernelCore

/// Caller buffers for a copy of items out of the engine (`lk_item_buffers`): one per
/// field, nil when that field is not wanted.
public struct ItemBuffers {
    public var widths, heights, leading, trailing, top, bottom, grow: UnsafeMutablePointer<Float>?
    public var flags: UnsafeMutablePointer<UInt8>?
    /// The item rules of SPEC.md §13.
    public var alignSelf, stretchable: UnsafeMutablePointer<UInt8>?
    public var baseline, lastBaseline, minWidth, maxWidth, minHeight, maxHeight, shrink: UnsafeMutablePointer<Float>?

    public init(widths: UnsafeMutablePointer<Float>? = nil, heights: UnsafeMutablePointer<Float>? = nil,
                leading: UnsafeMutablePointer<Float>? = nil, trailing: UnsafeMutablePointer<Float>? = nil,
                top: UnsafeMutablePointer<Float>? = nil, bottom: UnsafeMutablePointer<Float>? = nil,
                flags: UnsafeMutablePointer<UInt8>? = nil, grow: UnsafeMutablePointer<Float>? = nil,
                alignSelf: UnsafeMutablePointer<UInt8>? = nil, baseline: UnsafeMutablePointer<Float>? = nil,
                lastBaseline: UnsafeMutablePointer<Float>? = nil, stretchable: UnsafeMutablePointer<UInt8>? = nil,
                minWidth: UnsafeMutablePointer<Float>? = nil, maxWidth: UnsafeMutablePointer<Float>? = nil,
                minHeight: UnsafeMutablePointer<Float>? = nil, maxHeight: UnsafeMutablePointer<Float>? = nil,
                shrink: UnsafeMutablePointer<Float>? = nil) {
        self.widths = widths
        self.heights = heights
        self.leading = leading
        self.trailing = trailing
        self.top = top
        self.bottom = bottom
        self.flags = flags
        self.grow = grow
        self.alignSelf = alignSelf
        self.baseline = baseline
        self.lastBaseline = lastBaseline
        self.stretchable = stretchable
        self.minWidth = minWidth
        self.maxWidth = maxWidth
        self.minHeight = minHeight
        self.maxHeight = maxHeight
        self.shrink = shrink
    }

    func buffer(_ field: FloatField) -> UnsafeMutablePointer<Float>? {
        switch field {
        case .leading: leading
        case .trailing: trailing
        case .top: top
        case .bottom: bottom
        case .grow: grow
        case .baseline: baseline
        case .lastBaseline: lastBaseline
        case .minWidth: minWidth
        case .maxWidth: maxWidth
        case .minHeight: minHeight
        case .maxHeight: maxHeight
        case .shrink: shrink
        }
    }

    func buffer(_ field: ByteField) -> UnsafeMutablePointer<UInt8>? {
        switch field {
        case .flags: flags
        case .alignSelf: alignSelf
        case .stretchable: stretchable
        }
    }
}

extension LayoutEngine {
    /// The optional fields the engine holds: given by some call since the last
    /// `setItems` that did not give them.
    public var heldFields: HeldFields { store.held }

    /// Copies items `range` (inside the items) into `buffers`, bit for bit; a field the
    /// engine does not hold is written as the value its absence means (`FloatField.absent`).
    /// O(range.count + log chunks).
    public func copyItems(_ range: Range<Int>, into buffers: ItemBuffers) {
        store.copy(range, into: buffers)
    }
}

extension ItemStore {
    /// Copies items `range` into `buffers` chunk by chunk (a field not held as the value
    /// its absence means).
    func copy(_ range: Range<Int>, into buffers: ItemBuffers) {
        forEachPart(range) { chunk, from, written, take in
            func put<T>(_ values: [T], _ buffer: UnsafeMutablePointer<T>?, absent: T) {
                guard let buffer else { return }
                if values.isEmpty {
                    (buffer + written).update(repeating: absent, count: take)
                } else {
                    values.withUnsafeBufferPointer { (buffer + written).update(from: $0.baseAddress! + from, count: take) }
                }
            }
            put(chunk.widths, buffers.widths, absent: 0)
            put(chunk.heights, buffers.heights, absent: 0)
            for field in FloatField.allCases { put(chunk.fields[field], buffers.buffer(field), absent: field.absent) }
            for field in ByteField.allCases { put(chunk.fields[field], buffers.buffer(field), absent: field.absent) }
        }
    }
}
