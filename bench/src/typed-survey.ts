/**
 * The survey of ten question types that `bench:summary` and `bench:sizing` measure, its answers, and how its
 * responses are seeded: a few written through the management API, then copied by SQL to any count.
 */
import { performance } from 'node:perf_hooks'
import pg from 'pg'

const t = (text: string) => ({ default: text })
/**
 * The ten question types a survey of `bench:summary` and `bench:sizing` has: open text, single and multiple choice,
 * NPS, rating, CSAT, consent, date, ranking and matrix.
 */
export const TYPED_QUESTIONS = [
  { id: 'why', type: 'openText', headline: t('Why?'), required: false },
  {
    id: 'color',
    type: 'multipleChoiceSingle',
    headline: t('Colour?'),
    required: false,
    choices: [
      { id: 'red', label: t('Red') },
      { id: 'blue', label: t('Blue') },
      { id: 'green', label: t('Green') },
    ],
  },
  {
    id: 'tools',
    type: 'multipleChoiceMulti',
    headline: t('Tools?'),
    required: false,
    choices: [
      { id: 'cli', label: t('Command line') },
      { id: 'web', label: t('Web app') },
      { id: 'api', label: t('API') },
    ],
  },
  { id: 'nps', type: 'nps', headline: t('Recommend?'), required: false },
  { id: 'stars', type: 'rating', headline: t('Docs?'), required: false, scale: 'number', range: 10 },
  { id: 'csat', type: 'csat', headline: t('Satisfied?'), required: false, scale: 'smiley', range: 5 },
  { id: 'terms', type: 'consent', headline: t('Terms'), required: false, label: t('I agree') },
  { id: 'when', type: 'date', headline: t('When?'), required: false, format: 'y-M-d' },
  {
    id: 'rank',
    type: 'ranking',
    headline: t('Rank'),
    required: false,
    choices: [
      { id: 'speed', label: t('Speed') },
      { id: 'price', label: t('Price') },
      { id: 'support', label: t('Support') },
    ],
  },
  { id: 'grid', type: 'matrix', headline: t('Each part'), required: false, rows: [t('Speed'), t('Price')], columns: [t('Bad'), t('Good')] },
]

/** The answers of the `i`th response to `TYPED_QUESTIONS`: every fifth and seventh stop early, unfinished. */
export function typedAnswers(i: number) {
  const data: Record<string, unknown> = {
    why: `Answer number ${i}: it is quick and the charts are clear.`,
    color: ['Red', 'Blue', 'Red', 'Green', 'Purple'][i % 5],
    tools: [['Command line'], ['Web app', 'API'], ['Command line', 'API'], ['API']][i % 4],
    nps: (i * 7) % 11,
    stars: 1 + ((i * 3) % 10),
    csat: 1 + ((i * 2 + 3) % 5),
    terms: 'accepted',
    when: `2026-0${1 + (i % 9)}-1${i % 10}`,
    rank: [
      ['Speed', 'Price', 'Support'],
      ['Price', 'Speed', 'Support'],
      ['Speed', 'Support', 'Price'],
    ][i % 3],
    grid: { Speed: i % 2 ? 'Good' : 'Bad', Price: i % 3 ? 'Good' : 'Bad' },
  }
  // Some stop early, unfinished.
  const stop = i % 5 === 4 ? 3 : i % 7 === 6 ? 0 : undefined
  if (stop !== undefined) for (const key of Object.keys(data).slice(stop)) delete data[key]
  return { data, finished: stop === undefined, ttc: { why: 20_000 + ((i * 7919) % 90_000), nps: 1000 + i * 10 } }
}

/** Where the survey's first responses are written through the API. */
export interface SeedTarget {
  label: string
  /** The server's base URL, e.g. `http://127.0.0.1:3000`. */
  url: string
  /** A management key of the survey's environment. */
  key: string
}

export interface SeedOptions {
  databaseUrl: string
  surveyId: string
  /** Responses the survey has in the end. */
  count: number
  /**
   * `bulk` drops the table's secondary indexes for the copy and builds them after it, as a bulk load does (one
   * pass per index instead of one insert per row and index: fast, and the indexes come out packed); `kept`
   * copies with every index in place, so they grow as inserts grow them, as in a table that took its rows one by
   * one.
   * @default 'bulk'
   */
  indexes?: 'bulk' | 'kept'
  /**
   * Makes each copy's open-text answer its own (the original's words and the copy's number), as respondents'
   * words are: the index of answers (GIN) then holds an entry per response for it, instead of the 50 originals'.
   * @default false
   */
  uniqueText?: boolean
}

