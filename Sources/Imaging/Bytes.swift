/// Runs `body` over the bytes' memory, keeping the decoders' typed errors (the standard
/// library's `withUnsafeBytes` only rethrows untyped ones).
func withBytes<T>(_ bytes: [UInt8], _ name: String, _ body: (UnsafeRawBufferPointer) throws(ImagingError) -> T) throws(ImagingError) -> T {
    do {
        return try bytes.withUnsafeBytes { raw in try body(raw) }
    } catch let error as ImagingError {
        throw error
    } catch {
        throw .unreadable(path: name, reason: "\(error)")
    }
}
