import type { EditorApi, Problem } from './api'
import { EditorApiError } from './api'
import type { Json } from './doc'
import { clone } from './doc'
import { surveyField } from './doc-field'
import { mergeSurveys, sameJson } from './merge'
import type { EditorTexts } from './i18n'
import type { EditorStore } from './store'

/**
 * The editor's conversation with the server: loading, validating as the user types (debounced), saving with
 * the `updatedAt` it last read as a precondition, and the conflict when someone else saved meanwhile. It holds
 * no UI; the element and its Preact tree read `state` and call its methods.
 */
export interface SessionState {
  phase: 'idle' | 'loading' | 'saving'
  /** A status line for screen readers and eyes alike (`role=status`). */
  message: string
  /** The server's problems with the document as it is (from validation or a refused save). */
  problems: Problem[]
  /** A save was refused for problems: the summary is shown and focused. */
  showProblems: boolean
  validating: boolean
  /** Someone else saved since the document was read: the user chooses. */
  conflict: boolean
  /** The document differs from the last one loaded or saved. */
  dirty: boolean
}

export interface SessionHost {
  store: EditorStore
  api: EditorApi
  texts(): EditorTexts
  surveyId(): string | null
  setSurveyId(id: string): void
  workspaceId(): string | null
  /** Problems the editor finds itself in a document (its logic, which the server keeps unchecked): they refuse a save too. */
  localProblems?(doc: Json): Problem[]
  emit(name: 'canvass-load' | 'canvass-change' | 'canvass-saved' | 'canvass-error', detail: Json): void
}

export interface Session {
  readonly state: SessionState
  subscribe(listener: () => void): () => void
  load(id: string): Promise<void>
  /** A document given by the host (`survey` property): loaded without a fetch. */
  loadDocument(doc: Json): void
  save(): Promise<boolean>
  loadTheirs(): Promise<void>
  keepMine(): Promise<boolean>
  /**
   * Reads the survey again and merges what changed on the server (a status set in the console) into the
   * document, unsaved work kept; a field changed on both sides is a conflict, as on a save.
   */
  refresh(): Promise<void>
  dispose(): void
}

const VALIDATE_DELAY_MS = 400

/** A session with nothing going on: no message, no problems, no conflict, nothing unsaved. */
const IDLE: SessionState = {
  phase: 'idle',
  message: '',
  problems: [],
  showProblems: false,
  validating: false,
  conflict: false,
  dirty: false,
}

/** What a session's save shares with the rest of it. */
interface SessionCore {
  host: SessionHost
  /** The document as last loaded or saved: the editor is dirty while the store's is another. */
  saved: Json
  /**
   * The `updatedAt` of the survey as last read or saved: sent with every save whatever the document holds, so
   * that an undo past a save does not bring back an older precondition.
   */
  updatedAt: unknown
  setState(change: Partial<SessionState>): void
  fail(error: unknown, prefix: string): void
  /** Merges the server's document into the editor's (see `catchUp`); false when a field conflicts. */
  catchUp(theirs: Json, prefer?: 'none' | 'mine'): boolean
}

/**
 * Takes what changed on the server since the last load or save into the editor's document (three-way, per
 * top-level field, `merge.ts`): theirs becomes the base, its `updatedAt` the precondition. A field both sides
 * changed is a conflict (false), unless `prefer` is `mine`; the document is then left as it is.
 */
function catchUp(core: SessionCore, theirs: Json, prefer: 'none' | 'mine' = 'none'): boolean {
  const { store } = core.host
  const { merged, conflicts } = mergeSurveys(core.saved, store.doc, theirs, prefer)
  if (conflicts.length > 0 && prefer === 'none') return false
  core.updatedAt = theirs.updatedAt
  if (!sameJson(merged, store.doc)) store.update(() => merged as typeof store.doc)
  core.saved = sameJson(store.doc, theirs) ? store.doc : theirs
  core.setState({ dirty: store.doc !== core.saved })
  return true
}

