/**
 * The editor's quotas panel in headless Chromium against a real Canvass, keyboard only: a quota with a
 * condition, a limit and an ending is refused first without a name (the problem said at the field, which takes
 * the focus), then saved on its own; it reads back through the quota routes as built; a response that meets
 * it is counted, and "Refresh counts" shows the quota full. A survey not saved yet says it has no quotas yet.
 * axe finds no serious or critical violation. The editor is served by Canvass (`/js/editor.js`) and holds an
 * editor token of the survey, as a host app's page would.
 */
import { readFile } from 'node:fs/promises'
import { createTestCanvass, skipSuiteUnless } from '@canvass/test-bed'
import type { TestCanvass } from '@canvass/test-bed'
import { axeViolations, chromiumMissing, launchChromium, releaseChromium } from '@canvass/test-bed/chromium'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'

const PAGE = (surveyId: string, token: string) => `<!doctype html><html lang="en"><meta charset="utf-8">
<link rel="icon" href="data:,"><title>Host app</title>
<canvass-survey-editor id="editor" ${surveyId ? `survey-id="${surveyId}"` : ''} token="${token}"></canvass-survey-editor>
<script type="module">
  window.events = []
  for (const name of ['canvass-load', 'canvass-error'])
    document.addEventListener(name, (event) => window.events.push([name, event.detail]))
  document.getElementById('editor').setAttribute('api', location.origin)
  await import('/js/editor.js')
</script>
</html>`

const test = skipSuiteUnless(suite('the quotas panel, keyboard only'), chromiumMissing())
let bed: TestCanvass & { url: string }
let browser: Browser
let context: BrowserContext

test.before(async () => {
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
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
})
test.after(async () => {
  await context?.close()
  if (browser) await releaseChromium()
  await bed?.close()
})

/** The focused control inside the editor's shadow root: its tag, its label's (or its own) text, its value. */
const focused = (page: Page) =>
  page.evaluate(() => {
    let element = document.activeElement as HTMLInputElement | null
    while (element?.shadowRoot?.activeElement) element = element.shadowRoot.activeElement as HTMLInputElement
    const label = element?.labels?.[0]
    const name = label ? (label.querySelector('span')?.textContent ?? label.textContent) : element?.textContent
    return { tag: element?.tagName.toLowerCase() ?? '', name: (name ?? '').trim(), value: element?.value ?? '', checked: element?.checked }
  })

/** Presses Tab (Shift+Tab `back`) until the focused control's name is `name`. */
async function tabTo(page: Page, name: string, back = false): Promise<void> {
  for (let i = 0; i < 250; i++) {
    if ((await focused(page)).name === name) return
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab')
  }
  assert.unreachable(`no control named ${name} reached by ${back ? 'Shift+Tab' : 'Tab'}; focus: ${JSON.stringify(await focused(page))}`)
}

/** Waits until the focused control is named `name`: the panel moves the focus after its render. */
async function focusLandsOn(page: Page, name: string): Promise<void> {
  await page
    .waitForFunction(
      (wanted) => {
        let element = document.activeElement as HTMLInputElement | null
        while (element?.shadowRoot?.activeElement) element = element.shadowRoot.activeElement as HTMLInputElement
        const label = element?.labels?.[0]
        const text = label ? (label.querySelector('span')?.textContent ?? label.textContent) : element?.textContent
        return (text ?? '').trim() === wanted
      },
      name,
      { timeout: 5000 },
    )
    .catch(() => {})
  assert.is((await focused(page)).name, name)
}

const shadowText = (page: Page, selector: string) => page.locator(`#editor ${selector}`).allInnerTexts()

async function editorToken(surveyId?: string): Promise<string> {
  const minted = await bed.call('POST', '/api/v1/management/editor-tokens', {
    key: bed.keyA,
    body: { workspaceId: bed.projectId, ...(surveyId ? { surveyId } : {}) },
  })
  assert.is(minted.status, 200, minted.text)
  return minted.body.data.token
}

async function openEditor(surveyId: string): Promise<Page> {
  const page = await context.newPage()
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(String(error)))
  await page.goto(`${bed.url}/host/?survey=${surveyId}&token=${encodeURIComponent(await editorToken(surveyId || undefined))}`)
  if (surveyId)
    await page.waitForFunction(() => (globalThis as any).events.some((e: [string]) => e[0] === 'canvass-load'), null, { timeout: 15_000 })
  assert.equal(errors, [])
  return page
}

async function noViolations(page: Page, where: string) {
  assert.equal(await axeViolations(page), [], `axe at ${where}`)
}

