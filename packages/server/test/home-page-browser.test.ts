/**
 * Real browsers against the standalone server's routes in front of Canvass, served over loopback HTTP from this
 * process (the test bed): headless Chromium (Debian's headless build, `chromium-headless-shell`, driven by
 * playwright-core), one for the file, with each page's Content Security Policy in force.
 *
 * - A page from one loopback origin calls the API on another: a display with `fetch` and a JSON body (so a
 *   CORS preflight comes first), then a response with `navigator.sendBeacon` (text/plain, as widgets send on
 *   unload) and its update with `fetch` PUT. Both the display and the response must end up stored.
 * - The server's own pages: the standalone server's home page (`/`, put in front of Canvass as the server does)
 *   links to the rest and passes axe; on the API reference page (`/api/v1/docs`), RapiDoc, served by Canvass,
 *   renders the server's own OpenAPI document. No request may go to another origin (fonts included) and nothing
 *   may be logged as an error.
 */
import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import { createRequire } from 'node:module'
import type { AddressInfo } from 'node:net'
import { createSurvey, createTestCanvass } from '@canvass/test-bed'
import type { TestCanvass } from '@canvass/test-bed'
import { chromiumMissing, launchChromium, releaseChromium } from '@canvass/test-bed/chromium'
import { skipSuiteUnless } from '@canvass/test-utils'
import type { Browser, Page } from 'playwright-core'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { healthAnswer } from '../src/health'
import { homePage, isRootUrl } from '../src/home-page'

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

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

const pages = skipSuiteUnless(suite("Chromium: cross-origin fetch and sendBeacon, the server's pages"), chromiumMissing())
let siteBed: TestCanvass
/** Where the bed listens: `site.url` of the cases below. */
let site: TestCanvass & { url: string }
/** The Chromium of the process (`launchChromium`), taken by each suite's `before` and released by its `after`. */
let browser: Browser

pages.before(async () => {
  // The browser first: when it cannot start, no bed is left open that `after` cannot reach.
  browser = await launchChromium()
  siteBed = await createTestCanvass({
    apiReferenceBundle: true,
    // The standalone server's own routes in front of Canvass, as src/main.ts puts them.
    wrap: (canvass) => async (request, info) => {
      if (new URL(request.url).pathname === '/health') return healthAnswer(canvass)
      if ((request.method === 'GET' || request.method === 'HEAD') && isRootUrl(request.url)) return homePage(request)
      return canvass.fetch(request, info)
    },
  })
  site = Object.assign(siteBed, { url: await siteBed.listen() })
})
pages.after(async () => {
  if (browser) await releaseChromium()
  await siteBed?.close()
})

pages('a page on another origin creates a display and a response; both are stored', async () => {
  const page = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    res.end(PAGE)
  })
  await new Promise<void>((resolve) => page.listen(0, '127.0.0.1', resolve))
  const pageUrl = `http://127.0.0.1:${(page.address() as AddressInfo).port}/`
  const context = await browser.newContext()
  try {
    const survey = await createSurvey(site, { status: 'inProgress', type: 'website' })
    const tab = await context.newPage()
    await tab.goto(pageUrl)
    assert.is.not(new URL(pageUrl).origin, new URL(site.url).origin)
    const sent = await tab.evaluate(([api, env, surveyId]) => (globalThis as any).run(api, env, surveyId), [
      site.url,
      site.envA,
      survey.id,
    ] as const)
    assert.type(sent.displayId, 'string', 'the preflighted fetch succeeded')
    assert.is(sent.queued, true)

    // The beacon is sent in the background: wait for its response to be stored.
    let stored: any[] = []
    for (let i = 0; i < 100 && stored.length === 0; i++) {
      stored = (await site.call('GET', `/api/v1/management/responses?surveyId=${survey.id}`, { key: site.keyA })).body.data
      if (stored.length === 0) await new Promise((resolve) => setTimeout(resolve, 50))
    }
    assert.is(stored.length, 1, 'the beacon response is stored')
    assert.equal(
      [stored[0].displayId, stored[0].data, stored[0].person?.userId],
      [sent.displayId, { q1: 'sent as a beacon' }, 'browser-user'],
    )

    const finished = await tab.evaluate(([api, env, responseId]) => (globalThis as any).finish(api, env, responseId), [
      site.url,
      site.envA,
      stored[0].id,
    ] as const)
    assert.equal(finished, { status: 200, body: { data: { id: stored[0].id } } })
    const response = await site.call('GET', `/api/v1/management/responses/${stored[0].id}`, { key: site.keyA })
    assert.equal([response.body.data.finished, response.body.data.data], [true, { q1: 'finished with fetch' }])
    const identify = await site.call('GET', `/api/v1/client/${site.envA}/identify/contacts/browser-user`)
    assert.equal(
      identify.body.data.displays.map((d: any) => d.surveyId),
      [survey.id],
      'the display is stored',
    )
  } finally {
    await context.close()
    await new Promise((resolve) => page.close(resolve))
  }
})

