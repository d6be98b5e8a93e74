import FileSystem
import Foundation
import Imaging

/// Fixtures/similar: one folder per photo, each holding the photo and its edited copies
/// (Fixtures/make-similar.py). Files of one folder must group together; folders stay apart.
enum SimilarFixture {
    static let root: String = {
        let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return packageRoot.appendingPathComponent("Fixtures/similar").path
    }()

    struct File {
        let folder: String
        let name: String
        var path: String { SimilarFixture.root + "/" + folder + "/" + name }
    }

    static let edits = ["original.jpg", "half.jpg", "q40.jpg", "crop6.jpg", "bright20.jpg", "shift3.jpg", "rot2.jpg", "png.png", "exif6.jpg"]

    static let files: [File] = {
        let folders = (try? FileManager.default.contentsOfDirectory(atPath: root))?.sorted() ?? []
        return folders.flatMap { folder in edits.map { File(folder: folder, name: $0) } }
    }()

    /// Precision and recall over all pairs of files: a pair is predicted similar by `same`, and is
    /// really similar when both files come from one folder.
    static func precisionRecall(_ same: (Int, Int) -> Bool) -> (precision: Double, recall: Double, falsePairs: [String], missedPairs: [String]) {
        var truePositives = 0, falsePositives = 0, falseNegatives = 0
        var falsePairs: [String] = [], missedPairs: [String] = []
        for i in files.indices {
            for j in (i + 1)..<files.count {
                let similar = files[i].folder == files[j].folder
                let predicted = same(i, j)
                let name = "\(files[i].folder)/\(files[i].name) ~ \(files[j].folder)/\(files[j].name)"
                switch (similar, predicted) {
                case (true, true): truePositives += 1
                case (false, true): falsePositives += 1; falsePairs.append(name)
                case (true, false): falseNegatives += 1; missedPairs.append(name)
                case (false, false): break
                }
            }
        }
        let precision = truePositives + falsePositives == 0 ? 1 : Double(truePositives) / Double(truePositives + falsePositives)
        return (precision, Double(truePositives) / Double(truePositives + falseNegatives), falsePairs, missedPairs)
    }
}
