/**
 * The v3 survey document as the editor handles it: typed from core's schema (`SurveyDocument`: the survey's
 * fields, its blocks and elements), with every field the editor does not show kept, so that it survives a load
 * and a save (docs/architecture.md, the editor). Edits are immutable updates of the parts touched (`withBlocks`,
 * `updateBlock`, `updateElement`, and the typed fields of doc-field.ts), never a rebuild of the document.
 */
import type { operations } from '@canvass/core/openapi'
import type { Ending, HiddenFields, Language, SurveyBlock, SurveyElement, Variable, WelcomeCard } from './survey-parts'

export type * from './survey-parts'

/** A JSON object: a survey as the server answers it, before it is the editor's document, and a part no type names. */
export type Json = Record<string, unknown>
/** A locale-keyed text map (`{ "en-US": "Hi", "de-DE": "Hallo" }`). */
export type TextMap = Record<string, string>
/** A path into the document: object keys and array indices. */
export type Path = ReadonlyArray<string | number>

/** The top-level fields of a v3 survey as `PATCH /api/v3/surveys/{id}` takes them (core's schema, through its OpenAPI document). */
type SurveyFields = operations['patchV3SurveysBySurveyId']['requestBody']['content']['application/json']

/** The parts the OpenAPI document leaves open and the editor types itself (survey-parts.ts). */
interface SurveyParts {
  blocks?: SurveyBlock[]
  endings?: Ending[]
  variables?: Variable[]
  hiddenFields?: HiddenFields
  languages?: Language[]
  welcomeCard?: WelcomeCard
}

/**
 * The survey the editor edits: the v3 survey's fields as core's schema types them, its blocks, elements, logic,
 * endings, variables, hidden fields and languages typed by the editor, and every field the editor does not know
 * kept, so that a load and a save lose nothing.
 */
export type SurveyDocument = Omit<SurveyFields, keyof SurveyParts> & SurveyParts & Json

/**
 * A survey the server answered (or a host handed over) as the editor's document: the server checked it
 * against the schema the type comes from, and the editor reads every part defensively all the same.
 */
export const asDocument = (survey: Json): SurveyDocument => survey as SurveyDocument

export const isRecord = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * `root` with `value` at `path`, copying only the objects and arrays on the way; `undefined` removes an object's
 * key (so a cleared optional field is left out of the document, not sent as null).
 */
export function setIn<T>(root: T, path: Path, value: unknown): T {
  if (path.length === 0) return value as T
  const [key, ...rest] = path
  if (Array.isArray(root)) {
    const copy = [...root]
    copy[key as number] = setIn(copy[key as number], rest, value)
    return copy as T
  }
  const copy: Json = isRecord(root) ? { ...root } : {}
  const next = setIn(copy[key as string], rest, value)
  if (next === undefined) delete copy[key as string]
  else copy[key as string] = next
  return copy as T
}

/** The survey's languages, the default first; a survey listing none has its default language only. */
export function languagesOf(doc: Json): Language[] {
  const defaultCode = typeof doc.defaultLanguage === 'string' ? doc.defaultLanguage : 'en-US'
  const listed = Array.isArray(doc.languages) ? (doc.languages.filter(isRecord) as Language[]) : []
  const others = listed.filter((language) => typeof language.code === 'string' && language.code !== defaultCode)
  return [{ code: defaultCode, default: true, enabled: true }, ...others]
}

export const defaultLanguageOf = (doc: Json): string => (typeof doc.defaultLanguage === 'string' ? doc.defaultLanguage : 'en-US')

/** The text of a map in one language, or ''. */
export function textIn(map: unknown, code: string): string {
  return isRecord(map) && typeof map[code] === 'string' ? (map[code] as string) : ''
}

/** The blocks of the document (an empty list when it has none). */
export function blocksOf(doc: Json): SurveyBlock[] {
  return Array.isArray(doc.blocks) ? (doc.blocks as SurveyBlock[]) : []
}

/** The elements of a block (an empty list when it has none). */
export function elementsOf(block: Json | undefined): SurveyElement[] {
  return Array.isArray(block?.elements) ? (block.elements as SurveyElement[]) : []
}

/** `doc` with these blocks. */
export const withBlocks = (doc: SurveyDocument, blocks: SurveyBlock[]): SurveyDocument => ({ ...doc, blocks })

/** `doc` with block `index` changed by `change`; a block that is not there is left so. */
export function updateBlock(doc: SurveyDocument, index: number, change: (block: SurveyBlock) => SurveyBlock): SurveyDocument {
  return withBlocks(
    doc,
    blocksOf(doc).map((block, at) => (at === index ? change(block) : block)),
  )
}

/** `doc` with element `elementIndex` of block `blockIndex` changed by `change`. */
export function updateElement(
  doc: SurveyDocument,
  blockIndex: number,
  elementIndex: number,
  change: (element: SurveyElement) => SurveyElement,
): SurveyDocument {
  return updateBlock(doc, blockIndex, (block) => ({
    ...block,
    elements: elementsOf(block).map((element, at) => (at === elementIndex ? change(element) : element)),
  }))
}

/** `doc` with these elements in block `index`. */
export function withElements(doc: SurveyDocument, index: number, elements: SurveyElement[]): SurveyDocument {
  return withBlocks(
    doc,
    blocksOf(doc).map((block, at) => (at === index ? { ...block, elements } : block)),
  )
}

/** Every id in use by a block, an element, an ending or a variable: new ids avoid them all. */
export function usedIds(doc: Json): Set<string> {
  const ids = new Set<string>()
  for (const block of blocksOf(doc)) {
    if (typeof block.id === 'string') ids.add(block.id)
    for (const element of elementsOf(block)) if (typeof element.id === 'string') ids.add(element.id)
  }
  for (const list of [doc.endings, doc.variables]) {
    if (Array.isArray(list)) for (const item of list) if (isRecord(item) && typeof item.id === 'string') ids.add(item.id)
  }
  return ids
}

/** A readable id not in `taken`: `question-3`, `block-2`, `choice-4`. */
export function readableId(prefix: string, taken: Iterable<string>): string {
  const used = new Set(taken)
  for (let n = 1; ; n++) {
    const id = `${prefix}-${n}`
    if (!used.has(id)) return id
  }
}

/** `list` with the item at `from` moved to `to`. */
export function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const copy = [...list]
  const [item] = copy.splice(from, 1)
  copy.splice(to, 0, item as T)
  return copy
}

/** A deep copy of JSON. */
export const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T
