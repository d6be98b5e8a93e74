import App
import Foundation
import Hummingbird

/// `/api/v1/settings`: the Settings page's tier and limits, bad shots, big videos, old photos and theme,
/// written to the same file `clean config set` writes (each change laid over the defaults and checked
/// before anything is written; a bad one changes nothing and says why).
extension WebApp {
    func addSettingsAPI(to routes: Routes) {
        let backend = self.backend
        routes.get("api/v1/settings", .signedIn) { _, _ in try WebResponse.document(backend.settings()) }
        routes.post("api/v1/settings", .signedIn) { request, _ in
            let body = try await Self.body(SettingChange.self, of: request,
                                           hint: "{\"key\": \"player.tier\", \"value\": \"free\"} (a key the Settings page shows, a string, number or true/false)")
            do {
                return try WebResponse.document(backend.setSetting(key: body.key, value: body.value))
            } catch let error as WebError {
                throw error
            } catch {
                throw WebError(400, "\(error)")
            }
        }
    }
}

/// `{"key": KEY, "value": "text" | number | true/false}`: one setting, its value as `clean config set` reads it.
struct SettingChange: Decodable {
    let key: String
    let value: String

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        key = try container.decode(String.self, forKey: .key)
        if let flag = try? container.decode(Bool.self, forKey: .value) {
            value = String(flag)
        } else if let whole = try? container.decode(Int64.self, forKey: .value) {
            value = String(whole)
        } else if let number = try? container.decode(Double.self, forKey: .value) {
            value = String(number)
        } else {
            value = try container.decode(String.self, forKey: .value)
        }
    }

    private enum CodingKeys: String, CodingKey { case key, value }
}
