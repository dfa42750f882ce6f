/**
 * `pnpm bench:responses`: the response queries (docs/api.md, "Responses") on Postgres, over one survey of
 * `BENCH_RESPONSES` responses (1,000,000 by default) that a generator writes in one statement. The standalone
 * server runs in a process of its own and is called over loopback HTTP; each figure is the median of
 * `BENCH_ROUNDS` runs:
 *
 * - a page 100,000 deep by cursor ÷ the first page, for each `sortBy` and `order` (target ≤ 1.2);
 * - `count=true` over every response (`X-Total-Count`, target < 300 ms);
 * - the CSV export of them all, in rows per second (target ≥ 50,000/s), and how far the server's RSS grows
 *   meanwhile (target < 64 MiB);
 * - the survey's summary (target < 2 s);
 * - the shared results page (`GET /share/{key}`, the sharing turned on through the management route): its
 *   summary tab, whose summary the page reuses for 10 s, so each round asks with a start date of its own before
 *   every response (the same summary, computed afresh), and the first page of its responses tab (target < 2.5 s).
 * - `filters` (docs/api.md, "Filtering responses"): the first page (100) of the list, p95 of `BENCH_PAGE_ROUNDS`,
 *   with no filter, an answer `eq` a rare value (1 in 10,000), an answer `eq` a common one (1 in 2), a numeric
 *   `gte` (2 in 11), `contains` a rare text, a hidden field `eq` a rare value (1 in 5,000), and `count=true` with
 *   a rare and a common filter (target: p95 < 100 ms for each first page but `contains`, which no index serves,
 *   and < 300 ms for each count).
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { fileURLToPath } from 'node:url'
import { Kysely, PostgresDialect, sql } from 'kysely'
import pg from 'pg'
import { generateApiKey } from './api-key'
import { createBenchDatabase } from './bench-database'
import { startChildServer } from './child-server'
import { memory, resetPeak } from './process-memory'

const STANDALONE_MAIN = fileURLToPath(new URL('../../packages/server/dist/main.js', import.meta.url))
const RESPONSES = Number(process.env.BENCH_RESPONSES ?? 1_000_000)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)
/** Rounds of each page pair (`BENCH_PAGE_ROUNDS`): a page takes ~10 ms, so the median of 3 moves by ±20% from run to run. */
const PAGE_ROUNDS = Number(process.env.BENCH_PAGE_ROUNDS ?? 15)
/** Which measures to run (`BENCH_PARTS`, comma-separated): pages, count, export, summary, share, filters. */
const PARTS = new Set((process.env.BENCH_PARTS ?? 'pages,count,export,summary,share,filters').split(','))
const DEPTH = Math.min(100_000, Math.floor(RESPONSES / 2))
const baseUrl = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres'

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number
const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.ceil(values.length * 0.95) - 1] as number

