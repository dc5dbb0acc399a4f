// swift-tools-version:5.9
//
// LayoutKernel: a layout kernel for huge numbers of fixed-size items.
// No package dependencies: the Swift toolchain only.
import PackageDescription

let package = Package(
    name: "LayoutKernel",
    products: [
        // The shared library C, C++ and Python load: libLayoutKernel.so.
        .library(name: "LayoutKernel", type: .dynamic, targets: ["LayoutKernel"]),
        // The throughput benchmark (the README's main job).
        .executable(name: "lk-bench", targets: ["LayoutKernelBench"]),
    ],
    targets: [
        // The public C header, imported by the export layer so that the Swift side of
        // every struct is the C side (one definition, checked by the compiler).
        .systemLibrary(name: "CLayoutKernel", path: "Include"),
        // A few lines of C: thread-local error state (Swift has no thread-locals).
        .target(
            name: "LayoutKernelSupport",
            path: "Sources/LayoutKernelSupport",
            cSettings: [.headerSearchPath("../../Include")]
        ),
        // Pure algorithms over buffers: the model and the scalar references.
        .target(name: "LayoutKernelCore", path: "Sources/LayoutKernelCore"),
        // The C export layer (@_cdecl): validate, convert, call, map status.
        .target(
            name: "LayoutKernel",
            dependencies: ["LayoutKernelCore", "LayoutKernelSupport", "CLayoutKernel"],
            path: "Sources/LayoutKernel",
            exclude: ["exports.map"],
            linkerSettings: [
                .unsafeFlags(["-Xlinker", "--version-script=\(Context.packageDirectory)/Sources/LayoutKernel/exports.map"]),
            ]
        ),
        .executableTarget(
            name: "LayoutKernelBench",
            dependencies: ["LayoutKernelCore"],
            path: "Benchmarks"
        ),
        .testTarget(
            name: "LayoutKernelCoreTests",
            dependencies: ["LayoutKernelCore"],
            path: "Tests/LayoutKernelCoreTests"
        ),
    ]
)
