/**
 * The console's cookies behind a proxy on the standalone server (docs/deploying.md, "Behind a proxy"): a start
 * whose cookies cannot be Secure (no https `PUBLIC_URL`, no `TRUST_PROXY`) says so in one line; with
 * `TRUST_PROXY=loopback` a proxy's `X-Forwarded-Proto: https` makes them Secure and `__Host-`, and a request
 * without it gets the plain cookie; an https `PUBLIC_URL` makes them Secure and says nothing.
 */
import { waitFor } from '@canvass/test-bed'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { startServer } from './server'
import type { RunningServer } from './server'

const NOT_SECURE = /^The console's cookies are not Secure: .*TRUST_PROXY.*PUBLIC_URL/m

/** The Set-Cookie of the sign-in page's form cookie, as `headers` make the server see the request. */
async function formCookie(server: RunningServer, headers: Record<string, string> = {}): Promise<string> {
  const page = await fetch(`${server.url}/console/sign-in`, { headers })
  await page.body?.cancel()
  assert.is(page.status, 200)
  return page.headers.getSetCookie()[0] ?? ''
}

/** Stops `server` and answers everything it printed (its last line is the one a graceful stop prints). */
async function stopped(server: RunningServer): Promise<string> {
  await server.stop()
  return waitFor('the stop line', () => (server.output().includes('Canvass stopped') ? server.output() : undefined))
}

const test = suite('the console cookies behind a proxy, on the standalone server')

test('without an https PUBLIC_URL or TRUST_PROXY, one line says the cookies are not Secure and how to fix it', async () => {
  const server = await startServer({ PUBLIC_URL: 'http://feedback.example.com' })
  try {
    await waitFor('the line', () => NOT_SECURE.test(server.output()))
    // The header is the client's to send: without TRUST_PROXY it is not taken.
    assert.match(
      await formCookie(server, { 'x-forwarded-proto': 'https' }),
      /^canvass_console_form=[^;]+; Path=\/; Max-Age=3600; HttpOnly; SameSite=Strict$/,
    )
  } finally {
    const output = await stopped(server)
    assert.is(output.match(new RegExp(NOT_SECURE.source, 'gm'))?.length, 1, output)
  }
})

test("with TRUST_PROXY=loopback the proxy's X-Forwarded-Proto: https makes them Secure and __Host-, and nothing is said", async () => {
  const server = await startServer({ TRUST_PROXY: 'loopback' })
  let output = ''
  try {
    assert.match(
      await formCookie(server, { 'x-forwarded-proto': 'https' }),
      /^__Host-canvass_console_form=[^;]+; Path=\/; Max-Age=3600; HttpOnly; SameSite=Strict; Secure$/,
    )
    assert.match(await formCookie(server), /^canvass_console_form=[^;]+; Path=\/; Max-Age=3600; HttpOnly; SameSite=Strict$/)
  } finally {
    output = await stopped(server)
  }
  assert.not.match(output, /not Secure/)
})

test('with an https PUBLIC_URL they are Secure and nothing is said', async () => {
  const server = await startServer({ PUBLIC_URL: 'https://feedback.example.com' })
  let output = ''
  try {
    assert.match(await formCookie(server), /^__Host-canvass_console_form=[^;]+; Path=\/; Max-Age=3600; HttpOnly; SameSite=Strict; Secure$/)
  } finally {
    output = await stopped(server)
  }
  assert.not.match(output, /not Secure/)
})

test.run()
