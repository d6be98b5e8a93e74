import FileSystem
import Foundation

/// Google Takeout's JSON sidecars next to a photo, whose `photoTakenTime.timestamp` is the
/// capture time in Unix seconds (UTC). Names tried, in order, for `NAME` (e.g. `IMG_1234.jpg`):
/// `NAME.supplemental-metadata.json`, `NAME.json`; Takeout's 51-byte limit on names
/// (`NAME.supplemental-me.json`, and the first 46 bytes of a long `NAME` + `.json`); and for a
/// copy `BASE(1).jpg`, `BASE.jpg(1).json` / `BASE.jpg.supplemental-metadata(1).json`.
/// Only tried when EXIF and QuickTime have no date, so most files cost no extra system call.
enum TakeoutSidecar {
    private static let supplemental = Array(".supplemental-metadata".utf8)
    private static let json = Array(".json".utf8)
    /// Takeout cuts sidecar names to this many bytes, `.json` included.
    private static let nameLimit = 51
    /// A sidecar is a few kilobytes; anything bigger is not one.
    private static let maximumSize = 1 << 20

    /// The capture date from the first sidecar that exists and has one.
    static func date(for path: RawPath) -> CaptureDate? {
        let folder = path.parent
        for name in candidateNames(for: path.lastComponent) {
            guard let file = try? ReadableFile(folder.appending(name)), let status = try? file.status(),
                  status.size > 0, status.size <= Int64(maximumSize),
                  let bytes = try? file.read(at: 0, count: Int(status.size)) else { continue }
            if let date = date(inJSON: bytes) { return date }
        }
        return nil
    }

    /// The sidecar names Takeout may have given the media file `name`, most likely first, no repeats.
    static func candidateNames(for name: [UInt8]) -> [[UInt8]] {
        var names: [[UInt8]] = [name + supplemental + json, name + json]
        let room = nameLimit - json.count - name.count
        if room > 0, room < supplemental.count { names.append(name + supplemental.prefix(room) + json) }
        if name.count > nameLimit - json.count { names.append(Array(name.prefix(nameLimit - json.count)) + json) }
        // "IMG_1234(1).jpg" → "IMG_1234.jpg(1).json", "IMG_1234.jpg.supplemental-metadata(1).json"
        if let dot = name.lastIndex(of: UInt8(ascii: ".")), dot > 0, name[dot - 1] == UInt8(ascii: ")"),
           let open = name[..<dot].lastIndex(of: UInt8(ascii: "(")),
           name[(open + 1)..<(dot - 1)].allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), open + 1 < dot - 1 {
            let original = Array(name[..<open] + name[dot...])
            let counter = Array(name[open..<dot])
            names.append(original + counter + json)
            names.append(original + supplemental + counter + json)
        }
        var seen = Set<[UInt8]>()
        return names.filter { seen.insert($0).inserted }
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
