/**
 * @module
 * The survey's quotas (docs/editor.md, "Quotas"): each with its conditions, limit, what happens when it is
 * full and the responses it counts so far, refreshed every 30 seconds while the page is shown, and on asking.
 * Quotas are a resource of their own (the quota routes, docs/api.md "Quotas"): "Save quota" writes one at
 * once, and the survey's Save never does. A survey not saved yet has no id, and so no quotas: the panel says
 * so. Conditions are the logic editor's rows (`ConditionRow`) over every question, hidden field and variable.
 */
import type { ComponentChildren } from 'preact'
import { useEffect, useRef, useState } from 'preact/hooks'
import type { EditorApi, Quota } from '../api'
import { EditorApiError } from '../api'
import { ConditionRow } from '../logic/condition-row'
import { FOCUS_ATTRIBUTE, neighbourKey, useFocusAfterRender } from '../logic/focus'
import { endingLabel, fill } from '../logic/labels'
import type { Condition, SurveyDocument } from '../logic/types'
import { Section } from '../ui/fields'
import { useEditor } from '../ui/context'
import type { QuotaDraft, QuotaProblems } from './model'
import { addQuotaCondition, draftOf, draftProblems, emptyDraft, hasProblems, inputOf, serverProblems, wholeSurveyBlock } from './model'
import type { QuotaTexts } from './texts'
import { quotaTextsFor } from './texts'

/** How often the counts are read again while the panel is shown. */
const REFRESH_MS = 30_000

const focusAttr = (key: string) => ({ [FOCUS_ATTRIBUTE]: key })

