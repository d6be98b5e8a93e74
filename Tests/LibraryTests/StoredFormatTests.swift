import Foundation
import Game
import GRDB
import Testing
@testable import Library
@testable import Scanning

/// What is stored survives the next release: the profile's JSON is versioned and read field by field, a
/// database of every earlier schema upgrades with its profile and items, and the item columns written by the
/// migrations, the record and the scan's writer are the same columns.
@Suite struct StoredFormatTests {
    /// `Fixtures/profile/release-1.json`: the profile row as the first release stored it (unversioned JSON),
    /// taken from its database after the demo's boss battle and round.
    static let releaseOne: String = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let url = root.appendingPathComponent("Fixtures/profile/release-1.json")
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { fatalError("missing \(url.path)") }
        return text
    }()

    private func temporaryPath() -> String {
        NSTemporaryDirectory() + "swipeclean-stored-\(UUID().uuidString).sqlite"
    }

    private func storeRaw(_ json: String, at path: String) throws {
        let database = try LibraryDatabase(path: path)
        try database.write { db in
            try db.execute(sql: "INSERT OR REPLACE INTO player (id, profile, updatedAt) VALUES (1, ?, 0)", arguments: [json])
        }
    }

    @Test func theFirstReleasesProfileReadsAsItWasPlayed() throws {
        let path = temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        try storeRaw(Self.releaseOne, at: path)
        let profile = try #require(try LibraryDatabase(path: path).profile())
        // The values the fixture holds, read by hand from its JSON.
        #expect(profile.totalXP == 106)
        #expect(profile.photosDeleted == 5)
        #expect(profile.photosReviewed == 8)
        #expect(profile.roundsCompleted == 2)
        #expect(profile.bytesFreed == 233_860)
        #expect(profile.streak == Streak(current: 1, longest: 1, lastActiveDay: Day(string: "2026-03-02")))
        #expect(profile.freezesRemaining == 1)
        #expect(profile.lastFreezeRefillWeek == Day(string: "2026-03-02"))
        #expect(profile.dayRecords == [Day(string: "2026-03-02")!: .completed])
        #expect(profile.roundsPerDay == [Day(string: "2026-03-02")!: 2])
        #expect(profile.bossProgress == ["screenshots": 4])
        #expect(profile.bossDefeats.isEmpty)
        #expect(profile.bossesFoughtEver == ["screenshots"])
        #expect(profile.achievementsUnlocked.keys.sorted() == ["first-steps"])
        #expect(profile.challenges.daily.start == Day(string: "2026-03-02"))
        #expect(profile.challenges.daily.photosDeleted == 6)
        #expect(profile.challenges.daily.bossesFought == ["screenshots"])
        #expect(profile.challenges.weekly.roundsCompleted == 2)
        #expect(profile.challenges.daily.streakDaysKept == 0, "a counter the first release did not store")
        #expect(profile.mostDaysCompletedInOneWeek == 1)
    }

    @Test func aProfileIsWrittenWithItsVersionAndReadsBackEqual() throws {
        let path = temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        try storeRaw(Self.releaseOne, at: path)
        let database = try LibraryDatabase(path: path)
        let read = try #require(try database.profile())
        var changed = read
        changed.restWeekday = 1
        changed.vacation = Vacation(start: Day(string: "2026-07-01")!, end: Day(string: "2026-07-14")!)
        changed.lastFreezeRefillWeek = Day(string: "2026-03-02")
        try database.updateProfile(newPlayer: Profile(), at: Date(timeIntervalSince1970: 0)) { $0 = changed }
        #expect(try database.profile() == changed)
        let json = try database.read { db in try String.fetchOne(db, sql: "SELECT profile FROM player") }
        let text = try #require(json)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(object["version"] as? Int == Profile.storedVersion)
    }

    @Test func fieldsAStoredProfileLacksTakeANewPlayersValues() throws {
        let path = temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        try storeRaw(#"{"totalXP": 4200, "challenges": {"daily": {"photosDeleted": 3}}}"#, at: path)
        let profile = try #require(try LibraryDatabase(path: path).profile())
        var expected = Profile(totalXP: 4200)
        expected.challenges.daily.photosDeleted = 3
        #expect(profile == expected)
    }

    @Test func aProfileFromANewerReleaseIsRefusedByName() throws {
        let path = temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        try storeRaw(#"{"version": 99, "totalXP": 1}"#, at: path)
        let error = #expect(throws: LibraryError.self) { try LibraryDatabase(path: path).profile() }
        let text = try #require(error).description
        #expect(text.contains(path))
        #expect(text.contains("newer SwipeClean (profile version 99"))
    }

    @Test func aDamagedProfileSaysWhereAndWhatToDo() throws {
        let path = temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        try storeRaw(#"{"totalXP": 1, "streak": {"current": "many"}}"#, at: path)
        let error = #expect(throws: LibraryError.self) { try LibraryDatabase(path: path).profile() }
        let text = try #require(error).description
        #expect(text.contains("damaged at streak.current"))
        #expect(text.contains("scan again"))
    }

    /// A database left at each earlier schema, holding the first release's profile and one item, opens with
    /// this release: the migrations that follow run and nothing stored is lost.
    @Test(arguments: ["v2: player", "v3: play and trash", "v4: settings", "v5: similar photos",
                      "v5-trash: change times, trashed copies, purge reasons", "v6-dates: index of linked files",
                      "v6-trash: restore and empty journal", "v7-trash: volume trashes", "v8: extra copies", "v9: folders",
                      "v10: similar tally", "v11: extra copies in bulk",
                      "v12: group indexes hold grouped files only"])
    func aDatabaseOfAnEarlierSchemaUpgrades(upTo migration: String) throws {
        let path = temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let old = try DatabaseQueue(path: path)
        try Migrations.migrator.migrate(old, upTo: migration)
        try old.write { db in
            try db.execute(sql: "INSERT INTO player (id, profile, updatedAt) VALUES (1, ?, 0)", arguments: [Self.releaseOne])
            try db.execute(sql: """
                INSERT INTO item (path, size, mtimeNs, inode, device, mime, kind, capturedAt, capturedEpoch, dateSource)
                VALUES (?, 1234, 5, 6, 7, 'image/jpeg', 'photo', '2019-07-14T18:35:12', 1563129312, 'exif')
                """, arguments: [Data("/phone/DCIM/IMG_1.jpg".utf8)])
        }
        try old.close()

        let database = try LibraryDatabase(path: path)
        let profile = try #require(try database.profile())
        #expect(profile.totalXP == 106)
        let items = try database.read { db in try ItemRecord.fetchAll(db) }
        #expect(items.count == 1)
        #expect(items.first?.rawPath.description == "/phone/DCIM/IMG_1.jpg")
        #expect(items.first?.capturedAt == "2019-07-14T18:35:12")
        #expect(items.first?.ctimeNs == nil)
        #expect(items.first?.perceptualHash == nil)
        // Migration v9 records the folders of the files already indexed (after it, the scan's writer does).
        let folders = try database.read { db in try Data.fetchAll(db, sql: "SELECT path FROM folder") }
        #expect(folders == (["v9: folders", "v10: similar tally", "v11: extra copies in bulk",
                                         "v12: group indexes hold grouped files only"].contains(migration) ? [] : [Data("/phone/DCIM".utf8)]))
    }

    /// Migrations v22 and v23 have the next scan measure again the photos kept so far whose focus left them in doubt
    /// (their frame's smear, then their fine frame's, was never measured), and no other: a sharp photo, a bad shot
    /// already and a video keep their fingerprints. From before v22 or from v22 alone, the same photos.
    @Test(arguments: ["v21: bad shots beside their neighbours", "v22: smeared frames"])
    func theSmearMigrationsMeasureAgainOnlyThePhotosInDoubt(_ from: String) throws {
        let rows: [(String, String, Double?, String?)] = [("/p/soft.jpg", "photo", 1.2, nil), ("/p/sharp.jpg", "photo", 3.1, nil),
                                                          ("/p/blurry.jpg", "photo", 0.5, "blurry"), ("/p/clip.mov", "video", nil, nil)]
        #expect(try fingerprintedAgain(migratingFrom: from, column: "shotFocus", rows: rows) == ["/p/soft.jpg"])
    }

    /// The paths a scan fingerprints again once a database at migration `from` holding `rows` (path, kind, the value of
    /// `column`, the bad-shot verdict; all fingerprinted) is brought up to date.
    func fingerprintedAgain<Value: DatabaseValueConvertible>(migratingFrom from: String, column: String,
                                                                     rows: [(String, String, Value?, String?)]) throws -> [String] {
        let path = temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let old = try DatabaseQueue(path: path)
        try Migrations.migrator.migrate(old, upTo: from)
        try old.write { db in
            for (name, kind, value, verdict) in rows {
                try db.execute(sql: """
                    INSERT INTO item (path, size, mtimeNs, inode, device, mime, kind, dateSource, fingerprinted, \(column), badShot)
                    VALUES (?, 1, 1, 1, 1, 'image/jpeg', ?, 'none', 1, ?, ?)
                    """, arguments: [Data(name.utf8), kind, value, verdict])
            }
        }
        try old.close()
        let database = try LibraryDatabase(path: path)
        return try database.read { db in
            try Data.fetchAll(db, sql: "SELECT path FROM item WHERE fingerprinted = 0 ORDER BY path").map { String(decoding: $0, as: UTF8.self) }
        }
    }

    /// Migration v28 has the next scan measure again the photos dark enough for their lights to decide (a median under
    /// 25), flagged or not, so a dim frame is judged by its brightest 1 % and a night scene by its lights; a brighter
    /// photo and a video keep their fingerprints.
    @Test func theDarkLightsMigrationMeasuresAgainOnlyTheDarkPhotos() throws {
        let rows: [(String, String, Int?, String?)] = [("/p/dim.jpg", "photo", 18, nil), ("/p/black.jpg", "photo", 3, "dark"),
                                                       ("/p/day.jpg", "photo", 120, nil), ("/p/clip.mov", "video", 10, nil)]
        #expect(try fingerprintedAgain(migratingFrom: "v27: turned and mirrored copies", column: "shotMedian", rows: rows)
                == ["/p/black.jpg", "/p/dim.jpg"])
    }

    /// A photo's thumbnail lives beside its row (`photoThumbnail`), written with it, forgotten when a rewrite
    /// brings none, and gone with the row however it is deleted.
    @Test func aThumbnailIsKeptBesideItsRowAndGoesWithIt() throws {
        let path = temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let database = try LibraryDatabase(path: path)
        let pixels = Data((0..<1_024).map { UInt8($0 % 251) })
        func thumbnails() throws -> [Int64: Data] {
            try database.read { db in
                Dictionary(uniqueKeysWithValues: try Row.fetchAll(db, sql: "SELECT item, pixels FROM photoThumbnail").map { ($0[0] as Int64, $0[1] as Data) })
            }
        }
        try database.write { db in
            try db.execute(sql: """
                INSERT INTO item (id, path, size, mtimeNs, inode, device, mime, kind, dateSource, fingerprinted)
                VALUES (1, x'2f74', 1, 0, 1, 1, 'image/jpeg', 'photo', 'exif', 0)
                """)
        }
        var record = try #require(try database.read { db in try ItemRecord.fetchOne(db, key: 1) })
        #expect(record.thumbnail == nil, "never read back with the row")
        record.id = nil
        record.path = Data("/p/new.jpg".utf8)
        record.thumbnail = pixels
        try database.write { db in try IndexWriter.store([record], db) }
        let id = try #require(try database.read { db in try Int64.fetchOne(db, sql: "SELECT id FROM item WHERE path = ?", arguments: [record.path]) })
        #expect(try thumbnails() == [id: pixels])
        // Rewritten (the file changed) without a thumbnail: the old one is forgotten.
        record.id = id
        record.thumbnail = nil
        try database.write { db in try IndexWriter.store([record], db) }
        #expect(try thumbnails().isEmpty)
        // Written again, then the row deleted (a file gone from the disk): its thumbnail goes too.
        record.thumbnail = pixels
        try database.write { db in try IndexWriter.store([record], db) }
        #expect(try thumbnails() == [id: pixels])
        try database.write { db in try db.execute(sql: "DELETE FROM item WHERE id = ?", arguments: [id]) }
        #expect(try thumbnails().isEmpty)
    }

    /// The item columns are named in three places: the migrations, `ItemRecord` and `IndexWriter`.
    @Test func theItemColumnsAreTheSameInTheSchemaTheRecordAndTheWriter() throws {
        let path = temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let database = try LibraryDatabase(path: path)
        let table = Set(try database.read { db in try db.columns(in: "item").map(\.name) })
        // `linkedBytes` and `extraCopy` are kept by the schema's triggers for the queues (migrations v7 and v8).
        #expect(table == Set(["id", "linkedBytes", "extraCopy"] + IndexWriter.columns + IndexWriter.derivedColumns))

        // Every column but the triggers', set to a value of its own, reads into the record and back.
        let values: [String: DatabaseValue] = [
            "path": Data("/p/a.jpg".utf8).databaseValue, "size": 11.databaseValue, "mtimeNs": 12.databaseValue,
            "inode": 13.databaseValue, "device": 14.databaseValue, "ctimeNs": 15.databaseValue,
            "mime": "image/jpeg".databaseValue, "kind": "photo".databaseValue,
            "capturedAt": "2020-01-02T03:04:05Z".databaseValue, "capturedEpoch": 1_577_934_245.0.databaseValue,
            "dateSource": "exif".databaseValue, "width": 640.databaseValue, "height": 480.databaseValue,
            "cameraMake": "HTC".databaseValue, "cameraModel": "Desire".databaseValue,
            "screenshotEvidence": "name".databaseValue, "partialHash": "aa".databaseValue, "contentHash": "bb".databaseValue,
            "duplicateGroup": 1.databaseValue, "linkedTo": 1.databaseValue, "linkKind": "sidecar".databaseValue,
            "perceptualHash": 16.databaseValue, "sharpness": 17.5.databaseValue, "similarGroup": 1.databaseValue,
            "fingerprinted": true.databaseValue, "store": 2.databaseValue, "storeName": "Media/DCIM/100APPLE/IMG_0001.JPG".databaseValue,
            "centreHash": 18.databaseValue, "detail": 19.5.databaseValue,
            "badShot": "blurry".databaseValue, "shotFocus": 0.5.databaseValue, "shotDark": 0.25.databaseValue,
            "shotBright": 0.125.databaseValue, "shotMedian": 20.databaseValue, "shotHighlight": 21.databaseValue,
            "shotFaintFocus": 0.75.databaseValue, "shotAnisotropy": 0.375.databaseValue, "shotTextured": 0.875.databaseValue,
            "shotSmear": 0.625.databaseValue, "shotFineSmear": 0.6875.databaseValue, "shotSofterThan": 3.5.databaseValue,
            "jpegQuality": 40.databaseValue, "hasLocation": true.databaseValue,
            "fineDetail": 1.25.databaseValue, "fineDetailDecode": 1.5.databaseValue, "fineDetailSide": 375.databaseValue,
            "shotAsCopyOf": 1.databaseValue, "shotBrightest": 22.databaseValue, "shotLights": 0.001.databaseValue,
        ]
        #expect(Set(values.keys) == table.subtracting(["id", "linkedBytes", "extraCopy"]))
        let names = values.keys.sorted()
        try database.write { db in
            try db.execute(sql: "INSERT INTO duplicateGroup (id, contentHash, size, keptItem, files, reclaimableBytes) VALUES (1, 'bb', 11, 1, 2, 11)")
            try db.execute(sql: "INSERT INTO item (id, \(names.joined(separator: ", "))) VALUES (1, \(names.map { _ in "?" }.joined(separator: ", ")))",
                           arguments: StatementArguments(names.map { values[$0]! }))
        }
        let record = try #require(try database.read { db in try ItemRecord.fetchOne(db, key: 1) })
        let written = try record.databaseDictionary
        for name in names {
            #expect(written[name] == values[name], "column \(name)")
        }

        // The scan's writer stores what it owns from the record and clears what is derived on a rewrite.
        var copy = record
        copy.id = nil
        copy.path = Data("/p/b.jpg".utf8)
        try database.write { db in try IndexWriter.store([copy], db) }
        let stored = try #require(try database.read { db in try Row.fetchOne(db, sql: "SELECT * FROM item WHERE path = ?", arguments: [copy.path]) })
        for name in IndexWriter.columns {
            #expect(stored[name] as DatabaseValue == (name == "path" ? copy.path.databaseValue : values[name]), "column \(name)")
        }
        var rewritten = record
        rewritten.size = 99
        try database.write { db in try IndexWriter.store([rewritten], db) }
        let again = try #require(try database.read { db in try Row.fetchOne(db, sql: "SELECT * FROM item WHERE id = 1") })
        #expect(again["size"] as Int64? == 99)
        for name in IndexWriter.derivedColumns {
            #expect((again[name] as DatabaseValue).isNull, "column \(name) cleared")
        }
    }
}
