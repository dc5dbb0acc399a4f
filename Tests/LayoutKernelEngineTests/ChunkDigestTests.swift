import LayoutKernelCore
import LayoutKernelDispatch
@testable import LayoutKernelEngine
import XCTest

/// The chunk digest: every kernel level's vector rounds equal the reference's scalar ones,
/// and changing any one 8-byte word of a chunk changes its digest.
final class ChunkDigestTests: XCTestCase {

    func testEveryLevelDigestsLikeTheReference() {
        var rng = EngineDifferentialTests.Random(state: 5)
        for count in [0, 1, 7, 63, 64, 65, 128, 1000, 4096 * 8 + 3] {
            let bytes = (0..<count).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
            let want = bytes.withUnsafeBytes { raw -> ChunkDigest in
                var lanes = ChunkDigest.Lanes()
                lanes.add(raw.baseAddress ?? UnsafeRawPointer(bitPattern: 1)!, count, LayoutKernelSet.reference.digestBlocks)
                return ChunkDigest(lanes)
            }
            for level in KernelLevel.supported {
                let got = bytes.withUnsafeBytes { raw -> ChunkDigest in
                    var lanes = ChunkDigest.Lanes()
                    lanes.add(raw.baseAddress ?? UnsafeRawPointer(bitPattern: 1)!, count, level.layouts.digestBlocks)
                    return ChunkDigest(lanes)
                }
                XCTAssertEqual(got, want, "\(level.name), \(count) bytes")
            }
        }
    }

    func testOneChangedWordAlwaysChangesTheDigest() {
        var rng = EngineDifferentialTests.Random(state: 6)
        let blocks = KernelLevel.best.layouts.digestBlocks
        var words = (0..<600).map { _ in rng.next() }
        func digest() -> ChunkDigest {
            words.withUnsafeBytes { raw in
                var lanes = ChunkDigest.Lanes()
                lanes.add(raw.baseAddress!, raw.count, blocks)
                return ChunkDigest(lanes)
            }
        }
        let original = digest()
        for k in 0..<words.count {
            let old = words[k]
            words[k] = old ^ (1 << UInt64(rng.below(64)))
            XCTAssertNotEqual(digest(), original, "word \(k)")
            words[k] = old
        }
        XCTAssertEqual(digest(), original)
    }
}
