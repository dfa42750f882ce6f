// `pnpm test:container`: the container image of the standalone server (the root `Dockerfile`), built and run with
// podman. No image registry is needed: the test makes the Node.js base image itself, from Debian bookworm's
// packages (fetched with debootstrap from deb.debian.org) and the Node.js binary pnpm installed into this
// repository, and keeps it between runs under a tag that hashes what went into it (a first run takes minutes, a
// later one reuses it). Then, each step timed:
//
// - lays out the build context (`pnpm image:context`, scripts/image-context.mjs) and builds the image on that base
//   (`--build-arg NODE_IMAGE=…`), which must be at most 200 MB, as `podman image inspect` reports its size, and hold
//   only the server's production dependencies;
// - on a database of its own on the Postgres server of TEST_DATABASE_URL, as compose.yaml does: `migrate` once in a
//   container of its own, then two instances with one secret and one uploads volume (at /data/uploads), each
//   waited for through the image's HEALTHCHECK and then /health/ready; an API key made with the CLI inside the
//   first, a survey created through it, a response posted through the second and read back through the first, a
//   file written to the shared volume by one and read by the other; the server runs as `node`, not root;
// - `podman stop` (SIGTERM): the server drains (CANVASS_DRAIN_SECONDS), stops by itself well before podman would
//   kill it, and exits 0;
// - on the embedded database, in a new named volume at /data: the first start copies the empty database there as
//   the server's user, answers with the key it printed, and stops with exit code 0.
//
// The base image: base-files, libc6, libgcc-s1, libstdc++6 and dash (what Node.js and a shell need) from debootstrap's
// minbase download, without documentation, locales and glibc's iconv modules, a user `node` (uid 1000) as the
// official Node.js images have, and the Node.js binary at /usr/local/bin/node, stripped of its debug symbols (with
// binutils' `strip`) as Debian's own nodejs package is. docs/container.md gives its size.
//
// This machine's podman needs `--runtime runc`, `--network host` and the ulimits below for builds and runs; with host
// networking the containers reach Postgres at 127.0.0.1 and listen on free ports of loopback. Without podman,
// debootstrap, strip, root (debootstrap needs it) or TEST_DATABASE_URL the test says why and stops; under CI (`CI`
// set) that is a failure. Not part of `pnpm test`: `.ci/run` runs it when podman is installed.
import { execFileSync, spawn, spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import {
  chmodSync,
  chownSync,
  createReadStream,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { createRequire } from 'node:module'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { imageContext } from './image-context.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const LIMIT_BYTES = 200e6
const PODMAN = ['--runtime', 'runc']
const NETWORK = ['--network', 'host', '--ulimit', 'nofile=1024:1024', '--ulimit', 'nproc=1024:1024']
const BASE = {
  suite: 'bookworm',
  variant: 'minbase',
  mirror: 'http://deb.debian.org/debian',
  packages: ['base-files', 'libc6', 'libgcc-s1', 'libstdc++6', 'dash'],
}
const DRAIN_SECONDS = 2
const run = `${process.pid}-${Date.now().toString(36)}`
// A tag of this run's own: two runs on one machine never remove each other's image.
const IMAGE = `localhost/canvass-test-image:${run}`
const started = Date.now()
const timings = []

const reason = prerequisiteMissing()
if (reason) {
  console.log(`SKIP the container test: ${reason}`)
  process.exit(process.env.CI ? 1 : 0)
}

const cleanups = []
let failed = false
// Ctrl-C removes what the run made (containers, volumes, the image, the database) before it exits.
process.once('SIGINT', async () => {
  await cleanUp()
  process.exit(130)
})
try {
  const node = realpathSync(join(root, 'node_modules', '.bin', 'node'))
  const version = execFileSync(node, ['--version'], { encoding: 'utf8' }).trim()
  if (!version.startsWith('v22.')) throw new Error(`node_modules/.bin/node is ${version}, not Node.js 22`)
  const base = await step('base image', () => baseImage(node, version))
  await step('build context (pnpm image:context)', () => imageContext())
  await step('podman build', () => {
    cleanups.push(() => podman(['rmi', '--force', IMAGE], { check: false }))
    // No cache of intermediate images: they would stay behind, untagged, after every run.
    return podman([
      'build',
      ...PODMAN,
      ...NETWORK,
      '--layers=false',
      '--format',
      'docker',
      '--build-arg',
      `NODE_IMAGE=${base.tag}`,
      '-t',
      IMAGE,
      root,
    ])
  })
  const size = await step('image size and contents', () => checkImage(base))
  const running = await step('migrate, two instances on Postgres, one embedded, smoke test', () => containers())
  const stopped = await step('SIGTERM', () => Promise.all(running.map(stopCleanly)))
  console.log(`  stopped by SIGTERM, exit code 0: ${stopped.join(', ')}`)
  console.log(
    `\nImage ${mb(size.image)} (limit ${mb(LIMIT_BYTES)}): base ${mb(size.base)} (${base.cached ? 'cached' : 'made now'}, ${base.tag}), ` +
      `Canvass ${mb(size.image - size.base)}.`,
  )
} catch (error) {
  failed = true
  console.error(`\nFAIL the container test: ${error instanceof Error ? error.message : error}`)
} finally {
  await cleanUp()
}
console.log(`${timings.map(({ name, seconds }) => `${name} ${seconds.toFixed(1)} s`).join(', ')}`)
console.log(`Container test ${failed ? 'failed' : 'passed'} in ${((Date.now() - started) / 1000).toFixed(1)} s`)
process.exit(failed ? 1 : 0)

/** Undoes what the run made, last first; each once. */
async function cleanUp() {
  while (cleanups.length > 0) {
    try {
      await cleanups.pop()()
    } catch (error) {
      console.error(`cleanup: ${error instanceof Error ? error.message : error}`)
    }
  }
}

/** Why the test cannot run here, or undefined. */
function prerequisiteMissing() {
  if (!onPath('podman')) return 'podman is not installed'
  if (!onPath('debootstrap')) return 'debootstrap is not installed (apt-get install debootstrap), which makes the base image'
  if (!onPath('dpkg-deb')) return "dpkg-deb is not installed, which unpacks the base image's Debian packages"
  if (!onPath('strip'))
    return "strip is not installed (apt-get install binutils), which takes the debug symbols out of the base image's Node.js"
  if (process.getuid?.() !== 0) return 'not run as root, which debootstrap needs'
  if (!process.env.TEST_DATABASE_URL) return 'TEST_DATABASE_URL is not set (a Postgres server the containers reach over the host network)'
  return undefined
}

/** Runs `fn`, prints its name and seconds, and resolves to what it returned. */
async function step(name, fn) {
  const begun = Date.now()
  process.stdout.write(`${name}… `)
  try {
    const result = await fn()
    const seconds = (Date.now() - begun) / 1000
    timings.push({ name, seconds })
    console.log(`${seconds.toFixed(1)} s`)
    return result
  } catch (error) {
    console.log(`failed after ${((Date.now() - begun) / 1000).toFixed(1)} s`)
    throw error
  }
}

/**
 * The base image, made once per machine for what goes into it (the recipe below, the packages, and the Node.js
 * binary); an earlier run's image of another recipe is removed when a new one is made.
 */
async function baseImage(node, version) {
  const recipe = JSON.stringify({ ...BASE, node: await sha256(node), code: [baseImage, unpackBase].map(String) })
  const tag = `localhost/canvass-test-base:${createHash('sha256').update(recipe).digest('hex').slice(0, 16)}`
  if ((await podman(['image', 'exists', tag], { check: false })).status === 0) return { tag, cached: true }
  const work = mkdtempSync(join(tmpdir(), 'canvass-base-'))
  try {
    execFileSync('debootstrap', [`--variant=${BASE.variant}`, '--download-only', BASE.suite, join(work, 'download'), BASE.mirror], {
      stdio: ['ignore', 'ignore', 'pipe'],
    })
    const rootfs = unpackBase(join(work, 'download', 'var', 'cache', 'apt', 'archives'), join(work, 'rootfs'))
    const binary = join(rootfs, 'usr', 'local', 'bin', 'node')
    execFileSync('strip', ['-o', binary, node])
    chmodSync(binary, 0o755)
    for (const old of (await podman(['images', '--format', '{{.Repository}}:{{.Tag}}', 'localhost/canvass-test-base'])).split('\n')) {
      if (old.trim()) await podman(['rmi', old.trim()], { check: false })
    }
    const tar = spawnSync('tar', ['--numeric-owner', '-C', rootfs, '-c', '.'], { maxBuffer: 1 << 30 })
    if (tar.status !== 0) throw new Error(`tar failed: ${tar.stderr}`)
    const changes = [
      'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin',
      `ENV NODE_VERSION=${version.slice(1)}`,
      'CMD ["node"]',
    ]
    await podman(['import', ...changes.flatMap((change) => ['--change', change]), '-', tag], { input: tar.stdout })
    return { tag, cached: false }
  } finally {
    rmSync(work, { recursive: true, force: true })
  }
}

/**
 * Unpacks the base's packages from `archives` into `rootfs` (merged /usr, as Debian has it), without documentation,
 * locales and iconv's modules, with the users root and node; Node.js goes into `usr/local/bin`.
 */
function unpackBase(archives, rootfs) {
  for (const folder of ['bin', 'lib', 'lib64', 'sbin']) {
    mkdirSync(join(rootfs, 'usr', folder), { recursive: true })
    symlinkSync(`usr/${folder}`, join(rootfs, folder))
  }
  const debs = readdirSync(archives)
  for (const name of BASE.packages) {
    const deb = debs.find((file) => file.startsWith(`${name}_`) && file.endsWith('.deb'))
    if (!deb) throw new Error(`debootstrap fetched no ${name} package`)
    const files = execFileSync('dpkg-deb', ['--fsys-tarfile', join(archives, deb)], { maxBuffer: 1 << 30 })
    execFileSync('tar', ['-x', '--keep-directory-symlink', '-C', rootfs], { input: files })
  }
  const multiarch = readdirSync(join(rootfs, 'usr', 'lib')).filter((name) => name.endsWith('-linux-gnu'))
  for (const folder of ['usr/share/doc', 'usr/share/man', 'usr/share/info', 'usr/share/locale', 'usr/share/lintian']) {
    rmSync(join(rootfs, folder), { recursive: true, force: true })
  }
  for (const folder of multiarch) rmSync(join(rootfs, 'usr', 'lib', folder, 'gconv'), { recursive: true, force: true })
  writeFileSync(join(rootfs, 'etc', 'passwd'), 'root:x:0:0:root:/root:/bin/sh\nnode:x:1000:1000::/home/node:/bin/sh\n')
  writeFileSync(join(rootfs, 'etc', 'group'), 'root:x:0:\nnode:x:1000:\n')
  mkdirSync(join(rootfs, 'home', 'node'), { recursive: true })
  chownSync(join(rootfs, 'home', 'node'), 1000, 1000)
  mkdirSync(join(rootfs, 'usr', 'local', 'bin'), { recursive: true })
  return rootfs
}

/**
 * The image's size (and its base's), checked against the limit; its user; and in /app/node_modules the server's
 * production dependencies and theirs, nothing more.
 */
async function checkImage(base) {
  const size = async (image) => Number((await podman(['image', 'inspect', '--format', '{{.Size}}', image])).trim())
  const sizes = { image: await size(IMAGE), base: await size(base.tag) }
  if (!(sizes.image <= LIMIT_BYTES)) throw new Error(`the image is ${mb(sizes.image)}, more than ${mb(LIMIT_BYTES)}`)
  const user = (await podman(['image', 'inspect', '--format', '{{.Config.User}}', IMAGE])).trim()
  if (user !== 'node') throw new Error(`the image runs as "${user}", not node`)
  const listing = await podman([
    'run',
    '--rm',
    ...PODMAN,
    ...NETWORK,
    '--entrypoint',
    'node',
    IMAGE,
    '-e',
    `const fs = require('node:fs'); const dir = '/app/node_modules'
     const names = fs.readdirSync(dir).flatMap((n) => n.startsWith('@') ? fs.readdirSync(dir + '/' + n).map((m) => n + '/' + m) : [n])
     const wanted = new Set()
     const visit = (manifest) => { for (const name of Object.keys(manifest.dependencies ?? {})) if (!wanted.has(name)) { wanted.add(name); visit(require(dir + '/' + name + '/package.json')) } }
     visit(require('/app/package.json'))
     console.log(JSON.stringify({ installed: names.sort(), wanted: [...wanted].sort() }))`,
  ])
  const { installed, wanted } = JSON.parse(listing.trim().split('\n').pop())
  if (JSON.stringify(installed) !== JSON.stringify(wanted)) {
    throw new Error(`/app/node_modules holds ${installed.join(', ')}; the server's dependencies (and theirs) are ${wanted.join(', ')}`)
  }
  return sizes
}

/**
 * compose.yaml's story on the host's Postgres (migrate once, two instances sharing a secret and the uploads volume,
 * a smoke test across them) and, beside it, a first start on the embedded database in a named volume; then SIGTERM
 * to all three at once.
 */
async function containers() {
  const lap = laps()
  const database = await createDatabase(process.env.TEST_DATABASE_URL)
  cleanups.push(() => database.drop())
  const [uploads, data] = [`canvass-test-uploads-${run}`, `canvass-test-data-${run}`]
  for (const volume of [uploads, data]) {
    await podman(['volume', 'create', volume])
    cleanups.push(() => podman(['volume', 'rm', '--force', volume], { check: false }))
  }
  const [first, second, embedded] = await freePorts(3)
  // The embedded server boots while the Postgres ones are made ready.
  const embeddedName = await startContainer(`canvass-test-embedded-${run}`, { PORT: String(embedded), CANVASS_DRAIN_SECONDS: '0' }, [
    '--volume',
    `${data}:/data`,
  ])
  const shared = {
    DATABASE_URL: database.url,
    CANVASS_SECRET: createHash('sha256').update(run).digest('hex'),
    CANVASS_DRAIN_SECONDS: String(DRAIN_SECONDS),
  }
  const migrated = await podman(['run', '--rm', ...PODMAN, ...NETWORK, ...envFlags(shared), IMAGE, 'migrate'])
  if (!migrated.includes('Database migrated')) throw new Error(`\`migrate\` said: ${migrated}`)
  lap('migrate')
  const names = await Promise.all(
    [first, second].map((port, index) =>
      startContainer(`canvass-test-${index + 1}-${run}`, { ...shared, PORT: String(port) }, ['--volume', `${uploads}:/data/uploads`]),
    ),
  )
  await Promise.all([...names, embeddedName].map(waitHealthy))
  lap('three healthy')
  const [one, two] = [first, second].map((port) => `http://127.0.0.1:${port}`)
  for (const url of [one, two]) await expectStatus(`${url}/health/ready`, {}, 200)

  const created = await podman([
    'exec',
    names[0],
    'node',
    '/app/dist/cli.js',
    'keys',
    'create',
    '--environment',
    'production',
    '--label',
    'container test',
  ])
  const key = /cvs_[A-Za-z0-9]+/.exec(created)?.[0]
  if (!key) throw new Error(`\`keys create\` printed no key: ${created}`)
  await smokeTest(one, two, key)
  lap('key and smoke test')
  // The shared uploads volume, written by one instance's user and read by the other's.
  await podman(['exec', names[1], 'node', '-e', `require('node:fs').writeFileSync('/data/uploads/container-test', '${run}')`])
  const read = (
    await podman(['exec', names[0], 'node', '-p', `require('node:fs').readFileSync('/data/uploads/container-test', 'utf8')`])
  ).trim()
  if (read !== run) throw new Error(`the second instance wrote "${run}" to the uploads volume, the first read "${read}"`)
  // The server itself (process 1) runs as node, not root.
  const status = await podman(['exec', names[0], 'node', '-p', `require('node:fs').readFileSync('/proc/1/status', 'utf8')`])
  const uid = /^Uid:\s+(\d+)/m.exec(status)?.[1]
  if (uid !== '1000') throw new Error(`process 1 runs as uid ${uid}, not 1000 (node)`)

  // The embedded database: copied into the volume by the server's user, and serving with the key it printed.
  const url = `http://127.0.0.1:${embedded}`
  await expectStatus(`${url}/health/ready`, {}, 200)
  const logs = await podman(['logs', embeddedName])
  const printed = /cvs_[A-Za-z0-9]+/.exec(logs)?.[0]
  if (!printed) throw new Error(`the embedded server's first start printed no key: ${logs}`)
  await expectStatus(`${url}/api/v1/me`, { headers: { 'x-api-key': printed } }, 200)
  const owner = (await podman(['exec', embeddedName, 'node', '-p', `require('node:fs').statSync('/data/pgdata/PG_VERSION').uid`])).trim()
  if (owner !== '1000') throw new Error(`the embedded database's files belong to uid ${owner}, not 1000 (node)`)
  lap('volumes, user, embedded')
  console.log(`  ${lap.report()}`)
  return [...names.map((name) => ({ name, drain: DRAIN_SECONDS })), { name: embeddedName, drain: 0 }]
}

/** `lap(name)` notes the seconds since the last lap; `lap.report()` lists them. */
function laps() {
  let last = Date.now()
  const noted = []
  const lap = (name) => {
    noted.push(`${name} ${((Date.now() - last) / 1000).toFixed(1)} s`)
    last = Date.now()
  }
  lap.report = () => noted.join(', ')
  return lap
}

/** Requests through both instances: a key's environment, a survey, a response posted to one and read on the other. */
async function smokeTest(first, second, key) {
  const management = { 'x-api-key': key, 'content-type': 'application/json' }
  const me = await expectStatus(`${first}/api/v1/me`, { headers: management }, 200)
  const survey = await expectStatus(
    `${first}/api/v1/management/surveys`,
    {
      method: 'POST',
      headers: management,
      body: JSON.stringify({
        environmentId: me.id,
        name: 'Container test',
        status: 'inProgress',
        questions: [{ id: 'q1', type: 'openText', headline: { default: 'How are we doing?' }, required: true }],
      }),
    },
    200,
  )
  const answer = `from the container test ${run}`
  await expectStatus(
    `${second}/api/v1/client/${me.id}/responses`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ surveyId: survey.data.id, finished: true, data: { q1: answer } }),
    },
    200,
  )
  const responses = await expectStatus(`${first}/api/v1/management/responses?surveyId=${survey.data.id}`, { headers: management }, 200)
  const answers = responses.data.map((response) => response.data?.q1)
  if (answers.length !== 1 || answers[0] !== answer) throw new Error(`the survey's responses read back: ${JSON.stringify(answers)}`)
}

