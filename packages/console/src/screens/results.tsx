import { Fragment } from 'preact'
import { useState } from 'preact/hooks'
import { atLeast } from '../boot'
import type { Summary } from '@canvass/core/results'
import { ResultsSummary, resultsQuestions } from '@canvass/core/results'
import type { Filter } from '../charts'
import { filterQuery } from '../charts'
import { ResponsesOverTime } from '../time-series-view'
import { useAttributeFilterFields } from '../attribute-filters'
import { useConsole } from '../context'
import type { Query } from '../api'
import { hashOf } from '../route'
import type { V1Response, V1Survey } from '../survey-data'
import { answerText, surveyQuestions, tagName } from '../survey-data'
import { ErrorText, useLoad, when } from '../ui'
import type { SurveyPageData } from '../survey-page'
import { Pager } from '../survey-page'
import { AnswersCard } from './results/answers-card'
import { AnswerView } from './results/answer-view'
import { ExportControl } from './results/export'
import { ResponseTags } from './response-tags'
import { ResponseNotes } from './response-notes'
import { DeleteResponse, DeleteSelected, SelectAllCell, SelectCell, useSelection } from './response-delete'

/** The results' filters, shared by the summary, the table and the export. */
export interface ResultFilters {
  startDate: string
  endDate: string
  /** '' (any), 'true' or 'false'. */
  finished: string
  conditions: Filter[]
}

interface FilterProps {
  page: SurveyPageData
  filters: ResultFilters
  setFilters(filters: ResultFilters): void
}

/** The query parameters of the filters: dates and `finished` as the list's own, the rest as `filter[…]`. */
export function filtersQuery(filters: ResultFilters): Query {
  return {
    startDate: filters.startDate || undefined,
    // A date alone as the end takes that whole day.
    endDate: filters.endDate ? `${filters.endDate}T23:59:59.999Z` : undefined,
    finished: filters.finished || undefined,
    ...filterQuery(filters.conditions),
  }
}

type FieldKind = 'answer' | 'meta' | 'tags' | 'language'
const OPERATORS: Record<FieldKind, Array<[string, string]>> = {
  answer: [
    ['eq', 'is'],
    ['contains', 'contains'],
    ['gte', 'is at least'],
    ['lte', 'is at most'],
    ['exists', 'is answered (true or false)'],
  ],
  meta: [
    ['eq', 'is'],
    ['contains', 'contains'],
  ],
  tags: [
    ['in', 'has one of (comma-separated)'],
    ['nin', 'has none of (comma-separated)'],
  ],
  language: [['in', 'is one of (comma-separated)']],
}

const firstOperator = (kind: FieldKind): string => OPERATORS[kind][0]?.[0] ?? 'eq'

/** The fields a condition can test, grouped as the filter syntax names them. */
function filterFields(
  survey: V1Survey,
  attributes: Array<{ field: string; label: string }> = [],
): Array<{ group: string; options: Array<{ field: string; label: string; kind: FieldKind }> }> {
  return [
    {
      group: 'Questions',
      options: surveyQuestions(survey).map((q) => ({ field: `data.${q.id}`, label: q.headline, kind: 'answer' as const })),
    },
    {
      group: 'Hidden fields',
      options: (survey.hiddenFields?.fieldIds ?? []).map((id) => ({ field: `hiddenFields.${id}`, label: id, kind: 'answer' as const })),
    },
    {
      group: 'Meta',
      options: [
        ['meta.source', 'Source'],
        ['meta.url', 'Page URL'],
        ['meta.country', 'Country'],
        ['meta.userAgent.device', 'Device'],
        ['meta.userAgent.browser', 'Browser'],
        ['meta.userAgent.os', 'Operating system'],
      ].map(([field = '', label = '']) => ({ field, label, kind: 'meta' as const })),
    },
    { group: 'Contact attributes', options: attributes.map((attribute) => ({ ...attribute, kind: 'meta' as const })) },
    {
      group: 'Other',
      options: [
        { field: 'tags', label: 'Tags', kind: 'tags' as const },
        { field: 'language', label: 'Language', kind: 'language' as const },
      ],
    },
  ].filter((group) => group.options.length > 0)
}

