// `pnpm test:packages`: what a stranger gets from npm. Packs every package (`pack-packages.mjs`), makes a new
// project in a temporary folder outside the workspace, runs `docs/embedding.md`'s install lines there with
// each `@canvass/*` name replaced by its tarball, and runs the page's whole-server files exactly as written: the
// Hono, Express and `node:http` ones on PGlite and on Postgres, the Deno one on both too, and the README's
// embedding file on Postgres. Nothing of a file is changed: a run gets only environment variables (`PORT`,
// `CANVASS_API_KEY`, `NODE_ENV=development`, which the files read to let webhooks reach a receiver on loopback,
// and `DATABASE_URL` for Postgres) and a folder of its own as its working directory (where PGlite keeps
// `./canvass-data`). From outside the process each run is asked what a user would ask: `/health`, the key's
// environment, a survey, a webhook to a receiver on loopback in this process and a finished response, the
// response read back, the webhook's arrival and its Standard Webhooks signature (the `standardwebhooks`
// package), the link page and the widget; then SIGTERM, and the process must exit by itself with code 0. Each
// file starts a second time on the same database, which must then hold one project and one key still.
// The oldest Node.js the packages claim in `engines` (installed from npm's `node` package) runs the PGlite
// `node:http` file and starts the server installed from its tarball, which must answer `/health` and stop on
// SIGTERM. The server is installed with the line `pnpm pack:packages` prints for it, and its `canvass` command
// must speak as the installed command: its `--help` texts, its home page's links and its first start's line.
// Before the runs it
// checks the release: `changeset version` on a copy, `npm publish --dry-run` of every tarball (against a
// closed loopback port, without a token: nothing can be published), each tarball's manifest, that the
// server's tarball depends on nothing its bundle holds, and that the editor's and the console's bundles are
// within their gzipped budgets and what `readEditorBundle()` and `readConsoleBundle()` of the installed
// tarballs read.
//
// Needs the packages built (`pnpm build`), npm and the npm registry. Postgres runs use TEST_DATABASE_URL (a
// database of their own, dropped after); without it they are skipped, saying so. Ends with `N passed, N
// failed, N skipped` and exits non-zero on a failure.
import { execFileSync, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer as createHttpServer } from 'node:http'
import { builtinModules, createRequire } from 'node:module'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { basename, dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { gzipSync } from 'node:zlib'
import { UNBUNDLED } from '../packages/server/scripts/unbundled.mjs'
import { installFiles, packPackages } from './pack-packages.mjs'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
// The editor's budget (docs/editor.md): the element and its styles; the renderer loads on demand for the preview.
const EDITOR_BUNDLE = { name: '@canvass/editor', file: 'editor.js', budgetKib: 120, reader: 'readEditorBundle' }
// The console's budget (packages/console/README.md): the whole app and its styles; the editor loads on demand.
const CONSOLE_BUNDLE = { name: '@canvass/console', file: 'console.js', budgetKib: 150, reader: 'readConsoleBundle' }

const started = Date.now()

if (Number(process.versions.node.split('.')[0]) < 22) {
  console.error(`Node.js ${process.version}: the packages need 22 or newer (run through pnpm, which brings it)`)
  process.exit(1)
}

/** A page's marked blocks, in order: `<!-- packages-test: name -->` then a fenced block. */
function markedBlocks(markdown) {
  const blocks = []
  const pattern = /<!-- packages-test: ([a-z-]+) -->\n```[a-z]*\n([\s\S]*?)```/g
  for (const match of markdown.matchAll(pattern)) blocks.push({ name: match[1], code: match[2] })
  return blocks
}

const blocks = markedBlocks(readFileSync(join(root, 'docs', 'embedding.md'), 'utf8'))
const readmeBlocks = markedBlocks(readFileSync(join(root, 'README.md'), 'utf8'))
/** The one block marked `name` of the page's blocks. */
const block = (from, name, page) => {
  const found = from.filter((candidate) => candidate.name === name)
  if (found.length !== 1) throw new Error(`${page} has ${found.length} blocks marked packages-test: ${name}, not one`)
  return found[0].code
}
const installLines = blocks
  .filter((candidate) => candidate.name === 'install')
  .flatMap((candidate) => candidate.code.split('\n').filter((line) => line.trim() !== ''))

/** The whole-server files of docs/embedding.md, and the README's: the name of each in the project, and its page. */
const FILES = {
  hono: { file: 'hono-server.mjs', code: () => block(blocks, 'hono', 'docs/embedding.md') },
  express: { file: 'express-server.mjs', code: () => block(blocks, 'express', 'docs/embedding.md') },
  'node-http': { file: 'node-http-server.mjs', code: () => block(blocks, 'node-http', 'docs/embedding.md') },
  deno: { file: 'deno-server.ts', code: () => block(blocks, 'deno', 'docs/embedding.md') },
  readme: { file: 'readme-server.mjs', code: () => block(readmeBlocks, 'readme', 'README.md') },
}

const work = mkdtempSync(join(tmpdir(), 'canvass-packages-'))
const results = []
try {
  console.log(`Packing into ${join(work, 'packed')}`)
  const tarballs = packPackages(join(work, 'packed'))
  const project = join(work, 'app')
  execFileSync('mkdir', ['-p', project])
  // As the page says: an ES module project (`npm init -y` would write CommonJS).
  writeFileSync(
    join(project, 'package.json'),
    `${JSON.stringify({ name: 'canvass-packages-test', private: true, type: 'module' }, null, 2)}\n`,
  )

  for (const line of installLines) {
    const words = line.trim().split(/\s+/)
    if (words[0] !== 'npm' || words[1] !== 'install') throw new Error(`not an npm install line: ${line}`)
    const args = words.slice(1).map((word) => tarballs.get(word) ?? word)
    for (const word of words) {
      if (word.startsWith('@canvass/') && !tarballs.has(word)) throw new Error(`${line}: no package ${word}`)
    }
    console.log(`$ ${line}`)
    const began = Date.now()
    execFileSync('npm', [...args, '--no-audit', '--no-fund', '--loglevel=error'], { cwd: project, stdio: 'inherit' })
    console.log(`  (${((Date.now() - began) / 1000).toFixed(1)} s)`)
  }
  // What the checks verify webhook signatures with (MIT), beside what the page installs.
  execFileSync('npm', ['install', 'standardwebhooks@^1', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: project, stdio: 'inherit' })
  for (const { file, code } of Object.values(FILES)) writeFileSync(join(project, file), code())
  results.push({ name: 'changeset version gives the next release, within 0.x', ...nextRelease() })
  results.push({ name: 'npm publish --dry-run takes every tarball', ...publishDryRun(tarballs) })
  results.push({ name: 'every tarball has what npm shows of a package', ...publishedManifests(tarballs) })
  results.push({ name: "the README's embed section installs before and after the first release", ...readmeInstall(tarballs) })
  results.push({ name: '@canvass/server installs only what its bundles leave as imports', ...serverInstallsNothingBundled(tarballs) })
  results.push(await browserBundleFromTarball(tarballs, join(work, 'editor'), EDITOR_BUNDLE))
  results.push(await browserBundleFromTarball(tarballs, join(work, 'console'), CONSOLE_BUNDLE))
  results.push(await serverFromTarballs(tarballs))
  const lowest = lowestNode(join(work, 'lowest-node'))
  results.push(await serverOnNode(lowest, join(work, 'server')))

  const postgres = process.env.TEST_DATABASE_URL
  const runs = [
    { name: 'Hono on PGlite', file: 'hono', database: 'pglite' },
    { name: 'Express on PGlite', file: 'express', database: 'pglite' },
    { name: 'node:http on PGlite', file: 'node-http', database: 'pglite' },
    { name: 'Hono on Postgres', file: 'hono', database: 'postgres' },
    { name: 'Express on Postgres', file: 'express', database: 'postgres' },
    { name: 'node:http on Postgres', file: 'node-http', database: 'postgres' },
    { name: 'Deno on PGlite', file: 'deno', database: 'pglite' },
    { name: 'Deno on Postgres', file: 'deno', database: 'postgres' },
    { name: `node:http on PGlite on Node.js ${lowest.version}`, file: 'node-http', database: 'pglite', node: lowest.binary },
    { name: "the README's file on Postgres", file: 'readme', database: 'postgres' },
  ]
  const { Webhook } = await import(pathToFileURL(createRequire(join(project, 'package.json')).resolve('standardwebhooks')))
  for (const run of runs) {
    if (run.database === 'postgres' && !postgres) {
      results.push({ name: run.name, skipped: 'TEST_DATABASE_URL is not set' })
      continue
    }
    const file = join(project, FILES[run.file].file)
    const folder = join(project, 'runs', run.name.replace(/[^a-z0-9]+/gi, '-'))
    mkdirSync(folder, { recursive: true })
    const database = run.database === 'postgres' ? await createDatabase(project, postgres) : undefined
    try {
      const command = run.file === 'deno' ? denoCommand(file) : [run.node ?? process.execPath, file]
      const key = apiKey()
      // Only what the page says a run gets: no DATABASE_URL or NODE_ENV of this shell's.
      const { DATABASE_URL: _url, NODE_ENV: _env, ...inherited } = process.env
      const env = { ...inherited, CANVASS_API_KEY: key, NODE_ENV: 'development', ...(database ? { DATABASE_URL: database.url } : {}) }
      const readme = run.file === 'readme'
      const options = {
        cwd: folder,
        env,
        key,
        Webhook,
        prefix: readme ? '' : '/feedback',
        health: !readme,
        webhook: !readme,
        sigterm: readme ? 'any' : 0,
        deno: run.file === 'deno',
      }
      // A start that prints nothing and never answers (seen once in CI: PGlite's first start on Node.js 22.0.0,
      // which answers in 10 s here) is tried once more, and the ok line says so with where the first one stood.
      let first = await runServerFile(command, options)
      let stalled
      if (first.stalled) {
        stalled = first.stalled
        first = await runServerFile(command, options)
      }
      // A start on the database the first one left makes no second project or key, and the key still works.
      const second = first.error ? undefined : await runServerFile(command, { ...options, again: first.environmentId })
      const counted =
        first.error || second?.error ? undefined : countProjectsAndKeys(project, database?.url ?? join(folder, 'canvass-data'))
      const error =
        first.error ??
        (second?.error ? `the second start: ${second.error}` : undefined) ??
        (counted && (counted.projects !== 1 || counted.keys !== 1)
          ? `after two starts: ${counted.projects} projects, ${counted.keys} keys`
          : undefined)
      const name = stalled
        ? `${run.name} (its first start printed nothing for a minute and was tried again; it stood at: ${stalled})`
        : run.name
      results.push({ name, ms: first.ms + (second?.ms ?? 0), ...(error ? { error } : {}) })
    } finally {
      if (database) await database.drop()
    }
  }
} catch (error) {
  results.push({ name: 'packing and installing', error: error instanceof Error ? error.message : String(error) })
} finally {
  rmSync(work, { recursive: true, force: true })
}

let passed = 0
let failed = 0
let skipped = 0
for (const result of results) {
  if (result.skipped) {
    skipped++
    console.log(`SKIP ${result.name}: ${result.skipped}`)
  } else if (result.error) {
    failed++
    console.log(`FAIL ${result.name}: ${result.error}`)
  } else {
    passed++
    console.log(`ok   ${result.name} (${(result.ms / 1000).toFixed(1)} s)`)
  }
}
if (results.length === 0) failed++
console.log(
  `\nPackages tested in ${Math.round((Date.now() - started) / 1000)} s.\n\n${passed} passed, ${failed} failed, ${skipped} skipped`,
)
process.exit(failed > 0 ? 1 : 0)

/** A well-formed API key (`cvs_` and 43 letters or digits), as `generateApiKey()` makes them. */
function apiKey() {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
  return `cvs_${Array.from(randomBytes(43), (byte) => alphabet[byte % alphabet.length]).join('')}`
}

/**
 * Runs a whole-server file as it is, on a free port, until it answers, asks it what a user would (`exercise`),
 * then sends SIGTERM: it must exit by itself within `STOP_LIMIT_MS`, with code 0 (`sigterm: 0`) or, for a file
 * that leaves SIGTERM to Node (`sigterm: 'any'`), by the signal. `again`: a second start, which must find the
 * environment of the first. Resolves `{ ms, environmentId }` or `{ ms, error }` with the process's output.
 */
async function runServerFile(command, options) {
  const START_LIMIT_MS = 60_000
  const STOP_LIMIT_MS = 10_000
  const began = Date.now()
  const port = await freePort()
  // A Node.js process writes a diagnostic report (its JavaScript stack) on SIGUSR2, read when it stalls.
  const node = !options.deno
  const reports = join(options.cwd, 'reports')
  if (node) mkdirSync(reports, { recursive: true })
  const flags = node ? ['--report-on-signal', '--report-signal=SIGUSR2', `--report-directory=${reports}`] : []
  const child = spawn(command[0], [...flags, ...command.slice(1)], {
    cwd: options.cwd,
    env: { ...options.env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', (chunk) => (output += chunk))
  child.stderr.on('data', (chunk) => (output += chunk))
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })))
  let stopping
  let stalledAt
  try {
    const base = `http://127.0.0.1:${port}`
    // Up when it answers: its /health, or (the README's file has none) the key's environment.
    const probe = options.health ? `${base}/health` : `${base}${options.prefix}/api/v1/me`
    for (;;) {
      const answer = await fetch(probe, { headers: { 'x-api-key': options.key } }).catch(() => undefined)
      if (answer?.status === 200) {
        if (options.health) {
          const health = await answer.json()
          if (health.database !== 'ok' || health.background !== 'running') throw new Error(`/health answered ${JSON.stringify(health)}`)
        } else await answer.arrayBuffer()
        break
      }
      await answer?.arrayBuffer()
      if (child.exitCode !== null || child.signalCode !== null) throw new Error('exited before it answered')
      if (Date.now() - began > START_LIMIT_MS) {
        if (output === '' && !options.again) stalledAt = await stackOf(child, node, reports)
        throw new Error(`no answer at ${probe} within ${START_LIMIT_MS} ms`)
      }
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    const environmentId = await exercise(`${base}${options.prefix}`, options)
    if (options.again && environmentId !== options.again) throw new Error(`the key now names ${environmentId}, not ${options.again}`)
    stopping = Date.now()
    child.kill('SIGTERM')
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_LIMIT_MS)
    const { code, signal } = await exited
    clearTimeout(timer)
    if (signal === 'SIGKILL') throw new Error(`still running ${STOP_LIMIT_MS} ms after SIGTERM`)
    if (!(code === 0 || (options.sigterm === 'any' && signal === 'SIGTERM'))) throw new Error(`SIGTERM ended it with ${signal ?? code}`)
    return { ms: Date.now() - began, environmentId }
  } catch (error) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
    await exited
    const after = stopping === undefined ? `after ${Date.now() - began} ms` : `${Date.now() - stopping} ms after SIGTERM`
    return {
      ms: Date.now() - began,
      error: `${error instanceof Error ? error.message : String(error)} (${after}):\n${output.slice(-3000)}`,
      ...(stalledAt === undefined ? {} : { stalled: stalledAt }),
    }
  }
}

