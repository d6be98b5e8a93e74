import Foundation
import Testing
@testable import Web

/// The EXIF orientation the card documents carry (`orientation`), read from the JPEG itself: the index's
/// width and height are the stored pixels', which a phone's portrait photo stores turned.
@Suite struct RecordedOrientationTests {
    @Test func aPhotoStoredTurnedSaysSoAndNothingElseIsGuessed() throws {
        let fixture = try WebFixture()
        let corpus = WebFixture.packageRoot.appendingPathComponent("Fixtures/corpus/media").path
        // Samsung SM-J327T1.jpg: 2576×1932 stored, orientation 6 (exiftool: "Rotate 90 CW"); Sony Cybershot (2).jpg: 1.
        for name in ["Samsung SM-J327T1.jpg", "Sony Cybershot (2).jpg"] {
            try FileManager.default.copyItem(atPath: corpus + "/" + name, toPath: fixture.root + "/phone/" + name)
        }
        try fixture.rescan()
        let turned = try fixture.item(try fixture.itemID("/Samsung SM-J327T1.jpg"))
        #expect(turned.width == 2576 && turned.height == 1932)
        #expect(RecordedOrientation.of(turned) == 6)
        #expect(RecordedOrientation.of(try fixture.item(try fixture.itemID("/Sony Cybershot (2).jpg"))) == 1)
        // A HEIC (libheif turns it itself) and a PNG: none.
        #expect(RecordedOrientation.of(try fixture.item(try fixture.itemID("/IMG_2927.HEIC"))) == nil)
        #expect(RecordedOrientation.of(try fixture.item(try fixture.itemID("Screenshot_20240105-101010.png"))) == nil)
        // The indexed file swapped for a link to the turned photo after the scan: not read through the link.
        let link = fixture.root + "/phone/Samsung SM-J327T1.jpg"
        try FileManager.default.moveItem(atPath: link, toPath: fixture.root + "/elsewhere.jpg")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: fixture.root + "/elsewhere.jpg")
        #expect(RecordedOrientation.of(turned) == nil)
    }
}
