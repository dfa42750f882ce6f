/**
 * Single sign-on in Chromium (docs/sso.md), keyboard only, against a real OpenID provider on another site
 * (`localhost`, while Canvass is on `127.0.0.1`): its redirect back is a cross-site navigation, so the flow cookie
 * must be SameSite=Lax and the Strict session cookie reaches the console through the same-site step. A sign-in
 * with the role from a claim; a wrong domain and an unverified email refused; a tampered state and a replayed
 * callback refused; password sign-in turned off with two providers shown. axe on the sign-in and refusal pages.
 */
import { closedPort, createTestCanvass, skipSuiteUnless, startOidcProvider } from '@canvass/test-bed'
import type { OidcTestProvider, TestCanvass } from '@canvass/test-bed'
import { axeViolations, chromiumMissing, launchChromium, releaseChromium } from '@canvass/test-bed/chromium'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'

const test = skipSuiteUnless(suite('single sign-on in Chromium'), chromiumMissing())
let browser: Browser
let provider: OidcTestProvider
let bed: TestCanvass
let off: TestCanvass
let url: string
let offUrl: string
const SECRET = 'a client secret of at least thirty-two characters'

test.before(async () => {
  browser = await launchChromium()
  const [port, offPort] = [await closedPort(), await closedPort()]
  url = `http://127.0.0.1:${port}`
  offUrl = `http://127.0.0.1:${offPort}`
  provider = await startOidcProvider({
    host: 'localhost',
    idTokenClaims: true,
    clients: [{ clientId: 'canvass', clientSecret: SECRET, redirectUris: [`${url}/console/sso/corp/callback`] }],
    accounts: [
      { login: 'ada', claims: { email: 'ada@example.com', email_verified: true, groups: ['canvass-editors'] } },
      { login: 'eve', claims: { email: 'eve@elsewhere.org', email_verified: true } },
      { login: 'una', claims: { email: 'una@example.com', email_verified: false } },
    ],
  })
  const corp = {
    id: 'corp',
    name: 'Corp ID',
    issuer: provider.issuer,
    clientId: 'canvass',
    clientSecret: SECRET,
    allowedDomains: ['example.com'],
    roleClaim: 'groups',
    roleMap: { 'canvass-editors': 'editor' } as const,
    scopes: ['groups'],
  }
  bed = await createTestCanvass({ console: { bundle: 'export {}\n', accounts: { sso: [corp] } } })
  await bed.listen(port)
  const other = { ...corp, id: 'partners', name: 'Partner ID' }
  off = await createTestCanvass({ console: { bundle: 'export {}\n', accounts: { sso: [corp, other], passwordSignIn: false } } })
  await off.listen(offPort)
})
test.after(async () => {
  if (browser) await releaseChromium()
  await bed?.close()
  await off?.close()
  await provider?.stop()
})

async function fresh(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ locale: 'en-US' })
  return { context, page: await context.newPage() }
}

const sessionOf = async (context: BrowserContext) => (await context.cookies()).find((cookie) => cookie.name === 'canvass_console')

/** From the sign-in page, with the keyboard: Tab to "Sign in with Corp ID", Enter, then the provider's page. */
async function signInWithKeyboard(page: Page, login: string): Promise<void> {
  await page.goto(`${url}/console/sign-in`)
  for (let tabs = 0; tabs < 6; tabs++) {
    await page.keyboard.press('Tab')
    if ((await page.evaluate(() => document.activeElement?.textContent)) === 'Sign in with Corp ID') break
  }
  assert.is(await page.evaluate(() => document.activeElement?.textContent), 'Sign in with Corp ID')
  await Promise.all([page.waitForURL((at) => at.href.startsWith(provider.issuer)), page.keyboard.press('Enter')])
  await page.getByLabel('Account').waitFor()
  await page.keyboard.type(login)
  await Promise.all([page.waitForURL((at) => at.href.startsWith(url)), page.keyboard.press('Enter')])
}

test('a sign-in with the keyboard: the role from the groups claim, the Strict session sent to /console; axe on the sign-in page', async () => {
  const { context, page } = await fresh()
  await page.goto(`${url}/console/sign-in`)
  assert.equal(await axeViolations(page), [], 'axe on the sign-in page')
  await signInWithKeyboard(page, 'ada')
  await page.waitForURL(`${url}/console`)
  const boot = JSON.parse((await page.locator('#canvass-console-boot').textContent()) ?? 'null')
  assert.is(boot?.role, 'editor', 'the console opened signed in, with the role of the claim')
  const session = await sessionOf(context)
  assert.is(session?.sameSite, 'Strict')
  assert.is(session?.httpOnly, true)
  assert.not.ok(
    (await context.cookies()).some((cookie) => cookie.name === 'canvass_console_sso'),
    'the flow cookie is gone',
  )
  await context.close()
})

