import CLayoutKernel
import LayoutKernelValidation

// The header's extensible structs begin with `struct_size` (layoutkernel.h, "Extensible
// structs"). It is read first, on its own, so that nothing past the caller's struct is
// read: a struct of another size is refused before any other field is.

/// `pointer` (named `name`, required), once its `struct_size` is `MemoryLayout<T>.size`,
/// the size of the struct as this library's header declares it; `start` names the
/// function that sets it.
func sized<T>(_ pointer: UnsafePointer<T>?, _ name: @autoclosure () -> String,
              start: StaticString) throws(APIError) -> UnsafePointer<T> {
    let pointer = try required(pointer, name())
    try checkStructSize(UnsafeRawPointer(pointer).load(as: Int.self), of: T.self, name(), start: start)
    return pointer
}

/// `sized` for a struct the call writes.
func sized<T>(_ pointer: UnsafeMutablePointer<T>?, _ name: @autoclosure () -> String,
              start: StaticString) throws(APIError) -> UnsafeMutablePointer<T> {
    UnsafeMutablePointer(mutating: try sized(UnsafePointer(pointer), name(), start: start))
}

/// Refuses a `struct_size` other than `T`'s size.
func checkStructSize<T>(_ declared: Int, of _: T.Type, _ name: @autoclosure () -> String,
                        start: StaticString) throws(APIError) {
    let size = MemoryLayout<T>.size
    guard declared != size else { return }
    if declared == 0 {
        throw .parameter("\(name()).struct_size is 0: the struct was not initialised (start it from \(start)(), "
                         + "which sets struct_size)")
    }
    throw .parameter("\(name()).struct_size is \(UInt(bitPattern: declared)), not \(size), the size this library "
                     + "(ABI \(LK_ABI_VERSION)) knows: the program was built against another layoutkernel.h "
                     + "(start the struct from \(start)())")
}

/// A `T` of zeros but for its first field, `struct_size`: `T`'s size (an extensible
/// struct as its lk_*_default() function starts it).
func sizedZero<T>() -> T {
    withUnsafeTemporaryAllocation(of: T.self, capacity: 1) { buffer in
        let raw = UnsafeMutableRawBufferPointer(buffer)
        raw.initializeMemory(as: UInt8.self, repeating: 0)
        raw.storeBytes(of: MemoryLayout<T>.size, as: Int.self)
        return raw.load(as: T.self)
    }
}
