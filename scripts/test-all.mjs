// `pnpm test`: builds what the tests run when a source changed since the last build, then runs every package's uvu
// tests, several processes at a time, and ends with one plain line `N passed, N failed, N skipped` that totals
// them all (CI reads it). Exits non-zero when anything failed.
//
// - A package runs as one uvu process; a package with many slow test files (`SHARDS`) runs as several, each
//   taking a share of its files. The longest jobs start first; each job's output is printed whole when it ends.
// - Failures are uvu's Total minus Passed (uvu leaves skipped tests out of its Total); a process that exits
//   non-zero with nothing counted failed (a crash, an error outside any test) and counts as one failure.
// - A skipped test must say why: tests skip through `skipTest` of @canvass/test-utils, which prints
//   `SKIP <test>: <reason>`. Every such line is repeated at the end; a skip uvu counts without one is a failure.
//
// - An empty PGlite database is made once (scripts/pglite-seed.mjs) and named to the tests by
//   CANVASS_TEST_PGLITE_SEED: they copy it rather than run PGlite's initdb for each database.
// - With TEST_DATABASE_URL, a migrated Postgres database is made once (scripts/postgres-template.mjs) and named to
//   the tests by CANVASS_TEST_PG_TEMPLATE: they copy it rather than migrate one per process. Dropped at the end.
//
// - The tests' temporary files (embedded databases, uploads, browser profiles) go to a folder of this run on the
//   memory file system when the machine has one with room (`memoryTmpdir`), which is removed at the end.
//
// Options (environment): CANVASS_TEST_JOBS, processes at once (default: the machine's cores and one more);
// CANVASS_TEST_ONLY, a regular expression of package folders to run (e.g. `storage-kysely|standalone`);
// CANVASS_TEST_TMPDIR=system, the system's temporary folder for every job; CANVASS_TEST_JOB_LIMIT_S, the seconds
// after which a job that has not ended is stopped (`JOB_LIMIT_MS`); CANVASS_TEST_CPU=1, each job's CPU seconds at
// the end (`CPU_TIMES`).
import { spawn } from 'node:child_process'
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  statfsSync,
  writeFileSync,
} from 'node:fs'
import { availableParallelism, tmpdir as tmpdirOfSystem } from 'node:os'
import { dirname, join } from 'node:path'
import { makePgliteSeed } from './pglite-seed.mjs'
import { postgresTemplate } from './postgres-template.mjs'
import { RUNTIME_PARTS, buildParts } from './build.mjs'

const root = new URL('..', import.meta.url).pathname
/** The tests' Node.js: the repository's (the `node` devDependency), whichever Node.js runs this script. */
const node = join(root, 'node_modules', '.bin', 'node')
const uvu = join(root, 'node_modules', 'uvu', 'bin.js')
/**
 * V8 flags of every test process. `--liftoff-only` keeps WebAssembly (PGlite's Postgres, in the storage, core and
 * test-bed processes) on V8's baseline compiler: a test process runs PGlite for seconds, and the optimizing
 * compiler's work on the functions it finds hot costs more CPU than its faster code saves (about a tenth of those
 * jobs' CPU on 2 cores). Nothing but speed differs between the two compilers.
 */
const NODE_FLAGS = ['--liftoff-only']
/**
 * tsx as an ES module loader, not uvu's `-r tsx`: with `-r`, uvu requires each test file, and tsx turns every ES
 * module the tests reach (`@noble/hashes`, valibot, itty-router) into CommonJS whose imports are getters called on
 * every use. The console's password hashing then ran ten times slower than in a build (a sign-in took 0.9 s). Given
 * `--import`, uvu imports the test files, and Node.js loads the packages' own ES modules unchanged.
 */
const TSX = ['--import', 'tsx']
/** Packages whose test files are split across this many processes, so that the longest job stays short. */
const SHARDS = { 'packages/server': 3, 'packages/core': 2, 'packages/storage-kysely': 2 }
/**
 * Test files of a package that run together in one process of their own, outside the shards: a package's browser
 * tests, which then share one Chromium (`launchChromium` of `@canvass/test-bed/chromium`).
 */
