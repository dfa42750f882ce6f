/**
 * The chart of each question type: choices and pairs as bars, scales and NPS as columns of each score (NPS
 * with its groups as one stacked bar), a matrix as a shaded table, a ranking in its order. Every number is also
 * in text beside its shape.
 */
import { BarRowItem, Count, MoreNote, Num, Percent } from './parts'
import type { QuestionSummary, Share } from './model'
import {
  NPS_GROUP_FIELDS,
  RESULTS_LIMITS,
  averageText,
  choiceLabel,
  countText,
  heatOf,
  matrixTable,
  npsSegments,
  otherLabel,
  percentText,
  scoreText,
} from './model'

/** The tone (and so the colour) of each NPS group, wherever it is drawn. */
const NPS_TONES = { detractor: 'bad', passive: 'neutral', promoter: 'good' } as const

export function ChoicesChart({ question }: { question: QuestionSummary }) {
  const choices = question.choices ?? []
  const q = { question: question.questionId }
  const other = question.other
  const values = other?.values.slice(0, RESULTS_LIMITS.otherValues) ?? []
  return (
    <>
      {question.type === 'multipleChoiceMulti' && <p class="cv-muted">Several choices may be picked: shares are of those who answered.</p>}
      <ul class="cv-bars">
        {choices.slice(0, RESULTS_LIMITS.chartRows).map((choice, index) => {
          const of = { ...q, choice: choice.id }
          return (
            <BarRowItem key={choice.id} label={choiceLabel(question, choice, index)} percent={choice.percentage}>
              <Count cv="choice-count" value={choice.count} of={of} /> ·{' '}
              <Percent cv="choice-percentage" value={choice.percentage} of={of} />
            </BarRowItem>
          )
        })}
        {other && (other.count > 0 || other.label) && (
          <BarRowItem label={otherLabel(other)} percent={other.percentage} tone="muted">
            <Count cv="other-count" value={other.count} of={q} /> · <Percent cv="other-percentage" value={other.percentage} of={q} />
          </BarRowItem>
        )}
      </ul>
      <MoreNote hidden={choices.length - RESULTS_LIMITS.chartRows} what="choices" />
      {values.length > 0 && (
        <details class="cv-details">
          <summary>
            Other answers given ({countText(values.length)}
            {other && other.values.length > values.length ? '+' : ''})
          </summary>
          <ul class="cv-list">
            {values.map((entry) => (
              <li key={entry.value}>
                <span class="cv-answer">{cut(entry.value)}</span>{' '}
                <Count cv="other-value-count" value={entry.count} of={{ ...q, other: entry.value.slice(0, 200) }} />
              </li>
            ))}
          </ul>
        </details>
      )}
    </>
  )
}

const cut = (text: string) => (text.length > RESULTS_LIMITS.otherChars ? `${text.slice(0, RESULTS_LIMITS.otherChars)}…` : text)

export function NpsChart({ question }: { question: QuestionSummary }) {
  const q = { question: question.questionId }
  const groups = npsSegments(question)
  let offset = 0
  const segments = groups.map((group) => {
    // Rounded to a hundredth, so that the shares' sum leaves no float's tail in a width.
    const width = Math.round(Math.max(0, Math.min(100 - offset, group.percent)) * 100) / 100
    const x = offset
    offset += width
    return { ...group, x, width }
  })
  return (
    <>
      <div class="cv-score">
        <p class="cv-big">
          NPS{' '}
          <span class="cv-score-value">
            <Num cv="nps-score" value={question.score} text={scoreText(question.score)} of={q} />
          </span>{' '}
          <span class="cv-muted">(−100 to 100)</span>
        </p>
        <p class="cv-muted">
          Average rating <Num cv="nps-average" value={question.average} text={averageText(question.average)} of={q} /> of 10
        </p>
      </div>
      <svg class="cv-bar cv-bar-wide" aria-hidden="true" focusable="false">
        <rect class="cv-bar-track" width="100%" height="100%" />
        {segments.map((segment) => (
          <rect
            key={segment.tone}
            class={`cv-bar-fill cv-tone-${NPS_TONES[segment.tone]}`}
            data-tone={segment.tone}
            x={`${segment.x}%`}
            width={`${segment.width}%`}
            height="100%"
          />
        ))}
      </svg>
      <ul class="cv-legend">
        {groups.map((group) => {
          const field = NPS_GROUP_FIELDS[group.tone]
          const value: Share | undefined = question[field]
          return (
            <li key={group.tone} data-tone={group.tone}>
              <span class={`cv-dot cv-tone-${NPS_TONES[group.tone]}`} aria-hidden="true" />
              {group.label}: <Count cv={`nps-${field}`} value={value?.count ?? 0} of={q} />{' '}
              <span class="cv-muted">
                (<Percent cv={`nps-${field}-percentage`} value={value?.percentage} of={q} />)
              </span>
            </li>
          )
        })}
      </ul>
      <Histogram question={question} from={0} to={10} cv="nps" label="Score" />
    </>
  )
}

