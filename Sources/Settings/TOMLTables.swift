/// A table while a TOML document is read. What made it decides what may still be added to it:
/// a `[header]` table is defined once; one only implied by a longer header may be defined later;
/// dotted keys add only to tables dotted keys made or longer headers implied; an inline table is closed when its `}` is read.
final class TableNode {
    enum Origin { case implied, header, dotted, inline, arrayElement }
    enum Entry {
        case table(TableNode)
        /// An array of tables, from `[[name]]` headers: each header appends one.
        case tables([TableNode])
        case value(ConfigTree)
    }

    private var origin: Origin
    private var entries: [String: Entry] = [:]

    init(origin: Origin) {
        self.origin = origin
    }

    /// The finished table.
    var tree: ConfigTree {
        .table(entries.mapValues { entry in
            switch entry {
            case .table(let table): table.tree
            case .tables(let tables): .array(tables.map(\.tree))
            case .value(let value): value
            }
        })
    }

    /// `[a.b.c]`: the table the following pairs go into.
    func defineTable(at key: [String], start: Int) throws(TOMLReader.Failure) -> TableNode {
        guard let last = key.last else { throw TOMLReader.Failure(start, "a table header needs a name") }
        let parent = try descend(key.dropLast(), start: start)
        switch parent.entries[last] {
        case nil:
            let table = TableNode(origin: .header)
            parent.entries[last] = .table(table)
            return table
        case .table(let table)? where table.origin == .implied:
            table.origin = .header
            return table
        case .table?, .tables?:
            throw TOMLReader.Failure(start, "the table [\(Self.dotted(key))] is defined twice")
        case .value?:
            throw TOMLReader.Failure(start, "'\(Self.dotted(key))' already has a value, so it cannot be a table")
        }
    }

    /// `[[a.b]]`: a new table at the end of the array `a.b`, where the following pairs go.
    func appendArrayElement(at key: [String], start: Int) throws(TOMLReader.Failure) -> TableNode {
        guard let last = key.last else { throw TOMLReader.Failure(start, "a table header needs a name") }
        let parent = try descend(key.dropLast(), start: start)
        let element = TableNode(origin: .arrayElement)
        switch parent.entries[last] {
        case nil:
            parent.entries[last] = .tables([element])
        case .tables(let tables)?:
            parent.entries[last] = .tables(tables + [element])
        case .table?, .value?:
            throw TOMLReader.Failure(start, "'\(Self.dotted(key))' is already defined and is not an array of tables")
        }
        return element
    }

    /// `a.b.c = value` in this table.
    func assign(_ value: ConfigTree, at key: [String], start: Int) throws(TOMLReader.Failure) {
        guard let last = key.last else { throw TOMLReader.Failure(start, "expected a key") }
        var table = self
        for (offset, part) in key.dropLast().enumerated() {
            switch table.entries[part] {
            case nil:
                let made = TableNode(origin: .dotted)
                table.entries[part] = .table(made)
                table = made
            case .table(let existing)? where existing.origin == .dotted || existing.origin == .implied:
                // An implied table entered by a dotted key counts as defined by it: no header may define it later.
                existing.origin = .dotted
                table = existing
            default:
                throw TOMLReader.Failure(start, "'\(Self.dotted(key.prefix(offset + 1)))' is already defined, so the dotted key '\(Self.dotted(key))' cannot add to it")
            }
        }
        guard table.entries[last] == nil else { throw TOMLReader.Failure(start, "the key '\(Self.dotted(key))' is defined twice") }
        table.entries[last] = .value(value)
    }

    /// The table at `path` below this one for a header, made (as implied) where missing; the last
    /// table of an array of tables stands for the array.
    private func descend(_ path: ArraySlice<String>, start: Int) throws(TOMLReader.Failure) -> TableNode {
        var table = self
        for (offset, part) in path.enumerated() {
            switch table.entries[part] {
            case nil:
                let made = TableNode(origin: .implied)
                table.entries[part] = .table(made)
                table = made
            case .table(let existing)?:
                table = existing
            case .tables(let tables)?:
                guard let newest = tables.last else { throw TOMLReader.Failure(start, "an array of tables is empty") }
                table = newest
            case .value?:
                throw TOMLReader.Failure(start, "'\(Self.dotted(path.prefix(offset + 1)))' already has a value, so it cannot be a table")
            }
        }
        return table
    }

    private static func dotted<Parts: Sequence<String>>(_ parts: Parts) -> String {
        parts.map { part in
            !part.isEmpty && part.utf8.allSatisfy { $0 < 0x80 && ($0 == 0x2D || $0 == 0x5F || (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0)) }
                ? part : TOMLWriter.inline(.string(part))
        }.joined(separator: ".")
    }
}
