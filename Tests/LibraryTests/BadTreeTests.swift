import FileSystem
import Foundation
import Testing
@testable import Library

@Suite struct BadTreeTests {
    /// Every bad case at once: the scan completes, indexes what it can, and says what it could not.
    @Test func aTreeOfBadCasesIsScannedToTheEnd() throws {
        let tree = try TestTree()
        for name in ["IllegalArgumentException.HeifReader.processBoxes.heif", "NegativeArraySizeException.HeifReader.processBoxes.heif"] {
            try tree.copyCorpus(name, to: "broken/" + name)
        }
        let jpeg = try Data(contentsOf: URL(fileURLWithPath: TestTree.corpus + "/Apple iPhone 5.jpg"))
        try tree.write("truncated.jpg", jpeg.prefix(3000))
        try tree.write("empty.jpg", Data())
        try tree.write("garbage.mov", randomData(4096))
        try tree.write("no extension", jpeg.prefix(200_000))
        try tree.write("name with\nnewline and spaces.jpg", jpeg.prefix(5000))
        try FileManager.default.createSymbolicLink(atPath: tree.photos + "/loop", withDestinationPath: tree.photos)
        try FileManager.default.createSymbolicLink(atPath: tree.photos + "/dangling.jpg", withDestinationPath: tree.photos + "/nothing-here")
        #expect(mkfifo(tree.photos + "/fifo.jpg", 0o600) == 0)
        try tree.write(".thumbnails/thumb.jpg", jpeg.prefix(100))

        let report = try tree.scan()
        #expect(report.summary.files == 8)  // the thumbnail too: indexed in its cache, never a card
        #expect(report.errors.isEmpty)
        let items = try tree.items()
        #expect(items.first { $0.rawPath.lastComponent == Array("no extension".utf8) }?.kind == .photo)
        #expect(items.first { $0.rawPath.lastComponent == Array("empty.jpg".utf8) }?.kind == .other)
        #expect(items.filter { $0.rawPath.description.contains("broken/") }.allSatisfy { $0.kind == .photo })
        #expect(items.filter { $0.store != nil }.map(\.rawPath.lastComponent) == [Array("thumb.jpg".utf8)])
    }
}
