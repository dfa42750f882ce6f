import { createContext } from 'preact'
import { useContext } from 'preact/hooks'
import type { Problem } from '../api'
import type { Language, Path, SurveyDocument } from '../doc'
import type { DocField } from '../doc-field'
import type { ElementType } from '@canvass/core/element-types'
import type { EditorTexts } from '../i18n'
import type { LogicTexts } from '../logic'

/** What every form of the editor reads and calls: the document, its languages, problems, and how to change it. */
export interface EditorContextValue {
  doc: SurveyDocument
  texts: EditorTexts
  /** The logic panels' texts in the editor's language (English for a language they lack). */
  logicTexts: LogicTexts
  /** The survey's languages, the default first. */
  languages: Language[]
  defaultLanguage: string
  /** Writes `value` into `field` (one history step; keystrokes into one field join into one). */
  write<V>(field: DocField<V>, value: V | undefined): void
  /** Replaces the document in one history step. */
  update(change: (doc: SurveyDocument) => SurveyDocument): void
  /** The server's problems about the field at `path` (or inside it, for a text map). */
  problemsAt(path: Path): Problem[]
  /** Moves the focus to the element with this DOM id after the next render (opening the card that holds it). */
  focusLater(id: string): void
  /** The survey is shown, not changed (the element's `readonly`, a viewer's): fields are read-only, writes do nothing. */
  readOnly: boolean
  /** The question card shown open (`cardKey` of its place), or null when all are closed. */
  openCard: string | null
  setOpenCard(key: string | null): void
  /** Opens the question type picker on `current`; `choose` gets the type picked (nothing on Escape). */
  pickType(current: string | undefined, choose: (type: ElementType) => void): void
}

export const EditorContext = createContext<EditorContextValue | null>(null)

export function useEditor(): EditorContextValue {
  const value = useContext(EditorContext)
  if (!value) throw new Error('An editor form was rendered outside the editor')
  return value
}

/** The DOM id of the control that edits the field at `path` (problems link to it). */
export const fieldId = (path: Path, suffix = ''): string =>
  `f-${path.join('.')}${suffix ? `-${suffix}` : ''}`.replace(/[^a-zA-Z0-9_.-]/g, '_')

export const pathKey = (path: Path): string => path.join('.')

/** The key of the question card at block `block`, element `element` (`openCard` holds one). */
export const cardKey = (block: number, element: number): string => `${block}.${element}`

/** The key of the question card whose body holds the control with DOM id `id` (a field of `fieldId`), if any. */
export function cardOfId(id: string): string | undefined {
  const found = /^f-blocks\.(\d+)\.elements\.(\d+)(\.|-type$)/.exec(id)
  return found ? cardKey(Number(found[1]), Number(found[2])) : undefined
}
