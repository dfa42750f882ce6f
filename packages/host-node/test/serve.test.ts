import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { serve } from '../src'

const host = suite('serve')

host('serves the fetch handler over real HTTP, request and response intact', async () => {
  const server = await serve({
    port: 0,
    hostname: '127.0.0.1',
    handleSignals: false,
    fetch: async (request) =>
      Response.json({ method: request.method, path: new URL(request.url).pathname, body: await request.text() }, {
        status: 201,
        headers: { 'x-echo': request.headers.get('x-test') ?? '' },
      }),
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
  await new Promise((resolve) => setTimeout(resolve, 50))
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

host.run()
