/**
 * `pnpm bench:upload-http`: uploads one file through the standalone server's HTTP route (presign, then a
 * streamed multipart POST to `/api/v1/management/storage/local`) with the upload limit raised, once with the
 * folder store and once with the S3 store on s3rver, against a plain `cp` of the same file on the same disk,
 * side by side. Reports throughput and the server process's peak RSS growth during the uploads (read from
 * /proc, so Linux only). Only loopback traffic. See the README.
 */
import { spawn } from 'node:child_process'
import { createReadStream } from 'node:fs'
import { mkdtemp, open, readFile, rm } from 'node:fs/promises'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { startChildServer } from './child-server'
import type { ChildServer } from './child-server'

const MiB = 1024 * 1024
const sizeMiB = positive('BENCH_UPLOAD_MIB', 200)
const runs = Math.round(positive('BENCH_UPLOAD_RUNS', 3))
const KEY = `cvs_${'b'.repeat(43)}`
const STANDALONE = fileURLToPath(new URL('../../packages/server/dist/main.js', import.meta.url))

interface Result {
  name: string
  mibPerSecond: number
  /** Peak growth of the server's RSS over its RSS before the measured runs, in MiB. */
  rssGrowthMiB?: number
}

const dir = await mkdtemp(join(tmpdir(), 'canvass-upload-http-bench-'))
const cleanups: Array<() => Promise<unknown>> = [() => rm(dir, { recursive: true, force: true })]
try {
  console.log(
    `Upload bench over HTTP: a ${sizeMiB} MiB file through the standalone server, 1 warm-up + ${runs} measured run(s) each (median), node ${process.version}, in ${dir}`,
  )
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
    await measure('cp (baseline)', undefined, async (run) => {
      await command('cp', [file, join(dir, `cp-${run}.bin`)])
      await rm(join(dir, `cp-${run}.bin`))
    }),
    // blob-fs flushes each object to disk before it answers; `sync FILE` makes cp do the same.
    await measure('cp + sync of the copy (baseline)', undefined, async (run) => {
      await command('cp', [file, join(dir, `cp-${run}.bin`)])
      await command('sync', [join(dir, `cp-${run}.bin`)])
      await rm(join(dir, `cp-${run}.bin`))
    }),
    // What a Node HTTP upload can reach here at all: a bare node:http server piping the body into a file.
    await bareHttpFloor(file),
  ]
  const stores: Array<[string, Record<string, string>]> = [
    ['HTTP → blob-fs (fsync)', { BLOB_DIR: join(dir, 'blobs') }],
    [
      'HTTP → blob-s3 on s3rver (loopback)',
      {
        S3_BUCKET: 'canvass-bench',
        S3_ENDPOINT: s3rver.url,
        S3_REGION: 'us-east-1',
        S3_FORCE_PATH_STYLE: '1',
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
      },
    ],
  ]
  for (const [name, env] of stores) {
    const server = await startChildServer({
      name,
      script: STANDALONE,
      env: {
        ...env,
        DATA_DIR: join(dir, `data-${results.length}`),
        CANVASS_INIT_API_KEY: KEY,
        CANVASS_UPLOAD_MAX_BYTES: String(sizeMiB * MiB),
        CANVASS_RATE_LIMITS: 'off',
      },
    })
    try {
      results.push(await measure(name, server, (run) => uploadOnce(server, file, run)))
    } finally {
      await server.stop()
    }
  }
  report(results)
} catch (error) {
  console.error(`\nupload bench over HTTP failed: ${error instanceof Error ? error.message : String(error)}`)
  process.exitCode = 1
} finally {
  for (const undo of cleanups) await undo().catch((error: unknown) => console.error(`cleanup failed: ${(error as Error).message}`))
}

/** A bare `node:http` server in its own process that pipes each body into a file: no parsing, no fsync. */
async function bareHttpFloor(file: string): Promise<Result> {
  const server = await startChildServer({
    name: 'bare node:http',
    script: fileURLToPath(new URL('./bare-upload-child.mjs', import.meta.url)),
    env: { BARE_FILE: join(dir, 'bare.bin') },
    healthPath: '/',
  })
  try {
    return await measure('bare node:http → file (floor)', server, async () => {
      const answer = await postStream(server.url, {}, Buffer.alloc(0), file, Buffer.alloc(0))
      if (answer.status !== 200) throw new Error(`bare server answered ${answer.status}`)
    })
  } finally {
    await server.stop()
  }
}

