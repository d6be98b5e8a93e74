import FileSystem
import Foundation

/// Encodes the documents both front-ends serve into `JSON`, the one configuration for all of them:
/// fields in the order the type declares them, `nil` written as `null` (never left out: DESIGN.md's
/// documents name their nulls), a `RawPath` as its bytes (`\udcXX` for bytes that are not UTF-8),
/// a non-finite double as `null`.
package enum DocumentEncoder {
    package static func encode(_ value: some Encodable) throws -> JSON {
        let encoder = TreeEncoder(codingPath: [])
        try encoder.encodeAny(value)
        return encoder.result ?? .null
    }

    /// The one line a command prints, or a route serves.
    package static func text(_ value: some Encodable) throws -> String { try encode(value).text }
}

/// Builds a `JSON` tree; each container writes into a box its parent reads when the value is done.
private final class TreeEncoder: Encoder {
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    fileprivate var storage: Box?

    init(codingPath: [any CodingKey]) { self.codingPath = codingPath }

    var result: JSON? { storage?.json }

    func encodeAny(_ value: some Encodable) throws {
        if let path = value as? RawPath { storage = Box(.path(path)); return }
        if let json = value as? JSON { storage = Box(json); return }
        try value.encode(to: self)
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        let box = storage ?? Box(.object([]))
        storage = box
        return KeyedEncodingContainer(Keyed<Key>(box: box, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        let box = storage ?? Box(.array([]))
        storage = box
        return Unkeyed(box: box, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { Single(encoder: self) }

    static func encoded(_ value: some Encodable, at path: [any CodingKey]) throws -> JSON {
        let encoder = TreeEncoder(codingPath: path)
        try encoder.encodeAny(value)
        return encoder.result ?? .object([])
    }
}

/// A value being built. Fields and items are appended in place (a list of a hundred thousand trash entries
/// must not be copied at each append); a nested container or a super encoder is a child encoder, read when
/// the value is done.
private final class Box {
    /// A field's or an item's value: done, or still being written by a child encoder.
    enum Slot {
        case value(JSON)
        case child(TreeEncoder)

        var json: JSON {
            switch self {
            case .value(let json): json
            case .child(let encoder): encoder.result ?? .object([])
            }
        }
    }

    private var fields: [(String, Slot)]?
    private var items: [Slot]?
    private var value: JSON

    init(_ json: JSON) {
        switch json {
        case .object(let list): fields = list.map { ($0.0, .value($0.1)) }; value = .null
        case .array(let list): items = list.map { .value($0) }; value = .null
        default: value = json
        }
    }

    var json: JSON {
        if let fields { return .object(fields.map { ($0.0, $0.1.json) }) }
        if let items { return .array(items.map(\.json)) }
        return value
    }

    func append(field key: String, _ value: JSON) { fields?.append((key, .value(value))) }
    func append(item value: JSON) { items?.append(.value(value)) }
    /// A child encoder at `key` (nil: the next item), its value read when this one's is.
    func child(_ key: String?, codingPath: [any CodingKey]) -> TreeEncoder {
        let encoder = TreeEncoder(codingPath: codingPath)
        if let key { fields?.append((key, .child(encoder))) } else { items?.append(.child(encoder)) }
        return encoder
    }
    var count: Int { items?.count ?? 0 }
}

/// The key a super encoder is written under when none is named (as Foundation's encoders do).
private struct SuperKey: CodingKey {
    var stringValue: String { "super" }
    var intValue: Int? { nil }
    init() {}
    init?(stringValue: String) { nil }
    init?(intValue: Int) { nil }
}

/// An item's place in an unkeyed container's coding path.
private struct IndexKey: CodingKey {
    let intValue: Int?
    var stringValue: String { "\(intValue ?? 0)" }
    init(_ index: Int) { intValue = index }
    init?(stringValue: String) { nil }
    init?(intValue: Int) { self.intValue = intValue }
}

private struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let box: Box
    let codingPath: [any CodingKey]

    mutating func encodeNil(forKey key: Key) throws { box.append(field: key.stringValue, .null) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { box.append(field: key.stringValue, .bool(value)) }
    mutating func encode(_ value: String, forKey key: Key) throws { box.append(field: key.stringValue, .string(value)) }
    mutating func encode(_ value: Double, forKey key: Key) throws { box.append(field: key.stringValue, .double(value)) }
    mutating func encode(_ value: Int, forKey key: Key) throws { box.append(field: key.stringValue, .int(Int64(clamping: value))) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { box.append(field: key.stringValue, .int(value)) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { box.append(field: key.stringValue, .int(Int64(clamping: value))) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { box.append(field: key.stringValue, .int(Int64(clamping: value))) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { box.append(field: key.stringValue, .int(Int64(clamping: value))) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { box.append(field: key.stringValue, .int(Int64(clamping: value))) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { box.append(field: key.stringValue, .int(Int64(clamping: value))) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { box.append(field: key.stringValue, .int(Int64(clamping: value))) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { box.append(field: key.stringValue, .int(Int64(clamping: value))) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { box.append(field: key.stringValue, .int(Int64(clamping: value))) }
    mutating func encode(_ value: Float, forKey key: Key) throws { box.append(field: key.stringValue, .double(Double(value))) }
    mutating func encode(_ value: some Encodable, forKey key: Key) throws {
        box.append(field: key.stringValue, try TreeEncoder.encoded(value, at: codingPath + [key]))
    }

    // A missing value is written as null, not left out.
    mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws { try put(value, key) }
    mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws { try put(value, key) }
    mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws { try put(value, key) }
    mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws { try put(value, key) }
    mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws { try put(value, key) }
    mutating func encodeIfPresent(_ value: (some Encodable)?, forKey key: Key) throws { try put(value, key) }

    private mutating func put(_ value: (some Encodable)?, _ key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        box.child(key.stringValue, codingPath: codingPath + [key]).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        box.child(key.stringValue, codingPath: codingPath + [key]).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder { box.child("super", codingPath: codingPath + [SuperKey()]) }
    mutating func superEncoder(forKey key: Key) -> any Encoder { box.child(key.stringValue, codingPath: codingPath + [key]) }
}

private struct Unkeyed: UnkeyedEncodingContainer {
    let box: Box
    let codingPath: [any CodingKey]
    var count: Int { box.count }

    mutating func encodeNil() throws { box.append(item: .null) }
    mutating func encode(_ value: Bool) throws { box.append(item: .bool(value)) }
    mutating func encode(_ value: String) throws { box.append(item: .string(value)) }
    mutating func encode(_ value: Double) throws { box.append(item: .double(value)) }
    mutating func encode(_ value: Int) throws { box.append(item: .int(Int64(clamping: value))) }
    mutating func encode(_ value: Int64) throws { box.append(item: .int(value)) }
    mutating func encode(_ value: Int8) throws { box.append(item: .int(Int64(clamping: value))) }
    mutating func encode(_ value: Int16) throws { box.append(item: .int(Int64(clamping: value))) }
    mutating func encode(_ value: Int32) throws { box.append(item: .int(Int64(clamping: value))) }
    mutating func encode(_ value: UInt) throws { box.append(item: .int(Int64(clamping: value))) }
    mutating func encode(_ value: UInt8) throws { box.append(item: .int(Int64(clamping: value))) }
    mutating func encode(_ value: UInt16) throws { box.append(item: .int(Int64(clamping: value))) }
    mutating func encode(_ value: UInt32) throws { box.append(item: .int(Int64(clamping: value))) }
    mutating func encode(_ value: UInt64) throws { box.append(item: .int(Int64(clamping: value))) }
    mutating func encode(_ value: Float) throws { box.append(item: .double(Double(value))) }
    mutating func encode(_ value: some Encodable) throws { box.append(item: try TreeEncoder.encoded(value, at: codingPath)) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        box.child(nil, codingPath: codingPath + [IndexKey(count)]).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        box.child(nil, codingPath: codingPath + [IndexKey(count)]).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder { box.child(nil, codingPath: codingPath + [IndexKey(count)]) }
}

private struct Single: SingleValueEncodingContainer {
    let encoder: TreeEncoder
    var codingPath: [any CodingKey] { encoder.codingPath }

    mutating func encodeNil() throws { encoder.storage = Box(.null) }
    mutating func encode(_ value: Bool) throws { encoder.storage = Box(.bool(value)) }
    mutating func encode(_ value: String) throws { encoder.storage = Box(.string(value)) }
    mutating func encode(_ value: Double) throws { encoder.storage = Box(.double(value)) }
    mutating func encode(_ value: Float) throws { encoder.storage = Box(.double(Double(value))) }
    mutating func encode(_ value: Int) throws { encoder.storage = Box(.int(Int64(clamping: value))) }
    mutating func encode(_ value: Int64) throws { encoder.storage = Box(.int(value)) }
    mutating func encode(_ value: Int8) throws { encoder.storage = Box(.int(Int64(clamping: value))) }
    mutating func encode(_ value: Int16) throws { encoder.storage = Box(.int(Int64(clamping: value))) }
    mutating func encode(_ value: Int32) throws { encoder.storage = Box(.int(Int64(clamping: value))) }
    mutating func encode(_ value: UInt) throws { encoder.storage = Box(.int(Int64(clamping: value))) }
    mutating func encode(_ value: UInt8) throws { encoder.storage = Box(.int(Int64(clamping: value))) }
    mutating func encode(_ value: UInt16) throws { encoder.storage = Box(.int(Int64(clamping: value))) }
    mutating func encode(_ value: UInt32) throws { encoder.storage = Box(.int(Int64(clamping: value))) }
    mutating func encode(_ value: UInt64) throws { encoder.storage = Box(.int(Int64(clamping: value))) }
    mutating func encode(_ value: some Encodable) throws {
        encoder.storage = Box(try TreeEncoder.encoded(value, at: codingPath))
    }
}

/// A path in a document: `DocumentEncoder` writes its bytes; another encoder gets it as text.
extension RawPath: Encodable {
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
