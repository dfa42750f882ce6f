// `pnpm bench:footprint`: the standalone server on its default embedded database, as a new user starts it.
// A first start on an empty data folder, then warm starts on the same folder, each in a fresh process:
// the time from spawning the process to its `listening` line, the peak RSS until then and over the idle
// that follows, and the RSS after that idle. The build is excluded (the server's built `dist/main.js` runs).
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { benchNodeArgs } from './child-server'
import { freePort } from './free-port'
import { memory } from './process-memory'

const root = new URL('../..', import.meta.url).pathname
const server = join(root, 'packages', 'server', 'dist', 'main.js')
const warmStarts = Number(process.env.BENCH_FOOTPRINT_STARTS ?? 3)
const idleMs = Number(process.env.BENCH_FOOTPRINT_IDLE_MS ?? 10_000)
const MiB = 1024 * 1024

interface StartFigures {
  kind: string
  listenMs: number
  peakMiB: number
  idleMiB: number
}

async function start(kind: string, dataDir: string): Promise<StartFigures> {
  const port = await freePort()
  const started = performance.now()
  // `BENCH_NODE_ARGS`, as for every server a bench starts: to try a setting without a rebuild.
  const child = spawn(process.execPath, [...benchNodeArgs, server], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const listening = new Promise<number>((resolve, reject) => {
    child.stdout.setEncoding('utf8')
    child.stdout.on('data', (chunk: string) => {
      output += chunk
      if (output.includes('Canvass listening on')) resolve(performance.now() - started)
    })
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.on('exit', (code) => reject(new Error(`the server exited (${code}) before listening:\n${output}`)))
  })
  // The peak is the kernel's high-water mark of the process, sampled until the end of the idle.
  const listenMs = await listening
  await sleep(idleMs)
  const figures = memory(child.pid!)
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGTERM')
  await exited
  return { kind, listenMs, peakMiB: figures.peak / MiB, idleMiB: figures.rss / MiB }
}

const dataDir = mkdtempSync(join(tmpdir(), 'canvass-footprint-'))
const rows: StartFigures[] = []
try {
  rows.push(await start('first start', dataDir))
  for (let run = 1; run <= warmStarts; run++) rows.push(await start(`warm start ${run}`, dataDir))
} finally {
  rmSync(dataDir, { recursive: true, force: true })
}

console.log(`\nStandalone server on embedded PGlite (${idleMs / 1000} s idle after listening)\n`)
console.log('| start | listening after | peak RSS | idle RSS |')
console.log('|---|---|---|---|')
for (const row of rows) {
  console.log(`| ${row.kind} | ${(row.listenMs / 1000).toFixed(2)} s | ${row.peakMiB.toFixed(0)} MiB | ${row.idleMiB.toFixed(0)} MiB |`)
}
console.log('\nTargets: idle < 150 MiB, first-start peak < 300 MiB, warm start listening < 1.5 s.')