test('a quota with a condition, a limit and an ending: refused without a name, saved, read back, counted', async () => {
  const made = await bed.call('POST', '/api/v1/management/surveys', {
    key: bed.keyA,
    body: {
      name: 'Plans',
      status: 'inProgress',
      questions: [
        {
          id: 'plan',
          type: 'multipleChoiceSingle',
          headline: { default: 'Your plan?' },
          required: true,
          choices: [
            { id: 'pro', label: { default: 'Pro' } },
            { id: 'free', label: { default: 'Free' } },
          ],
        },
      ],
      endings: [{ id: 'full', type: 'endScreen', headline: { default: 'We have enough answers' } }],
    },
  })
  assert.is(made.status, 200, made.text)
  const surveyId = made.body.data.id
  const page = await openEditor(surveyId)
  await page.locator('#cse-view-questions').waitFor()

  // The Quotas tab is the last of the editor's tabs: End shows it, and Tab goes on into it.
  await tabTo(page, 'Questions')
  await page.keyboard.press('End')
  await focusLandsOn(page, 'Quotas')
  await page.locator('#editor', { hasText: 'This survey has no quotas yet.' }).waitFor()
  await tabTo(page, 'Add quota')
  await page.keyboard.press('Enter')
  await focusLandsOn(page, 'Name')

  // Saved without a name: the problem is said at the field, which takes the focus.
  await tabTo(page, 'Save quota')
  await page.keyboard.press('Enter')
  await focusLandsOn(page, 'Name')
  assert.equal(await shadowText(page, '#cse-quota-name-problem'), ['Give the quota a name.'])
  assert.is(await page.locator('#editor #cse-quota-name').getAttribute('aria-invalid'), 'true')
  await page.keyboard.type('Pro plan')

  await tabTo(page, 'Limit (responses)')
  await page.keyboard.press('Control+A')
  await page.keyboard.type('1')
  await tabTo(page, 'Add condition')
  await page.keyboard.press('Enter')
  await focusLandsOn(page, 'Question, variable or hidden field')
  await tabTo(page, 'Choice')
  await page.keyboard.press('ArrowDown')
  assert.is((await focused(page)).value, 'pro')
  await tabTo(page, 'End the survey for the respondent')
  assert.is((await focused(page)).checked, true, 'a quota ends the survey at its first ending by default')
  await tabTo(page, 'Ending shown')
  assert.is((await focused(page)).value, 'full')
  await noViolations(page, 'the quota form')
  await tabTo(page, 'Save quota')
  await page.keyboard.press('Enter')
  await focusLandsOn(page, 'Edit Pro plan')
  assert.equal(await shadowText(page, '#cse-quotas .cse-status'), ['Quota "Pro plan" saved'])

  const stored = await bed.call('GET', `/api/v1/management/surveys/${surveyId}/quotas`, { key: bed.keyA })
  assert.is(stored.status, 200, stored.text)
  const [quota] = stored.body.data
  assert.equal(
    { ...quota, id: undefined, createdAt: undefined, updatedAt: undefined, logic: { ...quota.logic, conditions: undefined } },
    {
      id: undefined,
      createdAt: undefined,
      updatedAt: undefined,
      surveyId,
      name: 'Pro plan',
      limit: 1,
      logic: { connector: 'and', conditions: undefined },
      action: 'endSurvey',
      endingCardId: 'full',
      countPartialSubmissions: false,
      count: 0,
    },
  )
  assert.equal(
    quota.logic.conditions.map((c: any) => [c.leftOperand, c.operator, c.rightOperand]),
    [[{ type: 'element', value: 'plan' }, 'equals', { type: 'static', value: 'pro' }]],
  )
  assert.equal(await shadowText(page, '.cse-quota-count'), ['0 of 1 responses'])

  // A respondent who meets the quota is counted; the panel shows it on refresh.
  const answered = await bed.call('POST', `/api/v2/client/${bed.envA}/responses`, {
    body: { surveyId, finished: true, data: { plan: 'Pro' } },
  })
  assert.is(answered.status, 200, answered.text)
  await tabTo(page, 'Refresh counts')
  await page.keyboard.press('Enter')
  await page.locator('#editor .cse-quota-count', { hasText: '1 of 1 responses' }).waitFor()
  assert.ok((await shadowText(page, '#cse-quotas .cse-card-head')).some((text) => text.includes('Full')))
  await noViolations(page, 'the quota list')
  await page.close()

  // A survey not saved yet has no quotas: the panel says so in words.
  const fresh = await openEditor('')
  await fresh.locator('#cse-view-quotas').click()
  await fresh.locator('#editor', { hasText: 'Save the survey first.' }).waitFor()
  await fresh.close()
})

test.run()
