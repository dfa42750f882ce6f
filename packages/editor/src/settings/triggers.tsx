/**
 * An in-app survey's triggers (the workspace's action classes it waits for, picked or made here) and how it
 * shows: how often, to what share of people, after how long, where on the screen.
 */
import { useEffect, useRef, useState } from 'preact/hooks'
import type { ActionClass, EditorApi, NewActionClass } from '../api'
import type { SurveyDocument } from '../doc'
import type { WorkspaceOverwrites } from '../survey-parts'
import { settingField } from '../doc-field'
import { useEditor } from '../ui/context'
import { Section } from '../ui/fields'
import { SettingCheck, SettingInput, fill, wholeNumber } from './controls'

type Distribution = NonNullable<SurveyDocument['distribution']>
type Trigger = { actionClassId: string }

/** A list the panel reads from the API: its items, or why it could not be read. */
export function useList<T>(load: () => Promise<T[]>): [T[] | null, string | null, () => void] {
  const [items, setItems] = useState<T[] | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const [round, setRound] = useState(0)
  useEffect(() => {
    let current = true
    load().then(
      (list) => {
        if (!current) return
        setItems(list)
        setFailure(null)
      },
      (error: unknown) => {
        if (current) setFailure(error instanceof Error ? error.message : String(error))
      },
    )
    return () => {
      current = false
    }
  }, [round])
  return [items, failure, () => setRound((n) => n + 1)]
}

/** `distribution` with `change` applied: the whole object, as the server replaces it. */
function withDistribution(doc: SurveyDocument, change: Partial<Distribution>): SurveyDocument {
  return { ...doc, distribution: { ...(doc.distribution ?? {}), ...change } } as SurveyDocument
}

type Kind = 'code' | 'pageView' | 'click' | 'exitIntent' | 'fiftyPercentScroll'

/** The triggers chosen, a picker of the workspace's other actions, and a form that makes a new one. */
export function Triggers({ api }: { api: EditorApi }) {
  const { doc, texts, update, focusLater } = useEditor()
  const [classes, failure, reload] = useList(api.actionClasses)
  const chosen = ((doc.distribution?.triggers ?? []) as Trigger[]).filter((trigger) => typeof trigger?.actionClassId === 'string')
  const [pick, setPick] = useState('')
  const nameOf = (id: string) => classes?.find((action) => action.id === id)?.name ?? id
  const setTriggers = (triggers: Trigger[]) => update((current) => withDistribution(current, { triggers }))
  const add = (id: string) => {
    if (!id || chosen.some((trigger) => trigger.actionClassId === id)) return
    setTriggers([...chosen, { actionClassId: id }])
    setPick('')
    focusLater(`cse-trigger-${id}`)
  }
  const remove = (index: number) => {
    setTriggers(chosen.filter((_, at) => at !== index))
    focusLater(chosen.length > 1 ? `cse-trigger-${chosen[index === 0 ? 1 : index - 1]?.actionClassId}` : 'cse-trigger-pick')
  }
  const others = (classes ?? []).filter((action) => !chosen.some((trigger) => trigger.actionClassId === action.id))
  return (
    <Section title={texts.settingsTriggers} id="cse-triggers">
      <p class="cse-help">{texts.settingsTriggersHelp}</p>
      {chosen.length === 0 ? (
        <p class="cse-help" id="cse-no-triggers">
          {texts.settingsNoTriggers}
        </p>
      ) : (
        <ul class="cse-chosen">
          {chosen.map((trigger, index) => (
            <li key={trigger.actionClassId}>
              <span>{nameOf(trigger.actionClassId)}</span>
              <button
                type="button"
                id={`cse-trigger-${trigger.actionClassId}`}
                aria-label={`${texts.settingsRemoveTrigger}: ${nameOf(trigger.actionClassId)}`}
                onClick={() => remove(index)}
              >
                {texts.settingsRemoveTrigger}
              </button>
            </li>
          ))}
        </ul>
      )}
      {failure && (
        <p class="cse-error" role="alert">
          {fill(texts.settingsListFailed, { message: failure })}
        </p>
      )}
      <div class="cse-row-buttons">
        <div class="cse-field">
          <label for="cse-trigger-pick">{texts.settingsActionToAdd}</label>
          <select id="cse-trigger-pick" value={pick} onChange={(event) => setPick((event.currentTarget as HTMLSelectElement).value)}>
            <option value="">{texts.settingsChooseAction}</option>
            {others.map((action) => (
              <option key={action.id} value={action.id}>
                {action.name}
              </option>
            ))}
          </select>
        </div>
        <button type="button" id="cse-trigger-add" disabled={!pick} onClick={() => add(pick)}>
          {texts.settingsAddTrigger}
        </button>
      </div>
      <NewAction
        api={api}
        onMade={(action) => {
          reload()
          add(action.id)
        }}
      />
    </Section>
  )
}