export function QuotasPanel({ client }: { client: EditorApi }) {
  const { doc, logicTexts, readOnly } = useEditor()
  const texts = quotaTextsFor(logicTexts.locale)
  const surveyId = typeof doc.id === 'string' && doc.id !== '' ? doc.id : undefined
  const { quotas, loadError, load } = useQuotaList(client, surveyId)
  const [editing, setEditing] = useState<QuotaDraft | undefined>()
  const [problems, setProblems] = useState<QuotaProblems>({})
  const [busy, setBusy] = useState(false)
  const [confirming, setConfirming] = useState<string | undefined>()
  const [status, setStatus] = useState('')
  const [root, focusLater] = useFocusAfterRender<HTMLDivElement>()
  // Another survey (the one just created, or another loaded) closes what was open for the one before.
  useEffect(() => setEditing(undefined), [surveyId])

  if (!surveyId) {
    return (
      <Section title={texts.heading} id="cse-quotas">
        <p class="cse-logic-note">{texts.notSaved}</p>
      </Section>
    )
  }

  const open = (draft: QuotaDraft) => {
    setEditing(draft)
    setProblems({})
    setConfirming(undefined)
    focusLater('quota-name')
  }
  const cancel = () => {
    const id = editing?.id
    setEditing(undefined)
    setProblems({})
    focusLater(id ? `quota-edit:${id}` : 'quota-add')
  }
  const save = async () => {
    if (!editing || busy) return
    const found = draftProblems(editing, doc, texts)
    if (hasProblems(found)) return refuse(found)
    setBusy(true)
    try {
      const input = inputOf(editing)
      const saved = editing.id ? await client.updateQuota(surveyId, editing.id, input) : await client.createQuota(surveyId, input)
      setEditing(undefined)
      setProblems({})
      setStatus(fill(texts.saved, { name: saved.name }))
      await load()
      focusLater(`quota-edit:${saved.id}`)
    } catch (error) {
      if (!(error instanceof EditorApiError)) throw error
      refuse(serverProblems(error.status, error.problems, error.message, texts))
    } finally {
      setBusy(false)
    }
  }
  const refuse = (found: QuotaProblems) => {
    setProblems(found)
    setStatus('')
    focusLater(firstProblemKey(found, editing?.conditions ?? []))
  }
  const remove = async (quota: Quota) => {
    setBusy(true)
    try {
      await client.deleteQuota(surveyId, quota.id)
      setConfirming(undefined)
      setStatus(fill(texts.removed, { name: quota.name }))
      await load()
      focusLater('quota-add')
    } catch (error) {
      setStatus(error instanceof Error ? error.message : String(error))
    } finally {
      setBusy(false)
    }
  }
  const refresh = async () => {
    if (await load()) setStatus(texts.refreshed)
  }

  const form = editing && (
    <QuotaForm
      draft={editing}
      problems={problems}
      busy={busy}
      texts={texts}
      onChange={setEditing}
      onSave={() => void save()}
      onCancel={cancel}
      focusLater={focusLater}
    />
  )
  return (
    <Section title={texts.heading} id="cse-quotas">
      <div class="cse-quotas" ref={root}>
        <p class="cse-logic-note">{texts.intro}</p>
        {readOnly && <p class="cse-logic-note">{texts.readOnly}</p>}
        {loadError !== undefined && (
          <p class="cse-error" role="alert">
            {fill(texts.loadFailed, { reason: loadError })}{' '}
            <button type="button" onClick={() => void load()}>
              {texts.retry}
            </button>
          </p>
        )}
        {quotas === undefined && loadError === undefined && <p class="cse-logic-note">{texts.loading}</p>}
        {quotas?.length === 0 && <p class="cse-logic-note">{texts.none}</p>}
        {quotas && quotas.length > 0 && (
          <ul class="cse-logic-list">
            {quotas.map((quota) => (
              <QuotaItem
                key={quota.id}
                quota={quota}
                texts={texts}
                busy={busy}
                editing={editing?.id === quota.id}
                confirming={confirming === quota.id}
                onEdit={() => open(draftOf(quota))}
                onConfirm={(shown) => {
                  setConfirming(shown ? quota.id : undefined)
                  focusLater(shown ? `quota-keep:${quota.id}` : `quota-edit:${quota.id}`)
                }}
                onRemove={() => void remove(quota)}
              >
                {editing?.id === quota.id && form}
              </QuotaItem>
            ))}
          </ul>
        )}
        {editing && editing.id === undefined && form}
        <div class="cse-row-buttons">
          {!readOnly && !editing && (
            <button type="button" {...focusAttr('quota-add')} disabled={busy || quotas === undefined} onClick={() => open(emptyDraft(doc))}>
              {texts.add}
            </button>
          )}
          {quotas && quotas.length > 0 && (
            <button type="button" onClick={() => void refresh()}>
              {texts.refresh}
            </button>
          )}
        </div>
        <p class="cse-status" role="status">
          {status}
        </p>
      </div>
    </Section>
  )
}

/**
 * The survey's quotas with their counts, read when the survey (its id) is there, again every `REFRESH_MS`
 * while the page is shown, and on `load()`; a read answered after the survey changed is dropped.
 */
function useQuotaList(client: EditorApi, surveyId: string | undefined) {
  const [quotas, setQuotas] = useState<Quota[] | undefined>()
  const [loadError, setLoadError] = useState<string | undefined>()
  const current = useRef(surveyId)
  current.current = surveyId
  const load = async (): Promise<Quota[] | undefined> => {
    if (!surveyId) return undefined
    try {
      const list = await client.listQuotas(surveyId)
      if (current.current !== surveyId) return undefined
      setQuotas(list)
      setLoadError(undefined)
      return list
    } catch (error) {
      if (current.current === surveyId) setLoadError(error instanceof Error ? error.message : String(error))
      return undefined
    }
  }
  useEffect(() => {
    setQuotas(undefined)
    if (!surveyId) return
    void load()
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') void load()
    }, REFRESH_MS)
    return () => clearInterval(timer)
  }, [surveyId, client])
  return { quotas, loadError, load }
}

interface QuotaItemProps {
  quota: Quota
  texts: QuotaTexts
  busy: boolean
  /** Its form is open (the children). */
  editing: boolean
  /** Its deletion is being confirmed. */
  confirming: boolean
  onEdit(): void
  /** Shows or hides the confirmation of its deletion. */
  onConfirm(shown: boolean): void
  onRemove(): void
  children: ComponentChildren
}

