import type { Ref } from 'preact'
import { useEffect, useMemo, useRef, useState } from 'preact/hooks'
import type { EditorApi, Problem } from './api'
import type { ElementPlace } from './blocks'
import { Blocks, addBlock, addQuestion, headlineId } from './blocks'
import { Endings, WelcomeCard } from './cards'
import type { Json, Path } from './doc'
import { surveyField } from './doc-field'
import { asDocument, blocksOf, defaultLanguageOf, languagesOf } from './doc'
import type { EditorTexts } from './i18n'
import { HiddenFieldsEditor, LanguagesEditor, VariablesEditor, applyLanguagesPatch, logicProblemMessages } from './logic'
import type { LogicTexts } from './logic'
import { Preview } from './preview'
import { SettingsPanel } from './settings'
import { QuotasPanel } from './quotas'
import type { Session } from './session'
import type { EditorStore } from './store'
import type { EditorContextValue } from './ui/context'
import { EditorContext, cardKey, cardOfId, fieldId, pathKey, useEditor } from './ui/context'
import { revealed } from './ui/advanced'
import type { ElementType } from './elements'
import { TypePicker } from './type-picker'
import { Section, SelectField, TextField } from './ui/fields'
import { StylingPanel } from './styling/styling-panel'
import type { View } from './views'
import { ViewTabs, viewOfPath, viewPanelId, viewTabId } from './views'
import { plainProblem, problemPlace } from './ui/problem-place'

export interface AppProps {
  store: EditorStore
  session: Session
  texts: EditorTexts
  /** The logic panels' texts (`logicTextsFor(lang)`). */
  logicTexts: LogicTexts
  /** The Canvass base URL (the preview loads the renderer from it). */
  api: string
  client: EditorApi
  /** The shadow root: focus targets are looked up in it. */
  root: ShadowRoot
  /** The host page's CSP nonce, for the preview's styles (the element's `nonce`). */
  nonce?: string
  /** The element's `readonly`: shown, never changed or saved. */
  readOnly?: boolean
}

/** Subscribes a component to something with `subscribe`, re-rendering on each change. */
function useSubscription(source: { subscribe(listener: () => void): () => void }) {
  const [, setTick] = useState(0)
  useEffect(() => source.subscribe(() => setTick((tick) => tick + 1)), [source])
}

