import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

/// The first folder without a terminal: the computer's page lists the roots and a folder's subfolders,
/// and scans a picked folder, which is remembered; a path outside the roots is refused with its reason.
@Suite struct FolderAPITests {
    @Test func theRootsAndAFoldersSubfoldersHiddenAndLinkedOnesLeftOut() async throws {
        let fixture = try WebFixture()
        let home = try #require(realpath(fixture.root, nil).map { p in defer { free(p) }; return String(cString: p) })
        try FileManager.default.createDirectory(atPath: fixture.root + "/.cache", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: fixture.root + "/Locked", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: fixture.root + "/linked", withDestinationPath: fixture.root + "/phone")
        chmod(fixture.root + "/Locked", 0)
        defer { chmod(fixture.root + "/Locked", 0o700) }
        try await fixture.test { client in
            let rootsText = try await client.send(.get, "/api/v1/folders").text
            #expect(rootsText.hasPrefix(#"{"folders":[{"name":"Home","path":"\#(home)"}"#), "\(rootsText)")
            let listingText = try await client.send(.get, "/api/v1/folders?under=" + home).text
            #expect(listingText.contains(#""parent":null"#) && listingText.contains(#""path":"\#(home)""#), "\(listingText)")
            #expect(listingText.contains(#"{"name":"phone","path":"\#(home)/phone"}"#), "\(listingText)")
            #expect(!listingText.contains(".cache") && !listingText.contains("linked"), "\(listingText)")
            let lockedMarked = listingText.contains(#"{"name":"Locked","path":"\#(home)/Locked","unreadable":true}"#)
            #expect(lockedMarked || getuid() == 0, "\(listingText)")
            let innerText = try await client.send(.get, "/api/v1/folders?under=" + home + "/phone").text
            #expect(innerText.contains(#""parent":"\#(home)""#), "\(innerText)")
            let outside = try await client.send(.get, "/api/v1/folders?under=/etc")
            #expect(outside.status == .badRequest && outside.text.contains("outside the folders offered here"))
        }
    }

    @Test func aPickedFolderIsScannedAndRememberedAndABadOneRefused() async throws {
        let fixture = try WebFixture()
        let home = try #require(realpath(fixture.root, nil).map { p in defer { free(p) }; return String(cString: p) })
        let h = home.replacingOccurrences(of: "/", with: "\\/")
        try FileManager.default.createDirectory(atPath: fixture.root + "/Pictures", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: fixture.root + "/phone/DCIM/Camera/IMAG0042.jpg", toPath: fixture.root + "/Pictures/first.jpg")
        try await fixture.test { client in
            for (body, reason) in [(#"{"folders":["/etc"]}"#, "outside the folders offered here"),
                                   (#"{"folders":["\#(h)\/Pictures/first.jpg"]}"#, "is not a folder"),
                                   (#"{"folders":["\#(h)\/nope"]}"#, "No such file or directory"),
                                   (#"{"folders":["\#(h)\/phone/../../"]}"#, "outside the folders offered here")] {
                let refused = try await client.send(.post, "/api/v1/scan", json: body)
                #expect(refused.status == .badRequest && refused.text.contains(reason), "\(body): \(refused.text)")
            }
            let started = try await client.send(.post, "/api/v1/scan", json: #"{"folders":["\#(h)\/phone/../Pictures"]}"#)
            #expect(started.status == .accepted && started.text.contains(#""scanning":["\#(home)/Pictures"]"#), "\(started.text)")
            _ = try await ScanAPITests.finished(client)
            let stateText = try await client.send(.get, "/api/v1/scan").text
            #expect(!stateText.contains(#""error""#) && stateText.contains(#""\#(home)/Pictures""#), "\(stateText)")
            #expect(try fixture.itemID("Pictures/first.jpg") > 0)
        }
    }
}
