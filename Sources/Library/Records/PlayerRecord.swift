import Foundation
import Game
import GRDB

/// The player's game state: the single row of `player`, holding `Game.Profile` as JSON.
struct PlayerRecord: Codable, FetchableRecord, PersistableRecord {
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
            guard let record = try PlayerRecord.fetchOne(db, key: 1) else { return nil }
            return try PlayerRecord.decoder.decode(Profile.self, from: Data(record.profile.utf8))
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
            var profile = try PlayerRecord.fetchOne(db, key: 1).map {
                try PlayerRecord.decoder.decode(Profile.self, from: Data($0.profile.utf8))
            } ?? newPlayer()
            try change(&profile)
            try Self.save(profile, at: now, db)
            return profile
        }
    }
}
