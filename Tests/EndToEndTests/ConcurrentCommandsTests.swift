import Foundation
import Testing

/// Commands run beside a round in play or a scan (issue 53): what does not wait on a round that moves nothing does
/// not (the trash listed, emptied and restored, the pending batches listed), a second round is refused, and a round is
/// refused before it deals while a scan writes the index.
@Suite struct ConcurrentCommandsTests {
    /// `clean ARGUMENTS` started in the background with its stdin left open (a round waiting for its first decision).
    final class Background {
        let process = Process()
        let input = Pipe()
        let output = Pipe()
        /// A hang fails the test instead of stalling the suite.
        var watchdog: Watchdog?

        init(_ clean: CleanBinary, _ executable: URL, _ arguments: [String]) throws {
            process.executableURL = executable
            process.arguments = arguments
            process.environment = clean.environment
            process.standardInput = input
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            try process.run()
            watchdog = Watchdog(process, after: 120 * Slowdown.factor)
        }

        /// Reads stdout until `text` shows (or it ends).
        func waitFor(_ text: String) -> String {
            var seen = Data()
            while !String(decoding: seen, as: UTF8.self).contains(text) {
                let chunk = output.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                seen.append(chunk)
            }
            return String(decoding: seen, as: UTF8.self)
        }

        func finish(_ lines: String = "") -> Int32 {
            input.fileHandleForWriting.write(Data(lines.utf8))
            try? input.fileHandleForWriting.close()
            process.waitUntilExit()
            watchdog?.cancel()
            return process.terminationStatus
        }
    }

    @Test func aRoundInPlayDoesNotHoldUpTheTrashButRefusesASecondRound() throws {
        let clean = try CleanBinary.atFixedTime()
        defer { clean.removeHome() }
        let library = try clean.copyOfTheFixtures()
        #expect(try clean.run(["scan", library, "--quiet"]).status == 0)
        #expect(try clean.run(["boss", "screenshots", "--yes"], input: "d\nd\nq\n").status == 0)
        #expect(try clean.run(["boss", "old"], input: "d\nq\nn\n").status == 0)   // one batch left pending
        let ids = try CleanBinary.array(clean.run(["trash", "list", "--json"])).compactMap { $0["id"] as? Int }
        #expect(ids.count >= 2)

        let round = try Background(clean, CleanBinary.executable, ["round"])
        let shown = round.waitFor("[q] quit")
        #expect(shown.contains("card 1 of"), "\(shown)")
        let list = try clean.run(["trash", "list"])
        #expect(list.status == 0 && !list.stderr.contains("another clean"), "\(list.stderr)")
        let pending = try clean.run(["pending"])
        #expect(pending.status == 0 && pending.stdout.contains("Round "), "\(pending.stdout)\(pending.stderr)")
        let restore = try clean.run(["restore", String(ids[0])])
        #expect(restore.status == 0, "\(restore.stderr)")
        let empty = try clean.run(["trash", "empty", "--all", "--yes"])
        #expect(empty.status == 0 && empty.stdout.contains("Deleted "), "\(empty.stderr)")
        let second = try clean.run(["round"], input: "q\n")
        #expect(second.status == 1 && second.stderr.contains("a round is already in play"), "\(second.stderr)")
        #expect(round.finish("k\nq\n") == 0)
        #expect(try clean.run(["round", "--dry-run"], input: "q\n").status == 0, "once it ended, a round can start")
    }

    /// A scan holding the index (its lock held here by flock(1), as a running scan holds it): a round is refused before
    /// it deals a card.
    @Test func aRoundIsRefusedBeforeItDealsWhileAScanWritesTheIndex() throws {
        let clean = try CleanBinary.atFixedTime()
        defer { clean.removeHome() }
        #expect(try clean.run(["scan", try clean.copyOfTheFixtures(), "--quiet"]).status == 0)
        let holder = try Background(clean, URL(fileURLWithPath: "/usr/bin/flock"),
                                    [clean.home + "/state/scan.lock", "sh", "-c", "echo held; read line"])
        #expect(holder.waitFor("held").contains("held"))
        let round = try clean.run(["round"], input: "d\ny\n")
        #expect(round.status == 1, "\(round.stdout)")
        #expect(round.stderr.contains("a scan is indexing") && !round.stdout.contains("card 1 of"), "\(round.stdout)\(round.stderr)")
        #expect(holder.finish("\n") == 0)
        #expect(try clean.run(["round", "--dry-run"], input: "q\n").status == 0)
    }
}
