import Hummingbird
import NIOCore

/// The request context of both fronts: Hummingbird's core storage and the address the request came from
/// (a phone's session holds only from the address it paired from).
public struct WebContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    /// The peer's IP address, as the socket says (nil in HummingbirdTesting's router mode).
    public var remoteAddress: String?

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress?.ipAddress
    }
}
