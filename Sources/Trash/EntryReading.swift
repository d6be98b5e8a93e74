import FileSystem

extension Trash {
    /// A recorded entry's `files/NAME` opened to read (the trash page's thumbnail), only while it is the
    /// file the move put there: a plain name, opened without following a link, a regular file of the
    /// recorded inode, size and modification time, checked on the open descriptor itself (so a file
    /// swapped in after a look is never the one read). Nil otherwise, or when its volume's trash cannot
    /// be reached. Changes nothing.
    public func openRecorded(_ entry: RecordedEntry) -> ReadableFile? {
        if isElsewhere(entry.trashRoot) { return (try? shelf(entry.trashRoot))?.openRecorded(entry) }
        guard Self.isPlainName(entry.trashName), let file = try? ReadableFile(filePath(entry.trashName)),
              let status = try? file.status(), status.kind == .regular else { return nil }
        if let inode = entry.inode, status.inode != inode { return nil }
        guard status.size == entry.size, status.mtimeNanoseconds == entry.mtimeNanoseconds else { return nil }
        return file
    }
}
