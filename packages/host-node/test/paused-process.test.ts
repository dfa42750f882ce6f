/**
 * A request that arrived in full while the process itself was paused (SIGSTOP, a long garbage collection, a
 * synchronous stretch of work) is served afterwards, never reset by the guards against slow clients. Regression
 * (issue 69, item 4): after a 20 s SIGSTOP, 16 requests that had arrived in full were answered ECONNRESET. When the
 * process resumes, Node runs its timers before it reads what arrived meanwhile: a keep-alive connection's idle
 * timeout, or the headers timeout of a connection accepted just before the pause, found its time long gone and
 * closed the connection with the request unread (the kernel answers that with a reset).
 *
 * The pause here is the process's own event loop blocked by a synchronous wait, right after the client wrote its
 * request: to Node the same as a SIGSTOP of that length that came while it ran JavaScript, and deterministic. (A
 * child stopped with SIGSTOP while it waited for I/O reads first when it resumes and loses nothing, so a test of
 * a stopped child could pass without the fix.) Real time is what is tested, so the waits are real.
 */
import { connect } from 'node:net'
import type { Socket } from 'node:net'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { serve } from '../src'

const test = suite('a process paused while requests arrive')

/** Blocks this process's event loop for `ms`, as a pause of the whole process would. */
function pause(ms: number): void {
  const until = performance.now() + ms
  while (performance.now() < until) {}
}

/** A raw keep-alive connection: what it received, and whether it was reset or closed. */
async function rawConnection(port: number) {
  const socket: Socket = connect(port, '127.0.0.1')
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject))
  let received = ''
  let error: string | undefined
  socket.on('data', (chunk) => (received += chunk.toString('latin1')))
  socket.on('error', (e: NodeJS.ErrnoException) => (error = e.code ?? e.message))
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()))
  const responses = () => received.match(/HTTP\/1\.1 \d{3}/g) ?? []
  /** Resolves once `count` answers arrived, or the connection closed. */
  const answers = (count: number) =>
    new Promise<string[]>((resolve) => {
      const check = () => {
        if (responses().length < count) return
        socket.off('data', check)
        resolve(responses())
      }
      socket.on('data', check)
      check()
      void closed.then(() => resolve(responses()))
    })
  return { socket, answers, error: () => error }
}

const request = (path: string) => `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`

async function server() {
  return serve({
    fetch: async (req) => new Response(`served ${new URL(req.url).pathname}`),
    port: 0,
    hostname: '127.0.0.1',
    handleSignals: false,
    headersTimeoutMs: 500,
    requestTimeoutMs: 1000,
    keepAliveTimeoutMs: 300,
  })
}

test('a request sent on an idle keep-alive connection during the pause is served, not reset', async () => {
  const s = await server()
  const client = await rawConnection(s.port)
  try {
    client.socket.write(request('/first'))
    assert.equal(await client.answers(1), ['HTTP/1.1 200'])
    // Idle on keep-alive; the next request arrives while the process is paused for longer than the idle timeout.
    client.socket.write(request('/second'))
    pause(1500)
    const answers = await client.answers(2)
    assert.equal(answers, ['HTTP/1.1 200', 'HTTP/1.1 200'], `then ${client.error() ?? 'closed'}`)
  } finally {
    client.socket.destroy()
    await s.close()
  }
})

test('a request on a connection accepted just before the pause is served, not cut by the headers timeout', async () => {
  const s = await server()
  const accepted = new Promise<void>((resolve) => s.server.once('connection', () => resolve()))
  const client = await rawConnection(s.port)
  try {
    await accepted
    client.socket.write(request('/only'))
    pause(1500)
    assert.equal(await client.answers(1), ['HTTP/1.1 200'], `then ${client.error() ?? 'closed'}`)
  } finally {
    client.socket.destroy()
    await s.close()
  }
})

test('a client that is slow while the process runs is still cut at the headers timeout', async () => {
  const s = await server()
  const client = await rawConnection(s.port)
  try {
    // Half a request line, then nothing: no pause of the process, only a slow client.
    client.socket.write('GET /slow HTT')
    assert.equal(await client.answers(1), ['HTTP/1.1 408'])
  } finally {
    client.socket.destroy()
    await s.close()
  }
})

test('a client that stays slow after the pause is cut one timeout later', async () => {
  const s = await server()
  const accepted = new Promise<void>((resolve) => s.server.once('connection', () => resolve()))
  const client = await rawConnection(s.port)
  try {
    await accepted
    client.socket.write('GET /slow HTT')
    pause(1500)
    // Its timeout fired in the pause's aftermath and was not held against it; it stays slow, so it is cut.
    assert.equal(await client.answers(1), ['HTTP/1.1 408'])
  } finally {
    client.socket.destroy()
    await s.close()
  }
})

test.run()
