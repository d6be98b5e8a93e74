import FileSystem
import Foundation
import Imaging
import Library

/// The last previews made, in memory only (a copy on disk would outlive its photo once the trash is
/// emptied), each made once per version of its file: a request for one being made waits for it.
/// The round in play has the previews of its next cards made ahead, one at a time at low priority
/// and only once the server has been quiet for a moment (between the player's decisions, not while it
/// answers them), so the player seldom waits for a decode (a 12-megapixel JPEG costs ~60 ms of CPU).
final class PreviewCache: @unchecked Sendable {
    /// One version of one file: the key changes when the file does, so nothing stale is ever served.
    struct Key: Hashable {
        let kind: String
        let id: Int64
        let size: Int64, mtime: Int64, ctime: Int64, inode: UInt64, device: UInt64
    }

    private let lock = NSLock()
    private var entries: [Key: [UInt8]] = [:]
    /// Least recently used first, per kind (each preview size, posters): a computer's 1,600-px previews and
    /// a phone's 640-px ones, asked for at once, never evict each other's.
    private var orders: [String: [Key]] = [:]
    /// How many of each kind are kept (thumbnails: `thumbnailCapacity`).
    private let capacity: Int
    /// How many thumbnails (`thumbnailSide`) are kept: a batch's confirmation shows every file of it, and a
    /// thumbnail is some 10 KB, so a long batch's are all made once.
    static let thumbnailCapacity = 2_000
    /// Previews being made, with whoever waits for each.
    private var making: [Key: [CheckedContinuation<[UInt8], any Error>]] = [:]
    /// Photos to make ahead, the nearest card first; replaced by each new look at the round.
    private var ahead: [ItemRecord] = []
    private var aheadRunning = false
    private let aheadQueue = DispatchQueue(label: "swipeclean.previews-ahead", qos: .utility)
    /// The last request or decision: a decode made ahead starts only `quiet` after it.
    private var lastActivity = DispatchTime.now()
    static let quiet = DispatchTimeInterval.milliseconds(50)
    /// How many times each item's preview was decoded (tests see "made once" here).
    private var decodes: [Int64: Int] = [:]

    init(capacity: Int = 48) {
        self.capacity = capacity
    }

    // MARK: - Asking

    /// The long sides a preview is made at: a phone's card (`srcset`), a laptop's, the largest. Made ahead
    /// at the side the page asked for last, so a phone's next cards are ready at its size.
    static let sides = [thumbnailSide, 640, 1_080, Preview.maximumSide]
    /// The small side of the batch's thumbnails and a group card's strip (never made ahead).
    static let thumbnailSide = 320
    /// When each side was last asked for: the cards ahead are made at the side asked for last.
    private var asked: [Int: DispatchTime] = [Preview.maximumSide: .now()]

    /// An upright JPEG of `item` (a photo), at most `side` px on the long side (one of `sides`).
    func preview(of item: ItemRecord, side: Int = Preview.maximumSide) async throws -> [UInt8] {
        if side != Self.thumbnailSide { lock.withLock { asked[side] = .now() } }
        return try await cached(item, kind: Self.kind(side), qos: .userInitiated) { try Self.jpeg(item, side: side) }
    }

    static func kind(_ side: Int) -> String { side == Preview.maximumSide ? "preview" : "preview-\(side)" }

    /// What `make` makes of `item` (a preview, a video's poster): from memory, from the making of it
    /// already under way, or made now on a worker thread (the event loops keep answering meanwhile).
    /// The file is checked against the index first, every time: a file that changed or left is a 404.
    func cached(_ item: ItemRecord, kind: String, qos: DispatchQoS.QoSClass = .userInitiated,
                make: @escaping @Sendable () throws -> [UInt8]) async throws -> [UInt8] {
        let key = try Self.key(item, kind: kind)
        return try await withCheckedThrowingContinuation { continuation in
            lock.lock()
            lastActivity = .now()
            if let hit = entries[key] {
                touch(key)
                lock.unlock()
                continuation.resume(returning: hit)
            } else if making[key] != nil {
                making[key]!.append(continuation)
                lock.unlock()
            } else {
                making[key] = [continuation]
                lock.unlock()
                DispatchQueue.global(qos: qos).async { self.make(key, item, make) }
            }
        }
    }

    // MARK: - Ahead

    /// Has the previews of `items` (the card on the table first) made in the background, one at a
    /// time, skipping those made or being made; replaces what was still to do. `[]` cancels (the one
    /// under way finishes into the cache).
    func makeAhead(_ items: [ItemRecord]) {
        lock.lock()
        ahead = items.filter { $0.kind == .photo }
        lastActivity = .now()
        let start = !aheadRunning && !ahead.isEmpty
        if start { aheadRunning = true }
        lock.unlock()
        if start { aheadQueue.asyncAfter(deadline: .now() + Self.quiet) { self.workAhead() } }
    }

