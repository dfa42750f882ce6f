/**
 * The editor's Settings panel (docs/editor.md, "Settings") in headless Chromium against a real Canvass, keyboard
 * only and checked by axe: a link survey's close date, response limit, progress bar, back button, single-use
 * links, PIN and link preview; then made an in-app survey with an existing action and a code action made on the
 * spot, an audience of one attribute condition, and how it shows; saved, and read back through the API. The
 * editor is given an API key as its request headers (the console gives its session's), which the action class,
 * segment and attribute key routes take.
 */
import { readFile } from 'node:fs/promises'
import { createTestCanvass, skipSuiteUnless, waitFor } from '@canvass/test-bed'
import type { TestCanvass } from '@canvass/test-bed'
import { axeViolations, chromiumMissing, launchChromium, releaseChromium } from '@canvass/test-bed/chromium'
import type { Browser, Page } from 'playwright-core'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'

const bundle = readFile(new URL('../dist/editor.js', import.meta.url), 'utf8')

const PAGE = (surveyId: string, key: string) => `<!doctype html><html lang="en"><meta charset="utf-8"><title>Host app</title>
<main><h1>Host app</h1><canvass-survey-editor id="editor"></canvass-survey-editor></main>
<script type="module">
  window.events = []
  for (const name of ['canvass-load', 'canvass-saved', 'canvass-error'])
    document.addEventListener(name, (event) => window.events.push([name, event.detail]))
  const editor = document.getElementById('editor')
  editor.requestHeaders = { 'x-api-key': ${JSON.stringify(key)} }
  editor.setAttribute('api', location.origin)
  editor.setAttribute('survey-id', ${JSON.stringify(surveyId)})
  await import('/js/editor.js')
</script></html>`

const test = skipSuiteUnless(suite('the Settings panel in Chromium'), chromiumMissing())
let bed: TestCanvass & { url: string }
let browser: Browser
let surveyId = ''

test.before(async () => {
  browser = await launchChromium()
  const created = await createTestCanvass({
    editor: await bundle,
    wrap: (canvass) => async (request, info) => {
      if (new URL(request.url).pathname === '/host/')
        return new Response(PAGE(surveyId, bed.keyA), { headers: { 'content-type': 'text/html; charset=utf-8' } })
      return canvass.fetch(request, info)
    },
  })
  bed = Object.assign(created, { url: await created.listen() })
})
test.after(async () => {
  if (browser) await releaseChromium()
  await bed?.close()
})

const api = async (method: string, path: string, body?: unknown) => {
  const answer = await bed.call(method, path, { key: bed.keyA, ...(body === undefined ? {} : { body }) })
  assert.ok(answer.status < 300, answer.text)
  return answer.body.data
}

/** The focused control through the shadow root: its id, type, value and the name its label gives it. */
const focused = (page: Page) =>
  page.evaluate(() => {
    let active = document.activeElement as HTMLElement | null
    while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement as HTMLElement
    const control = active as HTMLInputElement | null
    const name = control?.getAttribute('aria-label') ?? control?.labels?.[0]?.textContent ?? control?.textContent ?? ''
    return { id: control?.id ?? '', type: control?.type ?? '', value: control?.value ?? '', name: name.trim() }
  })

/** Presses Tab until the focused control is named `name`. */
async function tabTo(page: Page, name: string, back = false) {
  for (let presses = 0; presses < 80; presses++) {
    if ((await focused(page)).name === name) return
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab')
  }
  assert.unreachable(`"${name}" not reached; focus: ${JSON.stringify(await focused(page))}`)
}

/** Presses ArrowDown (then ArrowUp) on the focused select until its value is `value`. */
async function choose(page: Page, value: string) {
  for (const key of ['ArrowDown', 'ArrowUp'])
    for (let presses = 0; presses < 30; presses++) {
      if ((await focused(page)).value === value) return
      await page.keyboard.press(key)
    }
  assert.unreachable(`"${value}" not reached; focus: ${JSON.stringify(await focused(page))}`)
}

async function noSeriousViolations(page: Page, when: string) {
  const violations = await axeViolations(page)
  assert.equal(violations, [], `${when}:\n${violations.join('\n')}`)
}

const saves = (page: Page) =>
  page.evaluate(() => (globalThis as any).events.filter((e: [string]) => e[0] === 'canvass-saved').length as number)

