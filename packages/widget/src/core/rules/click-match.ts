/** What the click rule reads of a DOM element, so that it runs on plain objects in tests. */
export interface ClickElement {
  matches(selector: string): boolean
  closest(selector: string): ClickElement | null
  innerHTML: string
  textContent: string | null
  parentElement: ClickElement | null
}

/** Ancestors of the clicked element tried for an inner-text-only rule (a click on an icon inside a button). */
const TEXT_DEPTH = 4

/**
 * Whether a click on `target` fires a click action: with a CSS selector, the target or its nearest ancestor
 * matching it (a click on an icon inside the button counts); with inner text, that element's HTML or its
 * trimmed text equal to it; with both, both. A selector the browser refuses never matches.
 */
export function clickMatches(target: ClickElement, selector: { cssSelector?: string; innerHtml?: string } | undefined): boolean {
  const css = selector?.cssSelector?.trim()
  const inner = selector?.innerHtml
  if (!css && !inner) return false
  if (css) {
    let element: ClickElement | null
    try {
      element = target.matches(css) ? target : target.closest(css)
    } catch {
      return false
    }
    return element !== null && (!inner || sameContent(element, inner))
  }
  let element: ClickElement | null = target
  for (let depth = 0; element && depth <= TEXT_DEPTH; depth++, element = element.parentElement) {
    if (sameContent(element, inner as string)) return true
  }
  return false
}

function sameContent(element: ClickElement, inner: string): boolean {
  return element.innerHTML === inner || (element.textContent ?? '').trim() === inner.trim()
}
