import CMagic
import CXXHash
import CZlib

/// The versions of the C libraries behind `Media`, for `clean --version` and bug reports.
public enum CLibraryVersions {
    /// libmagic's version, e.g. "5.44".
    public static var magic: String {
        let v = magic_version()
        return "\(v / 100).\(v % 100)"
    }

    /// libxxhash's version, e.g. "0.8.1".
    public static var xxhash: String {
        let v = XXH_versionNumber()
        return "\(v / 10000).\(v / 100 % 100).\(v % 100)"
    }

    /// zlib's version, e.g. "1.2.13".
    public static var zlib: String { String(cString: zlibVersion()) }
}
