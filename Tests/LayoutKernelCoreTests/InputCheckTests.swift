import LayoutKernelCore
import LayoutKernelDispatch
import XCTest

/// The kernels' input check (`inputsAreValid`) at every level: a length is valid exactly
/// when it is in [0, 2^64] (-0 included), whatever its place among the values (in a
/// 64-value step, a 16-value tail or a partial one) and whichever array holds it.
final class InputCheckTests: XCTestCase {
    static let valid: [Float] = [0, -0.0, .leastNonzeroMagnitude, .leastNormalMagnitude, 1, 0x1p63,
                                 Float(0x1p64).nextDown, 0x1p64]
    static let invalid: [Float] = [Float(0x1p64).nextUp, .greatestFiniteMagnitude, .infinity, -.infinity, .nan, -.nan,
                                   .signalingNaN, -.leastNonzeroMagnitude, -1, -0x1p64, -.greatestFiniteMagnitude]

    func testEveryLengthIsCheckedAtEveryPlaceAndLevel() {
        let lengths = [1, 15, 16, 17, 63, 64, 65, 80, 130]
        var checked = 0
        for level in KernelLevel.supported {
            let kernels = level.layouts
            for n in lengths {
                for position in Set([0, n / 2, n - 1]) {
                    for (value, expected) in Self.valid.map({ ($0, true) }) + Self.invalid.map({ ($0, false) }) {
                        var widths = [Float](repeating: 3, count: n)
                        widths[position] = value
                        let heights = [Float](repeating: 2, count: n)
                        for (w, h) in [(widths, heights), (heights, widths)] {
                            let got = ItemList(widths: w, heights: h).withItems { kernels.inputsAreValid($0) }
                            let bits = String(value.bitPattern, radix: 16)
                            XCTAssertEqual(got, expected,
                                           "\(level.name): \(value) (bits \(bits)) at \(position) of \(n)")
                            checked += 1
                        }
                        var grow = heights
                        grow[position] = value
                        let got = ItemList(widths: heights, heights: heights, grow: grow).withItems {
                            kernels.inputsAreValid($0)
                        }
                        XCTAssertEqual(got, expected, "\(level.name): grow \(value) at \(position) of \(n)")
                    }
                }
            }
        }
        XCTAssertGreaterThan(checked, 0)
    }
}
