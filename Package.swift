// swift-tools-version:6.2
//
// Tools version 6.2: since SwiftPM 6.2 a package whose manifest declares 6.2 or later
// may use unsafe flags (the per-ISA kernels' -target-cpu) and still be a dependency by
// version (`from:`); with an older tools version SwiftPM refuses such a dependency.
//
// LayoutKernel: a layout kernel for huge numbers of fixed-size items.
// No package dependencies: the Swift toolchain only.
import PackageDescription

// The SIMD kernels are written once (Sources/Kernels) and compiled into one module per
// x86-64 ISA level, as private code of each (their folders link to the shared files), so
// that no symbol is shared between levels; the best level the CPU supports is chosen at
// load time. On other architectures the AVX modules build without CPU flags and are
// never chosen.
#if arch(x86_64)
let avx2: [SwiftSetting] = [.unsafeFlags(["-target-cpu", "haswell"])]
let avx512: [SwiftSetting] = [.unsafeFlags(["-target-cpu", "skylake-avx512"])]
#else
let avx2: [SwiftSetting] = []
let avx512: [SwiftSetting] = []
#endif

// The shared library's SONAME follows the binary interface, LK_ABI_VERSION in
// Include/layoutkernel.h: libLayoutKernel.so.3 until that changes (a test checks the
// two agree), so programs linked against it keep loading any later release of the
// same ABI. `make install` adds the file and links the name refers to.
let abiVersion = 3

// The shared library exports the header's functions and nothing else: a GNU linker
// version script where the linker takes one (ELF: Linux, the BSDs).
#if os(Linux) || os(FreeBSD) || os(OpenBSD) || os(Android)
let exportsOnly: [LinkerSetting] = [
    .unsafeFlags(["-Xlinker", "--version-script=\(Context.packageDirectory)/Sources/LayoutKernelCAPI/exports.map",
                  "-Xlinker", "-soname=libLayoutKernel.so.\(abiVersion)"]),
]
#else
let exportsOnly: [LinkerSetting] = []
#endif

