import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { keepAliveRequest, spawnProcess } from '@canvass/test-utils'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'

const PACKAGE = fileURLToPath(new URL('..', import.meta.url))
const FIXTURE = join(PACKAGE, 'fixtures', 'server.ts')

/**
 * The executable the npm package `deno` installed (its postinstall puts it next to its package.json; else it
 * is in the platform package it depends on). Nothing is downloaded here.
 */
function denoExecutable(): string {
  const require = createRequire(import.meta.url)
  const beside = join(dirname(require.resolve('deno/package.json')), process.platform === 'win32' ? 'deno.exe' : 'deno')
  if (existsSync(beside)) return beside
  return (require('deno/install_api.cjs') as { runInstall(): string }).runInstall()
}

for (const built of ['dist/index.js', '../core/dist/index.js']) {
  if (!existsSync(join(PACKAGE, built))) throw new Error(`${built} is missing: build first (pnpm -r run build)`)
}

/** The fixture under the real Deno, with the narrowest permissions it needs, on a free loopback port. */
async function startDeno(slowMs = 1500) {
  const denoDir = await mkdtemp(join(tmpdir(), 'canvass-deno-'))
  const server = spawnProcess(
    denoExecutable(),
    // No remote modules and nothing fetched: everything comes from the repository and its node_modules.
    ['run', '--no-remote', '--cached-only', '--allow-net=127.0.0.1', FIXTURE, String(slowMs)],
    {
      cwd: PACKAGE,
      env: { PATH: process.env.PATH ?? '', HOME: denoDir, DENO_DIR: denoDir, DENO_NO_UPDATE_CHECK: '1', NO_COLOR: '1' },
    },
  )
  void server.exited.then(() => rm(denoDir, { recursive: true, force: true }))
  const url = await server.listening
  return { ...server, url, port: Number(new URL(url).port) }
}

const deno = suite('host-deno on the real deno binary')

deno('serves Canvass over real HTTP and hands the handler the client address', async () => {
  const server = await startDeno()
  try {
    const info = await fetch(`${server.url}/info`)
    assert.equal(await info.json(), { clientAddress: '127.0.0.1' })

    const preflight = await fetch(`${server.url}/api/v1/client/env1/responses`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://site.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    })
    assert.is(preflight.status, 204)
    assert.is(preflight.headers.get('access-control-allow-origin'), '*')
    assert.is(preflight.headers.get('access-control-allow-headers'), 'content-type')

    const me = await fetch(`${server.url}/api/v1/management/surveys`, { headers: { 'x-api-key': `cvs_${'a'.repeat(43)}` } })
    assert.is(me.status, 401)
    assert.is((await me.json()).code, 'not_authenticated')

    const body = await fetch(`${server.url}/api/v1/client/env1/responses`, {
      method: 'POST',
      body: '{',
      headers: { 'content-type': 'application/json' },
    })
    assert.is(body.status, 400, 'Canvass reads the request body on Deno')
  } finally {
    server.signal('SIGKILL')
    await server.exited
  }
})

deno('SIGTERM lets the in-flight request finish with 200, closes idle keep-alive connections, then exits 0', async () => {
  const server = await startDeno()
  try {
    const idle = await keepAliveRequest(server.port, '/info')
    await idle.waitFor(/clientAddress/)
    assert.match(idle.received(), /^HTTP\/1\.1 200 /, 'the idle connection was used once')

    const slow = await keepAliveRequest(server.port, '/slow')
    await server.waitFor(/slow request started/)
    const signalledAt = Date.now()
    server.signal('SIGTERM')

    const { code } = await server.exited
    const at = Date.now()
    assert.is(code, 0, server.output())
    await slow.closed
    await idle.closed
    assert.match(slow.received(), /^HTTP\/1\.1 200 .*slow done/s, 'the in-flight request got its answer')
    assert.ok(at - signalledAt < 15_000, `exited ${at - signalledAt} ms after SIGTERM (shutdown limit 30 s)`)
    const lines = server.output().split('\n')
    assert.equal(
      lines.filter((line) => line.startsWith('Canvass stopped')),
      ['Canvass stopped (SIGTERM)'],
    )
    assert.ok(lines.indexOf('onShutdown ran') !== -1 && lines.indexOf('onShutdown ran') < lines.indexOf('Canvass stopped (SIGTERM)'))
  } finally {
    server.signal('SIGKILL')
  }
})

deno('SIGINT shuts down the same way', async () => {
  const server = await startDeno()
  try {
    server.signal('SIGINT')
    const { code } = await server.exited
    assert.is(code, 0, server.output())
    assert.match(server.output(), /Canvass stopped \(SIGINT\)/)
  } finally {
    server.signal('SIGKILL')
  }
})

deno('aborting the signal given to serve closes it gracefully, and then nothing holds the process', async () => {
  const server = await startDeno()
  try {
    const res = await fetch(`${server.url}/stop`)
    assert.is(await res.text(), 'stopping')
    const { code } = await server.exited
    assert.is(code, 0, server.output())
    assert.match(server.output(), /onShutdown ran/)
    assert.not.match(server.output(), /Canvass stopped/, 'no signal, no signal message')
  } finally {
    server.signal('SIGKILL')
  }
})

deno.run()
