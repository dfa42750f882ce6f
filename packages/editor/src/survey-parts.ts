/**
 * The parts of a v3 survey document the editor reads and writes: blocks, their elements and logic, endings,
 * variables, hidden fields and languages. Every object keeps an index signature, so that a field the editor
 * does not know survives an edit (the editor never drops what it does not show). Shapes follow the server
 * (packages/core: schemas/survey.ts, survey-block.ts, survey-variable.ts, domain/surveys/v3-survey.ts) and
 * the conditions the widget evaluates (`@canvass/core/conditions`).
 */
import type { ElementType } from '@canvass/core/element-types'

/** A text by locale code (`{ "en-US": "Hi", "de-DE": "Hallo" }`). */
export type LocalizedText = Record<string, string>

/** A choice of a choice, ranking or matrix element; a picture choice has an `imageUrl` and no label. */
export interface Choice {
  id: string
  label?: LocalizedText
  imageUrl?: string
  [key: string]: unknown
}

/** A rule of an open text's validation: `params` holds the rule's number or pattern. */
export interface ValidationRule {
  id: string
  type: string
  params: { min?: number; max?: number; pattern?: string; [key: string]: unknown }
  [key: string]: unknown
}

/** One input of an address or contact info element. */
export interface ToggleInput {
  show?: boolean
  required?: boolean
  placeholder?: LocalizedText
  [key: string]: unknown
}

/**
 * An element of a block. Its id and type are typed, and so is every field an element form or a logic panel
 * reads or writes; the fields of the other types stay open (`unknown`), as does anything the server adds.
 */
export interface SurveyElement {
  id: string
  type: ElementType
  headline?: LocalizedText
  subheader?: LocalizedText
  required?: boolean
  imageUrl?: string
  videoUrl?: string
  isDraft?: boolean
  /** Open text. */
  inputType?: string
  placeholder?: LocalizedText
  longAnswer?: boolean
  charLimit?: { enabled?: boolean; min?: number; max?: number; [key: string]: unknown }
  validation?: { logic?: string; rules?: ValidationRule[]; [key: string]: unknown }
  /** Choice, ranking and picture selection elements. */
  choices?: Choice[]
  shuffleOption?: string
  otherOptionPlaceholder?: LocalizedText
  displayType?: string
  allowMulti?: boolean
  /** Matrix; an older row or column is a bare text map, kept in that shape. */
  rows?: Array<Choice | LocalizedText>
  columns?: Array<Choice | LocalizedText>
  /** Scales: nps, rating, csat, ces. */
  scale?: string
  range?: number
  lowerLabel?: LocalizedText
  upperLabel?: LocalizedText
  isColorCodingEnabled?: boolean
  /** Call to action, consent and date. */
  html?: LocalizedText
  ctaButtonLabel?: LocalizedText
  buttonUrl?: string
  buttonExternal?: boolean
  dismissButtonLabel?: LocalizedText
  label?: LocalizedText
  format?: string
  /** File upload. */
  allowMultipleFiles?: boolean
  maxSizeInMB?: number
  allowedFileExtensions?: string[]
  /** Cal. */
  calUserName?: string
  calHost?: string
  /** Address. */
  addressLine1?: ToggleInput
  addressLine2?: ToggleInput
  city?: ToggleInput
  state?: ToggleInput
  zip?: ToggleInput
  country?: ToggleInput
  /** Contact info. */
  firstName?: ToggleInput
  lastName?: ToggleInput
  email?: ToggleInput
  phone?: ToggleInput
  company?: ToggleInput
  /** Whatever else the server keeps. */
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

/** A block of elements, with its logic, its fallback and its buttons' labels. */
export interface SurveyBlock {
  id: string
  name?: string
  elements: SurveyElement[]
  logic?: Array<LogicRule | Record<string, unknown>>
  /** A block or an ending id; absent: the next block. */
  logicFallback?: string
  buttonLabel?: LocalizedText
  backButtonLabel?: LocalizedText
  [key: string]: unknown
}

/** An end screen (`endScreen`: texts and a button) or a redirect (`redirectToUrl`: a url and a label). */
export interface Ending {
  id: string
  type: string
  headline?: LocalizedText
  subheader?: LocalizedText
  buttonLabel?: LocalizedText
  buttonLink?: string
  url?: string
  label?: string
  [key: string]: unknown
}

/** The card shown before the first block. */
export interface WelcomeCard {
  enabled?: boolean
  headline?: LocalizedText
  html?: LocalizedText
  buttonLabel?: LocalizedText
  timeToFinish?: boolean
  showResponseCount?: boolean
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

/** The link page's preview texts and image (the reference's `metadata`); other keys are kept as they are. */
export interface SurveyMetadata {
  title?: LocalizedText
  description?: LocalizedText
  ogImage?: string
  [key: string]: unknown
}

/** One condition of a segment: a contact attribute tested by an operator against a value. */
export interface AttributeFilter {
  id: string
  root: { type: 'attribute'; contactAttributeKey: string }
  qualifier: { operator: string }
  value?: string | number
  [key: string]: unknown
}

/** An item of a segment's filters: a condition (or a group, which the editor keeps as it is) joined to the one before. */
export interface SegmentFilterItem {
  id: string
  connector: 'and' | 'or' | null
  resource: AttributeFilter | SegmentFilterItem[] | Record<string, unknown>
  [key: string]: unknown
}

/** An in-app survey's look on the page (the reference's project overwrites, under its current name). */
export interface WorkspaceOverwrites {
  placement?: string
  darkOverlay?: boolean
  clickOutsideClose?: boolean
  [key: string]: unknown
}
