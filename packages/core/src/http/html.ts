/**
 * HTML answers (link survey pages): escaping for text and attributes, JSON that is safe inside a `<script>`
 * element, and the headers every such page carries — a Content Security Policy whose per-request nonce is
 * the only way a script or style runs, never sniffed, never cached.
 */
import { SAFE_HEADERS } from './respond'

/** `text` safe as HTML text and as a double-quoted attribute value. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
}

/**
 * `value` as JSON for a `<script type="application/json">` element: `<`, `>` and `&` are escaped as `\u…`
 * (JSON.parse reads them back), so no string in it can end the element (`</script>`) or open a comment; the
 * line separators JavaScript once refused are escaped as well.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`)
}

/** A fresh CSP nonce: 16 random bytes, base64. */
export function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary)
}

/**
 * The policy of a page: nothing loads but from the server itself (scripts and styles only with the nonce),
 * images also as `data:` and from https (a survey's pictures), no plugins, no `<base>` tricks, forms only
 * back to the server.
 */
export function pagePolicy(nonce: string): string {
  return [
    "default-src 'none'",
    `script-src 'self' 'nonce-${nonce}'`,
    `style-src 'self' 'nonce-${nonce}'`,
    "img-src 'self' data: https:",
    "connect-src 'self'",
    "form-action 'self'",
    "base-uri 'none'",
    "object-src 'none'",
  ].join('; ')
}

/** An HTML answer with the page headers (and `extra` ones, such as `Retry-After`). */
export function htmlResponse(status: number, body: string, nonce: string, extra: Record<string, string> = {}): Response {
  return new Response(body, {
    status,
    headers: {
      ...extra,
      'content-type': 'text/html; charset=utf-8',
      ...SAFE_HEADERS,
      'content-security-policy': pagePolicy(nonce),
      // A link may carry a single-use id: pictures from other sites must not learn it.
      'referrer-policy': 'no-referrer',
    },
  })
}
