import Foundation
import Testing
import TestSupport
@testable import Media

/// `MagicTyper` answers JPEGs and PNGs from their signatures without libmagic: the answer must be
/// libmagic's own, for real files and for any bytes after the signature.
@Suite struct MagicTyperTests {
    /// Every file of the fixtures (the corpus, phone media, dates, JPEG and PNG kinds, fuzz inputs).
    static func fixtureFiles() -> [URL] {
        let root = Fixtures.packageRoot.appendingPathComponent("Fixtures")
        let walk = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey])
        return (walk?.allObjects as? [URL] ?? []).filter { (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true }
    }

    @Test func theSignaturesAnswerAsLibmagicDoesForEveryFixtureFile() throws {
        let magic = try MagicTyper()
        var told = [String: Int]()
        let files = Self.fixtureFiles()
        #expect(files.count > 400)
        for file in files {
            let head = Array(try Data(contentsOf: file).prefix(Inspector.headSize))
            guard let quick = MagicTyper.signatureType(of: head[...]) else { continue }
            #expect(quick == magic.libmagicType(of: head[...]), "\(file.path)")
            told[quick, default: 0] += 1
        }
        // Most fixture photos are told by their signature (the rest are HEIC, video, text, damaged files).
        #expect(told["image/jpeg", default: 0] > 200 && told["image/png", default: 0] > 20, "\(told)")
    }

    /// What follows the signature, random, short or long, never changes libmagic's answer; a head
    /// one byte short of a signature is left to libmagic (which then says otherwise).
    @Test func anyBytesAfterTheSignatureKeepLibmagicsAnswer() throws {
        let magic = try MagicTyper()
        var random = SplitMix(seed: 0x5EED_5EED)
        let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF]
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]
        for length in [1, 2, 5, 13, 100, 1_000, 4_096, 20_000] {
            for _ in 0..<40 {
                for signature in [jpeg, png] {
                    let bytes = signature + (0..<length).map { _ in UInt8.random(in: 0...255, using: &random) }
                    let quick = try #require(MagicTyper.signatureType(of: bytes[...]))
                    #expect(quick == magic.libmagicType(of: bytes[...]), "\(bytes.prefix(24))")
                }
            }
        }
        let cgbi: [UInt8] = Array(png.prefix(8)) + [0, 0, 0, 4, 0x43, 0x67, 0x42, 0x49]
        let shorts: [[UInt8]] = [jpeg, Array(png.dropLast()), [0xFF, 0xD8, 0xFE, 0x00], cgbi]
        for short in shorts {
            #expect(MagicTyper.signatureType(of: short[...]) == nil, "\(short)")
        }
        #expect(magic.libmagicType(of: jpeg[...]) != "image/jpeg")
        #expect(magic.libmagicType(of: png.dropLast()[...]) != "image/png")
    }
}
