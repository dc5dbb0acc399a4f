import LayoutKernelCPU
import LayoutKernelCore

/// The engine's chunk digest over whole 64-byte stripes (`LayoutKernelSet.digestStripes`):
/// XXH3's accumulation, a stripe a step in vectors as wide as the ISA allows. Compiled
/// into each ISA module like the kernels.
enum DigestKernel {
    @inline(__always)
    static func stripes(_ state: UnsafeMutablePointer<UInt64>, _ bytes: UnsafeRawPointer, _ count: Int) {
        LayoutKernelSet.digestKey.withUnsafeBufferPointer { lk_digest_stripes(state, bytes, count, $0.baseAddress!) }
    }
}
