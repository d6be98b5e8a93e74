import FileSystem
import Foundation
import Testing
@testable import Library
import TestSupport
@testable import Scanning

/// The scan's queue packs a folder's files into blobs: each comes back as it went in, or not at all.
@Suite struct PackedFilesTests {
    static func status(_ random: inout SplitMix) -> FileStatus {
        FileStatus(kind: .regular, size: Int64.random(in: 0...Int64.max, using: &random),
                   mtimeNanoseconds: Int64.random(in: Int64.min...Int64.max, using: &random), inode: random.next(),
                   device: random.next(), linkCount: random.next(), permissions: UInt32.random(in: 0...UInt32.max, using: &random),
                   ctimeNanoseconds: Int64.random(in: Int64.min...Int64.max, using: &random),
                   owner: UInt32.random(in: 0...UInt32.max, using: &random))
    }

    @Test func everyFileComesBackAsItWentIn() throws {
        var random = SplitMix(seed: 0x5041_434B)
        let folder = Array("/phone/DCIM/".utf8)
        var packed = PackedFiles()
        var expected: [(path: [UInt8], status: FileStatus, known: Int64?)] = []
        // Names of every length up to 300 bytes, any byte but the slash and NUL (not UTF-8, control characters).
        for index in 0..<500 {
            let name = (0..<Int.random(in: 1...300, using: &random)).map { _ in UInt8.random(in: 1...255, using: &random) }
                .map { $0 == UInt8(ascii: "/") ? UInt8(ascii: "_") : $0 }
            let status = Self.status(&random)
            let known: Int64? = index % 3 == 0 ? nil : Int64.random(in: 1...Int64.max, using: &random)
            packed.append(name: name, status: status, known: known)
            expected.append((folder + name, status, known))
        }
        #expect(packed.count == 500)
        var unpacked: [(path: [UInt8], status: FileStatus, known: Int64?)] = []
        let whole = packed.bytes.withUnsafeBytes { bytes in
            PackedFiles.unpack(bytes, below: folder) { path, status, known in unpacked.append((path.bytes, status, known)) }
        }
        #expect(whole)
        #expect(unpacked.count == expected.count)
        for (got, want) in zip(unpacked, expected) {
            #expect(got.path == want.path && got.status == want.status && got.known == want.known)
        }

        packed.removeAll()
        #expect(packed.count == 0 && packed.bytes.isEmpty)
    }

    /// Bytes cut anywhere inside an entry are refused, never read past.
    @Test func bytesCutShortAreRefused() {
        var packed = PackedFiles()
        packed.append(name: Array("IMG_0001.JPG".utf8), status: FileStatus(kind: .regular, size: 1, mtimeNanoseconds: 2, inode: 3, device: 4,
                                                                           linkCount: 1, permissions: 0o644, ctimeNanoseconds: 5, owner: 6),
                      known: 7)
        let entry = packed.bytes.count
        for cut in 1..<entry {
            let whole = packed.bytes[..<cut].withUnsafeBytes { PackedFiles.unpack($0, below: []) { _, _, _ in } }
            #expect(!whole, "cut at \(cut)")
        }
        #expect(packed.bytes.withUnsafeBytes { PackedFiles.unpack($0, below: []) { _, _, _ in } })
    }
}