/** The JavaScript stack of a stalled Node.js child, from the report it writes on SIGUSR2 (Deno writes none). */
async function stackOf(child, node, reports) {
  if (!node) return 'a Deno process (no report)'
  child.kill('SIGUSR2')
  for (let waited = 0; waited < 10_000; waited += 100) {
    await new Promise((resolve) => setTimeout(resolve, 100))
    const [file] = existsSync(reports) ? readdirSync(reports) : []
    if (!file) continue
    try {
      const report = JSON.parse(readFileSync(join(reports, file), 'utf8'))
      const stack = (report.javascriptStack?.stack ?? []).slice(0, 8).join(' | ') || 'no JavaScript running'
      const handles = {}
      for (const handle of report.libuv ?? []) if (handle.is_active) handles[handle.type] = (handles[handle.type] ?? 0) + 1
      const open = Object.entries(handles)
        .map(([type, count]) => `${type} ×${count}`)
        .join(', ')
      return `${stack}; active handles: ${open || 'none'}`
    } catch {
      // Still being written.
    }
  }
  return 'no report within 10 s (busy in one long call, such as a WebAssembly compile)'
}

/**
 * What a user asks of a server that mounts Canvass at `base`: the key's environment, a survey, a finished
 * response read back, the link page and the widget and, with `webhook`, a webhook to a receiver on loopback that
 * must get one delivery signed with the secret the create answered. Returns the key's environment id.
 */
