import FileSystem
import Foundation
import Testing

/// Running another program: its output as it comes, its exit status, the file it reads handed over
/// open, and a program that hangs stopped at the time limit.
@Suite struct ChildProcessTests {
    /// Runs `/bin/sh -c script`, returning what it printed on each stream and how it ended.
    func run(_ script: String, file: RawPath? = nil, timeout: Double = 10) throws -> (String, String, ChildProcess.Outcome) {
        var output: [UInt8] = [], errors: [UInt8] = []
        let outcome = try ChildProcess.run("/bin/sh", ["-c", script], file: file, timeout: timeout) { chunk in
            switch chunk {
            case .output(let bytes): output += bytes
            case .errors(let bytes): errors += bytes
            }
            return true
        }
        return (String(decoding: output, as: UTF8.self), String(decoding: errors, as: UTF8.self), outcome)
    }

    @Test func bothStreamsAndTheExitStatusAreReported() throws {
        let (output, errors, outcome) = try run("printf out; printf err >&2; exit 3")
        #expect(output == "out")
        #expect(errors == "err")
        #expect(outcome == .exited(3))
    }

    /// The file is descriptor 3: a name that starts with '-' or is not UTF-8 never reaches the command line.
    @Test func theFileIsHandedOverOpenWhateverItsName() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("child-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var name = RawPath(folder + "/")
        name = RawPath(bytes: name.bytes + Array("-i \u{1}".utf8) + [0xFF, 0xFE] + Array(".mp4".utf8))
        let fd = name.withCString { open($0, O_WRONLY | O_CREAT, 0o600) }
        #expect(fd >= 0)
        _ = "frames".withCString { write(fd, $0, 6) }
        close(fd)
        let (output, _, outcome) = try run("cat /dev/fd/3", file: name)
        #expect(output == "frames")
        #expect(outcome == .exited(0))
        // Standard input is /dev/null: a program that reads it ends at once.
        #expect(try run("cat; echo done").0 == "done\n")
    }

    @Test func aLinkIsNotFollowed() throws {
        let link = FileManager.default.temporaryDirectory.appendingPathComponent("child-link-\(UUID().uuidString)").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "/etc/hostname")
        defer { try? FileManager.default.removeItem(atPath: link) }
        #expect(throws: FileSystemError.self) { try run("cat /dev/fd/3", file: RawPath(link)) }
    }

    /// A program that never ends (or closes its output and goes on) is killed at the time limit.
    @Test func aHungProgramIsKilledAtTheTimeLimit() throws {
        let start = Date()
        #expect(try run("sleep 30", timeout: 0.5).2 == .timedOut)
        #expect(try run("exec >&- 2>&-; sleep 30", timeout: 0.5).2 == .timedOut)
        #expect(Date().timeIntervalSince(start) < 5)
    }

    /// Allowed long in all, a program that goes quiet is stopped after `idle` seconds of silence; one that keeps
    /// talking is not.
    @Test func aProgramThatGoesQuietIsStoppedSooner() throws {
        let start = Date()
        var chunks = 0
        let outcome = try ChildProcess.run("/bin/sh", ["-c", "echo first; sleep 30"], timeout: 60, idle: 0.5) { _ in
            chunks += 1
            return true
        }
        #expect(outcome == .timedOut)
        #expect(chunks == 1)
        #expect(Date().timeIntervalSince(start) < 5)
        let talking = try ChildProcess.run("/bin/sh", ["-c", "for i in 1 2 3 4 5 6; do echo $i; sleep 0.2; done"], timeout: 60, idle: 0.5) { _ in true }
        #expect(talking == .exited(0))
    }

    @Test func theReaderStopsTheProgram() throws {
        var chunks = 0
        let outcome = try ChildProcess.run("/bin/sh", ["-c", "yes"], timeout: 10) { _ in
            chunks += 1
            return chunks < 3
        }
        #expect(outcome == .stopped)
        #expect(chunks == 3)
    }
}
