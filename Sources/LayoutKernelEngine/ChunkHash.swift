/// The digest the engine keeps for each chunk of its items, so that `setItems` finds the
/// chunks that changed by hashing only the new arrays.
///
/// Four lanes of XXH64's round (`acc = rotl(acc + word * P2, 31) * P1`) over the chunk's
/// 8-byte words (word `k` to lane `k % 4`), merged into 128 bits. For a fixed lane state
/// the round is a bijection of the word, and every later round and the merge are
/// bijections of the lane state, so a change of one 8-byte word always changes the
/// digest. Other changes keep it with probability about 2^-64 for data not crafted to
/// collide (the hash is not cryptographic).
///
/// - Complexity: O(bytes), about a cycle per 8 bytes (four independent chains).
struct ChunkDigest: Equatable {
    var low: UInt64
    var high: UInt64

    static let p1: UInt64 = 0x9E37_79B1_85EB_CA87
    static let p2: UInt64 = 0xC2B2_AE3D_27D4_EB4F
    static let p3: UInt64 = 0x1656_67B1_9E37_79F9

    @inline(__always)
    static func round(_ acc: UInt64, _ word: UInt64) -> UInt64 {
        let mixed = acc &+ word &* p2
        return ((mixed << 31) | (mixed >> 33)) &* p1
    }

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

    /// The digest of `count` bytes at `bytes`, continued from `seed` lanes (so that
    /// several arrays of one chunk make one digest).
    static func lanes(_ bytes: UnsafeRawPointer, _ count: Int, _ seed: (UInt64, UInt64, UInt64, UInt64))
        -> (UInt64, UInt64, UInt64, UInt64) {
        var (a, b, c, d) = seed
        let words = count / 8
        var k = 0
        while k + 4 <= words {
            a = round(a, bytes.loadUnaligned(fromByteOffset: 8 * k, as: UInt64.self))
            b = round(b, bytes.loadUnaligned(fromByteOffset: 8 * k + 8, as: UInt64.self))
            c = round(c, bytes.loadUnaligned(fromByteOffset: 8 * k + 16, as: UInt64.self))
            d = round(d, bytes.loadUnaligned(fromByteOffset: 8 * k + 24, as: UInt64.self))
            k += 4
        }
        // The tail: whole words, then the last bytes zero-padded with their count mixed in.
        while k < words {
            a = round(a, bytes.loadUnaligned(fromByteOffset: 8 * k, as: UInt64.self))
            (a, b, c, d) = (b, c, d, a)
            k += 1
        }
        let rest = count - 8 * words
        if rest > 0 {
            var word: UInt64 = 0
            for j in 0..<rest { word |= UInt64(bytes.load(fromByteOffset: 8 * words + j, as: UInt8.self)) << (8 * j) }
            a = round(a, word ^ UInt64(rest) << 56)
        }
        return (round(a, UInt64(count)), b, c, d)
    }

    static let seed: (UInt64, UInt64, UInt64, UInt64) = (p1 &+ p2, p2, 0, 0 &- p1)

    /// The 128-bit digest of lanes.
    init(_ lanes: (UInt64, UInt64, UInt64, UInt64)) {
        let (a, b, c, d) = lanes
        low = Self.avalanche(a ^ ((b << 7) | (b >> 57)) &* Self.p1)
        high = Self.avalanche(c ^ ((d << 12) | (d >> 52)) &* Self.p3)
    }
}
