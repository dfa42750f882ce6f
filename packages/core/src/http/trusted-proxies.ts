/**
 * The proxies whose forwarded headers Canvass believes (`CanvassOptions.trustProxy`, docs/deploying.md "Behind a
 * proxy"): IP addresses and CIDR ranges, IPv4 and IPv6, and `loopback` for 127.0.0.0/8 and ::1. A request is
 * from a proxy when the socket's address (`ConnectionInfo.clientAddress`) is in one of them; headers can be
 * written by anyone, the socket's address cannot.
 */

/** Whether a socket address is one of the trusted proxies. */
export type ProxyMatcher = (address: string | undefined) => boolean

/** Whether `entry` is a `trustProxy` entry: an IP address, a CIDR (`10.0.0.0/8`, `2001:db8::/32`) or `loopback`. */
export function isTrustProxyEntry(entry: string): boolean {
  return rangesOf(entry) !== undefined
}

/**
 * The matcher of `entries`, or undefined for none (no proxy is trusted, and nothing need be matched).
 * @throws {TypeError} naming the first entry that is not an address, a CIDR or `loopback`.
 */
export function trustedProxies(entries: readonly string[]): ProxyMatcher | undefined {
  if (!Array.isArray(entries)) throw new TypeError('trustProxy must be an array of IP addresses, CIDRs or "loopback"')
  const ranges: Range[] = []
  for (const entry of entries) {
    const parsed = typeof entry === 'string' ? rangesOf(entry) : undefined
    if (!parsed) {
      throw new TypeError(`trustProxy has an entry that is not an IP address, a CIDR or "loopback": ${JSON.stringify(entry)}`)
    }
    ranges.push(...parsed)
  }
  if (ranges.length === 0) return undefined
  return (address) => {
    if (address === undefined) return false
    const bytes = ipBytes(address.replace(/%.*$/, '').toLowerCase())
    return bytes !== undefined && ranges.some((range) => inRange(bytes, range))
  }
}

// ——— Internal helpers ————————————————————————————————————————————————————————————————————————————————————

interface Range {
  bytes: Uint8Array
  bits: number
}

const LOOPBACK: Range[] = [
  { bytes: new Uint8Array([127, 0, 0, 0]), bits: 8 },
  { bytes: new Uint8Array([...new Array(15).fill(0), 1]), bits: 128 },
]

function rangesOf(entry: string): Range[] | undefined {
  const text = entry.trim().toLowerCase()
  if (text === 'loopback') return LOOPBACK
  const slash = text.indexOf('/')
  const address = slash === -1 ? text : text.slice(0, slash)
  const bytes = ipBytes(address)
  if (!bytes) return undefined
  if (slash === -1) return [{ bytes, bits: bytes.length * 8 }]
  const length = text.slice(slash + 1)
  // An IPv4-mapped range (`::ffff:198.51.100.0/120`) is the IPv4 range, as its addresses are matched.
  const written = address.includes(':') ? 128 : 32
  const bits = Number(length) - (written - bytes.length * 8)
  if (!/^\d{1,3}$/.test(length) || Number(length) > written || bits < 0) return undefined
  return [{ bytes, bits }]
}

function inRange(bytes: Uint8Array, range: Range): boolean {
  if (bytes.length !== range.bytes.length) return false
  const whole = range.bits >> 3
  for (let index = 0; index < whole; index++) if (bytes[index] !== range.bytes[index]) return false
  const rest = range.bits & 7
  if (rest === 0) return true
  const mask = (0xff << (8 - rest)) & 0xff
  return ((bytes[whole] as number) & mask) === ((range.bytes[whole] as number) & mask)
}

/** The 4 or 16 bytes of an IP address, or undefined; an IPv4-mapped IPv6 address (`::ffff:192.0.2.1`) is its IPv4 address. */
function ipBytes(text: string): Uint8Array | undefined {
  if (!text.includes(':')) return ipv4Bytes(text)
  const bytes = ipv6Bytes(text)
  if (bytes?.subarray(0, 10).every((byte) => byte === 0) && bytes[10] === 0xff && bytes[11] === 0xff) return bytes.slice(12)
  return bytes
}

function ipv4Bytes(text: string): Uint8Array | undefined {
  const parts = text.split('.')
  // Leading zeros are refused: some parsers read them as octal.
  if (parts.length !== 4 || !parts.every((part) => /^(0|[1-9]\d{0,2})$/.test(part) && Number(part) <= 255)) return undefined
  return new Uint8Array(parts.map(Number))
}

function ipv6Bytes(text: string): Uint8Array | undefined {
  const halves = text.split('::')
  if (halves.length > 2) return undefined
  // An embedded IPv4 address (`::ffff:192.0.2.1`) is only the address's end.
  const groupsOf = (half: string, atEnd: boolean): number[] | undefined => {
    if (half === '') return []
    const groups: number[] = []
    const parts = half.split(':')
    for (const [index, part] of parts.entries()) {
      if (atEnd && index === parts.length - 1 && part.includes('.')) {
        const v4 = ipv4Bytes(part)
        if (!v4) return undefined
        groups.push(((v4[0] as number) << 8) | (v4[1] as number), ((v4[2] as number) << 8) | (v4[3] as number))
      } else if (/^[0-9a-f]{1,4}$/.test(part)) groups.push(Number.parseInt(part, 16))
      else return undefined
    }
    return groups
  }
  const head = groupsOf(halves[0] as string, halves.length === 1)
  const tail = halves.length === 2 ? groupsOf(halves[1] as string, true) : []
  if (!head || !tail) return undefined
  const missing = 8 - head.length - tail.length
  if (halves.length === 2 ? missing < 1 : missing !== 0) return undefined
  const groups = [...head, ...new Array<number>(halves.length === 2 ? missing : 0).fill(0), ...tail]
  const bytes = new Uint8Array(16)
  for (const [index, group] of groups.entries()) {
    bytes[index * 2] = group >> 8
    bytes[index * 2 + 1] = group & 0xff
  }
  return bytes
}
