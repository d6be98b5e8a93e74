import CDeflate
import CHeif
import CSpng
import CTurboJPEG

/// The versions of the C libraries behind `Imaging`, for `clean --version` and bug reports.
public enum ImagingLibraryVersions {
    /// libjpeg-turbo's version from the headers it was built against, e.g. "2.1.5" (TurboJPEG 2 has no call for it).
    public static var jpegTurbo: String {
        let v = Int(LIBJPEG_TURBO_VERSION_NUMBER)
        return "\(v / 1_000_000).\(v / 1000 % 1000).\(v % 1000)"
    }

    /// libheif's version, e.g. "1.15.1".
    public static var heif: String { String(cString: heif_get_version()) }

    /// libspng's version, e.g. "0.7.3".
    public static var spng: String { String(cString: spng_version_string()) }

    /// libdeflate's version from its header, e.g. "1.14" (it has no call for it).
    public static var deflate: String { LIBDEFLATE_VERSION_STRING }
}
