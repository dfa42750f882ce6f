import type { ComponentChildren, FunctionComponent, VNode } from 'preact'
import type { Answer, Question } from '../types'
import type { UiKey } from '../ui-text'
import type { AnswerState, ValidationError } from '../validation'

/** What the survey hands a question component. */
export interface QuestionProps<Q extends Question = Question> {
  question: Q
  /** The answer so far (from an earlier visit, or being edited). */
  value: Answer | undefined
  onChange(value: Answer, state?: AnswerState): void
  /** The text key of the survey's language (`default` or a code). */
  lang: string
  /** The respondent's language code (for dates and the UI's words). */
  locale: string
  /** The UI's words in the respondent's language. */
  t(key: UiKey, values?: Record<string, string | number>): string
  /** Element ids: the headline labels the inputs, the description and error describe them. */
  ids: { headline: string; description: string; error: string; input: string }
  /** `aria-describedby` for the question's main input: its description, and its error while there is one. */
  describedBy: string
  error: ValidationError | undefined
  /** The question's required flag, as logic may have changed it. */
  required: boolean
  env: RenderEnv
  /** Submits with this answer now (the CTA's buttons). */
  submitWith(value: Answer): void
  /** A file is uploading: the question cannot be submitted yet. */
  setBusy(busy: boolean): void
  /** The standard row of back and next buttons, for components that render their own (`ownsActions`). */
  renderActions(options?: { primaryLabel?: string; onPrimary?(): void; extra?: ComponentChildren }): VNode
}

/** What question components need from the page around them. */
export interface RenderEnv {
  /** An image or link URL of the survey made absolute (relative ones are the server's), or undefined if unsafe. */
  resolveUrl(url: string | undefined): string | undefined
  /** Uploads a respondent's file for the `fileUpload` question `elementId` through the client storage routes; the stored file's URL. */
  upload(file: File, elementId: string, allowedFileExtensions?: string[]): Promise<{ ok: true; url: string } | { ok: false }>
}

export interface QuestionView<Q extends Question = Question> {
  view: FunctionComponent<QuestionProps<Q>>
  /** The component renders the action row itself (through `renderActions`). */
  ownsActions?: boolean
}