/** The editor's whole UI: toolbar, problems, conflict, the document's parts and the preview. */
export function App({ store, session, texts, logicTexts, api, client, root, nonce, readOnly = false }: AppProps) {
  useSubscription(store)
  useSubscription(session)
  const doc = store.doc
  const state = session.state
  const [previewing, setPreviewing] = useState(false)
  const lastElement = useRef<ElementPlace | undefined>(undefined)
  const summary = useRef<HTMLDivElement>(null)
  // The open question card: the first until the person opens another or closes it (null).
  const [openCard, setOpenCard] = useState<string | null | undefined>(undefined)
  const picker = usePicker(root)
  const [view, setView] = useState<View>('questions')

  const { focusLater: focusAfterRender, historyStep } = useFocusAfterRender(root, doc)
  const focusLater = (id: string) => {
    const card = cardOfId(id)
    if (card) setOpenCard(card)
    focusAfterRender(id)
  }
  useEffect(() => {
    if (state.showProblems) summary.current?.focus()
  }, [state.showProblems])

  // The server keeps logic unchecked: the editor's own findings about it are shown with the server's problems
  // (and refuse a save, session.ts `localProblems`).
  const problems = useMemo(() => allProblems(state.problems, doc, texts, logicTexts), [state.problems, doc, logicTexts, texts])
  const byPath = useMemo(() => {
    const map = new Map<string, Problem[]>()
    for (const problem of problems) map.set(problem.path, [...(map.get(problem.path) ?? []), problem])
    return map
  }, [problems])

  const defaultLanguage = defaultLanguageOf(doc)
  const context: EditorContextValue = {
    doc,
    texts,
    logicTexts,
    languages: languagesOf(doc),
    defaultLanguage,
    write: (field, value) => !readOnly && store.set(field, value, pathKey(field.path)),
    update: (change) => !readOnly && store.update(change),
    problemsAt: (path: Path) => byPath.get(pathKey(path)) ?? [],
    focusLater,
    readOnly,
    openCard: openCard === undefined ? cardKey(0, 0) : openCard,
    setOpenCard,
    pickType: picker.open,
  }
  useReadOnlyControls(root, readOnly)

  const onAddQuestion = () =>
    picker.open(undefined, (type) => {
      setView('questions')
      const { doc: next, place } = addQuestion(store.doc, lastElement.current, defaultLanguage, type)
      store.update(() => next)
      lastElement.current = place
      focusLater(headlineId(place))
    })
  const onAddBlock = () => {
    setView('questions')
    const { doc: next, place } = addBlock(store.doc, lastElement.current?.block, defaultLanguage)
    store.update(() => next)
    lastElement.current = place
    context.focusLater(headlineId(place))
  }
  const undo = () => {
    if (store.undo()) historyStep.current = store.doc
  }
  const redo = () => {
    if (store.redo()) historyStep.current = store.doc
  }
  useShortcuts(root, {
    undo,
    redo,
    save: () => {
      commitFocused(root)
      void session.save()
    },
    readOnly,
  })

  return (
    <EditorContext.Provider value={context}>
      <div class="cse-root">
        <Toolbar
          readOnly={readOnly}
          texts={texts}
          store={store}
          session={session}
          previewing={previewing}
          onPreview={() => setPreviewing((shown) => !shown)}
          onAddQuestion={onAddQuestion}
          onAddBlock={onAddBlock}
          onUndo={undo}
          onRedo={redo}
        />
        {state.conflict && !readOnly && <ConflictBanner texts={texts} session={session} />}
        {problems.length > 0 && (
          <ProblemList
            problems={problems}
            texts={texts}
            summaryRef={summary}
            onFocus={(path) => focusProblemOpening(root, store.doc, path, { openCard: context.openCard, setOpenCard, view, setView })}
          />
        )}
        <div class={`cse-main${previewing ? ' cse-with-preview' : ''}`}>
          <Panels store={store} client={client} view={view} onView={setView} onFocusElement={(place) => (lastElement.current = place)} />
          {previewing && <Preview doc={doc} api={api} client={client} texts={texts} nonce={nonce} />}
        </div>
        {picker.shown && <TypePicker texts={texts} {...picker.shown} />}
      </div>
    </EditorContext.Provider>
  )
}

/** The server's problems in plain words (`plainProblem`), then the editor's own about the logic. */
const allProblems = (server: Problem[], doc: Json, texts: EditorTexts, logicTexts: LogicTexts): Problem[] => [
  ...server.map((problem) => plainProblem(problem, texts)),
  ...logicProblemMessages(asDocument(doc), logicTexts),
]
interface PickerShown {
  current?: string
  onChoose(type: ElementType): void
  onCancel(): void
}

/**
 * The question type picker's state: `open(current, choose)` shows it; a choice calls `choose` (which moves the
 * focus where the choice leads), Escape or Cancel puts the focus back on the control that opened it.
 */
function usePicker(root: ShadowRoot) {
  const [shown, setShown] = useState<PickerShown | undefined>(undefined)
  const returnTo = useRef<HTMLElement | null>(null)
  useEffect(() => {
    if (shown || !returnTo.current) return
    if (returnTo.current.isConnected) returnTo.current.focus()
    returnTo.current = null
  }, [shown])
  const open = (current: string | undefined, choose: (type: ElementType) => void) => {
    const from = root.activeElement as HTMLElement | null
    setShown({
      current,
      onChoose: (type) => {
        setShown(undefined)
        choose(type)
      },
      onCancel: () => {
        returnTo.current = from
        setShown(undefined)
      },
    })
  }
  return { shown, open }
}

/**
 * Focus moves after the render that made its target (a new question's headline, a moved item's button):
 * `focusLater(id)` asks for it. `historyStep` is set to the document an undo or redo left.
 */