const BROWSERS = { name: 'browsers', files: /browser\.test\.ts$/ }
const TOGETHER = { 'packages/server': BROWSERS, 'packages/core': BROWSERS, 'packages/widget': BROWSERS, 'packages/editor': BROWSERS }
/** Durations of the last run's jobs (seconds), to start the longest first; not committed. */
const TIMES = join(root, 'node_modules', '.cache', 'canvass-test-times.json')
/**
 * Durations of a whole run, committed (`node scripts/test-times.mjs` writes them from the last run's): a fresh
 * clone has no last run, and ordering its jobs by the size of their files started the longest (a shard of server
 * start-ups) near the end, where it ran alone while the other cores idled.
 */
const COMMITTED_TIMES = join(root, 'scripts', 'test-times.json')
/**
 * Packages whose tests run servers under Deno, which refuses any path under /dev (where the memory file system
 * is) without --allow-all: their jobs keep the system's temporary folder.
 */
const DENO_JOBS = ['examples/deno', 'packages/host-deno']
/**
 * A job still running after this long is stopped and counts as a failure: uvu has no time limit of its own, and a
 * test waiting on something that never comes would hold the run until CI's limit. The longest job takes about
 * a minute and a half on a 2-core machine.
 */
const JOB_LIMIT_MS = (Number(process.env.CANVASS_TEST_JOB_LIMIT_S) || 8 * 60) * 1000
/**
 * `CANVASS_TEST_CPU=1`: each job runs under GNU time (`/usr/bin/time`), and the run ends with the CPU seconds of
 * every job (its processes and those they waited for, such as the servers it started): on a busy machine, a
 * steadier measure of what a test costs than its duration. It leaves out Postgres's (a server of its own) and
 * most of Chromium's (its page processes' time does not reach the count): a page that spun for some 3 CPU
 * seconds showed 1.8 of the 4.3 that its script, browser and page took in all, as a cgroup counted them. A
 * browser job costs more than its count says.
 */
const CPU_TIMES = Boolean(process.env.CANVASS_TEST_CPU) && existsSync('/usr/bin/time')
const SKIP_LINE = /^\s*SKIP (.+)$/gm
const FILE_LINE = /^(\S+\.test\.ts)$/gm

const started = Date.now()
// The tests' empty PGlite database is made while the JavaScript builds; the standalone server's empty database
// (the build's `seed` part) waits for it, and copies it instead of running an initdb of its own.
const seeding = process.env.CANVASS_TEST_PGLITE_SEED ? Promise.resolve(process.env.CANVASS_TEST_PGLITE_SEED) : makePgliteSeed()
// What the tests run: every package's JavaScript and the empty database, not the declarations (`pnpm build`).
const title = 'Building what the tests run'
const log = (line) => console.log(line)
const build = await buildParts(root, { parts: RUNTIME_PARTS.filter((part) => part !== 'seed'), title, log })
const seed = await seeding
if (seed) process.env.CANVASS_TEST_PGLITE_SEED = seed
// One migrated Postgres database that the tests copy, dropped at the end (scripts/postgres-template.mjs); made
// with the storage package's new build, while the standalone's empty database is made.
const templating =
  build.ok && process.env.TEST_DATABASE_URL && !process.env.CANVASS_TEST_PG_TEMPLATE
    ? postgresTemplate(process.env.TEST_DATABASE_URL)
    : Promise.resolve(undefined)
const seedBuild = build.ok ? await buildParts(root, { parts: ['seed'], title, log }) : build
const template = await templating
if (!seedBuild.ok) {
  await template?.drop()
  process.stderr.write(seedBuild.output)
  console.log('\n0 passed, 1 failed (the build failed: output above)')
  process.exit(1)
}
if (template) process.env.CANVASS_TEST_PG_TEMPLATE = template.name

const only = process.env.CANVASS_TEST_ONLY ? new RegExp(process.env.CANVASS_TEST_ONLY) : undefined
const packages = ['packages', 'examples']
  .flatMap((group) => readdirSync(join(root, group)).map((name) => `${group}/${name}`))
  .filter((dir) => existsSync(join(root, dir, 'test')) && (!only || only.test(dir)))

const lastTimes = { ...readTimes(COMMITTED_TIMES), ...readTimes(TIMES) }
const jobs = packages.flatMap((dir) => splitPackage(dir))
jobs.sort((a, b) => b.weight - a.weight)

