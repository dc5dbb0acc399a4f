// lk-fixtures: writes the reference fixtures (ReferenceFixtures.swift) to a folder.
//
//   lk-fixtures [FOLDER]     default: Tests/Fixtures/reference (run from the repository root)
import Foundation

let arguments = CommandLine.arguments.dropFirst()
guard arguments.count <= 1, arguments.first?.hasPrefix("-") != true else {
    FileHandle.standardError.write("usage: lk-fixtures [FOLDER]\n".data(using: .utf8)!)
    exit(2)
}
let folder = URL(fileURLWithPath: arguments.first ?? "Tests/Fixtures/reference", isDirectory: true)
do {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    var bytes = 0
    for file in ReferenceFixtures.files() {
        let data = Data(file.text.utf8)
        try data.write(to: folder.appendingPathComponent(file.name))
        bytes += data.count
    }
    print("wrote \(folder.path): \(bytes) bytes")
} catch {
    FileHandle.standardError.write("lk-fixtures: \(error)\n".data(using: .utf8)!)
    exit(1)
}
