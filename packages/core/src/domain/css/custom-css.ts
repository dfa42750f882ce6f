/**
 * Custom CSS of a workspace or a survey (docs/api.md, "Workspace custom CSS in v3", "Survey custom CSS in v3"): the
 * source a caller writes (`light`, and `dark` overrides) turned into CSS that can only style the survey. It runs on
 * the server, on every save and preview; the widget and the link page only insert what it produced, inside the
 * survey's shadow root.
 *
 * Refused whole (an error, nothing saved): a syntax error, source over its budget, shapes over a limit.
 * Removed with a warning (the rest applies): `@import`, `@font-face` and every at-rule but `@media`,
 * `@supports`, `@container` and `@keyframes`; every resource function (`url()` of any origin, `data:`
 * included), script and page-reading functions; unsafe properties and `position: fixed`; selectors that could
 * match outside the survey. Every selector left is anchored at `#fbjs`, every declaration made `!important`,
 * and no `</` survives into the output, so it cannot end a `<style>` element it is put in.
 */
import type { Atrule, CssNode, Declaration, Rule } from 'css-tree'
import generate from 'css-tree/generator'
import parse from 'css-tree/parser'
import { tokenTypes, tokenize } from 'css-tree/tokenizer'
import type { StoredCustomCss } from '../../ports/storage/index'
import { type CustomCssWarningCode, checkDeclaration, cssName, findUnsafeValue, scopeSelector } from './custom-css-policy'

export type CustomCssScope = 'workspace' | 'survey'
export type CustomCssAppearance = 'light' | 'dark'

/** Custom CSS as a caller writes it; `null` (or blank) is no CSS. */
export interface CustomCssSource {
  light: string | null
  dark: string | null
}

export type CustomCssErrorCode = 'syntax_error' | 'source_too_large' | 'output_too_large' | 'limit_exceeded' | 'processing_failed'

/** Something removed (`CustomCssWarningCode`) or refused (`CustomCssErrorCode`), with where it is in its field. */
export interface CustomCssIssue<Code extends string> {
  code: Code
  scope: CustomCssScope
  appearance: CustomCssAppearance | null
  line: number | null
  column: number | null
  reason: string
}

export type CustomCssWarning = CustomCssIssue<CustomCssWarningCode>
export type CustomCssError = CustomCssIssue<CustomCssErrorCode>

export type CustomCssResult =
  | { ok: true; compiled: CustomCssSource; warnings: CustomCssWarning[] }
  | { ok: false; errors: CustomCssError[] }

/** Bumped whenever what the processor accepts or prints changes: stored output of another version is compiled again. */
export const CUSTOM_CSS_PROCESSOR_VERSION = 1

/** UTF-8 bytes of `light` and `dark` together. */
export const CUSTOM_CSS_MAX_SOURCE_BYTES: Record<CustomCssScope, number> = { workspace: 100_000, survey: 20_000 }
/** Characters of one field in a request body; longer is a 400 before anything is parsed. */
export const CUSTOM_CSS_MAX_FIELD_CHARS = 100_000
/** Blocks nested in each other (`@media { .a { } }` is 2), and brackets nested in one value or prelude. */
const MAX_BLOCK_DEPTH = 8
const MAX_BRACKET_DEPTH = 16
/** Rules of both fields together, at-rule blocks and keyframes included. */
const MAX_RULES = 2_000
/** Selectors in one list; compound selectors in one selector. */
const MAX_SELECTOR_LIST = 64
const MAX_COMPOUNDS = 20
/** Warnings listed; the rest are still removed. */
export const CUSTOM_CSS_MAX_ISSUES = 50

/** Blank is none: what is stored and compared is the source with blank fields as `null`. */
export function normalizeCustomCss(source: CustomCssSource | null): CustomCssSource | null {
  if (source === null) return null
  const field = (text: string | null) => (text === null || text.trim() === '' ? null : text)
  const normalized = { light: field(source.light), dark: field(source.dark) }
  return normalized.light === null && normalized.dark === null ? null : normalized
}

