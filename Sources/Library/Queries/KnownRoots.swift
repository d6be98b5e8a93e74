import GRDB

extension LibraryDatabase {
    /// The folders scanned before, as each scan recorded them (one path a root), the latest first, each once:
    /// what "scan again" walks.
    public func knownRoots() throws -> [String] {
        try read { db in
            var seen = Set<String>()
            return try String.fetchAll(db, sql: "SELECT roots FROM scanRun ORDER BY id DESC")
                .flatMap { $0.split(separator: "\n").map(String.init) }
                .filter { !$0.isEmpty && seen.insert($0).inserted }
        }
    }
}
