import LayoutKernelCore

// This module is compiled with `-target-cpu skylake-avx512` (on x86-64): the kernels
// inlined below are emitted with AVX-512 instructions. Run them only where
// `lk_cpu_features()` reports AVX-512.

/// The flow kernel compiled for AVX-512.
public let flowKernelsAVX512 = FlowKernelSet(
    layout: { FlowKernel.layout($0, $1, $2, into: $3) },
    size: { FlowKernel.size($0, $1, $2) },
    rowCount: { FlowKernel.rowCount($0, $1, width: $2) })
