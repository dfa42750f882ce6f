/**
 * The console in headless Chromium against a real Canvass (the test bed), keyboard only (Tab, Shift+Tab, Enter,
 * arrows and typing; the only focus set by hand is the page's start): a survey made from a template (opened in
 * the editor), published,
 * its link copied; responses seen in the summary and in the table with a filter, one response in full, the
 * filtered export; the survey deleted through a confirmation that names it. axe-core finds no serious or
 * critical violation on any screen, and the page logs no error (a CSP refusal included).
 *
 * Served by core's own `/console` page (its nonce CSP, its boot data) with the built bundle and the editor's;
 * people sign in on the accounts mode's sign-in page (an owner, and a viewer for the viewer's test), so the
 * server checks every console call: the session, the CSRF token of a change, the environment and the role.
 */
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { createTestCanvass, skipSuiteUnless, waitFor } from '@canvass/test-bed'
import type { TestCanvass } from '@canvass/test-bed'
import { axeViolations, chromiumMissing, launchChromium, releaseChromium } from '@canvass/test-bed/chromium'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { addPerson, signIn } from './sign-in'

const bundle = readFile(new URL('../dist/console.js', import.meta.url), 'utf8')
const editorBundle = readFile(createRequire(import.meta.url).resolve('@canvass/editor/editor.js'), 'utf8')
const OWNER = 'owner@example.org'
const VIEWER = 'viewer@example.org'

const test = skipSuiteUnless(suite('the console, keyboard only: a survey from a template to its results'), chromiumMissing())
let bed: TestCanvass & { url: string }
let browser: Browser
let context: BrowserContext

test.before(async () => {
  browser = await launchChromium()
  const created = await createTestCanvass({ console: { accounts: true, bundle: await bundle }, editor: await editorBundle })
  bed = Object.assign(created, { url: await created.listen() })
  await addPerson(bed, OWNER, 'owner')
  await addPerson(bed, VIEWER, 'viewer')
  context = await signedIn(OWNER)
})
test.after(async () => {
  await context?.close()
  if (browser) await releaseChromium()
  await bed?.close()
})

interface Focused {
  tag: string
  name: string
  value: string
}

/** The focused control and its accessible name as its label, aria-label or text gives it. */
const focused = (on: Page): Promise<Focused> =>
  on.evaluate(() => {
    const active = document.activeElement as HTMLInputElement | null
    if (!active || active === document.body) return { tag: 'body', name: '', value: '' }
    const label = active.labels?.[0]
    const own = label
      ? [...label.childNodes]
          .filter((node) => node.nodeType === Node.TEXT_NODE)
          .map((node) => node.textContent)
          .join('')
      : null
    const name = active.getAttribute('aria-label') ?? (own?.trim() || null) ?? active.textContent ?? ''
    return { tag: active.tagName.toLowerCase(), name: name.trim(), value: active.value ?? '' }
  })

/** Presses Tab (or Shift+Tab) until the focused control is named `name`. */
async function tabTo(on: Page, name: string, back = false): Promise<Focused> {
  for (let presses = 0; presses < 120; presses++) {
    const now = await focused(on)
    if (now.name === name) return now
    await on.keyboard.press(back ? 'Shift+Tab' : 'Tab')
  }
  assert.unreachable(`"${name}" not reached by ${back ? 'Shift+Tab' : 'Tab'}; focus: ${JSON.stringify(await focused(on))}`)
  throw new Error('unreachable')
}

/** Presses `key` on the focused select until its value is `value`. */
async function choose(on: Page, value: string, key = 'ArrowDown'): Promise<void> {
  for (let presses = 0; presses < 30; presses++) {
    if ((await focused(on)).value === value) return
    await on.keyboard.press(key)
  }
  assert.unreachable(`select did not reach ${value}`)
}

async function noViolations(on: Page, where: string): Promise<void> {
  const violations = await axeViolations(on)
  assert.equal(violations, [], `axe at ${where}`)
}

const textOf = (on: Page, selector: string) => on.locator(selector).innerText()

/** A browser profile in which `email` is signed in to the console. */
async function signedIn(email: string): Promise<BrowserContext> {
  const made = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true })
  await made.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: bed.url })
  await signIn(bed.url, made, email)
  return made
}