/** The form of a new action class: its name and kind, and what the kind needs. */
function NewAction({ api, onMade }: { api: EditorApi; onMade(action: ActionClass): void }) {
  const { texts } = useEditor()
  const [name, setName] = useState('')
  const [kind, setKind] = useState<Kind>('code')
  const [key, setKey] = useState('')
  const [selector, setSelector] = useState('')
  const [url, setUrl] = useState('')
  const [problems, setProblems] = useState<Record<string, string>>({})
  const [busy, setBusy] = useState(false)
  const form = useRef<HTMLFieldSetElement>(null)
  const make = async () => {
    if (busy) return
    const found: Record<string, string> = {}
    if (!name.trim()) found.name = texts.settingsActionNameProblem
    if (kind === 'code' && !key.trim()) found.key = texts.settingsActionKeyProblem
    if (kind === 'click' && !selector.trim()) found.selector = texts.settingsActionSelectorProblem
    setProblems(found)
    const first = Object.keys(found)[0]
    if (first) {
      form.current?.querySelector<HTMLElement>(`#cse-new-action-${first}`)?.focus()
      return
    }
    const urlFilters = url.trim() ? [{ value: url.trim(), rule: 'contains' }] : []
    const action: NewActionClass =
      kind === 'code'
        ? { name: name.trim(), type: 'code', key: key.trim() }
        : {
            name: name.trim(),
            type: 'noCode',
            noCodeConfig:
              kind === 'click'
                ? { type: 'click', elementSelector: { cssSelector: selector.trim() }, urlFilters }
                : { type: kind, urlFilters },
          }
    setBusy(true)
    try {
      const made = await api.createActionClass(action)
      setName('')
      setKey('')
      setSelector('')
      setUrl('')
      onMade(made)
    } catch (error) {
      setProblems({ form: error instanceof Error ? error.message : String(error) })
    } finally {
      setBusy(false)
    }
  }
  const field = (id: string, label: string, value: string, set: (text: string) => void, help?: string) => (
    <div class="cse-field">
      <label for={`cse-new-action-${id}`}>{label}</label>
      <input
        id={`cse-new-action-${id}`}
        type="text"
        value={value}
        aria-invalid={problems[id] ? 'true' : undefined}
        aria-describedby={
          [help ? `cse-new-action-${id}-help` : '', problems[id] ? `cse-new-action-${id}-problem` : ''].filter(Boolean).join(' ') ||
          undefined
        }
        onInput={(event) => set((event.currentTarget as HTMLInputElement).value)}
      />
      {help && (
        <span class="cse-help" id={`cse-new-action-${id}-help`}>
          {help}
        </span>
      )}
      {problems[id] && (
        <span class="cse-error" id={`cse-new-action-${id}-problem`}>
          {problems[id]}
        </span>
      )}
    </div>
  )
  return (
    <fieldset class="cse-subsection" ref={form}>
      <legend>{texts.settingsNewAction}</legend>
      {field('name', texts.settingsActionName, name, setName)}
      <div class="cse-field">
        <label for="cse-new-action-kind">{texts.settingsActionKind}</label>
        <select
          id="cse-new-action-kind"
          value={kind}
          onChange={(event) => setKind((event.currentTarget as HTMLSelectElement).value as Kind)}
        >
          <option value="code">{texts.settingsKindCode}</option>
          <option value="pageView">{texts.settingsKindPageView}</option>
          <option value="click">{texts.settingsKindClick}</option>
          <option value="exitIntent">{texts.settingsKindExitIntent}</option>
          <option value="fiftyPercentScroll">{texts.settingsKindScroll}</option>
        </select>
      </div>
      {kind === 'code' && field('key', texts.settingsActionKey, key, setKey, texts.settingsActionKeyHelp)}
      {kind === 'click' && field('selector', texts.settingsActionSelector, selector, setSelector)}
      {kind !== 'code' && field('url', texts.settingsActionUrl, url, setUrl)}
      {problems.form && (
        <p class="cse-error" role="alert">
          {problems.form}
        </p>
      )}
      <div class="cse-row-buttons">
        {/* Never disabled while the action is made: the focus stays on it until the action is added. */}
        <button type="button" id="cse-new-action-make" aria-disabled={busy ? 'true' : undefined} onClick={() => void make()}>
          {texts.settingsCreateAction}
        </button>
      </div>
    </fieldset>
  )
}

const PLACEMENTS = ['bottomRight', 'bottomLeft', 'topRight', 'topLeft', 'center'] as const

