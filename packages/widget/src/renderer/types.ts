/**
 * The parts of a survey the renderer reads, as the server sends them (core's `schemas/survey.ts` validates
 * them on write; logic and styling are kept there as sent, so they are typed here from the reference's
 * shapes). Everything is read defensively: a survey written by an older client may lack optional parts.
 */
import type { ElementType } from '@canvass/core/element-types'

/** `{ default: 'Hello', de: 'Hallo' }`: one text per language code, `default` for the default language. */
export type Localized = Record<string, string>

/** The element types, as core's registry lists them. */
export type QuestionType = ElementType

export interface QuestionBase<T extends QuestionType> {
  id: string
  type: T
  headline: Localized
  subheader?: Localized
  required: boolean
  buttonLabel?: Localized
  backButtonLabel?: Localized
  imageUrl?: string
  videoUrl?: string
  logic?: LogicRule[]
  logicFallback?: string
}

export interface Choice {
  id: string
  label: Localized
}

export interface OpenTextQuestion extends QuestionBase<'openText'> {
  placeholder?: Localized
  inputType?: 'text' | 'email' | 'url' | 'number' | 'phone'
  longAnswer?: boolean
  charLimit?: { enabled?: boolean; min?: number; max?: number }
}

export interface MultipleChoiceQuestion extends QuestionBase<'multipleChoiceSingle' | 'multipleChoiceMulti'> {
  /** A choice with id `other` is the free-text "other" option. */
  choices: Choice[]
  shuffleOption?: 'none' | 'all' | 'exceptLast' | 'reverseOrderOccasionally' | 'reverseOrderExceptLast'
  otherOptionPlaceholder?: Localized
}

export interface NpsQuestion extends QuestionBase<'nps'> {
  lowerLabel?: Localized
  upperLabel?: Localized
  isColorCodingEnabled?: boolean
}

/** What rating, CSAT and CES questions share: points from 1 to `range`, as numbers, stars or faces. */
interface ScaleFields {
  scale: 'number' | 'smiley' | 'star'
  lowerLabel?: Localized
  upperLabel?: Localized
  isColorCodingEnabled?: boolean
}

export interface RatingQuestion extends QuestionBase<'rating'>, ScaleFields {
  range: 3 | 4 | 5 | 6 | 7 | 10
}

/** Customer satisfaction: five points. */
export interface CsatQuestion extends QuestionBase<'csat'>, ScaleFields {
  range: 5
}

/** Customer effort: five or seven points. */
export interface CesQuestion extends QuestionBase<'ces'>, ScaleFields {
  range: 5 | 7
}

export interface CtaQuestion extends QuestionBase<'cta'> {
  html?: Localized
  /** The CTA's own button (the reference's elements); `buttonLabel` where a question has it. */
  ctaButtonLabel?: Localized
  buttonUrl?: string
  buttonExternal?: boolean
  dismissButtonLabel?: Localized
}

export interface ConsentQuestion extends QuestionBase<'consent'> {
  html?: Localized
  label: Localized
}

export interface DateQuestion extends QuestionBase<'date'> {
  html?: Localized
  format: 'M-d-y' | 'd-M-y' | 'y-M-d'
}

export interface FileUploadQuestion extends QuestionBase<'fileUpload'> {
  allowMultipleFiles: boolean
  maxSizeInMB?: number
  allowedFileExtensions?: string[]
}

/** Rows and columns: `{id, label}` in newer reference versions, a bare localized text in older ones. */
export type MatrixLabel = { id: string; label: Localized } | Localized

export interface MatrixQuestion extends QuestionBase<'matrix'> {
  rows: MatrixLabel[]
  columns: MatrixLabel[]
  shuffleOption?: 'none' | 'all' | 'exceptLast' | 'reverseOrderOccasionally' | 'reverseOrderExceptLast'
}

export interface RankingQuestion extends QuestionBase<'ranking'> {
  choices: Choice[]
  shuffleOption?: 'none' | 'all' | 'exceptLast' | 'reverseOrderOccasionally' | 'reverseOrderExceptLast'
}

/** One input of an address or contact info question; absent in questions written before these existed. */
export interface ToggleInput {
  show: boolean
  required: boolean
  placeholder?: Localized
}

export const ADDRESS_FIELDS = ['addressLine1', 'addressLine2', 'city', 'state', 'zip', 'country'] as const
export const CONTACT_FIELDS = ['firstName', 'lastName', 'email', 'phone', 'company'] as const
export type AddressField = (typeof ADDRESS_FIELDS)[number]
export type ContactField = (typeof CONTACT_FIELDS)[number]

export type AddressQuestion = QuestionBase<'address'> & Partial<Record<AddressField, ToggleInput>>
export type ContactInfoQuestion = QuestionBase<'contactInfo'> & Partial<Record<ContactField, ToggleInput>>

