/**
 * Issue 72's "done when", end to end: the built standalone server as a real process, on PGlite and (with
 * TEST_DATABASE_URL) on Postgres, driven in headless Chromium with the keyboard only.
 *
 * - The owner opens the first-owner link the first start prints, gives an email and lands on `/console`; makes a
 *   survey from the NPS template, which opens in the editor inside the console, edits its question (Ctrl+S),
 *   publishes it, copies its link; answers it on the link page in another tab; sees the answer in the summary and
 *   in the responses table with a filter, exports it as CSV; creates a webhook to a loopback receiver of this test and
 *   sees its delivery in the log; creates and revokes an API key; reads the audit log, where the changes stand
 *   under `console: <email>`. axe-core finds no serious or critical violation on any screen, and no page asks
 *   another origin for anything.
 * - A viewer added with `canvass users add` signs in with its one-time link in a fresh context and reads the
 *   summary; its session (cookie and the boot's CSRF token) is then refused every change through the API by the
 *   server itself (403 naming the role), and the survey is unchanged.
 */
import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import { skipSuiteUnless, waitFor } from '@canvass/test-bed'
import { axeViolations, chromiumMissing, launchChromium, releaseChromium } from '@canvass/test-bed/chromium'
import { TEST_NODE_FLAGS } from '@canvass/test-utils'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { e2eBackends } from './backends'
import { startServer } from './server'
import type { RunningServer } from './server'

const CLI = fileURLToPath(new URL('../dist/cli.js', import.meta.url))
const OWNER = 'owner@example.com'
const VIEWER = 'viewer@example.com'
const HEADLINE = 'How likely are you to recommend Canvass?'

/** The built CLI as a real process on `env` (and the PATH only); resolves with its stdout, rejects on failure. */
function cli(env: Record<string, string>, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [...TEST_NODE_FLAGS, CLI, ...args],
      { env: { PATH: process.env.PATH ?? '', ...env }, timeout: 60_000 },
      (error, stdout, stderr) => (error ? reject(new Error(`canvass ${args.join(' ')}: ${stderr}`)) : resolve(stdout)),
    )
  })
}