function FilterForm({ page, filters, setFilters }: FilterProps) {
  const [draft, setDraft] = useState<ResultFilters>(filters)
  const groups = filterFields(page.survey, useAttributeFilterFields())
  const kindOf = (field: string): FieldKind =>
    groups.flatMap((group) => group.options).find((option) => option.field === field)?.kind ?? 'answer'
  const setCondition = (index: number, change: Partial<Filter>) =>
    setDraft({ ...draft, conditions: draft.conditions.map((condition, at) => (at === index ? { ...condition, ...change } : condition)) })
  return (
    <form
      aria-label="Filter the responses"
      onSubmit={(event) => {
        event.preventDefault()
        setFilters(draft)
      }}
    >
      <fieldset>
        <legend>Filters</legend>
        <div class="cv-row">
          <label>
            From (date)
            <input
              type="date"
              value={draft.startDate}
              onInput={(event) => setDraft({ ...draft, startDate: (event.currentTarget as HTMLInputElement).value })}
            />
          </label>
          <label>
            To (date)
            <input
              type="date"
              value={draft.endDate}
              onInput={(event) => setDraft({ ...draft, endDate: (event.currentTarget as HTMLInputElement).value })}
            />
          </label>
          <label>
            Finished
            <select
              value={draft.finished}
              onChange={(event) => setDraft({ ...draft, finished: (event.currentTarget as HTMLSelectElement).value })}
            >
              <option value="">Finished or not</option>
              <option value="true">Finished only</option>
              <option value="false">Unfinished only</option>
            </select>
          </label>
        </div>
        {draft.conditions.map((condition, index) => (
          <ConditionRow
            key={index}
            index={index}
            condition={condition}
            groups={groups}
            kindOf={kindOf}
            change={(change) => setCondition(index, change)}
            remove={() => setDraft({ ...draft, conditions: draft.conditions.filter((_, at) => at !== index) })}
          />
        ))}
        <div class="cv-row">
          <button
            type="button"
            disabled={draft.conditions.length >= 20}
            onClick={() => {
              const first = groups[0]?.options[0]
              if (first)
                setDraft({
                  ...draft,
                  conditions: [...draft.conditions, { field: first.field, operator: firstOperator(first.kind), value: '' }],
                })
            }}
          >
            Add a condition
          </button>
          <button type="submit" class="cv-primary">
            Apply filters
          </button>
          <button
            type="button"
            onClick={() => {
              const none = { startDate: '', endDate: '', finished: '', conditions: [] }
              setDraft(none)
              setFilters(none)
            }}
          >
            Clear filters
          </button>
        </div>
      </fieldset>
    </form>
  )
}

interface ConditionRowProps {
  index: number
  condition: Filter
  groups: ReturnType<typeof filterFields>
  kindOf(field: string): FieldKind
  change(change: Partial<Filter>): void
  remove(): void
}

