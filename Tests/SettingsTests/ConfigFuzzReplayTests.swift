import Foundation
import Testing
@testable import Settings

/// Every input under `Fixtures/fuzz/config` (the seeds of `make fuzz` and whatever it found) read the whole
/// way a config file goes: a configuration, or one `ConfigError` sentence naming the file; never a trap.
@Suite struct ConfigFuzzReplayTests {
    @Test func everyFuzzInputIsAConfigurationOrOneSentence() throws {
        let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fixtures/fuzz/config").path
        let names = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
        #expect(names.count >= 3)
        for name in names {
            let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: directory + "/" + name)))
            do {
                let configuration = try ConfigLoader.parse(try ConfigFile.decode(bytes, file: name), file: name)
                #expect(try ConfigLoader.parse(configuration.toml, file: name) == configuration, "\(name)")
            } catch {
                #expect(error.description.contains(name), "\(name): \(error)")
                #expect(!error.description.contains("\n"), "\(name): \(error)")
            }
        }
    }
}