/**
 * Whether stored CSS is served: `ok`, `stale` (compiled by another processor version: served compiled again
 * from its source) or `withheld` (its source no longer passes: nothing is served until it is saved again).
 */
export function customCssHealth(
  stored: StoredCustomCss | null,
  scope: CustomCssScope = 'workspace',
): { status: 'ok' | 'stale'; compiled: CustomCssSource | null } | { status: 'withheld'; errors: CustomCssError[] } {
  if (stored === null) return { status: 'ok', compiled: null }
  if (stored.processorVersion === CUSTOM_CSS_PROCESSOR_VERSION) return { status: 'ok', compiled: stored.compiled }
  const again = processCustomCss(stored.source, scope)
  return again.ok ? { status: 'stale', compiled: again.compiled } : { status: 'withheld', errors: again.errors }
}

/**
 * The survey's own compiled CSS as the widget and its link page get it (docs/api.md, "Survey custom CSS in v3"),
 * on the survey beside the workspace's on the project: `{customCss}`, or nothing when it has none to serve.
 */
export function deliveredSurveyCss(survey: { customCss?: StoredCustomCss | null }): { customCss?: CustomCssSource } {
  const health = customCssHealth(survey.customCss ?? null, 'survey')
  return health.status !== 'withheld' && health.compiled !== null ? { customCss: health.compiled } : {}
}

/** Processes both fields for `scope`; `light` applies in both appearances, `dark` only in dark. */
export function processCustomCss(source: CustomCssSource, scope: CustomCssScope): CustomCssResult {
  const bytes = utf8Length(source.light ?? '') + utf8Length(source.dark ?? '')
  const budget = CUSTOM_CSS_MAX_SOURCE_BYTES[scope]
  if (bytes > budget) {
    return {
      ok: false,
      errors: [issue('source_too_large', scope, null, null, `The CSS is ${bytes} bytes; at most ${budget} are allowed.`)],
    }
  }
  const warnings: CustomCssWarning[] = []
  const counter = { rules: 0 }
  const compiled: CustomCssSource = { light: null, dark: null }
  try {
    for (const appearance of ['light', 'dark'] as const) {
      const text = source[appearance]
      if (text === null || text.trim() === '') continue
      const field = compileField(text, { scope, appearance, warnings, counter })
      // The output read back must be its own result, with nothing left to remove: what is served is what was checked.
      const check = compileField(field, { scope, appearance, warnings: [], counter: { rules: 0 } })
      if (check !== field) throw new Rejection('processing_failed', 'The CSS could not be processed.', null)
      if (field.length > budget * 3) throw new Rejection('output_too_large', 'The processed CSS is too large.', null)
      compiled[appearance] = field === '' ? null : field
    }
  } catch (error) {
    if (!(error instanceof Rejection)) throw error
    return { ok: false, errors: [issue(error.code, scope, error.appearance, error.location, error.message)] }
  }
  return { ok: true, compiled, warnings: warnings.slice(0, CUSTOM_CSS_MAX_ISSUES) }
}

interface FieldContext {
  scope: CustomCssScope
  appearance: CustomCssAppearance
  warnings: CustomCssWarning[]
  counter: { rules: number }
}

type Location = { line: number; column: number } | null

class Rejection extends Error {
  constructor(
    readonly code: CustomCssErrorCode,
    message: string,
    readonly location: Location,
    readonly appearance: CustomCssAppearance | null = null,
  ) {
    super(message)
  }
}

