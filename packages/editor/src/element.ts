/**
 * @module
 * `<canvass-survey-editor>`: the embeddable survey editor (docs/architecture.md). Loading this module defines
 * the element. Attributes `api`, `token`, `survey-id`, `workspace-id`, `lang`, `nonce` (the
 * page's CSP nonce, for its styles), `readonly` (shown, not changed: a viewer's); properties `survey`,
 * `requestHeaders` (headers sent instead of the token, with the page's cookies: the console's), `readOnly` and
 * `dirty` (read only: unsaved changes); methods `save()`, `undo()`, `redo()`, `refresh()`; events `canvass-load`, `canvass-change`, `canvass-saved`, `canvass-error`
 * (bubbling, composed). Everything renders in an open shadow root, themed by `--canvass-editor-*` properties.
 */
import { h, render } from 'preact'
import { createEditorApi } from './api'
import { App } from './app'
import type { Json } from './doc'
import { clone } from './doc'
import { newElement } from './elements'
import { editorTexts } from './i18n'
import { LOGIC_STYLES, logicProblemMessages, logicTexts } from './logic'
import { SETTINGS_STYLES } from './settings/styles'
import type { LogicTexts } from './logic'
import type { Session } from './session'
import { createSession } from './session'
import type { EditorStore } from './store'
import { createEditorStore } from './store'
import { EDITOR_STYLES } from './styles'

export { addEditorLanguage } from './i18n'
export type { EditorTexts } from './i18n'

/** The document a new survey starts from: a link survey of one block with one open text, one end screen. */
function newSurvey(): Json {
  const lang = 'en-US'
  return {
    name: 'New survey',
    type: 'link',
    status: 'draft',
    defaultLanguage: lang,
    languages: [{ code: lang, default: true, enabled: true }],
    welcomeCard: { enabled: false },
    blocks: [{ id: 'block-1', name: 'Block 1', elements: [newElement('openText', 'question-1', lang)] }],
    endings: [{ id: 'ending-1', type: 'endScreen', headline: { [lang]: 'Thank you!' } }],
    hiddenFields: { enabled: true, fieldIds: [] },
    variables: [],
  }
}

/** The logic panels' texts for a `lang` attribute: German for `de…`, else English (they have no other language). */
function logicTextsFor(lang: string | null): LogicTexts {
  return (lang ?? 'en').toLowerCase().split('-')[0] === 'de' ? logicTexts.de : logicTexts.en
}

const BaseElement = (typeof HTMLElement === 'undefined' ? class {} : HTMLElement) as typeof HTMLElement

export class CanvassSurveyEditor extends BaseElement {
  static observedAttributes = ['api', 'token', 'survey-id', 'workspace-id', 'lang', 'readonly']