let package = Package(
    name: "LayoutKernel",
    products: [
        // The shared library C, C++ and Python load: libLayoutKernel.so.
        .library(name: "LayoutKernel", type: .dynamic, targets: ["LayoutKernelCAPI"]),
        // The Swift API, `import LayoutKernel`, linked into the Swift program that uses it
        // (SwiftPM picks static or dynamic). The product needs a name of its own: product
        // names are unique in a package, and "LayoutKernel" is the C library's.
        .library(name: "LayoutKernelSwift", targets: ["LayoutKernel"]),
        // The throughput benchmark (the README's main job).
        .executable(name: "lk-bench", targets: ["LayoutKernelBench"]),
    ],
    targets: [
        // The public C header, imported by the export layer so that the Swift side of
        // every struct is the C side (one definition, checked by the compiler).
        .systemLibrary(name: "CLayoutKernel", path: "Include"),
        // C support: the thread-local error state (Swift has no thread-locals) and the
        // thread pool large calls share.
        .target(
            name: "LayoutKernelSupport",
            path: "Sources/LayoutKernelSupport",
            cSettings: [.headerSearchPath("../../Include")]
        ),
        // What Swift cannot say about the CPU: which ISAs it runs, and the lane
        // operations (shifts, masks to bits) the kernels use, as inline C.
        .target(name: "LayoutKernelCPU", path: "Sources/LayoutKernelCPU"),
        // Pure algorithms over buffers: the model and the scalar references (their large
        // scratch from Support's cache).
        .target(name: "LayoutKernelCore", dependencies: ["LayoutKernelSupport"], path: "Sources/LayoutKernelCore"),
        // The kernels, once per ISA level.
        .target(
            name: "LayoutKernelSSE2",
            dependencies: ["LayoutKernelCore", "LayoutKernelCPU", "LayoutKernelSupport"],
            path: "Sources/LayoutKernelSSE2"
        ),
        .target(
            name: "LayoutKernelAVX2",
            dependencies: ["LayoutKernelCore", "LayoutKernelCPU", "LayoutKernelSupport"],
            path: "Sources/LayoutKernelAVX2",
            swiftSettings: avx2
        ),
        .target(
            name: "LayoutKernelAVX512",
            dependencies: ["LayoutKernelCore", "LayoutKernelCPU", "LayoutKernelSupport"],
            path: "Sources/LayoutKernelAVX512",
            swiftSettings: avx512
        ),
        // Picks the kernel level once per process; splits large calls over threads.
        .target(
            name: "LayoutKernelDispatch",
            dependencies: ["LayoutKernelCore", "LayoutKernelSSE2", "LayoutKernelAVX2", "LayoutKernelAVX512", "LayoutKernelCPU",
                           "LayoutKernelSupport"],
            path: "Sources/LayoutKernelDispatch"
        ),
        // The stateful engine: chunked item storage and digests, a flow's rows kept and
        // re-packed around changes, cached results, queries over rows.
        .target(
            name: "LayoutKernelEngine",
            dependencies: ["LayoutKernelCore"],
            path: "Sources/LayoutKernelEngine"
        ),
        // The rules every caller's input must satisfy, shared by the C boundary and the
        // Swift API: each rule is written once.
        .target(
            name: "LayoutKernelValidation",
            dependencies: ["LayoutKernelCore", "LayoutKernelDispatch", "LayoutKernelCPU", "LayoutKernelSupport",
                           "CLayoutKernel"],
            path: "Sources/LayoutKernelValidation"
        ),
        // The Swift API: Swift arrays and buffers in, results that own their storage out,
        // typed errors; the same validation as the C API.
        .target(
            name: "LayoutKernel",
            dependencies: ["LayoutKernelCore", "LayoutKernelDispatch", "LayoutKernelEngine", "LayoutKernelValidation"],
            path: "Sources/LayoutKernel"
        ),
        // The C boundary (@_cdecl): validate, convert, call, map status. Its exports are
        // exactly the header's lk_ functions (a linker version script, on ELF platforms).
        .target(
            name: "LayoutKernelCAPI",
            dependencies: ["LayoutKernelCore", "LayoutKernelDispatch", "LayoutKernelEngine", "LayoutKernelSupport",
                           "LayoutKernelValidation", "CLayoutKernel"],
            path: "Sources/LayoutKernelCAPI",
            exclude: ["exports.map"],
            linkerSettings: exportsOnly
        ),
        // The benchmark's baseline: the plain greedy flow loop a user would write in C.
        .target(
            name: "LayoutKernelBaseline",
            path: "Benchmarks/Baseline",
            cSettings: [.unsafeFlags(["-O3", "-march=native"])]
        ),
        .executableTarget(
            name: "LayoutKernelBench",
            dependencies: ["LayoutKernelCore", "LayoutKernelDispatch", "LayoutKernelCAPI", "CLayoutKernel",
                           "LayoutKernelBaseline", "LayoutKernelEngine"],
            path: "Benchmarks",
            exclude: ["Baseline", "Memory", "results"]
        ),
        // Writes the scalar references' results to Tests/Fixtures/reference (`make fixtures`).
        .executableTarget(name: "lk-fixtures", dependencies: ["LayoutKernelCore"],
                          path: "Tests/FixtureGenerator"),
        .testTarget(
            name: "LayoutKernelCoreTests",
            dependencies: ["LayoutKernelCore", "LayoutKernelDispatch", "LayoutKernelSupport"],
            path: "Tests/LayoutKernelCoreTests"
        ),
        .testTarget(
            name: "LayoutKernelSwiftAPITests",
            dependencies: ["LayoutKernel"],
            path: "Tests/LayoutKernelSwiftAPITests"
        ),
        .testTarget(
            name: "LayoutKernelEngineTests",
            dependencies: ["LayoutKernelEngine", "LayoutKernelCore", "LayoutKernelDispatch"],
            path: "Tests/LayoutKernelEngineTests"
        ),
    ],
    swiftLanguageModes: [.v5]
)
