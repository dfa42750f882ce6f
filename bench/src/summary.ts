/**
 * `pnpm bench:summary`: what a survey's summary costs as its questions and its responses grow, over loopback
 * HTTP against the standalone server in a process of its own. With `BENCH_BASE` (another checkout, built), that
 * checkout's server is measured too, the two taking turns request by request, so that both see the same
 * machine at the same time. `BENCH_SUMMARY_PARTS` picks the parts (`questions,million` by default):
 *
 * - `questions`: surveys of 10, 100 and 200 questions (`BENCH_SUMMARY_QUESTIONS`), `BENCH_SUMMARY_RESPONSES`
 *   (1,000) responses each written through the bulk route, on the embedded database and on Postgres: the
 *   shared `summary.json` (each round with a start date of its own, so that nothing is reused) and, on the
 *   embedded database, the longest `GET /api/v1/me` of another client while it is computed (that database runs
 *   one statement at a time, so a long one makes every tenant wait);
 * - `million`: on Postgres, a survey of ten question types (open text, single, multi, NPS, rating, CSAT,
 *   consent, date, ranking, matrix): 50 responses written through the API, then copied by SQL to
 *   `BENCH_MILLION_RESPONSES` (1,000,050), every copy shaped as the API wrote its original; the management
 *   summary, the shared page's summary tab and `summary.json` (each with a start date of its own),
 *   `summary.json` asked again at once (the server reuses it for 10 s), the first page of the list filtered on
 *   an answer, `count=true` and the CSV export (rows a second).
 */
import { existsSync } from 'node:fs'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { performance } from 'node:perf_hooks'
import { setTimeout as sleep } from 'node:timers/promises'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { generateApiKey } from './api-key'
import { createBenchDatabase } from './bench-database'
import type { BenchDatabase } from './bench-database'
import { startChildServer } from './child-server'
import type { ChildServer } from './child-server'
import { runSummaryKeeper } from './summary-keeper'
import { TYPED_QUESTIONS, seedTypedResponses } from './typed-survey'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const PARTS = new Set((process.env.BENCH_SUMMARY_PARTS ?? 'questions,million').split(','))
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)
const QUESTION_COUNTS = (process.env.BENCH_SUMMARY_QUESTIONS ?? '10,100,200').split(',').map(Number)
const RESPONSES = Number(process.env.BENCH_SUMMARY_RESPONSES ?? 1000)
const MILLION = Number(process.env.BENCH_MILLION_RESPONSES ?? 1_000_050)
const baseUrl = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres'