function compileField(text: string, ctx: FieldContext): string {
  prescan(text, ctx.appearance)
  let syntax: Rejection | null = null
  const sheet = parse(text, {
    positions: true,
    parseCustomProperty: true,
    onParseError: (error) => {
      syntax ??= new Rejection('syntax_error', error.message, { line: error.line, column: error.column }, ctx.appearance)
    },
  })
  if (syntax) throw syntax
  const out = sheet.type === 'StyleSheet' ? compileRules(sheet.children.toArray(), ctx) : ''
  // `</` would end a `<style>` element; `<\/` means the same to CSS (an escaped `/`) and nothing to HTML.
  return out.replace(/<\//g, '<\\/')
}

/** Before parsing: braces balanced, and nesting within the limits (a parser recurses on it). */
function prescan(text: string, appearance: CustomCssAppearance): void {
  const stack: number[] = []
  let blocks = 0
  let brackets = 0
  let failure: Rejection | null = null
  tokenize(text, (type, start) => {
    if (failure) return
    const where = { line: 0, column: start }
    if (type === tokenTypes.LeftCurlyBracket) {
      blocks++
      if (blocks > MAX_BLOCK_DEPTH)
        failure = new Rejection('limit_exceeded', `Blocks are nested more than ${MAX_BLOCK_DEPTH} deep.`, where, appearance)
    } else if (type === tokenTypes.LeftParenthesis || type === tokenTypes.LeftSquareBracket || type === tokenTypes.Function) {
      brackets++
      if (brackets > MAX_BRACKET_DEPTH)
        failure = new Rejection('limit_exceeded', `Brackets are nested more than ${MAX_BRACKET_DEPTH} deep.`, where, appearance)
    }
    if (
      type === tokenTypes.LeftCurlyBracket ||
      type === tokenTypes.LeftParenthesis ||
      type === tokenTypes.LeftSquareBracket ||
      type === tokenTypes.Function
    ) {
      stack.push(type)
    } else if (type === tokenTypes.RightCurlyBracket || type === tokenTypes.RightParenthesis || type === tokenTypes.RightSquareBracket) {
      const open = stack.pop()
      const expected =
        type === tokenTypes.RightCurlyBracket
          ? [tokenTypes.LeftCurlyBracket]
          : type === tokenTypes.RightSquareBracket
            ? [tokenTypes.LeftSquareBracket]
            : [tokenTypes.LeftParenthesis, tokenTypes.Function]
      if (open === undefined || !expected.includes(open))
        failure = new Rejection('syntax_error', 'This bracket closes nothing.', where, appearance)
      else if (open === tokenTypes.LeftCurlyBracket) blocks--
      else brackets--
    } else if (type === tokenTypes.BadString || type === tokenTypes.BadUrl) {
      failure = new Rejection('syntax_error', 'This string or URL is not closed.', where, appearance)
    }
  })
  if (failure) {
    const found = failure as Rejection
    throw new Rejection(found.code, found.message, locate(text, found.location?.column ?? 0), appearance)
  }
  if (stack.length > 0)
    throw new Rejection(
      'syntax_error',
      'A block or bracket is never closed; a } or ) is probably missing.',
      locate(text, text.length),
      appearance,
    )
}

function compileRules(rules: CssNode[], ctx: FieldContext): string {
  let out = ''
  for (const node of rules) {
    if (++ctx.counter.rules > MAX_RULES)
      throw new Rejection('limit_exceeded', `There are more than ${MAX_RULES} rules.`, where(node), ctx.appearance)
    if (node.type === 'Rule') out += compileStyleRule(node, ctx)
    else if (node.type === 'Atrule') out += compileAtrule(node, ctx)
  }
  return out
}

function compileStyleRule(rule: Rule, ctx: FieldContext): string {
  if (rule.prelude.type !== 'SelectorList') {
    warn(ctx, 'unsafe_selector_removed', 'This selector cannot be read.', rule)
    return ''
  }
  const selectors = rule.prelude.children.toArray()
  if (selectors.length > MAX_SELECTOR_LIST) {
    throw new Rejection('limit_exceeded', `A selector list has more than ${MAX_SELECTOR_LIST} selectors.`, where(rule), ctx.appearance)
  }
  const kept: string[] = []
  for (const selector of selectors) {
    if (selector.type !== 'Selector') continue
    const compounds = selector.children.toArray().filter((part) => part.type === 'Combinator').length + 1
    if (compounds > MAX_COMPOUNDS)
      throw new Rejection('limit_exceeded', `A selector has more than ${MAX_COMPOUNDS} parts.`, where(rule), ctx.appearance)
    const scoped = scopeSelector(selector, ctx.appearance === 'dark')
    if (scoped.ok) kept.push(scoped.text)
    else warn(ctx, 'unsafe_selector_removed', scoped.reason, selector)
  }
  const body = compileBlock(rule.block.children.toArray(), ctx, true)
  return kept.length > 0 && body !== '' ? `${kept.join(',')}{${body}}` : ''
}

/** The declarations of a block that pass, `!important` when `important`; nested rules are removed. */
function compileBlock(nodes: CssNode[], ctx: FieldContext, important: boolean): string {
  const kept: string[] = []
  for (const node of nodes) {
    if (node.type === 'Declaration') {
      const out = compileDeclaration(node, ctx, important)
      if (out) kept.push(out)
    } else if (node.type === 'Rule' || node.type === 'Atrule') {
      warn(ctx, 'unsafe_selector_removed', 'Nested rules are not supported; write the rule at the top level.', node)
    }
  }
  return kept.join(';')
}

function compileDeclaration(declaration: Declaration, ctx: FieldContext, important: boolean): string | null {
  const finding = checkDeclaration(declaration)
  if (finding) {
    warn(ctx, finding.code, finding.reason, declaration)
    return null
  }
  return generate({ ...declaration, important: important ? true : declaration.important })
}

const CONDITIONAL = new Set(['media', 'supports', 'container'])

function compileAtrule(rule: Atrule, ctx: FieldContext): string {
  const name = cssName(rule.name)
  if (name === 'import') return warn(ctx, 'import_removed', '@import is not supported; nothing is loaded from custom CSS.', rule)
  if (name === 'font-face') return warn(ctx, 'font_face_removed', '@font-face is not supported; use a font the page already has.', rule)
  if (!rule.block || (!CONDITIONAL.has(name) && !isKeyframes(name))) {
    return warn(ctx, 'unsupported_at_rule_removed', `@${name.slice(0, 40)} is not supported in custom CSS.`, rule)
  }
  const finding = findUnsafeValue(rule.prelude)
  if (finding) return warn(ctx, finding.code, finding.reason, rule)
  const prelude = rule.prelude ? generate(rule.prelude) : ''
  if (isKeyframes(name)) {
    const frames = rule.block.children
      .toArray()
      .map((frame) =>
        frame.type === 'Rule' ? `${generate(frame.prelude)}{${compileBlock(frame.block.children.toArray(), ctx, false)}}` : '',
      )
      .join('')
    return `@${name} ${prelude}{${frames}}`
  }
  const inner = compileRules(rule.block.children.toArray(), ctx)
  return inner === '' ? '' : `@${name} ${prelude}{${inner}}`
}

const isKeyframes = (name: string) => name === 'keyframes' || name === '-webkit-keyframes'

function warn(ctx: FieldContext, code: CustomCssWarningCode, reason: string, node: CssNode): '' {
  if (ctx.warnings.length < CUSTOM_CSS_MAX_ISSUES) {
    const at = where(node)
    ctx.warnings.push({ code, scope: ctx.scope, appearance: ctx.appearance, line: at?.line ?? null, column: at?.column ?? null, reason })
  }
  return ''
}

function where(node: CssNode): Location {
  return node.loc ? { line: node.loc.start.line, column: node.loc.start.column } : null
}

function issue<Code extends string>(
  code: Code,
  scope: CustomCssScope,
  appearance: CustomCssAppearance | null,
  at: Location,
  reason: string,
): CustomCssIssue<Code> {
  return { code, scope, appearance, line: at?.line ?? null, column: at?.column ?? null, reason }
}

function locate(text: string, offset: number): Location {
  let line = 1
  let column = 1
  for (let index = 0; index < offset && index < text.length; index++) {
    if (text[index] === '\n') {
      line++
      column = 1
    } else column++
  }
  return { line, column }
}

function utf8Length(text: string): number {
  return new TextEncoder().encode(text).length
}
