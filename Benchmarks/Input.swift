import Foundation

/// Item sizes from a user's file, to profile the flow on real data.
///
/// Formats: CSV or text (`.csv`, `.txt`, `.tsv`; one `width,height` pair a line, commas,
/// semicolons, tabs or spaces between; a first line with letters is a header; `#` starts
/// a comment), or raw little-endian float32 pairs `w0 h0 w1 h1 …` (any other name, or
/// `--format f32`).
enum InputFile {
    static func read(path: String, format: String?) throws -> (widths: [Float], heights: [Float]) {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw BenchmarkError.input("cannot read \(path)")
        }
        let textual = ["csv", "txt", "tsv"].contains((path as NSString).pathExtension.lowercased())
        let sizes = try (format ?? (textual ? "csv" : "f32")) == "csv" ? parseText(data, path)
                                                                     : parseFloat32(data, path)
        if let bad = sizes.widths.indices.first(where: { !valid(sizes.widths[$0]) || !valid(sizes.heights[$0]) }) {
            throw BenchmarkError.input("\(path): item \(bad) is \(sizes.widths[bad]) x \(sizes.heights[bad]) (sizes must be finite and >= 0)")
        }
        return sizes
    }

    private static func valid(_ value: Float) -> Bool { value >= 0 && value.isFinite }

    private static func parseText(_ data: Data, _ path: String) throws -> (widths: [Float], heights: [Float]) {
        guard let text = String(data: data, encoding: .utf8) else {
            throw BenchmarkError.input("\(path) is not UTF-8 text (use --format f32 for raw floats)")
        }
        var widths: [Float] = [], heights: [Float] = []
        let separators = CharacterSet(charactersIn: ",;\t ")
        for (number, rawLine) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let line = rawLine.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let fields = line.components(separatedBy: separators).filter { !$0.isEmpty }
            if fields.isEmpty { continue }
            if widths.isEmpty && number == 0 && fields.contains(where: { $0.contains(where: \.isLetter) }) { continue }
            guard fields.count >= 2, let w = Float(fields[0]), let h = Float(fields[1]) else {
                throw BenchmarkError.input("\(path):\(number + 1): expected width,height, got \"\(line)\"")
            }
            widths.append(w)
            heights.append(h)
        }
        return (widths, heights)
    }

    private static func parseFloat32(_ data: Data, _ path: String) throws -> (widths: [Float], heights: [Float]) {
        guard data.count % 8 == 0 else {
            throw BenchmarkError.input("\(path) has \(data.count) bytes, not a whole number of float32 pairs")
        }
        let n = data.count / 8
        var widths = [Float](repeating: 0, count: n), heights = [Float](repeating: 0, count: n)
        data.withUnsafeBytes { bytes in
            for i in 0..<n {
                widths[i] = Float(bitPattern: UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: 8 * i, as: UInt32.self)))
                heights[i] = Float(bitPattern: UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: 8 * i + 4, as: UInt32.self)))
            }
        }
        return (widths, heights)
    }
}
