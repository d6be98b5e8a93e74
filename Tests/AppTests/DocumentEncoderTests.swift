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
    /// A type that writes through nested containers or a super encoder (as a synthesised class's does) is
    /// encoded in place, in the order it wrote, with the keys Foundation's encoder gives them: no trap.
    @Test func nestedContainersAndSuperEncodersWriteInPlace() throws {
        struct Nested: Encodable {
            enum Keys: String, CodingKey { case first, place, tags, last }
            enum PlaceKeys: String, CodingKey { case lat, lon }
            func encode(to encoder: any Encoder) throws {
                var c = encoder.container(keyedBy: Keys.self)
                try c.encode(1, forKey: .first)
                var place = c.nestedContainer(keyedBy: PlaceKeys.self, forKey: .place)
                var tags = c.nestedUnkeyedContainer(forKey: .tags)
                try c.encode("end", forKey: .last)
                try place.encode(48.5, forKey: .lat)
                try place.encodeNil(forKey: .lon)
                try tags.encode("a")
                var pair = tags.nestedUnkeyedContainer()
                try pair.encode(2)
                var inList = tags.nestedContainer(keyedBy: PlaceKeys.self)
                try inList.encode(1.5, forKey: .lat)
                try Inner(b: 9, a: nil).encode(to: c.superEncoder())
            }
        }
        let text = try DocumentEncoder.text(Nested())
        #expect(text == #"{"first":1,"place":{"lat":48.5,"lon":null},"tags":["a",[2],{"lat":1.5}],"last":"end","super":{"b":9,"a":null}}"#)
    }
}
