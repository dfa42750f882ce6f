/**
 * The survey's HTML texts (welcome card, CTA, consent, date) as Preact nodes: parsed into an inert document
 * (nothing runs, nothing loads) and rebuilt from a short list of text elements. Attributes are dropped but a
 * link's `href`, which must be http, https or mailto; headings become bold paragraphs so that the card's own
 * heading stays the only one.
 */
import type { ComponentChild } from 'preact'
import { h } from 'preact'
import { useMemo } from 'preact/hooks'

const KEPT = new Set(['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'a', 'ul', 'ol', 'li', 'span', 'div', 'blockquote', 'code'])
const HEADINGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6'])
/** Elements whose content is never text to show. */
const DROPPED = new Set(['script', 'style', 'template', 'iframe', 'object', 'embed', 'noscript', 'svg', 'math', 'head', 'title'])

export function RichText({ html, id }: { html: string; id?: string }) {
  const nodes = useMemo(() => toNodes(html), [html])
  if (html.trim() === '') return null
  return (
    <div class="cv-rich cv-subheader" id={id}>
      {nodes}
    </div>
  )
}

function toNodes(html: string): ComponentChild[] {
  if (!/[<&]/.test(html)) return [html]
  const doc = new DOMParser().parseFromString(html, 'text/html')
  return [...doc.body.childNodes].map(convert)
}

function convert(node: Node): ComponentChild {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent
  if (node.nodeType !== Node.ELEMENT_NODE) return null
  const element = node as Element
  const tag = element.tagName.toLowerCase()
  if (DROPPED.has(tag)) return null
  const children = [...element.childNodes].map(convert)
  if (HEADINGS.has(tag)) return h('p', null, h('strong', null, children))
  if (!KEPT.has(tag)) return children
  if (tag === 'a') {
    const href = safeHref(element.getAttribute('href'))
    return href ? h('a', { href, target: '_blank', rel: 'noopener noreferrer' }, children) : h('span', null, children)
  }
  return h(tag, null, children)
}

function safeHref(href: string | null): string | undefined {
  if (!href) return undefined
  try {
    const url = new URL(href)
    return url.protocol === 'https:' || url.protocol === 'http:' || url.protocol === 'mailto:' ? url.href : undefined
  } catch {
    return undefined
  }
}