for (const [login, words] of [
  ['eve', 'Email addresses of your domain cannot sign in here.'],
  ['una', 'Your email address at Corp ID is not verified.'],
] as const) {
  test(`${login === 'eve' ? 'a wrong domain' : 'an unverified email'} is refused in plain words, with no session; axe on the page`, async () => {
    const { context, page } = await fresh()
    await signInWithKeyboard(page, login)
    await page.getByRole('alert').waitFor()
    assert.ok((await page.getByRole('alert').textContent())?.startsWith(words))
    assert.equal(await axeViolations(page), [], 'axe on the refusal page')
    assert.is(await sessionOf(context), undefined)
    await context.close()
  })
}

/** A whole sign-in with the keyboard that keeps its callback URL and the flow cookie as they were at the provider. */
async function signInKeepingFlow(context: BrowserContext, page: Page) {
  let callback = ''
  page.on('request', (request) => {
    if (request.url().includes('/console/sso/corp/callback?')) callback ||= request.url()
  })
  await page.goto(`${url}/console/sign-in`)
  await page.getByRole('link', { name: 'Sign in with Corp ID' }).focus()
  await Promise.all([page.waitForURL((at) => at.href.startsWith(provider.issuer)), page.keyboard.press('Enter')])
  const flow = (await context.cookies()).filter((cookie) => cookie.name === 'canvass_console_sso')
  assert.is(flow.length, 1, 'the flow cookie, at the provider')
  assert.is(flow[0]?.sameSite, 'Lax')
  await page.getByLabel('Account').waitFor()
  await page.keyboard.type('ada')
  await Promise.all([page.waitForURL(`${url}/console`), page.keyboard.press('Enter')])
  assert.ok(callback, 'the callback was seen')
  return { callback, flow }
}

test('a replayed callback, with the flow cookie put back, is refused in plain words and signs nobody in', async () => {
  const { context, page } = await fresh()
  const { callback, flow } = await signInKeepingFlow(context, page)
  await context.clearCookies()
  await context.addCookies(flow)
  const replay = await page.goto(callback)
  assert.is(replay?.status(), 400)
  assert.ok((await page.getByRole('alert').textContent())?.startsWith('This sign-in was used already.'))
  assert.is(await sessionOf(context), undefined)
  await context.close()
})

test('a tampered state is refused in plain words and signs nobody in', async () => {
  const { context, page } = await fresh()
  const { callback, flow } = await signInKeepingFlow(context, page)
  await context.clearCookies()
  await context.addCookies(flow)
  const tampered = callback.replace(
    /state=([^&]+)/,
    (_all, state: string) => `state=${state.slice(0, -1)}${state.endsWith('A') ? 'B' : 'A'}`,
  )
  assert.is.not(tampered, callback)
  const refused = await page.goto(tampered)
  assert.is(refused?.status(), 400)
  assert.ok((await page.getByRole('alert').textContent())?.includes('does not match the one started in this browser'))
  assert.equal(await axeViolations(page), [], 'axe on the refusal page')
  assert.is(await sessionOf(context), undefined)
  await context.close()
})

test('password sign-in turned off: two provider buttons, no password form, a password post refused (403); axe', async () => {
  const { context, page } = await fresh()
  await page.goto(`${offUrl}/console/sign-in`)
  assert.equal(await axeViolations(page), [], 'axe on the sign-in page without passwords')
  assert.equal(await page.getByRole('link').allTextContents(), ['Sign in with Corp ID', 'Sign in with Partner ID'])
  assert.is(await page.locator('input[type=password]').count(), 0)
  await page.keyboard.press('Tab')
  assert.is(await page.evaluate(() => document.activeElement?.textContent), 'Sign in with Corp ID', 'the first stop is the first provider')
  const post = await context.request.post(`${offUrl}/console/sign-in`, {
    form: { csrf: 'x', email: 'someone@example.com', password: 'a long enough password' },
    headers: { 'sec-fetch-site': 'same-origin' },
  })
  assert.is(post.status(), 403)
  assert.ok((await post.text()).includes('Signing in with a password is turned off here.'))
  await context.close()
})

test.run()