function useFocusAfterRender(root: ShadowRoot, doc: Json) {
  /** The control to focus after the next render, and the control that had the focus when that was asked. */
  const focusTarget = useRef<{ id: string; from: Element | null } | undefined>(undefined)
  /**
   * The document an undo or redo left: the effects of the render that shows it move the focus if the step
   * removed it. Not a flag that any effect takes: a render's effects still pending when the step comes run
   * before the step's own render, while the control it removes still has the focus.
   */
  const historyStep = useRef<unknown>(undefined)
  useEffect(() => {
    // An undo or redo that removed the focused control (an added variable, question, rule) would leave the focus
    // on the page, out of the editor's shortcuts: it goes to Undo (or Redo, when nothing is left to undo).
    if (historyStep.current !== undefined && historyStep.current === doc) {
      historyStep.current = undefined
      if (!root.activeElement) {
        const undo = root.getElementById('cse-undo') as HTMLButtonElement | null
        const redo = root.getElementById('cse-redo') as HTMLButtonElement | null
        ;(undo && !undo.disabled ? undo : redo)?.focus()
      }
    }
    const wanted = focusTarget.current
    if (!wanted) return
    // Effects run after paint: a person who has tabbed on meanwhile (past a question type just changed) keeps
    // their place, and what they type goes where they are.
    const active = root.activeElement
    if (active && active !== wanted.from) {
      focusTarget.current = undefined
      return
    }
    const target = root.getElementById(wanted.id) as HTMLButtonElement | null
    // On a slow device the effects of an earlier render (a keystroke's) can run after the request and before the
    // render that makes its target: the request waits for that render.
    if (!target) return
    focusTarget.current = undefined
    // A moved item's button may have become disabled (Move down on the last item): its neighbour takes the focus.
    const usable = target?.disabled ? target.parentElement?.querySelector<HTMLElement>('button:not(:disabled)') : target
    if (usable) revealed(usable).focus()
  })
  const focusLater = (id: string) => {
    focusTarget.current = { id, from: root.activeElement }
  }
  return { focusLater, historyStep }
}

interface ToolbarProps {
  readOnly: boolean
  texts: EditorTexts
  store: EditorStore
  session: Session
  previewing: boolean
  onPreview(): void
  onAddQuestion(): void
  onAddBlock(): void
  onUndo(): void
  onRedo(): void
}

/** The survey's name and status, adding, undo and redo, the preview, saving and the status line. */
function Toolbar(props: ToolbarProps) {
  const { texts, store, session, readOnly } = props
  const state = session.state
  const status: unknown = surveyField('status').get(store.doc)
  const message = useDismissible(state.message, state.phase === 'idle' && !state.conflict && !state.showProblems)
  return (
    <div class="cse-toolbar">
      <TextField field={surveyField('name')} label={texts.surveyName} />
      <SelectField
        field={surveyField('status')}
        label={texts.status}
        defaultValue="draft"
        // The statuses a save (v3 PATCH) takes; a survey scheduled elsewhere shows it, not offered anew.
        options={[
          { value: 'draft', label: texts.statusDraft },
          ...(status === 'scheduled' ? [{ value: 'scheduled', label: texts.statusScheduled, disabled: true }] : []),
          { value: 'inProgress', label: texts.statusInProgress },
          { value: 'paused', label: texts.statusPaused },
          { value: 'completed', label: texts.statusCompleted },
        ]}
      />
      {!readOnly && (
        <>
          <button type="button" onClick={props.onAddQuestion}>
            {texts.addQuestion}
          </button>
          <button type="button" id="cse-add-block" onClick={props.onAddBlock}>
            {texts.addBlock}
          </button>
          <button type="button" id="cse-undo" disabled={!store.canUndo} aria-keyshortcuts="Control+Z" onClick={props.onUndo}>
            {texts.undo}
          </button>
          <button type="button" id="cse-redo" disabled={!store.canRedo} aria-keyshortcuts="Control+Shift+Z" onClick={props.onRedo}>
            {texts.redo}
          </button>
        </>
      )}
      <button type="button" aria-pressed={props.previewing} onClick={props.onPreview}>
        {texts.preview}
      </button>
      {!readOnly && (
        <button type="button" class="cse-primary" disabled={state.phase === 'saving'} onClick={() => void session.save()}>
          {texts.save}
        </button>
      )}
      <div class="cse-status-line">
        <p class="cse-status" role="status">
          {message.shown || (state.dirty ? texts.unsaved : '')}
        </p>
        {message.shown && (
          <button type="button" class="cse-dismiss" aria-label={texts.dismiss} onClick={message.dismiss}>
            ×
          </button>
        )}
      </div>
    </div>
  )
}

/** How long a notice of the status line stays before it closes itself. */
const NOTICE_MS = 6000

/** A status message that closes itself after a while (when `transient`) and can be closed at once. */
function useDismissible(message: string, transient: boolean): { shown: string; dismiss(): void } {
  const [dismissed, setDismissed] = useState<string | null>(null)
  useEffect(() => {
    setDismissed(null)
    if (!message || !transient) return
    const timer = setTimeout(() => setDismissed(message), NOTICE_MS)
    return () => clearTimeout(timer)
  }, [message, transient])
  return { shown: dismissed === message ? '' : message, dismiss: () => setDismissed(message) }
}

