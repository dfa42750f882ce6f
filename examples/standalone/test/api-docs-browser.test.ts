/**
 * The API reference page (`/api/v1/docs`) in a real browser: headless Chromium (Debian's `chromium`, driven by
 * playwright-core) against the standalone server, with the page's Content Security Policy in force. RapiDoc,
 * served by Canvass, renders the server's own OpenAPI document; no request may go to another origin (fonts
 * included) and nothing may be logged as an error.
 */
import { skipSuiteUnless } from '@canvass/test-utils'
import type { Browser } from 'playwright-core'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { chromiumMissing, launchChromium } from './chromium'
import type { Backend } from './fixtures'
import { startBackend } from './fixtures'

const test = skipSuiteUnless(suite('API reference page in Chromium'), chromiumMissing())
let x: Backend
let browser: Browser

test.before(async () => {
  // The browser first: when it cannot start, no server is left running that `after` cannot reach.
  browser = await launchChromium()
  x = await startBackend({})
})
test.after(async () => {
  await browser?.close()
  await x?.stop()
})

test('renders every operation of the document from the server alone', async () => {
  const page = await browser.newPage()
  const requests: string[] = []
  const problems: string[] = []
  page.on('request', (request) => requests.push(request.url()))
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`${message.text()} (${message.location().url})`)
  })
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`))
  try {
    const answer = await page.goto(`${x.url}/api/v1/docs`)
    assert.is(answer?.status(), 200)
    // RapiDoc renders into its shadow root once it has fetched and parsed the document.
    await page.waitForFunction(
      () => {
        const root = document.querySelector('rapi-doc')?.shadowRoot
        return root !== null && root !== undefined && (root.textContent ?? '').includes('List surveys, newest first')
      },
      undefined,
      { timeout: 30_000 },
    )
    const text = await page.evaluate(() => document.querySelector('rapi-doc')?.shadowRoot?.textContent ?? '')
    for (const summary of ['Create a survey', 'A respondent starts a response', 'Create a webhook', 'List segments']) {
      assert.ok(text.includes(summary), `the page shows "${summary}"`)
    }
    const served = await x.call('GET', '/api/v1/openapi.json')
    assert.ok(requests.includes(`${x.url}/api/v1/openapi.json`), 'the viewer fetched the server\'s document')
    assert.is(served.status, 200)
    const origins = new Set(requests.filter((url) => !url.startsWith('data:')).map((url) => new URL(url).origin))
    assert.equal([...origins], [new URL(x.url).origin], 'no request to another origin')
    assert.equal(problems, [], 'nothing logged as an error')
  } finally {
    await page.close()
  }
})

test.run()