async function exercise(base, { key, Webhook, webhook }) {
  const call = async (path, init = {}) => {
    const response = await fetch(`${base}/api/v1${path}`, { ...init, headers: { 'content-type': 'application/json', ...init.headers } })
    const body = await response.json()
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}: ${JSON.stringify(body)}`)
    return body
  }
  const auth = { 'x-api-key': key }
  const environmentId = (await call('/me', { headers: auth })).id
  if (typeof environmentId !== 'string') throw new Error('/me named no environment')
  const survey = (
    await call('/management/surveys', {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({
        environmentId,
        name: 'Packages',
        status: 'inProgress',
        type: 'link',
        questions: [{ id: 'q1', type: 'openText', headline: { default: 'Why?' }, required: true }],
      }),
    })
  ).data
  // The receiver of the webhook, on loopback in this process: it keeps what arrives and answers 204.
  const arrivals = []
  let arrived
  const arrival = new Promise((resolve) => (arrived = resolve))
  const receiver = createHttpServer((request, response) => {
    const chunks = []
    request.on('data', (chunk) => chunks.push(chunk))
    request.on('end', () => {
      arrivals.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') })
      response.writeHead(204).end()
      arrived()
    })
  })
  await new Promise((resolve) => receiver.listen(0, '127.0.0.1', resolve))
  try {
    const hook = webhook
      ? (
          await call('/webhooks', {
            method: 'POST',
            headers: auth,
            body: JSON.stringify({
              url: `http://127.0.0.1:${receiver.address().port}/hook`,
              triggers: ['responseFinished'],
              surveyIds: [survey.id],
            }),
          })
        ).data
      : undefined
    const created = (
      await call(`/client/${environmentId}/responses`, {
        method: 'POST',
        body: JSON.stringify({ surveyId: survey.id, finished: true, data: { q1: 'Because' } }),
      })
    ).data
    const listed = (await call(`/management/responses?surveyId=${survey.id}`, { headers: auth })).data
    if (listed.length !== 1 || listed[0].id !== created.id || listed[0].data.q1 !== 'Because') {
      throw new Error(`the response read back is ${JSON.stringify(listed)}`)
    }
    // The pages, from @canvass/widget installed beside core, without an option naming it.
    for (const path of [`/s/${survey.id}`, '/js/formbricks.umd.cjs']) {
      const page = await fetch(`${base}${path}`)
      if (page.status !== 200) throw new Error(`${path} answered ${page.status}`)
      await page.arrayBuffer()
    }
    if (hook) {
      // One delivery within 20 s, signed with the secret the create answered.
      let waited
      await Promise.race([arrival, new Promise((resolve) => (waited = setTimeout(resolve, 20_000)))])
      clearTimeout(waited)
      if (arrivals.length !== 1) throw new Error(`the receiver got ${arrivals.length} webhook requests in 20 s, not 1`)
      const payload = new Webhook(hook.secret).verify(arrivals[0].body, arrivals[0].headers)
      if (payload.event !== 'responseFinished' || payload.webhookId !== hook.id || payload.data?.id !== created.id) {
        throw new Error(`the webhook carried ${JSON.stringify(payload)}`)
      }
    }
  } finally {
    receiver.closeAllConnections()
    await new Promise((resolve) => receiver.close(resolve))
  }
  return environmentId
}

