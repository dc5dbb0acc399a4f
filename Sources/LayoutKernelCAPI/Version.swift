import CLayoutKernel
import LayoutKernelValidation
import LayoutKernelCore
import LayoutKernelDispatch

// Versions, status names, named alignments and threads: the calls that describe and
// configure the library.

@_cdecl("lk_version_number")
public func lkVersionNumber() -> UInt32 {
    UInt32(LK_VERSION_MAJOR * 10000 + LK_VERSION_MINOR * 100 + LK_VERSION_PATCH)
}

/// "MAJOR.MINOR.PATCH", made once from the header's macros and kept for the process.
private let versionString: UnsafePointer<CChar> = {
    let text = "\(LK_VERSION_MAJOR).\(LK_VERSION_MINOR).\(LK_VERSION_PATCH)"
    let utf8 = Array(text.utf8CString)
    let storage = UnsafeMutablePointer<CChar>.allocate(capacity: utf8.count)
    storage.initialize(from: utf8, count: utf8.count)
    return UnsafePointer(storage)
}()

@_cdecl("lk_version_string")
public func lkVersionString() -> UnsafePointer<CChar> { versionString }

@_cdecl("lk_abi_version")
public func lkABIVersion() -> UInt32 { UInt32(LK_ABI_VERSION) }

private func cString(_ text: StaticString) -> UnsafePointer<CChar> {
    UnsafeRawPointer(text.utf8Start).assumingMemoryBound(to: CChar.self)
}

@_cdecl("lk_status_name")
public func lkStatusName(_ status: lk_status) -> UnsafePointer<CChar> {
    switch status {
    case LK_OK: return cString("LK_OK")
    case LK_ERR_NULL_POINTER: return cString("LK_ERR_NULL_POINTER")
    case LK_ERR_INVALID_ITEM_SIZE: return cString("LK_ERR_INVALID_ITEM_SIZE")
    case LK_ERR_INVALID_ITEM_SPACING: return cString("LK_ERR_INVALID_ITEM_SPACING")
    case LK_ERR_INVALID_ITEM_FLAGS: return cString("LK_ERR_INVALID_ITEM_FLAGS")
    case LK_ERR_INVALID_PROPOSAL: return cString("LK_ERR_INVALID_PROPOSAL")
    case LK_ERR_INVALID_PARAMETER: return cString("LK_ERR_INVALID_PARAMETER")
    case LK_ERR_BUFFER_TOO_SMALL: return cString("LK_ERR_BUFFER_TOO_SMALL")
    case LK_ERR_SIZE_OVERFLOW: return cString("LK_ERR_SIZE_OVERFLOW")
    case LK_ERR_BUSY: return cString("LK_ERR_BUSY")
    case LK_ERR_OUT_OF_MEMORY: return cString("LK_ERR_OUT_OF_MEMORY")
    default: return cString("LK_ERR_UNKNOWN")
    }
}

@_cdecl("lk_alignment_anchor")
public func lkAlignmentAnchor(_ alignment: Int32,
                              _ out: UnsafeMutablePointer<lk_anchor>?) -> lk_status {
    exported { () throws(APIError) in
        let out = try required(out, "out")
        guard Anchor.named.indices.contains(Int(alignment)) else {
            throw .parameter("alignment is \(alignment) (must be one of LK_ALIGN_*, 0 to 8)")
        }
        let anchor = Anchor.named[Int(alignment)]
        out.pointee = lk_anchor(x: anchor.x, y: anchor.y)
    }
}

@_cdecl("lk_active_kernel")
public func lkActiveKernel() -> UnsafePointer<CChar> {
    switch ActiveKernel.level {
    case .reference: return cString("reference")
    case .sse2:
        #if arch(x86_64)
        return cString("sse2")
        #else
        return cString("portable")
        #endif
    case .avx2: return cString("avx2")
    case .avx512: return cString("avx512")
    }
}

@_cdecl("lk_set_max_threads")
public func lkSetMaxThreads(_ threads: Int) {
    Parallel.setting = threads
}

@_cdecl("lk_max_threads")
public func lkMaxThreads() -> Int {
    Parallel.limit
}