pages('the home page (/) links to the reference, the document and /health, loads nothing, passes axe', async () => {
  const context = await browser.newContext()
  const page = await context.newPage()
  const { requests, problems } = watch(page)
  try {
    const answer = await page.goto(`${site.url}/`)
    assert.is(answer?.status(), 200)
    assert.is(await page.title(), 'Canvass')
    const links = await page.locator('main a').evaluateAll((anchors) => anchors.map((a) => (a as HTMLAnchorElement).href))
    for (const path of ['/api/v1/docs', '/api/v1/openapi.json', '/health']) {
      assert.ok(links.includes(`${site.url}${path}`), `links to ${path}`)
      assert.is((await fetch(`${site.url}${path}`)).status, 200, `${path} answers`)
    }
    // Evaluated by the browser's debugger, which the page's CSP does not restrict (an inline script would be).
    await page.evaluate(AXE)
    const violations = await page.evaluate(async () => {
      const result = await (globalThis as any).axe.run(document, { resultTypes: ['violations'] })
      return result.violations.map((v: any) => `${v.id} (${v.impact}): ${v.nodes.map((n: any) => n.target.join(' ')).join(', ')}`)
    })
    assert.equal(violations, [], 'axe finds no violation')
    const origins = new Set(requests.filter((url) => !url.startsWith('data:')).map((url) => new URL(url).origin))
    assert.equal([...origins], [new URL(site.url).origin], 'no request to another origin')
    assert.equal(problems, [], 'nothing logged as an error (a style the policy refused would be)')
    const head = await fetch(`${site.url}/`, { method: 'HEAD' })
    assert.is(head.status, 200)
    assert.is(head.headers.get('content-type'), 'text/html; charset=utf-8')
    assert.is(await head.text(), '')
  } finally {
    await context.close()
  }
})

pages('renders every operation of the document from the server alone', async () => {
  const context = await browser.newContext()
  const page = await context.newPage()
  const { requests, problems } = watch(page)
  try {
    const answer = await page.goto(`${site.url}/api/v1/docs`)
    assert.is(answer?.status(), 200)
    // RapiDoc renders into its shadow root once it has fetched and parsed the document.
    await page.waitForFunction(
      () => {
        const root = document.querySelector('rapi-doc')?.shadowRoot
        return root !== null && root !== undefined && (root.textContent ?? '').includes('List surveys, newest first')
      },
      undefined,
      // RapiDoc parses a document of some 2 MB: seconds on a quiet machine, more than 30 on one as loaded as a full run.
      { timeout: 90_000 },
    )
    const text = await page.evaluate(() => document.querySelector('rapi-doc')?.shadowRoot?.textContent ?? '')
    for (const summary of ['Create a survey', 'A respondent starts a response', 'Create a webhook', 'List segments']) {
      assert.ok(text.includes(summary), `the page shows "${summary}"`)
    }
    const served = await site.call('GET', '/api/v1/openapi.json')
    assert.ok(requests.includes(`${site.url}/api/v1/openapi.json`), "the viewer fetched the server's document")
    assert.is(served.status, 200)
    const origins = new Set(requests.filter((url) => !url.startsWith('data:')).map((url) => new URL(url).origin))
    assert.equal([...origins], [new URL(site.url).origin], 'no request to another origin')
    assert.equal(problems, [], 'nothing logged as an error')
  } finally {
    await context.close()
  }
})

/** The URLs a page requests and what it logs as an error. */
function watch(page: Page): { requests: string[]; problems: string[] } {
  const requests: string[] = []
  const problems: string[] = []
  page.on('request', (request) => requests.push(request.url()))
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`${message.text()} (${message.location().url})`)
  })
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`))
  return { requests, problems }
}

pages.run()
