/**
 * A person's sessions on the People screen (docs/console-accounts.md, "Sessions and cookies") in headless
 * Chromium against a real Canvass, keyboard only, axe-core clean: an owner opens a person's sessions, sees the
 * browser, address and last use in words, ends one through a confirm that opens on Cancel, and that person's
 * next request answers 401.
 */
import { readFile } from 'node:fs/promises'
import { createTestCanvass, skipSuiteUnless, waitFor } from '@canvass/test-bed'
import type { TestCanvass } from '@canvass/test-bed'
import { axeViolations, chromiumMissing, launchChromium, releaseChromium } from '@canvass/test-bed/chromium'
import type { Browser, Page } from 'playwright-core'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { addPerson, signIn } from './sign-in'

const test = skipSuiteUnless(suite("a person's sessions on the People screen, keyboard only"), chromiumMissing())
let bed: TestCanvass & { url: string }
let browser: Browser

const OWNER = 'sessions-owner@example.com'
const EDITOR = 'sessions-editor@example.com'

test.before(async () => {
  browser = await launchChromium()
  const bundle = await readFile(new URL('../dist/console.js', import.meta.url), 'utf8')
  const created = await createTestCanvass({ console: { accounts: true, bundle } })
  bed = Object.assign(created, { url: await created.listen() })
  await addPerson(bed, OWNER, 'owner')
  await addPerson(bed, EDITOR, 'editor')
})
test.after(async () => {
  if (browser) await releaseChromium()
  await bed?.close()
})

/** The accessible name of the focused element: its aria-label or its text. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement as HTMLElement | null
    if (!active || active === document.body) return ''
    return active.getAttribute('aria-label') ?? (active.textContent ?? '').trim()
  })

async function tabTo(page: Page, name: string | RegExp) {
  const matches = (text: string) => (typeof name === 'string' ? text === name : name.test(text))
  for (let presses = 0; presses < 120; presses++) {
    if (matches(await focused(page))) return
    await page.keyboard.press('Tab')
  }
  assert.unreachable(`"${name}" was not reached by Tab; the focus is on "${await focused(page)}"`)
}

test('an owner ends a session by keyboard; Cancel is focused first; the person is then signed out (401)', async () => {
  // The editor signs in in a browser of their own.
  const editorContext = await browser.newContext({ userAgent: 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0' })
  await signIn(bed.url, editorContext, EDITOR)
  const editorPage = await editorContext.newPage()
  await editorPage.goto(`${bed.url}/console#/surveys`)
  await editorPage.getByRole('heading', { level: 1 }).first().waitFor()
  const editorCall = () =>
    editorPage.evaluate(async () => (await fetch('/api/v1/console/me/sessions', { headers: { 'x-canvass-console': '1' } })).status)
  assert.is(await editorCall(), 200)

  const context = await browser.newContext()
  await signIn(bed.url, context, OWNER)
  const page = await context.newPage()
  const outside: string[] = []
  page.on('request', (request) => {
    if (!/^(blob|data):/.test(request.url()) && !request.url().startsWith(bed.url)) outside.push(request.url())
  })
  await page.goto(`${bed.url}/console#/people`)
  await page.getByRole('heading', { level: 1, name: 'People' }).waitFor()
  await tabTo(page, `Sessions of ${EDITOR}`)
  await page.keyboard.press('Enter')
  const region = page.getByRole('region', { name: `Sessions of ${EDITOR}` })
  await region.waitFor()
  assert.is(await focused(page), `Sessions of ${EDITOR}`, 'the focus moves to the sessions heading')
  await region.getByText('Firefox on Linux').waitFor()
  const row = await region.locator('tbody tr').first().innerText()
  assert.match(row, /127\.0\.0\.1/, 'the address')
  assert.match(row, /just now|minute/, 'the last use in words')
  assert.match(row, /by password/)
  assert.equal(await axeViolations(page), [])

  await tabTo(page, /^End session in Firefox on Linux/)
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog')
  await dialog.waitFor()
  assert.is(await focused(page), 'Cancel', 'the confirm opens on Cancel')
  assert.equal(await axeViolations(page), [])
  await page.keyboard.press('Enter')
  await waitFor('the dialog to close', async () => !(await dialog.isVisible()))
  assert.is(await editorCall(), 200, 'Cancel ends nothing')

  await tabTo(page, /^End session in Firefox on Linux/)
  await page.keyboard.press('Enter')
  await dialog.waitFor()
  await page.keyboard.press('Shift+Tab')
  assert.is(await focused(page), 'End session')
  await page.keyboard.press('Enter')
  await page.getByRole('status').filter({ hasText: 'Session ended' }).waitFor()
  await region.getByText('No active sessions.').waitFor()
  assert.is(await editorCall(), 401, "the person's next request answers 401")
  await editorPage.goto(`${bed.url}/console`)
  await editorPage.waitForURL(/\/console\/sign-in/)

  assert.equal(await axeViolations(page), [])
  assert.equal(outside, [], 'no request left the Canvass origin')
  const audit = await bed.call('GET', '/api/v1/management/audit-log?resourceType=consoleSession&action=delete', { key: bed.keyA })
  assert.is(audit.body.data[0]?.apiKeyLabel, `console: ${OWNER}`)
  await context.close()
  await editorContext.close()
})

test('at 360 px wide the sessions view fits, and Close returns to the list', async () => {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } })
  await signIn(bed.url, context, OWNER)
  const page = await context.newPage()
  await page.goto(`${bed.url}/console#/people`)
  await page.getByRole('heading', { level: 1, name: 'People' }).waitFor()
  await tabTo(page, `Sessions of ${OWNER}`)
  await page.keyboard.press('Enter')
  const region = page.getByRole('region', { name: `Sessions of ${OWNER}` })
  await region.getByText('(this browser)').waitFor()
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
  assert.ok(overflow <= 0, `no sideways scroll (${overflow} px)`)
  assert.equal(await axeViolations(page), [])
  await tabTo(page, 'Close sessions')
  await page.keyboard.press('Enter')
  assert.is(await region.count(), 0)
  await context.close()
})

test.run()