/** Saves the document (creates the survey when it has no id yet); false when the server refused it, a 409 thrown. */
async function writeSurvey(core: SessionCore): Promise<boolean> {
  const { host, setState } = core
  const { store, api } = host
  const texts = host.texts()
  const id = host.surveyId()
  if (core.updatedAt !== undefined) store.amend(surveyField('updatedAt'), core.updatedAt)
  const doc = store.doc
  setState({ phase: 'saving', message: texts.saving })
  try {
    let answer: Json
    if (id) {
      answer = await api.save(id, doc)
    } else {
      const workspaceId = host.workspaceId()
      if (!workspaceId) throw new EditorApiError('Set workspace-id (or survey-id) before saving', 0)
      answer = await api.create(doc, workspaceId)
      if (typeof answer.id === 'string') {
        host.setSurveyId(answer.id)
        store.amend(surveyField('id'), answer.id)
      }
    }
    // The server's new `updatedAt` is the precondition of the next save; the user's document stays as it is.
    const untouched = store.doc === doc
    let sent = doc
    if (typeof answer.updatedAt === 'string') {
      core.updatedAt = answer.updatedAt
      store.amend(surveyField('updatedAt'), answer.updatedAt)
      sent = surveyField('updatedAt').set(doc, answer.updatedAt)
    }
    // What was typed while the save was on its way stays unsaved.
    core.saved = untouched ? store.doc : sent
    setState({ phase: 'idle', dirty: !untouched, message: texts.saved, problems: [], showProblems: false, conflict: false })
    host.emit('canvass-saved', { survey: clone(answer) })
    return true
  } catch (error) {
    // Someone else saved meanwhile: `writeMerging` merges and tries again before it asks the person.
    if (error instanceof EditorApiError && error.status === 409) throw error
    const refused = refusal(error, texts)
    if (refused) {
      setState(refused.state)
      host.emit('canvass-error', refused.event)
      return false
    }
    core.fail(error, texts.saveFailed)
    return false
  }
}

/**
 * A save refused because the survey changed meanwhile: what only they changed (a status set in the console)
 * is merged in and the save tried again, once; only a field both sides changed is a conflict for the person.
 */
async function writeMerging(core: SessionCore): Promise<boolean> {
  const first = await attempt(core)
  if (first !== 'conflict') return first
  const id = core.host.surveyId()
  try {
    if (id && core.catchUp(await core.host.api.load(id))) {
      const second = await attempt(core)
      if (second !== 'conflict') return second
    }
  } catch (error) {
    core.fail(error, core.host.texts().saveFailed)
    return false
  }
  const texts = core.host.texts()
  core.setState({ phase: 'idle', conflict: true, message: texts.conflict })
  core.host.emit('canvass-error', { message: texts.conflict, status: 409 })
  return false
}

/** One save; a 409 is told to the caller, which merges before the person is asked. */
async function attempt(core: SessionCore): Promise<boolean | 'conflict'> {
  try {
    return await writeSurvey(core)
  } catch (error) {
    if (error instanceof EditorApiError && error.status === 409) return 'conflict'
    throw error
  }
}

/** What a refused save says: the server's problems with the document. */
function refusal(error: unknown, texts: EditorTexts): { state: Partial<SessionState>; event: Json } | undefined {
  if (!(error instanceof EditorApiError)) return undefined
  if ((error.status === 400 || error.status === 422) && error.problems.length > 0) {
    return {
      state: { phase: 'idle', problems: error.problems, showProblems: true, message: texts.problemsRefused },
      event: { message: error.message, status: error.status, problems: error.problems },
    }
  }
  return undefined
}

/** "Keep mine": mine where both changed a field, theirs where only they did (a status), then the save. */
async function keepMine(core: SessionCore, write: () => Promise<boolean>): Promise<boolean> {
  const id = core.host.surveyId()
  if (!id) return false
  try {
    catchUp(core, await core.host.api.load(id), 'mine')
  } catch (error) {
    core.fail(error, core.host.texts().saveFailed)
    return false
  }
  return write()
}

