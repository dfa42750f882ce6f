import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { keepAliveRequest } from '@canvass/test-utils'
import { serve } from '../src'

const host = suite('serve')

host('serves the fetch handler over real HTTP, request and response intact', async () => {
  const server = await serve({
    port: 0,
    hostname: '127.0.0.1',
    handleSignals: false,
    fetch: async (request) =>
      Response.json(
        { method: request.method, path: new URL(request.url).pathname, body: await request.text() },
        {
          status: 201,
          headers: { 'x-echo': request.headers.get('x-test') ?? '' },
        },
      ),
  })
  try {
    const res = await fetch(`http://127.0.0.1:${server.port}/a/b?c=1`, { method: 'POST', body: 'hello', headers: { 'x-test': 'yes' } })
    assert.is(res.status, 201)
    assert.is(res.headers.get('x-echo'), 'yes')
    assert.equal(await res.json(), { method: 'POST', path: '/a/b', body: 'hello' })
  } finally {
    await server.close()
  }
})

host('close lets an in-flight request finish, refuses new ones, then runs onShutdown', async () => {
  let release: () => void = () => {}
  const gate = new Promise<void>((resolve) => (release = resolve))
  let started: () => void = () => {}
  const inFlight = new Promise<void>((resolve) => (started = resolve))
  const events: string[] = []
  const server = await serve({
    port: 0,
    hostname: '127.0.0.1',
    handleSignals: false,
    onShutdown: () => {
      events.push('shutdown')
    },
    fetch: async () => {
      started()
      await gate
      events.push('answered')
      return new Response('done')
    },
  })
  const url = `http://127.0.0.1:${server.port}/`
  const pending = fetch(url).then((res) => res.text())
  await inFlight
  const closed = server.close()
  // close() stops listening before it returns (Node closes the listening socket at once): no wait is needed.
  assert.is(server.server.listening, false, 'close() stopped listening')
  const refused = await fetch(url).then(
    () => false,
    () => true,
  )
  assert.ok(refused, 'new connections are refused while closing')
  release()
  assert.is(await pending, 'done')
  await closed
  assert.equal(events, ['answered', 'shutdown'])
})

host('close ends idle keep-alive connections at once, and a busy one right after its answer', async () => {
  let release: () => void = () => {}
  const gate = new Promise<void>((resolve) => (release = resolve))
  let waiting: () => void = () => {}
  const busyInHandler = new Promise<void>((resolve) => (waiting = resolve))
  const server = await serve({
    port: 0,
    hostname: '127.0.0.1',
    handleSignals: false,
    keepAliveTimeoutMs: 60_000,
    fetch: async (request) => {
      if (new URL(request.url).pathname === '/wait') {
        waiting()
        await gate
      }
      return new Response('ok')
    },
  })
  const idle = await keepAliveRequest(server.port, '/')
  const busy = await keepAliveRequest(server.port, '/wait')
  await idle.waitFor(/ok$/)
  await busyInHandler
  const closed = server.close()
  await idle.closed
  release()
  // Keep-alive is a minute here: only the shutdown closes the connection sooner.
  let timer: NodeJS.Timeout | undefined
  const late = new Promise((_, reject) => (timer = setTimeout(() => reject(new Error('still open 10 s after its answer')), 10_000)))
  await Promise.race([busy.closed, late]).finally(() => clearTimeout(timer))
  assert.match(busy.received(), /^HTTP\/1\.1 200 .*ok$/s)
  await closed
})

host('the handler gets the client address; aborting `signal` closes the server', async () => {
  const controller = new AbortController()
  let stopped = false
  const server = await serve({
    port: 0,
    hostname: '127.0.0.1',
    handleSignals: false,
    signal: controller.signal,
    onShutdown: () => {
      stopped = true
    },
    fetch: (_request, info) => Response.json(info),
  })
  const res = await fetch(`http://127.0.0.1:${server.port}/`, { headers: { 'x-request-id': 'trace-1' } })
  assert.equal(await res.json(), { clientAddress: '127.0.0.1', requestId: 'trace-1' })
  controller.abort()
  await server.close()
  assert.ok(stopped)
  assert.not.ok(server.server.listening)
})

host('a port in use is an error from serve, not a crash later', async () => {
  const first = await serve({ port: 0, hostname: '127.0.0.1', handleSignals: false, fetch: () => new Response('') })
  try {
    await serve({ port: first.port, hostname: '127.0.0.1', handleSignals: false, fetch: () => new Response('') }).then(
      () => assert.unreachable('listening twice on one port'),
      (error: NodeJS.ErrnoException) => assert.is(error.code, 'EADDRINUSE'),
    )
  } finally {
    await first.close()
  }
})

host.run()
