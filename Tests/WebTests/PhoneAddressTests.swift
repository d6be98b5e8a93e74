import Testing
@testable import Web

/// Which address `clean web --phone` may serve: a private IPv4 address (or a loopback one, for
/// tests); never a public one or 0.0.0.0; by default the default route's interface's.
@Suite struct PhoneAddressTests {
    @Test(arguments: ["192.168.1.20", "10.0.0.7", "172.16.0.1", "172.31.255.254", "127.0.0.2", "127.0.0.1"])
    func aPrivateOrLoopbackAddressIsAccepted(address: String) throws {
        #expect(try PhoneAddress.check(address) == address)
    }

    @Test(arguments: [
        ("0.0.0.0", "every network"), ("8.8.8.8", "not a private home-network address"), ("172.32.0.1", "not a private"),
        ("100.64.0.1", "not a private"), ("169.254.10.1", "not a private"), ("255.255.255.255", "not a private"),
        ("224.0.0.1", "not a private"), ("192.168.1", "not an IPv4 address"), ("fe80::1", "IPv6"), ("phone.local", "not an IPv4 address"),
    ])
    func aPublicAddressOrEveryAddressIsRefusedSayingWhatToGive(address: String, words: String) {
        let error = #expect(throws: PhoneAddressError.self) { try PhoneAddress.check(address) }
        #expect(error?.description.contains(words) == true && error?.description.contains("home network") == true, "\(String(describing: error))")
    }

    static let routes = """
        Iface\tDestination\tGateway \tFlags\tRefCnt\tUse\tMetric\tMask\t\tMTU\tWindow\tIRTT
        docker0\t000011AC\t00000000\t0001\t0\t0\t0\t0000FFFF\t0\t0\t0
        wlan0\t00000000\t0101A8C0\t0003\t0\t0\t600\t00000000\t0\t0\t0
        eth0\t00000000\t0100000A\t0003\t0\t0\t100\t00000000\t0\t0\t0
        eth0\t0000000A\t00000000\t0001\t0\t0\t100\t00FFFFFF\t0\t0\t0
        """

    @Test func theDefaultIsTheLowestMetricDefaultRoutesPrivateAddress() throws {
        #expect(PhoneAddress.defaultInterface(routeTable: Self.routes) == "eth0")
        let interfaces = [("lo", "127.0.0.1"), ("docker0", "172.17.0.1"), ("eth0", "10.0.0.7"), ("wlan0", "192.168.1.20")]
        #expect(try PhoneAddress.choose(routeTable: Self.routes, interfaces: interfaces.map { (name: $0.0, address: $0.1) }) == "10.0.0.7")
    }

    @Test func aDefaultRouteWithAPublicAddressOrNoneIsRefused() throws {
        let header = "Iface\tDestination\tGateway\tFlags\tRefCnt\tUse\tMetric\tMask\tMTU\tWindow\tIRTT\n"
        #expect(throws: PhoneAddressError.self) { try PhoneAddress.choose(routeTable: header, interfaces: [(name: "eth0", address: "192.168.1.2")]) }
        let route = header + "eth0\t00000000\t0100A8C0\t0003\t0\t0\t0\t00000000\t0\t0\t0\n"
        #expect(throws: PhoneAddressError.self) { try PhoneAddress.choose(routeTable: route, interfaces: [(name: "eth0", address: "81.2.69.160")]) }
        #expect(try PhoneAddress.choose(routeTable: route, interfaces: [(name: "eth0", address: "81.2.69.160"), (name: "eth0", address: "192.168.0.5")]) == "192.168.0.5")
    }
}
