#if canImport(Glibc)
    import Glibc
#endif

/// A block of IPv4 or IPv6 addresses written in CIDR notation
/// (`127.0.0.1/32`, `10.0.0.0/8`, `::1/128`; a bare address is one address).
public struct AddressRange: Sendable, Hashable, CustomStringConvertible {
    /// The network's address bytes (4 or 16).
    private let network: [UInt8]
    /// How many leading bits an address must share with `network`.
    private let prefixLength: Int
    /// As it was written.
    public let description: String

    /// Parses `text`; `nil` when it is no address, or the prefix length is
    /// not plain decimal digits (no sign, space or other form `Int` would
    /// also read: `-0` would otherwise trust every peer) in range for its family.
    public init?(_ text: String) {
        let parts = text.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        guard let bytes = Self.bytes(of: String(parts[0])) else { return nil }
        let bits = bytes.count * 8
        if parts.count == 2 {
            let digits = parts[1].utf8
            guard (1...3).contains(digits.count),
                digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
                let length = Int(parts[1]), (0...bits).contains(length)
            else {
                return nil
            }
            prefixLength = length
        } else {
            prefixLength = bits
        }
        network = bytes
        description = text
    }

    /// Whether the numeric address `address` (`HTTPRequest.remoteAddress`)
    /// is in this range; an IPv4 address never matches an IPv6 range nor
    /// the other way round.
    public func contains(_ address: String) -> Bool {
        guard let bytes = Self.bytes(of: address), bytes.count == network.count else { return false }
        var remaining = prefixLength
        for index in network.indices where remaining > 0 {
            let mask: UInt8 = remaining >= 8 ? 0xFF : ~(0xFF >> UInt8(remaining))
            guard bytes[index] & mask == network[index] & mask else { return false }
            remaining -= 8
        }
        return true
    }

    /// The bytes of a numeric IPv4 (4) or IPv6 (16) address.
    private static func bytes(of address: String) -> [UInt8]? {
        var v4 = in_addr()
        if inet_pton(AF_INET, address, &v4) == 1 {
            return withUnsafeBytes(of: &v4) { Array($0) }
        }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, address, &v6) == 1 {
            return withUnsafeBytes(of: &v6) { Array($0) }
        }
        return nil
    }
}