/** Starts the image in the background as `name`, removed at the end. */
async function startContainer(name, env, flags = []) {
  // The image's HEALTHCHECK is run by `podman healthcheck run` (waitHealthy): podman's own timer needs systemd.
  cleanups.push(() => podman(['rm', '--force', '--volumes', '--time', '0', name], { check: false }))
  await podman([
    'run',
    '--detach',
    '--name',
    name,
    ...PODMAN,
    ...NETWORK,
    '--health-interval',
    'disable',
    ...flags,
    ...envFlags(env),
    IMAGE,
  ])
  return name
}

/** Waits until the image's HEALTHCHECK passes in `name`; fails with its log if it stops first or takes 2 minutes. */
async function waitHealthy(name) {
  const deadline = Date.now() + 120_000
  while (Date.now() < deadline) {
    const state = (await podman(['inspect', '--format', '{{.State.Status}}', name])).trim()
    if (state !== 'running')
      throw new Error(`${name} is ${state} before it was healthy:\n${(await podman(['logs', name], { check: false })).stdout}`)
    if ((await podman(['healthcheck', 'run', name], { check: false })).status === 0) return
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`${name} was not healthy within 2 minutes:\n${(await podman(['logs', name], { check: false })).stdout}`)
}

/** `podman stop` (SIGTERM, then SIGKILL after 30 s): it must drain, stop by itself well before, and exit 0. */
async function stopCleanly({ name, drain }) {
  const begun = Date.now()
  await podman(['stop', '--time', '30', name])
  const seconds = (Date.now() - begun) / 1000
  const code = (await podman(['inspect', '--format', '{{.State.ExitCode}}', name])).trim()
  const logs = await podman(['logs', name])
  if (code !== '0') throw new Error(`${name} exited with ${code} after SIGTERM:\n${logs}`)
  if (!logs.includes('Canvass stopped (SIGTERM)')) throw new Error(`${name} did not say it stopped:\n${logs}`)
  if (drain > 0 && !logs.includes(`stopping in ${drain} s`)) throw new Error(`${name} did not drain:\n${logs}`)
  if (seconds < drain || seconds > drain + 10) throw new Error(`${name} took ${seconds.toFixed(1)} s to stop, with a drain of ${drain} s`)
  return `${name.replace(`-${run}`, '')} ${seconds.toFixed(1)} s (drain ${drain} s)`
}

