import { isIpAddress, isPublicAddress } from './address-policy'

/** A webhook URL that may be tried, or why not. */
export type WebhookUrlCheck =
  | {
      ok: true
      url: URL
      /** The host as connections and certificates see it: lowercase, IPv6 without brackets. */
      hostname: string
      /** The port, the scheme's default when the URL names none. */
      port: number
      /** True when `hostname` is an IP address, so there is nothing to resolve. */
      isIpAddress: boolean
    }
  | { ok: false; errorClass: 'invalid_url' | 'blocked_address'; message: string }

export interface CheckWebhookUrlOptions {
  /**
   * Accepts loopback, private and other non-public literal addresses and loopback names (local
   * development, tests).
   * @default false
   */
  allowPrivateAddresses?: boolean
}

/**
 * What allows a non-public webhook address, said wherever one is refused so that a developer with a receiver on
 * their own machine learns the option (docs/webhooks-and-uploads.md): the library's and the standalone server's.
 * Short enough that the create route's message stays whole under the 200 characters a validation detail keeps.
 */
export const PRIVATE_WEBHOOK_ADDRESSES_OPTION =
  'allowed for local development by webhooks: { allowPrivateAddresses: true }, or CANVASS_ALLOW_PRIVATE_WEBHOOK_URLS=1 on the server'

/**
 * The checks a webhook URL passes before any network use, at webhook creation and at every attempt
 * (docs/design.md, "Events and webhooks"): an absolute `http:`/`https:` URL without credentials whose host is not a literal non-public
 * address (`127.0.0.1`, `[::1]`, `10.0.0.1`, and every spelling the URL parser turns into one, such as
 * `2130706433` or `0x7f.1`) and not a loopback name (`isLoopbackName`).
 * Host names are not resolved here: a transport that resolves them checks every address it gets.
 */
export function checkWebhookUrl(input: string, options: CheckWebhookUrlOptions = {}): WebhookUrlCheck {
  let url: URL
  try {
    url = new URL(input)
  } catch {
    return { ok: false, errorClass: 'invalid_url', message: 'not an absolute URL' }
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { ok: false, errorClass: 'invalid_url', message: `scheme ${url.protocol} is not http: or https:` }
  }
  // fetch refuses URLs with credentials, so no transport could send them alike.
  if (url.username !== '' || url.password !== '') {
    return { ok: false, errorClass: 'invalid_url', message: 'URL carries a user name or password' }
  }
  const hostname = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname
  const isIp = isIpAddress(hostname)
  const port = url.port === '' ? (url.protocol === 'https:' ? 443 : 80) : Number(url.port)
  if (!options.allowPrivateAddresses) {
    if (isIp && !isPublicAddress(hostname)) {
      return {
        ok: false,
        errorClass: 'blocked_address',
        message: `${hostname} is not a public address (${PRIVATE_WEBHOOK_ADDRESSES_OPTION})`,
      }
    }
    if (isLoopbackName(hostname)) {
      return { ok: false, errorClass: 'blocked_address', message: `${hostname} is a loopback name (${PRIVATE_WEBHOOK_ADDRESSES_OPTION})` }
    }
  }
  return { ok: true, url, hostname, port, isIpAddress: isIp }
}

/** The loopback names of the hosts files of common systems, besides `localhost` itself. */
const HOSTS_FILE_LOOPBACK = new Set(['localhost.localdomain', 'localhost6', 'localhost6.localdomain6', 'ip6-localhost', 'ip6-loopback'])

/**
 * Whether a host name is loopback by definition or on every common system: `localhost` and every name under
 * `.localhost` (RFC 6761), and the loopback names of common hosts files; in any case, with trailing dots.
 */
function isLoopbackName(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.+$/, '')
  return name === 'localhost' || name.endsWith('.localhost') || HOSTS_FILE_LOOPBACK.has(name)
}