/** How often, to what share, after how long and where an in-app survey shows. */
export function Showing() {
  const { doc, texts, update } = useEditor()
  const distribution = (doc.distribution ?? {}) as Distribution
  const set = (change: Partial<Distribution>) => update((current) => withDistribution(current, change))
  const option = distribution.displayOption ?? 'displayOnce'
  const number = (value: number | null | undefined) => (value == null ? '' : String(value))
  return (
    <Section title={texts.settingsShowing}>
      <div class="cse-field">
        <label for="f-distribution.displayOption">{texts.settingsDisplayOption}</label>
        <select
          id="f-distribution.displayOption"
          value={option}
          onChange={(event) => {
            const value = (event.currentTarget as HTMLSelectElement).value as Distribution['displayOption']
            set(value === 'displaySome' ? { displayOption: value, displayLimit: distribution.displayLimit ?? 3 } : { displayOption: value })
          }}
        >
          <option value="displayOnce">{texts.settingsDisplayOnce}</option>
          <option value="displayMultiple">{texts.settingsDisplayMultiple}</option>
          <option value="displaySome">{texts.settingsDisplaySome}</option>
          <option value="respondMultiple">{texts.settingsRespondMultiple}</option>
        </select>
      </div>
      {option === 'displaySome' && (
        <SettingInput
          path={['distribution', 'displayLimit']}
          label={texts.settingsDisplayLimit}
          type="number"
          inputMode="numeric"
          value={number(distribution.displayLimit)}
          onText={(text) => {
            const limit = wholeNumber(text, 1, texts.settingsLimitProblem)
            if (limit !== null && typeof limit === 'object') return limit.problem
            set({ displayLimit: limit })
            return undefined
          }}
        />
      )}
      <SettingInput
        path={['distribution', 'recontactDays']}
        label={texts.settingsRecontact}
        help={texts.settingsRecontactHelp}
        type="number"
        inputMode="numeric"
        value={number(distribution.recontactDays)}
        onText={(text) => {
          const days = wholeNumber(text, 0, texts.settingsNumberProblem)
          if (days !== null && typeof days === 'object') return days.problem
          set({ recontactDays: days })
          return undefined
        }}
      />
      <SettingInput
        path={['distribution', 'displayPercentage']}
        label={texts.settingsPercentage}
        help={texts.settingsPercentageHelp}
        type="number"
        inputMode="decimal"
        value={number(distribution.displayPercentage)}
        onText={(text) => {
          if (text.trim() === '') return void set({ displayPercentage: null })
          const share = Number(text)
          if (!Number.isFinite(share) || share < 0.01 || share > 100) return texts.settingsNumberProblem
          set({ displayPercentage: share })
          return undefined
        }}
      />
      <SettingInput
        path={['distribution', 'delay']}
        label={texts.settingsDelay}
        type="number"
        inputMode="numeric"
        value={number(distribution.delay ?? 0)}
        onText={(text) => {
          const delay = wholeNumber(text, 0, texts.settingsNumberProblem)
          if (delay !== null && typeof delay === 'object') return delay.problem
          set({ delay: delay ?? 0 })
          return undefined
        }}
      />
      <Placement />
    </Section>
  )
}

/** Where on the screen an in-app survey shows, over what, and whether a click outside closes it (the workspace's, overridden). */
function Placement() {
  const { doc, texts, write } = useEditor()
  const overwrites = (doc.workspaceOverwrites ?? {}) as WorkspaceOverwrites
  const setOverwrite = (key: keyof WorkspaceOverwrites & string, value: unknown) => {
    const next: WorkspaceOverwrites = { ...overwrites }
    if (value === undefined) delete next[key]
    else next[key] = value
    write(settingField('workspaceOverwrites'), Object.keys(next).length ? next : null)
  }
  const placementLabel: Record<(typeof PLACEMENTS)[number], string> = {
    bottomRight: texts.settingsBottomRight,
    bottomLeft: texts.settingsBottomLeft,
    topRight: texts.settingsTopRight,
    topLeft: texts.settingsTopLeft,
    center: texts.settingsCenter,
  }
  return (
    <>
      <div class="cse-field">
        <label for="f-workspaceOverwrites.placement">{texts.settingsPlacement}</label>
        <select
          id="f-workspaceOverwrites.placement"
          value={typeof overwrites.placement === 'string' ? overwrites.placement : ''}
          onChange={(event) => setOverwrite('placement', (event.currentTarget as HTMLSelectElement).value || undefined)}
        >
          <option value="">{texts.settingsPlacementDefault}</option>
          {PLACEMENTS.map((placement) => (
            <option key={placement} value={placement}>
              {placementLabel[placement]}
            </option>
          ))}
        </select>
      </div>
      {overwrites.placement === 'center' && (
        <SettingCheck
          id="cse-dark-overlay"
          label={texts.settingsDarkOverlay}
          checked={overwrites.darkOverlay === true}
          onChange={(dark) => setOverwrite('darkOverlay', dark)}
        />
      )}
      <SettingCheck
        id="cse-click-outside"
        label={texts.settingsClickOutside}
        checked={overwrites.clickOutsideClose !== false}
        onChange={(close) => setOverwrite('clickOutsideClose', close)}
      />
    </>
  )
}
