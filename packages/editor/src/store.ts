import type { Json, SurveyDocument } from './doc'
import type { DocField } from './doc-field'
import { asDocument } from './doc'

/**
 * The document being edited and its history. Every change is a new document (immutable updates); undo and
 * redo walk the history. Keystrokes into one field within a second are one step, so that undo takes back a
 * word or a sentence rather than one letter.
 */
export interface EditorStore {
  readonly doc: SurveyDocument
  readonly canUndo: boolean
  readonly canRedo: boolean
  /** Replaces the document and forgets the history (a load). */
  reset(doc: Json): void
  /** Writes `value` into `field`; `group` joins it to the previous change of the same group made just before. */
  set<V>(field: DocField<V>, value: V | undefined, group?: string): void
  /** Replaces the document through `change` (one history step). */
  update(change: (doc: SurveyDocument) => SurveyDocument): void
  /** Sets a value the server owns (`updatedAt`, a new survey's `id`) in the current document, outside the history. */
  amend<V>(field: DocField<V>, value: V | undefined): void
  undo(): boolean
  redo(): boolean
  /** Called after every change of the document (not after `reset`). */
  subscribe(listener: () => void): () => void
}

const HISTORY_LIMIT = 200
const GROUP_MS = 1000

export function createEditorStore(initial: Json, now: () => number = Date.now): EditorStore {
  let doc = asDocument(initial)
  let past: SurveyDocument[] = []
  let future: SurveyDocument[] = []
  let lastGroup: { key: string; at: number } | undefined
  const listeners = new Set<() => void>()
  const emit = () => {
    for (const listener of listeners) listener()
  }
  const commit = (next: SurveyDocument, group?: string) => {
    if (next === doc) return
    const at = now()
    const joins = group !== undefined && lastGroup?.key === group && at - lastGroup.at < GROUP_MS
    if (!joins) {
      past.push(doc)
      if (past.length > HISTORY_LIMIT) past = past.slice(-HISTORY_LIMIT)
    }
    lastGroup = group === undefined ? undefined : { key: group, at }
    future = []
    doc = next
    emit()
  }
  return {
    get doc() {
      return doc
    },
    get canUndo() {
      return past.length > 0
    },
    get canRedo() {
      return future.length > 0
    },
    reset(next) {
      doc = asDocument(next)
      past = []
      future = []
      lastGroup = undefined
      emit()
    },
    set(field, value, group) {
      commit(field.set(doc, value), group)
    },
    update(change) {
      commit(change(doc))
    },
    amend(field, value) {
      doc = field.set(doc, value)
    },
    undo() {
      const previous = past.pop()
      if (!previous) return false
      future.push(doc)
      doc = previous
      lastGroup = undefined
      emit()
      return true
    },
    redo() {
      const next = future.pop()
      if (!next) return false
      past.push(doc)
      doc = next
      lastGroup = undefined
      emit()
      return true
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}
