/**
 * The parts of a v3 survey document the logic, variables, hidden fields and languages editors read and write,
 * typed loosely: every object keeps an index signature so that fields these editors do not know survive an
 * edit (the editor never drops what it does not show). Shapes follow the server (packages/core: schemas/
 * survey-block.ts, survey-variable.ts, survey.ts `hiddenFields`, domain/surveys/v3-survey.ts) and the conditions the
 * widget evaluates (`@canvass/core/conditions`).
 */

/** A text by locale code (`{ "en-US": "Hi", "de-DE": "Hallo" }`). */
export type LocalizedText = Record<string, string>

export interface Element {
  id: string
  type: string
  headline?: LocalizedText
  inputType?: string
  choices?: Array<{ id: string; label?: LocalizedText; [key: string]: unknown }>
  [key: string]: unknown
}

/** Where a condition or a calculation reads a value: typed text, or an answer, variable or hidden field by id. */
export type Operand =
  | { type: 'static'; value: string | number | string[]; [key: string]: unknown }
  | { type: 'element' | 'question' | 'variable' | 'hiddenField'; value: string; meta?: Record<string, string>; [key: string]: unknown }

export interface Condition {
  id: string
  leftOperand: Operand
  operator: string
  rightOperand?: Operand
  [key: string]: unknown
}

/** `and`: every condition holds, `or`: any. A condition may itself be a group. */
export interface ConditionGroup {
  id: string
  connector: 'and' | 'or'
  conditions: Array<Condition | ConditionGroup>
  [key: string]: unknown
}

export type JumpAction = { id: string; objective: 'jumpToBlock'; target: string; [key: string]: unknown }
export type RequireAnswerAction = { id: string; objective: 'requireAnswer'; target: string; [key: string]: unknown }
export type CalculateAction = {
  id: string
  objective: 'calculate'
  variableId: string
  operator: string
  value?: Operand
  [key: string]: unknown
}
export type LogicAction = JumpAction | RequireAnswerAction | CalculateAction

export type ActionObjective = LogicAction['objective']

/** A rule of the current logic; rules of the reference's first logic (`condition`, `destination`) are kept as read. */
export interface LogicRule {
  id: string
  conditions: ConditionGroup
  actions: LogicAction[]
  [key: string]: unknown
}

export interface Block {
  id: string
  name?: string
  elements: Element[]
  logic?: Array<LogicRule | Record<string, unknown>>
  /** A block or an ending id; absent: the next block. */
  logicFallback?: string
  [key: string]: unknown
}

export interface Ending {
  id: string
  type: string
  headline?: LocalizedText
  label?: string
  [key: string]: unknown
}

export type Variable =
  | { id: string; name: string; type: 'number'; value?: number; [key: string]: unknown }
  | { id: string; name: string; type: 'text'; value?: string; [key: string]: unknown }

export interface HiddenFields {
  enabled: boolean
  fieldIds?: string[]
  [key: string]: unknown
}

/** A v3 language; `alias` is server-owned (echoed as GET answered it). */
export interface Language {
  code: string
  default?: boolean
  enabled?: boolean
  alias?: string | null
  [key: string]: unknown
}

/** What `LanguagesEditor` hands back; `defaultLanguage` only for a survey not created yet (a PATCH refuses a change). */
export interface LanguagesPatch {
  languages: Language[]
  defaultLanguage?: string
}

export interface Doc {
  id?: string
  defaultLanguage?: string
  languages?: Language[]
  blocks?: Block[]
  endings?: Ending[]
  variables?: Variable[]
  hiddenFields?: HiddenFields
  [key: string]: unknown
}

/** The logic editors' own UI strings (texts.ts). */
export type { LogicTexts } from './texts'
