/**
 * The MCP server's `Origin` check (docs/api.md, "MCP for agents") against DNS rebinding: a page on a name the
 * attacker controls, resolved to the server's address, sends its own name in both `Host` and `Origin`. With
 * `publicUrl` only that URL's origin is taken; without it the request's own origin is, unless `allowedHosts`
 * names the hosts the server is reached by, and then only those count.
 */
import { createTestCanvass } from '@canvass/test-bed'
import type { TestCanvass } from '@canvass/test-bed'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'

const ping = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' })

/** A ping to `/api/mcp` as a browser page sends it: to `url` (whose host is the `Host`), with `origin`. */
function pingFrom(bed: TestCanvass, url: string, origin: string | undefined): Promise<Response> {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    'x-api-key': bed.keyA,
  }
  if (origin !== undefined) headers.origin = origin
  return bed.fetch(new Request(`${url}/api/mcp`, { method: 'POST', headers, body: ping }), { clientAddress: '127.0.0.1' })
}

async function statusOf(response: Promise<Response>): Promise<number> {
  const answer = await response
  await answer.body?.cancel()
  return answer.status
}

const withPublicUrl = suite('MCP Origin with publicUrl')
let publicBed: TestCanvass
withPublicUrl.before(async () => {
  publicBed = await createTestCanvass({ publicUrl: 'https://feedback.example.com', widgetBundles: false, blobs: false })
})
withPublicUrl.after(() => publicBed?.close())

withPublicUrl('a page of the rebound name (Host and Origin both evil.example) is refused', async () => {
  const answer = await pingFrom(publicBed, 'http://evil.example', 'http://evil.example')
  assert.is(answer.status, 403)
  assert.is((await answer.json()).code, 'forbidden')
})

withPublicUrl('the public origin is taken, whatever Host the proxy passes; no Origin (not a browser) is taken', async () => {
  assert.is(await statusOf(pingFrom(publicBed, 'http://127.0.0.1:3000', 'https://feedback.example.com')), 200)
  assert.is(await statusOf(pingFrom(publicBed, 'http://127.0.0.1:3000', undefined)), 200)
  // The request's own origin is no longer enough: only the configured one says where pages of this server live.
  assert.is(await statusOf(pingFrom(publicBed, 'http://127.0.0.1:3000', 'http://127.0.0.1:3000')), 403)
  assert.is(await statusOf(pingFrom(publicBed, 'https://feedback.example.com', 'https://feedback.example.com:8443')), 403)
})
withPublicUrl.run()

const withAllowedHosts = suite('MCP Origin with allowedHosts, without publicUrl')
let hostsBed: TestCanvass
withAllowedHosts.before(async () => {
  hostsBed = await createTestCanvass({ allowedHosts: ['feedback.example.com', 'localhost:3000'], widgetBundles: false, blobs: false })
})
withAllowedHosts.after(() => hostsBed?.close())

withAllowedHosts('an allowed host is taken; a rebound name the list does not hold is refused', async () => {
  assert.is(await statusOf(pingFrom(hostsBed, 'https://feedback.example.com', 'https://feedback.example.com')), 200)
  assert.is(await statusOf(pingFrom(hostsBed, 'http://localhost:3000', 'http://localhost:3000')), 200)
  assert.is(await statusOf(pingFrom(hostsBed, 'http://evil.example', 'http://evil.example')), 403)
})
withAllowedHosts.run()

const withNeither = suite('MCP Origin without publicUrl or allowedHosts')
let plainBed: TestCanvass
withNeither.before(async () => {
  plainBed = await createTestCanvass({ widgetBundles: false, blobs: false })
})
withNeither.after(() => plainBed?.close())

withNeither("the request's own origin is taken; another is refused", async () => {
  assert.is(await statusOf(pingFrom(plainBed, 'http://127.0.0.1:3000', 'http://127.0.0.1:3000')), 200)
  assert.is(await statusOf(pingFrom(plainBed, 'http://127.0.0.1:3000', 'https://evil.example')), 403)
  assert.is(await statusOf(pingFrom(plainBed, 'http://127.0.0.1:3000', 'null')), 403)
})
withNeither.run()
