import App
import FileSystem
import Foundation
import Testing

/// The one encoding of every document: fields in the order the type declares them, a missing value
/// written as `null`, a path as its bytes, nested documents and lists as they are.
@Suite struct DocumentEncoderTests {
    struct Inner: Encodable {
        let b: Int
        let a: String?
    }

    struct Outer: Encodable {
        let zebra: String
        let apple: Int64?
        let path: RawPath
        let list: [Inner]
        let ratio: Double
        let flag: Bool
    }

    @Test func fieldsInDeclaredOrderNullsWrittenPathsAsBytes() throws {
        let odd = RawPath(bytes: Array("/photos/caf".utf8) + [0xE9] + Array(".jpg".utf8))
        let document = Outer(zebra: "z\"q", apple: nil, path: odd, list: [Inner(b: 2, a: nil), Inner(b: 1, a: "x")],
                             ratio: 0.5, flag: true)
        #expect(try DocumentEncoder.text(document)
            == #"{"zebra":"z\"q","apple":null,"path":"/photos/caf\udce9.jpg","list":[{"b":2,"a":null},{"b":1,"a":"x"}],"ratio":0.5,"flag":true}"#)
    }

    @Test func aListAndANonFiniteNumber() throws {
        #expect(try DocumentEncoder.text([1.5, .infinity]) == "[1.5,null]")
        #expect(try DocumentEncoder.text([String]()) == "[]")
    }

    /// A document that adds fields to another's (a round's end to its result) writes them after the other's.
    @Test func fieldsAddedAfterAnotherDocumentsFollowThem() throws {
        struct Extended: Encodable {
            let inner: Inner
            enum Keys: String, CodingKey { case extra }
            func encode(to encoder: any Encoder) throws {
                try inner.encode(to: encoder)
                var container = encoder.container(keyedBy: Keys.self)
                try container.encode(true, forKey: .extra)
            }
        }
        #expect(try DocumentEncoder.text(Extended(inner: Inner(b: 3, a: "y"))) == #"{"b":3,"a":"y","extra":true}"#)
    }

    /// The same document through Foundation's encoder reads the same (a path as its text).
    @Test func foundationsEncoderReadsTheSameFields() throws {
        let document = Inner(b: 7, a: "é")
        let ours = try JSONSerialization.jsonObject(with: Data(try DocumentEncoder.text(document).utf8)) as? [String: Any]
        let theirs = try JSONSerialization.jsonObject(with: JSONEncoder().encode(document)) as? [String: Any]
        #expect(ours?["b"] as? Int == 7 && theirs?["b"] as? Int == 7 && ours?["a"] as? String == theirs?["a"] as? String)
    }
}
