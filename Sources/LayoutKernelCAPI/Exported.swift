import CLayoutKernel
import LayoutKernelSupport
import LayoutKernelValidation

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
