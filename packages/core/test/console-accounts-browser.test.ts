/**
 * The console's sign-in pages in Chromium, keyboard only: a password sign-in and a one-time link (whose page a
 * GET leaves unused), the session cookie as the browser keeps it (HttpOnly, SameSite=Strict), the wrong-password
 * page, and axe on every page (no serious or critical violation). The pages load nothing from another origin.
 */
import { createTestCanvass, skipSuiteUnless } from '@canvass/test-bed'
import type { TestCanvass } from '@canvass/test-bed'
import { axeViolations, chromiumMissing, launchChromium, releaseChromium } from '@canvass/test-bed/chromium'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'

const test = skipSuiteUnless(suite('console sign-in pages in Chromium'), chromiumMissing())
let browser: Browser
let bed: TestCanvass
let url: string
const PASSWORD = 'a long enough password'

test.before(async () => {
  browser = await launchChromium()
  bed = await createTestCanvass()
  url = await bed.listen()
})
test.after(async () => {
  if (browser) await releaseChromium()
  await bed?.close()
})

/** A fresh browser profile, with every request to another origin noted. */
async function fresh(): Promise<{ context: BrowserContext; page: Page; elsewhere: string[] }> {
  const context = await browser.newContext({ locale: 'en-US' })
  const page = await context.newPage()
  const elsewhere: string[] = []
  page.on('request', (request) => {
    if (!request.url().startsWith(url) && !request.url().startsWith('data:')) elsewhere.push(request.url())
  })
  return { context, page, elsewhere }
}

async function sessionCookie(context: BrowserContext) {
  return (await context.cookies()).find((cookie) => cookie.name === 'canvass_console')
}

test('a password sign-in with the keyboard; a wrong password first; axe on both pages', async () => {
  const person = await bed.canvass.admin.addConsolePerson({
    email: 'kb@example.com',
    role: 'owner',
    projectId: bed.projectId,
    password: PASSWORD,
  })
  const { context, page, elsewhere } = await fresh()
  await page.goto(`${url}/console/sign-in`)
  assert.equal(await axeViolations(page), [], 'axe on the sign-in page')
  await page.keyboard.press('Tab')
  await page.keyboard.type(person.email)
  await page.keyboard.press('Tab')
  await page.keyboard.type('not the password')
  await Promise.all([page.waitForLoadState('load'), page.keyboard.press('Enter')])
  await page.getByRole('alert').waitFor()
  assert.is(await page.getByRole('alert').textContent(), 'Email or password is not right.')
  assert.equal(await axeViolations(page), [], 'axe on the wrong-password page')
  assert.is(await sessionCookie(context), undefined)
  // The email stays filled in; the password field is the next stop.
  await page.getByLabel('Password').focus()
  await page.keyboard.type(PASSWORD)
  await Promise.all([page.waitForURL(`${url}/console`), page.keyboard.press('Enter')])
  const cookie = await sessionCookie(context)
  assert.ok(cookie, 'signed in')
  assert.is(cookie.httpOnly, true)
  assert.is(cookie.sameSite, 'Strict')
  assert.is(cookie.path, '/')
  assert.ok(cookie.expires > Date.now() / 1000 + 11 * 3600, 'expires in 12 hours')
  assert.equal(elsewhere, [], 'nothing from another origin')
  await context.close()
})

test('a one-time link with the keyboard: the page uses nothing, its button signs in; axe on it and on a used link', async () => {
  const person = await bed.canvass.admin.addConsolePerson({ email: 'link@example.com', role: 'viewer', projectId: bed.projectId })
  const { context, page, elsewhere } = await fresh()
  await page.goto(url + person.link.path)
  await page.reload()
  assert.equal(await axeViolations(page), [], 'axe on the link page')
  await page.keyboard.press('Tab')
  await page.keyboard.press('Tab')
  assert.is(await page.evaluate(() => document.activeElement?.textContent), 'Sign in', 'the button after the optional password')
  await Promise.all([page.waitForURL(`${url}/console`), page.keyboard.press('Enter')])
  assert.ok(await sessionCookie(context), 'signed in')
  const used = await page.goto(url + person.link.path)
  assert.is(used?.status(), 404)
  assert.equal(await axeViolations(page), [], 'axe on the used link page')
  const first = await bed.canvass.admin.createConsoleLink({ firstOwner: true, projectId: bed.projectId })
  await page.goto(url + first.path)
  assert.equal(await axeViolations(page), [], 'axe on the first-owner page')
  assert.equal(elsewhere, [], 'nothing from another origin')
  await context.close()
})

test.run()
