/**
 * A real browser against the standalone server: headless Chromium (Debian's `chromium` package at
 * /usr/bin/chromium, driven by playwright-core) loads a page from one loopback origin that calls the API on
 * another: a display with `fetch` and a JSON body (so a CORS preflight comes first), then a response with
 * `navigator.sendBeacon` (text/plain, as widgets send on unload) and its update with `fetch` PUT. Both the
 * display and the response must end up stored.
 */
import { skipSuiteUnless } from '@canvass/test-utils'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { chromiumMissing, launchChromium } from './chromium'
import { createSurvey, startBackend } from './fixtures'

const PAGE = `<!doctype html><meta charset="utf-8"><title>Canvass widget test</title>
<script>
async function run(api, environmentId, surveyId) {
  const display = await fetch(api + '/api/v1/client/' + environmentId + '/displays', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ surveyId, userId: 'browser-user' }),
  }).then((r) => r.json())
  const queued = navigator.sendBeacon(
    api + '/api/v1/client/' + environmentId + '/responses',
    JSON.stringify({ surveyId, finished: false, data: { q1: 'sent as a beacon' }, displayId: display.data.id, userId: 'browser-user' }),
  )
  return { displayId: display.data.id, queued }
}
async function finish(api, environmentId, responseId) {
  const res = await fetch(api + '/api/v1/client/' + environmentId + '/responses/' + responseId, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ finished: true, data: { q1: 'finished with fetch' } }),
  })
  return { status: res.status, body: await res.json() }
}
</script>`

const test = skipSuiteUnless(suite('headless Chromium: cross-origin fetch and sendBeacon'), chromiumMissing())
test('a page on another origin creates a display and a response; both are stored', async () => {
  const browser = await launchChromium()
  const x = await startBackend({})
  const page = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    res.end(PAGE)
  })
  await new Promise<void>((resolve) => page.listen(0, '127.0.0.1', resolve))
  const pageUrl = `http://127.0.0.1:${(page.address() as AddressInfo).port}/`
  try {
    const survey = await createSurvey(x, { status: 'inProgress', type: 'website' })
    const tab = await browser.newPage()
    await tab.goto(pageUrl)
    assert.is.not(new URL(pageUrl).origin, new URL(x.url).origin)
    const sent = await tab.evaluate(
      ([api, env, surveyId]) => (globalThis as any).run(api, env, surveyId),
      [x.url, x.envA, survey.id] as const,
    )
    assert.type(sent.displayId, 'string', 'the preflighted fetch succeeded')
    assert.is(sent.queued, true)

    // The beacon is sent in the background: wait for its response to be stored.
    let stored: any[] = []
    for (let i = 0; i < 100 && stored.length === 0; i++) {
      stored = (await x.call('GET', `/api/v1/management/responses?surveyId=${survey.id}`, { key: x.keyA })).body.data
      if (stored.length === 0) await new Promise((resolve) => setTimeout(resolve, 50))
    }
    assert.is(stored.length, 1, 'the beacon response is stored')
    assert.equal([stored[0].displayId, stored[0].data, stored[0].person?.userId], [sent.displayId, { q1: 'sent as a beacon' }, 'browser-user'])

    const finished = await tab.evaluate(
      ([api, env, responseId]) => (globalThis as any).finish(api, env, responseId),
      [x.url, x.envA, stored[0].id] as const,
    )
    assert.equal(finished, { status: 200, body: { data: { id: stored[0].id } } })
    const response = await x.call('GET', `/api/v1/management/responses/${stored[0].id}`, { key: x.keyA })
    assert.equal([response.body.data.finished, response.body.data.data], [true, { q1: 'finished with fetch' }])
    const identify = await x.call('GET', `/api/v1/client/${x.envA}/identify/contacts/browser-user`)
    assert.equal(identify.body.data.displays.map((d: any) => d.surveyId), [survey.id], 'the display is stored')
  } finally {
    await browser.close()
    await new Promise((resolve) => page.close(resolve))
    await x.stop()
  }
})
test.run()
