/**
 * The MCP server's rate limit (docs/api.md, "MCP for agents"): `/api/mcp` is counted at the gate like every
 * management route, per key (header or Bearer) and once per MCP request, however many routes its tool asks in
 * process; past the limit the answer is the management 429 with `Retry-After`, another key keeps its own
 * budget, and the window's end lets the key in again. Windows pass on the bed's clock.
 */
import { createTestClock, suiteWithBed } from '@canvass/test-bed'
import type { TestClock } from '@canvass/test-bed'
import * as assert from 'uvu/assert'

const WINDOW_MS = 2000
const LIMIT = 4

const { test, bed } = suiteWithBed('MCP rate limit', () => ({
  clock: createTestClock(),
  rateLimits: { management: { limit: LIMIT, windowMs: WINDOW_MS } },
}))

function nextWindow(clock: TestClock): void {
  clock.advance(WINDOW_MS - (clock.now().getTime() % WINDOW_MS) + 100)
}

/** One JSON-RPC call of `list_surveys`, which asks a v3 route in process. */
async function listSurveys(origin: string, headers: Record<string, string>, id: number): Promise<Response> {
  return fetch(`${origin}/api/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id,
      method: 'tools/call',
      params: { name: 'list_surveys', arguments: { workspaceId: bed().projectId } },
    }),
  })
}

test('an MCP request counts once against its key; past the limit a 429 with Retry-After; another key is unaffected; the next window lets it in', async () => {
  const x = bed()
  const clock = x.clock as TestClock
  const origin = await x.listen()
  nextWindow(clock)
  for (let i = 0; i < LIMIT; i++) {
    // Alternating the header and Bearer: one key, one budget.
    const headers: Record<string, string> = i % 2 === 0 ? { 'x-api-key': x.keyA } : { authorization: `Bearer ${x.keyA}` }
    const answer = await listSurveys(origin, headers, i)
    assert.is(answer.status, 200, `call ${i + 1}: ${await answer.clone().text()}`)
    const text = await answer.text()
    assert.not.match(text, /"isError":true/, `call ${i + 1} reached its route: ${text}`)
  }
  const limited = await listSurveys(origin, { authorization: `Bearer ${x.keyA}` }, 99)
  assert.is(limited.status, 429)
  const retryAfter = Number(limited.headers.get('retry-after'))
  assert.ok(retryAfter >= 1 && retryAfter <= WINDOW_MS / 1000, `Retry-After ${retryAfter}`)
  assert.is((await limited.json()).code, 'too_many_requests')
  const other = await listSurveys(origin, { 'x-api-key': x.keyB }, 100)
  assert.is(other.status, 200, 'another key has its own budget')
  await other.body?.cancel()
  nextWindow(clock)
  const again = await listSurveys(origin, { 'x-api-key': x.keyA }, 101)
  assert.is(again.status, 200, 'a new window')
  await again.body?.cancel()
})

test.run()