  readonly #store: EditorStore = createEditorStore(newSurvey())
  readonly #client = createEditorApi(
    () => (this.getAttribute('api') ?? '').replace(/\/+$/, ''),
    () => this.getAttribute('token'),
    () => this.#requestHeaders,
  )
  #requestHeaders: Readonly<Record<string, string>> | null = null
  #session: Session | undefined
  /** The survey id the editor loaded (or made): setting `survey-id` to it again fetches nothing. */
  #loadedId: string | null = null
  #given: Json | undefined

  constructor() {
    super()
    // Set on the element before this module defined it: an own property that would hide the setter. Taken
    // here, before the attributes' callbacks of the upgrade load the survey.
    if (Object.hasOwn(this, 'requestHeaders')) {
      const given = (this as { requestHeaders?: Record<string, string> | null }).requestHeaders
      delete (this as { requestHeaders?: unknown }).requestHeaders
      this.#requestHeaders = null
      this.requestHeaders = given
    }
  }

  get survey(): Json {
    return clone(this.#store.doc)
  }

  set survey(doc: Json) {
    this.#given = clone(doc)
    if (typeof doc.id === 'string') this.#loadedId = doc.id
    this.#sessionOf().loadDocument(doc)
  }

  /**
   * Headers every API call sends instead of `Authorization: Bearer <token>`, with the page's cookies
   * (`credentials: 'same-origin'`): a page on Canvass's own origin whose session the server reads (the console
   * sets `x-canvass-console`, `x-canvass-csrf` and `x-canvass-environment`). No token is needed then. null (the
   * default) goes back to the token.
   */
  get requestHeaders(): Record<string, string> | null {
    return this.#requestHeaders && { ...this.#requestHeaders }
  }

  set requestHeaders(headers: Record<string, string> | null | undefined) {
    if (headers !== null && headers !== undefined && (typeof headers !== 'object' || Array.isArray(headers)))
      throw new TypeError('requestHeaders is an object of header names and values, or null')
    // A copy of the names and values as text: a later change to the host's object sends nothing unchecked.
    this.#requestHeaders = headers
      ? Object.freeze(Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, String(value)])))
      : null
    if (this.isConnected) this.#loadIfNeeded()
  }

  /** Whether the document differs from the one last loaded or saved: a host asks before leaving when it does. */
  get dirty(): boolean {
    return this.#session?.state.dirty ?? false
  }

  /** The `readonly` attribute: the survey is shown with no control that changes or saves it (a viewer's). */
  get readOnly(): boolean {
    return this.hasAttribute('readonly')
  }

  set readOnly(value: boolean) {
    this.toggleAttribute('readonly', Boolean(value))
  }

  save(): Promise<boolean> {
    if (this.readOnly) return Promise.resolve(false)
    return this.#sessionOf().save()
  }

  /**
   * Reads the survey again and merges in what changed on the server (a status set by the host), unsaved work
   * kept: a host that changed the survey itself calls it, so that the next save neither conflicts nor undoes it.
   */
  refresh(): Promise<void> {
    return this.#sessionOf().refresh()
  }

  undo(): void {
    if (!this.readOnly) this.#store.undo()
  }

  redo(): void {
    if (!this.readOnly) this.#store.redo()
  }

  connectedCallback(): void {
    const root = this.shadowRoot ?? this.attachShadow({ mode: 'open' })
    this.#sessionOf()
    this.#render(root)
    this.#loadIfNeeded()
  }

  disconnectedCallback(): void {
    if (this.shadowRoot) render(null, this.shadowRoot)
  }

  attributeChangedCallback(name: string, previous: string | null, next: string | null): void {
    if (previous === next || !this.isConnected) return
    if ((name === 'lang' || name === 'readonly') && this.shadowRoot) this.#render(this.shadowRoot)
    if (name === 'survey-id' || name === 'api' || name === 'token') this.#loadIfNeeded()
  }

  #sessionOf(): Session {
    this.#session ??= createSession({
      store: this.#store,
      api: this.#client,
      texts: () => editorTexts(this.getAttribute('lang')),
      surveyId: () => this.getAttribute('survey-id'),
      setSurveyId: (id) => {
        this.#loadedId = id
        this.setAttribute('survey-id', id)
      },
      workspaceId: () => this.getAttribute('workspace-id'),
      localProblems: (doc) => logicProblemMessages(doc, logicTextsFor(this.getAttribute('lang'))),
      emit: (name, detail) => this.dispatchEvent(new CustomEvent(name, { detail, bubbles: true, composed: true })),
    })
    return this.#session
  }

  #loadIfNeeded(): void {
    const id = this.getAttribute('survey-id')
    if (!id || id === this.#loadedId || !this.getAttribute('api') || this.#given?.id === id) return
    this.#loadedId = id
    void this.#sessionOf().load(id)
  }

  #render(root: ShadowRoot): void {
    const lang = this.getAttribute('lang')
    const texts = editorTexts(lang)
    // On a page whose CSP allows styles by nonce only (Canvass's console), the element carries the page's nonce.
    const nonce = this.nonce || this.getAttribute('nonce') || undefined
    render(
      [
        h('style', { nonce }, EDITOR_STYLES + LOGIC_STYLES + SETTINGS_STYLES),
        h(App, {
          store: this.#store,
          session: this.#sessionOf(),
          texts,
          logicTexts: logicTextsFor(lang),
          api: (this.getAttribute('api') ?? '').replace(/\/+$/, ''),
          client: this.#client,
          root,
          nonce,
          readOnly: this.readOnly,
        }),
      ],
      root,
    )
  }
}

if (typeof customElements !== 'undefined' && !customElements.get('canvass-survey-editor')) {
  customElements.define('canvass-survey-editor', CanvassSurveyEditor)
}

declare global {
  interface HTMLElementTagNameMap {
    'canvass-survey-editor': CanvassSurveyEditor
  }
}
