import LayoutKernelCore

// This module is compiled for the target's baseline: SSE2 on x86-64, the portable build elsewhere.
// The kernel sources beside this file are links to Sources/Kernels: the same code in
// every ISA module, private to each, so that no symbol is shared between levels.

/// Every layout kind's kernels, the flow's included, compiled for the baseline ISA (SSE2 on x86-64).
public let layoutKernelsSSE2 = LayoutKernelSet(
    place: { LayoutKernels.place($0, $1, $2, $3) },
    size: { LayoutKernels.size($0, $1, $2) },
    rowCount: { LayoutKernels.rowCount($0, $1, $2) },
    packFlow: { FlowKernel.pack($0, $1, &$2, to: $3, &$4) },
    inputsAreValid: { InputCheck.valid($0) },
    digestStripes: { DigestKernel.stripes($0, $1, $2) },
    placeMany: { $4.placeEach($0, $1, $2, $3) { LayoutKernels.place($0, $1, $2, $3) } },
    placeCircleItems: { CircleKernel.place($0, first: $1, of: $2, $3, $4, x: $5, y: $6) })

/// This module's level, as `lkx_count_loop` numbers levels.
let kernelLevel: Int32 = 1
