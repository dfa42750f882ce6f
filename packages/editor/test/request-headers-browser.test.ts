/**
 * `<canvass-survey-editor>`'s `requestHeaders` property (docs/editor.md, "Headers instead of a token"), in
 * headless Chromium against a real Canvass (the test bed, served over loopback HTTP): with headers given and no
 * token, the editor loads and saves a survey through calls that carry those headers and the page's cookie and
 * no `Authorization`; without them, the token's calls carry no cookie. The headers here are an API key
 * (`x-api-key`), which the API takes, standing in for the console's session headers.
 */
import { readFile } from 'node:fs/promises'
import { createSurvey, createTestCanvass, skipSuiteUnless } from '@canvass/test-bed'
import type { TestCanvass } from '@canvass/test-bed'
import { chromiumMissing, launchChromium, releaseChromium } from '@canvass/test-bed/chromium'
import type { Browser } from 'playwright-core'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'

const bundle = readFile(new URL('../dist/editor.js', import.meta.url), 'utf8')

/** A host page on Canvass's origin that sets a cookie and gives the editor headers (`headers`) or a token. */
const PAGE = (surveyId: string, auth: { headers: Record<string, string> } | { token: string }) => `<!doctype html>
<html lang="en"><meta charset="utf-8"><title>Host</title><main>
<canvass-survey-editor id="editor" ${'token' in auth ? `token="${auth.token}"` : ''}></canvass-survey-editor></main>
<script type="module">
  window.events = []
  for (const name of ['canvass-load', 'canvass-saved', 'canvass-error'])
    document.addEventListener(name, (event) => window.events.push([name, event.detail]))
  const editor = document.getElementById('editor')
  ${'headers' in auth ? `editor.requestHeaders = ${JSON.stringify(auth.headers)}` : ''}
  editor.setAttribute('api', location.origin)
  editor.setAttribute('survey-id', ${JSON.stringify(surveyId)})
  await import('/js/editor.js')
</script></html>`

const test = skipSuiteUnless(suite('the editor with requestHeaders in Chromium'), chromiumMissing())
let bed: TestCanvass & { url: string }
let browser: Browser
/** The headers of the v3 calls the editor made, in order. */
let seen: { method: string; authorization: string | null; apiKey: string | null; cookie: string | null }[] = []
let page: (surveyId: string) => string = () => ''

test.before(async () => {
  browser = await launchChromium()
  const created = await createTestCanvass({
    editor: await bundle,
    wrap: (canvass) => async (request, info) => {
      const url = new URL(request.url)
      if (url.pathname === '/host/')
        return new Response(page(url.searchParams.get('survey') ?? ''), {
          headers: { 'content-type': 'text/html; charset=utf-8', 'set-cookie': 'host_session=abc; Path=/; SameSite=Strict' },
        })
      if (url.pathname.startsWith('/api/v3/'))
        seen.push({
          method: request.method,
          authorization: request.headers.get('authorization'),
          apiKey: request.headers.get('x-api-key'),
          cookie: request.headers.get('cookie'),
        })
      return canvass.fetch(request, info)
    },
  })
  bed = Object.assign(created, { url: await created.listen() })
})
test.after(async () => {
  if (browser) await releaseChromium()
  await bed?.close()
})

async function openEditor(surveyId: string) {
  seen = []
  const context = await browser.newContext()
  const tab = await context.newPage()
  await tab.goto(`${bed.url}/host/?survey=${surveyId}`)
  await tab.waitForFunction(() => (globalThis as any).events.some((e: [string]) => e[0] === 'canvass-load' || e[0] === 'canvass-error'))
  return { tab, close: () => context.close() }
}

test('headers and no token: loaded and saved with the headers and the cookie, never a bearer', async () => {
  const survey = await createSurvey(bed, {
    name: 'Before',
    questions: [{ id: 'q1', type: 'openText', inputType: 'text', headline: { default: 'Anything?' }, required: true }],
  })
  page = (id) => PAGE(id, { headers: { 'x-api-key': bed.keyA } })
  const { tab, close } = await openEditor(survey.id)
  try {
    const loaded = await tab.evaluate(() => (globalThis as any).events.map((e: [string]) => e[0]))
    assert.equal(loaded, ['canvass-load'])
    const saved = await tab.evaluate(async () => {
      const editor = document.getElementById('editor') as any
      editor.survey = { ...editor.survey, name: 'Saved with headers' }
      return editor.save()
    })
    assert.ok(saved)
    const calls = [...seen]
    const read = await bed.call('GET', `/api/v3/surveys/${survey.id}`, { headers: { authorization: `Bearer ${bed.keyA}` } })
    assert.is(read.body.data.name, 'Saved with headers')
    assert.ok(calls.some((call) => call.method === 'PATCH'))
    for (const call of calls) {
      assert.is(call.authorization, null)
      assert.is(call.apiKey, bed.keyA)
      assert.is(call.cookie, 'host_session=abc')
    }
    // The property gives a copy of the headers back.
    assert.equal(await tab.evaluate(() => (document.getElementById('editor') as any).requestHeaders), { 'x-api-key': bed.keyA })
  } finally {
    await close()
  }
})

test('a token and no headers: a bearer and no cookie, as before', async () => {
  const survey = await createSurvey(bed, {
    questions: [{ id: 'q1', type: 'openText', inputType: 'text', headline: { default: 'Anything?' }, required: true }],
  })
  page = (id) => PAGE(id, { token: bed.keyA })
  const { tab, close } = await openEditor(survey.id)
  try {
    assert.equal(await tab.evaluate(() => (globalThis as any).events.map((e: [string]) => e[0])), ['canvass-load'])
    const calls = [...seen]
    assert.ok(calls.length > 0)
    for (const call of calls) {
      assert.is(call.authorization, `Bearer ${bed.keyA}`)
      assert.is(call.cookie, null)
    }
  } finally {
    await close()
  }
})

test.run()
