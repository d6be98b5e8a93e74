import Hummingbird
import NIOCore

/// The request context of both fronts: Hummingbird's core storage and the address the request came from
/// (a phone's session holds only from the address it paired from).
/// The two ways in: the loopback (the computer) and the home-network address (a paired phone).
public enum Front: Sendable, Equatable {
    case loopback, phone
}

public struct WebContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    /// The peer's IP address, as the socket says (nil in HummingbirdTesting's router mode).
    public var remoteAddress: String?
    /// The front the request came in on (set by `FrontDoor`): where a route answers a phone otherwise.
    public var front: Front?

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress?.ipAddress
    }
}
