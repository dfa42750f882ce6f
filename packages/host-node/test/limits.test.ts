import { createServer } from 'node:http'
import { connect } from 'node:net'
import type { Socket } from 'node:net'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { SERVER_LIMIT_DEFAULTS, applyServerLimits, serve } from '../src'

/** Opens a raw connection and resolves once it is up, with when it closed and what it received. */
async function rawConnection(port: number) {
  const socket: Socket = connect(port, '127.0.0.1')
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject))
  let received = ''
  socket.on('data', (chunk) => (received += chunk.toString('latin1')))
  socket.on('error', () => {})
  const openedAt = Date.now()
  const closed = new Promise<number>((resolve) => socket.once('close', () => resolve(Date.now() - openedAt)))
  /** Resolves once what was received matches `pattern`, or once the connection closed. */
  const receivedMatching = (pattern: RegExp) =>
    new Promise<void>((resolve) => {
      const check = () => {
        if (!pattern.test(received)) return
        socket.off('data', check)
        resolve()
      }
      // Listeners run in the order they were added: `received` already holds the chunk when this one runs.
      socket.on('data', check)
      check()
      void closed.then(() => resolve())
    })
  return { socket, closed, received: () => received, receivedMatching }
}

/** Fails instead of waiting for ever when the server never closes the connection. */
function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<T>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what}: not within ${ms} ms`)), ms)))
  return Promise.race([promise, late]).finally(() => clearTimeout(timer))
}

const echo = async (request: Request) => new Response(`got ${(await request.text()).length} bytes`)

const limits = suite('timeouts and limits')

limits('a body trickled slower than the request timeout allows is cut at about that timeout, and others are served meanwhile', async () => {
  const requestTimeoutMs = 1500
  const server = await serve({
    fetch: echo,
    port: 0,
    hostname: '127.0.0.1',
    handleSignals: false,
    headersTimeoutMs: 1000,
    requestTimeoutMs,
  })
  const slow = await rawConnection(server.port)
  try {
    slow.socket.write(`POST /upload HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 1000\r\n\r\n`)
    // One byte every 100 ms: always active, never done; only the whole-request limit stops it.
    const trickle = setInterval(() => slow.socket.writable && slow.socket.write('x'), 100)
    slow.closed.then(() => clearInterval(trickle))
    // Real time is what is tested: the other client comes while the slow one has trickled for a while.
    await new Promise((resolve) => setTimeout(resolve, 300))
    const other = await fetch(`${server.url.replace('localhost', '127.0.0.1')}/other`, { method: 'POST', body: 'abc' })
    assert.is(await other.text(), 'got 3 bytes', 'another client is served while the slow one trickles')
    const closedAfter = await within(slow.closed, 20_000, 'the slow client was cut')
    assert.ok(closedAfter >= requestTimeoutMs * 0.8, `closed after ${closedAfter} ms, not long before the timeout`)
    assert.ok(closedAfter < requestTimeoutMs + 8000, `closed after ${closedAfter} ms, about at the timeout`)
    assert.match(slow.received(), /^HTTP\/1\.1 408 /, 'the slow client is told why')
    const after = await fetch(`http://127.0.0.1:${server.port}/after`, { method: 'POST', body: 'abcd' })
    assert.is(await after.text(), 'got 4 bytes', 'the server keeps serving')
  } finally {
    slow.socket.destroy()
    await server.close()
  }
})

limits('a client that stalls in its headers is cut at about the headers timeout', async () => {
  const headersTimeoutMs = 1000
  const server = await serve({
    fetch: echo,
    port: 0,
    hostname: '127.0.0.1',
    handleSignals: false,
    headersTimeoutMs,
    requestTimeoutMs: 20_000,
  })
  const stalled = await rawConnection(server.port)
  try {
    stalled.socket.write('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ')
    const closedAfter = await within(stalled.closed, 20_000, 'the stalled client was cut')
    assert.ok(closedAfter >= headersTimeoutMs * 0.8, `closed after ${closedAfter} ms, not long before the timeout`)
    assert.ok(closedAfter < headersTimeoutMs + 8000, `closed after ${closedAfter} ms, about at the timeout`)
    assert.match(stalled.received(), /^HTTP\/1\.1 408 /)
  } finally {
    stalled.socket.destroy()
    await server.close()
  }
})

limits('a slow handler is not cut by the request timeout once the body is in', async () => {
  const server = await serve({
    port: 0,
    hostname: '127.0.0.1',
    handleSignals: false,
    headersTimeoutMs: 500,
    requestTimeoutMs: 500,
    fetch: async (request) => {
      const body = await request.text()
      // Real time is what is tested: the handler outlasts the server's 500 ms request timeout.
      await new Promise((resolve) => setTimeout(resolve, 1500))
      return new Response(`late ${body}`)
    },
  })
  try {
    const res = await fetch(`http://127.0.0.1:${server.port}/`, { method: 'POST', body: 'x' })
    assert.is(await res.text(), 'late x')
  } finally {
    await server.close()
  }
})

limits('connections beyond maxConnections are closed on accept; the ones within are served', async () => {
  const server = await serve({ fetch: echo, port: 0, hostname: '127.0.0.1', handleSignals: false, maxConnections: 2 })
  const held = [await rawConnection(server.port), await rawConnection(server.port)]
  try {
    const third = await rawConnection(server.port)
    third.socket.write('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n')
    await within(third.closed, 10_000, 'the third connection was closed')
    assert.is(third.received(), '', 'the third connection got no answer')
    held[0]!.socket.write('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n')
    await within(held[0]!.receivedMatching(/got 0 bytes$/), 10_000, 'the answer to a connection within the limit')
    assert.match(held[0]!.received(), /^HTTP\/1\.1 200 .*got 0 bytes$/s)
  } finally {
    for (const connection of held) connection.socket.destroy()
    await server.close()
  }
})

limits('defaults are safe and applied to a server you own; bad values are refused with the option named', () => {
  assert.equal(
    { ...SERVER_LIMIT_DEFAULTS },
    { headersTimeoutMs: 15_000, requestTimeoutMs: 30_000, keepAliveTimeoutMs: 5_000, maxConnections: 10_000 },
  )
  const server = applyServerLimits(createServer())
  assert.is(server.headersTimeout, 15_000)
  assert.is(server.requestTimeout, 30_000)
  assert.is(server.keepAliveTimeout, 5_000)
  assert.is(server.maxConnections, 10_000)
  assert.is((server as unknown as { connectionsCheckingInterval: number }).connectionsCheckingInterval, 1000)
  assert.throws(() => applyServerLimits(createServer(), { headersTimeoutMs: 20_000, requestTimeoutMs: 10_000 }), /headersTimeoutMs/)
  assert.throws(() => applyServerLimits(createServer(), { requestTimeoutMs: -1 }), /requestTimeoutMs/)
  assert.throws(() => applyServerLimits(createServer(), { maxConnections: 0 }), /maxConnections/)
  assert.is(applyServerLimits(createServer(), { maxConnections: Number.POSITIVE_INFINITY }).maxConnections, Number.POSITIVE_INFINITY)
})

limits.run()
