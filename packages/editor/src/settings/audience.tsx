/**
 * Who sees an in-app survey: everyone, a saved segment of the workspace, or people who match conditions on
 * their attributes (the survey's own segment). Written as the document's `targeting` (docs/api.md, "Survey
 * settings in v3"): `segmentId` for a saved segment, else `filters`.
 */
import { useState } from 'preact/hooks'
import type { AttributeKey, EditorApi, SavedSegment } from '../api'
import type { SurveyDocument } from '../doc'
import type { AttributeFilter, SegmentFilterItem } from '../survey-parts'
import { fieldId, useEditor } from '../ui/context'
import { Section } from '../ui/fields'
import { RadioChoice, fill } from './controls'
import { useList } from './triggers'

type Mode = 'everyone' | 'saved' | 'own'
type Targeting = { filters: SegmentFilterItem[]; segmentId?: string | null }

/** The operators offered, in plain words; the arithmetic ones take a number. */
const OPERATORS = [
  'equals',
  'notEquals',
  'contains',
  'doesNotContain',
  'startsWith',
  'endsWith',
  'greaterThan',
  'lessThan',
  'isSet',
  'isNotSet',
] as const
type Operator = (typeof OPERATORS)[number]
const NUMERIC = new Set<string>(['greaterThan', 'lessThan'])
const NO_VALUE = new Set<string>(['isSet', 'isNotSet'])

/** A short id for a new condition (ids are the filter tree's own, any text the server stores). */
const newId = () => Math.random().toString(36).slice(2, 12) + Date.now().toString(36)

const targetingOf = (doc: SurveyDocument): Targeting => {
  const targeting = (doc.targeting ?? { filters: [] }) as Targeting
  return { ...targeting, filters: Array.isArray(targeting.filters) ? targeting.filters : [] }
}

const isCondition = (item: SegmentFilterItem): item is SegmentFilterItem & { resource: AttributeFilter } =>
  !Array.isArray(item.resource) && (item.resource as { root?: { type?: unknown } }).root?.type === 'attribute'

export function Audience({ api }: { api: EditorApi }) {
  const { doc, texts, update, focusLater } = useEditor()
  const targeting = targetingOf(doc)
  const [segments, segmentsFailure] = useList<SavedSegment>(api.segments)
  const [keys, keysFailure] = useList<AttributeKey>(api.attributeKeys)
  const shownMode: Mode = targeting.segmentId ? 'saved' : targeting.filters.length > 0 ? 'own' : 'everyone'
  // The document says which, but for "a saved segment" with none picked yet and "conditions" with none left.
  const [chosen, setChosen] = useState<Mode | null>(null)
  const mode = shownMode === 'everyone' ? (chosen ?? 'everyone') : shownMode
  const write = (next: Targeting) => update((current) => ({ ...current, targeting: next }) as SurveyDocument)
  const saved = (segments ?? []).filter((segment) => !segment.isPrivate)
  const failure = segmentsFailure ?? keysFailure

  const choose = (next: Mode) => {
    setChosen(next)
    if (next === 'everyone') write({ filters: [], segmentId: null })
    if (next === 'saved') write({ filters: [], segmentId: null })
    if (next === 'own') {
      const first = keys?.[0]?.key ?? 'userId'
      const id = newId()
      write({ segmentId: null, filters: [condition(id, first)] })
      focusLater(fieldId(['targeting', 'filters', 0, 'resource', 'root', 'contactAttributeKey']))
    }
  }
  const setFilters = (filters: SegmentFilterItem[]) =>
    write({
      segmentId: null,
      filters: filters.map((item, index) => ({ ...item, connector: index === 0 ? null : (item.connector ?? 'and') })),
    })

  return (
    <Section title={texts.settingsAudience} id="cse-audience">
      {failure && (
        <p class="cse-error" role="alert">
          {fill(texts.settingsListFailed, { message: failure })}
        </p>
      )}
      <RadioChoice
        name="cse-audience-mode"
        legend={texts.settingsAudience}
        value={mode}
        options={[
          { value: 'everyone', label: texts.settingsAudienceEveryone },
          { value: 'saved', label: texts.settingsAudienceSaved },
          { value: 'own', label: texts.settingsAudienceOwn },
        ]}
        onChange={choose}
      />
      {mode === 'saved' && (
        <div class="cse-field">
          <label for="f-targeting.segmentId">{texts.settingsSegment}</label>
          <select
            id="f-targeting.segmentId"
            value={targeting.segmentId ?? ''}
            aria-describedby={saved.length === 0 && segments ? 'cse-no-segments' : undefined}
            onChange={(event) => {
              const id = (event.currentTarget as HTMLSelectElement).value
              const segment = saved.find((item) => item.id === id)
              write({ filters: (segment?.filters ?? []) as SegmentFilterItem[], segmentId: id || null })
            }}
          >
            <option value="">{texts.settingsChooseSegment}</option>
            {/* A segment the list does not hold (not loaded, or not listed to this person) stays shown by its id. */}
            {targeting.segmentId && !saved.some((segment) => segment.id === targeting.segmentId) && (
              <option value={targeting.segmentId}>{targeting.segmentId}</option>
            )}
            {saved.map((segment) => (
              <option key={segment.id} value={segment.id}>
                {segment.title}
              </option>
            ))}
          </select>
          {saved.length === 0 && segments && (
            <span class="cse-help" id="cse-no-segments">
              {texts.settingsNoSegments}
            </span>
          )}
        </div>
      )}
      {mode === 'own' && <Conditions filters={targeting.filters} keys={keys ?? []} onChange={setFilters} />}
    </Section>
  )
}

