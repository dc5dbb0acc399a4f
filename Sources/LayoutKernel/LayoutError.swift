import LayoutKernelValidation

/// Why a call was rejected: what kind of input was wrong, a message naming it (which
/// argument, which index), and the item it is about.
///
/// Every fallible call of this module throws `LayoutError` (typed throws), checks all of
/// its input before it lays anything out, and changes nothing when it throws: an engine
/// is left exactly as it was. The codes are the C API's `lk_status` values.
///
/// ```swift
/// do {
///     _ = try AnyLayout.flow(.init()).layout(widths: [10, .nan], heights: [10, 10])
/// } catch {
///     print(error.code)       // invalidItemSize
///     print(error.itemIndex)  // Optional(1)
///     print(error.message)    // widths[1] is nan (sizes must be >= 0 and <= 2^64)
/// }
/// ```
public struct LayoutError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The kind of error: the C API's `lk_status` (the raw value).
    public enum Code: Int32, Equatable, Sendable {
        /// An item's width, height or grow factor is negative, NaN, infinite or above 2^64.
        case invalidItemSize = 2
        /// An item's spacing preference is negative, NaN, infinite or above 2^64.
        case invalidItemSpacing = 3
        /// An item's flags hold an undefined bit.
        case invalidItemFlags = 4
        /// A proposal axis is negative or `-infinity`.
        case invalidProposal = 5
        /// A layout parameter, a count, a range or a length of a per-item array is invalid.
        case invalidParameter = 6
        /// A count is so large that its buffers' byte sizes would overflow.
        case sizeOverflow = 8
        /// The call may need more memory than the process can still allocate.
        case outOfMemory = 10
    }

    /// What kind of input was wrong.
    public var code: Code
    /// What was wrong, naming the argument and index (e.g. `widths[3] is -1.0 (...)`).
    public var message: String
    /// The item the error is about (an index into the items of the call), if any.
    public var itemIndex: Int?

    public init(code: Code, message: String, itemIndex: Int? = nil) {
        self.code = code
        self.message = message
        self.itemIndex = itemIndex
    }

    public var description: String { message }

    init(_ error: APIError) {
        // The validation layer only reports the codes above to Swift callers (no pointers,
        // no caller buffers here); anything else would be a bug in this module.
        self.init(code: Code(rawValue: error.status) ?? .invalidParameter, message: error.message,
                  itemIndex: error.index >= 0 ? error.index : nil)
    }

    static func parameter(_ message: String) -> LayoutError {
        LayoutError(code: .invalidParameter, message: message)
    }
}

/// Runs `body`, turning a validation error into a `LayoutError`.
@inline(__always)
func checked<R>(_ body: () throws(APIError) -> R) throws(LayoutError) -> R {
    do { return try body() } catch { throw LayoutError(error) }
}