/** The CSRF token of the console page open in `on`, as the server gave it in the boot data. */
const csrfOf = (on: Page) =>
  on.evaluate(() => JSON.parse(document.getElementById('canvass-console-boot')?.textContent ?? '{}').csrfToken as string)

/** A change the page itself sends with `fetch`: a new survey in `environment`, with the console's headers. */
const createFromPage = (on: Page, environment: string, csrf: string | null) =>
  on.evaluate(
    async ({ environment, csrf }) => {
      const headers: Record<string, string> = {
        'content-type': 'application/json',
        'x-canvass-console': '1',
        'x-canvass-environment': environment,
      }
      if (csrf !== null) headers['x-canvass-csrf'] = csrf
      const body = JSON.stringify({ name: 'From the page', questions: [{ id: 'q', type: 'openText', headline: { default: 'Why?' } }] })
      const res = await fetch('/api/v1/management/surveys', { method: 'POST', headers, body })
      return { status: res.status, body: await res.json() }
    },
    { environment, csrf },
  )

test('a survey from a template, published, shared, answered, read in the summary and the table, exported, deleted', async () => {
  const tab = await context.newPage()
  const errors: string[] = []
  tab.on('pageerror', (error) => errors.push(error.message))
  tab.on('console', (message) => message.type() === 'error' && errors.push(message.text()))
  await tab.goto(`${bed.url}/console#/surveys`)
  await tab.locator('h1', { hasText: 'Surveys' }).waitFor()
  await tab.locator('text=No surveys yet').waitFor()
  await noViolations(tab, 'the empty surveys list')
  assert.is(await textOf(tab, '.cv-project'), 'Test project')
  assert.match(await textOf(tab, '.cv-person'), 'owner@example.org')

  // A new survey from the NPS template, named by the keyboard: it opens in the editor.
  await tabTo(tab, 'Name (optional)')
  await tab.keyboard.type('Console NPS')
  await tabTo(tab, 'Templates for')
  await choose(tab, 'NPS and satisfaction')
  await tabTo(tab, 'Use template Net Promoter Score')
  await tab.keyboard.press('Enter')
  await tab.locator('h1', { hasText: 'Console NPS' }).waitFor()
  assert.match(tab.url(), /#\/surveys\/[^/]+\/edit$/)
  const surveyId = decodeURIComponent(tab.url().split('#/surveys/')[1]?.split('/')[0] ?? '')
  assert.match(await textOf(tab, '.cv-badge'), 'Draft')

  // Published (back from the editor, which has the focus), then its Share tab.
  await waitFor('the focus in the editor', () =>
    tab.evaluate(() => document.activeElement === document.querySelector('canvass-survey-editor')),
  )
  await tabTo(tab, 'Publish', true)
  await tab.keyboard.press('Enter')
  await tab.locator('.cv-badge', { hasText: 'In progress' }).waitFor()
  await tab.locator('[role=status]', { hasText: 'Published' }).waitFor()
  await tabTo(tab, 'Share')
  await tab.keyboard.press('Enter')
  await tab.getByRole('button', { name: 'Copy survey link' }).waitFor()
  const stored = await bed.call('GET', `/api/v1/management/surveys/${surveyId}`, { key: bed.keyA })
  assert.is(stored.body.data.status, 'inProgress')
  assert.is(stored.body.data.questions[0].type, 'nps')

  // Its link, copied.
  await tabTo(tab, 'Copy survey link')
  await tab.keyboard.press('Enter')
  await tab.locator('[role=status]', { hasText: 'Copied' }).waitFor()
  assert.is(await tab.evaluate(() => navigator.clipboard.readText()), `${bed.url}/s/${surveyId}`)
  await noViolations(tab, 'the share screen of a published survey')

  // The results shared, then a response on the link page and one through the client API.
  await tabTo(tab, 'Share the results')
  await tab.keyboard.press('Enter')
  await tab.locator('#cv-results-link').waitFor()
  assert.match(await tab.locator('#cv-results-link').inputValue(), new RegExp(`^${bed.url}/share/`))
  for (const [score, reason] of [
    [9, 'Great support'],
    [3, 'Too slow'],
  ] as const) {
    const given = await bed.call('POST', `/api/v1/client/${bed.envA}/responses`, {
      body: { surveyId, finished: true, data: { nps: score, reason } },
    })
    assert.is(given.status, 200, given.text)
  }

  // The summary: the NPS with its score, its groups in words.
  await tabTo(tab, 'Summary')
  await tab.keyboard.press('Enter')
  await tab.locator('.cv-score-value').waitFor()
  assert.is(await textOf(tab, '.cv-score-value'), '0', 'one promoter and one detractor: a score of 0')
  assert.match(await textOf(tab, '.cv-legend:not(.cv-funnel-legend)'), 'Promoters (9–10): 1 (50%)')
  assert.match(await textOf(tab, '.cv-stats'), /Responses\s*2/)
  await tab.locator('#cv-over-time ~ figure svg').waitFor()
  await noViolations(tab, 'the summary')

  // The table, then a filter: an NPS of at least 9.
  await tabTo(tab, 'Responses')
  await tab.keyboard.press('Enter')
  await tab.locator('[role=status]', { hasText: '2 responses match' }).waitFor()
  await noViolations(tab, 'the responses table')
  await tabTo(tab, 'Add a condition')
  await tab.keyboard.press('Enter')
  await tabTo(tab, 'Field')
  assert.is((await focused(tab)).value, 'data.nps')
  await tabTo(tab, 'Test')
  await choose(tab, 'gte')
  await tabTo(tab, 'Value')
  await tab.keyboard.type('9')
  await tabTo(tab, 'Apply filters')
  await tab.keyboard.press('Enter')
  await tab.locator('[role=status]', { hasText: '1 response matches' }).waitFor()
  const rows = await tab.locator('table tbody tr').allInnerTexts()
  assert.is(rows.length, 1)
  assert.match(rows[0] ?? '', 'Great support')
  await noViolations(tab, 'the filtered responses table')

  // The filtered export, as CSV then as Excel: each through a signed link the browser downloads by navigation
  // (never a script's fetch of the body), with the filter in its query.
  const exportRequests: Array<{ url: string; navigation: boolean }> = []
  tab.on('request', (request) => {
    if (request.url().includes('/responses/export')) exportRequests.push({ url: request.url(), navigation: request.isNavigationRequest() })
  })
  const download = tab.waitForEvent('download')
  await tabTo(tab, 'Export CSV')
  await tab.keyboard.press('Enter')
  const file = await download
  assert.match(file.url(), /\/api\/v1\/management\/responses\/export\/download\?/)
  assert.match(decodeURIComponent(file.url()), 'filter[data.nps][gte]=9', 'the link carries the filter')
  assert.match(file.suggestedFilename(), /^Console NPS.* responses \d{4}-\d{2}-\d{2}\.csv$/)
  const csv = await readFile((await file.path()) ?? '', 'utf8')
  assert.match(csv, 'Great support')
  assert.not.match(csv, 'Too slow', 'the export takes the filters')
  await tab.getByTestId('export-status').getByText('Your CSV download has started').waitFor()
  assert.is((await focused(tab)).name, 'Export CSV', 'the focus stays on the button')
  const excel = tab.waitForEvent('download')
  await tabTo(tab, 'Export Excel (XLSX)')
  await tab.keyboard.press('Enter')
  const workbook = await excel
  assert.match(workbook.suggestedFilename(), /\.xlsx$/)
  const bytes = await readFile((await workbook.path()) ?? '')
  assert.is(bytes.subarray(0, 2).toString('latin1'), 'PK', 'a zip, as XLSX is')
  await noViolations(tab, 'the export started')
  // The page's own requests: the two links asked for, and never the file (the browser's download took it).
  assert.equal(
    exportRequests.map((request) => [new URL(request.url).pathname, request.navigation]),
    [
      ['/api/v1/management/responses/export-links', false],
      ['/api/v1/management/responses/export-links', false],
    ],
    'no script fetched the file',
  )
  assert.match(workbook.url(), /\/api\/v1\/management\/responses\/export\/download\?.*format=xlsx/)

  // One response in full: its row's link is named by when it came.
  await tabTo(tab, await tab.locator('table tbody a').first().innerText())
  await tab.keyboard.press('Enter')
  await tab.locator('h2', { hasText: 'Response of' }).waitFor()
  assert.match(await textOf(tab, 'dl.cv-answers'), 'Great support')
  await noViolations(tab, 'one response')

  // The list, searched, then the survey deleted through a confirmation that names it (Escape cancels first).
  await tabTo(tab, 'Surveys', true)
  await tab.keyboard.press('Enter')
  await tab.locator('h1', { hasText: 'Surveys' }).waitFor()
  await tab.locator('table tbody tr', { hasText: 'Console NPS' }).waitFor()
  assert.match(await tab.locator('table tbody tr').innerText(), /In progress\s*2\s*2 \(100%\)/)
  await tabTo(tab, 'Search by name')
  await tab.keyboard.type('nothing like it')
  await tab.keyboard.press('Enter')
  await tab.locator('text=No survey matches this search.').waitFor()
  await noViolations(tab, 'a search that finds nothing')
  await tabTo(tab, 'Search by name', true)
  await tab.keyboard.press('Control+A')
  await tab.keyboard.type('console')
  await tab.keyboard.press('Enter')
  await tab.locator('table tbody tr', { hasText: 'Console NPS' }).waitFor()
  await tabTo(tab, 'Console NPS')
  await tab.keyboard.press('Enter')
  await tab.locator('h1', { hasText: 'Console NPS' }).waitFor()
  await tabTo(tab, 'Delete')
  await tab.keyboard.press('Enter')
  await tab.locator('dialog[open]').waitFor()
  assert.match(await textOf(tab, 'dialog[open] h2'), 'Delete the survey “Console NPS”?')
  await noViolations(tab, 'the delete confirmation')
  await tab.keyboard.press('Escape')
  await waitFor('the dialog to close', async () => (await tab.locator('dialog[open]').count()) === 0)
  assert.is((await bed.call('GET', `/api/v1/management/surveys/${surveyId}`, { key: bed.keyA })).status, 200)
  await tabTo(tab, 'Delete')
  await tab.keyboard.press('Enter')
  await tab.locator('dialog[open]').waitFor()
  await tabTo(tab, 'Delete “Console NPS”')
  await tab.keyboard.press('Enter')
  await tab.locator('h1', { hasText: 'Surveys' }).waitFor()
  await tab.locator('text=No surveys yet').waitFor()
  assert.is((await bed.call('GET', `/api/v1/management/surveys/${surveyId}`, { key: bed.keyA })).status, 404)

  assert.equal(errors, [], 'the page logged no error')
  // Every change above passed the server's CSRF check; one without the page's token is refused.
  const bare = await createFromPage(tab, bed.envA, null)
  assert.is(bare.status, 403, JSON.stringify(bare.body))
  assert.match(JSON.stringify(bare.body), 'CSRF')
  await tab.close()
})

test('a viewer reads results but is offered no change; the environment switch shows the other environment', async () => {
  const made = await bed.call('POST', '/api/v1/management/surveys', {
    key: bed.keyB,
    body: { name: 'Development only', status: 'inProgress', questions: [{ id: 'q', type: 'openText', headline: { default: 'Why?' } }] },
  })
  assert.is(made.status, 200, made.text)
  const id = made.body.data.id
  const viewer = await signedIn(VIEWER)
  const tab = await viewer.newPage()
  const errors: string[] = []
  tab.on('pageerror', (error) => errors.push(error.message))
  await tab.goto(`${bed.url}/console#/surveys`)
  await tab.locator('h1', { hasText: 'Surveys' }).waitFor()
  await tab.locator('text=No surveys yet').waitFor()
  assert.is(await tab.locator('text=New survey').count(), 0, 'a viewer is offered no new survey')
  assert.match(await textOf(tab, '.cv-role'), 'viewer')

  await tabTo(tab, 'Environment', true)
  await choose(tab, bed.envB)
  await tab.locator('table tbody tr', { hasText: 'Development only' }).waitFor()
  await noViolations(tab, "a viewer's surveys list")
  await tabTo(tab, 'Development only')
  await tab.keyboard.press('Enter')
  await tab.locator('h1', { hasText: 'Development only' }).waitFor()
  await tab.locator('.cv-stats').waitFor()
  assert.is(await tab.locator('[aria-label="Survey actions"]').count(), 0, 'no status actions for a viewer')
  assert.equal(await tab.locator('.cv-tabs a').allInnerTexts(), ['Summary', 'Responses', 'Share'])
  await noViolations(tab, "a viewer's summary")
  assert.ok(tab.url().includes(encodeURIComponent(id)) || tab.url().includes(id))

  // An app survey's Share tab: the widget snippet with this environment's id.
  const app = await bed.call('POST', '/api/v1/management/surveys', {
    key: bed.keyB,
    body: { name: 'In the app', type: 'app', questions: [{ id: 'q', type: 'openText', headline: { default: 'Why?' } }] },
  })
  assert.is(app.status, 200, app.text)
  await tab.goto(`${bed.url}/console#/surveys/${app.body.data.id}/share`)
  await tab.locator('h1', { hasText: 'In the app' }).waitFor()
  const snippet = await tab.locator('#cv-widget-snippet').inputValue()
  assert.match(snippet, `workspaceId: '${bed.envB}'`)
  assert.match(snippet, `<script src="${bed.url}/js/formbricks.umd.cjs"></script>`)
  assert.is(await tab.getByRole('button', { name: 'Share the results' }).count(), 0, 'a viewer cannot share results')
  await noViolations(tab, "an app survey's share tab")
  assert.equal(errors, [])

  // The server holds the line too: a change sent from the viewer's page, with its own headers and CSRF token, is
  // refused for the role.
  const tried = await createFromPage(tab, bed.envB, await csrfOf(tab))
  assert.is(tried.status, 403, JSON.stringify(tried.body))
  assert.equal(tried.body.details, { role: 'viewer', needed: 'editor' })
  const surveys = await bed.call('GET', '/api/v1/management/surveys', { key: bed.keyB })
  assert.not.ok(JSON.stringify(surveys.body).includes('From the page'), 'nothing was made')
  await viewer.close()
})

test('Preview opens the draft link page; Edit opens the editor inside the console, handed the console headers', async () => {
  const made = await bed.call('POST', '/api/v1/management/surveys', {
    key: bed.keyA,
    body: { name: 'To edit', questions: [{ id: 'q', type: 'openText', headline: { default: 'Why?' } }] },
  })
  assert.is(made.status, 200, made.text)
  const id = made.body.data.id
  const tab = await context.newPage()
  const refusedByCsp: string[] = []
  tab.on('console', (message) => /Content Security Policy/i.test(message.text()) && refusedByCsp.push(message.text()))
  await tab.goto(`${bed.url}/console#/surveys/${id}/results`)
  await tab.locator('h1', { hasText: 'To edit' }).waitFor()
  // Preview: the draft's link page with a preview token, in a new tab.
  const opened = context.waitForEvent('page')
  await tabTo(tab, 'Preview')
  await tab.keyboard.press('Enter')
  const preview = await opened
  await preview.waitForLoadState()
  assert.match(preview.url(), new RegExp(`^${bed.url}/s/${id}\\?preview=`))
  await preview.close()
  await tabTo(tab, 'Edit')
  await tab.keyboard.press('Enter')
  await tab.locator('canvass-survey-editor').waitFor({ state: 'attached' })
  const editor = await tab.evaluate(() => {
    const element = document.querySelector('canvass-survey-editor') as HTMLElement & { requestHeaders?: Record<string, string> }
    return {
      defined: customElements.get('canvass-survey-editor') !== undefined,
      surveyId: element.getAttribute('survey-id'),
      workspaceId: element.getAttribute('workspace-id'),
      api: element.getAttribute('api'),
      headers: element.requestHeaders,
    }
  })
  assert.equal(editor, {
    defined: true,
    surveyId: id,
    workspaceId: bed.projectId,
    api: bed.url,
    headers: { 'x-canvass-console': '1', 'x-canvass-csrf': await csrfOf(tab), 'x-canvass-environment': bed.envA },
  })
  // The editor's script and its styles run under the page's nonce (its `nonce` attribute): the page's CSP refuses
  // nothing, and the editor's shadow root is styled.
  await waitFor('the editor to render', () =>
    tab.evaluate(() => (document.querySelector('canvass-survey-editor')?.shadowRoot?.querySelector('style') ?? null) !== null),
  )
  assert.equal(refusedByCsp, [], 'the editor loads and is styled under the console page CSP')
  const styled = await tab.evaluate(() => {
    const style = document.querySelector('canvass-survey-editor')?.shadowRoot?.querySelector('style')
    return (style?.sheet?.cssRules.length ?? 0) > 0
  })
  assert.ok(styled, "the editor's style sheet applies")
  await tab.close()
  await bed.call('DELETE', `/api/v1/management/surveys/${id}`, { key: bed.keyA })
})

test('a single-use survey in two languages makes single-use links, each on the link page with its id, and a link per language', async () => {
  const made = await bed.call('POST', '/api/v1/management/surveys', {
    key: bed.keyA,
    body: {
      name: 'Once each',
      status: 'inProgress',
      singleUse: { enabled: true, isEncrypted: false },
      languages: [
        { default: true, enabled: true, language: { code: 'en-US', alias: null } },
        { default: false, enabled: true, language: { code: 'de-DE', alias: null } },
      ],
      questions: [{ id: 'q', type: 'openText', headline: { default: 'Why?', 'de-DE': 'Warum?' } }],
    },
  })
  assert.is(made.status, 200, made.text)
  const id = made.body.data.id
  const tab = await context.newPage()
  await tab.goto(`${bed.url}/console#/surveys/${id}/share`)
  await tab.locator('h1', { hasText: 'Once each' }).waitFor()
  assert.equal(
    [await tab.locator('#cv-survey-link-en-US').inputValue(), await tab.locator('#cv-survey-link-de-DE').inputValue()],
    [`${bed.url}/s/${id}?lang=en-US`, `${bed.url}/s/${id}?lang=de-DE`],
  )
  assert.is(await tab.getByLabel('Link in German (Germany)').count(), 1, 'each link labelled by its language')
  await tabTo(tab, 'How many (1 to 5,000)')
  await tab.keyboard.press('Control+A')
  await tab.keyboard.type('3')
  await tabTo(tab, 'Make links')
  await tab.keyboard.press('Enter')
  await tab.locator('#cv-single-use').waitFor()
  const links = (await tab.locator('#cv-single-use').inputValue()).split('\n')
  assert.is(links.length, 3)
  for (const link of links) assert.match(link, new RegExp(`^${bed.url}/s/${id}\\?suid=[^&]+$`))
  assert.is(new Set(links).size, 3)
  await noViolations(tab, 'single-use links')
  const answer = await fetch(links[0] ?? '')
  assert.is(answer.status, 200, 'the link page takes a single-use link')
  await tab.close()
  await bed.call('DELETE', `/api/v1/management/surveys/${id}`, { key: bed.keyA })
})

test('a malformed hash shows the console with a "Page not found" notice, its heading focused, and a way back', async () => {
  const tab = await context.newPage()
  const errors: string[] = []
  tab.on('pageerror', (error) => errors.push(error.message))
  tab.on('console', (message) => message.type() === 'error' && errors.push(message.text()))
  // `%E0%A4%A` is no escape `decodeURIComponent` can read: any link may carry one.
  await tab.goto(`${bed.url}/console#/%E0%A4%A`)
  await tab.locator('h1', { hasText: 'Page not found' }).waitFor()
  assert.is((await focused(tab)).name, 'Page not found', 'the notice opens with its heading focused')
  assert.ok(await tab.locator('.cv-header').isVisible(), "the console's header is there")
  assert.is(await tab.locator('nav[aria-label=Console] a[aria-current=page]').count(), 0, 'no screen is the current one')
  await noViolations(tab, 'the not-found notice')
  await tabTo(tab, 'Go to the surveys')
  await tab.keyboard.press('Enter')
  await tab.locator('h1', { hasText: 'Surveys' }).waitFor()
  assert.match(tab.url(), /#\/surveys$/)
  assert.equal(errors, [])
  await tab.close()
})

test.run()
