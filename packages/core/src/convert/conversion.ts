import type { ElementType } from '../element-types'
import { LIMITS } from '../schemas/common'
import { FORBIDDEN_QUESTION_IDS, UNSTORABLE_IDS } from '../survey-ids'
import { plainText } from './plain-text'

/**
 * What a converter answers, in the shape of the reference's `POST /api/v3/surveys/import/convert` result
 * (docs/moving-in.md): the v3 document (`null` when the file was refused), the report of what changed or
 * could not be carried over, and the detected source; `mapped` and `skipped` list the source's questions one
 * by one. `{ workspaceId, ...document }` is a body of `POST /api/v3/surveys`.
 */
export interface SurveyConversion {
  document: ConvertedSurvey | null
  /** Action classes the document names: none, since no other tool's file has Canvass triggers. */
  references: null
  source: ConversionSource
  report: ConversionReport
  /** Each source question that became an element. */
  mapped: MappedItem[]
  /** Each source question (or part of one) left out, with why; each is also a `warning` issue. */
  skipped: SkippedItem[]
}

/** The tools a converter reads: the reference's `qsf`, and Canvass's own `surveyjs` and `typeform`. */
export type ConversionKind = 'qsf' | 'surveyjs' | 'typeform'

export interface ConversionSource {
  /** The reference's lane for files read by their structure. */
  lane: 'structured'
  /** `unknown` only on the refusal of a file no converter recognises (the reference's `unsupported_source`). */
  kind: ConversionKind | 'unknown'
  fileName?: string
}

/** The reference's `SurveyImportReport`. */
export interface ConversionReport {
  source: ConversionSource
  summary: {
    blocks: number
    elements: number
    endings: number
    languages: string[]
    /** Logic rules in the document: always 0, since no tool's logic is carried over. */
    logicRules: number
    /** Source logic rules (skips, branches, display conditions) described in the report instead. */
    logicRulesReported: number
    hiddenFields: number
  }
  issues: ConversionIssue[]
}

/** The reference's `SurveyImportIssue`: `error` refuses the file, `warning` changed the document, `info` is worth knowing. */
export interface ConversionIssue {
  severity: 'error' | 'warning' | 'info'
  code: string
  message: string
  /** The document path the issue points at (`blocks.2.elements.0.headline`). */
  path?: string
  /** The source's name for the part (a Qualtrics `QID`, a SurveyJS question name, a Typeform ref). */
  sourceRef?: string
  vars?: Record<string, unknown>
}

export interface MappedItem {
  sourceRef: string
  sourceType: string
  elementId: string
  type: ElementType
}

export interface SkippedItem {
  sourceRef: string
  label: string
  type: string
  reason: string
}

/** The document a converter writes: a v3 export document (every field a create takes, no workspace). */
export interface ConvertedSurvey {
  name: string
  type: 'link'
  status: 'draft'
  metadata: Record<string, unknown>
  defaultLanguage: string
  languages: Array<{ code: string; default: boolean; enabled: boolean }>
  welcomeCard: Record<string, unknown>
  blocks: Array<{ name: string; elements: Element[]; buttonLabel?: Record<string, string> }>
  endings: Array<Record<string, unknown>>
  hiddenFields: { enabled: boolean; fieldIds: string[] }
  variables: Array<Record<string, unknown>>
}

export type Element = Record<string, unknown> & { id: string; type: ElementType }

/** The language every converted text is written in: the tools' files carry one source language. */
export const CONVERTED_LANGUAGE = 'en-US'

/** A text map of the document's language. */
export const textMap = (text: string) => ({ [CONVERTED_LANGUAGE]: text })

const RESERVED: ReadonlySet<string> = new Set([...FORBIDDEN_QUESTION_IDS, ...UNSTORABLE_IDS])

/**
 * The converter's notebook: the blocks, endings and report it builds, and the rules every converter shares
 * (ids, plain text, bounds). A converter reads its format and calls these; `finish` writes the answer.
 */
