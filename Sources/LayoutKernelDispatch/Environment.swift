#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The value of an environment variable, or nil.
func environment(_ name: String) -> String? {
    getenv(name).map { String(cString: $0) }
}
