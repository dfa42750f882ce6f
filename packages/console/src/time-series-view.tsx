/**
 * Responses over time: the time-series route read in the browser's time zone, with the results' filters, by
 * day, week or month (automatic by the span unless picked), drawn as columns with the same numbers as a table.
 */
import { useEffect, useState } from 'preact/hooks'
import type { Query } from './api'
import { useConsole } from './context'
import type { Interval, TimeBucket, TimeSeries } from './time-series-data'
import { browserTimeZone, periodText, widerInterval } from './time-series-data'
import { ErrorText, useLoad } from './ui'

type Choice = Interval | 'auto'

const CHOICES: Array<[Choice, string]> = [
  ['auto', 'Best fit'],
  ['day', 'Day'],
  ['week', 'Week (from Monday)'],
  ['month', 'Month'],
]

export function ResponsesOverTime({ surveyId, query }: { surveyId: string; query: Query }) {
  const { api } = useConsole()
  const [choice, setChoice] = useState<Choice>('auto')
  const timeZone = browserTimeZone()
  const queryKey = JSON.stringify(query)
  // The automatic interval for these filters: days first, wider while the span holds too many.
  const [auto, setAuto] = useState<{ key: string; interval: Interval }>({ key: queryKey, interval: 'day' })
  const interval: Interval = choice !== 'auto' ? choice : auto.key === queryKey ? auto.interval : 'day'
  // Each answer carries what it was asked for, so that a stale one (of the interval before) moves nothing.
  const series = useLoad(
    (signal) =>
      api
        .data<TimeSeries>(`/api/v1/management/surveys/${encodeURIComponent(surveyId)}/timeseries`, {
          signal,
          query: { ...query, interval, timeZone },
        })
        .then(
          (data) => ({ key: queryKey, interval, data, error: null }),
          (error: unknown) => {
            if (signal.aborted) throw error
            return { key: queryKey, interval, data: null, error: error instanceof Error ? error.message : String(error) }
          },
        ),
    [queryKey, interval, timeZone],
  )
  const answer = series.data && series.data.key === queryKey && series.data.interval === interval ? series.data : null
  useEffect(() => {
    if (choice !== 'auto' || !answer) return
    const wider = widerInterval(interval, answer.data ? answer.data.buckets.length : null)
    if (wider) setAuto({ key: queryKey, interval: wider })
  }, [choice, answer, interval, queryKey])
  const waiting = !answer || (choice === 'auto' && widerInterval(interval, answer.data ? answer.data.buckets.length : null) !== null)
  return (
    <>
      <div class="cv-row">
        <label>
          Show per
          <select value={choice} onChange={(event) => setChoice((event.currentTarget as HTMLSelectElement).value as Choice)}>
            {CHOICES.map(([value, words]) => (
              <option key={value} value={value}>
                {value === 'auto' && choice === 'auto' ? `${words} (${interval})` : words}
              </option>
            ))}
          </select>
        </label>
        <p class="cv-muted">Dates in your time zone ({timeZone}). Every response is counted.</p>
      </div>
      {series.error ? (
        <ErrorText error={series.error} />
      ) : waiting || !answer ? (
        <p role="status">Loading responses over time…</p>
      ) : answer.error !== null ? (
        <ErrorText error={answer.error} />
      ) : answer.data ? (
        <PeriodChart buckets={answer.data.buckets} interval={answer.data.interval} />
      ) : (
        <p role="status">Loading responses over time…</p>
      )}
    </>
  )
}

const number = new Intl.NumberFormat('en-GB')

/** Columns of responses started per period in an SVG, and the same numbers in a table. */
function PeriodChart({ buckets, interval }: { buckets: TimeBucket[]; interval: Interval }) {
  const first = buckets[0]
  const last = buckets[buckets.length - 1]
  if (!first || !last) return <p class="cv-muted">No responses yet.</p>
  const max = Math.max(1, ...buckets.map((bucket) => bucket.started))
  const width = 640
  const height = 140
  const step = width / buckets.length
  // A column is at most 48 units wide, so that a single period is one bar, not a block across the chart.
  const barWidth = Math.max(1, Math.min(step * 0.7, 48))
  const single = buckets.length === 1
  const label = single
    ? `Responses in the ${interval} ${periodText(first.start, interval)}: ${number.format(first.started)}`
    : `Responses per ${interval}, from ${periodText(first.start, interval)} to ${periodText(last.start, interval)}, at most ${number.format(max)} in a ${interval}`
  return (
    <figure class="cv-figure">
      <svg viewBox={`0 0 ${width} ${height + 20}`} role="img" aria-label={label}>
        <line x1="0" y1={height} x2={width} y2={height} stroke="#8a94a3" />
        {buckets.map((bucket, index) => {
          const barHeight = (bucket.started / max) * (height - 10)
          return (
            <rect
              key={bucket.start}
              x={index * step + (step - barWidth) / 2}
              y={height - barHeight}
              width={barWidth}
              height={barHeight}
              fill="#1f5fbf"
            >
              <title>{`${periodText(bucket.start, interval)}: ${number.format(bucket.started)} started, ${number.format(bucket.finished)} finished`}</title>
            </rect>
          )
        })}
        {single ? (
          <text x={width / 2} y={height + 16} font-size="12" fill="#4f5b6b" text-anchor="middle">
            {periodText(first.start, interval)}
          </text>
        ) : (
          <>
            <text x="0" y={height + 16} font-size="12" fill="#4f5b6b">
              {periodText(first.start, interval)}
            </text>
            <text x={width} y={height + 16} font-size="12" fill="#4f5b6b" text-anchor="end">
              {periodText(last.start, interval)}
            </text>
          </>
        )}
      </svg>
      <details>
        <summary>Responses per {interval} as a table</summary>
        <table>
          <caption class="cv-visually-hidden">Responses per {interval}, earliest first; periods without responses are left out</caption>
          <thead>
            <tr>
              <th scope="col">{interval === 'day' ? 'Day' : interval === 'week' ? 'Week' : 'Month'}</th>
              <th scope="col" class="cv-num">
                Started
              </th>
              <th scope="col" class="cv-num">
                Finished
              </th>
              <th scope="col" class="cv-num">
                Completed
              </th>
            </tr>
          </thead>
          <tbody>
            {buckets
              .filter((bucket) => bucket.started > 0)
              .map((bucket) => (
                <tr key={bucket.start}>
                  <td>{periodText(bucket.start, interval)}</td>
                  <td class="cv-num">{number.format(bucket.started)}</td>
                  <td class="cv-num">{number.format(bucket.finished)}</td>
                  <td class="cv-num">{bucket.completionRate === null ? '–' : `${bucket.completionRate} %`}</td>
                </tr>
              ))}
          </tbody>
        </table>
      </details>
    </figure>
  )
}
