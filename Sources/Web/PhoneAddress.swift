import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Which address `clean web --phone` serves the home network on: one private IPv4 address of this
/// machine (10/8, 172.16/12, 192.168/16), by default the one on the interface of the default route;
/// a loopback address (127/8, e.g. 127.0.0.2) is accepted for tests. A public address and 0.0.0.0
/// (every network at once) are refused.
public enum PhoneAddress {
    /// `text` checked: the address in dotted form, or an error saying what to give instead.
    public static func check(_ text: String) throws -> String {
        var address = in_addr()
        guard inet_pton(AF_INET, text, &address) == 1 else {
            if text.contains(":") {
                throw PhoneAddressError("\(text) is an IPv6 address; --address takes this machine's IPv4 address on the home network (such as 192.168.1.20)")
            }
            throw PhoneAddressError("\(text) is not an IPv4 address; give this machine's address on the home network (such as 192.168.1.20)")
        }
        let value = UInt32(bigEndian: address.s_addr)
        let octets = [value >> 24, value >> 16 & 0xff, value >> 8 & 0xff, value & 0xff]
        let dotted = octets.map(String.init).joined(separator: ".")
        if value == 0 {
            throw PhoneAddressError("0.0.0.0 would serve every network this machine is on at once; give its address on the home network (such as 192.168.1.20), or leave --address out to use the default route's")
        }
        guard kind(of: value) != nil else {
            throw PhoneAddressError("\(dotted) is not a private home-network address (10.x.x.x, 172.16–31.x.x, 192.168.x.x): photos would be served unencrypted to whoever reaches it; give this machine's address on the home network")
        }
        return dotted
    }

    /// What kind of address `value` (host order) is: private, loopback, or nil (anything else).
    static func kind(of value: UInt32) -> String? {
        let a = value >> 24, b = value >> 16 & 0xff
        if a == 10 || (a == 172 && (16...31).contains(b)) || (a == 192 && b == 168) { return "private" }
        if a == 127 { return "loopback" }
        return nil
    }

    /// The interface of the default route in `/proc/net/route` (destination 00000000, flags with
    /// RTF_UP and RTF_GATEWAY), the one with the lowest metric.
    public static func defaultInterface(routeTable: String) -> String? {
        let routes = routeTable.split(separator: "\n").dropFirst().compactMap { line -> (String, Int)? in
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard fields.count >= 7, fields[1] == "00000000", let flags = Int(fields[3], radix: 16), flags & 0x3 == 0x3,
                  let metric = Int(fields[6]) else { return nil }
            return (String(fields[0]), metric)
        }
        return routes.min { $0.1 < $1.1 }?.0
    }

    /// The address to serve: the default route's interface's first private IPv4 address among
    /// `interfaces` (name, dotted address), or an error saying to give one with --address.
    public static func choose(routeTable: String, interfaces: [(name: String, address: String)]) throws -> String {
        guard let name = defaultInterface(routeTable: routeTable) else {
            throw PhoneAddressError("this machine has no default route, so no home network to serve; connect it, or give an address with --address")
        }
        let candidates = interfaces.filter { $0.name == name }.map(\.address)
        for candidate in candidates {
            if let address = try? check(candidate), !address.hasPrefix("127.") { return address }
        }
        let found = candidates.isEmpty ? "no IPv4 address" : candidates.joined(separator: ", ")
        throw PhoneAddressError("the default route's interface \(name) has \(found), not a private home-network address; give one with --address")
    }

    /// The default address on this machine: `/proc/net/route` and `getifaddrs`.
    public static func system() throws -> String {
        let table = (try? String(contentsOfFile: "/proc/net/route", encoding: .utf8)) ?? ""
        return try choose(routeTable: table, interfaces: ipv4Interfaces())
    }

    /// This machine's IPv4 addresses by interface name.
    static func ipv4Interfaces() -> [(name: String, address: String)] {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0, let first = list else { return [] }
        defer { freeifaddrs(list) }
        var found: [(name: String, address: String)] = []
        for entry in sequence(first: first, next: { $0.pointee.ifa_next }) {
            guard let address = entry.pointee.ifa_addr, address.pointee.sa_family == sa_family_t(AF_INET) else { continue }
            var text = [CChar](repeating: 0, count: Int(INET_ADDRSTRLEN))
            var inet = address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee.sin_addr }
            guard inet_ntop(AF_INET, &inet, &text, socklen_t(text.count)) != nil else { continue }
            found.append((String(cString: entry.pointee.ifa_name), String(decoding: text.prefix { $0 != 0 }.map(UInt8.init), as: UTF8.self)))
        }
        return found
    }
}

public struct PhoneAddressError: Error, CustomStringConvertible, Equatable {
    public let description: String
    init(_ description: String) { self.description = description }
}
