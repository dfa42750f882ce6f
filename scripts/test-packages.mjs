// `pnpm test:packages`: what a stranger gets from npm. Packs every package (`pack-packages.mjs`), makes a new
// project in a temporary folder outside the workspace, runs `docs/embedding.md`'s install lines there with
// each `@canvass/*` name replaced by its tarball, and runs the page's snippets: the PGlite and the Postgres
// setup, each mounted in Hono, in Express and in bare `node:http`, and the PGlite setup on Deno. Each run asks
// the mounted API for the key's environment, creates a survey, a webhook to a receiver on loopback and a
// finished response, reads the response back, waits for the webhook and checks its Standard Webhooks signature
// with the `standardwebhooks` package, and asks for the link page and the widget; then a Node mount gets
// SIGTERM and must exit by itself. A Postgres run starts twice on its database, and neither start may leave
// a second project or key. The snippets run as the page has them, but for one option the test adds to
// `createCanvass`: `webhooks: { allowPrivateAddresses: true }`, so that the receiver may be on 127.0.0.1.
// The oldest Node.js the packages claim in `engines` (installed from npm's `node` package) runs the PGlite
// `node:http` mount and starts the server installed from its tarball, which must answer `/health` and stop on
// SIGTERM.
// Before the runs it
// checks the release: `changeset version` on a copy, `npm publish --dry-run` of every tarball (against a
// closed loopback port, without a token: nothing can be published), each tarball's manifest, and that the
// server's tarball depends on nothing its bundle holds.
//
// Needs the packages built (`pnpm build`), npm and the npm registry. Postgres runs use TEST_DATABASE_URL (a
// database of their own, dropped after); without it they are skipped, saying so. Ends with `N passed, N
// failed, N skipped` and exits non-zero on a failure.
import { execFileSync, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { builtinModules } from 'node:module'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { basename, dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { UNBUNDLED } from '../packages/server/scripts/unbundled.mjs'
import { packPackages } from './pack-packages.mjs'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const started = Date.now()

if (Number(process.versions.node.split('.')[0]) < 22) {
  console.error(`Node.js ${process.version}: the packages need 22 or newer (run through pnpm, which brings it)`)
  process.exit(1)
}

/** The page's marked blocks, in order: `<!-- packages-test: name -->` then a fenced block. */
function markedBlocks(markdown) {
  const blocks = []
  const pattern = /<!-- packages-test: ([a-z-]+) -->\n```[a-z]*\n([\s\S]*?)```/g
  for (const match of markdown.matchAll(pattern)) blocks.push({ name: match[1], code: match[2] })
  return blocks
}

const blocks = markedBlocks(readFileSync(join(root, 'docs', 'embedding.md'), 'utf8'))
const snippet = (name) => {
  const block = blocks.find((candidate) => candidate.name === name)
  if (!block) throw new Error(`docs/embedding.md has no block marked packages-test: ${name}`)
  return block.code
}
const installLines = blocks
  .filter((block) => block.name === 'install')
  .flatMap((block) => block.code.split('\n').filter((line) => line.trim() !== ''))

// What each run appends: the checks, against the port the mount listens on.
const checks = `
const port = Number(globalThis.process?.env.PORT ?? globalThis.Deno?.env.get('PORT'))
const base = 'http://127.0.0.1:' + port + '/feedback/api/v1'
const call = async (path, init = {}) => {
  for (let attempt = 0; ; attempt++) {
    try {
      const response = await fetch(base + path, { ...init, headers: { 'content-type': 'application/json', ...init.headers } })
      const body = await response.json()
      if (response.status !== 200) throw new Error(path + ' answered ' + response.status + ': ' + JSON.stringify(body))
      return body
    } catch (error) {
      if (attempt > 100 || !String(error?.cause?.code ?? error).includes('ECONNREFUSED')) throw error
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  }
}
const auth = { 'x-api-key': key }
// The receiver of the webhook, on loopback in this process: it keeps what arrives and answers 204.
const arrivals = []
let arrived
const arrival = new Promise((resolve) => (arrived = resolve))
const receiver = createReceiver((request, response) => {
  const chunks = []
  request.on('data', (chunk) => chunks.push(chunk))
  request.on('end', () => {
    arrivals.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') })
    response.writeHead(204).end()
    arrived()
  })
})
await new Promise((resolve) => receiver.listen(0, '127.0.0.1', resolve))
// A start on a database that has the project and the key makes neither again.
const keys = await canvass.admin.listApiKeys(project.environments.production)
if (keys.length !== 1 || (await canvass.admin.listProjects()).length !== 1) {
  throw new Error('after this start: ' + keys.length + ' keys, ' + (await canvass.admin.listProjects()).length + ' projects')
}
const me = await call('/me', { headers: auth })
const environmentId = project.environments.production
if (me.id !== environmentId) throw new Error('/me named ' + me.id + ', not ' + environmentId)
const survey = (await call('/management/surveys', { method: 'POST', headers: auth, body: JSON.stringify({
  environmentId, name: 'Packages', status: 'inProgress', type: 'link',
  questions: [{ id: 'q1', type: 'openText', headline: { default: 'Why?' }, required: true }],
}) })).data
const hook = (await call('/webhooks', { method: 'POST', headers: auth, body: JSON.stringify({
  url: 'http://127.0.0.1:' + receiver.address().port + '/hook', triggers: ['responseFinished'], surveyIds: [survey.id],
}) })).data
const created = (await call('/client/' + environmentId + '/responses', { method: 'POST', body: JSON.stringify({
  surveyId: survey.id, finished: true, data: { q1: 'Because' },
}) })).data
const listed = (await call('/management/responses?surveyId=' + survey.id, { headers: auth })).data
if (listed.length !== 1 || listed[0].id !== created.id || listed[0].data.q1 !== 'Because') {
  throw new Error('the response read back is ' + JSON.stringify(listed))
}
// The pages, from @canvass/widget installed beside core, without an option naming it.
for (const path of ['/s/' + survey.id, '/js/formbricks.umd.cjs']) {
  const page = await fetch('http://127.0.0.1:' + port + '/feedback' + path)
  if (page.status !== 200) throw new Error(path + ' answered ' + page.status)
  await page.arrayBuffer()
}
// The webhook: one delivery within 20 s, signed with the secret the create answered.
let waited
await Promise.race([arrival, new Promise((resolve) => (waited = setTimeout(resolve, 20_000)))])
clearTimeout(waited)
if (arrivals.length !== 1) throw new Error('the receiver got ' + arrivals.length + ' webhook requests in 20 s, not 1')
const payload = new Webhook(hook.secret).verify(arrivals[0].body, arrivals[0].headers)
if (payload.event !== 'responseFinished' || payload.webhookId !== hook.id || payload.data?.id !== created.id) {
  throw new Error('the webhook carried ' + JSON.stringify(payload))
}
receiver.close()
receiver.closeAllConnections?.()
console.log('PACKAGES-TEST-OK')
// On Node the harness now sends SIGTERM, and the mount's own shutdown must end the process.
if (globalThis.Deno) Deno.exit(0)
`
// Imports of the checks, first in the file: the snippets' own imports stay as the page has them.
const checksImports = `import { Buffer } from 'node:buffer'
import { createServer as createReceiver } from 'node:http'
import { Webhook } from 'standardwebhooks'
`
/** The setup snippet with the one option the test adds: webhooks may go to the receiver on loopback. */
const withLoopbackWebhooks = (code) => {
  const call = 'createCanvass({ '
  if (code.split(call).length !== 2) throw new Error(`the setup snippet does not call \`${call}…\` exactly once`)
  return code.replace(call, `${call}webhooks: { allowPrivateAddresses: true }, `)
}

const work = mkdtempSync(join(tmpdir(), 'canvass-packages-'))
const results = []
try {
  console.log(`Packing into ${join(work, 'packed')}`)
  const tarballs = packPackages(join(work, 'packed'))
  const project = join(work, 'app')
  execFileSync('mkdir', ['-p', project])
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
  results.push({ name: 'changeset version gives the first release', ...firstRelease() })
  results.push({ name: 'npm publish --dry-run takes every tarball', ...publishDryRun(tarballs) })
  results.push({ name: 'every tarball has what npm shows of a package', ...publishedManifests(tarballs) })
  results.push({ name: "the README's embed section installs before and after the first release", ...readmeInstall(tarballs) })
  results.push({ name: '@canvass/server installs only what its bundles leave as imports', ...serverInstallsNothingBundled(tarballs) })
  results.push(await serverFromTarballs(tarballs))
  const lowest = lowestNode(join(work, 'lowest-node'))
  results.push(await serverOnNode(lowest, join(work, 'server')))

  const postgres = process.env.TEST_DATABASE_URL
  const runs = [
    { name: 'PGlite in Hono', setup: 'pglite', mount: 'hono' },
    { name: 'PGlite in Express', setup: 'pglite', mount: 'express' },
    { name: 'PGlite in node:http', setup: 'pglite', mount: 'node-http' },
    { name: 'Postgres in Hono', setup: 'postgres', mount: 'hono' },
    { name: 'Postgres in Express', setup: 'postgres', mount: 'express' },
    { name: 'Postgres in node:http', setup: 'postgres', mount: 'node-http' },
    { name: 'PGlite on Deno', setup: 'pglite', mount: 'deno' },
    { name: `PGlite in node:http on Node.js ${lowest.version}`, setup: 'pglite', mount: 'node-http', node: lowest.binary },
  ]
  for (const run of runs) {
    if (run.setup === 'postgres' && !postgres) {
      results.push({ name: run.name, skipped: 'TEST_DATABASE_URL is not set' })
      continue
    }
    const file = join(project, `${run.setup}-${run.mount}.${run.mount === 'deno' ? 'ts' : 'mjs'}`)
    writeFileSync(file, `${checksImports}${withLoopbackWebhooks(snippet(run.setup))}\n${snippet(run.mount)}\n${checks}`)
    const database = run.setup === 'postgres' ? await createDatabase(project, postgres) : undefined
    try {
      const port = await freePort()
      const env = { ...process.env, PORT: String(port), CANVASS_API_KEY: apiKey(), ...(database ? { DATABASE_URL: database.url } : {}) }
      const command = run.mount === 'deno' ? denoCommand(file) : [run.node ?? process.execPath, file]
      const outcome = await runFor(command, project, env, 60_000)
      // On a database that outlives the process, the page's setup is started again: it must make no second
      // project or key (the checks count them), and the key must still work.
      const again = database && !outcome.error ? await runFor(command, project, env, 60_000) : undefined
      results.push({ name: run.name, ...(again?.error ? { ...again, error: `the second start: ${again.error}` } : outcome) })
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
 * Runs a snippet until it prints the checks' mark, or fails, or `limit` ms pass. A Node mount then gets SIGTERM
 * and must exit with 0 by itself within `STOP_LIMIT_MS` (its server, the background work and the database
 * closed); Deno's snippet exits after the checks.
 */
function runFor(command, cwd, env, limit) {
  const STOP_LIMIT_MS = 10_000
  const deno = command[0].endsWith('deno')
  return new Promise((resolve) => {
    const began = Date.now()
    const child = spawn(command[0], command.slice(1), { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    let stopping
    const read = (chunk) => {
      output += chunk
      if (!deno && stopping === undefined && output.includes('PACKAGES-TEST-OK')) {
        stopping = Date.now()
        child.kill('SIGTERM')
        clearTimeout(timer)
        timer = setTimeout(() => child.kill('SIGKILL'), STOP_LIMIT_MS)
      }
    }
    child.stdout.on('data', read)
    child.stderr.on('data', read)
    let timer = setTimeout(() => child.kill('SIGKILL'), limit)
    child.on('close', (code, signal) => {
      clearTimeout(timer)
      const ms = Date.now() - began
      const checked = output.includes('PACKAGES-TEST-OK')
      if (checked && !deno && stopping === undefined) resolve({ ms, error: 'exited before SIGTERM' })
      else if (checked && code === 0) resolve({ ms })
      else if (checked && signal === 'SIGKILL') {
        resolve({ ms, error: `still running ${STOP_LIMIT_MS} ms after SIGTERM:\n${output.slice(-3000)}` })
      } else {
        const after = stopping === undefined ? `after ${ms} ms` : `${Date.now() - stopping} ms after SIGTERM`
        resolve({ ms, error: `exited ${signal ?? code} ${after}:\n${output.slice(-3000)}` })
      }
    })
  })
}

/**
 * Runs `changeset version` on a copy of the manifests and pending changesets (in a repository of its own):
 * every published package must get a version above 0.0.0 and a changelog.
 */
function firstRelease() {
  const began = Date.now()
  const copy = join(work, 'release')
  const manifests = ['package.json', 'pnpm-workspace.yaml', '.changeset', 'bench/package.json']
  for (const parent of ['packages', 'examples']) {
    for (const folder of readdirSync(join(root, parent))) manifests.push(join(parent, folder, 'package.json'))
  }
  for (const path of manifests) {
    if (existsSync(join(root, path))) cpSync(join(root, path), join(copy, path), { recursive: true })
  }
  try {
    const git = (...args) => execFileSync('git', args, { cwd: copy, stdio: 'ignore' })
    git('init', '-q')
    git('add', '-A')
    git('-c', 'user.name=test', '-c', 'user.email=test@localhost', 'commit', '-q', '-m', 'copy')
    execFileSync(join(root, 'node_modules', '.bin', 'changeset'), ['version'], { cwd: copy, stdio: 'pipe' })
    for (const folder of readdirSync(join(copy, 'packages'))) {
      const manifest = JSON.parse(readFileSync(join(copy, 'packages', folder, 'package.json'), 'utf8'))
      if (manifest.private) continue
      if (manifest.version === '0.0.0') throw new Error(`${manifest.name} kept version 0.0.0`)
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
 * runtimes it needs, the files it ships, exports that name their types first, and no `workspace:` range left.
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
  return { ms: Date.now() - began, ...(problems.length > 0 ? { error: problems.join('\n') } : {}) }
}

/**
 * The README's "Embed it in your server" gives both ways to install: before the first release, the commands
 * that make the tarballs and `npm install` of the files packing writes; after it, the same packages by name,
 * with all that the first install line of docs/embedding.md installs.
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
  const words = new Set(byName.split(/\s+/))
  for (const word of installLines[0].split(/\s+/)) {
    if (!words.has(word)) problems.push(`the install by name lacks ${word} of docs/embedding.md's \`${installLines[0]}\``)
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
    for (const [, specifier] of code.matchAll(/\b(?:require|import)\(\s*["']([^"']+)["']\s*\)/g)) {
      if (!specifier.startsWith('.') && !builtin(specifier) && !UNBUNDLED.includes(packageOf(specifier))) {
        problems.push(`${entry} loads ${specifier}, which the build should have bundled`)
      }
    }
  }
  if (entries.length === 0) problems.push('no dist/*.js in the tarball')
  return { ms: Date.now() - began, ...(problems.length > 0 ? { error: [...new Set(problems)].join('\n') } : {}) }
}

/**
 * `@canvass/server` as a user installs it: in an empty folder of its own, `npm install` of its tarball and of
 * the `@canvass/*` tarballs it depends on (the rest from the registry), then `npx canvass start` on the embedded
 * database until `/health` answers. The size of `node_modules` and the time from the empty folder to `/health`
 * are reported in the result's name, not asserted: they depend on the machine and the registry.
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
  const manifest = JSON.parse(readFileSync(join(root, 'packages', 'server', 'package.json'), 'utf8'))
  const siblings = Object.keys(manifest.dependencies).filter((name) => tarballs.has(name))
  try {
    execFileSync(
      'npm',
      [
        'install',
        tarballs.get('@canvass/server'),
        ...siblings.map((name) => tarballs.get(name)),
        '--no-audit',
        '--no-fund',
        '--loglevel=error',
      ],
      {
        cwd: folder,
        stdio: 'inherit',
      },
    )
    const installed = Date.now()
    const bytes = Number(execFileSync('du', ['-sb', 'node_modules'], { cwd: folder, encoding: 'utf8' }).split('\t')[0])
    // What the server runs carries no build, test or lint tool, no Deno and no React Native.
    const tooling = DEV_ONLY.filter((name) => existsSync(join(folder, 'node_modules', name)))
    if (tooling.length > 0) throw new Error(`the server's install holds ${tooling.join(', ')}`)
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

/** The workspace's Deno (the `deno` npm package of examples/deno), reading the project's node_modules. */
function denoCommand(file) {
  const deno = join(root, 'examples', 'deno', 'node_modules', '.bin', 'deno')
  return [deno, 'run', '--allow-all', '--node-modules-dir=manual', file]
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
