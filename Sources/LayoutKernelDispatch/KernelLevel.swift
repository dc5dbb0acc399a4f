import LayoutKernelAVX2
import LayoutKernelSSE2
import LayoutKernelAVX512
import LayoutKernelCPU
import LayoutKernelCore

/// An instruction-set level the kernels are built for.
public enum KernelLevel: String, CaseIterable, Sendable {
    /// The scalar reference (the oracle; not vectorised).
    case reference
    /// The x86-64 baseline (SSE2). On other architectures this level is the portable
    /// build of the same kernel, named `portable`.
    case sse2
    case avx2
    case avx512

    /// The name users see and `LAYOUTKERNEL_ISA` takes.
    public var name: String {
        #if arch(x86_64)
        return rawValue
        #else
        return self == .sse2 ? "portable" : rawValue
        #endif
    }

    /// The level a `LAYOUTKERNEL_ISA` value names, in any case (`portable` is the
    /// baseline anywhere).
    public init?(name: String) {
        switch name.lowercased() {
        case "portable": self = .sse2
        case let other: self.init(rawValue: other)
        }
    }

    /// Whether this CPU and operating system can run this level.
    public var isSupported: Bool {
        switch self {
        case .reference, .sse2: return true
        case .avx2: return KernelLevel.features & UInt32(LK_CPU_AVX2) != 0
        case .avx512: return KernelLevel.features & UInt32(LK_CPU_AVX512) != 0
        }
    }

    /// The levels this machine can run, slowest first.
    public static var supported: [KernelLevel] { allCases.filter(\.isSupported) }

    /// The fastest supported level.
    public static var best: KernelLevel { supported.last ?? .sse2 }

    /// Every layout kind's kernels at this level. Precondition: `isSupported`.
    public var layouts: LayoutKernelSet {
        precondition(isSupported, "the \(name) kernels cannot run on this CPU")
        switch self {
        case .reference: return .reference
        case .sse2: return layoutKernelsSSE2
        case .avx2: return layoutKernelsAVX2
        case .avx512: return layoutKernelsAVX512
        }
    }

    private static let features = lk_cpu_features()
}

/// The level chosen once per process: `LAYOUTKERNEL_ISA` when it names a supported level
/// (an unsupported or unknown name falls back to the best level, and `choiceNote` says
/// why), otherwise the best level.
public enum ActiveKernel {
    public static let level: KernelLevel = choice.level
    /// Why the requested level was not used, or nil.
    public static let choiceNote: String? = choice.note
    /// Every layout kind's kernels at `level`, large calls split over the threads
    /// `lk_set_max_threads()` allows.
    public static let layouts: LayoutKernelSet = level.layouts.parallel { Parallel.limit }

    private static let choice = choose(requested: environment("LAYOUTKERNEL_ISA"))

    /// The level for a `LAYOUTKERNEL_ISA` value (nil or empty: the best).
    public static func choose(requested: String?) -> (level: KernelLevel, note: String?) {
        guard let requested, !requested.isEmpty else { return (KernelLevel.best, nil) }
        guard let level = KernelLevel(name: requested) else {
            let names = KernelLevel.allCases.map(\.name).joined(separator: ", ")
            return (KernelLevel.best, "LAYOUTKERNEL_ISA=\(requested) is not one of \(names); using \(KernelLevel.best.name)")
        }
        guard level.isSupported else {
            return (KernelLevel.best, "LAYOUTKERNEL_ISA=\(requested): this CPU does not support it; using \(KernelLevel.best.name)")
        }
        return (level, nil)
    }
}
