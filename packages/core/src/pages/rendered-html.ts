/**
 * HTML that Preact rendered, written as the pages write their own: every `&`, `<`, `>`, `"` and `'` of a text or
 * an attribute value as a numeric reference (`escapeHtml`'s form), and an empty attribute as `name=""`. Preact
 * leaves `>` and `'` as they are and writes named references, which a browser reads the same; one form keeps a
 * page one page, whichever part of it wrote a text.
 *
 * It reads the markup renderToString writes: `<` is always escaped in a text, `"` always in a value, and no
 * element holds raw text (no `<style>` or `<script>`).
 */
import { escapeHtml } from '../http/html'

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }

const decode = (text: string) =>
  text.replace(/&(?:#(\d+)|([a-z]+));/g, (whole, code: string | undefined, name: string | undefined) =>
    code ? String.fromCharCode(Number(code)) : (NAMED[name ?? ''] ?? whole),
  )

const rewrite = (text: string) => escapeHtml(decode(text))

/** `html` (renderToString's) with its texts and attribute values in `escapeHtml`'s form. */
export function renderedHtml(html: string): string {
  let out = ''
  let at = 0
  while (at < html.length) {
    const open = html.indexOf('<', at)
    if (open === -1) {
      out += rewrite(html.slice(at))
      break
    }
    out += rewrite(html.slice(at, open))
    const end = tagEnd(html, open)
    out += tag(html.slice(open, end))
    at = end
  }
  return out
}

/** Where the tag that starts at `open` ends: its `>`, outside any quoted value. */
function tagEnd(html: string, open: number): number {
  let quoted = false
  for (let at = open + 1; at < html.length; at++) {
    const char = html[at]
    if (char === '"') quoted = !quoted
    else if (char === '>' && !quoted) return at + 1
  }
  return html.length
}

/** A tag with its values rewritten and its bare attributes given an empty value. */
function tag(text: string): string {
  if (text.startsWith('</') || text.startsWith('<!')) return text
  return text.replace(
    /(\s)([^\s="'<>/]+)(?:="([^"]*)")?(?=[\s/>])/g,
    (_, space: string, name: string, value: string | undefined) => `${space}${name}="${value === undefined ? '' : rewrite(value)}"`,
  )
}