/** One quota of the list: its summary, Edit and Delete (which asks first, the safe choice focused), or its form. */
function QuotaItem(props: QuotaItemProps) {
  const { quota, texts, busy } = props
  const { doc, readOnly } = useEditor()
  return (
    <li class="cse-element">
      <QuotaSummary quota={quota} survey={doc} texts={texts} />
      {!readOnly && !props.editing && (
        <div class="cse-row-buttons">
          <button type="button" {...focusAttr(`quota-edit:${quota.id}`)} disabled={busy} onClick={props.onEdit}>
            {fill(texts.edit, { name: quota.name })}
          </button>
          <button type="button" class="cse-logic-remove" disabled={busy} onClick={() => props.onConfirm(true)}>
            {fill(texts.remove, { name: quota.name })}
          </button>
        </div>
      )}
      {props.confirming && (
        <div class="cse-logic-confirm" role="alert">
          <p>{fill(texts.confirmRemove, { name: quota.name })}</p>
          <div class="cse-row-buttons">
            <button type="button" {...focusAttr(`quota-keep:${quota.id}`)} onClick={() => props.onConfirm(false)}>
              {texts.keep}
            </button>
            <button type="button" class="cse-logic-remove" disabled={busy} onClick={props.onRemove}>
              {texts.confirmRemoveYes}
            </button>
          </div>
        </div>
      )}
      {props.children}
    </li>
  )
}

/** A stored quota: its name, the responses it counts against its limit, which responses count and what fullness does. */
function QuotaSummary({ quota, survey, texts }: { quota: Quota; survey: SurveyDocument; texts: QuotaTexts }) {
  const { logicTexts, defaultLanguage } = useEditor()
  const count = quota.count
  const full = count !== undefined && count >= quota.limit
  const conditions = quota.logic.conditions.length
  const ending = (survey.endings ?? []).find((item) => item.id === quota.endingCardId)
  const headingId = `cse-quota-${quota.id}`
  return (
    <>
      <div class="cse-card-head">
        <h3 id={headingId}>{quota.name}</h3>
        {full && <strong>{texts.full}</strong>}
      </div>
      <p class="cse-quota-count">
        {count === undefined
          ? fill(texts.countUnknown, { limit: quota.limit })
          : fill(texts.count, { count: count.toLocaleString(logicTexts.locale), limit: quota.limit.toLocaleString(logicTexts.locale) })}
      </p>
      {count !== undefined && (
        <progress max={quota.limit} value={Math.min(count, quota.limit)} aria-label={fill(texts.progress, { name: quota.name })} />
      )}
      <p class="cse-logic-note">
        {conditions === 0
          ? texts.everyResponse
          : conditions === 1
            ? texts.conditionOne
            : fill(texts.conditionCount, { count: conditions, connector: quota.logic.connector === 'or' ? texts.any : texts.all })}
        {'. '}
        {quota.action === 'endSurvey'
          ? fill(texts.whenFullEnd, {
              ending: ending ? endingLabel(ending, survey, defaultLanguage, logicTexts) : (quota.endingCardId ?? ''),
            })
          : texts.whenFullContinue}
      </p>
    </>
  )
}

interface QuotaFormProps {
  draft: QuotaDraft
  problems: QuotaProblems
  busy: boolean
  texts: QuotaTexts
  onChange(draft: QuotaDraft): void
  onSave(): void
  onCancel(): void
  focusLater(key: string): void
}

