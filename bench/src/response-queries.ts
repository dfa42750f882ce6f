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
 * - `xlsx`: the XLSX export of them all through a signed link (docs/api.md, "Exporting responses"), in rows per
 *   second, and how far the server's RSS grows meanwhile (target < 64 MiB);
 * - the survey's summary (target < 2 s);
 * - the shared results page (`GET /share/{key}`, the sharing turned on through the management route): its
 *   summary tab, whose summary the page reuses for 10 s, so each round asks with a start date of its own before
 *   every response (the same summary, computed afresh), and the first page of its responses tab (target < 2.5 s).
 * - `filters` (docs/api.md, "Filtering responses"): the first page (100) of the list, p95 of `BENCH_PAGE_ROUNDS`,
 *   with no filter, an answer `eq` a rare value (1 in 10,000), an answer `eq` a common one (1 in 2), a numeric
 *   `gte` (2 in 11), `contains` a rare text, a hidden field `eq` a rare value (1 in 5,000), and `count=true` with
 *   a rare and a common filter (target: p95 < 100 ms for each first page but `contains`, which no index serves,
 *   and < 300 ms for each count).
 * - `v3` (docs/api.md, "Responses in v3"): p50 and p95 of `BENCH_PAGE_ROUNDS` of the v3 list's first page (100)
 *   with no filter, with `includeTotalCount=true`, `filter[finished][eq]=true` and a rare answer, a page
 *   100,000 deep by cursor, and `/count` capped, with `precision=exact` and with a rare answer.
 *
 * With `BENCH_BASE` (another checkout, built), that checkout's server is measured beside this one, the two
 * taking turns round by round (pages, count, filters, summary, v3; the export and the shared page are this
 * checkout's only). When every migration the base has is one of this checkout's, both read the same seeded
 * database (the base's server starts first); otherwise each has a database of its own, seeded alike.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { performance } from 'node:perf_hooks'
import { fileURLToPath } from 'node:url'
import { Kysely, PostgresDialect, sql } from 'kysely'
import pg from 'pg'
import { generateApiKey } from './api-key'
import { createBenchDatabase } from './bench-database'
import { startChildServer } from './child-server'
import { memory, resetPeak } from './process-memory'
import type { ResponseTarget } from './response-targets'
import { alternate, createTable, median, p95, sharesSchema, timed } from './response-targets'
import { measureV3Reads } from './v3-response-reads'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const RESPONSES = Number(process.env.BENCH_RESPONSES ?? 1_000_000)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)
/** Rounds of each page pair (`BENCH_PAGE_ROUNDS`): a page takes ~10 ms, so the median of 3 moves by ±20% from run to run. */
const PAGE_ROUNDS = Number(process.env.BENCH_PAGE_ROUNDS ?? 15)
/** Which measures to run (`BENCH_PARTS`, comma-separated): pages, count, export, xlsx, summary, share, filters, v3. */
const PARTS = new Set((process.env.BENCH_PARTS ?? 'pages,count,export,xlsx,summary,share,filters,v3').split(','))
const DEPTH = Math.min(100_000, Math.floor(RESPONSES / 2))
const baseUrl = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres'
const checkouts = [
  { label: 'this', root: ROOT },
  ...(process.env.BENCH_BASE ? [{ label: 'base', root: resolve(process.env.BENCH_BASE) }] : []),
]

const cleanup: Array<() => Promise<unknown>> = []
const key = generateApiKey()

/** What `other` asks beyond `path`: the parameters it adds, or the whole of it when it asks another route. */
function differenceOf(path: string, other: string): string {
  const [route, query = ''] = path.split('?')
  const [otherRoute, otherQuery = ''] = other.split('?')
  if (route !== otherRoute) return `\`${other}\``
  const own = new Set(query.split('&'))
  return otherQuery
    .split('&')
    .filter((param) => !own.has(param) && !param.startsWith('cursor='))
    .map((param) => `\`${param}\``)
    .join(', ')
}

/** A server of `root` on `databaseUrl`, with the target's survey still to make. */
async function start(label: string, root: string, databaseUrl: string): Promise<ResponseTarget> {
  const dataDir = await mkdtemp(join(tmpdir(), 'canvass-bench-responses-'))
  cleanup.push(() => rm(dataDir, { recursive: true, force: true }))
  const server = await startChildServer({
    name: label,
    script: join(root, 'packages/server/dist/main.js'),
    readyTimeoutMs: 120_000,
    env: { DATABASE_URL: databaseUrl, DATA_DIR: dataDir, CANVASS_INIT_API_KEY: key, CANVASS_RATE_LIMITS: 'off' },
  })
  cleanup.push(() => server.stop())
  const target = { label, server, key, environmentId: '', surveyId: '' }
  target.environmentId = ((await (await call(target, '/api/v1/me')).json()) as { id: string }).id
  return target
}

function call(target: ResponseTarget, path: string, init: RequestInit = {}) {
  return fetch(`${target.server.url}${path}`, {
    ...init,
    headers: { 'x-api-key': target.key, 'content-type': 'application/json', ...init.headers },
  })
}

async function createSurvey(target: ResponseTarget): Promise<string> {
  const created = await call(target, '/api/v1/management/surveys', {
    method: 'POST',
    body: JSON.stringify({
      environmentId: target.environmentId,
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
  return ((await created.json()) as { data: { id: string } }).data.id
}

/** The survey's responses, written in one statement: ids in creation order, one a second apart; updates in another order than creation. */
async function seed(db: Kysely<unknown>, target: ResponseTarget) {
  console.log(`Writing ${RESPONSES.toLocaleString('en')} responses…`)
  const writing = performance.now()
  await sql`
    insert into canvass.responses (id, created_at, updated_at, survey_id, environment_id, finished, data, meta, ttc, variables)
    select 'r' || lpad(g::text, 9, '0'),
      timestamptz '2025-01-01' + g * interval '1 second',
      timestamptz '2025-01-01' + ((g::bigint * 7919) % ${RESPONSES}) * interval '1 second' + interval '1 hour',
      ${target.surveyId}, ${target.environmentId}, g % 3 <> 0,
      jsonb_build_object('why', 'because ' || g, 'nps', g % 11,
        'color', case when g % 10000 = 0 then 'Green' when g % 2 = 0 then 'Red' else 'Blue' end, 'src', 'ad-' || (g % 5000)),
      '{"source":"bench"}'::jsonb, jsonb_build_object('_total', g % 5000), '{}'::jsonb
    from generate_series(1, ${RESPONSES}) as g`.execute(db)
  await sql`vacuum analyze canvass.responses`.execute(db)
  console.log(`  written and vacuumed in ${((performance.now() - writing) / 1000).toFixed(1)} s`)
}

async function connect(url: string): Promise<Kysely<unknown>> {
  const db = new Kysely<unknown>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 2 }) }) })
  cleanup.push(() => db.destroy())
  return db
}