/** Takes in what changed on the server without saving; a field both sides changed is a conflict. */
async function refresh(core: SessionCore): Promise<void> {
  const id = core.host.surveyId()
  if (!id) return
  try {
    if (!catchUp(core, await core.host.api.load(id))) core.setState({ conflict: true, message: core.host.texts().conflict })
  } catch (error) {
    core.fail(error, core.host.texts().loadFailed)
  }
}

export function createSession(host: SessionHost): Session {
  const { store, api } = host
  let state: SessionState = IDLE
  let timer: ReturnType<typeof setTimeout> | undefined
  let pending: AbortController | undefined
  let checked: Promise<void> = Promise.resolve()
  const listeners = new Set<() => void>()
  const setState = (change: Partial<SessionState>) => {
    state = { ...state, ...change }
    for (const listener of listeners) listener()
  }
  const fail = (error: unknown, prefix: string) => {
    const status = error instanceof EditorApiError ? error.status : undefined
    const message = `${prefix}: ${error instanceof Error ? error.message : String(error)}`
    setState({ phase: 'idle', message })
    host.emit('canvass-error', { message, ...(status !== undefined ? { status } : {}) })
  }
  const core: SessionCore = {
    host,
    saved: store.doc,
    updatedAt: store.doc.updatedAt,
    setState,
    fail,
    catchUp: (theirs, prefer) => catchUp(core, theirs, prefer),
  }

  /** Asks the server what it thinks of the document as it is now; the answer of an older request is ignored. */
  const validateNow = (): Promise<void> => {
    clearTimeout(timer)
    timer = undefined
    pending?.abort()
    const controller = new AbortController()
    pending = controller
    const doc = store.doc
    setState({ validating: true })
    checked = api
      .validate(doc, { surveyId: host.surveyId() ?? undefined, workspaceId: host.workspaceId() ?? undefined }, controller.signal)
      .then(
        (result) => {
          if (pending !== controller) return
          setState({ validating: false, problems: result.problems, showProblems: state.showProblems && result.problems.length > 0 })
        },
        (error) => {
          if (pending !== controller || (error as Error)?.name === 'AbortError') return
          // The server could not check: the save will say what it thinks.
          setState({ validating: false })
        },
      )
    return checked
  }

  const unsubscribe = store.subscribe(() => {
    // "Saved" and the like are about the document before this change; a conflict or refused save stays said.
    const keep = state.conflict || state.showProblems || state.phase !== 'idle'
    setState({ dirty: store.doc !== core.saved, message: keep ? state.message : '' })
    host.emit('canvass-change', { survey: clone(store.doc) })
    clearTimeout(timer)
    timer = setTimeout(() => void validateNow(), VALIDATE_DELAY_MS)
  })

  const loaded = (doc: Json, event = true) => {
    core.saved = doc
    core.updatedAt = doc.updatedAt
    store.reset(doc)
    setState({ phase: 'idle', conflict: false, dirty: false, problems: [], showProblems: false, message: '' })
    if (event) host.emit('canvass-load', { survey: clone(doc) })
    void validateNow()
  }

  const write = () => writeMerging(core)

  const session: Session = {
    get state() {
      return state
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    async load(id) {
      setState({ phase: 'loading', message: host.texts().loading })
      try {
        loaded(await api.load(id))
      } catch (error) {
        fail(error, host.texts().loadFailed)
      }
    },
    loadDocument(doc) {
      loaded(clone(doc), false)
    },
    async save() {
      if (state.phase === 'saving') return false
      // Saving with problems is refused here, with them shown: the server would refuse it too.
      await validateNow()
      const problems = [...state.problems, ...(host.localProblems?.(store.doc) ?? [])]
      if (problems.length > 0) {
        const texts = host.texts()
        setState({ showProblems: true, message: texts.problemsRefused })
        host.emit('canvass-error', { message: texts.problemsRefused, problems })
        return false
      }
      return write()
    },
    async loadTheirs() {
      const id = host.surveyId()
      if (id) await session.load(id)
    },
    keepMine: () => keepMine(core, write),
    refresh: () => (state.phase === 'idle' ? refresh(core) : Promise.resolve()),
    dispose() {
      clearTimeout(timer)
      pending?.abort()
      unsubscribe()
    },
  }
  return session
}