/**
 * Fills the survey with `count` responses: 50 written through the API, then copied by SQL, every copy shaped as
 * the API wrote its original, with a new id and a later time. The copies span the four months before now, as a
 * survey in steady use would, and are written in the order of their times, as responses that arrive over months
 * are stored (a month's responses on pages of their own, not spread over the table). Ends with `vacuum analyze`.
 */
export async function seedTypedResponses(
  target: SeedTarget,
  { databaseUrl, surveyId, count, indexes = 'bulk', uniqueText = false }: SeedOptions,
) {
  const originals = 50
  const spacing = Math.max(1, Math.floor((120 * 86_400) / Math.ceil(count / originals)))
  const firstAt = Date.now() - 125 * 86_400_000
  for (let i = 0; i < originals; i++) {
    const answer = await fetch(`${target.url}/api/v1/management/responses`, {
      method: 'POST',
      headers: { 'x-api-key': target.key, 'content-type': 'application/json' },
      body: JSON.stringify({ surveyId, ...typedAnswers(i), createdAt: new Date(firstAt + i * 1000).toISOString() }),
    })
    if (!answer.ok) throw new Error(`${target.label}: a seed response answered ${answer.status}: ${(await answer.text()).slice(0, 500)}`)
    await answer.body?.cancel()
  }
  const copies = Math.ceil((count - originals) / originals)
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 })
  try {
    console.log(`${target.label}: copying ${originals} responses written through the API ${copies.toLocaleString('en')} times…`)
    const writing = performance.now()
    // Every column as the API wrote it, but a new id and a later creation (and update) time per copy.
    const { rows: columns } = await pool.query<{ name: string }>(
      `select column_name as name from information_schema.columns
       where table_schema = 'canvass' and table_name = 'responses' order by ordinal_position`,
    )
    const shifted = new Map([
      ['id', `r.id || '-' || g`],
      ['created_at', `r.created_at + g * interval '${spacing} seconds'`],
      ['updated_at', `r.updated_at + g * interval '${spacing} seconds'`],
      ...(uniqueText
        ? [
            [
              'data',
              `case when r.data ? 'why' then jsonb_set(r.data, '{why}', to_jsonb((r.data->>'why') || ' #' || g)) else r.data end`,
            ] as const,
          ]
        : []),
    ])
    const names = columns.map((column) => `"${column.name}"`).join(', ')
    const values = columns.map((column) => shifted.get(column.name) ?? `r."${column.name}"`).join(', ')
    // Secondary indexes only: a key or a unique index stays, as it guards the rows.
    const { rows: dropped } =
      indexes === 'bulk'
        ? await pool.query<{ name: string; definition: string }>(
            `select i.indexname as name, i.indexdef as definition from pg_indexes i
             where i.schemaname = 'canvass' and i.tablename = 'responses' and i.indexdef not like 'CREATE UNIQUE%'`,
          )
        : { rows: [] }
    for (const index of dropped) await pool.query(`drop index canvass."${index.name}"`)
    // The originals numbered 1 to 50; copy g of original n is response (g - 1) × 50 + n, up to the count asked for.
    await pool.query(
      `insert into canvass.responses (${names})
       select ${values}
       from (select *, row_number() over (order by created_at, id) as n from canvass.responses where survey_id = $1) r
       cross join generate_series(1, $2::int) as g
       where (g - 1) * ${originals} + r.n <= $3::int
       order by g, r.n`,
      [surveyId, copies, count - originals],
    )
    const copied = performance.now()
    await pool.query('set maintenance_work_mem = $$1GB$$')
    for (const index of dropped) await pool.query(index.definition.replace(' ON ONLY ', ' ON '))
    await pool.query('vacuum analyze canvass.responses')
    const { rows: counted } = await pool.query<{ count: string }>('select count(*) from canvass.responses where survey_id = $1', [surveyId])
    if (Number(counted[0]?.count) !== count) throw new Error(`the survey has ${counted[0]?.count} responses`)
    console.log(
      `  ${target.label}: copied in ${seconds(copied - writing)}, ${dropped.length > 0 ? 'indexed and ' : ''}vacuumed in ${seconds(performance.now() - copied)}`,
    )
  } finally {
    await pool.end()
  }
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`