/** A loopback receiver of webhooks: every POST's path and JSON body, in order. */
async function webhookReceiver() {
  const received: Array<{ path: string; body: any }> = []
  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      if (request.method === 'POST')
        received.push({ path: request.url ?? '', body: JSON.parse(Buffer.concat(chunks).toString() || 'null') })
      response.end('ok')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/canvass`
  return { url, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) }
}

/** The accessible name of the focused element (into shadow roots): aria-label, its label's own words, or its text. */
const focused = (page: Page) =>
  page.evaluate(() => {
    let active = document.activeElement as HTMLElement | null
    while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement as HTMLElement
    if (!active || active === document.body) return { name: '', value: '' }
    const value = (active as HTMLInputElement).value ?? ''
    const aria = active.getAttribute('aria-label')
    if (aria) return { name: aria, value }
    const label = (active as HTMLInputElement).labels?.[0] ?? active.closest('label')
    const own = label
      ? [...label.childNodes]
          .filter((node) => node.nodeType === Node.TEXT_NODE)
          .map((node) => node.textContent)
          .join('')
          .trim()
      : ''
    return { name: own || (label?.textContent ?? active.textContent ?? '').trim(), value }
  })

/** Presses Tab (or Shift+Tab) until the focused element's name is `name`. */
async function tabTo(page: Page, name: string | RegExp, key: 'Tab' | 'Shift+Tab' = 'Tab') {
  const matches = (text: string) => (typeof name === 'string' ? text === name : name.test(text))
  for (let presses = 0; presses < 150; presses++) {
    if (matches((await focused(page)).name)) return
    await page.keyboard.press(key)
  }
  assert.unreachable(`"${name}" was not reached by ${key}; the focus is on ${JSON.stringify(await focused(page))}`)
}

/** Presses `key` on the focused select until its value is `value`. */
async function choose(page: Page, value: string, key = 'ArrowDown') {
  for (let presses = 0; presses < 30; presses++) {
    if ((await focused(page)).value === value) return
    await page.keyboard.press(key)
  }
  assert.unreachable(`the select did not reach ${value}`)
}

async function noViolations(page: Page, where: string) {
  const violations = await axeViolations(page)
  assert.equal(violations, [], `axe at ${where}`)
}

/** Tabs to a link or button and presses Enter. */
async function activate(page: Page, name: string | RegExp, key: 'Tab' | 'Shift+Tab' = 'Tab') {
  await tabTo(page, name, key)
  await page.keyboard.press('Enter')
}

/**
 * Waits for a console screen's heading, then (up to 2 s) for the focus the console moves to it after the screen
 * renders, so that tabbing starts from the heading rather than losing the focus to it halfway (a busy machine).
 */
async function onScreen(page: Page, name: string) {
  await page.getByRole('heading', { level: 1, name }).waitFor()
  await page
    .waitForFunction((text) => document.activeElement?.tagName === 'H1' && document.activeElement.textContent === text, name, {
      timeout: 2_000,
    })
    .catch(() => undefined)
}

/** A page of `context` that records every request to another origin than `origin` into `outside`. */
async function watchedPage(context: BrowserContext, origin: string, outside: string[]): Promise<Page> {
  const page = await context.newPage()
  page.on('request', (request) => {
    const url = request.url()
    if (!url.startsWith(`${origin}/`) && !url.startsWith('blob:') && !url.startsWith('data:')) outside.push(url)
  })
  return page
}

/** A finished NPS response through the client API, as a widget gives it. */
async function respond(origin: string, environmentId: string, surveyId: string, nps: number, reason: string) {
  const given = await fetch(`${origin}/api/v1/client/${environmentId}/responses`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ surveyId, finished: true, data: { nps, reason } }),
  })
  assert.is(given.status, 200, await given.text())
}

/** The boot JSON of the `/console` page open in `page`. */
const bootOf = (page: Page) => page.evaluate(() => JSON.parse(document.getElementById('canvass-console-boot')?.textContent ?? 'null'))

for (const backend of e2eBackends()) {
  const test = skipSuiteUnless(suite(`${backend.label}: the console of the standalone server, keyboard only`), chromiumMissing())
  let server: RunningServer
  let env: Record<string, string>
  let browser: Browser
  let receiver: Awaited<ReturnType<typeof webhookReceiver>>
  let dataDir: string

  test.before(async () => {
    receiver = await webhookReceiver()
    // A data folder of the test's own: on PGlite, `canvass users add` reaches the running server through it.
    dataDir = await mkdtemp(join(tmpdir(), 'canvass-console-e2e-'))
    env = { ...(await backend.env()), DATA_DIR: dataDir, CANVASS_ALLOW_PRIVATE_WEBHOOK_URLS: '1' }
    server = await startServer(env)
    browser = await launchChromium()
  })
  test.after(async () => {
    if (browser) await releaseChromium()
    await server?.stop()
    await backend.dispose()
    await receiver?.close()
    if (dataDir) await rm(dataDir, { recursive: true, force: true })
  })

  test('an owner from the first-owner link to the audit log; a viewer reads, and the server refuses its changes', async () => {
    const origin = server.url
    const outside: string[] = []
    const errors: string[] = []

    // The first-owner link of the first start.
    let link: string | undefined
    await waitFor('the first-owner link', async () => {
      link = /^Open (http\S+) to create the console's first owner$/m.exec(server.output())?.[1]
      return link !== undefined
    })
    const owner = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true })
    await owner.grantPermissions(['clipboard-read', 'clipboard-write'], { origin })
    const tab = await watchedPage(owner, origin, outside)
    tab.on('pageerror', (error) => errors.push(error.message))
    await tab.goto(link as string)
    await tab.getByRole('heading', { level: 1, name: 'Become the first owner' }).waitFor()
    await noViolations(tab, 'the first-owner page')
    await tabTo(tab, 'Email')
    await tab.keyboard.type(OWNER)
    await activate(tab, 'Create owner and sign in')
    await tab.waitForURL(`${origin}/console**`)
    await tab.getByText(`Signed in as ${OWNER}, with the role owner.`).waitFor()
    await noViolations(tab, 'the overview')
    await activate(tab, 'Surveys')
    await tab.getByRole('heading', { level: 1, name: 'Surveys' }).waitFor()
    await tab.getByText('No surveys yet').waitFor()
    await noViolations(tab, 'the surveys list')
    const ownerBoot = await bootOf(tab)
    assert.is(ownerBoot.role, 'owner')
    const ownerCookie = (await owner.cookies(origin)).map((c) => `${c.name}=${c.value}`).join('; ')
    /** A call with the owner's session, to check what the screens did. */
    const ownerCall = async (method: string, path: string) => {
      const response = await fetch(`${origin}${path}`, {
        method,
        headers: { cookie: ownerCookie, 'x-canvass-console': '1', 'x-canvass-csrf': ownerBoot.csrfToken },
      })
      return { status: response.status, body: await response.json() }
    }
    const environmentId = ownerBoot.environments.find((environment: any) => environment.type === 'production').id

    // A survey from the NPS template, published, its link copied.
    await tabTo(tab, 'Name (optional)')
    await tab.keyboard.type('Console NPS')
    await tabTo(tab, 'Templates for')
    await choose(tab, 'NPS and satisfaction')
    await activate(tab, 'Use template Net Promoter Score')
    await tab.getByRole('heading', { level: 1, name: 'Console NPS' }).waitFor()
    const surveyId = decodeURIComponent(tab.url().split('#/surveys/')[1]?.split('/')[0] ?? '')
    assert.ok(surveyId, tab.url())

    // It opens in the editor inside the console, with the focus in it: the NPS question's headline, saved with Ctrl+S.
    await tab.locator('canvass-survey-editor .cse-block').first().waitFor()
    await waitFor('the focus in the editor', () =>
      tab.evaluate(() => document.activeElement === document.querySelector('canvass-survey-editor')),
    )
    await tabTo(tab, /^Headline/)
    await tab.keyboard.press('Control+A')
    await tab.keyboard.type(HEADLINE)
    await tab.keyboard.press('Control+S')
    await waitFor(
      'the edit saved',
      async () => (await ownerCall('GET', `/api/v1/management/surveys/${surveyId}`)).body.data.questions[0].headline.default === HEADLINE,
      { timeoutMs: 15_000 },
    )
    await noViolations(tab, 'the editor')
    await activate(tab, 'Publish', 'Shift+Tab')
    await tab.locator('.cv-badge', { hasText: 'In progress' }).waitFor()
    await activate(tab, 'Share')
    await tab.getByRole('button', { name: 'Copy survey link' }).waitFor()
    await activate(tab, 'Copy survey link')
    await tab.locator('[role=status]', { hasText: 'Copied' }).waitFor()
    const surveyLink = await tab.evaluate(() => navigator.clipboard.readText())
    assert.is(surveyLink, `${origin}/s/${surveyId}`)
    await noViolations(tab, 'the share screen of a published survey')

    // The link page, in a new tab: 9, a reason, done.
    const answer = await watchedPage(owner, origin, outside)
    await answer.goto(surveyLink)
    await answer.locator('h2.cv-headline', { hasText: HEADLINE }).waitFor()
    await noViolations(answer, 'the link page')
    await tabTo(answer, /^0\b/)
    for (let presses = 0; presses < 9; presses++) await answer.keyboard.press('ArrowRight')
    assert.match((await focused(answer)).name, /^9\b/)
    await activate(answer, /^(Next|Weiter)$/)
    await answer.locator('h2.cv-headline', { hasText: 'What is the main reason for your score?' }).waitFor()
    // The new card takes the focus: its text field.
    await answer.keyboard.type('Keyboard friendly')
    await activate(answer, /^(Finish|Submit|Done)$/)
    await answer.getByText(/thank/i).first().waitFor()
    // The ending shows at once; the answer's last call may still be under way (or queued by the widget): the tab
    // stays open until the answer is stored, finished, with its reason.
    await waitFor(
      'the link page answer stored',
      async () => {
        const stored = await ownerCall('GET', `/api/v1/management/responses?surveyId=${encodeURIComponent(surveyId)}`)
        return (stored.body.data as Array<{ finished: boolean; data: unknown }>).some(
          (response) => response.finished && JSON.stringify(response.data).includes('Keyboard friendly'),
        )
      },
      { timeoutMs: 20_000 },
    )
    await answer.close()
    // And one more through the client API, for the filter to leave out.
    await respond(origin, environmentId, surveyId, 3, 'Too slow')

    // The summary and the table with a filter; the CSV export.
    await activate(tab, 'Summary')
    await tab.locator('.cv-score-value').waitFor()
    assert.is(await tab.locator('.cv-score-value').innerText(), '0', 'one promoter and one detractor: a score of 0')
    assert.match(await tab.locator('.cv-stats').innerText(), /Responses\s*2/)
    await noViolations(tab, 'the summary')
    await activate(tab, 'Responses')
    await tab.locator('[role=status]', { hasText: '2 responses match' }).waitFor()
    await noViolations(tab, 'the responses table')
    await activate(tab, 'Add a condition')
    await tabTo(tab, 'Field')
    assert.is((await focused(tab)).value, 'data.nps')
    await tabTo(tab, 'Test')
    await choose(tab, 'gte')
    await tabTo(tab, 'Value')
    await tab.keyboard.type('9')
    await activate(tab, 'Apply filters')
    await tab.locator('[role=status]', { hasText: '1 response matches' }).waitFor()
    const rows = await tab.locator('table tbody tr').allInnerTexts()
    assert.is(rows.length, 1)
    assert.match(rows[0] ?? '', 'Keyboard friendly')
    await noViolations(tab, 'the filtered responses table')
    const download = tab.waitForEvent('download')
    await activate(tab, 'Export CSV')
    const csv = await readFile((await (await download).path()) ?? '', 'utf8')
    assert.match(csv, 'Keyboard friendly')
    assert.not.match(csv, 'Too slow', 'the export takes the filter')

    // Webhooks: one to this test's receiver, then a response makes its delivery.
    await activate(tab, 'Webhooks', 'Shift+Tab')
    await onScreen(tab, 'Webhooks')
    await tab.getByText('No webhooks yet').waitFor()
    await tabTo(tab, 'URL')
    await tab.keyboard.type(receiver.url)
    await tabTo(tab, 'Response created')
    await tab.keyboard.press('Space')
    await activate(tab, 'Create webhook')
    await tab.locator('[data-testid=webhook-secret]').waitFor()
    await activate(tab, 'I have stored it')
    await noViolations(tab, 'the webhooks')
    await respond(origin, environmentId, surveyId, 7, 'After the webhook')
    await waitFor('the receiver got the delivery', async () => receiver.received.length > 0, { timeoutMs: 20_000 })
    assert.ok(JSON.stringify(receiver.received[0]?.body).includes(surveyId), 'the delivery names the survey')
    await activate(tab, `Deliveries of ${receiver.url}`)
    await tab.getByRole('heading', { name: `Deliveries of ${receiver.url}` }).waitFor()
    await waitFor('the delivery in the log', async () => {
      if ((await tab.getByText('answered 200').count()) > 0) return true
      await activate(tab, 'Refresh', 'Shift+Tab')
      return false
    })
    assert.match(await tab.locator('#deliveries-title ~ table tbody tr').first().innerText(), /delivered/)
    await noViolations(tab, 'the delivery log')

    // API keys: created (shown once), revoked.
    await activate(tab, 'API keys', 'Shift+Tab')
    await onScreen(tab, 'API keys')
    await tabTo(tab, 'Label')
    await tab.keyboard.type('CRM sync')
    assert.is(await tab.evaluate(() => (document.activeElement as HTMLInputElement | null)?.value), 'CRM sync', 'typed into the label')
    await tab.keyboard.press('Enter')
    await tab.locator('[data-testid=api-key]').waitFor()
    const key = await tab.locator('[data-testid=api-key]').innerText()
    assert.is((await fetch(`${origin}/api/v1/management/me`, { headers: { 'x-api-key': key } })).status, 200, 'the new key works')
    await activate(tab, 'I have stored it')
    assert.not.ok((await tab.content()).includes(key), 'the key is shown once')
    await noViolations(tab, 'the API keys')
    await activate(tab, 'Revoke CRM sync')
    await tab.locator('dialog[open]').waitFor()
    // A destructive dialog opens on Cancel: Revoke is one Shift+Tab before it.
    await tab.keyboard.press('Shift+Tab')
    await tab.keyboard.press('Enter')
    await tab.getByText(/^Revoked /).waitFor()
    assert.is((await fetch(`${origin}/api/v1/management/me`, { headers: { 'x-api-key': key } })).status, 401, 'the revoked key is refused')

    // The audit log: the owner's changes under its name.
    await activate(tab, 'Audit log', 'Shift+Tab')
    await onScreen(tab, 'Audit log')
    await tab.locator('table tbody tr').first().waitFor()
    const entries = await tab.locator('table tbody tr').allInnerTexts()
    assert.ok(entries.filter((row) => row.includes(`console: ${OWNER}`)).length >= 4, entries.join('\n'))
    await noViolations(tab, 'the audit log')

    // A viewer, added by the CLI against the running server, signs in with its one-time link.
    const added = await cli({ ...env, PUBLIC_URL: origin }, ['users', 'add', VIEWER, '--role', 'viewer'])
    const viewerLink = /^ {2}(http\S+\/console\/link\/[A-Za-z0-9_-]+)$/m.exec(added)?.[1]
    assert.ok(viewerLink, added)
    const viewer = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    const viewerTab = await watchedPage(viewer, origin, outside)
    await viewerTab.goto(viewerLink)
    await viewerTab.getByRole('heading', { level: 1, name: 'Sign in to Canvass' }).waitFor()
    await activate(viewerTab, 'Sign in')
    await viewerTab.waitForURL(`${origin}/console**`)
    await viewerTab.getByText(`Signed in as ${VIEWER}, with the role viewer.`).waitFor()
    await activate(viewerTab, 'Surveys')
    await viewerTab.locator('table tbody tr', { hasText: 'Console NPS' }).waitFor()
    await activate(viewerTab, 'Console NPS')
    await viewerTab.getByRole('heading', { level: 1, name: 'Console NPS' }).waitFor()
    await viewerTab.locator('.cv-stats').waitFor()
    assert.match(await viewerTab.locator('.cv-stats').innerText(), /Responses\s*3/)
    await noViolations(viewerTab, "a viewer's summary")
    const viewerBoot = await bootOf(viewerTab)
    assert.is(viewerBoot.role, 'viewer')

    // The viewer's session through the API: every change refused by the server.
    const cookie = (await viewer.cookies(origin)).map((c) => `${c.name}=${c.value}`).join('; ')
    const asViewer = (method: string, path: string, body?: unknown) =>
      fetch(`${origin}${path}`, {
        method,
        headers: {
          cookie,
          origin,
          'content-type': 'application/json',
          'x-canvass-console': '1',
          'x-canvass-csrf': viewerBoot.csrfToken,
          'x-canvass-environment': environmentId,
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      })
    const read = await asViewer('GET', `/api/v1/management/surveys/${surveyId}`)
    assert.is(read.status, 200, 'the session reads')
    const before = (await read.json()).data
    const changes: Array<[string, string, unknown]> = [
      ['POST', '/api/v1/management/surveys', { environmentId, name: 'By a viewer', questions: before.questions }],
      ['PUT', `/api/v1/management/surveys/${surveyId}`, { name: 'Renamed by a viewer' }],
      ['DELETE', `/api/v1/management/surveys/${surveyId}`, undefined],
      ['POST', '/api/v1/webhooks', { url: receiver.url, triggers: ['responseFinished'] }],
      ['POST', '/api/v1/management/api-keys', { label: 'By a viewer' }],
    ]
    for (const [method, path, body] of changes) {
      const refused = await asViewer(method, path, body)
      const text = await refused.text()
      assert.is(refused.status, 403, `${method} ${path}: ${text}`)
      assert.match(text, /Your role \(viewer\) may not do this/, `${method} ${path}`)
    }
    const after = await asViewer('GET', `/api/v1/management/surveys/${surveyId}`)
    assert.equal((await after.json()).data, before, 'the survey is unchanged')

    assert.equal(outside, [], 'no request left the Canvass origin')
    assert.equal(errors, [], 'the console logged no error')
    await viewer.close()
    await owner.close()
  })

  test.run()
}