export interface PictureSelectionQuestion extends QuestionBase<'pictureSelection'> {
  allowMulti?: boolean
  choices: { id: string; imageUrl: string }[]
}

/** A Cal.com booking: `calUserName` (a user or `user/event`) on `calHost` (cal.com when absent). */
export interface CalQuestion extends QuestionBase<'cal'> {
  calUserName: string
  calHost?: string
}

export type Question =
  | OpenTextQuestion
  | MultipleChoiceQuestion
  | NpsQuestion
  | RatingQuestion
  | CsatQuestion
  | CesQuestion
  | CtaQuestion
  | ConsentQuestion
  | DateQuestion
  | FileUploadQuestion
  | MatrixQuestion
  | RankingQuestion
  | AddressQuestion
  | ContactInfoQuestion
  | PictureSelectionQuestion
  | CalQuestion

export interface EndScreen {
  id: string
  type: 'endScreen'
  headline?: Localized
  subheader?: Localized
  buttonLabel?: Localized
  buttonLink?: string
  imageUrl?: string
}

export interface RedirectEnding {
  id: string
  type: 'redirectToUrl'
  url?: string
  label?: string
}

export type Ending = EndScreen | RedirectEnding

export interface WelcomeCard {
  enabled: boolean
  headline?: Localized
  subheader?: Localized
  html?: Localized
  fileUrl?: string
  buttonLabel?: Localized
  timeToFinish?: boolean
}

export interface SurveyVariable {
  id: string
  name: string
  type: 'number' | 'text'
  value: number | string
}

// Logic, in the reference's shape: rules of conditions (nested groups) and actions.

export type Operand =
  | { type: 'question' | 'element' | 'hiddenField' | 'variable'; value: string; meta?: Record<string, string> }
  | { type: 'static'; value: string | number | string[] }

export interface SingleCondition {
  id?: string
  leftOperand: Operand
  operator: string
  rightOperand?: Operand
}

export interface ConditionGroup {
  id?: string
  connector: 'and' | 'or'
  conditions: (SingleCondition | ConditionGroup)[]
}

export type LogicAction =
  | { id?: string; objective: 'jumpToQuestion' | 'jumpToBlock'; target: string }
  | { id?: string; objective: 'requireAnswer'; target: string }
  | { id?: string; objective: 'calculate'; variableId: string; operator: string; value: Operand }

/**
 * A rule of the reference's current logic (`conditions` + `actions`) or of its first one (`condition`,
 * optional `value`, `destination`), which surveys written by older clients still carry.
 */
export type LogicRule =
  | { id?: string; conditions: ConditionGroup; actions: LogicAction[] }
  | { condition: string; value?: string | number | string[]; destination: string }

// Answers, as the reference stores them in a response's `data`.

/**
 * Open text, single choice (the label), date, CTA (`clicked` or empty), consent (`accepted` or empty): a
 * string; NPS, rating, CSAT and CES: a number; multiple choice, ranking (labels), picture selection (ids), address,
 * contact info (one entry per input) and file upload (URLs): strings; matrix: row label → column label.
 */
export type Answer = string | number | string[] | Record<string, string>
export type ResponseData = Record<string, Answer>
export type Variables = Record<string, string | number>

// Styling, as the reference's project and survey styling objects carry it.

export interface ColorSetting {
  light?: string
  dark?: string | null
}

export interface Styling {
  brandColor?: ColorSetting
  questionColor?: ColorSetting
  inputColor?: ColorSetting
  inputBorderColor?: ColorSetting
  cardBackgroundColor?: ColorSetting
  cardBorderColor?: ColorSetting
  cardShadowColor?: ColorSetting
  highlightBorderColor?: ColorSetting
  roundness?: number
  cardArrangement?: { linkSurveys?: CardArrangement; appSurveys?: CardArrangement }
  background?: { bg?: string; bgType?: string; brightness?: number }
  hideProgressBar?: boolean
  /** Whether the theme has a dark look (each colour's `dark`), shown when the respondent's system asks for it. */
  isDarkModeEnabled?: boolean
  /** Whether the workspace's logo is left off. */
  isLogoHidden?: boolean
  /** Project styling: whether a survey's own styling may replace it. */
  allowStyleOverwrite?: boolean
  /** Survey styling: whether it replaces the project's. */
  overwriteThemeStyling?: boolean
}

export type CardArrangement = 'casual' | 'straight' | 'simple'

/** A page of the survey (the reference's block): elements shown together, with the logic of leaving it. */
export interface Block {
  id: string
  name?: string
  elements: Question[]
  logic?: LogicRule[]
  logicFallback?: string
  buttonLabel?: Localized
  backButtonLabel?: Localized
}