function condition(id: string, key: string): SegmentFilterItem {
  return {
    id,
    connector: null,
    resource: { id: newId(), root: { type: 'attribute', contactAttributeKey: key }, qualifier: { operator: 'equals' }, value: '' },
  }
}

/** The conditions, all of which must match; groups and other kinds of condition made elsewhere are kept as they are. */
function Conditions({
  filters,
  keys,
  onChange,
}: {
  filters: SegmentFilterItem[]
  keys: AttributeKey[]
  onChange(filters: SegmentFilterItem[]): void
}) {
  const { texts, focusLater } = useEditor()
  const replace = (index: number, resource: AttributeFilter) =>
    onChange(filters.map((item, at) => (at === index ? { ...item, resource } : item)))
  const add = () => {
    onChange([...filters, { ...condition(newId(), keys[0]?.key ?? 'userId'), connector: 'and' }])
    focusLater(fieldId(['targeting', 'filters', filters.length, 'resource', 'root', 'contactAttributeKey']))
  }
  const remove = (index: number) => {
    onChange(filters.filter((_, at) => at !== index))
    focusLater(
      filters.length > 1
        ? fieldId(['targeting', 'filters', Math.max(0, index - 1), 'resource', 'root', 'contactAttributeKey'])
        : 'cse-add-condition',
    )
  }
  return (
    <fieldset class="cse-subsection">
      <legend>{texts.settingsConditions}</legend>
      <ol class="cse-conditions">
        {filters.map((item, index) =>
          isCondition(item) ? (
            <ConditionRow
              key={item.id}
              index={index}
              filter={item.resource}
              keys={keys}
              onChange={(resource) => replace(index, resource)}
              onRemove={() => remove(index)}
            />
          ) : null,
        )}
      </ol>
      <div class="cse-row-buttons">
        <button type="button" id="cse-add-condition" onClick={add}>
          {texts.settingsAddCondition}
        </button>
      </div>
    </fieldset>
  )
}

/** One condition: the attribute, the test and (for a test that needs one) the value, with its problem at the field. */
function ConditionRow({
  index,
  filter,
  keys,
  onChange,
  onRemove,
}: {
  index: number
  filter: AttributeFilter
  keys: AttributeKey[]
  onChange(filter: AttributeFilter): void
  onRemove(): void
}) {
  const { texts, problemsAt } = useEditor()
  const at = (part: string) => ['targeting', 'filters', index, 'resource', ...part.split('.')]
  const keyId = fieldId(at('root.contactAttributeKey'))
  const operatorId = fieldId(at('qualifier.operator'))
  const valueId = fieldId(at('value'))
  const operator = filter.qualifier.operator
  const numeric = NUMERIC.has(operator)
  const text = filter.value === undefined || filter.value === null ? '' : String(filter.value)
  const valueProblem = NO_VALUE.has(operator)
    ? undefined
    : text.trim() === ''
      ? texts.settingsValueProblem
      : numeric && !Number.isFinite(Number(text))
        ? texts.settingsNumberProblem
        : problemsAt(at('value'))[0]?.message
  const knownKey = keys.some((key) => key.key === filter.root.contactAttributeKey)
  return (
    <li>
      <fieldset class="cse-condition">
        <legend>{fill(texts.settingsConditionN, { n: index + 1 })}</legend>
        <div class="cse-field">
          <label for={keyId}>{texts.settingsAttribute}</label>
          <select
            id={keyId}
            value={filter.root.contactAttributeKey}
            onChange={(event) =>
              onChange({
                ...filter,
                root: { type: 'attribute', contactAttributeKey: (event.currentTarget as HTMLSelectElement).value },
              })
            }
          >
            {!knownKey && <option value={filter.root.contactAttributeKey}>{filter.root.contactAttributeKey}</option>}
            {keys.map((key) => (
              <option key={key.key} value={key.key}>
                {key.name || key.key}
              </option>
            ))}
          </select>
        </div>
        <div class="cse-field">
          <label for={operatorId}>{texts.settingsOperator}</label>
          <select
            id={operatorId}
            value={operator}
            onChange={(event) => {
              const next = (event.currentTarget as HTMLSelectElement).value
              const { value: _value, ...rest } = filter
              const value = NO_VALUE.has(next)
                ? undefined
                : NUMERIC.has(next)
                  ? Number.isFinite(Number(text)) && text !== ''
                    ? Number(text)
                    : text
                  : text
              onChange({ ...rest, qualifier: { operator: next }, ...(value === undefined ? {} : { value }) })
            }}
          >
            {!(OPERATORS as readonly string[]).includes(operator) && <option value={operator}>{operator}</option>}
            {OPERATORS.map((name: Operator) => (
              <option key={name} value={name}>
                {texts[`op_${name}`]}
              </option>
            ))}
          </select>
        </div>
        {!NO_VALUE.has(operator) && (
          <div class="cse-field">
            <label for={valueId}>{texts.settingsValue}</label>
            <input
              id={valueId}
              type="text"
              inputMode={numeric ? 'decimal' : undefined}
              value={text}
              aria-invalid={valueProblem ? 'true' : undefined}
              aria-describedby={valueProblem ? `${valueId}-problem` : undefined}
              onInput={(event) => {
                const typed = (event.currentTarget as HTMLInputElement).value
                const value = numeric && typed.trim() !== '' && Number.isFinite(Number(typed)) ? Number(typed) : typed
                onChange({ ...filter, value })
              }}
            />
            {valueProblem && (
              <span class="cse-error" id={`${valueId}-problem`}>
                {valueProblem}
              </span>
            )}
          </div>
        )}
        <button type="button" aria-label={`${texts.settingsRemoveCondition} ${index + 1}`} onClick={onRemove}>
          {texts.settingsRemoveCondition}
        </button>
      </fieldset>
    </li>
  )
}
