import Deck
import FileSystem
import Foundation
import GRDB
import Imaging
import Keeping
import Library
import Play
import Scanning
import Testing

/// The one keep rule (issues 48 and 50): the copy the scan keeps is the one the card suggests, a soft copy of one
/// capture loses to its sharp original before quality or metadata count, and a bad shot is never suggested over a
/// keeper. On real phone photos: the Samsung SM-J327T1 photo of Fixtures/corpus and its soft re-save
/// (Fixtures/keeper, made by Fixtures/make-keeper.py: blurred by 1/450 of its long side, quality 95, the same EXIF).
@Suite struct KeepRuleTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures").path
    static func data(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: fixtures + "/" + path)) }
    static let original = "corpus/media/Samsung SM-J327T1.jpg"

    static func scanned(_ files: [String: Data]) throws -> PlayFixture {
        let fixture = try PlayFixture(files: files)
        _ = try fixture.library.scan(ScanRequest(roots: [RawPath(fixture.root + "/photos")], now: fixture.now, calendar: PlayFixture.calendar))
        return fixture
    }

    static func name(_ member: GroupMember) -> String { String(decoding: member.item.rawPath.lastComponent, as: UTF8.self) }

    /// The soft export has the higher JPEG quality (95 against the camera's), the same camera data, and lies in the
    /// camera folder; the sharp original is still what the scan keeps and the card suggests, and the soft copy's
    /// line says why.
    @Test func aSoftReSaveLosesToItsSharpOriginal() throws {
        let fixture = try Self.scanned(["Backup/original.jpg": try Self.data(Self.original),
                                        "DCIM/Camera/export.jpg": try Self.data("keeper/SM-J327T1-soft.jpg")])
        let group = try #require(try fixture.context.cards(.similar).first?.group)
        #expect(group.members.count == 2)
        #expect(Self.name(group.suggested) == "original.jpg")
        #expect(group.suggested.why == ["sharpest copy"])
        let soft = group.members[1]
        #expect(soft.why.first == "softer than the copy kept")
        #expect((soft.item.jpegQuality ?? 0) > (group.suggested.item.jpegQuality ?? 100))
        let detail = { (item: ItemRecord) in CopyDetail(frame: item.fineDetail, decode: item.fineDetailDecode, side: item.fineDetailSide ?? 0) }
        #expect(detail(soft.item).isSofter(than: detail(group.suggested.item)))
        #expect(!detail(group.suggested.item).isSofter(than: detail(soft.item)))
        // The index keeps the same photo: `similarGroup` names it.
        #expect(soft.item.similarGroup == group.suggested.item.id)
        #expect(group.id == group.suggested.item.id)
    }

    /// A soft copy that knows where it was taken loses all the same, and its line still says what a delete loses.
    @Test func aSoftCopyStillSaysWhatOnlyItKnows() throws {
        let fixture = try Self.scanned(["original.jpg": try Self.data(Self.original),
                                        "located.jpg": try Self.data("keeper/SM-J327T1-soft-located.jpg")])
        let group = try #require(try fixture.context.cards(.similar).first?.group)
        #expect(Self.name(group.suggested) == "original.jpg")
        #expect(group.members[1].why.first == "softer than the copy kept")
        #expect(group.members[1].onlyHere == [OnlyHere.location])
    }

    /// Every duplicate group's kept copy (`keptItem`, which the queues, tallies and boss filters read) is its card's
    /// suggested member: camera folders, a copy that brings a sidecar (it knows more), hard links, a short path.
    @Test func everyDuplicateGroupKeepsTheCopyItsCardSuggests() throws {
        let a = try Self.data(Self.original), b = try Self.data("corpus/media/HTC Desire.jpg")
        let c = try Self.data("corpus/media/Sony Cybershot (2).jpg"), d = try Self.data("corpus/media/Samsung GT-I9000 (Galaxy S).jpg")
        let fixture = try PlayFixture(files: [
            "Backup/2019/a.jpg": a, "DCIM/Camera/a.jpg": a, "a.jpg": a,
            "x/b.jpg": b, "x/b.jpg.xmp": Data("<x:xmpmeta xmlns:x='adobe:ns:meta/'/>".utf8), "DCIM/b.jpg": b,
            "WhatsApp/c.jpg": c, "zz/c.jpg": c,
            "d.jpg": d, "Backup/d.jpg": d,
        ])
        try FileManager.default.linkItem(atPath: fixture.path("zz/c.jpg"), toPath: fixture.path("zz/c-link.jpg"))
        _ = try fixture.library.scan(ScanRequest(roots: [RawPath(fixture.root + "/photos")], now: fixture.now, calendar: PlayFixture.calendar))
        let groups = try fixture.library.read { db in try DuplicateGroupRecord.fetchAll(db) }
        #expect(groups.count == 4)
        let cards = try fixture.context.cards(.duplicates)
        #expect(cards.count == 4)
        for card in cards {
            let group = try #require(card.group)
            let record = try #require(groups.first { $0.id == group.id })
            #expect(record.keptItem == group.suggested.item.id, "group of \(group.suggested.item.rawPath): \(group.members.map { "\($0.item.id!) \($0.item.rawPath) \($0.why)" })")
        }
        // The sidecar's copy knows more than the camera folder's, so it is the one kept.
        let kept = try fixture.library.read { db in
            try Data.fetchAll(db, sql: "SELECT i.path FROM duplicateGroup g JOIN item i ON i.id = g.keptItem ORDER BY i.path")
        }.map { String(decoding: $0, as: UTF8.self) }
        #expect(kept.contains(fixture.path("x/b.jpg")))
        #expect(kept.contains(fixture.path("DCIM/Camera/a.jpg")))
    }

    /// A changed `[keep]` rule moves the kept copy at the next scan, though no file changed.
    @Test func aNewRuleMovesTheKeptCopyAtTheNextScan() throws {
        let a = try Self.data(Self.original)
        let fixture = try Self.scanned(["DCIM/a.jpg": a, "WhatsApp/a.jpg": a])
        var request = ScanRequest(roots: [RawPath(fixture.root + "/photos")], now: fixture.now, calendar: PlayFixture.calendar)
        request.keeper = KeeperRule(order: [.folder], formats: [], preferFolders: ["WhatsApp"], avoidFolders: [])
        _ = try fixture.library.scan(request)
        let kept = try fixture.library.read { db in
            try Data.fetchOne(db, sql: "SELECT i.path FROM duplicateGroup g JOIN item i ON i.id = g.keptItem")
        }
        #expect(kept.map { String(decoding: $0, as: UTF8.self) } == fixture.path("WhatsApp/a.jpg"))
    }

    // MARK: - The rule on a copy's facts

    static func copy(_ id: Int64, _ path: String, pixels: Int = 100, quality: Int? = nil, epoch: Double? = nil, flagged: String? = nil,
                     detail: CopyDetail? = nil) -> CopyFacts {
        CopyFacts(id: id, path: Data(path.utf8), inode: id, width: pixels, height: 1, mime: "image/jpeg", jpegQuality: quality,
                  capturedEpoch: epoch, cameraTime: epoch != nil, badShot: flagged, detail: detail)
    }

    @Test(arguments: [
        (["/x/DCIM/a.jpg", "/a.jpg"], "/x/DCIM/a.jpg"),          // camera folder first
        (["/long/path/a.jpg", "/b.jpg"], "/b.jpg"),              // then the shorter path
        (["/b.jpg", "/a.jpg"], "/a.jpg"),                        // then byte order
    ])
    func copiesAlikeInAllElse(paths: [String], expected: String) {
        let copies = paths.enumerated().map { Self.copy(Int64($0.offset), $0.element) }
        #expect(KeeperRule.defaults.kept(copies)?.path == Data(expected.utf8))
    }

    @Test func theOlderCaptureBeatsTheShorterPath() {
        let copies = [Self.copy(1, "/a.jpg", epoch: 2000), Self.copy(2, "/longer/b.jpg", epoch: 1000)]
        #expect(KeeperRule.defaults.kept(copies)?.id == 2)
    }

    /// A bad shot is never suggested over a keeper, whatever the order says: not for more pixels, a better quality
    /// or a preferred folder.
    @Test func aBadShotIsNeverSuggestedOverAKeeper() {
        let flagged = Self.copy(1, "/DCIM/a.jpg", pixels: 400, quality: 98, flagged: "blurry")
        let keeper = Self.copy(2, "/Backup/longer/a.jpg", pixels: 100, quality: 40)
        for order in [KeeperRule.defaults.order, [.folder], [.resolution, .quality]] {
            let rule = KeeperRule(order: order, formats: [], preferFolders: ["DCIM"], avoidFolders: [])
            #expect(rule.kept([flagged, keeper])?.id == 2)
            let context = rule.context([flagged, keeper], KeeperRule.Looks())
            #expect(rule.decided(keeper, over: [flagged], context).first == "not a bad shot")
            #expect(rule.losses(flagged, keeper: keeper, context).first == "a bad shot (blurry)")
        }
        // Two bad shots: the rule decides between them as between keepers.
        let other = Self.copy(3, "/x/a.jpg", pixels: 50, flagged: "dark")
        #expect(KeeperRule.defaults.kept([flagged, other])?.id == 1)
    }

    /// Softness is weighed only between copies holding the whole scene (a crop leaves out the soft edges, or keeps
    /// them), and not between two frames of a burst (their capture times differ: `sharpness` tells those apart).
    @Test func softnessWeighsCopiesOfTheWholeSceneOfOneCapture() {
        let sharp = CopyDetail(frame: 2, decode: 2.2, side: 240), soft = CopyDetail(frame: 1.4, decode: 1.3, side: 240)
        let original = Self.copy(1, "/a.jpg", pixels: 100, quality: 90, epoch: 1000, detail: sharp)
        let export = Self.copy(2, "/b.jpg", pixels: 100, quality: 95, epoch: 1000, detail: soft)
        #expect(KeeperRule.defaults.kept([original, export])?.id == 1)
        // As a crop of the original, the soft copy is not weighed by its detail: quality decides.
        let cropped = KeeperRule.Looks(view: [2: 0.88])
        #expect(KeeperRule.defaults.order.firstIndex(of: .softness) == 0)
        let rule = KeeperRule(order: [.softness, .quality], formats: [], preferFolders: [], avoidFolders: [])
        #expect(rule.kept([original, export], looks: cropped)?.id == 2)
        #expect(rule.kept([original, export])?.id == 1)
        // The next frame of a burst (a second later) is not a copy of this capture.
        let frame = Self.copy(2, "/b.jpg", pixels: 100, quality: 95, epoch: 1001, detail: soft)
        #expect(rule.kept([original, frame])?.id == 2)
        // Measured at other sizes (a 90-px decode beside a 240-px one): not compared.
        let small = Self.copy(2, "/b.jpg", pixels: 100, quality: 95, epoch: 1000, detail: CopyDetail(frame: 0.5, decode: 0.5, side: 90))
        #expect(rule.kept([original, small])?.id == 2)
    }
}

