import Foundation
import Imaging
import Library

/// What the scan records in an item as it reads the file: the store it lies in, and its fingerprint.
extension ItemRecord {
    /// Records the store the file lies in (nil: none), and so whether it is ever fingerprinted.
    mutating func place(in store: Int64?) {
        self.store = store
        fingerprinted = !takesPartInSimilar
    }

    /// Records the measures of a photo's shot and its verdict (none when `limits` is nil: bad shots are off).
    mutating func setQuality(_ q: ShotQuality?, limits: BadShot.Limits?) {
        badShot = q.flatMap { q in limits.flatMap { BadShot.judge(q, limits: $0) } }
        shotFocus = q?.focus; shotDark = q?.darkShare; shotBright = q?.brightShare; shotMedian = q?.median
        shotHighlight = q?.highlight; shotFaintFocus = q?.faintFocus; shotAnisotropy = q?.anisotropy; shotTextured = q?.texturedShare
        shotSmear = q?.smear; shotFineSmear = q?.fineSmear; shotBrightest = q?.brightest; shotLights = q?.lights
        shotSofterThan = nil
        shotAsCopyOf = nil
    }

    /// Records a fingerprint taken at reading (nil: the photo did not decode).
    mutating func setFingerprint(_ fingerprint: PhotoFingerprint?, limits: BadShot.Limits? = nil) {
        setQuality(fingerprint?.quality, limits: limits)
        perceptualHash = fingerprint.map { Int64(bitPattern: $0.hash.bits) }
        sharpness = fingerprint?.sharpness
        thumbnail = fingerprint.flatMap(SimilarFinder.storedThumbnail)
        centreHash = fingerprint.map { Int64(bitPattern: $0.centreHash.bits) }
        detail = fingerprint?.detail
        jpegQuality = fingerprint?.jpegQuality
        fineDetail = fingerprint?.copyDetail?.frame
        fineDetailDecode = fingerprint?.copyDetail?.decode
        fineDetailSide = fingerprint?.copyDetail?.side
        fingerprinted = true
    }
}
