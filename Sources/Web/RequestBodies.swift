import Foundation
import Hummingbird

/// The JSON bodies the API takes, decoded into types: a body that is not one is a 400 saying what to send.
extension WebApp {
    /// The largest body the API takes (its JSON); more is a 413 (`WebError.tooLarge`).
    public static let bodyLimit = 64 << 10

    /// The request's body (at most `bodyLimit`) as a `T`, or a 400: `hint` says what to send.
    static func body<T: Decodable>(_ type: T.Type, of request: Request, hint: String? = nil) async throws -> T {
        var request = request
        let buffer = try await request.collectBody(upTo: bodyLimit)
        return try decode(T.self, Data(buffer.readableBytesView), hint: hint)
    }

    /// `data` as a `T`, or a 400 saying what to send.
    static func decode<T: Decodable>(_ type: T.Type, _ data: Data, hint: String? = nil) throws -> T {
        do {
            return try JSONDecoder().decode(T.self, from: data)
        } catch {
            throw WebError(400, hint.map { "send \($0)" } ?? "the body is not the JSON object this address takes")
        }
    }
}

/// `{"ids": [ID, …]}`: trash ids, numbers or short names.
struct TrashIDs: Decodable {
    let ids: [String]

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        var list = try container.nestedUnkeyedContainer(forKey: .ids)
        var ids: [String] = []
        while !list.isAtEnd {
            if let number = try? list.decode(Int.self) {
                ids.append(String(number))
            } else {
                let name = try list.decode(String.self)
                guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" }) else {
                    throw DecodingError.dataCorruptedError(in: list, debugDescription: "not a trash id")
                }
                ids.append(name)
            }
        }
        guard !ids.isEmpty else { throw DecodingError.dataCorruptedError(forKey: .ids, in: container, debugDescription: "no id") }
        self.ids = ids
    }

    private enum CodingKeys: String, CodingKey { case ids }
}

/// `{"ids": [N, …]}`: trash ids as numbers (emptying names exactly the entries the page listed).
struct TrashNumbers: Decodable {
    let ids: [Int64]

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        ids = try container.decode([Int64].self, forKey: .ids)
        guard !ids.isEmpty else { throw DecodingError.dataCorruptedError(forKey: .ids, in: container, debugDescription: "no id") }
    }

    private enum CodingKeys: String, CodingKey { case ids }
}

/// `{"yes": true|false}`.
struct YesOrNo: Decodable {
    let yes: Bool
}

/// `{"yes": true|false, "except": [CARD, …]}`: the confirmation, with the cards taken out of the batch.
struct Confirm: Decodable {
    let yes: Bool
    let except: [Int64]?
}

/// `{"paused": true|false}`: the round's clock stopped while two copies are compared, or started again.
struct ClockPause: Decodable {
    let paused: Bool
}

/// `{"boss": NAME|null}` (an empty body's `{}` is a round).
struct NewRound: Decodable {
    let boss: String?
}

/// `{"card": ID|null, "decision": "delete"|"keep"|"undo", "keep": [ITEM, …]|null}`.
struct Decision: Decodable {
    let card: Int64?
    let decision: String
    let keep: [Int64]?
}

/// `{"id": N|null}`: one phone, or every phone.
struct PhoneID: Decodable {
    let id: Int?
}

/// `{"folders": [PATH, …]}` (or no `folders`: the known folders again).
struct ScanBody: Decodable {
    let folders: [String]?
}