const tmpdir = memoryTmpdir()
/** The uvu processes at work, each the leader of a process group of its own with what it started. */
const running = new Set()
// Interrupted, the run stops its jobs' process groups (they are not in the terminal's) and removes its folder:
// what is on the memory file system holds memory until removed. Its jobs' times, cut short, are not recorded:
// the next run would order its jobs by them.
let interrupted = false
for (const signal of ['SIGINT', 'SIGTERM'])
  process.once(signal, () => {
    interrupted = true
    for (const child of running) stopGroup(child)
    if (tmpdir) rmSync(tmpdir, { recursive: true, force: true })
    void (template?.drop() ?? Promise.resolve()).finally(() => process.exit(130))
  })

// One more process than cores: the tests wait on Postgres, browsers and servers for part of their time. (Two more
// kept 2 cores busier, but a fresh clone's run took longer: 414 s against 381 s with one more.)
const width = Math.max(2, Number(process.env.CANVASS_TEST_JOBS) || availableParallelism() + 1)
const results = []
let next = 0
await Promise.all(
  Array.from({ length: Math.min(width, jobs.length) }, async () => {
    while (next < jobs.length) {
      const job = jobs[next++]
      const result = await run(job)
      results.push(result)
      report(result)
    }
  }),
)

let passed = 0
let failed = 0
let skipped = 0
const skips = []
const failures = []
for (const result of results) {
  passed += result.passed
  failed += result.failed
  skipped += result.skipped
  skips.push(...result.reasons.map((reason) => `${result.job.name}: ${reason}`))
  if (result.failed > 0) failures.push(`${result.job.name}: ${result.failed} failed${result.note ? ` (${result.note})` : ''}`)
}
if (!interrupted) writeTimes()
if (tmpdir) rmSync(tmpdir, { recursive: true, force: true })
await template?.drop()

if (skips.length > 0) console.log(`\nSkipped, with their reasons:\n${skips.map((line) => `  ${line}`).join('\n')}`)
if (failures.length > 0) {
  // The details again, at the end where a CI log's tail shows them.
  for (const result of results.filter((r) => r.failed > 0)) {
    const details = failureDetails(result.output)
    if (details) console.log(`\n--- failures of ${result.job.name}:\n${details}`)
  }
  console.log(`\nFailed:\n${failures.map((line) => `  ${line}`).join('\n')}`)
}
const slowest = results
  .flatMap((result) => result.files.map((file) => ({ name: `${result.job.dir}/test/${file.name}`, seconds: file.seconds })))
  .sort((a, b) => b.seconds - a.seconds)
  .slice(0, 12)