/**
 * How many projects and API keys the database at `where` holds (a Postgres URL, or PGlite's folder once its
 * process has exited), read with the project's own `pg` and PGlite.
 */
function countProjectsAndKeys(project, where) {
  const query = `select (select count(*) from canvass.projects)::int as projects, (select count(*) from canvass.api_keys)::int as keys`
  const script = where.startsWith('postgres')
    ? `import pg from 'pg'
      const client = new pg.Client({ connectionString: process.env.WHERE })
      await client.connect()
      try { console.log(JSON.stringify((await client.query(process.env.SQL)).rows[0])) } finally { await client.end() }`
    : `import { PGlite } from '@electric-sql/pglite'
      const db = new PGlite(process.env.WHERE)
      try { console.log(JSON.stringify((await db.query(process.env.SQL)).rows[0])) } finally { await db.close() }`
  const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: project,
    env: { ...process.env, WHERE: where, SQL: query },
    encoding: 'utf8',
  })
  return JSON.parse(output.trim().split('\n').pop())
}

/**
 * Runs `changeset version` on a copy of the manifests and pending changesets (in a repository of its own):
 * every published package must get a version above 0.0.0 and a changelog, and a 0.x version must stay 0.x.
 */
function nextRelease() {
  const began = Date.now()
  const copy = join(work, 'release')
  const manifests = ['package.json', 'pnpm-workspace.yaml', '.changeset', 'bench/package.json']
  for (const parent of ['packages', 'examples']) {
    for (const folder of readdirSync(join(root, parent))) {
      manifests.push(join(parent, folder, 'package.json'), join(parent, folder, 'CHANGELOG.md'))
    }
  }
  for (const path of manifests) {
    if (existsSync(join(root, path))) cpSync(join(root, path), join(copy, path), { recursive: true })
  }
  try {
    const git = (...args) => execFileSync('git', args, { cwd: copy, stdio: 'ignore' })
    git('init', '-q')
    git('add', '-A')
    git('-c', 'user.name=test', '-c', 'user.email=test@localhost', 'commit', '-q', '-m', 'copy')
    // Right after a release none may be pending, and `changeset version` refuses to run: the released versions are checked.
    const pending = readdirSync(join(copy, '.changeset')).filter((name) => name.endsWith('.md') && name !== 'README.md')
    if (pending.length > 0) execFileSync(join(root, 'node_modules', '.bin', 'changeset'), ['version'], { cwd: copy, stdio: 'pipe' })
    for (const folder of readdirSync(join(copy, 'packages'))) {
      const manifest = JSON.parse(readFileSync(join(copy, 'packages', folder, 'package.json'), 'utf8'))
      if (manifest.private) continue
      if (manifest.version === '0.0.0') throw new Error(`${manifest.name} kept version 0.0.0`)
      // docs/releasing.md: while 0.x a breaking change is a minor; 1.0 is a decision of its own, not a changeset's.
      const before = JSON.parse(readFileSync(join(root, 'packages', folder, 'package.json'), 'utf8')).version
      if (before.startsWith('0.') && !manifest.version.startsWith('0.')) {
        throw new Error(`${manifest.name} would go from ${before} to ${manifest.version}: a pending changeset says major`)
      }
      if (!existsSync(join(copy, 'packages', folder, 'CHANGELOG.md'))) throw new Error(`${manifest.name} has no CHANGELOG.md`)
    }
    return { ms: Date.now() - began }
  } catch (error) {
    return {
      ms: Date.now() - began,
      error: `${error.message}${error.stderr ? `\n${error.stderr}` : ''}${error.stdout ? `\n${error.stdout}` : ''}`,
    }
  }
}

