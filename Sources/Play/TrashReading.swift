import FileSystem
import Library
import Trash

extension PlayContext {
    /// The file trash entry `id` holds, opened to read (a thumbnail), with its record: nil when `id` is
    /// no file of ours in the trash now (unknown, restored, deleted for good, a move not finished) or its
    /// file is not the one the move put there (`Trash.openRecorded`). No path comes from the caller.
    public func openTrashed(_ id: Int64) throws -> (TrashedRecord, ReadableFile)? {
        guard let file = try library.trashedFiles(ids: [id]).first, file.state == "done", file.restoredAt == nil, file.purgedAt == nil,
              file.leaving == nil, let entry = recorded(file), let opened = trash.openRecorded(entry) else { return nil }
        return (file, opened)
    }
}
