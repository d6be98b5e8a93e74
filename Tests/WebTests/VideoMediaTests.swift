import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
@testable import Web

/// `/media/{id}` of a video: the indexed file itself, ranges included, and nothing else: a video
/// swapped after the scan for a link (to anything) or for another file is a 404, never the other's bytes.
@Suite struct VideoMediaTests {
    static let video = "Movies/VID_20250612_190000.mp4"

    @Test func aVideoIsServedWholeAndByRange() async throws {
        let fixture = try WebFixture()
        let id = try fixture.itemID(Self.video)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: fixture.root + "/phone/" + Self.video))
        try await fixture.test { client in
            let whole = try await client.send(.get, "/media/\(id)")
            #expect(whole.status == .ok && whole.headers[.contentType] == "video/mp4" && whole.headers[.acceptRanges] == "bytes")
            #expect(Data(whole.body.readableBytesView) == bytes)
            let part = try await client.send(.get, "/media/\(id)", extra: [.range: "bytes=100-299"])
            #expect(part.status == .partialContent)
            #expect(part.headers[.contentRange] == "bytes 100-299/\(bytes.count)")
            #expect(Data(part.body.readableBytesView) == bytes[100..<300])
            let tail = try await client.send(.get, "/media/\(id)", extra: [.range: "bytes=-10"])
            #expect(Data(tail.body.readableBytesView) == bytes.suffix(10))
        }
    }

    /// The file replaced by a symbolic link after the scan (to a secret, or to a copy of the video
    /// itself): 404, whole or by range.
    @Test(arguments: ["secret", "copy"])
    func aVideoSwappedForALinkIsNotServed(_ target: String) async throws {
        let fixture = try WebFixture()
        let id = try fixture.itemID(Self.video)
        let path = fixture.root + "/phone/" + Self.video
        let secret = fixture.root + "/secret.txt"
        try Data(("SECRET-PASSWORDS " + String(repeating: "x", count: 4_000)).utf8).write(to: URL(fileURLWithPath: secret))
        let copy = fixture.root + "/copy.mp4"
        try FileManager.default.copyItem(atPath: path, toPath: copy)
        try FileManager.default.removeItem(atPath: path)
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: target == "secret" ? secret : copy)
        try await fixture.test { client in
            for range in [nil, "bytes=0-99", "bytes=-50"] as [String?] {
                var headers: HTTPFields = [:]
                if let range { headers[.range] = range }
                let response = try await client.send(.get, "/media/\(id)", extra: headers)
                #expect(response.status == .notFound, "\(range ?? "whole"): \(response.status)")
                #expect(!response.text.contains("SECRET"))
            }
        }
    }

    /// Another file moved into its place (another inode), even with the same size and mtime: 404.
    @Test func aVideoSwappedForAnotherFileIsNotServed() async throws {
        let fixture = try WebFixture()
        let id = try fixture.itemID(Self.video)
        let path = fixture.root + "/phone/" + Self.video
        let indexed = try FileManager.default.attributesOfItem(atPath: path)
        let size = try #require(indexed[.size] as? Int)
        let other = fixture.root + "/other.mp4"
        try Data(repeating: 0x53, count: size).write(to: URL(fileURLWithPath: other))
        try FileManager.default.setAttributes([.modificationDate: indexed[.modificationDate]!], ofItemAtPath: other)
        #expect(rename(other, path) == 0)
        try await fixture.test { client in
            let response = try await client.send(.get, "/media/\(id)", extra: [.range: "bytes=0-15"])
            #expect(response.status == .notFound)
            #expect(response.object["error"] != nil, "the answer is the JSON error, not the other file's bytes")
        }
    }

    /// A folder on the way replaced by a link to a copy of it: not followed.
    @Test func aFolderOnTheWaySwappedForALinkIsNotFollowed() async throws {
        let fixture = try WebFixture()
        let id = try fixture.itemID(Self.video)
        let movies = fixture.root + "/phone/Movies"
        try FileManager.default.moveItem(atPath: movies, toPath: fixture.root + "/Elsewhere")
        try FileManager.default.createSymbolicLink(atPath: movies, withDestinationPath: fixture.root + "/Elsewhere")
        try await fixture.test { client in
            let response = try await client.send(.get, "/media/\(id)")
            #expect(response.status == .notFound)
        }
    }
}