/**
 * `npm publish --dry-run` of each tarball, as a release publishes it: npm reads and checks the tarball and
 * its manifest and stops before the upload. It cannot publish: besides `--dry-run`, the registry is a closed
 * port on loopback and the environment and user configuration carry no token.
 */
function publishDryRun(tarballs) {
  const began = Date.now()
  const userconfig = join(work, 'publish-npmrc')
  writeFileSync(userconfig, '')
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_config_|token|auth/i.test(name)))
  env.NPM_CONFIG_USERCONFIG = userconfig
  try {
    for (const [name, file] of tarballs) {
      const args = ['publish', file, '--dry-run', '--access=public', '--registry=http://127.0.0.1:9/', '--fetch-retries=0']
      const output = execFileSync('npm', args, { cwd: work, env, stdio: 'pipe', encoding: 'utf8' })
      if (!output.includes(`+ ${name}@`)) throw new Error(`npm publish --dry-run of ${name} printed:\n${output}`)
    }
    return { ms: Date.now() - began }
  } catch (error) {
    return { ms: Date.now() - began, error: `${error.message}${error.stderr ? `\n${error.stderr}` : ''}` }
  }
}

/**
 * The manifest inside each tarball has what the npm page shows, the same way in every package: a description,
 * keywords, the license, the repository with the package's folder, the homepage, where to report bugs, the
 * runtimes it needs, the files it ships, exports that name their types first, no `workspace:` range left, and
 * public access with provenance; every other package of the workspace is private.
 */
function publishedManifests(tarballs) {
  const began = Date.now()
  const problems = []
  const shared = JSON.parse(readFileSync(join(root, 'packages', 'core', 'package.json'), 'utf8'))
  for (const [name, file] of tarballs) {
    const manifest = JSON.parse(execFileSync('tar', ['-xzOf', file, 'package/package.json'], { encoding: 'utf8' }))
    const folder = `packages/${name.slice('@canvass/'.length)}`
    const say = (problem) => problems.push(`${name}: ${problem}`)
    if (typeof manifest.description !== 'string' || manifest.description.length < 20) say('no description')
    if (!Array.isArray(manifest.keywords) || !manifest.keywords.includes('canvass')) say('no keywords with canvass')
    if (manifest.license !== 'MIT') say(`license ${manifest.license}`)
    if (manifest.repository?.url !== shared.repository.url || manifest.repository?.directory !== folder) {
      say(`repository ${JSON.stringify(manifest.repository)}, not ${shared.repository.url} in ${folder}`)
    }
    const homepage = `${shared.repository.url.replace(/^git\+/, '').replace(/\.git$/, '')}/tree/main/${folder}#readme`
    if (manifest.homepage !== homepage) say(`homepage ${manifest.homepage}, not ${homepage}`)
    if (!manifest.bugs?.url || manifest.bugs.url !== shared.bugs?.url) say(`bugs ${JSON.stringify(manifest.bugs)}`)
    if (Object.keys(manifest.engines ?? {}).length === 0) say('no engines')
    if (!Array.isArray(manifest.files) || manifest.files.length === 0) say('no files list')
    // Public under the scope, and published only with a provenance statement (from CI: docs/releasing.md).
    if (manifest.publishConfig?.access !== 'public' || manifest.publishConfig?.provenance !== true) {
      say(`publishConfig ${JSON.stringify(manifest.publishConfig)}, not { access: 'public', provenance: true }`)
    }
    if (!manifest.exports?.['.']) say('no exports for "."')
    for (const [path, target] of Object.entries(manifest.exports ?? {})) {
      if (typeof target === 'object' && Object.keys(target)[0] !== 'types') say(`exports["${path}"] does not name types first`)
    }
    if (manifest.types !== manifest.exports?.['.']?.types) say(`types ${manifest.types}, not exports["."].types`)
    for (const field of ['dependencies', 'peerDependencies', 'optionalDependencies']) {
      for (const [dependency, range] of Object.entries(manifest[field] ?? {})) {
        if (String(range).startsWith('workspace:')) say(`${field}.${dependency} is ${range}`)
      }
    }
  }
  // What `pnpm publish -r` would publish besides: every other package of the workspace must say it stays home.
  const others = ['bench', ...readdirSync(join(root, 'examples')).map((folder) => join('examples', folder))]
  for (const folder of [...others, ...readdirSync(join(root, 'packages')).map((name) => join('packages', name))]) {
    const manifest = JSON.parse(readFileSync(join(root, folder, 'package.json'), 'utf8'))
    if (!manifest.private && !tarballs.has(manifest.name)) problems.push(`${folder}: not packed, and not private`)
  }
  return { ms: Date.now() - began, ...(problems.length > 0 ? { error: problems.join('\n') } : {}) }
}

/**
 * The README's "Embed it in your server" gives both ways to install: before the first release, the commands
 * that make the tarballs and `npm install` of the files packing writes, with every tarball each of them needs
 * (`installFiles`); after it, the same packages by name, with every package the README's file imports.
 */