/** The form of one quota: name, limit, conditions, what fullness does, and its own Save. */
function QuotaForm({ draft, problems, busy, texts, onChange, onSave, onCancel, focusLater }: QuotaFormProps) {
  const titleId = 'cse-quota-form-title'
  const described = (field: string, problem: string | undefined) =>
    problem ? { 'aria-invalid': 'true' as const, 'aria-describedby': `cse-quota-${field}-problem` } : {}
  const problemText = (field: string, problem: string | undefined) =>
    problem && (
      <p class="cse-field-problems" id={`cse-quota-${field}-problem`}>
        {problem}
      </p>
    )
  return (
    <form
      class="cse-subsection"
      aria-labelledby={titleId}
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        onSave()
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault()
          onCancel()
        }
      }}
    >
      <h3 id={titleId}>{draft.id ? texts.editTitle : texts.newTitle}</h3>
      {problems.form && (
        <p class="cse-error" role="alert" tabIndex={-1} {...focusAttr('quota-form-error')}>
          {fill(texts.saveFailed, { reason: problems.form })}
        </p>
      )}
      <div class="cse-field">
        <label for="cse-quota-name">{texts.name}</label>
        <input
          id="cse-quota-name"
          type="text"
          maxLength={255}
          {...focusAttr('quota-name')}
          {...described('name', problems.name)}
          value={draft.name}
          onInput={(event) => onChange({ ...draft, name: event.currentTarget.value })}
        />
        {problemText('name', problems.name)}
      </div>
      <div class="cse-field">
        <label for="cse-quota-limit">{texts.limit}</label>
        <input
          id="cse-quota-limit"
          type="number"
          min={1}
          step={1}
          inputMode="numeric"
          {...focusAttr('quota-limit')}
          {...described('limit', problems.limit)}
          value={draft.limit}
          onInput={(event) => onChange({ ...draft, limit: event.currentTarget.value })}
        />
        {problemText('limit', problems.limit)}
      </div>
      <QuotaConditions draft={draft} problems={problems.conditions} texts={texts} onChange={onChange} focusLater={focusLater} />
      <WhenFull draft={draft} problem={problems.endingCardId} texts={texts} onChange={onChange} />
      <label class="cse-logic-check">
        <input
          type="checkbox"
          checked={draft.countPartialSubmissions}
          onChange={(event) => onChange({ ...draft, countPartialSubmissions: event.currentTarget.checked })}
        />
        <span>{texts.countPartial}</span>
      </label>
      <div class="cse-row-buttons">
        <button type="submit" class="cse-primary" disabled={busy}>
          {busy ? texts.saving : texts.save}
        </button>
        <button type="button" onClick={onCancel}>
          {texts.cancel}
        </button>
      </div>
    </form>
  )
}

/** Which responses a quota counts: its conditions, the logic editor's rows, joined by one connector. */
function QuotaConditions(props: {
  draft: QuotaDraft
  problems: Record<number, string> | undefined
  texts: QuotaTexts
  onChange(draft: QuotaDraft): void
  focusLater(key: string): void
}) {
  const { draft, problems, texts, onChange, focusLater } = props
  const { doc, logicTexts, defaultLanguage } = useEditor()
  const block = wholeSurveyBlock(doc)
  const conditionKeys = draft.conditions.map((condition) => `quota-condition:${condition.id}`)
  const setCondition = (index: number, condition: Condition) =>
    onChange({ ...draft, conditions: draft.conditions.map((item, i) => (i === index ? condition : item)) })
  return (
    <fieldset class="cse-subsection">
      <legend>{texts.conditions}</legend>
      {draft.conditions.length === 0 && <p class="cse-logic-note">{texts.noConditions}</p>}
      {draft.conditions.length > 1 && (
        <div class="cse-field">
          <label for="cse-quota-connector">{texts.match}</label>
          <select
            id="cse-quota-connector"
            value={draft.connector}
            onChange={(event) => onChange({ ...draft, connector: event.currentTarget.value === 'or' ? 'or' : 'and' })}
          >
            <option value="and">{texts.matchAll}</option>
            <option value="or">{texts.matchAny}</option>
          </select>
        </div>
      )}
      {block &&
        draft.conditions.map((condition, index) => (
          <ConditionRow
            key={condition.id}
            survey={doc}
            block={block}
            condition={condition}
            index={index}
            lang={defaultLanguage}
            texts={logicTexts}
            focusKey={`quota-condition:${condition.id}`}
            problem={problems?.[index]}
            onChange={(next) => setCondition(index, next)}
            onRemove={() => {
              focusLater(neighbourKey(conditionKeys, index, 'quota-add-condition'))
              onChange({ ...draft, conditions: draft.conditions.filter((_, i) => i !== index) })
            }}
          />
        ))}
      {block ? (
        <div class="cse-row-buttons">
          <button
            type="button"
            class="cse-logic-add"
            {...focusAttr('quota-add-condition')}
            onClick={() => {
              const added = addQuotaCondition(draft, doc)
              if (!added) return
              focusLater(`quota-condition:${added.condition.id}`)
              onChange(added.draft)
            }}
          >
            {texts.addCondition}
          </button>
        </div>
      ) : (
        <p class="cse-logic-note">{texts.noQuestions}</p>
      )}
      <p class="cse-logic-note">{texts.savedPartsOnly}</p>
    </fieldset>
  )
}

