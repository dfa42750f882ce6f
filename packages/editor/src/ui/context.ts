import { createContext } from 'preact'
import { useContext } from 'preact/hooks'
import type { Problem } from '../api'
import type { Language, Path, SurveyDocument } from '../doc'
import type { DocField } from '../doc-field'
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
  /** Moves the focus to the element with this DOM id after the next render. */
  focusLater(id: string): void
  /** Shows the survey without any control that changes it (a viewer's editor). */
  readOnly?: boolean
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
