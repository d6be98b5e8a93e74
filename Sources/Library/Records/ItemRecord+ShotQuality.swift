import Imaging

extension ItemRecord {
    /// The shot's measures as the scan stored them (`ItemRecord.setQuality` in Scanning writes them), nil for a
    /// file never measured: what the card's words and a test judge again.
    public var shotQuality: ShotQuality? {
        guard let median = shotMedian, let highlight = shotHighlight, let anisotropy = shotAnisotropy,
              let textured = shotTextured else { return nil }
        return ShotQuality(darkShare: shotDark ?? 0, brightShare: shotBright ?? 0, median: median, highlight: highlight,
                           // Measured before v28: the 99.9th percentile stands in for the 99th (never lower).
                           brightest: shotBrightest ?? highlight,
                           focus: shotFocus, faintFocus: shotFaintFocus, anisotropy: anisotropy, texturedShare: textured,
                           smear: shotSmear, fineSmear: shotFineSmear, lights: shotLights)
    }
}
