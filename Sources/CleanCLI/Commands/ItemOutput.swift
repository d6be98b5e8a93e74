import Library

/// How one indexed item is shown: a JSON Lines object per DESIGN.md, or a line of text.
enum ItemOutput {
    static func json(_ item: ItemRecord, thresholds: Thresholds) -> JSON {
        .object([
            ("id", .optional(item.id)), ("path", .path(item.rawPath)), ("size", .int(item.size)),
            ("mime", .string(item.mime)), ("kind", .string(item.kind.rawValue)),
            ("screenshot", .bool(item.isScreenshot)), ("screenshotEvidence", .optional(item.screenshotEvidence)),
            ("capturedAt", .optional(item.capturedAt)), ("dateSource", .string(item.dateSource.rawValue)),
            ("width", .optional(item.width)), ("height", .optional(item.height)),
            ("cameraMake", .optional(item.cameraMake)), ("cameraModel", .optional(item.cameraModel)),
            ("bigVideo", .bool(item.isBigVideo(thresholds))), ("old", .bool(item.isOld(thresholds))),
            ("hash", .optional(item.contentHash)), ("duplicateGroup", .optional(item.duplicateGroup)),
            ("linkedTo", .optional(item.linkedTo)), ("linkKind", .optional(item.linkKind?.rawValue)),
            ("perceptualHash", .optional(item.perceptualHashHex)),
            ("similarGroup", .optional(item.similarGroup)),
        ])
    }

    static func line(_ item: ItemRecord, thresholds: Thresholds) -> String {
        var tags: [String] = [item.kind.rawValue]
        if item.isScreenshot { tags.append("screenshot") }
        if item.isBigVideo(thresholds) { tags.append("big video") }
        if item.isOld(thresholds) { tags.append("old") }
        if let group = item.duplicateGroup { tags.append("duplicate #\(group)") }
        if let group = item.similarGroup { tags.append(group == item.id ? "similar #\(group), kept" : "similar #\(group)") }
        let date = item.capturedAt.map { "\($0) (\(item.dateSource.rawValue))" } ?? "no date"
        return "\(item.rawPath)  \(humanBytes(item.size))  \(date)  [\(tags.joined(separator: ", "))]"
    }
}
