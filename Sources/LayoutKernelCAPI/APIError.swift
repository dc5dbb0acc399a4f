import CLayoutKernel
import LayoutKernelSupport

/// A rejected call: the status to return and what to tell the caller.
struct APIError: Error {
    var status: lk_status
    var message: String
    /// The item the error is about, or -1.
    var index: Int = -1
    /// For `LK_ERR_BUFFER_TOO_SMALL`, the capacity that would succeed.
    var required: Int = 0

    static func nullPointer(_ name: @autoclosure () -> String) -> APIError {
        APIError(status: LK_ERR_NULL_POINTER, message: "\(name()) is NULL")
    }

    static func parameter(_ message: String) -> APIError {
        APIError(status: LK_ERR_INVALID_PARAMETER, message: message)
    }

    static func bufferTooSmall(_ name: String, capacity: Int, required: Int) -> APIError {
        APIError(status: LK_ERR_BUFFER_TOO_SMALL,
                 message: "\(name) is \(capacity) but the result needs \(required)",
                 required: required)
    }
}

/// Runs one exported call: `LK_OK` when `body` returns, otherwise the error's status,
/// recorded as the calling thread's last error. Every `@_cdecl` entry point that can
/// fail goes through here, so no error escapes unrecorded and nothing traps.
@inline(__always)
func exported(_ body: () throws(APIError) -> Void) -> lk_status {
    do {
        try body()
        return LK_OK
    } catch {
        error.message.withCString {
            lkx_set_error(error.status, Int64(error.index), error.required, $0)
        }
        return error.status
    }
}

/// Unwraps a pointer the caller must pass, or fails with `LK_ERR_NULL_POINTER`.
@inline(__always)
func required<T>(_ pointer: T?, _ name: @autoclosure () -> String) throws(APIError) -> T {
    guard let pointer else { throw .nullPointer(name()) }
    return pointer
}
