import FileSystem

/// A trash journal in an append-only text file, each record written and `fsync`ed before the
/// call returns: the crash harness's stand-in for the app's database.
///
/// One line per record: tab-separated fields and a checksum, so a torn last line is ignored.
/// Its writes go through the same `FileOperations`, so they are kill points too.
public final class FileTrashJournal: TrashJournal {
    public let path: RawPath
    private let operations: FileOperations
    private var descriptor: Int32?
    private var moves: [MoveKey: JournaledMove] = [:]
    private var order: [MoveKey] = []
    /// How many times each move was recorded as `.done`: a check that nothing is credited twice.
    public private(set) var doneCount: [MoveKey: Int] = [:]

    public init(path: RawPath, operations: FileOperations = SystemFileOperations()) throws(FileSystemError) {
        self.path = path
        self.operations = operations
        var contents: [UInt8] = []
        do {
            let fd = try operations.openForReading(path)
            defer { operations.close(fd) }
            var buffer = [UInt8](repeating: 0, count: 64 << 10)
            while true {
                let got = try buffer.withUnsafeMutableBytes { raw in
                    Result { () throws(FileSystemError) in try operations.read(fd, into: raw, path: path) }
                }.get()
                if got == 0 { break }
                contents += buffer[..<got]
            }
        } catch where error.isNotFound {}
        for line in contents.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true) {
            guard let move = Self.decode(Array(line)) else { continue }
            if moves[move.key] == nil { order.append(move.key) }
            moves[move.key] = move
            if move.state == .done { doneCount[move.key, default: 0] += 1 }
        }
        if let last = contents.last, last != UInt8(ascii: "\n") { try append([UInt8(ascii: "\n")]) }
    }

    deinit { if let descriptor { operations.close(descriptor) } }

    public func begin(_ moves: [JournaledMove]) throws {
        try append(moves.flatMap { Self.encode($0) })
        for move in moves { remember(move) }
    }

    public func record(_ move: JournaledMove) throws {
        try append(Self.encode(move))
        remember(move)
    }

    public func unfinishedMoves() throws -> [JournaledMove] {
        order.compactMap { moves[$0] }.filter { !$0.state.isFinished }
    }

    /// Every move's latest record, in the order they were begun.
    public var allMoves: [JournaledMove] { order.compactMap { moves[$0] } }

    private func remember(_ move: JournaledMove) {
        if moves[move.key] == nil { order.append(move.key) }
        moves[move.key] = move
        if move.state == .done { doneCount[move.key, default: 0] += 1 }
    }

    private func append(_ bytes: [UInt8]) throws(FileSystemError) {
        if descriptor == nil {
            let existed = (try? operations.status(path)) != nil
            descriptor = try operations.openForAppending(path, permissions: 0o600)
            if !existed { try operations.synchronizeDirectory(path.parent) }
        }
        let fd = descriptor!
        try bytes.withUnsafeBytes { raw in Result { () throws(FileSystemError) in try operations.write(fd, raw, path: path) } }.get()
        try operations.synchronize(fd, path: path)
    }

    // MARK: - Line format

    static func encode(_ move: JournaledMove) -> [UInt8] {
        let e = move.expected
        let fields = [
            "\(move.key.batch.rawValue)", "\(move.key.itemID)", "\(move.key.part)", move.state.rawValue,
            hex(move.originalPath.bytes), "\(e.size)", "\(e.mtimeNanoseconds)", "\(e.inode)", "\(e.device)", "\(e.permissions)",
            move.trashName.map(hex) ?? "-", move.deletionDate ?? "-",
        ] + (move.trashRoot.map { [hex($0.bytes)] } ?? [])
        let payload = fields.joined(separator: "\t")
        return Array("\(payload)\t\(checksum(payload))\n".utf8)
    }

    static func decode(_ line: [UInt8]) -> JournaledMove? {
        guard let text = String(validating: line, as: UTF8.self) else { return nil }
        let fields = text.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        // 13 fields, or 14 with the volume trash's root before the checksum.
        guard fields.count == 13 || fields.count == 14, let sum = fields.last,
              checksum(fields.dropLast().joined(separator: "\t")) == sum,
              let batch = Int64(fields[0]), let item = Int64(fields[1]), let part = Int(fields[2]),
              let state = MoveState(rawValue: fields[3]), let path = unhex(fields[4]), let size = Int64(fields[5]),
              let mtime = Int64(fields[6]), let inode = UInt64(fields[7]), let device = UInt64(fields[8]),
              let permissions = UInt32(fields[9]) else { return nil }
        let name = fields[10] == "-" ? nil : unhex(fields[10])
        let expected = FileStatus(kind: .regular, size: size, mtimeNanoseconds: mtime, inode: inode, device: device, permissions: permissions)
        return JournaledMove(key: MoveKey(batch: BatchID(batch), itemID: item, part: part), originalPath: RawPath(bytes: path),
                             expected: expected, state: state, trashName: name, deletionDate: fields[11] == "-" ? nil : fields[11],
                             trashRoot: fields.count == 14 ? unhex(fields[12]).map { RawPath(bytes: $0) } : nil)
    }

    private static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef")
        return String(bytes.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 15)]] })
    }

    private static func unhex(_ text: String) -> [UInt8]? {
        let chars = Array(text.utf8)
        guard chars.count % 2 == 0 else { return nil }
        var out: [UInt8] = []
        for index in stride(from: 0, to: chars.count, by: 2) {
            guard let byte = UInt8(String(decoding: chars[index...index + 1], as: UTF8.self), radix: 16) else { return nil }
            out.append(byte)
        }
        return out
    }

    /// FNV-1a, 64 bits, in hex: enough to tell a whole line from a torn one.
    private static func checksum(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return String(hash, radix: 16)
    }
}