console.log(`\nSlowest test files:\n${slowest.map((file) => `  ${file.seconds.toFixed(1).padStart(6)} s  ${file.name}`).join('\n')}`)
if (CPU_TIMES) {
  const byCpu = [...results].sort((a, b) => (b.cpu ?? 0) - (a.cpu ?? 0))
  const total = results.reduce((sum, result) => sum + (result.cpu ?? 0), 0)
  console.log(`\nCPU seconds by job (${total.toFixed(0)} in all):`)
  for (const result of byCpu)
    console.log(`  ${(result.cpu ?? 0).toFixed(1).padStart(6)} cpu-s ${result.seconds.toFixed(1).padStart(6)} s  ${result.job.name}`)
}
console.log(`\nTests ran in ${((Date.now() - started) / 1000).toFixed(0)} s, ${width} processes at a time.`)
console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`)
process.exit(failed > 0 ? 1 : 0)

/**
 * One job per package, or `SHARDS[dir]` jobs sharing its test files by their size, less the files of
 * `TOGETHER[dir]`, which make one job of their own.
 */
function splitPackage(dir) {
  const shards = SHARDS[dir] ?? 1
  const together = TOGETHER[dir]
  if (shards === 1 && !together)
    return [{ name: dir, dir, pattern: undefined, weight: lastTimes[dir] ?? size(join(root, dir, 'test')) / 1000 }]
  const all = readdirSync(join(root, dir, 'test'))
    .filter((name) => name.endsWith('.test.ts'))
    .map((name) => ({ name, weight: lastTimes[`${dir}/test/${name}`] ?? size(join(root, dir, 'test', name)) / 1000 }))
    .sort((a, b) => b.weight - a.weight)
  const apart = together ? all.filter((file) => together.files.test(file.name)) : []
  const files = all.filter((file) => !apart.includes(file))
  const groups = Array.from({ length: shards }, (_, index) => ({ name: `${dir} [${index + 1}/${shards}]`, files: [], weight: 0 }))
  for (const file of files) {
    const lightest = groups.reduce((a, b) => (b.weight < a.weight ? b : a))
    lightest.files.push(file.name)
    lightest.weight += file.weight
  }
  if (apart.length > 0)
    groups.push({
      name: `${dir} [${together.name}]`,
      files: apart.map((file) => file.name),
      weight: apart.reduce((sum, file) => sum + file.weight, 0),
    })
  return groups
    .filter((group) => group.files.length > 0)
    .map((group) => ({
      name: group.name,
      dir,
      files: group.files,
      pattern: `^(${group.files.map((name) => name.replace(/[.]/g, '\\.')).join('|')})$`,
      weight: group.weight,
    }))
}

function size(path) {
  if (!existsSync(path)) return 0
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.size
  return readdirSync(path).reduce((sum, name) => sum + size(join(path, name)), 0)
}

/** Runs one uvu process and reads its counts and skip reasons. */
function run(job) {
  const begun = Date.now()
  return new Promise((resolve) => {
    const args = ['test', ...(job.pattern ? [job.pattern] : [])]
    const env = {
      ...process.env,
      FORCE_COLOR: '0',
      // V8's compiled code of the modules every test process loads (tsx's output, the packages), shared by the jobs.
      NODE_COMPILE_CACHE: process.env.NODE_COMPILE_CACHE ?? join(tmpdir ?? tmpdirOfSystem(), 'canvass-test-compile-cache'),
      ...(tmpdir && !DENO_JOBS.includes(job.dir) ? { TMPDIR: tmpdir } : {}),
    }
    const command = [node, ...NODE_FLAGS, ...TSX, uvu, ...args]
    // With CANVASS_TEST_CPU, GNU time counts the CPU seconds of the job and of every process it waited for.
    const cpuFile = CPU_TIMES ? join(tmpdir ?? tmpdirOfSystem(), `canvass-test-cpu-${process.pid}-${next}-${begun}`) : undefined
    if (cpuFile) command.unshift('/usr/bin/time', '-f', '%U %S', '-o', cpuFile)
    const child = spawn(command[0], command.slice(1), { cwd: join(root, job.dir), env, detached: true })
    running.add(child)
    let timedOut = false
    const limit = setTimeout(() => {
      timedOut = true
      stopGroup(child)
    }, JOB_LIMIT_MS)
    let output = ''
    // uvu prints a file's name as it starts the file's tests: the times between names are the files' times.
    const fileStarts = []
    child.stdout.on('data', (chunk) => {
      for (const match of String(chunk)
        .replace(/\u001b\[[0-9;]*m/g, '')
        .matchAll(FILE_LINE))
        fileStarts.push({ name: match[1], at: Date.now() })
      output += chunk
    })
    child.stderr.on('data', (chunk) => (output += chunk))
    child.on('close', (code, signal) => {
      clearTimeout(limit)
      running.delete(child)
      const plain = output.replace(/\u001b\[[0-9;]*m/g, '')
      const count = (label) => Number(new RegExp(`${label}:\\s+(\\d+)`).exec(plain)?.[1] ?? 0)
      const total = count('Total')
      const passed = count('Passed')
      const skipped = count('Skipped')
      const reasons = [...plain.matchAll(SKIP_LINE)].map((match) => match[1].trim())
      let failed = Math.max(0, total - passed)
      let note = ''
      if (code !== 0 && failed === 0) {
        failed = 1
        note = signal ? `killed by ${signal}` : `exited with ${code} and no test failed: an error outside the tests`
      }
      if (reasons.length < skipped) {
        failed += skipped - reasons.length
        note = `${skipped - reasons.length} skipped without a printed reason (skip through skipTest of @canvass/test-utils)`
      }
      if (timedOut) {
        // Killed, uvu printed no totals: the job counts as one failure, whatever had passed before.
        const last = fileStarts.at(-1)?.name
        failed = Math.max(failed, 1)
        note = `stopped after ${JOB_LIMIT_MS / 1000} s${last ? ` in ${last}` : ''}: a test that never ended`
      }
      const unrun = suitesCutShort(plain)
      if (unrun.length > 0) note = [note, ...unrun].filter(Boolean).join('; ')
      const ended = Date.now()
      const files = fileStarts.map((start, index) => ({
        name: start.name,
        seconds: ((fileStarts[index + 1]?.at ?? ended) - start.at) / 1000,
      }))
      const cpu = cpuFile ? cpuSeconds(cpuFile) : undefined
      resolve({ job, output, passed, failed, skipped, reasons, note, files, seconds: (ended - begun) / 1000, cpu })
    })
  })
}

/** Kills a job's uvu process and everything it started (servers, browsers), which share its process group. */
function stopGroup(child) {
  try {
    process.kill(-child.pid, 'SIGKILL')
  } catch {
    // Already gone.
  }
}

/**
 * A folder of this run on /dev/shm when that is a memory file system (tmpfs) with 4 GiB free, else undefined
 * (the system's folder). Copying an empty embedded database, 1,100 files, costs a second of system time on the
 * virtual disks this project's CI runs on, and a twentieth of that in memory; the tests make one for every
 * embedded server they start.
 */
function memoryTmpdir() {
  if (process.env.CANVASS_TEST_TMPDIR === 'system') return undefined
  const TMPFS_MAGIC = 0x01021994
  try {
    const fs = statfsSync('/dev/shm')
    if (fs.type !== TMPFS_MAGIC || fs.bavail * fs.bsize < 4 * 2 ** 30) return undefined
    const dir = mkdtempSync('/dev/shm/canvass-tests-')
    // Like /tmp: the Postgres servers that tests start run as another user, in folders of their own in here.
    chmodSync(dir, 0o1777)
    return dir
  } catch {
    return undefined
  }
}

/**
 * Suites whose tests did not all run: when a suite's `before` hook throws, its tests are skipped. Our patch of
 * uvu (patches/) prints the hook's error with the suite's failures; an `after.each` hook that throws still cuts
 * a suite short without a word, so the suite's line shows fewer passes and failures than its total.
 */
function suitesCutShort(plain) {
  const lines = []
  for (const match of plain.matchAll(/^ (.+?)\s+([•✘ ]*?)\s*\((\d+) \/ (\d+)\)$/gm)) {
    const [, name, marks, passed, total] = match
    const ran = Number(passed) + (marks.match(/✘/g)?.length ?? 0)
    if (ran < Number(total))
      lines.push(
        `${Number(total) - ran} of "${name.trim()}" did not run: a hook of the suite failed (its error, where uvu has it, is among the failures)`,
      )
  }
  return lines
}

/** uvu's failure reports (from the first `FAIL` to its totals), at most 80 lines. */
function failureDetails(output) {
  const plain = output.replace(/\u001b\[[0-9;]*m/g, '')
  const start = plain.search(/^\s*FAIL\s/m)
  if (start < 0) return plain.split('\n').slice(-40).join('\n')
  const end = plain.indexOf('Total:', start)
  const lines = plain
    .slice(start, end < 0 ? undefined : end)
    .trimEnd()
    .split('\n')
  return lines.length > 80
    ? [...lines.slice(0, 80), `  … ${lines.length - 80} more lines in its output above`].join('\n')
    : lines.join('\n')
}

function report(result) {
  console.log(`\n=== ${result.job.name} (${result.seconds.toFixed(1)} s)${result.job.files ? `: ${result.job.files.join(', ')}` : ''}`)
  process.stdout.write(result.output)
  if (result.note) console.log(`  !! ${result.note}`)
}

/** Seconds by job or sharded file, from a times file; nothing when it is missing or unreadable. */
function readTimes(path) {
  try {
    return existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : {}
  } catch {
    return {}
  }
}

/** The user and system seconds GNU time wrote to `file` (its last line), then removes the file. */
function cpuSeconds(file) {
  try {
    const last = readFileSync(file, 'utf8').trim().split('\n').at(-1) ?? ''
    rmSync(file, { force: true })
    const [user, system] = last.split(' ').map(Number)
    return Number.isFinite(user) && Number.isFinite(system) ? user + system : undefined
  } catch {
    return undefined
  }
}

/** Records each job's and each sharded file's duration for the next run's order. */
function writeTimes() {
  const times = { ...lastTimes }
  for (const { job, seconds, files } of results) {
    if (!job.files) times[job.dir] = seconds
    else for (const file of files) times[`${job.dir}/test/${file.name}`] = file.seconds
  }
  try {
    mkdirSync(dirname(TIMES), { recursive: true })
    writeFileSync(TIMES, JSON.stringify(times, null, 2))
  } catch {
    // No cache folder (node_modules not installed where expected): the next run orders by size.
  }
}