test('link settings, then an in-app survey with triggers, an audience and how it shows, by keyboard; saved and read back', async () => {
  const existing = await api('POST', '/api/v1/management/action-classes', { name: 'Opened pricing', type: 'code', key: 'opened-pricing' })
  await api('POST', '/api/v1/management/contact-attribute-keys', { key: 'plan', name: 'Plan' })
  const survey = await api('POST', '/api/v3/surveys', {
    workspaceId: bed.projectId,
    name: 'Pricing',
    blocks: [{ name: 'Main', elements: [{ id: 'why', type: 'openText', headline: { 'en-US': 'Why?' }, required: true }] }],
  })
  surveyId = survey.id
  const context = await browser.newContext()
  const page = await context.newPage()
  await page.goto(`${bed.url}/host/`)
  await page.waitForFunction(() => (globalThis as any).events.some((e: [string]) => e[0] === 'canvass-load'))
  await noSeriousViolations(page, 'a link survey')

  // The Settings tab, reached from the Questions tab by the arrow key, shows the panel.
  await page.locator('#cse-view-questions').focus()
  await page.keyboard.press('ArrowRight')
  assert.is((await focused(page)).name, 'Settings')
  // The panel's first control is where a person lands from the editor's outline; from there, keys only.
  await page.locator('#cse-survey-type-link').focus()
  await page.keyboard.press('Tab')
  assert.is((await focused(page)).name, 'Stop collecting on')
  // Month, day and year (a year takes up to six digits: the arrow moves on), then the time.
  await page.keyboard.type('12312027')
  await page.keyboard.press('ArrowRight')
  await page.keyboard.type('0630P')
  assert.is((await focused(page)).value, '2027-12-31T18:30')
  const closeOn = await page.evaluate(() => new Date('2027-12-31T18:30').toISOString())
  await tabTo(page, 'Stop after this many completed responses')
  await page.keyboard.type('0')
  assert.ok(await page.locator('text=Enter a whole number of 1 or more').isVisible(), 'the problem is said at the field')
  await page.keyboard.press('Backspace')
  await page.keyboard.type('250')
  await tabTo(page, 'Show a progress bar')
  await page.keyboard.press('Space')
  await tabTo(page, 'Let people go back to earlier questions')
  await page.keyboard.press('Space')
  await tabTo(page, 'Each link works once (single-use links)')
  await page.keyboard.press('Space')
  await tabTo(page, 'Ask for a PIN before the survey')
  await page.keyboard.press('Space')
  await tabTo(page, 'PIN (four digits)')
  await page.keyboard.type('4821')
  await tabTo(page, 'Page title')
  await page.keyboard.type('Tell us about pricing')
  await tabTo(page, 'Description')
  await page.keyboard.type('Two minutes, one question')
  await tabTo(page, 'Image address (https://…)')
  await page.keyboard.type('https://example.com/og.png')
  await noSeriousViolations(page, 'the link settings filled in')

  // In-app: the type's radio buttons, by arrow key.
  await tabTo(page, 'By a link (a page of its own)', true)
  await page.keyboard.press('ArrowDown')
  await page.locator('#cse-triggers').waitFor()
  await tabTo(page, 'Action')
  await choose(page, existing.id)
  await page.keyboard.press('Tab')
  await page.keyboard.press('Enter')
  await waitFor('the focus on the added action', async () => (await focused(page)).name === 'Remove: Opened pricing', {
    timeoutMs: 5000,
    everyMs: 20,
  })
  await tabTo(page, 'Name')
  await page.keyboard.type('Clicked upgrade')
  await tabTo(page, 'Key your code sends')
  await page.keyboard.type('upgrade-clicked')
  await tabTo(page, 'Make action and add it')
  await page.keyboard.press('Enter')
  await waitFor('the made action chosen', async () => (await focused(page)).name === 'Remove: Clicked upgrade', {
    timeoutMs: 5000,
    everyMs: 20,
  })
  const made = (await api('GET', '/api/v1/management/action-classes')).find((action: { key: string }) => action.key === 'upgrade-clicked')
  assert.ok(made, 'the code action is made')

  await tabTo(page, 'Everyone')
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('ArrowDown')
  await waitFor('the first condition', async () => (await focused(page)).name === 'Attribute', { timeoutMs: 5000, everyMs: 20 })
  await choose(page, 'plan')
  await tabTo(page, 'Value')
  await page.keyboard.type('pro')

  await tabTo(page, 'Days to wait before showing any survey again to the same person')
  await page.keyboard.type('7')
  await tabTo(page, 'Show to this share of people (%)')
  await page.keyboard.type('50')
  await tabTo(page, 'Seconds to wait after the action')
  await page.keyboard.press('Control+A')
  await page.keyboard.type('5')
  await tabTo(page, 'Where on the screen')
  await choose(page, 'center')
  await tabTo(page, 'Darken the page behind it')
  await page.keyboard.press('Space')
  await tabTo(page, 'Close it when people click outside')
  await page.keyboard.press('Space')
  await noSeriousViolations(page, 'the in-app settings filled in')

  await page.keyboard.press('Control+S')
  await waitFor('the save', async () => (await saves(page)) === 1, { timeoutMs: 15_000 })
  const stored = await api('GET', `/api/v3/surveys/${surveyId}`)
  const filter = stored.targeting.filters[0]
  assert.equal(
    {
      type: stored.type,
      closeOn: stored.closeOn,
      autoComplete: stored.autoComplete,
      styling: stored.styling,
      isBackButtonHidden: stored.isBackButtonHidden,
      singleUse: stored.singleUse,
      pin: stored.pin,
      metadata: stored.metadata,
      distribution: stored.distribution,
      targeting: stored.targeting,
      workspaceOverwrites: stored.workspaceOverwrites,
    },
    {
      type: 'app',
      closeOn,
      autoComplete: 250,
      styling: { overwriteThemeStyling: true, hideProgressBar: true },
      isBackButtonHidden: true,
      singleUse: { enabled: true, isEncrypted: true },
      pin: '4821',
      metadata: {
        title: { 'en-US': 'Tell us about pricing' },
        description: { 'en-US': 'Two minutes, one question' },
        ogImage: 'https://example.com/og.png',
      },
      distribution: {
        displayOption: 'displayOnce',
        displayPercentage: 50,
        displayLimit: null,
        recontactDays: 7,
        autoClose: null,
        autoComplete: 250,
        delay: 5,
        triggers: [{ actionClassId: existing.id }, { actionClassId: made.id }],
      },
      targeting: {
        filters: [
          {
            id: filter?.id,
            connector: null,
            resource: {
              id: filter?.resource?.id,
              root: { type: 'attribute', contactAttributeKey: 'plan' },
              qualifier: { operator: 'equals' },
              value: 'pro',
            },
          },
        ],
      },
      workspaceOverwrites: { placement: 'center', darkOverlay: true, clickOutsideClose: false },
    },
  )
  await context.close()
})

test.run()
