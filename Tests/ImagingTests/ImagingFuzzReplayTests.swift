import Foundation
import Imaging
import Testing

/// Every input under `Fixtures/fuzz/imaging` (the seeds of `make fuzz`'s imaging target, and each
/// crash, hang or leak it found, kept as a file) decoded and hashed again in the ordinary test run:
/// none may trap or hang; the seeds that are whole pictures still hash.
@Suite struct ImagingFuzzReplayTests {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/fuzz/imaging")

    static var inputs: [URL] {
        ((try? FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)) ?? [])
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    @Test func everyInputDecodesOrIsRefusedInWords() throws {
        #expect(Self.inputs.count >= 5)
        var hashed = 0
        for input in Self.inputs {
            let bytes = Array(try Data(contentsOf: input))
            do {
                _ = try PerceptualHashing.fingerprint(bytes: bytes, name: input.lastPathComponent)
                hashed += 1
            } catch {
                #expect(!error.description.isEmpty, "\(input.lastPathComponent)")
            }
        }
        #expect(hashed >= 3)   // the seeds include whole JPEGs and PNGs
    }

    /// The hardening campaign's imaging target: one byte changed in a 1440×960 HEIC makes
    /// libheif's HEVC decoder (libde265) take 4 s instead of 0.13 s (release, AddressSanitizer).
    /// Slow inside the C decoder but bounded: it ends, with a picture or a refusal in words.
    @Test func aDamagedHEVCStreamEnds() throws {
        let url = Self.directory.appendingPathComponent("slow-damaged-hevc.heic")
        let bytes = Array(try Data(contentsOf: url))
        do {
            _ = try PerceptualHashing.fingerprint(bytes: bytes, name: url.lastPathComponent)
        } catch {
            #expect(error.description.contains("slow-damaged-hevc.heic"))
        }
    }
}
