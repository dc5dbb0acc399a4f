import LayoutKernelCore

/// The digest the engine keeps for each chunk of its items, so that `setItems` finds the
/// chunks that changed by hashing only the new arrays.
///
/// XXH3's long-input hash with a key of our own (`LayoutKernelSet.digestKey`): eight
/// 64-bit accumulators take each 64-byte stripe of the chunk's fields (one multiply of
/// 32-bit halves per 8-byte word, vectorised by the kernels' `digestStripes`; a
/// field's last bytes zero-padded into a stripe of their own), scrambled every 1 KB,
/// then merged into 128 bits as XXH3-128 merges them, with every field's length. Two
/// different chunks get the same digest with probability about 2^-64 or less for data
/// not crafted to collide (the hash is not cryptographic), whatever changed: one word,
/// a few, or words swapped.
///
/// - Complexity: O(bytes), about one vector multiply per 32 bytes.
struct ChunkDigest: Equatable {
    var low: UInt64
    var high: UInt64

    static let prime1: UInt64 = 0x9E37_79B1_85EB_CA87
    static let prime2: UInt64 = 0xC2B2_AE3D_27D4_EB4F

    /// XXH3's avalanche.
    @inline(__always)
    static func avalanche(_ value: UInt64) -> UInt64 {
        var h = value ^ (value >> 37)
        h = h &* 0x1656_6791_9E37_79F9
        return h ^ (h >> 32)
    }

    /// The low and high halves of the 128-bit product, folded (XXH3's mul128_fold64).
    @inline(__always)
    static func fold(_ a: UInt64, _ b: UInt64) -> UInt64 {
        let product = a.multipliedFullWidth(by: b)
        return product.high ^ product.low
    }

    /// A digest in progress: the eight accumulators and the stripe's place in its 1 KB
    /// block (the kernels' state), and the lengths of the fields added so far.
    struct Lanes {
        var state: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) =
            (0xC2B2_AE3D, 0x9E37_79B1_85EB_CA87, 0xC2B2_AE3D_27D4_EB4F, 0x1656_67B1_9E37_79F9,
             0x85EB_CA77_C2B2_AE63, 0x85EB_CA77, 0x27D4_EB2F_1656_67C5, 0x9E37_79B1, 0)
        var lengths: UInt64 = 0

        /// Continues over `count` bytes at `bytes`: whole stripes with `stripes`, then the
        /// remaining bytes zero-padded into one more stripe.
        mutating func add(_ bytes: UnsafeRawPointer, _ count: Int, _ stripes: LayoutKernelSet.DigestStripes) {
            let whole = count / 64, rest = count % 64
            withUnsafeMutableBytes(of: &state) { state in
                let accumulators = state.baseAddress!.assumingMemoryBound(to: UInt64.self)
                if whole > 0 { stripes(accumulators, bytes, whole) }
                if rest > 0 {
                    var padded: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0)
                    withUnsafeMutableBytes(of: &padded) { $0.copyMemory(from: UnsafeRawBufferPointer(start: bytes + 64 * whole, count: rest)) }
                    withUnsafeBytes(of: &padded) { stripes(accumulators, $0.baseAddress!, 1) }
                }
            }
            lengths = lengths &* ChunkDigest.prime1 &+ UInt64(count)
        }
    }

    /// The 128-bit digest of `lanes`: XXH3-128's merge of the accumulators (pairs folded
    /// with key words, summed onto the lengths, avalanched), once per half.
    init(_ lanes: Lanes) {
        var state = lanes.state
        let key = LayoutKernelSet.digestKey
        (low, high) = withUnsafeBytes(of: &state) { raw in
            let acc = raw.bindMemory(to: UInt64.self)
            func merge(_ start: UInt64, _ offset: Int) -> UInt64 {
                var h = start
                for i in 0..<4 {
                    h &+= Self.fold(acc[2 * i] ^ key[offset + 2 * i], acc[2 * i + 1] ^ key[offset + 2 * i + 1])
                }
                return Self.avalanche(h)
            }
            return (merge(lanes.lengths &* Self.prime1, 1), merge(~(lanes.lengths &* Self.prime2), 11))
        }
    }
}