/**
 * Columns of how many answered each score from `from` to `to` (at most eleven: an NPS's 0 to 10), each count and
 * share also in text (`{cv}-count` and `{cv}-percentage`, with `data-rating`).
 */
function Histogram({ question, from, to, cv, label }: { question: QuestionSummary; from: number; to: number; cv: string; label: string }) {
  const distribution = question.distribution ?? []
  const byRating = new Map(distribution.map((point) => [point.rating, point]))
  const total = distribution.reduce((sum, point) => sum + point.count, 0)
  const top = Math.max(1, ...distribution.map((point) => point.count))
  // Seven or more columns must fit a phone: their shares are shown as whole percentages (the exact one is in `value`).
  const wide = to - from + 1 > 5
  const ratings = Array.from({ length: Math.max(0, to - from + 1) }, (_, index) => from + index)
  return (
    <ol class={`cv-histogram${wide ? ' cv-histogram-wide' : ''}`} aria-label={`How many answered each ${label.toLowerCase()}`}>
      {ratings.map((rating) => {
        const point = byRating.get(rating)
        const count = point?.count ?? 0
        const percentage = point ? point.percentage : total === 0 ? null : 0
        const of = { question: question.questionId, rating: String(rating) }
        const height = Math.round((count / top) * 1000) / 10
        return (
          <li key={rating}>
            <span class="cv-col-nums">
              <Count cv={`${cv}-count`} value={count} of={of} />
              <span class="cv-muted">
                <Num
                  cv={`${cv}-percentage`}
                  value={percentage}
                  text={percentText(wide && percentage !== null ? Math.round(percentage) : percentage)}
                  of={of}
                />
              </span>
            </span>
            <svg class="cv-col" aria-hidden="true" focusable="false">
              <rect class="cv-bar-fill" y={`${100 - height}%`} width="100%" height={`${height}%`} rx="3" />
            </svg>
            <span class="cv-col-label">
              <span class="cv-sr">{label} </span>
              {rating}
            </span>
          </li>
        )
      })}
    </ol>
  )
}

/** A rating, CSAT or CES: its average of its range, CSAT's satisfied share, and a column per point. */
export function ScaleChart({ question, range }: { question: QuestionSummary; range: number }) {
  const q = { question: question.questionId }
  const satisfied = question.satisfied
  return (
    <>
      <div class="cv-score">
        <p class="cv-big">
          Average <Num cv="scale-average" value={question.average} text={averageText(question.average)} of={q} />{' '}
          <span class="cv-muted">of {range}</span>
        </p>
        {satisfied && (
          <p class="cv-muted">
            Satisfied (4–5): <Count cv="csat-satisfied" value={satisfied.count} of={q} /> (
            <Percent cv="csat-satisfied-percentage" value={satisfied.percentage} of={q} />)
          </p>
        )}
      </div>
      <Histogram question={question} from={1} to={Math.min(range, 10)} cv="scale" label="Rating" />
    </>
  )
}

/** Two counts of one question (clicked and dismissed, accepted and dismissed) as bars of their shares. */
export function PairChart({ question, pairs }: { question: QuestionSummary; pairs: Array<[string, string, number]> }) {
  const q = { question: question.questionId }
  const total = pairs.reduce((sum, [, , count]) => sum + count, 0)
  return (
    <ul class="cv-bars">
      {pairs.map(([cv, label, count]) => {
        const percentage = total === 0 ? null : Math.round((count / total) * 10_000) / 100
        return (
          <BarRowItem key={cv} label={label} percent={percentage}>
            <Count cv={cv} value={count} of={q} /> · {percentText(percentage)}
          </BarRowItem>
        )
      })}
    </ul>
  )
}

