import LayoutKernelCore

/// An `ItemRuleList` copied to memory that stays put until this is released: item rules
/// for layouts timed after the arrays' scope (`FeatureSuite`).
final class PinnedRules {
    private var buffers: [UnsafeMutableRawBufferPointer] = []
    private(set) var rules = ItemRules()

    init(_ list: ItemRuleList) {
        func pin<T>(_ array: [T]?) -> UnsafeBufferPointer<T>? {
            guard let array else { return nil }
            let buffer = UnsafeMutableBufferPointer<T>.allocate(capacity: max(array.count, 1))
            _ = buffer.initialize(from: array)
            buffers.append(UnsafeMutableRawBufferPointer(buffer))
            return UnsafeBufferPointer(rebasing: buffer[..<array.count])
        }
        rules = ItemRules(alignSelf: pin(list.alignSelf), baseline: pin(list.baseline),
                          lastBaseline: pin(list.lastBaseline), stretchable: pin(list.stretchable),
                          minWidth: pin(list.minWidth), maxWidth: pin(list.maxWidth), minHeight: pin(list.minHeight),
                          maxHeight: pin(list.maxHeight), shrink: pin(list.shrink))
    }

    deinit { for buffer in buffers { buffer.deallocate() } }
}
