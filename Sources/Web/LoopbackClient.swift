#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// The few HTTP/1.1 requests the command line sends its own running server on 127.0.0.1 (`clean web
/// link`): one request per connection, the whole answer read until the server closes it.
public enum LoopbackClient {
    public struct Answer: Sendable {
        public let status: Int
        public let body: String
    }

    /// Sends `method path` to 127.0.0.1:`port` with `headers` and `body`; waits at most `timeout` seconds.
    public static func send(port: Int, method: String, path: String, headers: [String: String] = [:], body: String = "",
                            timeout: Int = 10) throws -> Answer {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw failure("socket") }
        defer { close(fd) }
        var limit = timeval(tv_sec: timeout, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = in_addr_t(0x7F00_0001).bigEndian
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw failure("cannot connect to 127.0.0.1:\(port)") }
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\nContent-Length: \(body.utf8.count)\r\n"
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { head += "\(name): \(value)\r\n" }
        let request = Array((head + "\r\n" + body).utf8)
        var sent = 0
        while sent < request.count {
            let n = request[sent...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard n > 0 else { throw failure("cannot send to 127.0.0.1:\(port)") }
            sent += n
        }
        var answer: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16 << 10)
        while true {
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n == 0 { break }
            guard n > 0 else { throw failure("no answer from 127.0.0.1:\(port)") }
            answer += buffer[..<n]
            guard answer.count < 1 << 20 else { break }
        }
        let text = String(decoding: answer, as: UTF8.self)
        guard let end = text.range(of: "\r\n\r\n"), let statusLine = text[..<end.lowerBound].split(separator: "\r\n").first,
              let status = statusLine.split(separator: " ").dropFirst().first.flatMap({ Int($0) }) else {
            throw failure("127.0.0.1:\(port) did not answer in HTTP")
        }
        var body = String(text[end.upperBound...])
        if text[..<end.lowerBound].lowercased().contains("transfer-encoding: chunked") { body = dechunk(body) }
        return Answer(status: status, body: body)
    }

    static func dechunk(_ text: String) -> String {
        var rest = Substring(text), out = ""
        while let line = rest.range(of: "\r\n"), let size = Int(rest[..<line.lowerBound], radix: 16), size > 0 {
            let start = line.upperBound
            let bytes = Array(rest[start...].utf8)
            out += String(decoding: bytes.prefix(size), as: UTF8.self)
            rest = Substring(String(decoding: bytes.dropFirst(size + 2), as: UTF8.self))
        }
        return out
    }

    static func failure(_ what: String) -> WebStateError { WebStateError("\(what): \(String(cString: strerror(errno)))") }
}
