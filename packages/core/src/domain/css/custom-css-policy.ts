/**
 * What custom CSS may contain (docs/api.md, "Workspace custom CSS in v3"): the tables and the checks of one declaration
 * and one selector. Names are compared after CSS escapes are decoded and ASCII-lowercased, so that
 * `\62 ehavior` is `behavior` here as it is to a browser. Anything a table does not allow is removed with a
 * warning; `custom-css.ts` runs these over the parsed sheet.
 */
import type { CssNode, Declaration, Selector } from 'css-tree'
import generate from 'css-tree/generator'
import walk from 'css-tree/walker'
import { tokenTypes, tokenize } from 'css-tree/tokenizer'

export type CustomCssWarningCode =
  | 'import_removed'
  | 'font_face_removed'
  | 'external_resource_removed'
  | 'unsupported_at_rule_removed'
  | 'unsafe_property_removed'
  | 'unsafe_value_removed'
  | 'fixed_position_removed'
  | 'unsafe_selector_removed'

/** The survey's root element, which every selector is anchored to (the renderer's `#fbjs`). */
export const SURVEY_ROOT_ID = 'fbjs'

/** Properties removed wherever they appear: they run script in old browsers or name things page-wide. */
const UNSAFE_PROPERTIES = new Set([
  'behavior',
  '-ms-behavior',
  '-moz-binding',
  'view-transition-name',
  'view-transition-class',
  'anchor-name',
  'anchor-scope',
  'position-anchor',
  'position-area',
  'inset-area',
  'position-try',
  'position-try-fallbacks',
  'position-try-options',
  'scroll-timeline',
  'scroll-timeline-name',
  'view-timeline',
  'view-timeline-name',
  'timeline-scope',
  // The renderer decides which layer takes clicks; a survey must not turn its full-page layer into a shield.
  'pointer-events',
])

/** Functions that load a resource: every one is removed, `data:` and same-origin URLs included. */
const RESOURCE_FUNCTIONS = new Set(['url', 'src', 'image', 'image-set', '-webkit-image-set', 'cross-fade', '-webkit-cross-fade'])

/** Functions that run script in old browsers or read or paint other parts of the page. */
const UNSAFE_FUNCTIONS = new Set(['expression', 'attr', 'element', '-moz-element', '-webkit-canvas', 'anchor', 'anchor-size', 'env'])

/** `position` keeps the survey in its own layout: `fixed` (or anything computed) could cover the host page. */
const ALLOWED_POSITIONS = new Set(['static', 'relative', 'absolute', 'sticky', 'initial', 'unset', 'revert', 'revert-layer'])
/** `all` only resets: `all: inherit` could copy `position: fixed` from the host. */
const ALLOWED_ALL = new Set(['initial', 'unset', 'revert', 'revert-layer'])

/** Pseudo-classes that reach the host element or cannot be judged. */
const UNSAFE_PSEUDO_CLASSES = new Set(['host', 'host-context', 'scope', 'global', 'local', 'deep', 'state'])
/** Pseudo-elements that paint outside the survey (the top layer, page transitions) or reach into other trees. */
const UNSAFE_PSEUDO_ELEMENTS = new Set([
  'backdrop',
  'view-transition',
  'view-transition-group',
  'view-transition-image-pair',
  'view-transition-old',
  'view-transition-new',
  'picker',
  'slotted',
  'part',
  'cue',
  'cue-region',
])
const ALLOWED_COMBINATORS = new Set([' ', '>', '+', '~'])

/** A name as a browser reads it: CSS escapes decoded, ASCII-lowercased. */
export function cssName(raw: string): string {
  const decoded = raw.replace(
    /\\(?:([0-9a-fA-F]{1,6})[ \t\n\r\f]?|([^\n\r\f]))/g,
    (_, hex: string | undefined, char: string | undefined) => {
      if (hex === undefined) return char ?? ''
      const code = Number.parseInt(hex, 16)
      return code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff) ? '\ufffd' : String.fromCodePoint(code)
    },
  )
  return decoded.replace(/[A-Z]/g, (char) => char.toLowerCase())
}

export interface PolicyFinding {
  code: CustomCssWarningCode
  reason: string
}