/** What a full quota does: end the survey at an ending, or let the respondent continue. */
function WhenFull(props: { draft: QuotaDraft; problem: string | undefined; texts: QuotaTexts; onChange(draft: QuotaDraft): void }) {
  const { draft, problem, texts, onChange } = props
  const { doc, logicTexts, defaultLanguage } = useEditor()
  const endings = doc.endings ?? []
  return (
    <fieldset class="cse-subsection">
      <legend>{texts.whenFull}</legend>
      <label class="cse-logic-check">
        <input
          type="radio"
          name="cse-quota-action"
          checked={draft.action === 'endSurvey'}
          onChange={() => onChange({ ...draft, action: 'endSurvey', endingCardId: draft.endingCardId || (endings[0]?.id ?? '') })}
        />
        <span>{texts.endSurvey}</span>
      </label>
      <label class="cse-logic-check">
        <input
          type="radio"
          name="cse-quota-action"
          checked={draft.action === 'continueSurvey'}
          onChange={() => onChange({ ...draft, action: 'continueSurvey' })}
        />
        <span>{texts.continueSurvey}</span>
      </label>
      {draft.action === 'endSurvey' && (
        <div class="cse-field">
          <label for="cse-quota-ending">{texts.ending}</label>
          <select
            id="cse-quota-ending"
            {...focusAttr('quota-ending')}
            {...(problem ? { 'aria-invalid': 'true' as const, 'aria-describedby': 'cse-quota-ending-problem' } : {})}
            value={draft.endingCardId}
            onChange={(event) => onChange({ ...draft, endingCardId: event.currentTarget.value })}
          >
            <option value="">{texts.chooseEnding}</option>
            {draft.endingCardId !== '' && !endings.some((ending) => ending.id === draft.endingCardId) && (
              <option value={draft.endingCardId}>{fill(logicTexts.unknownOption, { id: draft.endingCardId })}</option>
            )}
            {endings.map((ending) => (
              <option key={ending.id} value={ending.id}>
                {endingLabel(ending, doc, defaultLanguage, logicTexts)}
              </option>
            ))}
          </select>
          {problem && (
            <p class="cse-field-problems" id="cse-quota-ending-problem">
              {problem}
            </p>
          )}
          {endings.length === 0 && <p class="cse-logic-note">{texts.noEndings}</p>}
        </div>
      )}
    </fieldset>
  )
}

/** The focus key of the first field a refusal names, in the form's order. */
function firstProblemKey(problems: QuotaProblems, conditions: Condition[]): string {
  if (problems.form) return 'quota-form-error'
  if (problems.name) return 'quota-name'
  if (problems.limit) return 'quota-limit'
  const index = Object.keys(problems.conditions ?? {})
    .map(Number)
    .sort((a, b) => a - b)[0]
  if (index !== undefined && conditions[index]) return `quota-condition:${conditions[index].id}`
  return 'quota-ending'
}
