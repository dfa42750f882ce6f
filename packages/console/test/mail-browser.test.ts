/**
 * The console's Mail screen in headless Chromium, keyboard only, against a real Canvass (docs/mail.md, "The
 * delivery log"): an owner reaches it from the navigation and reads the project's mails in plain words (sent,
 * waiting, not delivered with the server's reason, held back by the limit per address), never their contents,
 * pages to older mails and back; axe finds no serious or critical violation, also at 360 px. A viewer has no such
 * screen. Nothing is sent (no background work): the mails' states are written as the sender would leave them.
 */
import { readFile } from 'node:fs/promises'
import { createId, mailSettings, queueMail } from '@canvass/core'
import type { MailTransport } from '@canvass/core'
import { closedPort, createTestCanvass, skipSuiteUnless, sql } from '@canvass/test-bed'
import type { TestCanvass } from '@canvass/test-bed'
import { axeViolations, chromiumMissing, launchChromium, releaseChromium } from '@canvass/test-bed/chromium'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { addPerson, signIn } from './sign-in'

const bundle = readFile(new URL('../dist/console.js', import.meta.url), 'utf8')
const OWNER = 'mail-owner@example.org'
const VIEWER = 'mail-viewer@example.org'
const unused: MailTransport = {
  send: async () => {
    throw new Error('nothing is sent in this suite')
  },
}

const test = skipSuiteUnless(suite('the Mail screen, keyboard only'), chromiumMissing())
let bed: TestCanvass & { url: string }
let browser: Browser
let owner: BrowserContext
let viewer: BrowserContext

test.before(async () => {
  browser = await launchChromium()
  // Mail with accounts needs the address the links in mails point to: the one the bed listens on.
  const port = await closedPort()
  const created = await createTestCanvass({
    console: { accounts: true, bundle: await bundle },
    mail: { transport: unused, from: 'canvass@mail.test' },
    publicUrl: `http://127.0.0.1:${port}`,
    background: false,
  })
  bed = Object.assign(created, { url: await created.listen(port) })
  await addPerson(bed, OWNER, 'owner')
  await addPerson(bed, VIEWER, 'viewer')
  const ctx = {
    storage: bed.storage,
    mail: mailSettings({ transport: unused, from: 'canvass@mail.test' }, bed.storage, undefined),
    newId: createId,
  }
  let tick = Date.now() - 3_600_000
  const now = () => new Date((tick += 1_000))
  const expiresAt = new Date(Date.now() + 86_400_000)
  // 55 mails to one address: the first five are sent (here: marked so), the rest held back by the limit.
  for (let index = 0; index < 55; index++) {
    await queueMail(
      { ...ctx, now },
      {
        eventKey: `browser-${index}`,
        to: 'ada@example.com',
        projectId: bed.projectId,
        kind: 'invitation',
        language: index % 2 ? 'de' : 'en',
        values: { projectName: 'Surveys', role: 'editor', link: `https://canvass.test/invite/${index}`, expiresAt },
      },
    )
  }
  await queueMail(
    { ...ctx, now },
    {
      eventKey: 'browser-gone',
      to: 'gone@example.com',
      projectId: bed.projectId,
      kind: 'sign-in-link',
      values: { link: 'https://canvass.test/link/gone', expiresAt },
    },
  )
  await queueMail(
    { ...ctx, now },
    {
      eventKey: 'browser-later',
      to: 'later@example.com',
      projectId: bed.projectId,
      kind: 'password-reset',
      values: { link: 'https://canvass.test/reset/x', expiresAt },
    },
  )
  await sql`update canvass.mail_outbox set status = 'sent', attempts = 1, sent_at = created_at, text_body = null, html_body = null
    where status = 'queued' and to_address = 'ada@example.com'`.execute(bed.db)
  await sql`update canvass.mail_outbox set status = 'failed', attempts = 1, last_error = '550 mailbox unavailable', text_body = null, html_body = null
    where to_address = 'gone@example.com'`.execute(bed.db)
  await sql`update canvass.mail_outbox set attempts = 2, last_error = 'ECONNECTION: connect ECONNREFUSED' where to_address = 'later@example.com'`.execute(
    bed.db,
  )
  owner = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  await signIn(bed.url, owner, OWNER)
  viewer = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  await signIn(bed.url, viewer, VIEWER)
})
test.after(async () => {
  await owner?.close()
  await viewer?.close()
  if (browser) await releaseChromium()
  await bed?.close()
})

async function tabTo(on: Page, name: string, presses = 200): Promise<void> {
  for (let count = 0; count < presses; count++) {
    const now = await on.evaluate(() =>
      (document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent ?? '').trim(),
    )
    if (now === name) return
    await on.keyboard.press('Tab')
  }
  assert.unreachable(`"${name}" not reached by Tab`)
}

test('an owner reaches Mail by keyboard and reads each mail in plain words, without its contents; pages go older and back', async () => {
  const page = await owner.newPage()
  await page.goto(`${bed.url}/console`)
  await page.getByRole('heading', { level: 1 }).first().waitFor()
  await tabTo(page, 'Mail')
  await page.keyboard.press('Enter')
  await page.getByRole('heading', { name: 'Mail', level: 1 }).waitFor()
  const table = page.getByRole('table')
  await table.waitFor()
  const text = await table.innerText()
  assert.match(text, 'later@example.com')
  assert.match(text, 'Not sent yet: tried 2 times, trying again')
  assert.match(text, 'Last error: ECONNECTION: connect ECONNREFUSED')
  assert.match(text, 'Not delivered: the mail server refused it')
  assert.match(text, '550 mailbox unavailable')
  assert.match(text, 'Not sent: this address had five mails in the hour already')
  assert.match(text, 'Password reset')
  assert.match(text, 'Sign-in link')
  assert.not.match(text, 'https://canvass.test', 'no contents, no links')
  assert.is(await page.getByRole('row').count(), 51, 'a page of 50 mails and the header')
  assert.equal(await axeViolations(page), [], 'axe on the Mail screen')
  await tabTo(page, 'Older mails')
  await page.keyboard.press('Enter')
  await waitForRows(page, 8)
  assert.match(await page.getByRole('table').innerText(), /Invitation[\s\S]*Sent /)
  await tabTo(page, 'Newer mails')
  await page.keyboard.press('Enter')
  await waitForRows(page, 51)
  await page.setViewportSize({ width: 360, height: 740 })
  assert.equal(await axeViolations(page), [], 'axe at 360 px')
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
  assert.ok(overflow <= 0, `the page fits 360 px (${overflow} px too wide)`)
  await page.close()
})

/** Waits until the table shows `rows` rows, its header included. */
async function waitForRows(page: Page, rows: number): Promise<void> {
  await page.waitForFunction((count) => document.querySelectorAll('tr').length === count, rows, { timeout: 10_000 })
}

test('a viewer has no Mail screen', async () => {
  const page = await viewer.newPage()
  await page.goto(`${bed.url}/console`)
  await page.getByRole('heading', { level: 1 }).first().waitFor()
  assert.is(await page.getByRole('link', { name: 'Mail', exact: true }).count(), 0)
  await page.close()
})

test.run()
