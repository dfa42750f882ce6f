/**
 * The server's own pages in a real browser: headless Chromium (Debian's `chromium`, driven by playwright-core)
 * against the standalone server, with each page's Content Security Policy in force. The home page (`/`) links
 * to the rest and passes axe; on the API reference page (`/api/v1/docs`), RapiDoc, served by Canvass, renders
 * the server's own OpenAPI document. No request may go to another origin (fonts included) and nothing may be
 * logged as an error.
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { skipSuiteUnless } from '@canvass/test-utils'
import type { Browser, Page } from 'playwright-core'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { chromiumMissing, launchChromium } from './chromium'
import type { Backend } from './fixtures'
import { startBackend } from './fixtures'

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

const test = skipSuiteUnless(suite('the server\'s pages in Chromium'), chromiumMissing())
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

test('the home page (/) links to the reference, the document and /health, loads nothing, passes axe', async () => {
  const page = await browser.newPage()
  const { requests, problems } = watch(page)
  try {
    const answer = await page.goto(`${x.url}/`)
    assert.is(answer?.status(), 200)
    assert.is(await page.title(), 'Canvass')
    const links = await page.locator('main a').evaluateAll((anchors) => anchors.map((a) => (a as HTMLAnchorElement).href))
    for (const path of ['/api/v1/docs', '/api/v1/openapi.json', '/health']) {
      assert.ok(links.includes(`${x.url}${path}`), `links to ${path}`)
      assert.is((await fetch(`${x.url}${path}`)).status, 200, `${path} answers`)
    }
    // Evaluated by the browser's debugger, which the page's CSP does not restrict (an inline script would be).
    await page.evaluate(AXE)
    const violations = await page.evaluate(async () => {
      const result = await (globalThis as any).axe.run(document, { resultTypes: ['violations'] })
      return result.violations.map((v: any) => `${v.id} (${v.impact}): ${v.nodes.map((n: any) => n.target.join(' ')).join(', ')}`)
    })
    assert.equal(violations, [], 'axe finds no violation')
    const origins = new Set(requests.filter((url) => !url.startsWith('data:')).map((url) => new URL(url).origin))
    assert.equal([...origins], [new URL(x.url).origin], 'no request to another origin')
    assert.equal(problems, [], 'nothing logged as an error (a style the policy refused would be)')
    const head = await fetch(`${x.url}/`, { method: 'HEAD' })
    assert.is(head.status, 200)
    assert.is(head.headers.get('content-type'), 'text/html; charset=utf-8')
    assert.is(await head.text(), '')
  } finally {
    await page.close()
  }
})

test('renders every operation of the document from the server alone', async () => {
  const page = await browser.newPage()
  const { requests, problems } = watch(page)
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

test.run()
