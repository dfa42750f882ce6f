import ipaddr from 'ipaddr.js'

/**
 * True only for a unicast address that is reachable on the public internet: the last line of defence
 * against webhooks aimed at the machine itself, its network or its cloud's metadata service (SSRF).
 *
 * Refused: every special-purpose range that ipaddr.js knows (loopback, RFC 1918 private, CGNAT
 * 100.64/10, link-local incl. 169.254.169.254, unique-local fc00::/7, multicast, broadcast, unspecified,
 * 0.0.0.0/8, 240/4, documentation, benchmarking, ORCHID, AS112, AMT, discard, site-local), every IPv6
 * address outside global unicast 2000::/3 (this catches the deprecated IPv4-compatible `::a.b.c.d`), Teredo
 * 2001::/32 (its embedded addresses are obfuscated), and the local-use NAT64 prefix 64:ff9b:1::/48 (its
 * embedding depends on the operator's prefix length, so no check could be sure).
 * Checked through the IPv4 address they embed: IPv4-mapped `::ffff:a.b.c.d`, IPv4-translated
 * `::ffff:0:a.b.c.d`, NAT64 `64:ff9b::a.b.c.d`, 6to4 `2002:AABB:CCDD::` and ISATAP interface ids.
 *
 * Only canonical text counts as an address: dotted decimal without leading zeros for IPv4, and IPv6 without a
 * zone id. Other spellings (`0x7f.1`, `0177.0.0.1`, `2130706433`) answer false, because another parser might
 * read them differently; a URL's host is already canonical after `new URL`.
 */
export function isPublicAddress(address: string): boolean {
  const ip = parseCanonical(address)
  return ip !== undefined && isPublic(ip)
}

/** True for any address `isPublicAddress` can judge: canonical IPv4 dotted decimal or IPv6 without zone. */
export function isIpAddress(address: string): boolean {
  return parseCanonical(address) !== undefined
}

type Ip = ipaddr.IPv4 | ipaddr.IPv6

function parseCanonical(address: string): Ip | undefined {
  if (CANONICAL_IPV4.test(address)) return ipaddr.IPv4.parse(address)
  if (!address.includes(':') || address.includes('%') || !ipaddr.IPv6.isValid(address)) return undefined
  return ipaddr.IPv6.parse(address)
}

/** Four decimal numbers 0–255 without leading zeros: what every IPv4 parser reads alike. */
const CANONICAL_IPV4 = /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/

function isPublic(ip: Ip): boolean {
  if (ip.kind() === 'ipv4') return ip.range() === 'unicast'
  const v6 = ip as ipaddr.IPv6
  const p = v6.parts as [number, number, number, number, number, number, number, number]
  switch (v6.range()) {
    case 'ipv4Mapped':
    case 'rfc6145':
      return isPublic(embedded(p[6], p[7]))
    case 'rfc6052':
      // 64:ff9b::/96 carries the IPv4 address in its last 32 bits; 64:ff9b:1::/48 is local use (refused).
      return p[2] === 0 && isPublic(embedded(p[6], p[7]))
    case '6to4':
      return isPublic(embedded(p[1], p[2]))
    case 'unicast':
      if ((p[0] & 0xe000) !== 0x2000) return false
      // ISATAP interface id (RFC 5214): 0000:5efe or 0200:5efe, then an IPv4 address.
      if ((p[4] & 0xfcff) === 0 && p[5] === 0x5efe) return isPublic(embedded(p[6], p[7]))
      return true
    default:
      return false
  }
}

function embedded(high: number, low: number): ipaddr.IPv4 {
  return new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff])
}
