/**
 * `pnpm bench:import`: `canvass import formbricks` of BENCH_IMPORT_RESPONSES (default 100,000) responses, the
 * CLI in a process of its own against a stand-in source in this process that makes each page as it is asked
 * for (so the source holds nothing). Prints the rate and the CLI's RSS and peak RSS at 10k, 50k and the total:
 * flat memory as the count grows is the point (the import holds one page at a time).
 */
import { spawn } from 'node:child_process'
import { createServer } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import { createCanvass } from '@canvass/core'
import { createKyselyStorage, migrate } from '@canvass/storage-kysely'
import { Kysely, PostgresDialect } from 'kysely'
import pg from 'pg'
import { createBenchDatabase } from './bench-database'
import { memory } from './process-memory'

const CLI = fileURLToPath(new URL('../../packages/server/dist/cli.js', import.meta.url))
const TOTAL = Number(process.env.BENCH_IMPORT_RESPONSES ?? 100_000)
const PAGE = Number(process.env.BENCH_IMPORT_PAGE ?? 500)
const CHECKPOINTS = [...new Set([10_000, 50_000, 100_000, TOTAL].filter((n) => n <= TOTAL))].sort((a, b) => a - b)
const SURVEY = 'clbenchsurvey00000000000'
const BASE = Date.parse('2023-01-01T00:00:00.000Z')

function response(index: number) {
  const at = new Date(BASE + index * 1000).toISOString()
  return {
    id: `clbenchresponse${String(index).padStart(9, '0')}`,
    surveyId: SURVEY,
    finished: index % 4 !== 0,
    data: { q1: `An answer of some length, number ${index}`, q2: (index % 5) + 1, q3: ['a', 'b'] },
    ttc: { q1: 1500, q2: 800, _total: 2300 },
    variables: {},
    meta: { url: 'https://shop.example/checkout', userAgent: { browser: 'Firefox', os: 'Linux', device: 'desktop' }, country: 'DE' },
    language: null,
    singleUseId: null,
    displayId: null,
    endingId: null,
    contact: null,
    tags: [],
    notes: [],
    createdAt: at,
    updatedAt: at,
  }
}

const survey = {
  id: SURVEY,
  name: 'Bench',
  type: 'link',
  status: 'inProgress',
  questions: [
    { id: 'q1', type: 'openText', headline: { default: 'Why?' }, required: false, inputType: 'text' },
    { id: 'q2', type: 'rating', headline: { default: 'Rate' }, required: false, scale: 'number', range: 5 },
    {
      id: 'q3',
      type: 'multipleChoiceMulti',
      headline: { default: 'Pick' },
      required: false,
      choices: [
        { id: 'a', label: { default: 'A' } },
        { id: 'b', label: { default: 'B' } },
      ],
    },
  ],
  createdAt: new Date(BASE).toISOString(),
  updatedAt: new Date(BASE).toISOString(),
}

const source = createServer((request, answer) => {
  const url = new URL(request.url ?? '/', 'http://source')
  const limit = Math.min(Number(url.searchParams.get('limit') ?? 100), 1000)
  const skip = Number(url.searchParams.get('skip') ?? url.searchParams.get('offset') ?? 0)
  let data: unknown[] = []
  if (url.pathname === '/api/v1/management/surveys') data = skip === 0 ? [survey] : []
  else if (url.pathname === '/api/v1/management/responses') {
    data = Array.from({ length: Math.max(0, Math.min(limit, TOTAL - skip)) }, (_, i) => response(skip + i))
  } else if (url.pathname === '/api/v1/management/segments') {
    answer.writeHead(404).end()
    return
  }
  answer.writeHead(200, { 'content-type': 'application/json' })
  answer.end(JSON.stringify({ data }))
})

const database = await createBenchDatabase(process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres')
process.once('SIGINT', () => void database.drop().finally(() => process.exit(130)))
try {
  const db = new Kysely<unknown>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: database.url, max: 2 }) }) })
  await migrate(db)
  const environmentId = (await createCanvass({ storage: createKyselyStorage({ db }) }).admin.createProject({ name: 'Bench' })).environments
    .production
  await db.destroy()
  await new Promise<void>((resolve) => source.listen(0, '127.0.0.1', resolve))
  const sourceUrl = `http://127.0.0.1:${(source.address() as AddressInfo).port}`

  console.log(`Importing ${TOTAL.toLocaleString('en')} responses, ${PAGE} per page, into ${database.name}`)
  const started = Date.now()
  const child = spawn(
    process.execPath,
    [
      CLI,
      'import',
      'formbricks',
      '--url',
      sourceUrl,
      '--api-key',
      'bench',
      '--environment',
      environmentId,
      '--page-size',
      String(PAGE),
      '--mapping-file',
      join(tmpdir(), `${database.name}-mappings.json`),
    ],
    {
      env: { PATH: process.env.PATH ?? '', DATABASE_URL: database.url },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  )
  const rows: string[][] = []
  let pending = [...CHECKPOINTS]
  let buffered = ''
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => {
    buffered += chunk.toString()
    output += chunk.toString()
    const lines = buffered.split('\n')
    buffered = lines.pop() ?? ''
    for (const line of lines) {
      const read = Number(/^responses: (\d+) read/.exec(line)?.[1] ?? Number.NaN)
      if (Number.isNaN(read)) continue
      while (pending.length > 0 && read >= pending[0]!) {
        const seconds = (Date.now() - started) / 1000
        const { rss, peak } = memory(child.pid!)
        rows.push([read.toLocaleString('en'), seconds.toFixed(1), Math.round(read / seconds).toLocaleString('en'), mib(rss), mib(peak)])
        pending = pending.slice(1)
      }
    }
  })
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve))
  if (code !== 0) throw new Error(`the import exited with ${code}:\n${output.slice(-2000)}`)
  const summary = output.split('\n').find((line) => /^responses\s+\d/.test(line))
  console.log(`\n| responses read | seconds | responses/s (from the start) | CLI RSS | CLI peak RSS |\n|---|---|---|---|---|`)
  for (const row of rows) console.log(`| ${row.join(' | ')} |`)
  console.log(`\nFinal table line: ${summary}`)
} finally {
  source.close()
  await database.drop()
}

function mib(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(0)} MiB`
}
