import { spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createRequire } from 'node:module'
import { createInterface } from 'node:readline'

// The child: runs s3rver on a loopback port, prints {"port":N} once it listens, and stops when its parent
// closes stdin, so it never outlives the test that started it. (Inline: a child needs no file of its own.)
const CHILD = `
const { pathToFileURL } = await import('node:url')
const [s3rverPath, directory, ...buckets] = process.argv.slice(1)
const { default: S3rver } = await import(pathToFileURL(s3rverPath).href)
const server = new S3rver({
  address: '127.0.0.1',
  port: 0,
  silent: true,
  directory,
  serviceEndpoint: 'localhost',
  configureBuckets: buckets.map((name) => ({ name })),
})
const { port } = await server.run()
process.stdout.write(JSON.stringify({ port }) + '\\n')
process.stdin.on('end', () => server.close().finally(() => process.exit(0)))
process.stdin.resume()
`

export interface S3rverProcess {
  /** `http://127.0.0.1:<port>`: path-style addressing. */
  endpoint: string
  port: number
  /**
   * Freezes the server (SIGSTOP): connections are accepted by the kernel but nothing is answered, as a store
   * that hangs. `resume` (SIGCONT) lets it answer again.
   */
  pause(): void
  resume(): void
  stop(): Promise<void>
}

/** Starts s3rver in a child process on a free loopback port, with the given buckets, in a temporary folder. */
export async function startS3rver(buckets: string[]): Promise<S3rverProcess> {
  const directory = await mkdtemp(join(tmpdir(), 'canvass-s3rver-'))
  const s3rverPath = createRequire(import.meta.url).resolve('s3rver')
  // s3rver encrypts ListObjectsV2 continuation tokens with DES, which OpenSSL 3 keeps in its legacy provider:
  // without it, every listing of more than one page fails with 500.
  const child = spawn(
    process.execPath,
    ['--openssl-legacy-provider', '--input-type=module', '-e', CHILD, s3rverPath, directory, ...buckets],
    {
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  )
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const lines = createInterface({ input: child.stdout })
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('s3rver did not start within 30 s')), 30_000)
    child.once('exit', (code) => reject(new Error(`s3rver exited with ${code} before listening`)))
    lines.once('line', (line) => {
      clearTimeout(timer)
      resolve((JSON.parse(line) as { port: number }).port)
    })
  })
  return {
    endpoint: `http://127.0.0.1:${port}`,
    port,
    pause() {
      child.kill('SIGSTOP')
    },
    resume() {
      child.kill('SIGCONT')
    },
    async stop() {
      child.kill('SIGCONT')
      child.stdin.end()
      const timer = setTimeout(() => child.kill(), 10_000)
      await exited
      clearTimeout(timer)
      await rm(directory, { recursive: true, force: true })
    },
  }
}
