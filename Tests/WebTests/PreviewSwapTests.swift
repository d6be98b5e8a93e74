import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
@testable import Web

/// A photo's preview is made from the file the index names and nothing else, as a video is served:
/// opened with no link followed in any component, its descriptor compared with the index.
@Suite struct PreviewSwapTests {
    static let photo = "DCIM/Camera/IMAG0042.jpg"

    /// The photo's folder replaced by a link to a copy of it (the same inode, so a check by path agrees):
    /// 404, nothing decoded into the cache.
    @Test func aFolderOnTheWaySwappedForALinkIsNotFollowed() async throws {
        let fixture = try WebFixture()
        let id = try fixture.itemID(Self.photo)
        let camera = fixture.root + "/phone/DCIM/Camera"
        try FileManager.default.moveItem(atPath: camera, toPath: fixture.root + "/Elsewhere")
        try FileManager.default.createSymbolicLink(atPath: camera, withDestinationPath: fixture.root + "/Elsewhere")
        try await fixture.test { client in
            for side in ["", "?side=640"] {
                let response = try await client.send(.get, "/media/\(id)\(side)")
                #expect(response.status == .notFound, "\(side): \(response.status)")
                #expect(response.headers[.contentType]?.hasPrefix("application/json") == true, "the JSON error, not a picture")
            }
        }
        #expect(!fixture.app.previews.holdsPreview(of: try fixture.item(id)))
    }

    /// A preview that cannot be made says so without the photo's path or the decoder's words.
    @Test func anUndecodablePhotoIs415WithoutItsPath() async throws {
        let fixture = try WebFixture()
        let id = try fixture.itemID(Self.photo)
        let path = fixture.root + "/phone/" + Self.photo
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        let size = try #require(attributes[.size] as? Int)
        // Same size, same mtime, same inode: the index still names this version, but its pixels are gone.
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.seek(toOffset: 2)
        try handle.write(contentsOf: Data(repeating: 0, count: size - 2))
        try handle.close()
        try FileManager.default.setAttributes([.modificationDate: attributes[.modificationDate]!], ofItemAtPath: path)
        try fixture.rescan()
        try await fixture.test { client in
            let response = try await client.send(.get, "/media/\(id)")
            #expect(response.status.code == 415, "\(response.status) \(response.text)")
            #expect(!response.text.contains(fixture.root) && !response.text.contains("IMAG0042"), "\(response.text)")
        }
    }
}
