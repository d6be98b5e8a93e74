import App
import Library
import Media
import Scanning
@testable import Settings
import Testing

/// Settings keeps its own copies of the `[scan]` and `[media]` defaults (it is a leaf); they must be the scanner's.
@Suite struct SettingsMappingTests {
    @Test func theScanAndMediaDefaultsAreTheScannersDefaults() {
        #expect(ScanOptions(Configuration.defaults.scan) == ScanOptions.defaults)
        #expect(ScreenshotRules(Configuration.defaults.media) == ScreenshotRules.defaults)
        #expect(SimilarOptions(Configuration.defaults.similar) == SimilarOptions.defaults)
    }

    @Test func everyScanKeyReachesTheScanner() {
        let settings = ScanSettings(skipNames: ["a"], skipPrefixes: ["b"], oneFileSystem: false, bigVideoBytes: 7, oldPhotoYears: 3, jobs: 2)
        var expected = ScanOptions.defaults
        (expected.skipNames, expected.skipPrefixes, expected.oneFileSystem) = (["a"], ["b"], false)
        (expected.bigVideoBytes, expected.oldPhotoYears, expected.jobs) = (7, 3, 2)
        #expect(ScanOptions(settings) == expected)
    }
}