/** POSTs head, the file and tail as one body with Content-Length, streaming the file. */
function postStream(
  url: string,
  headers: Record<string, string>,
  head: Buffer,
  file: string,
  tail: Buffer,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, {
      method: 'POST',
      headers: { ...headers, 'content-length': String(head.length + sizeMiB * MiB + tail.length) },
    })
    req.once('error', reject)
    req.once('response', (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => (body += chunk))
      res.once('end', () => resolve({ status: res.statusCode ?? 0, body }))
      res.once('error', reject)
    })
    req.write(head)
    const source = createReadStream(file, { highWaterMark: 256 * 1024 })
    source.once('error', reject)
    source.pipe(req, { end: false })
    source.once('end', () => req.end(tail))
  })
}

/** Presigns, streams the file as a multipart body (with Content-Length), and checks the answer. */
async function uploadOnce(server: ChildServer, file: string, run: number): Promise<void> {
  const presign = await fetch(`${server.url}/api/v1/management/storage`, {
    method: 'POST',
    headers: { 'x-api-key': KEY, 'content-type': 'application/json' },
    body: JSON.stringify({ fileName: `bench-${run}.zip`, fileType: 'application/zip' }),
  })
  if (presign.status !== 200) throw new Error(`presign answered ${presign.status}: ${await presign.text()}`)
  const { data } = (await presign.json()) as {
    data: { signedUrl: string; updatedFileName: string; signingData: { signature: string; timestamp: number; uuid: string } }
  }
  const boundary = `----canvassbench${run}${Date.now()}`
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.zip"\r\nContent-Type: application/zip\r\n\r\n`,
  )
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`)
  const answer = await postStream(
    // Relative unless the server knows its public URL or allowed hosts.
    new URL(data.signedUrl, server.url).href,
    {
      'x-api-key': KEY,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'x-file-type': 'application/zip',
      'x-file-name': encodeURIComponent(data.updatedFileName),
      'x-signature': data.signingData.signature,
      'x-timestamp': String(data.signingData.timestamp),
      'x-uuid': data.signingData.uuid,
    },
    head,
    file,
    tail,
  )
  if (answer.status !== 200) throw new Error(`upload answered ${answer.status}: ${answer.body}`)
}

/** The median throughput of `runs` runs after a warm-up run, and the server's peak RSS growth over all of them. */
async function measure(name: string, server: ChildServer | undefined, once: (run: number) => Promise<void>): Promise<Result> {
  // The baseline is the started server's RSS before any upload, so the growth counts the warm-up too.
  const pid = server?.pid
  const baseline = pid ? await rssOf(pid) : 0
  let peak = baseline
  let sampling = true
  const sampler = (async () => {
    while (sampling && pid) {
      peak = Math.max(peak, await rssOf(pid))
      await new Promise((resolve) => setTimeout(resolve, 10))
    }
  })()
  const rates: number[] = []
  try {
    await once(runs)
    for (let run = 0; run < runs; run++) {
      const started = performance.now()
      await once(run)
      rates.push(sizeMiB / ((performance.now() - started) / 1000))
    }
  } finally {
    sampling = false
    await sampler
  }
  rates.sort((a, b) => a - b)
  const result: Result = { name, mibPerSecond: rates[Math.floor(rates.length / 2)]! }
  if (pid) result.rssGrowthMiB = (peak - baseline) / MiB
  console.log(
    `  ${name}: ${rates.map((rate) => rate.toFixed(0)).join(', ')} MiB/s${pid ? `, server RSS ${(baseline / MiB).toFixed(0)} → peak ${(peak / MiB).toFixed(0)} MiB` : ''}`,
  )
  return result
}

/** Resident set size of a process in bytes, from /proc (Linux). */
async function rssOf(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '')
  const kib = /^VmRSS:\s+(\d+) kB/m.exec(status)?.[1]
  return kib ? Number(kib) * 1024 : 0
}

function report(results: Result[]): void {
  const cp = results[0]!.mibPerSecond
  const cpSync = results[1]!.mibPerSecond
  const floor = results[2]!.mibPerSecond
  const rows = results.map((r) => [
    r.name,
    r.mibPerSecond.toFixed(1),
    (r.mibPerSecond / cp).toFixed(2),
    (r.mibPerSecond / cpSync).toFixed(2),
    (r.mibPerSecond / floor).toFixed(2),
    r.rssGrowthMiB === undefined ? '-' : r.rssGrowthMiB.toFixed(1),
  ])
  const head = ['', 'MiB/s', '÷ cp', '÷ cp+sync', '÷ bare http', 'server peak RSS growth (MiB)']
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)))
  console.log('')
  for (const row of [head, ...rows])
    console.log(row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  '))
  console.log('\nTargets: at least 0.5 × cp, and server RSS growth under 64 MiB (the upload streams, it is not buffered).')
}

/** A file of pseudo-random bytes, so that no layer can compress or deduplicate it. */
async function writeSource(path: string, bytes: number): Promise<void> {
  const handle = await open(path, 'w')
  try {
    const block = new Uint8Array(MiB)
    for (let written = 0; written < bytes; written += block.length) {
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