/** Why a declaration is removed, or null when it stays. `name` of a construct only, never the source's value. */
export function checkDeclaration(declaration: Declaration): PolicyFinding | null {
  const property = cssName(declaration.property)
  if (UNSAFE_PROPERTIES.has(property)) return { code: 'unsafe_property_removed', reason: `${property} is not allowed in custom CSS.` }
  const found = findUnsafeValue(declaration.value)
  if (found) return found
  if (property === 'position' || property === 'all') {
    const words = keywordsOf(declaration.value)
    const allowed = property === 'position' ? ALLOWED_POSITIONS : ALLOWED_ALL
    if (words === null || words.length !== 1 || !allowed.has(words[0] as string)) {
      return { code: 'fixed_position_removed', reason: `${property} may only take ${[...allowed].join(', ')}.` }
    }
  }
  return null
}

/** The first resource or unsafe function in a value or an at-rule's condition, or null. */
export function findUnsafeValue(node: CssNode | null | undefined): PolicyFinding | null {
  if (!node) return null
  let finding: PolicyFinding | null = null
  walk(node, (child) => {
    if (finding) return
    if (child.type === 'Url') finding = resourceFinding('url')
    else if (child.type === 'Function') finding = functionFinding(cssName(child.name))
    else if (child.type === 'Raw') finding = rawFinding(child.value)
  })
  return finding
}

/** A stretch css-tree kept as text (a custom property's value): its function and URL tokens are checked too. */
function rawFinding(text: string): PolicyFinding | null {
  let finding: PolicyFinding | null = null
  tokenize(text, (type, start, end) => {
    if (finding) return
    if (type === tokenTypes.Url || type === tokenTypes.BadUrl) finding = resourceFinding('url')
    else if (type === tokenTypes.Function) finding = functionFinding(cssName(text.slice(start, end - 1)))
  })
  return finding
}

function functionFinding(name: string): PolicyFinding | null {
  if (RESOURCE_FUNCTIONS.has(name)) return resourceFinding(name)
  if (UNSAFE_FUNCTIONS.has(name)) return { code: 'unsafe_value_removed', reason: `${name}() is not allowed in custom CSS.` }
  return null
}

const resourceFinding = (name: string): PolicyFinding => ({
  code: 'external_resource_removed',
  reason: `${name}() loads a resource; custom CSS loads nothing, so it was removed.`,
})

/** The value's keywords when it is only keywords; null when anything else (`var()`, a number) is in it. */
function keywordsOf(value: CssNode): string[] | null {
  if (value.type === 'Raw') return null
  const words: string[] = []
  let other = false
  walk(value, (child) => {
    if (child.type === 'Identifier') words.push(cssName(child.name))
    else if (child.type !== 'Value') other = true
  })
  return other ? null : words
}

export type ScopedSelector = { ok: true; text: string } | { ok: false; reason: string }

const REASONS = {
  outsideRoot: 'Selectors cannot depend on elements outside the survey.',
  siblingOfRoot: 'Sibling combinators cannot reach elements next to the survey.',
  rootInArgument: ':root, html and body are only allowed at the start of a selector.',
  nesting: 'Nested rules (&) are not supported; write the rule at the top level.',
  combinator: 'Only the descendant, >, + and ~ combinators are supported.',
  namespace: 'Namespace selectors are not supported.',
  malformed: 'This selector cannot be scoped to the survey.',
} as const

/**
 * A top-level selector scoped to the survey root: `:root`, `html`, `body` and `#fbjs` at its start become
 * `#fbjs` (`body > p` → `#fbjs > p`), any other selector gets `#fbjs ` in front, and dark CSS anchors on
 * `#fbjs[data-appearance="dark"]`. Removed: a root alias anywhere else, a sibling step off the root itself, and
 * anything `checkComponent` refuses. Scoping an already scoped selector gives it back unchanged.
 */
