import Foundation
import Testing
import Trash

/// Every input under `Fixtures/fuzz/trashinfo` (the seeds of `make fuzz` and whatever it found) parsed again:
/// each is a `TrashInfo` or a reason, never a trap.
@Suite struct TrashInfoFuzzReplayTests {
    @Test func everyFuzzInputParsesOrIsRefused() throws {
        let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fixtures/fuzz/trashinfo").path
        let names = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
        #expect(names.count >= 3)
        for name in names {
            let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: directory + "/" + name)))
            switch TrashInfo.parse(bytes) {
            case .success(let info): #expect(!info.originalPath.bytes.isEmpty, "\(name)")
            case .failure(let reason): #expect(!reason.description.isEmpty, "\(name)")
            }
        }
    }
}
