// `pnpm upgrade-base`: the release a rolling upgrade starts from (packages/server/test/upgrade-under-load.test.ts),
// as a standalone server built from its commit: its files out of git (`git archive`), its dependencies installed
// from pnpm's store, and only what its server runs built (the JavaScript of the server and of the packages it
// loads; no declarations, no embedded database). The build is kept under
// `node_modules/.cache/canvass-upgrade-base/<commit>` and reused by later runs on the machine. The test builds it
// when it is missing; CI builds it as a step of its own before the tests (.ci/run), so that the suite's time does
// not include it. Prints the seconds each step took; exits non-zero when it fails, or, under CI, when the commit
// cannot be had.
import { execFile, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdir, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'

/**
 * The previous release: move it to each release's commit once that release is cut (docs/releasing.md, "Cutting a
 * release"), so that every release is tested as an upgrade from the one before it.
 */
export const UPGRADE_BASE = Object.freeze({ version: '0.1.0', commit: 'ffe1b151a728920a404b672d793a767f14b74431' })

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const run = promisify(execFile)

/**
 * The base release's `packages/server/dist/main.js`, built now or by an earlier run: `{ main, seconds }` (the
 * seconds of each step taken now), or `{ unavailable }` saying why there is none. Logs the seconds each step
 * took. A clone without the commit (a shallow one) fetches it; when that fails, the base is unavailable.
 *
 * @throws when a step fails (install or build), with its output.
 */
export async function upgradeBase(log = console.log) {
  const dir = join(ROOT, 'node_modules', '.cache', 'canvass-upgrade-base', UPGRADE_BASE.commit)
  const main = join(dir, 'packages', 'server', 'dist', 'main.js')
  const done = join(dir, '.built')
  const name = `${UPGRADE_BASE.version} (${UPGRADE_BASE.commit.slice(0, 8)})`
  const seconds = {}
  const step = async (label, work) => {
    const started = performance.now()
    await work()
    seconds[label] = (performance.now() - started) / 1000
    log(`upgrade base ${name}: ${label} in ${seconds[label].toFixed(1)} s`)
  }
  if (existsSync(done) && existsSync(main)) {
    log(`upgrade base ${name}: built by an earlier run (${dir})`)
    return { main, seconds }
  }
  if (!(await hasCommit())) {
    let fetched = false
    await step('fetch of the commit', async () => {
      fetched = await git('fetch', '--quiet', '--depth=1', 'origin', UPGRADE_BASE.commit).then(
        () => true,
        () => false,
      )
    })
    if (!fetched || !(await hasCommit())) {
      return {
        unavailable: `commit ${UPGRADE_BASE.commit} of release ${UPGRADE_BASE.version} is not in this clone and could not be fetched`,
      }
    }
  }
  // A folder without its mark is what a run stopped in the middle left: made again from nothing.
  await rm(dir, { recursive: true, force: true })
  await mkdir(dir, { recursive: true })
  await step('files (git archive)', () => shell(`git -C "${ROOT}" archive --format=tar ${UPGRADE_BASE.commit} | tar -x -C "${dir}"`, ROOT))
  await step('install (pnpm, from its store)', () => pnpm(dir, 'install', '--frozen-lockfile', '--prefer-offline'))
  await step('build of what its server runs', () => buildServer(dir))
  await writeFile(done, `${JSON.stringify({ ...UPGRADE_BASE, seconds })}\n`)
  return { main, seconds }
}

async function hasCommit() {
  return git('cat-file', '-e', `${UPGRADE_BASE.commit}^{commit}`).then(
    () => true,
    () => false,
  )
}

function git(...args) {
  return run('git', ['-C', ROOT, ...args], { timeout: 120_000 })
}

/**
 * The JavaScript of the base's server and of what it runs, with the base's own build script (`buildParts`,
 * `runtimeOf`). 0.1.0's start left out the API client that its console and editor bundle: it is built first.
 */
async function buildServer(dir) {
  const script = `
    const { buildParts, runtimeOf } = await import('./scripts/build.mjs')
    const { builtPackages } = await import('./scripts/stale.mjs')
    const packages = builtPackages(process.cwd())
    for (const chosen of [packages.filter((pkg) => pkg.name === '@canvass/api-client'), runtimeOf(packages, '@canvass/server')]) {
      const result = await buildParts(process.cwd(), { packages: chosen, parts: ['js'] })
      if (!result.ok) {
        process.stderr.write(result.output)
        process.exit(1)
      }
    }`
  await shell(`"${process.execPath}" --input-type=module -e "$SCRIPT"`, dir, { SCRIPT: script })
}

/**
 * pnpm as the build script runs it: the one that runs this process (`npm_execpath`, under `pnpm test`), else the
 * README's, through npx.
 */
function pnpm(cwd, ...args) {
  const own = process.env.npm_execpath
  if (own && /pnpm/.test(own)) {
    return /\.[cm]?js$/.test(own) ? command(process.execPath, [own, ...args], cwd) : command(own, args, cwd)
  }
  return command('npx', ['--yes', 'pnpm@12.21.0', ...args], cwd)
}

function shell(line, cwd, env = {}) {
  return command('sh', ['-c', line], cwd, env)
}

/** Runs a command to its end; rejects with its output when it fails. */
function command(file, args, cwd, env = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    child.stdout.on('data', (chunk) => (output += chunk))
    child.stderr.on('data', (chunk) => (output += chunk))
    child.once('error', reject)
    child.once('close', (code) => (code === 0 ? resolve() : reject(new Error(`${file} ${args.join(' ')} failed (${code}):\n${output}`))))
  })
}

// Run as a script (`pnpm upgrade-base`). No top-level await, so that tests can load this file as CommonJS.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  upgradeBase().then(
    (base) => {
      if (base.unavailable === undefined) return
      console.log(`No upgrade base: ${base.unavailable}`)
      if (process.env.CI) process.exit(1)
    },
    (error) => {
      console.error(error.message)
      process.exit(1)
    },
  )
}
