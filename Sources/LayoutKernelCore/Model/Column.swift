import LayoutKernelSupport

/// A column of values in memory this library allocates and frees: the owner of the
/// library's manual memory (the engine's staging and row columns, the reference's
/// scratch), a value that cannot be copied, so that its memory has exactly one owner and
/// is freed when that owner ends. `pointer` stays valid while the column lives; a caller
/// that hands the pointer on keeps the column alive meanwhile (a stored property, or
/// `withExtendedLifetime`). Values are plain data: nothing to deinitialize.
///
/// A column made `scratch` takes its memory from the library's scratch cache, which keeps
/// blocks between calls, so that a call's large scratch does not fault in fresh pages
/// every time.
public struct Column<T: BitwiseCopyable>: ~Copyable {
    public private(set) var pointer: UnsafeMutablePointer<T>
    /// Values the column has room for (at least 1).
    public private(set) var capacity: Int
    /// The scratch block's size in bytes, 0 for memory of its own.
    private var block = 0
    private let scratch: Bool

    /// Room for `capacity` values (at least 1), uninitialized; from the scratch cache
    /// when `scratch`.
    public init(capacity: Int = 1, scratch: Bool = false) {
        self.capacity = max(capacity, 1)
        self.scratch = scratch
        (pointer, block) = Self.take(self.capacity, scratch: scratch)
    }

    /// Room for at least `count` values: when it needs more, it takes at least twice as
    /// much, keeping its first `keeping` values (moved); the pointer changes.
    public mutating func reserve(_ count: Int, keeping: Int = 0) {
        guard count > capacity else { return }
        let size = max(count, 2 * capacity)
        let (new, block) = Self.take(size, scratch: scratch)
        new.moveInitialize(from: pointer, count: min(keeping, capacity))
        Self.give(pointer, block: self.block)
        pointer = new
        self.block = block
        capacity = size
    }

    /// Memory for `count` values: a scratch block (and its size) when asked and the
    /// cache has one, else an allocation of its own.
    private static func take(_ count: Int, scratch: Bool) -> (UnsafeMutablePointer<T>, Int) {
        if scratch {
            var bytes = 0
            let (total, overflow) = MemoryLayout<T>.stride.multipliedReportingOverflow(by: count)
            if !overflow, let memory = lkx_scratch_take(total, &bytes) {
                return (memory.bindMemory(to: T.self, capacity: count), bytes)
            }
        }
        return (.allocate(capacity: count), 0)
    }

    private static func give(_ pointer: UnsafeMutablePointer<T>, block: Int) {
        if block > 0 { lkx_scratch_give(UnsafeMutableRawPointer(pointer), block) } else { pointer.deallocate() }
    }

    deinit { Self.give(pointer, block: block) }
}
