/**
 * The editor's round trip (issue 71), in headless Chromium against a real Canvass: every survey the project
 * shows its users (`roundTripFixtures`: the docs/surveys.md examples, the docs/api.md question examples and
 * every `canvass survey new` template), created through the API, loaded into `<canvass-survey-editor>` with an
 * editor token and saved without a change, reads back as the same document but for `updatedAt`, and the PATCH
 * the editor sent is the document it loaded. The server must find nothing wrong with a document it gave.
 *
 * Then each document's preview: the real renderer, fed by `POST /api/v3/surveys/preview`, shows its first
 * screen, with no console error and no request to another origin.
 *
 * The bundle is served by Canvass itself (`createCanvass({ editor })`, `/js/editor.js`); the host page by the
 * bed's `wrap`, on the same origin.
 */
import { readFile } from 'node:fs/promises'
import { createTestCanvass, skipSuiteUnless } from '@canvass/test-bed'
import type { TestCanvass } from '@canvass/test-bed'
import { chromiumMissing, launchChromium, releaseChromium } from '@canvass/test-bed/chromium'
import type { Browser, Page } from 'playwright-core'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
// The server's fixtures, shared by path: the editor depends on no server package, and the server none on it.
import { roundTripFixtures } from '../../server/test/round-trip-fixtures'

// The host app's page names its icon, as an app's pages do: a page without one makes a full Chromium (not the
// headless shell) ask the origin for /favicon.ico, whose 404 it logs as a console error.
const PAGE = (surveyId: string, token: string) => `<!doctype html><html lang="en"><meta charset="utf-8">
<link rel="icon" href="data:,"><title>Host app</title>
<canvass-survey-editor id="editor" survey-id="${surveyId}" token="${token}"></canvass-survey-editor>
<script type="module">
  window.events = []
  for (const name of ['canvass-load', 'canvass-change', 'canvass-saved', 'canvass-error'])
    document.addEventListener(name, (event) => window.events.push([name, event.detail]))
  document.getElementById('editor').setAttribute('api', location.origin)
  await import('/js/editor.js')
</script>
</html>`

const roundTrip = skipSuiteUnless(
  suite('the editor round trip: every docs survey and template, loaded and saved unchanged'),
  chromiumMissing(),
)
const preview = skipSuiteUnless(suite('the editor preview of every docs survey and template'), chromiumMissing())
const fixtures = roundTripFixtures()
let bed: TestCanvass & { url: string }
let browser: Browser | undefined
/** The survey each fixture made, by fixture name: the round trip creates it, the preview reuses it. */
const surveys = new Map<string, string>()

async function start() {
  if (bed) return
  browser = await launchChromium()
  const created = await createTestCanvass({
    editor: await readFile(new URL('../dist/editor.js', import.meta.url), 'utf8'),
    wrap: (canvass) => async (request, info) => {
      const url = new URL(request.url)
      if (url.pathname === '/host/')
        return new Response(PAGE(url.searchParams.get('survey') ?? '', url.searchParams.get('token') ?? ''), {
          headers: { 'content-type': 'text/html; charset=utf-8' },
        })
      return canvass.fetch(request, info)
    },
  })
  bed = Object.assign(created, { url: await created.listen() })
}
roundTrip.before(start)
// The two suites share one browser and one bed: the second closes them.
preview.after(async () => {
  if (browser) await releaseChromium()
  await bed?.close()
})

const v3Survey = async (id: string) => {
  const res = await bed.call('GET', `/api/v3/surveys/${id}`, { headers: { authorization: `Bearer ${bed.keyA}` } })
  assert.is(res.status, 200, res.text)
  return res.body.data as Record<string, any>
}

/** A survey of the fixture, made through the management API with the bed's key. */
async function surveyOf(fixture: (typeof fixtures)[number]): Promise<string> {
  const known = surveys.get(fixture.name)
  if (known) return known
  const created = await bed.call('POST', '/api/v1/management/surveys', { key: bed.keyA, body: fixture.body })
  assert.is(created.status, 200, `${fixture.name}: ${created.text}`)
  surveys.set(fixture.name, created.body.data.id)
  return created.body.data.id
}

/** An editor token for that one survey, minted with the bed's key as a host's server would. */
async function editorToken(surveyId: string): Promise<string> {
  const minted = await bed.call('POST', '/api/v1/management/editor-tokens', {
    key: bed.keyA,
    body: { workspaceId: bed.projectId, surveyId },
  })
  assert.is(minted.status, 200, minted.text)
  return minted.body.data.token
}

interface Watched {
  page: Page
  patches: unknown[]
  outside: string[]
  consoleErrors: string[]
  close(): Promise<void>
}