/** Fetches `url` and resolves to its JSON body, failing unless the status is `status`. */
async function expectStatus(url, init, status) {
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(30_000) }).catch((error) => {
    throw new Error(`${init.method ?? 'GET'} ${url}: ${error.cause?.message ?? error.message}`)
  })
  const text = await response.text()
  if (response.status !== status) throw new Error(`${init.method ?? 'GET'} ${url}: ${response.status}, not ${status}: ${text}`)
  return text ? JSON.parse(text) : undefined
}

/**
 * Runs podman with `args`; resolves to its stdout, or with `check: false` to `{ status, stdout }`. Its lines about
 * systemd (which this machine lacks, and which only schedules health checks) are left out of errors.
 */
function podman(args, { check = true, input } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn('podman', args, { stdio: [input ? 'pipe' : 'ignore', 'pipe', 'pipe'] })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk) => (stdout += chunk))
    child.stderr.on('data', (chunk) => (stderr += chunk))
    child.on('error', reject)
    child.on('close', (status) => {
      if (!check) return resolve({ status, stdout })
      if (status === 0) return resolve(stdout)
      const lines = stderr.split('\n').filter((line) => line && !/systemd/.test(line))
      reject(new Error(`podman ${args.slice(0, 3).join(' ')} … exited with ${status}: ${lines.join('\n') || stdout}`))
    })
    if (input) child.stdin.end(input)
  })
}

