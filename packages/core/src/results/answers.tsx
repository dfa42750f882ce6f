/**
 * A question's answers as a results card lists them (open text, contact info, address, file upload and any
 * question the summary does not count): a search inside them, the latest first, each answer readable (fields
 * with their labels, files by name) and a way to more. The console renders it in the browser, with its own
 * loading; the shared results page renders it to HTML on the server, its search a GET form and "more" a link.
 */
import type { ComponentChildren, VNode } from 'preact'
import { answerFields, answerFiles, answerLine, fileNameOf } from './answer-text'

/** One answer of the list. */
export interface AnswerItem {
  /** Unique in the list (a response id, or its place on a shared page). */
  key: string
  createdAt: Date | string
  value: unknown
}

export interface AnswerListProps {
  /** The question: its id, type and headline (for labels a screen reader reads). */
  question: { questionId: string; type: string; headline: string }
  items: readonly AnswerItem[]
  /** The search given (empty: none); the form's own `id`s are made unique with `index`. */
  search: string
  index: number | string
  /** Fields the search form sends besides `search` (the shared page's tab and filters). */
  hidden?: ReadonlyArray<readonly [string, string]>
  /** The console's search, without reloading the page; the shared page's form is sent as a GET. */
  onSearch?: (text: string) => void
  /** How one file is opened: a link, a button asking for a signed link, or its name alone. */
  file: (url: string, name: string) => VNode
  /** Below the list: "Show more", or the link to older answers. */
  more?: ComponentChildren
  /** Words under the form while answers load (the console). */
  status?: ComponentChildren
  /** Whether a long text answer is cut (`ANSWER_LIMITS.chars`), where a link leads to it whole. @default false */
  clipped?: boolean
}

/** The longest search the form takes (the routes refuse longer). */
export const ANSWER_SEARCH_MAX = 200

export function AnswerList(props: AnswerListProps) {
  const { question, items, search, index } = props
  const id = `cv-search-${index}`
  const field = `data:${question.questionId}`
  return (
    <div class="cv-answer-card" data-question={question.questionId}>
      <form
        class="cv-answer-search"
        role="search"
        method="get"
        onSubmit={
          props.onSearch
            ? (event) => {
                event.preventDefault()
                const input = (event.currentTarget as HTMLFormElement).elements.namedItem('search') as HTMLInputElement | null
                props.onSearch?.(input?.value.trim() ?? '')
              }
            : undefined
        }
      >
        {(props.hidden ?? []).map(([name, value]) => (
          <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
        ))}
        <label for={id}>
          Search the answers<span class="cv-sr">: {question.headline}</span>
        </label>
        {/* The console's box keeps its node, and the focus, across searches; the page's is made with the search it shows. */}
        <input key={props.onSearch ? id : search} id={id} type="search" name="search" maxLength={ANSWER_SEARCH_MAX} defaultValue={search} />
        <button type="submit" class="cv-button">
          Search
        </button>
      </form>
      {props.status}
      {items.length > 0 ? (
        <ul class="cv-list cv-answers" aria-label={search ? `Answers containing “${search}”` : 'Latest answers'}>
          {items.map((item) => (
            <li data-cv="answer" data-field={field} key={item.key}>
              <Answer type={question.type} value={item.value} file={props.file} clipped={props.clipped} />
              <span class="cv-muted cv-when">
                <Time date={item.createdAt} />
              </span>
            </li>
          ))}
        </ul>
      ) : props.status ? null : (
        <p class="cv-muted">{search ? `No answers contain “${search}”.` : 'No answers yet.'}</p>
      )}
      {props.more}
    </div>
  )
}

/** One answer, readable: labelled fields, files by name (opened as `file` says), else its text. */
export function Answer({
  type,
  value,
  file,
  clipped = false,
}: {
  type: string
  value: unknown
  file: AnswerListProps['file']
  clipped?: boolean | undefined
}) {
  const fields = answerFields(type, value)
  if (fields)
    return (
      <dl class="cv-answer cv-answer-fields">
        {fields.map((entry) => (
          <div key={entry.label}>
            <dt>{entry.label}</dt>
            <dd>{entry.value}</dd>
          </div>
        ))}
      </dl>
    )
  const files = type === 'fileUpload' ? answerFiles(value) : []
  if (files.length > 0)
    return (
      <ul class="cv-answer cv-files">
        {files.map((url) => (
          <li key={url}>{file(url, fileNameOf(url))}</li>
        ))}
      </ul>
    )
  return <span class="cv-answer">{answerLine(value, clipped ? undefined : Number.POSITIVE_INFINITY)}</span>
}

/** A date as the results show it, in UTC: `2026-03-10 12:00 UTC`. */
function Time({ date }: { date: Date | string }) {
  const at = new Date(date)
  if (Number.isNaN(at.getTime())) return null
  const iso = at.toISOString()
  return <time dateTime={iso}>{`${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`}</time>
}
