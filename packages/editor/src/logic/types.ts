/**
 * The types the logic, variables, hidden fields and languages editors use: the survey's parts as the editor's
 * document types them (survey-parts.ts), and what the languages editor hands back.
 */
import type { Language } from '../survey-parts'

export type {
  ActionObjective,
  CalculateAction,
  Condition,
  ConditionGroup,
  Ending,
  HiddenFields,
  JumpAction,
  Language,
  LocalizedText,
  LogicAction,
  LogicRule,
  Operand,
  RequireAnswerAction,
  SurveyBlock as Block,
  SurveyElement as Element,
  Variable,
} from '../survey-parts'
export type { SurveyDocument } from '../doc'

/** What `LanguagesEditor` hands back; `defaultLanguage` only for a survey not created yet (a PATCH refuses a change). */
export interface LanguagesPatch {
  languages: Language[]
  defaultLanguage?: string
  /** Whether respondents get a language menu (the survey's `showLanguageSwitch`); absent leaves it as it is. */
  showLanguageSwitch?: boolean
}

/** The logic editors' own UI strings (texts.ts). */
export type { LogicTexts } from './texts'
