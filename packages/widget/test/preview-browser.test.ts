/**
 * The survey editor's live preview (issue 71): the answer of `POST /api/v3/surveys/preview` handed as it is to
 * the real renderer (`/js/surveys.umd.cjs`, served by Canvass over loopback) in headless Chromium, on a page
 * of another origin, in `mode: 'page'` with `preview: true`. The document's German text shows, block logic and
 * recall work, the ending is reached, and no request reaches the client API (a preview saves nothing).
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createTestCanvass, skipSuiteUnless } from '@canvass/test-bed'
import type { TestCanvass } from '@canvass/test-bed'
import { chromiumMissing, launchChromium, releaseChromium } from '@canvass/test-bed/chromium'
import type { Browser } from 'playwright-core'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'

const PAGE = (api: string) => `<!doctype html><meta charset="utf-8"><title>Editor host</title>
<div id="preview"></div>
<script src="${api}/js/surveys.umd.cjs"></script>
<script>
  window.events = []
  window.show = function (data, languageCode) {
    formbricksSurveys.renderSurvey(Object.assign({}, data, {
      appUrl: ${JSON.stringify(api)},
      mode: 'page',
      container: document.getElementById('preview'),
      languageCode: languageCode,
      preview: true,
      callbacks: { onResponse: function (e) { events.push(['response', e.finished]) } },
    }))
  }
</script>`

const text = (en: string, de: string) => ({ 'en-US': en, 'de-DE': de })

/** A v3 document with two blocks, logic that adds to a variable, recall, a hidden field and an ending. */
const document = {
  name: 'Previewed',
  defaultLanguage: 'en-US',
  languages: [{ code: 'de-DE', enabled: true }],
  blocks: [
    {
      id: 'ba',
      name: 'First',
      elements: [{ id: 'q1', type: 'openText', headline: text('Your name?', 'Dein Name?'), required: true }],
      logic: [
        {
          id: 'rule1',
          conditions: {
            id: 'group1',
            connector: 'and',
            conditions: [{ id: 'cond1', leftOperand: { type: 'element', value: 'q1' }, operator: 'isSubmitted' }],
          },
          actions: [{ id: 'act1', objective: 'calculate', variableId: 'score', operator: 'add', value: { type: 'static', value: 1 } }],
        },
      ],
    },
    {
      id: 'bb',
      name: 'Second',
      elements: [
        {
          id: 'q2',
          type: 'openText',
          headline: text('Thanks #recall:q1/fallback:you#!', 'Danke #recall:q1/fallback:dir#!'),
          required: false,
        },
      ],
    },
  ],
  endings: [{ id: 'end1', type: 'endScreen', headline: text('Done', 'Fertig') }],
  hiddenFields: { enabled: true, fieldIds: ['campaign'] },
  variables: [{ id: 'score', name: 'score', type: 'number', value: 0 }],
}

const test = skipSuiteUnless(suite('the editor preview in the real renderer'), chromiumMissing())
let bed: TestCanvass
let api = ''
let browser: Browser
const host = createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
  res.end(PAGE(api))
})

test.before(async () => {
  browser = await launchChromium()
  bed = await createTestCanvass()
  api = await bed.listen()
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve))
})
test.after(async () => {
  if (host.listening) await new Promise((resolve) => host.close(resolve))
  if (browser) await releaseChromium()
  await bed?.close()
})

test('the preview answer renders in German, moves through its blocks with recall, reaches the ending, sends nothing', async () => {
  const res = await bed.call('POST', '/api/v3/surveys/preview', { key: bed.keyA, body: document })
  assert.is(res.status, 200, res.text)
  const context = await browser.newContext()
  try {
    const page = await context.newPage()
    const problems: string[] = []
    const clientCalls: string[] = []
    page.on('pageerror', (e) => problems.push(e.message))
    page.on('console', (m) => m.type() === 'error' && problems.push(m.text()))
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/')) clientCalls.push(request.url())
    })
    await page.goto(`http://127.0.0.1:${(host.address() as AddressInfo).port}/`)
    await page.evaluate(([data]) => (globalThis as any).show(data, 'de-DE'), [res.body.data] as const)
    await page.locator('h2.cv-headline', { hasText: 'Dein Name?' }).waitFor()
    await page.getByRole('textbox').fill('Ann')
    // The renderer's own labels follow the language too.
    await page.getByRole('button', { name: 'Weiter' }).click()
    await page.locator('h2.cv-headline', { hasText: 'Danke Ann!' }).waitFor({ timeout: 5000 })
    await page.getByRole('button', { name: 'Abschließen' }).click()
    await page.locator('h2.cv-headline', { hasText: 'Fertig' }).waitFor()
    assert.equal(clientCalls, [], 'a preview sends no display and no response')
    assert.equal(problems, [])
  } finally {
    await context.close()
  }
})

test.run()