    private func workAhead() {
        while true {
            lock.lock()
            guard !ahead.isEmpty else {
                aheadRunning = false
                lock.unlock()
                return
            }
            // Still answering requests: come back once they have stopped for a moment.
            let resume = lastActivity + Self.quiet
            if resume > .now() {
                lock.unlock()
                aheadQueue.asyncAfter(deadline: resume) { self.workAhead() }
                return
            }
            let item = ahead.removeFirst()
            let sides = asked.max { $0.value < $1.value }.map { [$0.key] } ?? [Preview.maximumSide]
            lock.unlock()
            for side in sides {
                // Changed or gone since the scan: nothing to make; the page's own request says why.
                guard let key = try? Self.key(item, kind: Self.kind(side)) else { break }
                lock.lock()
                let needed = entries[key] == nil && making[key] == nil
                if needed { making[key] = [] }
                lock.unlock()
                if needed { make(key, item) { try Self.jpeg(item, side: side) } }
            }
        }
    }

    // MARK: - Making

    private func make(_ key: Key, _ item: ItemRecord, _ body: () throws -> [UInt8]) {
        var result = Result { try body() }
        // Changed while it was read: neither kept nor served as this version.
        if (try? Self.key(item, kind: key.kind)) != key { result = .failure(Self.changed) }
        lock.lock()
        let waiting = making.removeValue(forKey: key) ?? []
        decodes[key.id, default: 0] += 1
        if case .success(let bytes) = result {
            entries[key] = bytes
            orders[key.kind, default: []].append(key)
            let kept = key.kind == Self.kind(Self.thumbnailSide) ? Self.thumbnailCapacity : capacity
            if orders[key.kind]!.count > kept { entries[orders[key.kind]!.removeFirst()] = nil }
        }
        lock.unlock()
        for continuation in waiting { continuation.resume(with: result) }
    }

    private func touch(_ key: Key) {
        if let at = orders[key.kind]?.firstIndex(of: key) { orders[key.kind]!.append(orders[key.kind]!.remove(at: at)) }
    }

    /// The preview of the version of `item` the index holds: the file opened with no link followed in
    /// any component (as a video is, `VideoFile`), its descriptor's status compared with the index, and
    /// the bytes decoded from that same descriptor, so a folder swapped for a link after the check never
    /// serves (or caches) another file.
    private static func jpeg(_ item: ItemRecord, side: Int) throws -> [UInt8] {
        let bytes: [UInt8]
        do {
            let file = try ReadableFile(reachedWithoutLinks: item.rawPath)
            let status = try file.status()
            guard status.kind == .regular, status.isSameFile(as: item.status), status.size <= 512 << 20 else { throw changed }
            bytes = try file.read(at: 0, count: Int(status.size))
        } catch {
            throw changed
        }
        do {
            return try Preview.jpeg(bytes: bytes, name: item.rawPath.description, longSide: side)
        } catch {
            Door.stderr("clean web: no preview of item \(item.id ?? 0): \(error)")
            throw WebError(415, "no preview: this picture cannot be decoded (the terminal that runs clean web says why)")
        }
    }

    static let changed = WebError(404, "this file changed or left since it was indexed; rescan to see it")

    /// The key of the version on disk, which must be the version indexed.
    static func key(_ item: ItemRecord, kind: String) throws(WebError) -> Key {
        guard let status = try? linkStatus(item.rawPath), status.kind == .regular, status.isSameFile(as: item.status) else {
            throw changed
        }
        return Key(kind: kind, id: item.id ?? 0, size: status.size, mtime: status.mtimeNanoseconds,
                   ctime: status.ctimeNanoseconds, inode: status.inode, device: status.device)
    }

    // MARK: - What tests look at

    /// Whether the preview of this version of `item` is in memory (at `side`).
    func holdsPreview(of item: ItemRecord, side: Int = Preview.maximumSide) -> Bool {
        guard let key = try? Self.key(item, kind: Self.kind(side)) else { return false }
        lock.lock()
        defer { lock.unlock() }
        return entries[key] != nil
    }

    /// How many times a preview or poster of item `id` was decoded.
    func timesMade(_ id: Int64) -> Int {
        lock.lock()
        defer { lock.unlock() }
        return decodes[id, default: 0]
    }

    /// How many requests wait for previews being made.
    var waiting: Int {
        lock.lock()
        defer { lock.unlock() }
        return making.values.reduce(0) { $0 + $1.count }
    }
}
