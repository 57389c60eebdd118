#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The URLs a server bound to `host` can be opened at. A wildcard address (`0.0.0.0`, `::`) is
/// no address to type into a browser: it stands for every address of this machine, which are
/// read from its network interfaces.
enum ListeningAddresses {
    /// Whether `host` is a wildcard: the server answers on every network of this machine.
    static func isWildcard(_ host: String) -> Bool {
        ["0.0.0.0", "::", "0:0:0:0:0:0:0:0", ""].contains(host)
    }

    /// One URL per address a browser can use: for a wildcard, each address of an interface that is
    /// up, IPv4 first (only IPv4 for `0.0.0.0`; link-local IPv6 addresses need a zone a URL cannot
    /// carry), and the loopback address when the machine has no other; else `host` itself.
    static func urls(host: String, port: Int, token: String?, scheme: String = "http") -> [String] {
        let hosts = isWildcard(host) ? localAddresses(includingIPv6: host != "0.0.0.0") : [host]
        let suffix = token.map { "?token=\($0)" } ?? ""
        return hosts.map { "\(scheme)://\($0.contains(":") ? "[\($0)]" : $0):\(port)/\(suffix)" }
    }

    /// This machine's addresses, loopback ones only when there is nothing else.
    static func localAddresses(includingIPv6: Bool) -> [String] {
        var first: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&first) == 0 else { return ["127.0.0.1"] }
        defer { freeifaddrs(first) }
        var v4: [String] = []
        var v6: [String] = []
        var entry = first
        while let current = entry {
            defer { entry = current.pointee.ifa_next }
            let flags = Int32(current.pointee.ifa_flags)
            guard flags & Int32(IFF_UP) != 0, flags & Int32(IFF_LOOPBACK) == 0, let address = current.pointee.ifa_addr else { continue }
            switch Int32(address.pointee.sa_family) {
            case AF_INET:
                var text = [CChar](repeating: 0, count: Int(INET_ADDRSTRLEN))
                var value = address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee.sin_addr }
                if inet_ntop(AF_INET, &value, &text, socklen_t(text.count)) != nil { v4.append(Self.string(text)) }
            case AF_INET6 where includingIPv6:
                var value = address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { $0.pointee.sin6_addr }
                // fe80::/10, link-local.
                let linkLocal = withUnsafeBytes(of: &value) { $0[0] == 0xFE && $0[1] & 0xC0 == 0x80 }
                var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
                if !linkLocal, inet_ntop(AF_INET6, &value, &text, socklen_t(text.count)) != nil { v6.append(Self.string(text)) }
            default:
                break
            }
        }
        let found = Array(Set(v4)).sorted() + Array(Set(v6)).sorted()
        return found.isEmpty ? ["127.0.0.1"] : found
    }

    /// The text `inet_ntop` wrote, up to its terminating zero.
    private static func string(_ text: [CChar]) -> String {
        String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
