import Foundation

/// A short name for a paired device, from its browser's User-Agent: the model an Android browser
/// names ("Pixel 7"), "iPhone" or "iPad", otherwise the system ("Android phone", "Linux", …).
public enum DeviceName {
    public static func short(userAgent: String?) -> String {
        guard let agent = userAgent, !agent.isEmpty else { return "unknown device" }
        for apple in ["iPhone", "iPad", "iPod"] where agent.contains(apple) { return apple }
        if let android = agent.range(of: "Android") {
            // "(Linux; Android 14; Pixel 7 Build/UQ1A…)": the part after the version, up to ")" or " Build/".
            let rest = agent[android.upperBound...]
            let parts = rest.prefix { $0 != ")" }.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            if parts.count > 1 {
                let model = parts[1].components(separatedBy: " Build/")[0]
                // Chrome's reduced User-Agent names every model "K".
                if model.count > 1, model.count <= 40 { return model }
            }
            return "Android phone"
        }
        for (token, name) in [("Windows", "Windows"), ("Macintosh", "Mac"), ("CrOS", "Chromebook"), ("Linux", "Linux")] where agent.contains(token) {
            return name
        }
        return "unknown device"
    }
}