/** One condition of the filters: the field it tests, how, and against what. */
function ConditionRow({ index, condition, groups, kindOf, change, remove }: ConditionRowProps) {
  const number = index + 1
  return (
    <div class="cv-row" role="group" aria-label={`Condition ${number}`}>
      <label>
        Field
        <select
          value={condition.field}
          onChange={(event) => {
            const field = (event.currentTarget as HTMLSelectElement).value
            change({ field, operator: firstOperator(kindOf(field)) })
          }}
        >
          {groups.map((group) => (
            <optgroup key={group.group} label={group.group}>
              {group.options.map((option) => (
                <option key={option.field} value={option.field}>
                  {option.label}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      </label>
      <label>
        Test
        <select value={condition.operator} onChange={(event) => change({ operator: (event.currentTarget as HTMLSelectElement).value })}>
          {OPERATORS[kindOf(condition.field)].map(([operator, words]) => (
            <option key={operator} value={operator}>
              {words}
            </option>
          ))}
        </select>
      </label>
      <label>
        Value
        <input value={condition.value} onInput={(event) => change({ value: (event.currentTarget as HTMLInputElement).value })} />
      </label>
      <button type="button" aria-label={`Remove condition ${number}`} onClick={remove}>
        Remove
      </button>
    </div>
  )
}

export function SummaryScreen(props: FilterProps) {
  const { api } = useConsole()
  const { survey } = props.page
  const query = filtersQuery(props.filters)
  const summary = useLoad(
    (signal) => api.data<Summary>(`/api/v1/management/surveys/${encodeURIComponent(survey.id)}/summary`, { signal, query }),
    [JSON.stringify(query)],
  )
  const data = summary.data
  return (
    <div>
      <h2 class="cv-visually-hidden">Summary</h2>
      <FilterForm {...props} />
      <ErrorText error={summary.error} />
      {!data && !summary.error && <p role="status">Loading the summary…</p>}
      {data && (
        <>
          <div class="cv-results">
            <ResultsSummary
              summary={data}
              questions={resultsQuestions(survey.questions ?? survey.blocks?.flatMap((block) => block.elements) ?? [])}
              open={(question) => (
                <AnswersCard surveyId={survey.id} question={question} query={query} index={data.questions.indexOf(question)} />
              )}
            />
          </div>
          <section class="cv-card" aria-labelledby="cv-over-time">
            <h3 id="cv-over-time">Responses over time</h3>
            <ResponsesOverTime surveyId={survey.id} query={query} />
          </section>
        </>
      )}
    </div>
  )
}

const RESPONSES_PAGE = 20

export function ResponsesScreen(props: FilterProps) {
  const { api, boot } = useConsole()
  const selection = useSelection()
  const canDelete = atLeast(boot.role, 'editor')
  const { survey } = props.page
  const query = filtersQuery(props.filters)
  const [cursors, setCursors] = useState<Array<string | null>>([null])
  const cursor = cursors[cursors.length - 1]
  const list = useLoad(
    (signal) =>
      api.page<V1Response>('/api/v1/management/responses', {
        signal,
        query: { ...query, surveyId: survey.id, limit: RESPONSES_PAGE, count: true, cursor: cursor ?? undefined },
      }),
    [JSON.stringify(query), cursor],
  )
  const questions = surveyQuestions(survey).slice(0, 4)
  return (
    <div>
      <h2 class="cv-visually-hidden">Responses</h2>
      <FilterForm
        {...props}
        setFilters={(filters) => {
          setCursors([null])
          props.setFilters(filters)
        }}
      />
      <ExportControl surveyId={survey.id} query={query} />
      <ErrorText error={list.error} />
      {list.data && (
        <p role="status" id="cv-responses-count" tabIndex={-1}>
          {list.data.total === null
            ? `${list.data.items.length} responses on this page`
            : `${list.data.totalRelation === 'gte' ? 'More than ' : ''}${list.data.total} ${list.data.total === 1 ? 'response matches' : 'responses match'}`}
        </p>
      )}
      {canDelete && list.data && list.data.items.length > 0 && (
        <DeleteSelected
          ids={list.data.items.map((item) => item.id).filter((id) => selection.picked.has(id))}
          done={() => {
            selection.set([])
            list.reload()
            document.getElementById('cv-responses-count')?.focus()
          }}
        />
      )}
      {list.data && list.data.items.length > 0 && (
        <div style={{ overflowX: 'auto' }}>
          <table>
            <caption class="cv-visually-hidden">Responses, newest first</caption>
            <thead>
              <tr>
                {canDelete && <SelectAllCell ids={list.data.items.map((item) => item.id)} selection={selection} />}
                <th scope="col">Received</th>
                <th scope="col">Finished</th>
                {questions.map((question) => (
                  <th key={question.id} scope="col">
                    {question.headline}
                  </th>
                ))}
                <th scope="col">Tags</th>
              </tr>
            </thead>
            <tbody>
              {list.data.items.map((response) => (
                <tr key={response.id}>
                  {canDelete && <SelectCell id={response.id} label={when(response.createdAt)} selection={selection} />}
                  <td>
                    <a href={hashOf(['surveys', survey.id, 'responses', response.id])}>{when(response.createdAt)}</a>
                  </td>
                  <td>{response.finished ? 'Yes' : 'No'}</td>
                  {questions.map((question) => (
                    <td key={question.id}>
                      <AnswerView type={question.type} value={response.data[question.id]} />
                    </td>
                  ))}
                  <td>{(response.tags ?? []).map(tagName).join(', ')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager
        hasPrevious={cursors.length > 1}
        next={list.data?.next ?? null}
        onPrevious={() => setCursors(cursors.slice(0, -1))}
        onNext={(next) => setCursors([...cursors, next])}
        label="Responses"
      />
    </div>
  )
}

export function ResponseScreen({ page, responseId }: { page: SurveyPageData; responseId: string }) {
  const { api, boot } = useConsole()
  const response = useLoad(
    (signal) => api.data<V1Response>(`/api/v1/management/responses/${encodeURIComponent(responseId)}`, { signal }),
    [responseId],
  )
  const { survey } = page
  const back = hashOf(['surveys', survey.id, 'responses'])
  if (response.error)
    return (
      <div>
        <ErrorText error={response.error} />
        <a href={back}>Back to the responses</a>
      </div>
    )
  const data = response.data
  if (!data) return <p role="status">Loading the response…</p>
  const hidden = survey.hiddenFields?.fieldIds ?? []
  const meta = Object.entries(data.meta ?? {}).filter(([, value]) => value !== undefined && value !== null && value !== '')
  return (
    <div>
      <p>
        <a href={back}>Back to the responses</a>
      </p>
      <h2>Response of {when(data.createdAt)}</h2>
      <p class="cv-muted">
        {data.finished ? 'Finished' : 'Not finished'}
        {data.language ? ` · language ${data.language}` : ''}
        {data.contact ? ` · contact ${data.contact.userId ?? data.contact.id}` : ''}
      </p>
      <h3>Answers</h3>
      <dl class="cv-answers">
        {surveyQuestions(survey).map((question) => (
          <Fragment key={`q-${question.id}`}>
            <dt>{question.headline}</dt>
            <dd>
              <AnswerView type={question.type} value={data.data[question.id]} empty={<span class="cv-muted">Not answered</span>} />
            </dd>
          </Fragment>
        ))}
      </dl>
      {hidden.length > 0 && (
        <>
          <h3>Hidden fields</h3>
          <dl class="cv-answers">
            {hidden.map((id) => (
              <Fragment key={`h-${id}`}>
                <dt>{id}</dt>
                <dd>{answerText(data.data[id]) || <span class="cv-muted">None</span>}</dd>
              </Fragment>
            ))}
          </dl>
        </>
      )}
      {(survey.variables?.length ?? 0) > 0 && (
        <>
          <h3>Variables</h3>
          <dl class="cv-answers">
            {(survey.variables ?? []).map((variable) => (
              <Fragment key={`n-${variable.id}`}>
                <dt>{variable.name}</dt>
                <dd>{answerText(data.variables?.[variable.id])}</dd>
              </Fragment>
            ))}
          </dl>
        </>
      )}
      {meta.length > 0 && (
        <>
          <h3>Where it came from</h3>
          <dl class="cv-answers">
            {meta.map(([key, value]) => (
              <Fragment key={`m-${key}`}>
                <dt>{key}</dt>
                <dd>{answerText(value)}</dd>
              </Fragment>
            ))}
          </dl>
        </>
      )}
      <ResponseTags response={data} canChange={atLeast(boot.role, 'editor')} reload={response.reload} />
      <ResponseNotes response={data} reload={response.reload} />
      {atLeast(boot.role, 'editor') && <DeleteResponse surveyId={survey.id} responseId={data.id} />}
    </div>
  )
}
