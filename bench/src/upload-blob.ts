/**
 * `pnpm bench:upload`: streams one file into each blob store and compares the throughput with a plain `cp`
 * of the same file on the same disk, side by side, with the bench process's peak RSS growth. Only loopback:
 * the S3 store talks to s3rver on 127.0.0.1. See the README.
 */
import { spawn } from 'node:child_process'
import { openAsBlob } from 'node:fs'
import { mkdtemp, open, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createFsBlobStore } from '@canvass/blob-fs'
import { createS3BlobStore } from '@canvass/blob-s3'
import type { BlobStore } from '@canvass/core'
import { startChildServer } from './child-server'

const MiB = 1024 * 1024
const sizeMiB = positive('BENCH_UPLOAD_MIB', 200)
const runs = Math.round(positive('BENCH_UPLOAD_RUNS', 3))
const gc = (globalThis as { gc?: () => void }).gc

interface Result {
  name: string
  mibPerSecond: number
  /** Peak growth of this process's RSS during the runs, in MiB; `undefined` when the work ran elsewhere. */
  rssGrowthMiB?: number
}

const dir = await mkdtemp(join(tmpdir(), 'canvass-upload-bench-'))
const cleanups: Array<() => Promise<unknown>> = [() => rm(dir, { recursive: true, force: true })]
try {
  console.log(`Upload bench: a ${sizeMiB} MiB file, 1 warm-up + ${runs} measured run(s) each (median), node ${process.version}, in ${dir}`)
  const file = join(dir, 'source.bin')
  await writeSource(file, sizeMiB * MiB)

  const s3rver = await startChildServer({
    name: 's3rver',
    script: fileURLToPath(new URL('./s3rver-child.mjs', import.meta.url)),
    env: { S3RVER_DIR: join(dir, 's3rver'), S3RVER_BUCKET: 'canvass-bench' },
    healthPath: '/canvass-bench',
  })
  cleanups.unshift(() => s3rver.stop())

  const results: Result[] = [
    await measure(
      'cp (baseline)',
      runs,
      async (run) => {
        await command('cp', [file, join(dir, `cp-${run}.bin`)])
        await rm(join(dir, `cp-${run}.bin`))
      },
      false,
    ),
    await storeRun('blob-fs (fsync, the default)', createFsBlobStore({ root: join(dir, 'fs') }), file),
    await storeRun('blob-fs (fsync: false)', createFsBlobStore({ root: join(dir, 'fs-nosync'), fsync: false }), file),
    await storeRun(
      'blob-s3 on s3rver (loopback)',
      createS3BlobStore({
        bucket: 'canvass-bench',
        region: 'us-east-1',
        endpoint: s3rver.url,
        forcePathStyle: true,
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
      }),
      file,
    ),
  ]
  report(results)
} catch (error) {
  console.error(`\nupload bench failed: ${error instanceof Error ? error.message : String(error)}`)
  process.exitCode = 1
} finally {
  for (const undo of cleanups) await undo().catch((error: unknown) => console.error(`cleanup failed: ${(error as Error).message}`))
}

/** Puts the file `runs` times under fresh keys, checks each stored size, deletes it. */
function storeRun(name: string, store: BlobStore, file: string): Promise<Result> {
  return measure(name, runs, async (run) => {
    const key = `bench/public/run-${run}.bin`
    const body = (await openAsBlob(file)).stream()
    const stored = await store.put(key, body, { contentType: 'application/octet-stream', maxBytes: sizeMiB * MiB })
    if (stored.size !== sizeMiB * MiB) throw new Error(`${name} stored ${stored.size} bytes`)
    await store.delete(key)
  })
}

/** The median throughput of `runs` runs after a warm-up run, and the peak RSS growth of this process over them. */
async function measure(name: string, count: number, once: (run: number) => Promise<void>, inProcess = true): Promise<Result> {
  // One unmeasured run first: the first pass through a store grows the heap and JIT code once, which is
  // not the cost of an upload.
  await once(count)
  gc?.()
  const baseline = process.memoryUsage.rss()
  let peak = baseline
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 5)
  const rates: number[] = []
  try {
    for (let run = 0; run < count; run++) {
      const started = performance.now()
      await once(run)
      rates.push(sizeMiB / ((performance.now() - started) / 1000))
    }
  } finally {
    clearInterval(sampler)
  }
  peak = Math.max(peak, process.memoryUsage.rss())
  rates.sort((a, b) => a - b)
  const result: Result = { name, mibPerSecond: rates[Math.floor(rates.length / 2)]! }
  if (inProcess) result.rssGrowthMiB = (peak - baseline) / MiB
  console.log(`  ${name}: ${rates.map((rate) => rate.toFixed(0)).join(', ')} MiB/s`)
  return result
}

function report(results: Result[]): void {
  const cp = results[0]!.mibPerSecond
  const rows = results.map((r) => [
    r.name,
    r.mibPerSecond.toFixed(1),
    (r.mibPerSecond / cp).toFixed(2),
    r.rssGrowthMiB === undefined ? '-' : r.rssGrowthMiB.toFixed(1),
  ])
  const head = ['', 'MiB/s', '÷ cp', 'peak RSS growth (MiB)']
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)))
  console.log('')
  for (const row of [head, ...rows])
    console.log(row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  '))
  console.log(
    `\nRSS growth is this process's; s3rver and cp run in their own processes.${gc ? '' : ' (Run with --expose-gc for steadier RSS baselines.)'}`,
  )
}

/** A file of pseudo-random bytes, so that no layer can compress or deduplicate it. */
async function writeSource(path: string, bytes: number): Promise<void> {
  const handle = await open(path, 'w')
  try {
    const block = new Uint8Array(MiB)
    for (let written = 0; written < bytes; written += block.length) {
      // getRandomValues fills at most 64 KiB a call.
      for (let i = 0; i < block.length; i += 65536) crypto.getRandomValues(block.subarray(i, i + 65536))
      await handle.write(block, 0, Math.min(block.length, bytes - written))
    }
  } finally {
    await handle.close()
  }
}

function command(program: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { stdio: 'inherit' })
    child.once('error', reject)
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${program} exited with ${code}`))))
  })
}

function positive(name: string, fallback: number): number {
  const raw = process.env[name]
  if (raw === undefined || raw === '') return fallback
  const value = Number(raw)
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number, got ${JSON.stringify(raw)}`)
  return value
}
