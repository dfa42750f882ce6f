/**
 * A survey's results summary as one Preact tree: the totals, where unfinished responses stopped (after which
 * question, and per block along each response's path), and a card per
 * question with the chart its type calls for. The console renders it in the browser and the shared results
 * page renders it to HTML on the server, so both show the same numbers, words and colours.
 */
import type { ComponentChildren, VNode } from 'preact'
import { BookingChart, ChoicesChart, MatrixChart, NpsChart, PairChart, RankingChart, ScaleChart } from './charts'
import { DropOffFunnel } from './funnel'
import type { QuestionSummary, Summary } from './model'
import { questionTypeName, durationText } from './model'
import { Count, Num, Percent } from './parts'

/** What a card needs of the question itself: its scale's range, and a matrix's rows and columns in order. */
export interface ResultsQuestion {
  id: string
  headline: string
  range?: number
  rows?: string[]
  columns?: string[]
}

export interface ResultsSummaryProps {
  summary: Summary
  /** The survey's questions, for headlines the summary lacks, scales' ranges and a matrix's order. */
  questions: readonly ResultsQuestion[]
  /** What a card shows for a question the summary does not count (free text, dates, files…). */
  open?: (question: QuestionSummary) => VNode | null
}

export function ResultsSummary({ summary, questions, open }: ResultsSummaryProps) {
  const byId = new Map(questions.map((question) => [question.id, question]))
  return (
    <>
      <Totals summary={summary} />
      <DropOff summary={summary} byId={byId} />
      <DropOffFunnel summary={summary} />
      {summary.questions.map((entry, index) => (
        <QuestionCard key={entry.questionId} question={entry} given={byId.get(entry.questionId)} index={index} open={open} />
      ))}
    </>
  )
}

function Tile({ label, children, note }: { label: string; children: ComponentChildren; note?: ComponentChildren }) {
  return (
    <div class="cv-stat">
      <dt>{label}</dt>
      <dd>
        <span class="cv-stat-value">{children}</span>
        {note ? <span class="cv-stat-note">{note}</span> : null}
      </dd>
    </div>
  )
}

export function Totals({ summary }: { summary: Summary }) {
  const median = summary.medianTimeToComplete
  return (
    <section class="cv-section" aria-labelledby="cv-totals">
      <h2 id="cv-totals" class="cv-sr">
        Totals
      </h2>
      <dl class="cv-stats">
        <Tile label="Displays">
          <Count cv="total-displays" value={summary.displays} />
        </Tile>
        <Tile label="Responses" note={<StartRateNote summary={summary} />}>
          <Count cv="total-starts" value={summary.responses.started} />
        </Tile>
        <Tile label="Completes">
          <Count cv="total-completes" value={summary.responses.finished} />
        </Tile>
        <Tile label="Completion rate" note="of starts">
          <Percent cv="completion-rate" value={summary.completionRate} />
        </Tile>
        <Tile
          label="Median time to complete"
          note={
            <>
              average <Num cv="average-time" value={summary.averageTimeToComplete} text={durationText(summary.averageTimeToComplete)} />
            </>
          }
        >
          <Num cv="median-time" value={median} text={durationText(median)} />
        </Tile>
      </dl>
    </section>
  )
}

/**
 * Starts as a share of displays, where that share means something: a response may come without a display (a
 * link survey's page records one, the API and imports do not), so with no displays, or fewer than starts, the
 * note says that instead of a percentage (see docs/results.md).
 */
function StartRateNote({ summary }: { summary: Summary }) {
  if (summary.displays === 0) return <>no displays recorded</>
  if (summary.responses.started > summary.displays) return <>more than displays: some responses came without one</>
  return (
    <>
      <Percent cv="start-rate" value={summary.startRate} /> of displays
    </>
  )
}

function DropOff({ summary, byId }: { summary: Summary; byId: Map<string, ResultsQuestion> }) {
  const { dropOff } = summary
  return (
    <section class="cv-section cv-card" aria-labelledby="cv-dropoff">
      <h2 id="cv-dropoff">Drop-off</h2>
      <p class="cv-muted">Where unfinished responses stopped: after which question they answered last.</p>
      <div class="cv-scroll" tabindex={0} role="region" aria-label="Drop-off table">
        <table class="cv-table">
          <thead>
            <tr>
              <th scope="col">Question</th>
              <th scope="col">Answered</th>
              <th scope="col">Stopped after</th>
              <th scope="col">Drop-off</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <th scope="row">Before the first question</th>
              <td />
              <td>
                <Count cv="dropoff-before-first" value={dropOff.beforeFirstQuestion} />
              </td>
              <td />
            </tr>
            {dropOff.questions.map((row) => {
              const q = { question: row.questionId }
              return (
                <tr key={row.questionId}>
                  <th scope="row">{byId.get(row.questionId)?.headline ?? row.questionId}</th>
                  <td>
                    <Count cv="dropoff-answered" value={row.answered} of={q} />
                  </td>
                  <td>
                    <Count cv="dropoff-count" value={row.droppedAfter} of={q} />
                  </td>
                  <td>
                    <Percent cv="dropoff-rate" value={row.dropOffRate} of={q} />
                  </td>
                </tr>
              )
            })}
          </tbody>
        </table>
      </div>
    </section>
  )
}

interface CardProps {
  question: QuestionSummary
  given: ResultsQuestion | undefined
  index: number
  open: ResultsSummaryProps['open']
}

/** One question's card: its type, headline, answered and skipped, and its chart. */
export function QuestionCard({ question, given, index, open }: CardProps) {
  const q = { question: question.questionId }
  const anchor = `cv-q-${index}`
  return (
    <section class="cv-section cv-card" aria-labelledby={anchor}>
      <header class="cv-card-head">
        <p class="cv-eyebrow">{questionTypeName(question.type)}</p>
        <h2 id={anchor}>{question.headline || given?.headline || question.questionId}</h2>
        <p class="cv-muted">
          <Count cv="question-answered" value={question.answered} of={q} /> answered ·{' '}
          <Count cv="question-skipped" value={question.skipped} of={q} /> skipped
        </p>
      </header>
      <QuestionChart question={question} given={given} open={open} />
    </section>
  )
}

function QuestionChart({ question, given, open }: Omit<CardProps, 'index'>) {
  switch (question.type) {
    case 'multipleChoiceSingle':
    case 'multipleChoiceMulti':
    case 'pictureSelection':
      return <ChoicesChart question={question} />
    case 'nps':
      return <NpsChart question={question} />
    case 'rating':
    case 'csat':
    case 'ces':
      return <ScaleChart question={question} range={given?.range ?? (question.type === 'rating' ? 10 : 5)} />
    case 'cta':
      return (
        <PairChart
          question={question}
          pairs={[
            ['cta-clicked', 'Clicked', question.clicked ?? 0],
            ['cta-dismissed', 'Dismissed', question.dismissed ?? 0],
          ]}
        />
      )
    case 'consent':
      return (
        <PairChart
          question={question}
          pairs={[
            ['consent-accepted', 'Accepted', question.accepted ?? 0],
            ['consent-dismissed', 'Dismissed', question.dismissed ?? 0],
          ]}
        />
      )
    case 'cal':
      return <BookingChart question={question} />
    case 'matrix':
      return <MatrixChart question={question} labels={{ rows: given?.rows ?? [], columns: given?.columns ?? [] }} />
    case 'ranking':
      return <RankingChart question={question} />
    default:
      return open ? open(question) : null
  }
}
