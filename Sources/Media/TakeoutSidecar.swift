import FileSystem
import Foundation

/// Google Takeout's JSON sidecars: `NAME.json` or `NAME.supplemental-metadata.json` next to the
/// photo, whose `photoTakenTime.timestamp` is the capture time in Unix seconds (UTC).
enum TakeoutSidecar {
    static let suffixes = [".supplemental-metadata.json", ".json"]
    /// A sidecar is a few kilobytes; anything bigger is not one.
    private static let maximumSize = 1 << 20

    /// The capture date from the first sidecar that exists and has one.
    static func date(for path: RawPath) -> CaptureDate? {
        for suffix in suffixes {
            let sidecar = RawPath(bytes: path.bytes + Array(suffix.utf8))
            guard let file = try? ReadableFile(sidecar), let status = try? file.status(),
                  status.size > 0, status.size <= Int64(maximumSize),
                  let bytes = try? file.read(at: 0, count: Int(status.size)) else { continue }
            if let date = date(inJSON: bytes) { return date }
        }
        return nil
    }

    /// `photoTakenTime.timestamp` (a string of digits in Takeout, a number accepted too).
    static func date(inJSON bytes: [UInt8]) -> CaptureDate? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any],
              let taken = object["photoTakenTime"] as? [String: Any] else { return nil }
        let seconds: Int64?
        switch taken["timestamp"] {
        case let text as String: seconds = Int64(text.trimmingSpacesAndNULs)
        case let number as NSNumber: seconds = number.int64Value
        default: seconds = nil
        }
        guard let seconds, seconds > 0 else { return nil }
        return CaptureDate(utcSecondsSince1970: seconds)
    }
}
