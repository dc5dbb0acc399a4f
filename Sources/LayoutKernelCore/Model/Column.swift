/// A column of values in memory this library allocates and frees: the owner of the
/// library's manual memory (the engine's staging and row columns, the reference's
/// scratch), a value that cannot be copied, so that its memory has exactly one owner and
/// is freed when that owner ends. `pointer` stays valid while the column lives; a caller
/// that hands the pointer on keeps the column alive meanwhile (a stored property, or
/// `withExtendedLifetime`). Values are plain data: nothing to deinitialize.
public struct Column<T: BitwiseCopyable>: ~Copyable {
    public private(set) var pointer: UnsafeMutablePointer<T>
    /// Values the column has room for (at least 1).
    public private(set) var capacity: Int

    /// Room for `capacity` values (at least 1), uninitialized.
    public init(capacity: Int = 1) {
        self.capacity = max(capacity, 1)
        pointer = .allocate(capacity: self.capacity)
    }

    /// Room for at least `count` values: when it needs more, it takes at least twice as
    /// much, keeping its first `keeping` values (moved); the pointer changes.
    public mutating func reserve(_ count: Int, keeping: Int = 0) {
        guard count > capacity else { return }
        let size = max(count, 2 * capacity)
        let new = UnsafeMutablePointer<T>.allocate(capacity: size)
        new.moveInitialize(from: pointer, count: min(keeping, capacity))
        pointer.deallocate()
        pointer = new
        capacity = size
    }

    deinit { pointer.deallocate() }
}
