import Foundation

/// The lines between an ordinary file and a candidate: a big video, an old photo.
public struct Thresholds: Sendable, Equatable {
    public var bigVideoBytes: Int64
    /// Photos captured before this instant are old.
    public var oldBefore: Date

    public init(bigVideoBytes: Int64, oldBefore: Date) {
        self.bigVideoBytes = bigVideoBytes
        self.oldBefore = oldBefore
    }
}