export function BookingChart({ question }: { question: QuestionSummary }) {
  const q = { question: question.questionId }
  const booked = question.booked ?? { count: 0, percentage: null }
  return (
    <>
      <p class="cv-big">
        <Count cv="cal-booked" value={booked.count} of={q} /> booked{' '}
        <span class="cv-muted">
          (<Percent cv="cal-booked-percentage" value={booked.percentage} of={q} /> of starts)
        </span>
      </p>
      <svg class="cv-bar" aria-hidden="true" focusable="false">
        <rect class="cv-bar-track" width="100%" height="100%" rx="4" />
        <rect class="cv-bar-fill" width={`${Math.max(0, Math.min(100, booked.percentage ?? 0))}%`} height="100%" rx="4" />
      </svg>
    </>
  )
}

/** A matrix: a row per row of the question, a column per column, each cell shaded by its share of its row. */
export function MatrixChart({ question, labels }: { question: QuestionSummary; labels: { rows?: string[]; columns?: string[] } }) {
  const table = matrixTable(question.rows ?? [], labels)
  const columns = table.columns.slice(0, RESULTS_LIMITS.matrixColumns)
  return (
    <>
      <div class="cv-scroll" tabindex={0} role="region" aria-label={`${question.headline || question.questionId}: grid`}>
        <table class="cv-table cv-matrix">
          <thead>
            <tr>
              <td />
              {columns.map((column) => (
                <th key={column} scope="col">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.rows.slice(0, RESULTS_LIMITS.chartRows).map((row) => {
              // The shares are of the row's answers in every column, shown or not.
              const total = row.total
              return (
                <tr key={row.row}>
                  <th scope="row">{row.row}</th>
                  {columns.map((column, index) => {
                    const count = row.counts[index] ?? 0
                    return (
                      <td key={column} class={`cv-heat-${heatOf(count, total)}`}>
                        <Count cv="matrix-count" value={count} of={{ question: question.questionId, row: row.row, column }} />
                        <span class="cv-cell-pct">{percentText(total === 0 ? null : Math.round((count / total) * 1000) / 10)}</span>
                      </td>
                    )
                  })}
                </tr>
              )
            })}
          </tbody>
        </table>
      </div>
      <MoreNote hidden={table.columns.length - columns.length} what="columns" />
      <UnmatchedNote question={question} what="row or column" />
    </>
  )
}

/** A ranking, best first: each choice's average position, the bar longer the nearer the top it was ranked. */
export function RankingChart({ question }: { question: QuestionSummary }) {
  const choices = question.choices ?? []
  if (!choices.length) return <p class="cv-muted">No rankings to show.</p>
  const count = choices.length
  return (
    <>
      <ol class="cv-bars cv-ranking">
        {choices.slice(0, RESULTS_LIMITS.chartRows).map((choice) => {
          const of = { question: question.questionId, choice: choice.id }
          const average = choice.averagePosition ?? null
          const width = average === null || count < 2 ? 0 : ((count - average) / (count - 1)) * 100
          return (
            <BarRowItem key={choice.id} label={choice.label || choice.id} percent={width}>
              average position <Num cv="ranking-average" value={average} text={averageText(average)} of={of} /> ·{' '}
              <Count cv="ranking-count" value={choice.count} of={of} /> ranked
            </BarRowItem>
          )
        })}
      </ol>
      <MoreNote hidden={choices.length - RESULTS_LIMITS.chartRows} what="choices" />
      <UnmatchedNote question={question} what="choice" />
    </>
  )
}

/** How many answers named none of the question's rows, columns or choices: counted, never dropped. */
function UnmatchedNote({ question, what }: { question: QuestionSummary; what: string }) {
  const unmatched = question.unmatched ?? 0
  if (unmatched <= 0) return null
  return (
    <p class="cv-muted">
      <Count cv="unmatched-count" value={unmatched} of={{ question: question.questionId }} /> {unmatched === 1 ? 'answer' : 'answers'} named
      no {what} of this question.
    </p>
  )
}
