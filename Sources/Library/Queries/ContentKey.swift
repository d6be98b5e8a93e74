import Media

extension ItemRecord {
    /// The file's full content hash: the stored one, or read now (nil if the file cannot be read).
    /// Used to recognise content deleted before, so a delete/restore/delete earns XP once.
    public func contentKey() -> String? {
        contentHash ?? (try? ContentHash.full(rawPath))
    }
}
