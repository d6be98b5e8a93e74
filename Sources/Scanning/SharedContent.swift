import Foundation
import Library

/// Picks, from files listed by size and then full hash (the size index's order), those that could
/// have a copy: in a size held by several files, all of them when one has no full hash yet, else
/// those whose full hash another file of that size shares. Holds one size's files at a time.
struct SharedContent {
    private var picked: [Int64] = []
    private var size: Int64 = -1
    /// The current size's files, and the number of the run of equal hashes each belongs to.
    private var files: [(id: Int64, run: Int)] = []
    private var unhashed = false
    private var lastHash: [UInt8] = []

    /// Adds the next file in (size, hash) order; `hash` nil when it has no full hash.
    mutating func add(_ id: Int64, size: Int64, hash: Data?) {
        if size != self.size { pickFromSize(); self.size = size }
        let run: Int
        if let hash {
            let same = !files.isEmpty && files[files.count - 1].run >= 0 && Self.equal(lastHash, hash)
            if !same { lastHash.removeAll(keepingCapacity: true); lastHash.append(contentsOf: hash) }
            run = same ? files[files.count - 1].run : files.count
        } else {
            unhashed = true
            run = -1
        }
        files.append((id, run))
    }

    /// Byte for byte, with memcmp (`elementsEqual` of an array and a `Data` goes through Data's
    /// iterator a byte at a time).
    private static func equal(_ bytes: [UInt8], _ data: Data) -> Bool {
        guard bytes.count == data.count else { return false }
        guard !bytes.isEmpty else { return true }
        return bytes.withUnsafeBytes { a in data.withUnsafeBytes { b in memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0 } }
    }

    /// The files picked, in the order they were added.
    mutating func finish() -> [Int64] {
        pickFromSize()
        return picked
    }

    private mutating func pickFromSize() {
        defer { files.removeAll(keepingCapacity: true); unhashed = false }
        guard files.count > 1 else { return }
        if unhashed {
            picked.append(contentsOf: files.lazy.map(\.id))
            return
        }
        for index in files.indices {
            let run = files[index].run
            let shared = (index > 0 && files[index - 1].run == run) || (index + 1 < files.count && files[index + 1].run == run)
            if shared { picked.append(files[index].id) }
        }
    }
}
