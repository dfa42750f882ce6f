/**
 * Labels from other tools as plain text: Qualtrics and SurveyJS labels carry HTML, and Canvass shows labels as
 * text (docs/moving-in.md). Markup is removed, `script` and `style` elements with their content, entities are
 * decoded (markup they spell is removed too), control characters dropped and white space collapsed. One pass over the text, without regular
 * expressions that could backtrack, so that a hostile label costs time in proportion to its length.
 */
export function plainText(html: string): string {
  const decoded = decodeEntities(withoutTags(html))
  // Markup written as entities (`&lt;script&gt;`) is markup once decoded: it goes too, never to be decoded again.
  const text = /<[a-z!/?]/i.test(decoded) ? withoutTags(decoded) : decoded
  return text
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
}

function withoutTags(html: string): string {
  const out: string[] = []
  const lower = html.toLowerCase()
  let at = 0
  while (at < html.length) {
    const open = html.indexOf('<', at)
    if (open === -1) {
      out.push(html.slice(at))
      break
    }
    out.push(html.slice(at, open))
    if (lower.startsWith('<!--', open)) {
      const close = html.indexOf('-->', open + 4)
      at = close === -1 ? html.length : close + 3
      continue
    }
    if (lower[open + 1] === '!' || lower[open + 1] === '?') {
      // A declaration (`<!doctype html>`, `<?xml ?>`) is no text.
      const close = html.indexOf('>', open + 1)
      at = close === -1 ? html.length : close + 1
      continue
    }
    const name = /^<\/?([a-z][a-z0-9]*)/.exec(lower.slice(open, open + 40))?.[1]
    if (name === undefined) {
      // A `<` that starts no tag is text ("a < b").
      out.push('<')
      at = open + 1
      continue
    }
    const close = tagEnd(html, open + 1)
    // A tag that never closes takes the rest with it: a browser would not show it either.
    if (close === -1) break
    if (RAW_TEXT.has(name) && lower[open + 1] !== '/') {
      const end = lower.indexOf(`</${name}`, close + 1)
      const endClose = end === -1 ? -1 : html.indexOf('>', end)
      at = endClose === -1 ? html.length : endClose + 1
      continue
    }
    // Line-breaking elements keep words apart once the tags are gone.
    out.push(BREAKING.has(name) ? ' ' : '')
    at = close + 1
  }
  return out.join('')
}

/** Where the tag opened before `from` ends: its `>` outside quoted attribute values, or -1. */
function tagEnd(html: string, from: number): number {
  let quote = ''
  for (let at = from; at < html.length; at++) {
    const char = html[at] as string
    if (quote !== '') {
      if (char === quote) quote = ''
    } else if (char === '"' || char === "'") quote = char
    else if (char === '>') return at
  }
  return -1
}

/** Elements whose content is code, not text: dropped with the element. */
const RAW_TEXT = new Set(['script', 'style', 'template', 'iframe', 'object', 'noscript', 'svg', 'math', 'textarea', 'title'])
const BREAKING = new Set(['br', 'p', 'div', 'li', 'ul', 'ol', 'tr', 'td', 'th', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'hr', 'table'])

const NAMED: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  ndash: '–',
  mdash: '—',
  hellip: '…',
  rsquo: '’',
  lsquo: '‘',
  rdquo: '”',
  ldquo: '“',
  copy: '©',
  reg: '®',
  euro: '€',
}

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]{2,8});/gi, (entity, body: string) => {
    if (body[0] !== '#') return NAMED[body.toLowerCase()] ?? entity
    const code = body[1] === 'x' || body[1] === 'X' ? Number.parseInt(body.slice(2), 16) : Number.parseInt(body.slice(1), 10)
    // Surrogates and code points past Unicode are not characters.
    if (code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return ''
    return String.fromCodePoint(code)
  })
}
