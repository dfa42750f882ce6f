/**
 * The results' pictures: bars as HTML (each with its label, count and share in text beside it, so a screen
 * reader and a printout read the same numbers), the NPS groups as one stacked bar, a matrix as a shaded table
 * and responses over time as an SVG whose numbers are also a table.
 */
import type { BarRow, QuestionSummary, Summary, SurveyBlock } from './charts'
import { dropOffByBlock, matrixTable, npsSegments, percentText, questionBars, scoreText } from './charts'

/** Horizontal bars, one row each: label, bar, count and share. */
export function Bars({ rows, caption }: { rows: BarRow[]; caption: string }) {
  return (
    <table class="cv-bars">
      <caption class="cv-visually-hidden">{caption}</caption>
      <thead class="cv-visually-hidden">
        <tr>
          <th scope="col">Answer</th>
          <th scope="col">Share</th>
          <th scope="col">Count</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.label}>
            <th scope="row">{row.label}</th>
            <td class="cv-bar-cell">
              <div class="cv-bar" aria-hidden="true">
                <span style={{ width: `${Math.max(0, Math.min(100, row.percent))}%` }} />
              </div>
              <span class="cv-bar-value">{percentText(row.percent)}</span>
            </td>
            <td class="cv-num">{row.count}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

/** The NPS: its score in large type, the three groups as one stacked bar (with their numbers), the 0–10 bars. */
function NpsChart({ question }: { question: QuestionSummary }) {
  const groups = npsSegments(question)
  return (
    <div>
      <p class="cv-score">
        <span class="cv-score-value">{scoreText(question.score)}</span> <span class="cv-muted">Net Promoter Score (−100 to 100)</span>
      </p>
      <div class="cv-stack" aria-hidden="true">
        {groups.map((group) => (
          <span key={group.tone} class={`cv-stack-${group.tone}`} style={{ width: `${group.percent}%` }} />
        ))}
      </div>
      <ul class="cv-legend">
        {groups.map((group) => (
          <li key={group.tone}>
            <span class={`cv-swatch cv-stack-${group.tone}`} aria-hidden="true" /> {group.label}: {group.count} (
            {percentText(group.percent)})
          </li>
        ))}
      </ul>
      <Bars rows={questionBars(question)} caption={`${question.headline}: scores given`} />
    </div>
  )
}

function MatrixChart({ question }: { question: QuestionSummary }) {
  const table = matrixTable(question.rows ?? [])
  return (
    <table class="cv-matrix">
      <caption class="cv-visually-hidden">{`${question.headline}: answers per row`}</caption>
      <thead>
        <tr>
          <th scope="col">Row</th>
          {table.columns.map((column) => (
            <th key={column} scope="col" class="cv-num">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {table.rows.map((row) => (
          <tr key={row.row}>
            <th scope="row">{row.row}</th>
            {row.counts.map((count, index) => {
              const part = row.total ? count / row.total : 0
              return (
                <td key={table.columns[index]} class="cv-num" style={{ background: `rgba(31,95,191,${(part * 0.35).toFixed(2)})` }}>
                  {count} <span class="cv-muted">({percentText(Math.round(part * 1000) / 10)})</span>
                </td>
              )
            })}
          </tr>
        ))}
      </tbody>
    </table>
  )
}

const QUESTION_TYPES: Record<string, string> = {
  openText: 'Free text',
  multipleChoiceSingle: 'Single choice',
  multipleChoiceMulti: 'Multiple choice',
  pictureSelection: 'Picture choice',
  nps: 'Net Promoter Score',
  rating: 'Rating',
  csat: 'Customer satisfaction',
  ces: 'Customer effort',
  matrix: 'Matrix',
  ranking: 'Ranking',
  cta: 'Call to action',
  consent: 'Consent',
  date: 'Date',
  fileUpload: 'File upload',
  address: 'Address',
  contactInfo: 'Contact info',
  cal: 'Booking',
}

/** One question's card: headline, answered and skipped, and the chart its type calls for. */
export function QuestionCard({ question }: { question: QuestionSummary }) {
  const bars = questionBars(question)
  const headingId = `cv-q-${question.questionId}`
  return (
    <section class="cv-card" aria-labelledby={headingId}>
      <h3 id={headingId}>{question.headline || question.questionId}</h3>
      <p class="cv-muted">
        {QUESTION_TYPES[question.type] ?? question.type} · {question.answered} answered · {question.skipped} skipped
        {question.average !== undefined && question.average !== null ? ` · average ${Math.round(question.average * 100) / 100}` : ''}
        {question.satisfied ? ` · satisfied ${question.satisfied.count} (${percentText(question.satisfied.percentage)})` : ''}
      </p>
      {question.type === 'nps' ? (
        <NpsChart question={question} />
      ) : question.rows ? (
        <MatrixChart question={question} />
      ) : bars.length > 0 ? (
        <Bars rows={bars} caption={`${question.headline}: answers`} />
      ) : null}
      {question.clicked !== undefined && (
        <p>
          Clicked {question.clicked} · dismissed {question.dismissed ?? 0}
        </p>
      )}
      {question.accepted !== undefined && (
        <p>
          Accepted {question.accepted} · dismissed {question.dismissed ?? 0}
        </p>
      )}
      {question.booked && (
        <p>
          Booked {question.booked.count} ({percentText(question.booked.percentage)})
        </p>
      )}
      {question.other && question.other.values.length > 0 && (
        <details>
          <summary>Other answers ({question.other.count})</summary>
          <ul>
            {question.other.values.map((entry) => (
              <li key={entry.value}>
                {entry.value} ({entry.count})
              </li>
            ))}
          </ul>
        </details>
      )}
    </section>
  )
}

/** Responses per day as columns in an SVG, with the same numbers in a table for reading. */
export function TimeChart({ days }: { days: Array<{ day: string; count: number }> }) {
  const first = days[0]
  const last = days[days.length - 1]
  if (!first || !last) return <p class="cv-muted">No responses yet.</p>
  const max = Math.max(1, ...days.map((entry) => entry.count))
  const width = 640
  const height = 140
  const step = width / days.length
  return (
    <figure class="cv-figure">
      <svg
        viewBox={`0 0 ${width} ${height + 20}`}
        role="img"
        aria-label={`Responses per day, from ${first.day} to ${last.day}, at most ${max} a day`}
      >
        <line x1="0" y1={height} x2={width} y2={height} stroke="#8a94a3" />
        {days.map((entry, index) => {
          const barHeight = (entry.count / max) * (height - 10)
          return (
            <rect
              key={entry.day}
              x={index * step + step * 0.15}
              y={height - barHeight}
              width={Math.max(1, step * 0.7)}
              height={barHeight}
              fill="#1f5fbf"
            >
              <title>{`${entry.day}: ${entry.count}`}</title>
            </rect>
          )
        })}
        <text x="0" y={height + 16} font-size="12" fill="#4f5b6b">
          {first.day}
        </text>
        <text x={width} y={height + 16} font-size="12" fill="#4f5b6b" text-anchor="end">
          {last.day}
        </text>
      </svg>
      <details>
        <summary>Responses per day as a table</summary>
        <table>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col" class="cv-num">
                Responses
              </th>
            </tr>
          </thead>
          <tbody>
            {days
              .filter((entry) => entry.count > 0)
              .map((entry) => (
                <tr key={entry.day}>
                  <td>{entry.day}</td>
                  <td class="cv-num">{entry.count}</td>
                </tr>
              ))}
          </tbody>
        </table>
      </details>
    </figure>
  )
}

/** Drop-off per block as bars of the share that stopped there. */
export function DropOffChart({ blocks, summary }: { blocks: SurveyBlock[]; summary: Summary }) {
  const rows = dropOffByBlock(blocks, summary)
  if (rows.length === 0) return null
  return (
    <table class="cv-bars">
      <caption class="cv-visually-hidden">Drop-off per block</caption>
      <thead>
        <tr>
          <th scope="col">Block</th>
          <th scope="col">Stopped there</th>
          <th scope="col" class="cv-num">
            Reached
          </th>
          <th scope="col" class="cv-num">
            Stopped
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.id}>
            <th scope="row">{row.label}</th>
            <td class="cv-bar-cell">
              <div class="cv-bar cv-bar-danger" aria-hidden="true">
                <span style={{ width: `${row.percent}%` }} />
              </div>
              <span class="cv-bar-value">{percentText(row.percent)}</span>
            </td>
            <td class="cv-num">{row.reached}</td>
            <td class="cv-num">{row.dropped}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
