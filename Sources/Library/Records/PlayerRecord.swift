import Foundation
import Game
import GRDB

/// The player's game state: the single row of `player`, holding `Game.Profile` as JSON.
struct PlayerRecord: Codable, FetchableRecord, PersistableRecord {
    /// Where in the profile's JSON decoding failed, as " at a.b", or "" at the top.
    static func place(of error: DecodingError) -> String {
        let path: [any CodingKey]
        switch error {
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .keyNotFound(_, let context), .dataCorrupted(let context):
            path = context.codingPath
        @unknown default:
            path = []
        }
        return path.isEmpty ? "" : " at " + path.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
    }

    static let databaseTableName = "player"
    var id: Int64 = 1
    var profile: String
    var updatedAt: Date

    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }()

    static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }()
}

extension LibraryDatabase {
    /// The stored profile, or nil for a player who has not finished a round yet.
    public func profile() throws -> Profile? {
        try read { db in
            try Self.storedProfile(db)
        }
    }

    /// The stored profile inside the caller's transaction, or nil before the first round end. A profile
    /// that cannot be read (damaged, or from a newer release) is an error naming the database.
    static func storedProfile(_ db: Database) throws -> Profile? {
        guard let record = try PlayerRecord.fetchOne(db, key: 1) else { return nil }
        do {
            return try PlayerRecord.decoder.decode(Profile.self, from: Data(record.profile.utf8))
        } catch let DecodingError.dataCorrupted(context) where context.codingPath.last?.stringValue == "version" {
            throw UnreadableProfile(reason: context.debugDescription)
        } catch let error as DecodingError {
            throw UnreadableProfile(reason: "its JSON is damaged\(PlayerRecord.place(of: error)); restore library.sqlite from a backup, "
                + "or move it aside and scan again (the trash is not touched, the game starts over)")
        }
    }

    /// Stores `profile` inside the caller's transaction.
    static func save(_ profile: Profile, at now: Date, _ db: Database) throws {
        let json = String(decoding: try PlayerRecord.encoder.encode(profile), as: UTF8.self)
        try PlayerRecord(profile: json, updatedAt: now).save(db)
    }
}

extension LibraryDatabase {
    /// Reads the profile (a new player's if none is stored), lets `change` edit it, and stores it,
    /// all in one transaction so two `clean` processes cannot lose each other's update.
    @discardableResult
    public func updateProfile(newPlayer: @autoclosure () -> Profile, at now: Date,
                              _ change: (inout Profile) throws -> Void) throws -> Profile {
        try write { db in
            var profile = try Self.storedProfile(db) ?? newPlayer()
            try change(&profile)
            try Self.save(profile, at: now, db)
            return profile
        }
    }
}
