import LayoutKernelCore

// This module is compiled with `-target-cpu haswell` (on x86-64): the kernels inlined
// below are emitted with AVX2 instructions. Run them only where `lk_cpu_features()`
// reports AVX2.

/// The flow kernel compiled for AVX2.
public let flowKernelsAVX2 = FlowKernelSet(
    layout: { FlowKernel.layout($0, $1, $2, into: $3) },
    size: { FlowKernel.size($0, $1, $2) },
    rowCount: { FlowKernel.rowCount($0, $1, width: $2) })