try {
  const targets: ResponseTarget[] = []
  let db: Kysely<unknown> | undefined
  const base = checkouts[1]
  if (base === undefined || (await sharesSchema(ROOT, base.root))) {
    const database = await createBenchDatabase(baseUrl)
    cleanup.push(() => database.drop())
    // The base first: this checkout's server then runs the migrations the base lacks.
    const baseTarget = base ? await start(base.label, base.root, database.url) : undefined
    const ours = await start('this', ROOT, database.url)
    ours.surveyId = await createSurvey(ours)
    db = await connect(database.url)
    await seed(db, ours)
    targets.push(ours)
    if (baseTarget) targets.push({ ...baseTarget, surveyId: ours.surveyId })
    if (base) console.log('base and this share one database')
  } else {
    console.log('base has a migration this checkout lacks: a database for each')
    for (const checkout of checkouts) {
      const database = await createBenchDatabase(baseUrl)
      cleanup.push(() => database.drop())
      const target = await start(checkout.label, checkout.root, database.url)
      target.surveyId = await createSurvey(target)
      const own = await connect(database.url)
      await seed(own, target)
      db ??= own
      targets.push(target)
    }
  }
  if (db === undefined) throw new Error('no database')
  const [ours] = targets as [ResponseTarget]
  const surveyOf = (t: ResponseTarget) => t.surveyId
  const table = createTable(targets.map((t) => t.label))
  const ratioOf = (values: number[]) => (values.length > 1 ? (values[0] as number) / (values[1] as number) : undefined)
  /** One row of a measure taken on every target: `stat` of each target's times, shown by `show`. */
  const addRow = (measure: string, times: number[][], stat: (values: number[]) => number, show: (ms: number) => string, limit?: number) => {
    const values = times.map(stat)
    const met = limit === undefined ? '—' : (values[0] as number) < limit ? 'yes' : 'no'
    table.add(
      measure,
      values.map(show),
      ratioOf(values),
      limit === undefined ? 'none' : `< ${limit < 1000 ? `${limit} ms` : `${limit / 1000} s`}`,
      met,
    )
  }
  const ms1 = (ms: number) => `${ms.toFixed(1)} ms`

  /** The `createdAt`/`updatedAt` and id of the response `DEPTH - 1` from the start in that order (the same in every database). */
  const positionAt = async (column: 'created_at' | 'updated_at', order: 'asc' | 'desc') => {
    const { rows: at } = await sql<{ at: Date; id: string }>`
      select ${sql.ref(column)} as at, id from canvass.responses where survey_id = ${ours.surveyId}
      order by ${sql.ref(column)} ${sql.raw(order)}, id ${sql.raw(order)} offset ${DEPTH - 1} limit 1`.execute(db)
    return at[0] as { at: Date; id: string }
  }

  for (const sortBy of PARTS.has('pages') ? (['createdAt', 'updatedAt'] as const) : []) {
    for (const order of ['desc', 'asc'] as const) {
      // The cursor at DEPTH, as the Link of the page before it would carry it.
      const at = await positionAt(sortBy === 'createdAt' ? 'created_at' : 'updated_at', order)
      const tag = sortBy === 'createdAt' && order === 'desc' ? '' : `${sortBy}.${order}|`
      const cursor = btoa(`${tag}${at.at.toISOString()}|${at.id}`).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
      const pairs = await alternate(targets, PAGE_ROUNDS, async (t) => {
        const query = `surveyId=${surveyOf(t)}&sortBy=${sortBy}&order=${order}&limit=100`
        const first = (await timed(t, `/api/v1/management/responses?${query}`)).ms
        const deep = (await timed(t, `/api/v1/management/responses?${query}&cursor=${cursor}`)).ms
        return { first, deep }
      })
      const shown = pairs.map((p) => {
        const first = median(p.map((x) => x.first))
        const deep = median(p.map((x) => x.deep))
        return { first, deep, ratio: deep / first }
      })
      const mine = shown[0] as { ratio: number; deep: number }
      table.add(
        `page ${DEPTH.toLocaleString('en')} deep ÷ first, ${sortBy} ${order}`,
        shown.map((x) => `${x.deep.toFixed(1)} ms ÷ ${x.first.toFixed(1)} ms = ${x.ratio.toFixed(2)}`),
        ratioOf(shown.map((x) => x.deep)),
        '≤ 1.2',
        mine.ratio <= 1.2 ? 'yes' : 'no',
      )
    }
  }

  if (PARTS.has('count')) {
    const expected = RESPONSES > 10_000 ? '10000' : String(RESPONSES)
    const counts = await alternate(targets, ROUNDS, async (t) => {
      const { ms, headers } = await timed(t, `/api/v1/management/responses?surveyId=${surveyOf(t)}&count=true&limit=1`)
      if (headers.get('x-total-count') !== expected) throw new Error(`${t.label}: X-Total-Count ${headers.get('x-total-count')}`)
      return ms
    })
    addRow(
      `count=true over ${RESPONSES.toLocaleString('en')} (exact to 10,000, then gte)`,
      counts,
      median,
      (ms) => `${ms.toFixed(0)} ms`,
      300,
    )
  }

  if (PARTS.has('export')) {
    // The export: read as fast as it comes, counting lines; the server's RSS sampled meanwhile, and its peak
    // taken from the kernel's high-water mark (reset to the baseline first) where Linux offers it.
    const pid = ours.server.pid as number
    const baseline = memory(pid).rss
    const hwmReset = resetPeak(pid)
    let peak = baseline
    const sampler = setInterval(() => (peak = Math.max(peak, memory(pid).rss)), 50)
    const exporting = performance.now()
    const answer = await call(ours, `/api/v1/management/responses/export?surveyId=${ours.surveyId}&format=csv`)
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
    const only = (value: string) => [value, ...targets.slice(1).map(() => '—')]
    table.add(
      'CSV export',
      only(`${Math.round(perSecond).toLocaleString('en')} rows/s (${(exportMs / 1000).toFixed(1)} s)`),
      undefined,
      '≥ 50,000 rows/s',
      perSecond >= 50_000 ? 'yes' : 'no',
    )
    table.add('RSS growth during the export', only(`${growth.toFixed(1)} MiB`), undefined, '< 64 MiB', growth < 64 ? 'yes' : 'no')
  }

  if (PARTS.has('xlsx')) {
    // The XLSX export as a browser gets it: a signed link asked for, then opened without the key; read as fast
    // as it comes, the server's RSS sampled as for the CSV one. The zip's last record says it ended whole.
    const pid = ours.server.pid as number
    const baseline = memory(pid).rss
    const hwmReset = resetPeak(pid)
    let peak = baseline
    const sampler = setInterval(() => (peak = Math.max(peak, memory(pid).rss)), 50)
    const exporting = performance.now()
    let bytes = 0
    let tail = new Uint8Array(0)
    try {
      const minted = await call(ours, '/api/v1/management/responses/export-links', {
        method: 'POST',
        body: JSON.stringify({ surveyId: ours.surveyId, format: 'xlsx' }),
      })
      if (minted.status !== 200) throw new Error(`the export link answered ${minted.status}: ${await minted.text()}`)
      const { url } = ((await minted.json()) as { data: { url: string } }).data
      const answer = await fetch(url.replace(/^https?:\/\/[^/]+/, new URL(ours.server.url).origin))
      if (answer.status !== 200) throw new Error(`the XLSX link answered ${answer.status}: ${await answer.text()}`)
      for await (const chunk of answer.body as unknown as AsyncIterable<Uint8Array>) {
        bytes += chunk.byteLength
        tail = chunk.byteLength >= 22 ? chunk.slice(-22) : new Uint8Array([...tail, ...chunk].slice(-22))
      }
    } finally {
      clearInterval(sampler)
    }
    const exportMs = performance.now() - exporting
    if (hwmReset) peak = Math.max(peak, memory(pid).peak)
    // The end of central directory record of a zip without a comment: `PK\x05\x06`, 22 bytes from the end.
    if (tail[0] !== 0x50 || tail[1] !== 0x4b || tail[2] !== 5 || tail[3] !== 6) throw new Error('the XLSX export did not end whole')
    const perSecond = RESPONSES / (exportMs / 1000)
    const growth = (peak - baseline) / 1024 / 1024
    const only = (value: string) => [value, ...targets.slice(1).map(() => '—')]
    table.add(
      'XLSX export (signed link)',
      only(
        `${Math.round(perSecond).toLocaleString('en')} rows/s (${(exportMs / 1000).toFixed(1)} s, ${(bytes / 1024 / 1024).toFixed(1)} MiB)`,
      ),
      undefined,
      '—',
      '—',
    )
    table.add('RSS growth during the XLSX export', only(`${growth.toFixed(1)} MiB`), undefined, '< 64 MiB', growth < 64 ? 'yes' : 'no')
  }

  if (PARTS.has('summary')) {
    const summaries = await alternate(
      targets,
      Math.max(1, ROUNDS - 1),
      async (t) => (await timed(t, `/api/v1/management/surveys/${surveyOf(t)}/summary`)).ms,
    )
    addRow('survey summary', summaries, median, (ms) => `${(ms / 1000).toFixed(2)} s`, 2000)
  }

  if (PARTS.has('share')) {
    const shared = await call(ours, `/api/v1/management/surveys/${ours.surveyId}/share`, { method: 'POST' })
    if (shared.status !== 200) throw new Error(`share: ${shared.status} ${await shared.text()}`)
    const shareKey = ((await shared.json()) as { data: { resultShareKey: string } }).data.resultShareKey
    const page = async (query: string, check: (html: string) => boolean) => {
      const started = performance.now()
      const answer = await fetch(`${ours.server.url}/share/${shareKey}?${query}`)
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
    const only = (value: string) => [value, ...targets.slice(1).map(() => '—')]
    table.add(
      `shared results page, summary tab, over ${RESPONSES.toLocaleString('en')}`,
      only(`${(median(summaryPages) / 1000).toFixed(2)} s`),
      undefined,
      '< 2.5 s',
      median(summaryPages) < 2500 ? 'yes' : 'no',
    )
    table.add(
      'shared results page, responses tab, first page',
      only(`${median(responsePages).toFixed(0)} ms`),
      undefined,
      '< 2.5 s',
      median(responsePages) < 2500 ? 'yes' : 'no',
    )
  }

  if (PARTS.has('filters')) {
    const rare = Math.floor(RESPONSES / 10_000)
    // g % 11 is 9 or 10 for two in every eleven, and for the last g past a multiple of 11 that reach 9.
    const ninesAndTens = Math.floor(RESPONSES / 11) * 2 + Math.max(0, (RESPONSES % 11) - 8)
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
      ['count=true, data.nps gte 9 (past 10,000: gte)', 'filter[data.nps][gte]=9&count=true', ninesAndTens, 300],
    ]
    for (const [name, filter, count, target] of measures) {
      const times = await alternate(targets, PAGE_ROUNDS, async (t) => {
        const { ms, headers } = await timed(t, `/api/v1/management/responses?surveyId=${surveyOf(t)}&limit=100&${filter}`)
        if (count !== null && headers.get('x-total-count') !== String(Math.min(count, 10_000)))
          throw new Error(`${t.label}: ${name}: X-Total-Count ${headers.get('x-total-count')}`)
        return ms
      })
      addRow(`${name}, p95 over ${RESPONSES.toLocaleString('en')}`, times, p95, ms1, target ?? undefined)
    }
  }

  if (PARTS.has('v3')) {
    const at = await positionAt('created_at', 'desc')
    const rows = await measureV3Reads({
      targets,
      responses: RESPONSES,
      rounds: PAGE_ROUNDS,
      deepAfter: { createdAt: at.at, id: at.id },
      depth: DEPTH,
    })
    for (const row of rows) {
      const target = row.measure.includes('exact') ? undefined : row.measure.includes('count') ? 300 : 100
      const asked =
        row.asked[1] === undefined || row.asked[1] === row.asked[0] ? '' : ` (base: ${differenceOf(row.asked[0] as string, row.asked[1])})`
      table.add(
        `${row.measure}, p50 / p95${asked}`,
        row.times.map((t) => `${t.p50.toFixed(1)} / ${t.p95.toFixed(1)} ms`),
        ratioOf(row.times.map((t) => t.p50)),
        target === undefined ? 'none' : `p95 < ${target} ms`,
        target === undefined ? '—' : (row.times[0]?.p95 as number) < target ? 'yes' : 'no',
      )
    }
  }

  table.print()
} finally {
  for (const step of cleanup.reverse()) await step().catch((error) => console.error(error))
}
