import CLayoutKernel

/// A rejected call: the status to return and what to tell the caller. The C layer
/// returns the status and records the message as the thread's last error; the Swift
/// API throws it as a `LayoutError`.
public struct APIError: Error {
    public var status: lk_status
    public var message: String
    /// The item the error is about, or -1.
    public var index: Int = -1
    /// For `LK_ERR_BUFFER_TOO_SMALL`, the capacity that would succeed.
    public var required: Int = 0

    public init(status: lk_status, message: String, index: Int = -1, required: Int = 0) {
        self.status = status
        self.message = message
        self.index = index
        self.required = required
    }

    public static func nullPointer(_ name: @autoclosure () -> String) -> APIError {
        APIError(status: LK_ERR_NULL_POINTER, message: "\(name()) is NULL")
    }

    public static func parameter(_ message: String) -> APIError {
        APIError(status: LK_ERR_INVALID_PARAMETER, message: message)
    }

    public static func bufferTooSmall(_ name: String, capacity: Int, required: Int) -> APIError {
        APIError(status: LK_ERR_BUFFER_TOO_SMALL,
                 message: "\(name) is \(capacity) but the result needs \(required)",
                 required: required)
    }
}

/// Unwraps a pointer the caller must pass, or fails with `LK_ERR_NULL_POINTER`.
/// Inlinable: a generic function called across modules would look up its type's
/// metadata at run time on every call.
@inlinable @inline(__always)
public func required<T>(_ pointer: T?, _ name: @autoclosure () -> String) throws(APIError) -> T {
    guard let pointer else { throw .nullPointer(name()) }
    return pointer
}
