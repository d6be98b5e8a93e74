import Deck
import Imaging
import Keeping
import Library
import Media
import Scanning
import Settings

/// The `[scan]` and `[media]` sections as the scanner and the inspector take them. Settings is a
/// leaf, so the commands, which see both sides, do the translation.
package extension ScanOptions {
    init(_ settings: ScanSettings) {
        self = .defaults
        skipNames = settings.skipNames
        skipPrefixes = settings.skipPrefixes
        oneFileSystem = settings.oneFileSystem
        bigVideoBytes = settings.bigVideoBytes
        oldPhotoYears = settings.oldPhotoYears
        jobs = settings.jobs
    }
}

package extension KeeperRule {
    init(_ settings: KeepSettings) {
        self.init(order: settings.order.compactMap { Criterion(rawValue: $0.rawValue) }, formats: settings.formats.map(\.rawValue),
                  preferFolders: settings.preferFolders, avoidFolders: settings.avoidFolders)
    }
}

package extension SimilarOptions {
    init(_ settings: SimilarSettings) {
        self.init(settings, quality: Configuration.defaults.quality)
    }

    init(_ settings: SimilarSettings, quality: QualitySettings) {
        self.init(maxDistance: settings.maxDistance)
        turned = settings.turned
        badShots = quality.badShots ? BadShot.Limits.defaults.scaled(quality.strictness) : nil
    }
}

package extension ScreenshotRules {
    init(_ settings: MediaSettings) {
        self.init(namePatterns: settings.screenshotNamePatterns, folderSuffixes: settings.screenshotFolders,
                  userCommentMarker: settings.screenshotUserComment, androidSoftwarePrefix: settings.screenshotAndroidSoftware)
    }
}