export function createConversion(kind: ConversionKind | 'unknown', fileName?: string) {
  const source: ConversionSource = { lane: 'structured', kind, ...(fileName !== undefined ? { fileName } : {}) }
  const issues: ConversionIssue[] = []
  const mapped: MappedItem[] = []
  const skipped: SkippedItem[] = []
  const parts: DocumentParts = { blocks: [], endings: [], hiddenFieldIds: [], welcomeCard: { enabled: false } }
  const elementIds = new Set<string>()
  const counts = { logicRulesReported: 0, elements: 0 }
  const note = (severity: 'warning' | 'info', code: string, message: string, sourceRef?: string, vars?: Record<string, unknown>) =>
    issues.push({ severity, code, message, ...(sourceRef !== undefined ? { sourceRef } : {}), ...(vars ? { vars } : {}) })
  const answer = (document: ConvertedSurvey | null): SurveyConversion => ({
    document,
    references: null,
    source,
    report: { source, summary: summaryOf(document, counts.logicRulesReported), issues },
    mapped,
    skipped,
  })

  const conversion = {
    issue: (issue: ConversionIssue) => void issues.push(issue),
    /** A change the conversion made to what the source had. */
    warning: (code: string, message: string, sourceRef?: string) => void note('warning', code, message, sourceRef),
    /** Something worth knowing that changed nothing a respondent sees. */
    info: (code: string, message: string, sourceRef?: string) => void note('info', code, message, sourceRef),
    /** Plain text of a source label, cut to what a text field holds. A cut is a warning naming `sourceRef`. */
    text(raw: unknown, sourceRef: string): string {
      const text = typeof raw === 'string' ? plainText(raw) : ''
      if (text.length <= LIMITS.text) return text
      note('warning', 'text_truncated', `A text longer than ${LIMITS.text} characters was cut`, sourceRef)
      return text.slice(0, LIMITS.text)
    },
    /** A short label (a block name, a choice id source): plain text cut to a name's length. */
    name(raw: unknown, fallback: string): string {
      const text = typeof raw === 'string' ? plainText(raw).slice(0, LIMITS.name) : ''
      return text === '' ? fallback : text
    },
    /** An element id from the source's name for the question: its letters, digits, `-` and `_`, unique and not reserved. */
    elementId(candidate: unknown): string {
      let id = idOf(candidate)
      if (id === '' || RESERVED.has(id) || elementIds.has(id)) {
        const base = id === '' ? 'q' : id
        let n = counts.elements + 1
        while (elementIds.has(`${base}_${n}`) || RESERVED.has(`${base}_${n}`)) n++
        id = `${base}_${n}`
      }
      elementIds.add(id)
      return id
    },
    /** Whether another element fits in a survey (Canvass holds at most 200). */
    hasRoom: () => counts.elements < LIMITS.questions,
    /** A page of elements (with the label of its next button); an empty one is left out. */
    addBlock(name: string, elements: Element[], buttonLabel?: string) {
      if (elements.length === 0) return
      const blockName = name.slice(0, LIMITS.name) || `Block ${parts.blocks.length + 1}`
      parts.blocks.push({ name: blockName, elements, ...(buttonLabel ? { buttonLabel: textMap(buttonLabel) } : {}) })
    },
    /** Notes that `element` was made from the source question `sourceRef` (of the source's `sourceType`). */
    mapped(element: Element, sourceRef: string, sourceType: string): Element {
      counts.elements++
      mapped.push({ sourceRef, sourceType, elementId: element.id, type: element.type })
      return element
    },
    /** A source question left out: in `skipped`, and a warning issue. */
    skip(sourceRef: string, label: string, type: string, reason: string) {
      const short = label.slice(0, 200)
      skipped.push({ sourceRef, label: short, type, reason })
      note('warning', 'element_skipped', `${type} "${short}" was not imported: ${reason}`, sourceRef, { type, label: short, reason })
    },
    /** Source logic (`count` rules) that is described instead of imported. */
    logicReported(count: number, sourceRef: string, what: string) {
      if (count <= 0) return
      counts.logicRulesReported += count
      note('warning', 'logic_not_imported', `${what} was not imported; add it again in the editor`, sourceRef, { rules: count })
    },
    /** Recall of earlier answers in a label (`${q://…}`, `{name}`, `{{field:…}}`): kept as text, reported once per item. */
    pipingReported(text: string, pattern: RegExp, sourceRef: string) {
      if (pattern.test(text))
        note('warning', 'piping_not_imported', 'The label recalls an earlier answer; the recall is kept as plain text', sourceRef)
    },
    /** A hidden field named `name`, unless the name is taken, reserved or one too many. */
    hiddenField(name: unknown, sourceRef: string) {
      const id = idOf(name)
      if (id === '' || RESERVED.has(id) || elementIds.has(id) || parts.hiddenFieldIds.length >= LIMITS.listItems) {
        note('warning', 'hidden_field_skipped', `Hidden field "${String(name).slice(0, 100)}" was not imported`, sourceRef)
        return
      }
      elementIds.add(id)
      parts.hiddenFieldIds.push(id)
    },
    welcome(card: Record<string, unknown>) {
      parts.welcomeCard = card
    },
    ending(ending: Record<string, unknown>) {
      if (parts.endings.length < LIMITS.endings) parts.endings.push(ending)
    },
    endingCount: () => parts.endings.length,
    finish(name: string): SurveyConversion {
      if (parts.blocks.length === 0) return conversion.refuse('no_elements', 'The file has no question Canvass can import')
      return answer(documentOf(name, parts))
    },
    /** The file refused: no document, one `error` issue naming the problem. */
    refuse(code: string, message: string): SurveyConversion {
      issues.push({ severity: 'error', code, message })
      return answer(null)
    },
  }
  return conversion
}

interface DocumentParts {
  blocks: ConvertedSurvey['blocks']
  endings: ConvertedSurvey['endings']
  hiddenFieldIds: string[]
  welcomeCard: Record<string, unknown>
}

/** A source name as an id: its letters, digits, `-` and `_` (others become `_`), or empty when none is left. */
function idOf(name: unknown): string {
  const id = typeof name === 'string' ? name.replace(/[^a-zA-Z0-9_-]+/g, '_').slice(0, 64) : ''
  return /^_*$/.test(id) ? '' : id
}

function documentOf(name: string, parts: DocumentParts): ConvertedSurvey {
  return {
    name: name.slice(0, LIMITS.name) || 'Imported survey',
    type: 'link',
    status: 'draft',
    metadata: {},
    defaultLanguage: CONVERTED_LANGUAGE,
    languages: [],
    welcomeCard: parts.welcomeCard,
    blocks: parts.blocks,
    endings: parts.endings,
    hiddenFields: { enabled: parts.hiddenFieldIds.length > 0, fieldIds: parts.hiddenFieldIds },
    variables: [],
  }
}

function summaryOf(document: ConvertedSurvey | null, logicRulesReported: number): ConversionReport['summary'] {
  return {
    blocks: document?.blocks.length ?? 0,
    elements: document?.blocks.reduce((sum, block) => sum + block.elements.length, 0) ?? 0,
    endings: document?.endings.length ?? 0,
    languages: document ? [CONVERTED_LANGUAGE] : [],
    logicRules: 0,
    logicRulesReported,
    hiddenFields: document?.hiddenFields.fieldIds.length ?? 0,
  }
}

export type Conversion = ReturnType<typeof createConversion>
