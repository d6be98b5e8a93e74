import Foundation
import HummingbirdTesting
import Imaging
import Testing
@testable import Web

/// `GET /media/trash/{entry}`: the trash page's thumbnails. A trashed photo's thumbnail is made from the
/// file the trash holds for that entry (and only while the entry is in the trash); an unknown entry, a
/// restored one and a video answer 404.
@Suite struct TrashMediaTests {
    @Test func aTrashedPhotoHasAThumbnailAndNothingElseDoes() async throws {
        let fixture = try WebFixture()
        try await fixture.test { client in
            let trash = try await TrashEmptyAPITests.oneInTheTrash(client)
            let entry = try #require(trash.first)
            let id = try #require(entry["id"] as? Int)
            let original = try #require(entry["originalPath"] as? String)
            // The picture it was, from the fixture it was copied from: the thumbnail is its 640-px preview.
            let source = WebFixture.packageRoot.appendingPathComponent("Fixtures/phone").path + String(original.dropFirst((fixture.root + "/phone").count))
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: source)))
            let thumbnail = try await client.send(.get, "/media/trash/\(id)")
            #expect(thumbnail.status == .ok && thumbnail.headers[.contentType] == "image/jpeg")
            #expect([UInt8](Data(buffer: thumbnail.body)) == (try Preview.jpeg(bytes: bytes, name: source, longSide: 640)), "the trashed photo's own 640-px preview")
            let image = try Decoding.decode(bytes: [UInt8](Data(buffer: thumbnail.body)), name: "thumbnail")
            #expect(max(image.width, image.height) <= 640 && image.width > 0)
            #expect(try await client.send(.get, "/media/trash/\(id)?side=1080").status == .ok)
            #expect(try await client.send(.get, "/media/trash/\(id)?side=7").status == .badRequest)
            // Unknown entries: none of that id, not a number, 0.
            for unknown in ["999999", "x", "0", "-1"] {
                #expect(try await client.send(.get, "/media/trash/\(unknown)").status == .notFound, "\(unknown)")
            }
            // Restored: no longer the trash's, no thumbnail (its photo is a live item again, at /media/ITEM).
            let restored = try await client.send(.post, "/api/v1/trash/restore", json: #"{"ids":[\#(id)]}"#).object
            #expect((restored["restored"] as? [Any])?.count == 1)
            #expect(try await client.send(.get, "/media/trash/\(id)").status == .notFound)
        }
    }

    @Test func aTrashedVideoHasNoThumbnail() async throws {
        let fixture = try WebFixture()
        try await fixture.test { client in
            // Every video is big (the config's threshold at a byte): the video boss deals the fixture's video; deleted.
            let config = fixture.root + "/config/swipeclean"
            try FileManager.default.createDirectory(atPath: config, withIntermediateDirectories: true)
            try Data("[scan]\nbig_video_bytes = 1\n".utf8).write(to: URL(fileURLWithPath: config + "/config.toml"))
            let started = try await client.send(.post, "/api/v1/rounds", json: #"{"boss":"videos"}"#).object
            let round = try #require(started["round"] as? String)
            let card = try #require(started["current"] as? Int)
            #expect((started["cards"] as? [[String: Any]])?.first?["kind"] as? String == "video")
            _ = try await client.send(.post, "/api/v1/rounds/\(round)/decisions", json: #"{"card":\#(card),"decision":"delete"}"#)
            _ = try await client.send(.post, "/api/v1/rounds/\(round)/confirm", json: #"{"yes":true}"#)
            let trash = try await client.send(.get, "/api/v1/trash").array
            let videos = trash.filter { ($0["originalPath"] as? String)?.hasSuffix("VID_20250612_190000.mp4") == true }
            #expect(!videos.isEmpty, "a video in the trash: \(trash)")
            for video in videos {
                let id = try #require(video["id"] as? Int)
                let answer = try await client.send(.get, "/media/trash/\(id)")
                #expect(answer.status == .notFound && answer.text.contains("not a photo"), "\(answer.status) \(answer.text)")
            }
        }
    }
}
