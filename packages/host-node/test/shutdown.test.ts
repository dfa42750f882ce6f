import { spawn } from 'node:child_process'
import { connect } from 'node:net'
import { fileURLToPath } from 'node:url'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'

const PACKAGE = fileURLToPath(new URL('..', import.meta.url))
const FIXTURE = fileURLToPath(new URL('../fixtures/slow-server.ts', import.meta.url))

/** The fixture server as a real process, with its output and exit. */
async function startFixture() {
  const child = spawn(process.execPath, ['--import', 'tsx', FIXTURE], {
    cwd: PACKAGE,
    env: { ...process.env, SLOW_MS: '1500' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const waiters: Array<[RegExp, (match: RegExpExecArray) => void]> = []
  const onData = (chunk: Buffer) => {
    output += chunk.toString()
    for (const [pattern, resolve] of [...waiters]) {
      const match = pattern.exec(output)
      if (match) {
        waiters.splice(waiters.findIndex(([p]) => p === pattern), 1)
        resolve(match)
      }
    }
  }
  child.stdout.on('data', onData)
  child.stderr.on('data', onData)
  const exited = new Promise<{ code: number | null; at: number }>((resolve) =>
    child.once('exit', (code) => resolve({ code, at: Date.now() })),
  )
  const waitFor = (pattern: RegExp, timeoutMs = 30_000) =>
    new Promise<RegExpExecArray>((resolve, reject) => {
      const match = pattern.exec(output)
      if (match) return resolve(match)
      const timer = setTimeout(() => reject(new Error(`no ${pattern} in ${timeoutMs} ms; output:\n${output}`)), timeoutMs)
      waiters.push([pattern, (m) => (clearTimeout(timer), resolve(m))])
      exited.then(() => setTimeout(() => reject(new Error(`exited before ${pattern}; output:\n${output}`)), 50))
    })
  const port = Number((await waitFor(/listening on http:\/\/127\.0\.0\.1:(\d+)/))[1])
  return { child, port, exited, waitFor, output: () => output }
}

/** A raw keep-alive connection that sends one request and records what comes back and when it closes. */
async function keepAliveRequest(port: number, path: string) {
  const socket = connect(port, '127.0.0.1')
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject))
  let received = ''
  socket.on('data', (chunk) => (received += chunk.toString()))
  socket.on('error', () => {})
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()))
  socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n`)
  return { socket, closed, received: () => received }
}

const shutdown = suite('graceful shutdown of a real process')

shutdown('SIGTERM lets the in-flight request finish with 200, closes idle keep-alive connections, then exits 0', async () => {
  const server = await startFixture()
  try {
    const idle = await keepAliveRequest(server.port, '/quick')
    for (let i = 0; i < 100 && !idle.received().endsWith('quick'); i++) await new Promise((r) => setTimeout(r, 20))
    assert.match(idle.received(), /^HTTP\/1\.1 200 .*quick$/s, 'the idle connection was used once')

    const slow = await keepAliveRequest(server.port, '/slow')
    await server.waitFor(/slow request started/)
    const signalledAt = Date.now()
    server.child.kill('SIGTERM')

    await idle.closed
    const { code, at } = await server.exited
    assert.is(code, 0, server.output())
    await slow.closed
    assert.match(slow.received(), /^HTTP\/1\.1 200 .*slow done$/s, 'the in-flight request got its answer')
    // Keep-alive is 60 s and the shutdown limit 30 s in the fixture: only closing idle connections ends it sooner.
    assert.ok(at - signalledAt < 15_000, `exited ${at - signalledAt} ms after SIGTERM`)
    const lines = server.output().split('\n')
    assert.equal(lines.filter((line) => line.startsWith('Canvass stopped')), ['Canvass stopped (SIGTERM)'])
    assert.ok(lines.indexOf('onShutdown ran') < lines.indexOf('Canvass stopped (SIGTERM)'), 'onShutdown runs before the exit')
  } finally {
    server.child.kill('SIGKILL')
  }
})

shutdown('SIGINT shuts down the same way', async () => {
  const server = await startFixture()
  try {
    server.child.kill('SIGINT')
    const { code } = await server.exited
    assert.is(code, 0, server.output())
    assert.match(server.output(), /Canvass stopped \(SIGINT\)/)
  } finally {
    server.child.kill('SIGKILL')
  }
})

shutdown.run()
