// `pnpm build`: builds the parts of the workspace's build (scripts/stale.mjs) that are older than their sources,
// several at a time, each part after what it is built on, with one line per part built. `pnpm start` builds
// through it only what the server runs (`buildParts` with `runtimeOf`), `pnpm test` what the tests run, and
// `pnpm typecheck` (`--types`) only the declarations; each later build reuses what an earlier one made.
import { spawn } from 'node:child_process'
import { availableParallelism } from 'node:os'
import { fileURLToPath } from 'node:url'
import { PARTS, builtPackages, staleParts } from './stale.mjs'

/**
 * Builds the stale `parts` (names of `PARTS`) of `packages` (from `builtPackages`; all of them by default) and
 * reports them with `log`: `title` and how much there is to build first, then a line per part. Resolves to
 * `{ ok, built, seconds, output }`: `output` is what the failed parts printed.
 */
export async function buildParts(
  root,
  { packages = builtPackages(root), parts = PARTS.map((part) => part.name), title = 'Building', log = () => {} } = {},
) {
  const tasks = staleParts(root, packages, parts).map((task) => ({ ...task, key: `${task.pkg.name} ${task.part}` }))
  if (tasks.length > 0) {
    const count = new Set(tasks.map((task) => task.pkg.name)).size
    log(
      `${title} (${tasks.length} part${tasks.length === 1 ? '' : 's'} of ${count} package${count === 1 ? '' : 's'}, ${Math.min(width(), tasks.length)} at a time)…`,
    )
  }
  const keys = new Set(tasks.map((task) => task.key))
  for (const task of tasks) {
    const part = PARTS.find((candidate) => candidate.name === task.part)
    task.waitsFor = [
      ...task.pkg.deps.flatMap((dep) => part.after.deps.map((name) => `${dep} ${name}`)),
      ...task.pkg.bundles.flatMap((dep) => (part.after.bundles ?? []).map((name) => `${dep} ${name}`)),
      ...part.after.own.map((name) => `${task.pkg.name} ${name}`),
    ].filter((key) => keys.has(key))
  }
  // The longest chain of work a task starts (its cost and that of what waits on it): the longest start first.
  const chain = new Map()
  const chainOf = (task) => {
    if (!chain.has(task.key)) {
      const waiters = tasks.filter((other) => other.waitsFor.includes(task.key))
      chain.set(task.key, PARTS.find((part) => part.name === task.part).cost + Math.max(0, ...waiters.map(chainOf)))
    }
    return chain.get(task.key)
  }
  tasks.sort((a, b) => chainOf(b) - chainOf(a))
  const started = Date.now()
  const done = new Set()
  const failures = []
  const waiting = [...tasks]
  let running = 0
  let finished = 0
  await new Promise((resolve) => {
    const next = () => {
      while (failures.length === 0 && running < width()) {
        const index = waiting.findIndex((task) => task.waitsFor.every((key) => done.has(key)))
        if (index < 0) break
        const [task] = waiting.splice(index, 1)
        running++
        const begun = Date.now()
        runScript(task.pkg.dir, `build:${task.part}`).then(({ status, output }) => {
          running--
          finished++
          const seconds = ((Date.now() - begun) / 1000).toFixed(1)
          const label = PARTS.find((part) => part.name === task.part).label
          if (status === 0) {
            done.add(task.key)
            log(`  [${finished}/${tasks.length}] ${task.pkg.name}: ${label} (${seconds} s)`)
          } else {
            failures.push(`${task.pkg.name}, ${label} (build:${task.part}) failed:\n${output}`)
            log(`  [${finished}/${tasks.length}] ${task.pkg.name}: ${label} FAILED`)
          }
          next()
        })
      }
      // Nothing running and nothing more can start: all built, a part failed, or (a cycle) the rest waits forever.
      if (running === 0) {
        if (failures.length === 0 && waiting.length > 0)
          failures.push(`These parts wait on each other: ${waiting.map((task) => task.key).join(', ')}`)
        resolve()
      }
    }
    next()
  })
  return { ok: failures.length === 0, built: tasks.length, seconds: (Date.now() - started) / 1000, output: failures.join('\n') }
}

/**
 * How many parts build at once: CANVASS_BUILD_JOBS, or the machine's cores and at least 4, as `pnpm -r` runs
 * scripts (a part spends some of its time starting pnpm, Node and tsup rather than on a core).
 */
function width() {
  return Math.max(1, Number(process.env.CANVASS_BUILD_JOBS) || Math.max(4, availableParallelism()))
}

/** The package named `name` and the workspace packages it runs with (or its build bundles), directly or not. */
export function runtimeOf(packages, name) {
  const byName = new Map(packages.map((pkg) => [pkg.name, pkg]))
  const wanted = new Map()
  const visit = (pkgName) => {
    const pkg = byName.get(pkgName)
    if (!pkg || wanted.has(pkgName)) return
    wanted.set(pkgName, pkg)
    pkg.runtimeDeps.forEach(visit)
    pkg.bundles.forEach(visit)
  }
  visit(name)
  return [...wanted.values()]
}

/** The names of the parts a process runs (`pnpm start`, `pnpm test`): no declarations. */
export const RUNTIME_PARTS = PARTS.filter((part) => part.runtime).map((part) => part.name)

/**
 * Runs a package script quietly with the pnpm that runs this script (pnpm names itself in `npm_execpath`: a
 * script for Node, or, in recent pnpm, an executable of its own); outside pnpm (`node scripts/test-all.mjs`),
 * the pnpm that CI and the README use, through npx.
 */
function runScript(cwd, script) {
  const pnpm = process.env.npm_execpath
  const args = ['--silent', 'run', script]
  const [command, commandArgs] = !pnpm
    ? ['npx', ['--yes', 'pnpm@12.21.0', ...args]]
    : /\.[cm]?js$/.test(pnpm)
      ? [process.execPath, [pnpm, ...args]]
      : [pnpm, args]
  return new Promise((resolve) => {
    const child = spawn(command, commandArgs, { cwd, stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    child.stdout.on('data', (chunk) => (output += chunk))
    child.stderr.on('data', (chunk) => (output += chunk))
    child.on('error', (error) => resolve({ status: 1, output: `${output}${error.message}\n` }))
    child.on('close', (status) => resolve({ status, output }))
  })
}

// Run as a script: `pnpm build`, or `--types` for the declarations alone (`pnpm typecheck`). No top-level
// await, so that tests can load this file as CommonJS.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = fileURLToPath(new URL('..', import.meta.url))
  const typesOnly = process.argv.includes('--types')
  buildParts(root, {
    parts: typesOnly ? ['types'] : undefined,
    title: typesOnly ? 'Building the type declarations that changed' : 'Building what changed',
    log: (line) => console.log(line),
  }).then((result) => {
    if (!result.ok) {
      process.stderr.write(result.output)
      process.exit(1)
    }
    if (result.built > 0) console.log(`Built ${result.built} part${result.built === 1 ? '' : 's'} in ${result.seconds.toFixed(1)} s`)
    else if (!typesOnly) console.log('Every part of the build is current (nothing to build)')
  })
}
