/// Who may reach a route, declared with the route itself (`Routes`): the router matches a request to
/// a route first, and the route's access is then judged by the front it came in on (`LoopbackGate`,
/// `PhoneGate`). Nothing judges a request by the prefix of its path.
public enum Access: String, CaseIterable, Sendable {
    /// A page shell: public on the loopback (it holds nothing of the player's; `?token=` signs a
    /// browser in); a paired phone's cookie on the phone address.
    case page
    /// A static file (script, style, icon): as public as the page shells.
    case asset
    /// The JSON API: a signed-in page's secret or web.json's apiToken as `Authorization: Bearer`; on the
    /// phone address, the paired phone's secret from the address it paired from.
    case signedIn
    /// The API's changes only the computer makes (emptying the trash for good, choosing folders):
    /// signed-in on the loopback, 403 from a phone.
    case computer
    /// A preview: `Authorization: Bearer` as `signedIn`, or the page's media key (`?key=`).
    case media
    /// web.json's apiToken only (`clean web link` asks for new sign-in links with it).
    case script
    /// The desktop's own panel (paired phones): signed-in on the loopback, 403 from a phone.
    case loopback
    /// Pairing a phone: the phone address only (404 on the loopback).
    case pairing
}

/// Who a request's credentials name on the loopback.
enum Credential: Equatable {
    case none
    /// web.json's apiToken.
    case script
    /// A browser signed in with a link.
    case browser
}