export function scopeSelector(selector: Selector, dark: boolean): ScopedSelector {
  const compounds: CssNode[][] = [[]]
  const combinators: string[] = []
  for (const component of selector.children.toArray()) {
    if (component.type === 'Combinator') {
      combinators.push(component.name)
      compounds.push([])
    } else (compounds[compounds.length - 1] as CssNode[]).push(component)
  }
  if (compounds.some((compound) => compound.length === 0)) return { ok: false, reason: REASONS.malformed }
  for (const combinator of combinators) if (!ALLOWED_COMBINATORS.has(combinator)) return { ok: false, reason: REASONS.combinator }
  for (const compound of compounds) {
    for (const component of compound) {
      const refused = checkComponent(component)
      if (refused) return { ok: false, reason: refused }
    }
  }
  const anchorAt = compounds.findIndex((compound) => compound.some(isRootAlias))
  if (anchorAt > 0) return { ok: false, reason: REASONS.outsideRoot }
  const anchored = anchorAt === 0
  const first = compounds[0] as CssNode[]
  if (anchored && (isSibling(combinators[0]) || first.some(readsSiblings))) return { ok: false, reason: REASONS.siblingOfRoot }
  const extras = anchored ? first.filter((component) => !isRootAlias(component) && component.type !== 'TypeSelector') : []
  if (
    anchored &&
    first.some((component) => component.type === 'TypeSelector' && !isRootAlias(component) && cssName(component.name) !== '*')
  ) {
    // `div:root` or `html div` in one compound: the root is a `div`, never an `html`, so this matches nothing useful.
    return { ok: false, reason: REASONS.malformed }
  }
  const anchor = `#${SURVEY_ROOT_ID}${dark && !extras.some(isDarkAttribute) ? '[data-appearance="dark"]' : ''}${extras.map((node) => generate(node)).join('')}`
  const rest = anchored ? compounds.slice(1) : compounds
  const restCombinators = anchored ? combinators : [' ', ...combinators]
  let text = anchor
  rest.forEach((compound, index) => {
    const combinator = restCombinators[index] as string
    text += combinator === ' ' ? ' ' : combinator
    text += compound.map((node) => generate(node)).join('')
  })
  return { ok: true, text }
}

function isRootAlias(node: CssNode): boolean {
  if (node.type === 'IdSelector') return cssName(node.name) === SURVEY_ROOT_ID
  if (node.type === 'PseudoClassSelector') return cssName(node.name) === 'root'
  if (node.type === 'TypeSelector') return ['html', 'body'].includes(cssName(node.name))
  return false
}

const isSibling = (combinator: string | undefined) => combinator === '+' || combinator === '~'

function isDarkAttribute(node: CssNode): boolean {
  if (node.type !== 'AttributeSelector' || cssName(node.name.name) !== 'data-appearance' || node.matcher !== '=') return false
  const value = node.value
  return (value?.type === 'String' && value.value === 'dark') || (value?.type === 'Identifier' && value.name === 'dark')
}

/** `:has(+ …)` or `:has(~ …)`: reads the siblings of the element it is on. */
function readsSiblings(node: CssNode): boolean {
  if (node.type !== 'PseudoClassSelector' || !node.children) return false
  let found = false
  walk(node, (child) => {
    if (child.type === 'Selector') {
      const head = child.children.first
      if (head?.type === 'Combinator' && isSibling(head.name)) found = true
    }
  })
  return found
}

/** Why one simple selector is refused (its arguments included), or null. */
function checkComponent(node: CssNode): string | null {
  let refused: string | null = null
  walk(node, (child) => {
    if (refused) return
    if (child.type === 'NestingSelector') refused = REASONS.nesting
    else if ((child.type === 'TypeSelector' || child.type === 'AttributeSelector') && hasNamespace(child)) refused = REASONS.namespace
    else if (child.type === 'PseudoClassSelector' && UNSAFE_PSEUDO_CLASSES.has(cssName(child.name)))
      refused = `:${cssName(child.name)} is not supported.`
    else if (child.type === 'PseudoElementSelector' && UNSAFE_PSEUDO_ELEMENTS.has(cssName(child.name)))
      refused = `::${cssName(child.name)} is not supported.`
    else if (child !== node && isRootAlias(child)) refused = REASONS.rootInArgument
    else if (child.type === 'Combinator' && !ALLOWED_COMBINATORS.has(child.name)) refused = REASONS.combinator
    else if (child.type === 'Raw' && rawFinding(child.value)) refused = REASONS.malformed
  })
  return refused
}

function hasNamespace(node: CssNode): boolean {
  const name = node.type === 'TypeSelector' ? node.name : node.type === 'AttributeSelector' ? node.name.name : ''
  return name.includes('|')
}