/**
 * Ctrl+S: the control in focus gives its value to the document first (a number committed on change, a token
 * still being typed), as leaving it would, so that the save has it and the render after it does not erase it.
 */
function commitFocused(root: ShadowRoot) {
  let active = root.activeElement as HTMLElement | null
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement as HTMLElement
  if (!(active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement || active instanceof HTMLSelectElement)) return
  active.dispatchEvent(new Event('change', { bubbles: true }))
  active.dispatchEvent(new FocusEvent('blur'))
}

/**
 * Read-only (a viewer's): every control of the forms that would change the document is made read-only or
 * disabled after each render, whichever component drew it; buttons that only show or hide (`aria-expanded`)
 * and the preview's stay usable. The writes themselves are refused in the context and the shortcuts.
 */
function useReadOnlyControls(root: ShadowRoot, readOnly: boolean) {
  useEffect(() => {
    const controls = root.querySelectorAll<HTMLInputElement>('.cse-forms :is(input, textarea, select, button)')
    for (const control of controls) {
      const locked = control.dataset.cseLocked
      if (!readOnly) {
        // Back to writable: only what this hook locked is unlocked.
        if (locked) control[locked as 'disabled' | 'readOnly'] = false
        delete control.dataset.cseLocked
        continue
      }
      if (locked || control[textLike(control) ? 'readOnly' : 'disabled']) continue
      if (control instanceof HTMLButtonElement && (control.hasAttribute('aria-expanded') || control.closest('.cse-preview'))) continue
      const property = textLike(control) ? 'readOnly' : 'disabled'
      control[property] = true
      control.dataset.cseLocked = property
    }
  })
}

/** A control that can be read-only (a text, a number), rather than disabled. */
const textLike = (control: HTMLElement) =>
  (control instanceof HTMLInputElement && !['checkbox', 'radio', 'color', 'file', 'range', 'button'].includes(control.type)) ||
  control instanceof HTMLTextAreaElement

interface PanelsProps {
  store: EditorStore
  client: EditorApi
  view: View
  onView(view: View): void
  onFocusElement(place: ElementPlace): void
}

/**
 * The editor's views as tabs, and the panels of the one shown, top to bottom, each one line; the short ones two by
 * two where there is room.
 */
function Panels({ store, client, view, onView, onFocusElement }: PanelsProps) {
  const { doc, texts, logicTexts, write } = useEditor()
  return (
    <div class="cse-forms">
      <ViewTabs view={view} onView={onView} texts={texts} />
      <div class="cse-view" id={viewPanelId} role="tabpanel" aria-labelledby={viewTabId(view)}>
        {view === 'questions' && (
          <>
            <div class="cse-pair">
              <Section title={logicTexts.languagesHeading}>
                <LanguagesEditor
                  survey={doc}
                  texts={logicTexts}
                  onChange={(patch) => store.update((current) => asDocument(applyLanguagesPatch(current, patch)))}
                />
              </Section>
              <WelcomeCard />
            </div>
            <Blocks onFocusElement={onFocusElement} />
            <Endings />
            <div class="cse-pair">
              <Section title={logicTexts.variablesHeading}>
                <VariablesEditor survey={doc} texts={logicTexts} onChange={(variables) => write(surveyField('variables'), variables)} />
              </Section>
              <Section title={logicTexts.hiddenFieldsHeading}>
                <HiddenFieldsEditor
                  survey={doc}
                  texts={logicTexts}
                  onChange={(hiddenFields) => write(surveyField('hiddenFields'), hiddenFields)}
                />
              </Section>
            </div>
          </>
        )}
        {view === 'settings' && <SettingsPanel api={client} />}
        {view === 'styling' && <StylingPanel doc={doc} onChange={(change) => store.update(change)} />}
        {view === 'quotas' && <QuotasPanel client={client} />}
      </div>
    </div>
  )
}

interface ProblemOpening {
  openCard: string | null
  setOpenCard(key: string): void
  view: View
  setView(view: View): void
}

/**
 * Focuses a problem's field; a problem in another view shows that view first, one in a closed card opens it, and
 * its field is found once it is drawn.
 */