/// The one keep rule between copies of a video (issue 51): the fullest copy is suggested and kept, the whole length
/// before a trimmed copy, then the most pixels, then what the copy knows (a QuickTime date, a location), then the
/// highest bitrate; each other copy's line says what it lost. Fixtures/video/similar (made by
/// Fixtures/make-videos.sh), the original in a backup folder so the camera folder's preference cannot decide.
@Suite struct VideoKeepRuleTests {
    static func video(_ name: String) throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: KeepRuleTests.fixtures + "/video/similar/" + name))
    }

    @Test func theFullestCopyOfAVideoIsSuggestedAndKept() throws {
        let fixture = try KeepRuleTests.scanned(["Backup/original.mp4": try Self.video("original.mp4"),
                                                 "DCIM/Camera/trimmed.mp4": try Self.video("trimmed.mp4"),
                                                 "DCIM/Camera/hevc.MOV": try Self.video("hevc.MOV"),
                                                 "DCIM/Camera/messenger.mp4": try Self.video("messenger.mp4")])
        let card = try #require(try fixture.context.cards(.similar).first)
        let group = try #require(card.group)
        #expect(group.members.count == 4)
        #expect(KeepRuleTests.name(group.suggested) == "original.mp4")
        #expect(CardReason.title(card) == "similar video" && CardReason.text(card, now: Date()).hasPrefix("4 similar videos: "))
        #expect(group.id == group.suggested.item.id)
        #expect(group.suggested.why.contains("the whole video") && group.suggested.why.contains("largest resolution"), "\(group.suggested.why)")
        let why = Dictionary(uniqueKeysWithValues: group.members.map { (KeepRuleTests.name($0), $0.why) })
        #expect(why["trimmed.mp4"]?.first == "trimmed (3.6 s shorter)", "\(why)")
        #expect(why["messenger.mp4"]?.first == "75 % of the size", "\(why)")
        // The HEVC export has the length and the frame size; it lost the location the original's QuickTime keys name.
        #expect(why["hevc.MOV"]?.first == "no location", "\(why)")
        #expect(group.suggested.item.hasLocation == true)
        #expect(abs((group.suggested.duration ?? 0) - 10) < 0.1)
        #expect(group.members.allSatisfy { $0.onlyHere.isEmpty }, "\(group.members.map(\.onlyHere))")
        // Where each copy starts in the original, from their frames' alignment (the comparison plays them at the same
        // moment): the trimmed copy (cut from 2.6 s) 2.6 s in, the whole-length copies at 0.
        let starts = Dictionary(uniqueKeysWithValues: group.members.map { (KeepRuleTests.name($0), $0.startsAt ?? .nan) })
        #expect(starts["original.mp4"] == 0 && abs(starts["trimmed.mp4"]! - 2.6) <= 0.3, "\(starts)")
        #expect(abs(starts["hevc.MOV"]!) <= 0.3 && abs(starts["messenger.mp4"]!) <= 0.3, "\(starts)")
    }

    /// Told apart by bitrate alone (the same length, size and metadata), the higher bitrate is kept; a longer copy
    /// the rule did not suggest says what deleting it loses.
    @Test func theHigherBitrateWinsAndALongerCopySaysItIsLonger() {
        let rule = KeeperRule.defaults
        let a = CopyFacts(id: 1, path: Data("/a/VID_1.mp4".utf8), width: 1920, height: 1080, mime: "video/mp4", duration: 12, bytes: 30_000_000)
        let b = CopyFacts(id: 2, path: Data("/b/VID_1.mp4".utf8), width: 1920, height: 1080, mime: "video/mp4", duration: 12.01, bytes: 9_000_000)
        #expect(rule.kept([b, a])?.id == 1)
        let context = rule.context([a, b], KeeperRule.Looks())
        #expect(rule.losses(b, keeper: a, context) == ["re-encoded at 6.0 Mbit/s"])
        let trimmed = CopyFacts(id: 3, path: Data("/c/VID_1.mp4".utf8), width: 1920, height: 1080, mime: "video/mp4", duration: 8, bytes: 40_000_000)
        #expect(rule.kept([trimmed, b])?.id == 2, "a trimmed copy loses whatever its bitrate")
        // By a rule that ranks bitrate first, the trimmed copy is kept, and the longer one says what it holds.
        let bitrateFirst = KeeperRule(order: [.bitrate, .length], formats: [], preferFolders: [], avoidFolders: [])
        #expect(bitrateFirst.kept([trimmed, b])?.id == 3)
        #expect(KeeperRule.trimmed(trimmed, longest: b.duration))
    }
}