/** A fresh page with the editor on the survey, loaded, watching what leaves the page and what it logs. */
async function openEditor(surveyId: string): Promise<Watched> {
  const context = await (browser as Browser).newContext()
  const page = await context.newPage()
  const watched: Watched = { page, patches: [], outside: [], consoleErrors: [], close: () => context.close() }
  page.on('request', (request) => {
    if (!request.url().startsWith(`${bed.url}/`)) watched.outside.push(request.url())
    if (request.method() === 'PATCH') watched.patches.push(request.postDataJSON())
  })
  page.on('console', (message) => {
    if (message.type() === 'error') watched.consoleErrors.push(message.text())
  })
  page.on('pageerror', (error) => watched.consoleErrors.push(String(error)))
  const token = await editorToken(surveyId)
  await page.goto(`${bed.url}/host/?survey=${surveyId}&token=${encodeURIComponent(token)}`)
  await page.waitForFunction(() => (globalThis as any).events.some((e: [string]) => e[0] === 'canvass-load'), null, { timeout: 15_000 })
  return watched
}

const eventsOf = (page: Page, name: string) =>
  page.evaluate((n) => (globalThis as any).events.filter((e: [string]) => e[0] === n).map((e: [string, unknown]) => e[1]), name)

roundTrip('the fixtures are there: the docs examples, the question examples and every template', () => {
  const names = fixtures.map((fixture) => fixture.name)
  assert.ok(names.filter((name) => name.startsWith('docs/surveys.md')).length >= 2, names.join())
  assert.ok(names.includes('docs/api.md question examples'))
  assert.ok(names.filter((name) => name.startsWith('template ')).length >= 3, names.join())
})

for (const fixture of fixtures) {
  roundTrip(`${fixture.name}: loaded in the editor and saved unchanged, it reads back the same but for updatedAt`, async () => {
    const id = await surveyOf(fixture)
    const first = await v3Survey(id)
    const editor = await openEditor(id)
    const { page } = editor
    const [loaded] = await eventsOf(page, 'canvass-load')
    assert.equal(loaded.survey, first, 'the editor loaded what GET gives')

    const saved = await page.evaluate(() => (document.getElementById('editor') as any).save() as Promise<boolean>)
    const errors = await eventsOf(page, 'canvass-error')
    assert.equal(errors, [], `${fixture.name}: the editor reported problems with a document the server gave`)
    assert.ok(saved, 'save() answered true')
    assert.equal(editor.patches, [first], 'the PATCH sent is the document loaded, updatedAt included')

    const second = await v3Survey(id)
    const { updatedAt: before, ...firstRest } = first
    const { updatedAt: after, ...secondRest } = second
    assert.equal(secondRest, firstRest, fixture.name)
    // The save happened: the stored updatedAt is the one the save answered, not earlier than the first.
    const [answer] = await eventsOf(page, 'canvass-saved')
    assert.is(answer.survey.updatedAt, after)
    assert.ok(Date.parse(after) >= Date.parse(before), `${after} >= ${before}`)
    assert.equal(editor.outside, [], 'no request left the Canvass origin')
    assert.equal(editor.consoleErrors, [], 'no console error')
    await editor.close()
  })
}

/** The text the renderer shows first: the welcome card's headline when it is on, else the first question's. */
function firstHeadline(doc: Record<string, any>): string {
  const lang = doc.defaultLanguage as string
  if (doc.welcomeCard?.enabled) return doc.welcomeCard.headline[lang]
  return doc.blocks[0].elements[0].headline[lang]
}

preview.before(start)
for (const fixture of fixtures) {
  preview(`${fixture.name}: Preview draws its first screen through the real renderer`, async () => {
    const id = await surveyOf(fixture)
    const headline = firstHeadline(await v3Survey(id))
    assert.type(headline, 'string')
    const editor = await openEditor(id)
    const { page } = editor
    const previews: number[] = []
    page.on('response', (response) => {
      if (response.url() === `${bed.url}/api/v3/surveys/preview`) previews.push(response.status())
    })
    // Playwright's locators reach into the open shadow root.
    await page.getByRole('button', { name: 'Preview', exact: true }).click()
    await page
      .waitForFunction(
        (text) => {
          const frame = document.getElementById('editor')?.shadowRoot?.querySelector('.cse-preview-frame')
          return frame?.shadowRoot?.textContent?.includes(text) ?? false
        },
        headline,
        { timeout: 15_000 },
      )
      .catch(async () => {
        const shown = await page.evaluate(
          () => document.getElementById('editor')?.shadowRoot?.querySelector('.cse-preview')?.textContent ?? '(no preview)',
        )
        assert.unreachable(`"${headline}" not shown; the preview shows: ${shown}; console: ${editor.consoleErrors.join(' | ')}`)
      })
    assert.equal(previews, [200], 'the preview came from POST /api/v3/surveys/preview')
    assert.equal(editor.outside, [], 'no request left the Canvass origin')
    assert.equal(editor.consoleErrors, [], 'no console error')
    await editor.close()
  })
}

roundTrip.run()
preview.run()
