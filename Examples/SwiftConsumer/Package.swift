// swift-tools-version:6.0
//
// A separate package that uses LayoutKernel's Swift API as any other package would:
// a dependency by path (`make test-swift-api` builds and runs it).
import PackageDescription

let package = Package(
    name: "SwiftConsumer",
    dependencies: [
        .package(name: "LayoutKernel", path: "../.."),
    ],
    targets: [
        .executableTarget(
            name: "SwiftConsumer",
            dependencies: [.product(name: "LayoutKernelSwift", package: "LayoutKernel")]
        ),
    ]
)