function readmeInstall(tarballs) {
  const began = Date.now()
  const readme = readFileSync(join(root, 'README.md'), 'utf8')
  const start = readme.indexOf('## Embed it in your server')
  const section = start === -1 ? '' : readme.slice(start, readme.indexOf('\n## ', start + 1))
  const problems = []
  if (!section.includes('pnpm build && pnpm pack:packages')) problems.push('no `pnpm build && pnpm pack:packages`')
  // A shell line continued with a backslash counts as one.
  const lines = section.replace(/\\\n\s*/g, ' ').split('\n')
  const fromFiles = lines.find((line) => /^npm install \S*packed\//.test(line)) ?? ''
  const byName = lines.find((line) => line.startsWith('npm install @canvass/')) ?? ''
  const files = [...fromFiles.matchAll(/packed\/canvass-([\w-]+?)-(\d[\w.-]*)\.tgz/g)].map((match) => ({
    name: `@canvass/${match[1]}`,
    file: `canvass-${match[1]}-${match[2]}.tgz`,
  }))
  if (files.length === 0) problems.push('no npm install of packed tarballs')
  for (const { name, file } of files) {
    if (basename(tarballs.get(name) ?? '') !== file) problems.push(`packed/${file} is not a tarball packing writes`)
  }
  const named = byName.split(/\s+/).filter((word) => word.startsWith('@canvass/'))
  if (files.map(({ name }) => name).join(' ') !== named.join(' ')) {
    problems.push(`the tarballs (${files.map(({ name }) => name).join(' ')}) are not the packages by name (${named.join(' ')})`)
  }
  for (const { name } of files) {
    for (const needed of installFiles(name, tarballs)) {
      if (!files.some(({ file }) => file === basename(needed)))
        problems.push(`${name} needs ${basename(needed)}, which the line leaves out`)
    }
  }
  const words = new Set(byName.split(/\s+/))
  const imported = [...FILES.readme.code().matchAll(/^import .* from '([^']+)'/gm)].map((match) => match[1])
  for (const specifier of imported.filter((name) => !name.startsWith('node:'))) {
    const name = specifier
      .split('/')
      .slice(0, specifier.startsWith('@') ? 2 : 1)
      .join('/')
    if (!words.has(name)) problems.push(`the install by name lacks ${name}, which the README's file imports`)
  }
  return { ms: Date.now() - began, ...(problems.length > 0 ? { error: problems.join('\n') } : {}) }
}

/**
 * `@canvass/server`'s build bundles every package it runs on into its `dist` but the few its tsup.config.ts leaves
 * as imports (`UNBUNDLED`): those alone may be its dependencies, or an install would put the bundled ones in
 * `node_modules` a second time, unused. And what its `dist` imports must be there: each static import a node
 * builtin or a dependency, each `require` or `import()` (pg's optional native binding) a builtin or unbundled.
 */
function serverInstallsNothingBundled(tarballs) {
  const began = Date.now()
  const file = tarballs.get('@canvass/server')
  const manifest = JSON.parse(execFileSync('tar', ['-xzOf', file, 'package/package.json'], { encoding: 'utf8' }))
  const declared = ['dependencies', 'optionalDependencies', 'peerDependencies'].flatMap((field) => Object.keys(manifest[field] ?? {}))
  const problems = declared.filter((name) => !UNBUNDLED.includes(name)).map((name) => `${name} is bundled into dist and a dependency`)
  const builtin = (name) => name.startsWith('node:') || builtinModules.includes(name)
  const packageOf = (specifier) =>
    specifier
      .split('/')
      .slice(0, specifier.startsWith('@') ? 2 : 1)
      .join('/')
  const entries = execFileSync('tar', ['-tzf', file], { encoding: 'utf8' })
    .split('\n')
    .filter((entry) => /^package\/dist\/[^/]+\.js$/.test(entry))
  for (const entry of entries) {
    // Statements only: the bundle's comments quote SQL (`from "person"`) and code.
    const code = execFileSync('tar', ['-xzOf', file, entry], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
      .split('\n')
      .filter((line) => !/^\s*(\*|\/\/|\/\*)/.test(line))
      .join('\n')
    for (const [, specifier] of code.matchAll(/^(?:import|export)\b[^;'"]*?from\s*["']([^"']+)["']/gm)) {
      if (!specifier.startsWith('.') && !builtin(specifier) && !declared.includes(packageOf(specifier))) {
        problems.push(`${entry} imports ${specifier}, not a dependency`)
      }
    }
    // A `require(` right after a quote or backtick starts a string: source text a code generator writes (ajv's
    // standalone validators, inside the MCP SDK's JSON Schema validator), not a load of this bundle.
    for (const [, specifier] of code.matchAll(/(?<![`'"])\b(?:require|import)\(\s*["']([^"']+)["']\s*\)/g)) {
      if (!specifier.startsWith('.') && !builtin(specifier) && !UNBUNDLED.includes(packageOf(specifier))) {
        problems.push(`${entry} loads ${specifier}, which the build should have bundled`)
      }
    }
  }
  if (entries.length === 0) problems.push('no dist/*.js in the tarball')
  return { ms: Date.now() - began, ...(problems.length > 0 ? { error: [...new Set(problems)].join('\n') } : {}) }
}

/**
 * A browser bundle package (`EDITOR_BUNDLE`, `CONSOLE_BUNDLE`) as a host gets it: its tarball's `dist/<file>`
 * gzips (level 9) to at most its budget, the size said in the result's name; installed in an empty folder of
 * its own, its reader (`readEditorBundle()`, `readConsoleBundle()`) answers that very file.
 */
async function browserBundleFromTarball(tarballs, folder, { name: pkg, file: bundleFile, budgetKib, reader }) {
  const began = Date.now()
  const file = tarballs.get(pkg)
  if (!file) return { name: `${pkg} bundle`, ms: 0, error: `no tarball of ${pkg}` }
  const bundle = execFileSync('tar', ['-xzOf', file, `package/dist/${bundleFile}`], { maxBuffer: 16 * 1024 * 1024 })
  const kib = gzipSync(bundle, { level: 9 }).length / 1024
  const name = `${pkg}'s dist/${bundleFile}: ${kib.toFixed(1)} KiB gzipped (budget ${budgetKib} KiB), read by ${reader}()`
  const problems = kib > budgetKib ? [`${kib.toFixed(1)} KiB gzipped is over the budget`] : []
  mkdirSync(folder, { recursive: true })
  writeFileSync(join(folder, 'package.json'), `${JSON.stringify({ name: `${basename(folder)}-host`, private: true, type: 'module' })}\n`)
  execFileSync('npm', ['install', ...installFiles(pkg, tarballs), '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd: folder,
    stdio: 'inherit',
  })
  const entry = createRequire(join(folder, 'package.json')).resolve(pkg)
  const read = (await import(pathToFileURL(entry).href))[reader]
  if ((await read()) !== bundle.toString('utf8')) problems.push(`${reader}() does not answer the tarball's dist/${bundleFile}`)
  return { name, ms: Date.now() - began, ...(problems.length > 0 ? { error: problems.join('\n') } : {}) }
}

/**
 * `@canvass/server` as a user installs it: in an empty folder of its own, the `npm install` line `pnpm
 * pack:packages` prints for it (its tarball and the `@canvass/*` tarballs it needs; the rest from the registry),
 * then `npx canvass start` on the embedded database until `/health` answers. The installed command speaks as
 * itself: `canvass --help` and `canvass start --help` name `canvass` and documentation pages that are in the
 * install, never `pnpm` or the repository's paths; the first start's last line is a request that works; every
 * link of the home page, and `/docs/configuration.md`, answers 200. The size of `node_modules` and the time from
 * the empty folder to `/health` are reported in the result's name, not asserted: they depend on the machine and
 * the registry.
 */
async function serverFromTarballs(tarballs) {
  // Packages the repository builds, tests and lints with, or that only its examples and tests use.
  const DEV_ONLY = [
    'typescript',
    'tsup',
    'tsx',
    'uvu',
    'esbuild',
    'deno',
    'react-native',
    '@biomejs/biome',
    'playwright-core',
    '@formbricks/react-native',
  ]
  const began = Date.now()
  const folder = join(work, 'server')
  mkdirSync(join(folder, 'data'), { recursive: true })
  writeFileSync(join(folder, 'package.json'), `${JSON.stringify({ name: 'canvass-server-test', private: true }, null, 2)}\n`)
  try {
    execFileSync('npm', ['install', ...installFiles('@canvass/server', tarballs), '--no-audit', '--no-fund', '--loglevel=error'], {
      cwd: folder,
      stdio: 'inherit',
    })
    const installed = Date.now()
    const bytes = Number(execFileSync('du', ['-sb', 'node_modules'], { cwd: folder, encoding: 'utf8' }).split('\t')[0])
    // What the server runs carries no build, test or lint tool, no Deno and no React Native.
    const tooling = DEV_ONLY.filter((name) => existsSync(join(folder, 'node_modules', name)))
    if (tooling.length > 0) throw new Error(`the server's install holds ${tooling.join(', ')}`)
    installedCommandSpeaksAsItself(folder)
    const port = await freePort()
    const child = spawn('npx', ['--no-install', 'canvass', 'start'], {
      cwd: folder,
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: join(folder, 'data') },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    })
    let output = ''
    child.stdout.on('data', (chunk) => (output += chunk))
    child.stderr.on('data', (chunk) => (output += chunk))
    const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(signal ?? code)))
    try {
      const deadline = Date.now() + 60_000
      for (;;) {
        const status = await fetch(`http://127.0.0.1:${port}/health`).then(
          (response) => response.status,
          () => undefined,
        )
        if (status === 200) break
        if (child.exitCode !== null || Date.now() > deadline)
          throw new Error(`no /health (${status ?? 'refused'}):\n${output.slice(-3000)}`)
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
      // The widget installed beside it is served without a setting.
      const widget = await fetch(`http://127.0.0.1:${port}/js/formbricks.umd.cjs`)
      if (widget.status !== 200) throw new Error(`/js/formbricks.umd.cjs answered ${widget.status}:\n${output.slice(-3000)}`)
      // Every link of the home page leads to something this server serves.
      const home = await (await fetch(`http://127.0.0.1:${port}/`)).text()
      for (const link of [...[...home.matchAll(/<a href="([^"]+)">/g)].map((match) => match[1]), 'docs/configuration.md']) {
        const answer = await fetch(new URL(link, `http://127.0.0.1:${port}/`))
        await answer.arrayBuffer()
        if (answer.status !== 200) throw new Error(`the home page's link ${link} answered ${answer.status}`)
      }
      // The first start's last line: a request to try, which works as printed, and the API reference.
      const tryIt = /^Try it: curl -H "x-api-key: (\S+)" (\S+) {2}\(every route: (\S+)\)$/m.exec(output)
      if (!tryIt) throw new Error(`the first start printed no request to try:\n${output.slice(-3000)}`)
      const me = await fetch(tryIt[2].replace('localhost', '127.0.0.1'), { headers: { 'x-api-key': tryIt[1] } })
      await me.arrayBuffer()
      const reference = await fetch(tryIt[3].replace('localhost', '127.0.0.1'))
      await reference.arrayBuffer()
      if (me.status !== 200 || reference.status !== 200) throw new Error(`${tryIt[0]}: ${me.status}, ${reference.status}`)
    } finally {
      if (child.exitCode === null) process.kill(-child.pid, 'SIGTERM')
      await exited
    }
    const total = Date.now() - began
    return {
      name: `@canvass/server from its tarball: npm install ${((installed - began) / 1000).toFixed(1)} s, node_modules ${(bytes / 1e6).toFixed(0)} MB, empty folder to /health ${(total / 1000).toFixed(1)} s`,
      ms: total,
    }
  } catch (error) {
    return {
      name: '@canvass/server from its tarball',
      ms: Date.now() - began,
      error: error instanceof Error ? error.message : String(error),
    }
  }
}

/**
 * `canvass --help` and `canvass start --help` where `@canvass/server` is installed in `folder` (through npx, as a
 * user runs it): they name the installed command, never `pnpm` or a path of the repository, and the pages of the
 * documentation they name are files of the install.
 */
function installedCommandSpeaksAsItself(folder) {
  const problems = []
  for (const args of [['--help'], ['start', '--help']]) {
    const text = execFileSync('npx', ['--no-install', 'canvass', ...args], { cwd: folder, encoding: 'utf8' })
    const said = `canvass ${args.join(' ')}`
    if (/pnpm|packages\/server|node_modules\/\.bin/.test(text)) problems.push(`${said} speaks of the repository:\n${text}`)
    const pages = [...text.matchAll(/(\S+\/docs\/[a-z-]+\.md)\b/g)].map((match) => match[1])
    if (pages.length === 0) problems.push(`${said} names no page of the documentation:\n${text}`)
    for (const page of pages) if (!existsSync(page)) problems.push(`${said} names ${page}, which the install does not have`)
  }
  const usage = execFileSync('npx', ['--no-install', 'canvass', 'start', '--help'], { cwd: folder, encoding: 'utf8' })
  if (!usage.startsWith('Usage: canvass start')) problems.push(`canvass start --help begins: ${usage.split('\n')[0]}`)
  if (problems.length > 0) throw new Error(problems.join('\n'))
}

/**
 * The oldest Node.js the published packages claim: every `engines.node` must be the same `>=X[.Y[.Z]]`, and that
 * release is installed from npm's `node` package (a binary from the registry) into `folder`.
 */
function lowestNode(folder) {
  const floors = new Set()
  for (const name of readdirSync(join(root, 'packages'))) {
    const manifest = JSON.parse(readFileSync(join(root, 'packages', name, 'package.json'), 'utf8'))
    if (manifest.private || !manifest.engines?.node) continue
    const match = /^>=(\d+)(?:\.(\d+))?(?:\.(\d+))?$/.exec(manifest.engines.node)
    if (!match) throw new Error(`${manifest.name}: engines.node "${manifest.engines.node}" is not ">=X.Y.Z"`)
    floors.add(`${match[1]}.${match[2] ?? 0}.${match[3] ?? 0}`)
  }
  if (floors.size !== 1) throw new Error(`the published packages claim different Node.js floors: ${[...floors].join(', ')}`)
  const [version] = floors
  mkdirSync(folder, { recursive: true })
  writeFileSync(join(folder, 'package.json'), '{ "private": true }\n')
  console.log(`$ npm install node@${version} (the oldest Node.js the packages claim)`)
  execFileSync('npm', ['install', `node@${version}`, '--no-audit', '--no-fund', '--loglevel=error'], { cwd: folder, stdio: 'inherit' })
  const binary = join(folder, 'node_modules', '.bin', 'node')
  const reported = execFileSync(binary, ['--version'], { encoding: 'utf8' }).trim()
  if (reported !== `v${version}`) throw new Error(`npm's node@${version} reports ${reported}`)
  return { version, binary }
}

/** The server installed by `serverFromTarballs` in `folder`, started on another Node.js: it must answer `/health`. */
async function serverOnNode(node, folder) {
  const name = `@canvass/server from its tarball on Node.js ${node.version}`
  const began = Date.now()
  const port = await freePort()
  const cli = join(folder, 'node_modules', '@canvass', 'server', 'dist', 'cli.js')
  const data = mkdtempSync(join(folder, 'data-'))
  const child = spawn(node.binary, [cli, 'start'], {
    cwd: folder,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: data },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', (chunk) => (output += chunk))
  child.stderr.on('data', (chunk) => (output += chunk))
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(signal ?? code)))
  try {
    const deadline = Date.now() + 60_000
    for (;;) {
      const status = await fetch(`http://127.0.0.1:${port}/health`).then(
        (response) => response.status,
        () => undefined,
      )
      if (status === 200) break
      if (child.exitCode !== null || Date.now() > deadline) throw new Error(`no /health (${status ?? 'refused'}):\n${output.slice(-3000)}`)
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    child.kill('SIGTERM')
    const ended = await exited
    if (ended !== 0) throw new Error(`SIGTERM ended it with ${ended}:\n${output.slice(-3000)}`)
    return { name, ms: Date.now() - began }
  } catch (error) {
    if (child.exitCode === null) child.kill('SIGKILL')
    await exited
    return { name, ms: Date.now() - began, error: error instanceof Error ? error.message : String(error) }
  }
}

/**
 * The workspace's Deno (the executable the `deno` npm package of examples/deno installed, named directly: its
 * `.bin` shim runs it in a child process that SIGTERM would not reach), reading the project's node_modules.
 */
function denoCommand(file) {
  const manifest = createRequire(join(root, 'examples', 'deno', 'package.json')).resolve('deno/package.json')
  const deno = join(dirname(manifest), process.platform === 'win32' ? 'deno.exe' : 'deno')
  return [deno, 'run', '-A', '--node-modules-dir=manual', file]
}

/** A database of its own on the Postgres server, made with the project's own `pg`. */
async function createDatabase(project, url) {
  const name = `canvass_packages_${process.pid}_${Date.now()}`
  const admin = (sql) =>
    execFileSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `
      import pg from 'pg'
      const client = new pg.Client({ connectionString: process.env.ADMIN_URL })
      await client.connect()
      try { await client.query(process.env.SQL) } finally { await client.end() }
    `,
      ],
      { cwd: project, env: { ...process.env, ADMIN_URL: url, SQL: sql }, stdio: 'inherit' },
    )
  admin(`CREATE DATABASE ${name}`)
  const databaseUrl = new URL(url)
  databaseUrl.pathname = `/${name}`
  return { url: databaseUrl.toString(), drop: async () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) }
}

/** A port nothing listens on now, on loopback. */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })
}
