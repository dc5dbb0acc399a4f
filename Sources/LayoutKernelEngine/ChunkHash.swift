import LayoutKernelCore

/// The digest the engine keeps for each chunk of its items, so that `setItems` finds the
/// chunks that changed by hashing only the new arrays.
///
/// Eight lanes of XXH64's round (`lane = rotl(lane + word * P2, 31) * P1`) over the
/// chunk's 8-byte words (word `k` to lane `k % 8`; whole 64-byte blocks through the
/// kernels' `digestBlocks`, a vector round a block), merged into 128 bits. For a fixed
/// lane state the round is a bijection of the word, every later round and the merge are
/// bijections of each lane, so a change of one 8-byte word always changes the digest.
/// Other changes keep it with probability about 2^-64 for data not crafted to collide
/// (the hash is not cryptographic).
///
/// - Complexity: O(bytes), at the speed of a vector multiply per 64 bytes.
struct ChunkDigest: Equatable {
    var low: UInt64
    var high: UInt64

    static let p1: UInt64 = 0x9E37_79B1_85EB_CA87
    static let p2: UInt64 = 0xC2B2_AE3D_27D4_EB4F
    static let p3: UInt64 = 0x1656_67B1_9E37_79F9

    @inline(__always)
    static func round(_ lane: UInt64, _ word: UInt64) -> UInt64 { LayoutKernelSet.digestRound(lane, word) }

    @inline(__always)
    static func rotl(_ value: UInt64, _ bits: UInt64) -> UInt64 { (value << bits) | (value >> (64 - bits)) }

    @inline(__always)
    static func avalanche(_ value: UInt64) -> UInt64 {
        var h = value
        h ^= h >> 33
        h = h &* p2
        h ^= h >> 29
        h = h &* p3
        h ^= h >> 32
        return h
    }

    /// Eight lanes in progress.
    struct Lanes {
        var lane: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) =
            (ChunkDigest.p1 &+ ChunkDigest.p2, ChunkDigest.p2, 0, 0 &- ChunkDigest.p1,
             ChunkDigest.p3, ChunkDigest.p1 ^ ChunkDigest.p3, ChunkDigest.p2 &* 3, 1)

        /// Continues over `count` bytes at `bytes`: whole 64-byte blocks with `blocks`,
        /// then the remaining words and bytes one by one (the last bytes zero-padded,
        /// their count mixed in), then the length.
        mutating func add(_ bytes: UnsafeRawPointer, _ count: Int, _ blocks: LayoutKernelSet.DigestBlocks) {
            let whole = count / 64
            withUnsafeMutableBytes(of: &lane) { state in
                let lanes = state.bindMemory(to: UInt64.self)
                if whole > 0 { blocks(lanes.baseAddress!, bytes, whole) }
                var k = 8 * whole
                while k < count / 8 {
                    lanes[k % 8] = ChunkDigest.round(lanes[k % 8], bytes.loadUnaligned(fromByteOffset: 8 * k, as: UInt64.self))
                    k += 1
                }
                let rest = count - 8 * k
                if rest > 0 {
                    var word: UInt64 = 0
                    for j in 0..<rest { word |= UInt64(bytes.load(fromByteOffset: 8 * k + j, as: UInt8.self)) << (8 * j) }
                    lanes[k % 8] = ChunkDigest.round(lanes[k % 8], word ^ UInt64(rest) << 56)
                }
                lanes[0] = ChunkDigest.round(lanes[0], UInt64(count))
            }
        }
    }

    /// The 128-bit digest of eight lanes: each half a bijection of each of its lanes.
    init(_ lanes: Lanes) {
        let l = lanes.lane
        low = Self.avalanche(l.0 ^ Self.rotl(l.1 &* Self.p1, 7) ^ Self.rotl(l.2 &* Self.p3, 19)
                             ^ Self.rotl(l.3 &* Self.p2, 41))
        high = Self.avalanche(l.4 ^ Self.rotl(l.5 &* Self.p1, 7) ^ Self.rotl(l.6 &* Self.p3, 19)
                              ^ Self.rotl(l.7 &* Self.p2, 41))
    }
}