function envFlags(env) {
  return Object.entries(env).flatMap(([name, value]) => ['--env', `${name}=${value}`])
}

/** A database of its own on the Postgres server, made with the server package's `pg`. */
async function createDatabase(url) {
  const { default: pg } = await import(createRequire(join(root, 'packages', 'server', 'package.json')).resolve('pg'))
  const name = `canvass_container_${run.replace(/-/g, '_')}`
  const admin = async (sql) => {
    const client = new pg.Client({ connectionString: url })
    await client.connect()
    try {
      await client.query(sql)
    } finally {
      await client.end()
    }
  }
  await admin(`CREATE DATABASE ${name}`)
  const databaseUrl = new URL(url)
  databaseUrl.pathname = `/${name}`
  return { url: databaseUrl.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) }
}

/** `count` different ports nothing listens on now, on loopback (held together while they are picked). */
async function freePorts(count) {
  const servers = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise((resolve, reject) => {
          const server = createServer()
          server.once('error', reject)
          server.listen(0, '127.0.0.1', () => resolve(server))
        }),
    ),
  )
  const ports = servers.map((server) => server.address().port)
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))))
  return ports
}

function onPath(command) {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0
}

function sha256(file) {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256')
    createReadStream(file)
      .on('data', (chunk) => hash.update(chunk))
      .on('end', () => resolve(hash.digest('hex')))
      .on('error', reject)
  })
}

function mb(bytes) {
  return `${(bytes / 1e6).toFixed(1)} MB`
}
