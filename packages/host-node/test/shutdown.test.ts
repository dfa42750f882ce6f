import { fileURLToPath } from 'node:url'
import { keepAliveRequest, startProcess } from '@canvass/test-utils'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'

const PACKAGE = fileURLToPath(new URL('..', import.meta.url))
const FIXTURE = fileURLToPath(new URL('../fixtures/slow-server.ts', import.meta.url))

/** The fixture server as a real process, once it listens. */
async function startFixture() {
  const server = await startProcess(process.execPath, ['--import', 'tsx', FIXTURE], {
    cwd: PACKAGE,
    env: { ...(process.env as Record<string, string>), SLOW_MS: '1500' },
  })
  return { ...server, port: Number(new URL(server.url).port) }
}

const shutdown = suite('graceful shutdown of a real process')

shutdown('SIGTERM lets the in-flight request finish with 200, closes idle keep-alive connections, then exits 0', async () => {
  const server = await startFixture()
  try {
    const idle = await keepAliveRequest(server.port, '/quick')
    await idle.waitFor(/quick$/)
    assert.match(idle.received(), /^HTTP\/1\.1 200 .*quick$/s, 'the idle connection was used once')

    const slow = await keepAliveRequest(server.port, '/slow')
    await server.waitFor(/slow request started/)
    const signalledAt = Date.now()
    server.signal('SIGTERM')

    await idle.closed
    const { code } = await server.exited
    const at = Date.now()
    assert.is(code, 0, server.output())
    await slow.closed
    assert.match(slow.received(), /^HTTP\/1\.1 200 .*slow done$/s, 'the in-flight request got its answer')
    // Keep-alive is 60 s and the shutdown limit 30 s in the fixture: only closing idle connections ends it sooner.
    assert.ok(at - signalledAt < 15_000, `exited ${at - signalledAt} ms after SIGTERM`)
    const lines = server.output().split('\n')
    assert.equal(
      lines.filter((line) => line.startsWith('Canvass stopped')),
      ['Canvass stopped (SIGTERM)'],
    )
    assert.ok(lines.indexOf('onShutdown ran') < lines.indexOf('Canvass stopped (SIGTERM)'), 'onShutdown runs before the exit')
  } finally {
    server.signal('SIGKILL')
  }
})

shutdown('SIGINT shuts down the same way', async () => {
  const server = await startFixture()
  try {
    server.signal('SIGINT')
    const { code } = await server.exited
    assert.is(code, 0, server.output())
    assert.match(server.output(), /Canvass stopped \(SIGINT\)/)
  } finally {
    server.signal('SIGKILL')
  }
})

shutdown.run()
