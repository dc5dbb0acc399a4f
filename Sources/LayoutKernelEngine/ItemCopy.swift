import LayoutKernelCore

/// Caller buffers for a copy of items out of the engine (`lk_item_buffers`): one per
/// field, nil when that field is not wanted.
public struct ItemBuffers {
    public var widths, heights, leading, trailing, top, bottom, grow: UnsafeMutablePointer<Float>?
    public var flags: UnsafeMutablePointer<UInt8>?

    public init(widths: UnsafeMutablePointer<Float>?, heights: UnsafeMutablePointer<Float>?,
                leading: UnsafeMutablePointer<Float>?, trailing: UnsafeMutablePointer<Float>?,
                top: UnsafeMutablePointer<Float>?, bottom: UnsafeMutablePointer<Float>?,
                flags: UnsafeMutablePointer<UInt8>?, grow: UnsafeMutablePointer<Float>?) {
        self.widths = widths
        self.heights = heights
        self.leading = leading
        self.trailing = trailing
        self.top = top
        self.bottom = bottom
        self.flags = flags
        self.grow = grow
    }
}

/// The optional fields an engine holds (`LK_ITEM_FIELD_*` in layoutkernel.h).
public struct HeldFields: OptionSet, Equatable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    public static let spacing = HeldFields(rawValue: 0x01)
    public static let flags = HeldFields(rawValue: 0x02)
    public static let grow = HeldFields(rawValue: 0x04)
}

extension LayoutEngine {
    /// The optional fields the engine holds: given by some call since the last
    /// `setItems` that did not give them.
    public var heldFields: HeldFields {
        var fields: HeldFields = []
        if store.hasSpacing { fields.insert(.spacing) }
        if store.hasFlags { fields.insert(.flags) }
        if store.hasGrow { fields.insert(.grow) }
        return fields
    }

    /// Copies items `range` (inside the items) into `buffers`, bit for bit; a field the
    /// engine does not hold is written as zeros. O(range.count + log chunks).
    public func copyItems(_ range: Range<Int>, into buffers: ItemBuffers) {
        store.copy(range, into: buffers)
    }
}

extension ItemStore {
    /// Copies items `range` into `buffers` chunk by chunk (zeros for fields not held).
    func copy(_ range: Range<Int>, into buffers: ItemBuffers) {
        guard !range.isEmpty else { return }
        func put<T>(_ values: [T], _ buffer: UnsafeMutablePointer<T>?, _ written: Int, _ from: Int, _ take: Int,
                    zero: T) {
            guard let buffer else { return }
            if values.isEmpty {
                (buffer + written).update(repeating: zero, count: take)
            } else {
                values.withUnsafeBufferPointer { (buffer + written).update(from: $0.baseAddress! + from, count: take) }
            }
        }
        var written = 0
        var (k, j) = locate(range.lowerBound)
        while written < range.count {
            let chunk = chunks[k]
            let take = min(chunk.count - j, range.count - written)
            put(chunk.widths, buffers.widths, written, j, take, zero: 0)
            put(chunk.heights, buffers.heights, written, j, take, zero: 0)
            put(chunk.leading, buffers.leading, written, j, take, zero: 0)
            put(chunk.trailing, buffers.trailing, written, j, take, zero: 0)
            put(chunk.top, buffers.top, written, j, take, zero: 0)
            put(chunk.bottom, buffers.bottom, written, j, take, zero: 0)
            put(chunk.flags, buffers.flags, written, j, take, zero: 0)
            put(chunk.grow, buffers.grow, written, j, take, zero: 0)
            written += take
            k += 1
            j = 0
        }
    }
}