/** The checkouts measured: this one, and `BENCH_BASE` when given. */
const checkouts = [
  { label: 'this', main: join(ROOT, 'packages/server/dist/main.js') },
  ...(process.env.BENCH_BASE ? [{ label: 'base', main: join(resolve(process.env.BENCH_BASE), 'packages/server/dist/main.js') }] : []),
]

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`

interface Target {
  label: string
  server: ChildServer
  key: string
  environmentId: string
}

async function call(target: Target, method: string, path: string, body?: unknown): Promise<unknown> {
  const answer = await fetch(target.server.url + path, {
    method,
    headers: { 'x-api-key': target.key, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await answer.text()
  if (!answer.ok) throw new Error(`${target.label}: ${method} ${path} answered ${answer.status}: ${text.slice(0, 500)}`)
  return JSON.parse(text)
}

async function start(label: string, main: string, env: Record<string, string>, key: string): Promise<Target> {
  const server = await startChildServer({
    name: label,
    script: main,
    readyTimeoutMs: 120_000,
    env: { CANVASS_INIT_API_KEY: key, CANVASS_RATE_LIMITS: 'off', ...env },
  })
  const target = { label, server, key, environmentId: '' }
  target.environmentId = ((await call(target, 'GET', '/api/v1/me')) as { id: string }).id
  return target
}

async function createSurvey(target: Target, questions: unknown[]): Promise<{ surveyId: string; shareKey: string }> {
  const created = (await call(target, 'POST', '/api/v1/management/surveys', {
    environmentId: target.environmentId,
    name: `Bench ${questions.length}`,
    status: 'inProgress',
    questions,
  })) as { data: { id: string } }
  const shared = (await call(target, 'POST', `/api/v1/management/surveys/${created.data.id}/share`)) as { data: { resultShareKey: string } }
  return { surveyId: created.data.id, shareKey: shared.data.resultShareKey }
}

/** A timed GET that must answer 200 (and pass `check`). */
async function timed(url: string, check: (body: string) => boolean = () => true, headers: Record<string, string> = {}) {
  const started = performance.now()
  const answer = await fetch(url, { headers })
  const body = await answer.text()
  const ms = performance.now() - started
  if (answer.status !== 200 || !check(body)) throw new Error(`GET ${url}: ${answer.status} ${body.slice(0, 300)}`)
  return ms
}

/** A start date before every response and of its own: a summary the server cannot have kept. */
let freshDay = 0
const fresh = () => `startDate=${new Date(Date.UTC(2000, 0, 1 + freshDay++)).toISOString().slice(0, 10)}`

const rows: string[][] = []
const cleanup: Array<() => Promise<unknown>> = []

// ---- questions: 10, 100, 200 ----

/** The `n`-question survey: the counted types and open text in turn. */
function manyQuestions(n: number) {
  const kinds = ['openText', 'multipleChoiceSingle', 'nps', 'rating', 'multipleChoiceMulti']
  return Array.from({ length: n }, (_, i) => {
    const type = kinds[i % kinds.length] as string
    const question: Record<string, unknown> = { id: `q${i}`, type, headline: { default: `Question ${i}?` }, required: false }
    if (type.startsWith('multipleChoice'))
      question.choices = ['Red', 'Blue', 'Green'].map((label) => ({ id: `${label.toLowerCase()}${i}`, label: { default: label } }))
    if (type === 'rating') Object.assign(question, { scale: 'number', range: 5 })
    return question
  })
}

function manyAnswers(n: number, r: number): Record<string, unknown> {
  const data: Record<string, unknown> = {}
  // Unfinished responses stop somewhere: the drop-off table has something to count.
  const answered = r % 3 === 0 ? (r * 7) % n : n
  for (let i = 0; i < answered; i++) {
    const kind = i % 5
    data[`q${i}`] =
      kind === 0
        ? `Answer ${r} to question ${i}: some words a respondent wrote.`
        : kind === 1
          ? ['Red', 'Blue', 'Green'][(r + i) % 3]
          : kind === 2
            ? (r + i) % 11
            : kind === 3
              ? 1 + ((r + i) % 5)
              : [['Red'], ['Blue', 'Green'], ['Red', 'Green']][(r + i) % 3]
  }
  return data
}

async function questionsPart(backend: 'embedded' | 'postgres') {
  const targets: Target[] = []
  const surveys = new Map<string, Map<number, { surveyId: string; shareKey: string }>>()
  for (const checkout of checkouts) {
    const dataDir = await mkdtemp(join(tmpdir(), 'canvass-bench-summary-'))
    cleanup.push(() => rm(dataDir, { recursive: true, force: true }))
    const env: Record<string, string> = { DATA_DIR: dataDir }
    if (backend === 'postgres') {
      const database = await createBenchDatabase(baseUrl)
      cleanup.push(() => database.drop())
      env.DATABASE_URL = database.url
    }
    const target = await start(checkout.label, checkout.main, env, generateApiKey())
    cleanup.unshift(() => target.server.stop())
    targets.push(target)
    const byCount = new Map<number, { surveyId: string; shareKey: string }>()
    for (const n of QUESTION_COUNTS) {
      const survey = await createSurvey(target, manyQuestions(n))
      for (let from = 0; from < RESPONSES; from += 100) {
        const responses = Array.from({ length: Math.min(100, RESPONSES - from) }, (_, k) => {
          const r = from + k
          return {
            surveyId: survey.surveyId,
            finished: r % 3 !== 0,
            data: manyAnswers(n, r),
            ttc: { q0: 1000 + ((r * 37) % 5000) },
            createdAt: new Date(Date.UTC(2025, 0, 1) + r * 1000).toISOString(),
          }
        })
        const written = (await call(target, 'POST', '/api/v1/management/responses/bulk', { responses })) as { data: { created: number } }
        if (written.data.created !== responses.length) throw new Error(`${target.label}: bulk created ${written.data.created}`)
      }
      byCount.set(n, survey)
    }
    surveys.set(checkout.label, byCount)
  }
  for (const n of QUESTION_COUNTS) {
    const times = new Map<string, number[]>(targets.map((target) => [target.label, []]))
    const waits = new Map<string, number[]>(targets.map((target) => [target.label, []]))
    const failures = new Map<string, number>()
    for (let round = 0; round < ROUNDS; round++) {
      for (const target of round % 2 === 0 ? targets : [...targets].reverse()) {
        const shareKey = surveys.get(target.label)?.get(n)?.shareKey as string
        // Another client's requests meanwhile, one at a time: the longest is how long it was kept waiting.
        let done = false
        let longest = 0
        const prober = (async () => {
          while (!done) {
            const started = performance.now()
            // A request the server dropped or timed out counts as the time it was kept waiting.
            await timed(`${target.server.url}/api/v1/me`, () => true, { 'x-api-key': target.key }).catch(() =>
              failures.set(target.label, (failures.get(target.label) ?? 0) + 1),
            )
            longest = Math.max(longest, performance.now() - started)
            await sleep(20)
          }
        })()
        const ms = await timed(`${target.server.url}/share/${shareKey}/summary.json?${fresh()}`, (body) =>
          body.includes(`"started":${RESPONSES}`),
        )
        done = true
        await prober
        times.get(target.label)?.push(ms)
        waits.get(target.label)?.push(longest)
      }
    }
    const figures = (label: string) => {
      const time = seconds(median(times.get(label) as number[]))
      const failed = failures.get(label) ? `, ${failures.get(label)} of its requests failed` : ''
      return backend === 'embedded'
        ? `${time} (another client waited ≤ ${Math.round(Math.max(...(waits.get(label) as number[])))} ms${failed})`
        : time
    }
    rows.push([
      `${backend}: shared summary.json, ${n} questions × ${RESPONSES.toLocaleString('en')} responses`,
      figures('this'),
      ...(targets.length > 1 ? [figures('base')] : []),
    ])
  }
  for (const target of targets) await target.server.stop()
}

// ---- million: ten question types ----

const t = (text: string) => ({ default: text })

/** What a seeded ten-type survey is, per checkout: kept in `BENCH_MILLION_STATE` so that a later run reuses it. */
interface SeededSurvey {
  label: string
  databaseUrl: string
  surveyId: string
  shareKey: string
}

const FIRST_SUMMARY = 'management summary, first ask (no sums kept yet)'
const AFTER_KEEPER = 'management summary, first ask after the summary keeper ran (base: none; its first ask)'
const AFTER_ADD = 'management summary, first ask after a question was added'
const AFTER_RETYPE = "management summary, first ask after a question's type changed (single and multiple choice)"
/** Measures taken once: each is the first of its kind. */
const AFTER_COUNTED = 'management summary, first ask after an open-text question became a choice (its answers read once)'
const FIRSTS = new Set([FIRST_SUMMARY, AFTER_KEEPER, AFTER_ADD, AFTER_RETYPE, AFTER_COUNTED])

/** Deletes every kept summary sum of the database (none on a checkout that keeps none). */
async function dropKeptSums(databaseUrl: string) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 })
  try {
    await pool.query(
      `do $$ begin if to_regclass('canvass.summary_parts') is not null then delete from canvass.summary_parts; end if; end $$`,
    )
  } finally {
    await pool.end()
  }
}

/** The survey's questions as `change` makes them, written through the management API. */
async function editQuestions(target: Target & { surveyId: string }, change: (questions: Array<Record<string, unknown>>) => unknown[]) {
  const survey = (await call(target, 'GET', `/api/v1/management/surveys/${target.surveyId}`)) as {
    data: { questions: Array<Record<string, unknown>> }
  }
  await call(target, 'PUT', `/api/v1/management/surveys/${target.surveyId}`, { questions: change(survey.data.questions) })
}
let added = 0

interface MillionState {
  key: string
  responses: number
  surveys: SeededSurvey[]
}

/** One CSV export of the survey read to its end: rows a second. */
async function exportRate(target: Target, surveyId: string): Promise<number> {
  const started = performance.now()
  const answer = await fetch(`${target.server.url}/api/v1/management/responses/export?surveyId=${surveyId}&format=csv`, {
    headers: { 'x-api-key': target.key },
  })
  if (answer.status !== 200 || !answer.body) throw new Error(`${target.label}: the export answered ${answer.status}`)
  let lines = 0
  for await (const chunk of answer.body) {
    const bytes = Buffer.from(chunk as Uint8Array)
    for (let at = bytes.indexOf(10); at !== -1; at = bytes.indexOf(10, at + 1)) lines++
  }
  const ms = performance.now() - started
  // A header line, then one line per response (an answer holds no line break here).
  if (lines - 1 !== MILLION) throw new Error(`${target.label}: the export had ${lines} lines`)
  return MILLION / (ms / 1000)
}

/**
 * The ten-type survey at `MILLION` responses. By default both checkouts read one database (this one's server
 * starts first and migrates it); `BENCH_MILLION_DATABASES=each` gives each checkout a database of its own, made
 * by its own migrations and seeded alike. `BENCH_MILLION_STATE` names a JSON file: when it exists, the databases
 * and surveys it records are measured again without seeding (they are then kept); otherwise the seeded ones are
 * recorded there and kept.
 */
async function millionPart() {
  const statePath = process.env.BENCH_MILLION_STATE
  const each = process.env.BENCH_MILLION_DATABASES === 'each'
  let state: MillionState | undefined =
    statePath && existsSync(statePath) ? (JSON.parse(await readFile(statePath, 'utf8')) as MillionState) : undefined
  if (state && state.responses !== MILLION) throw new Error(`${statePath} holds ${state.responses} responses, not ${MILLION}`)
  const key = state?.key ?? generateApiKey()
  const targets: Array<Target & { surveyId: string; shareKey: string; databaseUrl: string }> = []
  const seeded: SeededSurvey[] = []
  let shared: BenchDatabase | undefined
  // `BENCH_MILLION_SEED_ONLY=base` (or `this`): seed that checkout's database into the state file and stop.
  const seedOnly = process.env.BENCH_MILLION_SEED_ONLY
  for (const survey of state?.surveys ?? []) seeded.push(survey)
  for (const checkout of checkouts.filter((c) => seedOnly === undefined || c.label === seedOnly)) {
    const recorded = state?.surveys.find((survey) => survey.label === checkout.label)
    let databaseUrl = recorded?.databaseUrl
    if (databaseUrl === undefined) {
      const database = each || shared === undefined ? await createBenchDatabase(baseUrl) : shared
      if (!each) shared = database
      if (!statePath) cleanup.push(() => database.drop())
      databaseUrl = database.url
    }
    const dataDir = await mkdtemp(join(tmpdir(), 'canvass-bench-summary-'))
    cleanup.push(() => rm(dataDir, { recursive: true, force: true }))
    // The background work off: the bench runs this checkout's summary keeper itself, when it measures it.
    const target = await start(
      checkout.label,
      checkout.main,
      { DATA_DIR: dataDir, DATABASE_URL: databaseUrl, CANVASS_BACKGROUND: 'off' },
      key,
    )
    cleanup.unshift(() => target.server.stop())
    let survey = recorded
    if (survey === undefined) {
      const sharedSurvey = !each ? seeded[0] : undefined
      if (sharedSurvey) survey = { ...sharedSurvey, label: checkout.label }
      else {
        const made = await createSurvey(target, TYPED_QUESTIONS)
        await seedTypedResponses(
          { label: target.label, url: target.server.url, key: target.key },
          { databaseUrl, surveyId: made.surveyId, count: MILLION },
        )
        survey = { label: checkout.label, databaseUrl, ...made }
      }
    }
    if (!seeded.includes(survey)) seeded.push(survey)
    targets.push({ ...target, surveyId: survey.surveyId, shareKey: survey.shareKey, databaseUrl: survey.databaseUrl })
  }
  if (statePath && seeded.length > (state?.surveys.length ?? 0)) {
    state = { key, responses: MILLION, surveys: seeded }
    await writeFile(statePath, JSON.stringify(state, null, 2))
    console.log(`Kept the seeded databases; ${statePath} records them`)
  }
  if (seedOnly !== undefined) return
  const starts = `"started":${MILLION}`
  const summaryUrl = (target: (typeof targets)[number]) => `${target.server.url}/api/v1/management/surveys/${target.surveyId}/summary`
  const measures: Array<[string, (target: (typeof targets)[number]) => Promise<number>, (value: number) => string]> = [
    [
      // A checkout that keeps sums by period computes them on the first summary; kept ones are dropped first, so
      // that a database seeded by an earlier run is measured as a fresh one.
      FIRST_SUMMARY,
      async (target) => {
        await dropKeptSums(target.databaseUrl)
        return timed(summaryUrl(target), (b) => b.includes(starts), { 'x-api-key': target.key })
      },
      seconds,
    ],
    [
      // The keeper's own time is printed beside it; base has no keeper, so its figure is its first ask again.
      AFTER_KEEPER,
      async (target) => {
        // One database for both: this checkout's drop takes base's sums too (this one goes first in round 0).
        if (target.label === 'this' || target.databaseUrl !== targets[0]?.databaseUrl) await dropKeptSums(target.databaseUrl)
        if (target.label === 'this')
          console.log(`  this: the summary keeper kept every closed period in ${seconds(await runSummaryKeeper(target.databaseUrl))}`)
        return timed(summaryUrl(target), (b) => b.includes(starts), { 'x-api-key': target.key })
      },
      seconds,
    ],
    [
      AFTER_ADD,
      async (target) => {
        const id = `added${Date.now().toString(36)}${added++}`
        await editQuestions(target, (questions) => [...questions, { id, type: 'openText', headline: t('Anything else?'), required: false }])
        return timed(summaryUrl(target), (b) => b.includes(starts) && b.includes(id), { 'x-api-key': target.key })
      },
      seconds,
    ],
    [
      // Each checkout changes a question of its own (both may read one survey), from single to multiple choice.
      AFTER_RETYPE,
      async (target) => {
        const id = target.label === 'this' ? 'color' : 'csat'
        await editQuestions(target, (questions) =>
          questions.map((question) =>
            question.id !== id
              ? question
              : {
                  id,
                  // Back and forth, so that a database kept by `BENCH_MILLION_STATE` sees a change each run.
                  type: question.type === 'multipleChoiceMulti' ? 'multipleChoiceSingle' : 'multipleChoiceMulti',
                  headline: t('Changed'),
                  required: false,
                  choices: (TYPED_QUESTIONS[1] as { choices: unknown }).choices,
                },
          ),
        )
        return timed(summaryUrl(target), (b) => b.includes(starts), { 'x-api-key': target.key })
      },
      seconds,
    ],
    [
      // Open text's answers are not kept (only whether each was answered): counted now, they are read once.
      AFTER_COUNTED,
      async (target) => {
        const id = target.label === 'this' ? 'why' : 'when'
        await editQuestions(target, (questions) =>
          questions.map((question) =>
            question.id !== id
              ? question
              : question.type === 'openText'
                ? {
                    id,
                    type: 'multipleChoiceSingle',
                    headline: t('Changed'),
                    required: false,
                    choices: (TYPED_QUESTIONS[1] as { choices: unknown }).choices,
                  }
                : { id, type: 'openText', headline: t('Why?'), required: false },
          ),
        )
        return timed(summaryUrl(target), (b) => b.includes(starts), { 'x-api-key': target.key })
      },
      seconds,
    ],
    ['management summary', (target) => timed(summaryUrl(target), (b) => b.includes(starts), { 'x-api-key': target.key }), seconds],
    [
      'shared page `/share/{key}`, summary tab',
      (target) =>
        timed(`${target.server.url}/share/${target.shareKey}?${fresh()}`, (b) => b.includes(`data-cv="total-starts" value="${MILLION}"`)),
      seconds,
    ],
    [
      'shared `summary.json`',
      (target) => timed(`${target.server.url}/share/${target.shareKey}/summary.json?${fresh()}`, (b) => b.includes(starts)),
      seconds,
    ],
    [
      'shared `summary.json` asked again at once',
      async (target) => {
        const query = fresh()
        await timed(`${target.server.url}/share/${target.shareKey}/summary.json?${query}`, (b) => b.includes(starts))
        return timed(`${target.server.url}/share/${target.shareKey}/summary.json?${query}`, (b) => b.includes(starts))
      },
      seconds,
    ],
    [
      'first page (100) of the list filtered on `data.nps gte 9`',
      (target) =>
        timed(
          `${target.server.url}/api/v1/management/responses?surveyId=${target.surveyId}&limit=100&filter[data.nps][gte]=9`,
          (b) => b.includes('"nps"'),
          { 'x-api-key': target.key },
        ),
      (ms) => `${ms.toFixed(1)} ms`,
    ],
    [
      '`count=true` (capped at 10,000)',
      (target) =>
        timed(`${target.server.url}/api/v1/management/responses?surveyId=${target.surveyId}&limit=1&count=true`, () => true, {
          'x-api-key': target.key,
        }),
      (ms) => `${ms.toFixed(1)} ms`,
    ],
    ['CSV export, rows/s', (target) => exportRate(target, target.surveyId), (rate) => Math.round(rate).toLocaleString('en')],
  ]
  for (const [name, measure, show] of measures) {
    const times = new Map<string, number[]>(targets.map((target) => [target.label, []]))
    // The export reads every response: one run of it each is enough past a million (`BENCH_EXPORT_ROUNDS`).
    const rounds = name.startsWith('CSV export')
      ? Number(process.env.BENCH_EXPORT_ROUNDS ?? (MILLION > 2_000_000 ? 1 : ROUNDS))
      : FIRSTS.has(name)
        ? 1
        : ROUNDS
    for (let round = 0; round < rounds; round++)
      for (const target of round % 2 === 0 ? targets : [...targets].reverse()) times.get(target.label)?.push(await measure(target))
    const figure = (label: string) => show(median(times.get(label) as number[]))
    const all = (label: string) => (times.get(label) as number[]).map(show).join(' / ')
    const row = [
      `Postgres, ${MILLION.toLocaleString('en')} responses of 10 types: ${name} (rounds: ${all('this')}${targets.length > 1 ? `; base ${all('base')}` : ''})`,
      figure('this'),
      ...(targets.length > 1 ? [figure('base')] : []),
    ]
    // Each measure as soon as it is taken: a long run shows what it has so far.
    console.log(`| ${row.join(' | ')} |`)
    rows.push(row)
  }
}

try {
  if (PARTS.has('questions')) {
    await questionsPart('embedded')
    await questionsPart('postgres')
  }
  if (PARTS.has('million')) await millionPart()
  const base = checkouts.length > 1
  if (rows.length > 0)
    console.log(`\n| measure (median of ${ROUNDS}) | this checkout |${base ? ' base |' : ''}\n|---|---|${base ? '---|' : ''}`)
  for (const row of rows) console.log(`| ${row.join(' | ')} |`)
} finally {
  for (const step of cleanup) await step().catch((error) => console.error(error))
}
