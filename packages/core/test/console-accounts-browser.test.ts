/**
 * The console's sign-in pages in Chromium, keyboard only: a password sign-in and a one-time link (whose page a
 * GET leaves unused), the session cookie as the browser keeps it (HttpOnly, SameSite=Strict), the wrong-password
 * page, a link's page for someone with a password (a new one only with the current one), and axe on every page
 * (no serious or critical violation). The pages load nothing from another origin.
 * Behind a proxy that ends TLS (its `X-Forwarded-Proto: https` sent by the browser here, from loopback): with
 * `trustProxy` the browser keeps a Secure `__Host-` session cookie and is signed in by it; without, the header is
 * ignored and the cookie is the plain one.
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

async function sessionCookie(context: BrowserContext, name = 'canvass_console') {
  return (await context.cookies()).find((cookie) => cookie.name === name)
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

/** Signs a new owner in with the keyboard on `at` from a browser whose every request carries `headers`. */
async function signInWith(at: string, on: TestCanvass, headers: Record<string, string>): Promise<BrowserContext> {
  const person = await on.canvass.admin.addConsolePerson({
    email: `${crypto.randomUUID()}@example.com`,
    role: 'owner',
    projectId: on.projectId,
    password: PASSWORD,
  })
  const context = await browser.newContext({ locale: 'en-US', extraHTTPHeaders: headers })
  const page = await context.newPage()
  await page.goto(`${at}/console/sign-in`)
  await page.keyboard.press('Tab')
  await page.keyboard.type(person.email)
  await page.keyboard.press('Tab')
  await page.keyboard.type(PASSWORD)
  await Promise.all([page.waitForURL(`${at}/console`), page.keyboard.press('Enter')])
  return context
}

test('behind a proxy the bed does not trust, X-Forwarded-Proto is ignored: the plain cookie, not Secure', async () => {
  const context = await signInWith(url, bed, { 'x-forwarded-proto': 'https' })
  const names = (await context.cookies()).map((cookie) => cookie.name)
  assert.ok(names.includes('canvass_console') && !names.some((name) => name.startsWith('__')), names.join())
  assert.is((await sessionCookie(context))?.secure, false)
  await context.close()
})

test('the link page of someone with a password asks for the current one beside a new one; axe on it and on its error', async () => {
  const person = await bed.canvass.admin.addConsolePerson({
    email: 'has@example.com',
    role: 'viewer',
    projectId: bed.projectId,
    password: PASSWORD,
  })
  const { context, page } = await fresh()
  await page.goto(url + person.link.path)
  assert.equal(await axeViolations(page), [], 'axe on the link page')
  await page.getByLabel('New password (optional)').fill('a brand new password')
  await Promise.all([page.waitForLoadState('load'), page.getByRole('button', { name: 'Sign in' }).click()])
  await page.getByRole('alert').waitFor()
  assert.is(await page.getByRole('alert').textContent(), 'To set a new password, give your current password too.')
  assert.equal(await axeViolations(page), [], 'axe on the page with its error')
  await page.getByLabel('Current password').fill(PASSWORD)
  await page.getByLabel('New password (optional)').fill('a brand new password')
  await Promise.all([page.waitForURL(`${url}/console`), page.getByRole('button', { name: 'Sign in' }).click()])
  assert.ok(await sessionCookie(context), 'signed in')
  await context.close()
})

test.run()

const proxied = skipSuiteUnless(suite('console sign-in in Chromium behind a trusted proxy that ends TLS'), chromiumMissing())
let proxiedBed: TestCanvass
let proxiedUrl: string
proxied.before(async () => {
  browser = await launchChromium()
  proxiedBed = await createTestCanvass({ trustProxy: ['loopback'] })
  proxiedUrl = await proxiedBed.listen()
})
proxied.after(async () => {
  if (browser) await releaseChromium()
  await proxiedBed?.close()
})

proxied('the session cookie is Secure and named __Host-, and it signs the browser in; sign-out clears it', async () => {
  const context = await signInWith(proxiedUrl, proxiedBed, { 'x-forwarded-proto': 'https' })
  const cookie = await sessionCookie(context, '__Host-canvass_console')
  assert.ok(cookie, JSON.stringify(await context.cookies()))
  assert.is(cookie.secure, true)
  assert.is(cookie.httpOnly, true)
  assert.is(cookie.sameSite, 'Strict')
  assert.is(cookie.path, '/')
  assert.is(await sessionCookie(context, 'canvass_console'), undefined)
  // The form cookie was cleared at sign-in: only the session is left.
  assert.equal(
    (await context.cookies()).map((kept) => kept.name),
    ['__Host-canvass_console'],
  )
  // The console page (the bed's bundle is an empty module) let the browser in with it: its boot data is there.
  const page = context.pages()[0] as Page
  await page.locator('#canvass-console-boot').waitFor({ state: 'attached' })
  // The console's sign-out form, as its button posts it.
  const out = await page.evaluate(() => fetch('/console/sign-out', { method: 'POST', redirect: 'manual' }).then((answer) => answer.type))
  assert.is(out, 'opaqueredirect')
  assert.equal(await context.cookies(), [], 'signed out: no cookie is left')
  await context.close()
})
proxied.run()