function focusProblemOpening(root: ShadowRoot, doc: Json, path: string, { openCard, setOpenCard, view, setView }: ProblemOpening) {
  const wanted = viewOfPath(path)
  const card = /^blocks\.(\d+)\.elements\.(\d+)/.exec(path)
  const key = card && cardKey(Number(card[1]), Number(card[2]))
  if (wanted === view && (!key || key === openCard)) return focusProblem(root, doc, path)
  if (wanted !== view) setView(wanted)
  if (key && key !== openCard) setOpenCard(key)
  setTimeout(() => focusProblem(root, doc, path))
}

/** Focuses the control of a problem's field in `root`, or the nearest one above it. */
function focusProblem(root: ShadowRoot, doc: Json, path: string) {
  // A block's logic has no field ids: its rule (or its fallback list) takes the focus.
  const logic = /^blocks\.(\d+)\.(logic\.(\d+)|logicFallback)/.exec(path)
  if (logic) {
    const block = root.querySelectorAll('.cse-block')[Number(logic[1])]
    const rules = (blocksOf(doc)[Number(logic[1])]?.logic ?? []) as Array<{ id?: unknown }>
    const rule = logic[3] === undefined ? undefined : rules[Number(logic[3])]
    const target = rule
      ? block?.querySelector<HTMLElement>(`[data-cse-focus="rule:${String(rule.id)}"]`)
      : block?.querySelector<HTMLElement>('.cse-logic-fallback select')
    if (target) return revealed(target).focus()
  }
  const parts = path.split('.')
  for (let end = parts.length; end > 0; end--) {
    const head = parts.slice(0, end)
    const candidates = [fieldId(head)]
    if (end >= 2) candidates.push(fieldId(head.slice(0, -1), head[head.length - 1]))
    for (const id of candidates) {
      const target = root.getElementById(id) as HTMLElement | null
      if (target) {
        revealed(target).focus()
        return
      }
    }
  }
}

interface Shortcuts {
  undo(): void
  redo(): void
  save(): void
  /** Read-only: the shortcuts do nothing (and the browser's Save dialog does not open either). */
  readOnly: boolean
}

/** Undo, redo and save shortcuts anywhere in the editor (a listener on the shadow root, not on a static element). */
function useShortcuts(root: ShadowRoot, shortcuts: Shortcuts) {
  const current = useRef(shortcuts)
  current.current = shortcuts
  useEffect(() => {
    const listener = (event: Event) => {
      const keys = event as KeyboardEvent
      if (!(keys.ctrlKey || keys.metaKey) || keys.altKey) return
      const key = keys.key.toLowerCase()
      const { undo, redo, save, readOnly } = current.current
      if (readOnly && ['z', 'y', 's'].includes(key)) keys.preventDefault()
      else if (key === 'z' && !keys.shiftKey) undo()
      else if ((key === 'z' && keys.shiftKey) || key === 'y') redo()
      else if (key === 's') save()
      else return
      keys.preventDefault()
    }
    root.addEventListener('keydown', listener)
    return () => root.removeEventListener('keydown', listener)
  }, [root])
}

/** Someone else saved meanwhile: load their version, or keep this one and overwrite theirs. */
function ConflictBanner({ texts, session }: { texts: EditorTexts; session: Session }) {
  return (
    <div class="cse-conflict" role="alert">
      <p>{texts.conflict}</p>
      <div class="cse-row-buttons">
        <button type="button" onClick={() => void session.loadTheirs()}>
          {texts.loadTheirs}
        </button>
        <button type="button" onClick={() => void session.keepMine()}>
          {texts.keepMine}
        </button>
      </div>
    </div>
  )
}

interface ProblemListProps {
  problems: Problem[]
  texts: EditorTexts
  /** The summary, focused when a save is refused for these problems. */
  summaryRef: Ref<HTMLDivElement>
  onFocus(path: string): void
}

/** The problems to fix before saving, each a button to the field at fault. */
function ProblemList({ problems, texts, summaryRef, onFocus }: ProblemListProps) {
  return (
    <div class="cse-problems" ref={summaryRef} tabIndex={-1} aria-labelledby="cse-problems-title">
      <h2 id="cse-problems-title">{texts.problems}</h2>
      <ul>
        {problems.map((problem, index) => (
          <li key={index}>
            <button type="button" onClick={() => onFocus(problem.path)}>
              {problem.path ? `${problemPlace(problem.path, texts)}: ` : ''}
              {problem.message}
            </button>
          </li>
        ))}
      </ul>
    </div>
  )
}
