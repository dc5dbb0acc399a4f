import LayoutKernelCore
import XCTest

/// `roundedHalfAwayFromZero` is C's `round` bit for bit: halves, the edges of the
/// fast path, signed zeros, NaN, infinities and a million random values of every scale.
final class ShareRoundingTests: XCTestCase {
    func testEqualsTheLibraryRound() {
        var values: [Double] = [0, -0.0, 0.5, -0.5, 1.5, -1.5, 2.5, 0.49999999999999994, -0.49999999999999994,
                                0x1p52, -0x1p52, 0x1p52 - 0.5, -(0x1p52 - 0.5), 0x1p52 - 1, 0x1p53 + 2, 0x1p63, -0x1p70,
                                .infinity, -.infinity, .nan, .leastNonzeroMagnitude, -.leastNonzeroMagnitude,
                                .greatestFiniteMagnitude, 4503599627370495.5, -4503599627370495.5]
        var state: UInt64 = 0x5EED
        for _ in 0..<1_000_000 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            let value = Double(bitPattern: state)
            values.append(value)
            // Values near whole and half units, at the scales shares take.
            let scaled = Double(Int64(bitPattern: state) >> Int64(state % 50)) / 4
            values.append(scaled)
            values.append(scaled + 0.5)
        }
        for value in values {
            let want = value.rounded(.toNearestOrAwayFromZero)
            XCTAssertEqual(value.roundedHalfAwayFromZero.bitPattern, want.bitPattern, "\(value)")
            if want.isNaN { XCTAssertTrue(value.roundedHalfAwayFromZero.isNaN) }
        }
    }
}