const database = await createBenchDatabase(baseUrl)
const dataDir = await mkdtemp(join(tmpdir(), 'canvass-bench-responses-'))
const pool = new pg.Pool({ connectionString: database.url, max: 2 })
const db = new Kysely<unknown>({ dialect: new PostgresDialect({ pool }) })
const key = generateApiKey()
const server = await startChildServer({
  name: 'Canvass',
  script: STANDALONE_MAIN,
  env: { DATABASE_URL: database.url, DATA_DIR: dataDir, CANVASS_INIT_API_KEY: key, CANVASS_RATE_LIMITS: 'off' },
})
try {
  const call = async (path: string, init: RequestInit = {}) =>
    fetch(`${server.url}${path}`, { ...init, headers: { 'x-api-key': key, 'content-type': 'application/json', ...init.headers } })
  const environmentId = ((await (await call('/api/v1/me')).json()) as { id: string }).id
  const created = await call('/api/v1/management/surveys', {
    method: 'POST',
    body: JSON.stringify({
      environmentId,
      name: 'Bench',
      status: 'inProgress',
      questions: [
        { id: 'why', type: 'openText', headline: { default: 'Why?' }, required: false },
        { id: 'nps', type: 'nps', headline: { default: 'Recommend?' }, required: false },
        {
          id: 'color',
          type: 'multipleChoiceSingle',
          headline: { default: 'Colour?' },
          required: false,
          choices: [
            { id: 'r', label: { default: 'Red' } },
            { id: 'b', label: { default: 'Blue' } },
          ],
        },
      ],
    }),
  })
  const surveyId = ((await created.json()) as { data: { id: string } }).data.id

  console.log(`Writing ${RESPONSES.toLocaleString('en')} responses…`)
  const writing = performance.now()
  // One statement: ids in creation order, one a second apart; updates in another order than creation.
  await sql`
    insert into canvass.responses (id, created_at, updated_at, survey_id, environment_id, finished, data, meta, ttc, variables)
    select 'r' || lpad(g::text, 9, '0'),
      timestamptz '2025-01-01' + g * interval '1 second',
      timestamptz '2025-01-01' + ((g::bigint * 7919) % ${RESPONSES}) * interval '1 second' + interval '1 hour',
      ${surveyId}, ${environmentId}, g % 3 <> 0,
      jsonb_build_object('why', 'because ' || g, 'nps', g % 11,
        'color', case when g % 10000 = 0 then 'Green' when g % 2 = 0 then 'Red' else 'Blue' end, 'src', 'ad-' || (g % 5000)),
      '{"source":"bench"}'::jsonb, jsonb_build_object('_total', g % 5000), '{}'::jsonb
    from generate_series(1, ${RESPONSES}) as g`.execute(db)
  await sql`vacuum analyze canvass.responses`.execute(db)
  console.log(`  written and vacuumed in ${((performance.now() - writing) / 1000).toFixed(1)} s`)

  const rows: Array<[string, string, string, string]> = []
  const timed = async (path: string) => {
    const started = performance.now()
    const answer = await call(path)
    await answer.arrayBuffer()
    if (answer.status !== 200) throw new Error(`${path}: ${answer.status}`)
    return { ms: performance.now() - started, answer }
  }

  for (const sortBy of PARTS.has('pages') ? (['createdAt', 'updatedAt'] as const) : []) {
    for (const order of ['desc', 'asc'] as const) {
      const query = `surveyId=${surveyId}&sortBy=${sortBy}&order=${order}&limit=100`
      // The cursor at DEPTH, as the Link of the page before it would carry it.
      const column = sortBy === 'createdAt' ? 'created_at' : 'updated_at'
      const { rows: at } = await sql<{ at: Date; id: string }>`
        select ${sql.ref(column)} as at, id from canvass.responses where survey_id = ${surveyId}
        order by ${sql.ref(column)} ${sql.raw(order)}, id ${sql.raw(order)} offset ${DEPTH - 1} limit 1`.execute(db)
      const tag = sortBy === 'createdAt' && order === 'desc' ? '' : `${sortBy}.${order}|`
      const cursor = btoa(`${tag}${at[0]!.at.toISOString()}|${at[0]!.id}`).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
      const first: number[] = []
      const deep: number[] = []
      for (let round = 0; round < PAGE_ROUNDS + 1; round++) {
        const a = await timed(`/api/v1/management/responses?${query}`)
        const b = await timed(`/api/v1/management/responses?${query}&cursor=${cursor}`)
        if (round > 0) {
          first.push(a.ms)
          deep.push(b.ms)
        }
      }
      const ratio = median(deep) / median(first)
      rows.push([
        `page ${DEPTH.toLocaleString('en')} deep ÷ first, ${sortBy} ${order}`,
        `${median(deep).toFixed(1)} ms ÷ ${median(first).toFixed(1)} ms = ${ratio.toFixed(2)}`,
        '≤ 1.2',
        ratio <= 1.2 ? 'yes' : 'no',
      ])
    }
  }

  const counts: number[] = []
  for (let round = 0; PARTS.has('count') && round < ROUNDS + 1; round++) {
    const { ms, answer } = await timed(`/api/v1/management/responses?surveyId=${surveyId}&count=true&limit=1`)
    const expected = RESPONSES > 10_000 ? '10000' : String(RESPONSES)
    if (answer.headers.get('x-total-count') !== expected) throw new Error(`X-Total-Count ${answer.headers.get('x-total-count')}`)
    if (round > 0) counts.push(ms)
  }
  if (counts.length > 0)
    rows.push([
      `count=true over ${RESPONSES.toLocaleString('en')} (exact to 10,000, then gte)`,
      `${median(counts).toFixed(0)} ms`,
      '< 300 ms',
      median(counts) < 300 ? 'yes' : 'no',
    ])

  if (PARTS.has('export')) {
    // The export: read as fast as it comes, counting lines; the server's RSS sampled meanwhile, and its peak
    // taken from the kernel's high-water mark (reset to the baseline first) where Linux offers it.
    const pid = server.pid as number
    const baseline = memory(pid).rss
    const hwmReset = resetPeak(pid)
    let peak = baseline
    const sampler = setInterval(() => (peak = Math.max(peak, memory(pid).rss)), 50)
    const exporting = performance.now()
    const answer = await call(`/api/v1/management/responses/export?surveyId=${surveyId}&format=csv`)
    let lines = 0
    for await (const chunk of answer.body as unknown as AsyncIterable<Uint8Array>) {
      for (const byte of chunk) if (byte === 10) lines++
    }
    const exportMs = performance.now() - exporting
    clearInterval(sampler)
    if (hwmReset) peak = Math.max(peak, memory(pid).peak)
    if (lines !== RESPONSES + 1) throw new Error(`the export had ${lines} lines`)
    const perSecond = RESPONSES / (exportMs / 1000)
    const growth = (peak - baseline) / 1024 / 1024
    rows.push([
      'CSV export',
      `${Math.round(perSecond).toLocaleString('en')} rows/s (${(exportMs / 1000).toFixed(1)} s)`,
      '≥ 50,000 rows/s',
      perSecond >= 50_000 ? 'yes' : 'no',
    ])
    rows.push(['RSS growth during the export', `${growth.toFixed(1)} MiB`, '< 64 MiB', growth < 64 ? 'yes' : 'no'])
  }

  const summaries: number[] = []
  for (let round = 0; PARTS.has('summary') && round < ROUNDS; round++)
    summaries.push((await timed(`/api/v1/management/surveys/${surveyId}/summary`)).ms)
  if (summaries.length > 0)
    rows.push(['survey summary', `${(median(summaries) / 1000).toFixed(2)} s`, '< 2 s', median(summaries) < 2000 ? 'yes' : 'no'])

  if (PARTS.has('share')) {
    const shared = await call(`/api/v1/management/surveys/${surveyId}/share`, { method: 'POST' })
    if (shared.status !== 200) throw new Error(`share: ${shared.status} ${await shared.text()}`)
    const shareKey = ((await shared.json()) as { data: { resultShareKey: string } }).data.resultShareKey
    const page = async (query: string, check: (html: string) => boolean) => {
      const started = performance.now()
      const answer = await fetch(`${server.url}/share/${shareKey}?${query}`)
      const html = await answer.text()
      const ms = performance.now() - started
      if (answer.status !== 200 || !check(html)) throw new Error(`/share/{key}?${query}: ${answer.status} ${html.slice(0, 300)}`)
      return ms
    }
    const summaryPages: number[] = []
    const responsePages: number[] = []
    for (let round = 0; round < ROUNDS; round++) {
      // Before every response (they start on 2025-01-01), and a day of its own: not the summary of the round before.
      const fresh = `startDate=${new Date(Date.UTC(2024, 0, 1 + round)).toISOString().slice(0, 10)}`
      summaryPages.push(await page(fresh, (html) => html.includes(`data-cv="total-starts" value="${RESPONSES}"`)))
      responsePages.push(await page(`tab=responses&${fresh}`, (html) => (html.match(/data-cv="response"/g) ?? []).length === 20))
    }
    rows.push([
      `shared results page, summary tab, over ${RESPONSES.toLocaleString('en')}`,
      `${(median(summaryPages) / 1000).toFixed(2)} s`,
      '< 2.5 s',
      median(summaryPages) < 2500 ? 'yes' : 'no',
    ])
    rows.push([
      'shared results page, responses tab, first page',
      `${median(responsePages).toFixed(0)} ms`,
      '< 2.5 s',
      median(responsePages) < 2500 ? 'yes' : 'no',
    ])
  }

  if (PARTS.has('filters')) {
    const rare = Math.floor(RESPONSES / 10_000)
    // [measure, filter, X-Total-Count expected (null: a page), p95 target in ms (null: none)]
    const measures: Array<[string, string, number | null, number | null]> = [
      ['first page, no filter', '', null, 100],
      ['first page, data.color eq a rare value (1 in 10,000)', 'filter[data.color][eq]=Green', null, 100],
      ['first page, data.color eq a common value (1 in 2)', 'filter[data.color][eq]=Red', null, 100],
      ['first page, data.nps gte 9 (2 in 11)', 'filter[data.nps][gte]=9', null, 100],
      // No index serves `contains`: a rare text reads the survey's responses (a measure, no target).
      [
        'first page, data.why contains a rare text',
        `filter[data.why][contains]=${encodeURIComponent(`because ${RESPONSES - 7}`)}`,
        null,
        null,
      ],
      ['first page, hiddenFields.src eq a rare value (1 in 5,000)', 'filter[hiddenFields.src][eq]=ad-7', null, 100],
      [`count=true, data.color eq a rare value (${rare})`, 'filter[data.color][eq]=Green&count=true', rare, 300],
      ['count=true, data.nps gte 9 (past 10,000: gte)', 'filter[data.nps][gte]=9&count=true', 10_000, 300],
    ]
    for (const [name, filter, count, target] of measures) {
      const times: number[] = []
      for (let round = 0; round < PAGE_ROUNDS + 1; round++) {
        const { ms, answer } = await timed(`/api/v1/management/responses?surveyId=${surveyId}&limit=100&${filter}`)
        if (count !== null && answer.headers.get('x-total-count') !== String(Math.min(count, 10_000)))
          throw new Error(`${name}: X-Total-Count ${answer.headers.get('x-total-count')}`)
        if (round > 0) times.push(ms)
      }
      const met = target === null ? '—' : p95(times) < target ? 'yes' : 'no'
      rows.push([
        `${name}, p95 over ${RESPONSES.toLocaleString('en')}`,
        `${p95(times).toFixed(1)} ms`,
        target === null ? 'none' : `< ${target} ms`,
        met,
      ])
    }
  }

  console.log('\n| measure | latest | target | met |\n|---|---|---|---|')
  for (const row of rows) console.log(`| ${row.join(' | ')} |`)
} finally {
  await server.stop()
  await db.destroy()
  await database.drop()
  await rm(dataDir, { recursive: true, force: true })
}
