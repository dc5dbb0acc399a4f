import LayoutKernelCPU

/// The engine's chunk digest over whole 64-byte blocks (`LayoutKernelSet.digestBlocks`):
/// eight lanes of XXH64's round, one vector round a block, as wide as the ISA allows.
/// Compiled into each ISA module like the kernels.
enum DigestKernel {
    @inline(__always)
    static func blocks(_ state: UnsafeMutablePointer<UInt64>, _ bytes: UnsafeRawPointer, _ count: Int) {
        lk_digest_blocks(state, bytes, count)
    }
}
