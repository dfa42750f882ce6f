/**
 * Teams, end to end (docs/console-accounts.md, docs/mail.md, docs/sso.md), in headless Chromium with a real SMTP
 * server and a real OpenID provider on loopback, against a Canvass served over HTTP by @canvass/host-node with the
 * console, mail through SMTP (createSmtpMailTransport) and single sign-on:
 * 1. an owner invites a person by email, to each of two projects with another role;
 * 2. the person follows the mailed link, chooses a password, lands in the first project and switches to the second;
 * 3. their role is enforced in each project, by the server;
 * 4. another person signs in through single sign-on with the role of a claim;
 * 5. the owner removes the first person, whose open console is signed out at its next request.
 * Forms are used with the keyboard; axe finds no serious or critical violation on the pages people meet.
 */
import { createCanvass } from '@canvass/core'
import type { Canvass } from '@canvass/core'
import { readConsoleBundle } from '@canvass/console'
import { createSmtpMailTransport, serve } from '@canvass/host-node'
import type { NodeServer } from '@canvass/host-node'
import {
  closedPort,
  createTestCanvass,
  onlyMailSender,
  skipSuiteUnless,
  startOidcProvider,
  startSmtpServer,
  waitFor,
} from '@canvass/test-bed'
import type { OidcTestProvider, ReceivedMail, TestCanvass, TestProject, TestSmtpServer } from '@canvass/test-bed'
import { axeViolations, chromiumMissing, launchChromium, releaseChromium } from '@canvass/test-bed/chromium'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'

const test = skipSuiteUnless(suite('teams: invitations by mail, two projects, single sign-on, removal'), chromiumMissing())

const OWNER = 'olga.owner@example.com'
const OWNER_PASSWORD = 'the owner passphrase, long enough'
const PAT = 'pat.person@example.com'
const PAT_PASSWORD = 'pat chose this passphrase'
const SECRET = 'a client secret of at least thirty-two characters'

let browser: Browser
let bed: TestCanvass
let beta: TestProject
let smtp: TestSmtpServer
let provider: OidcTestProvider
let canvass: Canvass
let server: NodeServer
let url: string

// uvu says nothing of a failed hook but that no test passed: the cause is printed here.
test.before(() => setUp().catch((error) => Promise.reject(console.error(error) ?? error)))

async function setUp() {
  browser = await launchChromium()
  smtp = await startSmtpServer()
  const port = await closedPort()
  url = `http://127.0.0.1:${port}`
  provider = await startOidcProvider({
    host: 'localhost',
    idTokenClaims: true,
    clients: [{ clientId: 'canvass', clientSecret: SECRET, redirectUris: [`${url}/console/sso/corp/callback`] }],
    accounts: [{ login: 'sam', claims: { email: 'sam.sso@example.com', email_verified: true, groups: ['canvass-editors'] } }],
  })
  // The bed gives the database and the first project, Alpha; this test's own Canvass serves it over HTTP.
  bed = await createTestCanvass()
  beta = await bed.newProject('Beta')
  canvass = createCanvass({
    storage: bed.storage,
    publicUrl: url,
    widget: false,
    logger: { error: (message, cause) => console.error(message, cause), warn: () => {} },
    mail: { transport: createSmtpMailTransport({ url: smtp.url, timeoutMs: 5_000 }), from: 'Canvass <canvass@mail.test>' },
    console: {
      bundle: await readConsoleBundle(),
      accounts: {
        sso: [
          {
            id: 'corp',
            name: 'Corp ID',
            issuer: provider.issuer,
            clientId: 'canvass',
            clientSecret: SECRET,
            projectId: bed.projectId,
            allowedDomains: ['example.com'],
            roleClaim: 'groups',
            roleMap: { 'canvass-editors': 'editor' },
            scopes: ['groups'],
          },
        ],
      },
    },
    background: onlyMailSender({ pollIntervalMs: 100 }),
  })
  await canvass.start()
  server = await serve({ fetch: canvass.fetch, port, hostname: '127.0.0.1' })
  await canvass.admin.addConsolePerson({ email: OWNER, role: 'owner', projectId: bed.projectId, password: OWNER_PASSWORD })
  await canvass.admin.addConsolePerson({ email: OWNER, role: 'owner', projectId: beta.projectId })
}

test.after(async () => {
  if (browser) await releaseChromium()
  await server?.close()
  await canvass?.close()
  await bed?.close()
  await provider?.stop()
  await smtp?.close()
})

/** Types into the field of `label` after focusing it, as a person at a keyboard does. */
async function typeInto(page: Page, label: string, text: string): Promise<void> {
  await page.getByLabel(label, { exact: true }).focus()
  await page.keyboard.type(text)
}

async function signInWithPassword(context: BrowserContext, email: string, password: string): Promise<Page> {
  const page = await context.newPage()
  await page.goto(`${url}/console/sign-in`)
  await typeInto(page, 'Email', email)
  await typeInto(page, 'Password', password)
  await Promise.all([page.waitForURL(`${url}/console`), page.keyboard.press('Enter')])
  return page
}

/** The console's boot data on the page: the project open, the role there, the CSRF token. */
const bootOf = async (page: Page) => JSON.parse((await page.locator('#canvass-console-boot').textContent()) ?? 'null')

/** Invites `email` with `role` from the People screen of `projectId`, by keyboard; answers the notice. */
async function invite(page: Page, projectId: string, email: string, role: 'Viewer' | 'Editor'): Promise<void> {
  await page.goto(`${url}/console?project=${projectId}#/people`)
  await page.getByRole('heading', { level: 1, name: 'People' }).waitFor()
  await typeInto(page, 'Email', email)
  await page.getByRole('form', { name: 'Invite a person' }).getByRole('combobox').first().focus()
  if (role === 'Editor') await page.keyboard.press('ArrowDown')
  await page.getByRole('button', { name: 'Send invitation' }).focus()
  await page.keyboard.press('Enter')
  await page.getByText(`Invitation mailed to ${email}`).waitFor()
}

/** The mails the SMTP server took for `to`, once `count` are there. */
async function mailsFor(to: string, count: number): Promise<ReceivedMail[]> {
  return waitFor(
    `${count} mails to ${to}`,
    async () => {
      const mails = (await smtp.mails()).filter((mail) => mail.to.includes(to))
      return mails.length >= count ? mails : undefined
    },
    { timeoutMs: 20_000 },
  )
}

/** A write as the console page makes one, from the page itself (its cookies), in the project of `environmentId`. */
function createSurveyFromPage(page: Page, csrf: string, environmentId: string): Promise<number> {
  return page.evaluate(
    async ({ csrf, environmentId }) => {
      const answer = await fetch('/api/v1/management/surveys', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-canvass-console': '1',
          'x-canvass-csrf': csrf,
          'x-canvass-environment': environmentId,
        },
        body: JSON.stringify({
          environmentId,
          name: 'From the story',
          type: 'link',
          status: 'draft',
          questions: [{ id: 'why', type: 'openText', headline: { default: 'Why?' }, required: false }],
        }),
      })
      return answer.status
    },
    { csrf, environmentId },
  )
}

test('invited by mail to two projects, switching, roles enforced, single sign-on by claim, removal ends the session', async () => {
  // 1. The owner invites Pat by email: a viewer of Alpha, an editor of Beta.
  const ownerContext = await browser.newContext({ locale: 'en-US' })
  const ownerPage = await signInWithPassword(ownerContext, OWNER, OWNER_PASSWORD)
  await invite(ownerPage, bed.projectId, PAT, 'Viewer')
  assert.equal(await axeViolations(ownerPage), [], 'axe on People after the invitation')
  await invite(ownerPage, beta.projectId, PAT, 'Editor')

  // 2. Pat follows the first mail's link, chooses a password, and lands in Alpha.
  const [alphaMail, betaMail] = await mailsFor(PAT, 2)
  assert.match(alphaMail?.subject ?? '', 'You are invited to Test project on Canvass')
  assert.match(betaMail?.subject ?? '', 'You are invited to Beta on Canvass')
  assert.match(alphaMail?.text ?? '', OWNER, 'the mail names who invited')
  const link = (alphaMail?.text ?? '').match(/http:\/\/127\.0\.0\.1:\d+\/console\/link\/\S+/)?.[0]
  assert.ok(link?.startsWith(url), `a link on the public address: ${link}`)
  assert.ok((alphaMail?.html ?? '').includes('Accept the invitation'), 'an HTML body with its button')
  const patContext = await browser.newContext({ locale: 'en-US' })
  const patPage = await patContext.newPage()
  await patPage.goto(link as string)
  assert.equal(await axeViolations(patPage), [], 'axe on the invitation page')
  await typeInto(patPage, 'New password (optional)', PAT_PASSWORD)
  await Promise.all([patPage.waitForURL(`${url}/console?project=${bed.projectId}`), patPage.keyboard.press('Enter')])
  await patPage.getByRole('heading', { level: 1 }).first().waitFor()
  let boot = await bootOf(patPage)
  assert.equal([boot.project.id, boot.role], [bed.projectId, 'viewer'])

  // …and switches to Beta with the header's switcher, by keyboard.
  const switcher = patPage.locator('select[name=project]')
  await switcher.focus()
  await patPage.keyboard.press('ArrowDown')
  assert.is(await switcher.inputValue(), beta.projectId)
  await patPage.getByRole('button', { name: 'Open', exact: true }).focus()
  await Promise.all([patPage.waitForURL(`${url}/console?project=${beta.projectId}`), patPage.keyboard.press('Enter')])
  await patPage.getByRole('heading', { level: 1 }).first().waitFor()
  boot = await bootOf(patPage)
  assert.equal([boot.project.id, boot.role], [beta.projectId, 'editor'])
  assert.match(await patPage.locator('.cv-person').innerText(), /editor/)

  // 3. The server enforces each project's role: Pat writes in Beta, not in Alpha, with one session.
  assert.is(await createSurveyFromPage(patPage, boot.csrfToken, beta.environmentId), 200, 'an editor of Beta writes there')
  assert.is(await createSurveyFromPage(patPage, boot.csrfToken, bed.envA), 403, 'a viewer of Alpha may not')

  // 4. Sam signs in through single sign-on, and is an editor of Alpha by the groups claim.
  const samContext = await browser.newContext({ locale: 'en-US' })
  const samPage = await samContext.newPage()
  await samPage.goto(`${url}/console/sign-in`)
  await samPage.getByRole('link', { name: 'Sign in with Corp ID' }).focus()
  await Promise.all([samPage.waitForURL((at) => at.href.startsWith(provider.issuer)), samPage.keyboard.press('Enter')])
  await samPage.getByLabel('Account').waitFor()
  await samPage.keyboard.type('sam')
  await Promise.all([samPage.waitForURL(`${url}/console`), samPage.keyboard.press('Enter')])
  const samBoot = await bootOf(samPage)
  assert.equal([samBoot.project.id, samBoot.role, samBoot.person?.name], [bed.projectId, 'editor', 'sam.sso@example.com'])

  // 5. The owner removes Pat from both projects (Beta by the People screen); Pat's open console is signed out.
  await ownerPage.goto(`${url}/console?project=${bed.projectId}#/people`)
  await ownerPage.getByRole('heading', { level: 1, name: 'People' }).waitFor()
  const ownerBoot = await bootOf(ownerPage)
  const people = await ownerPage.evaluate(
    async ({ csrf, environmentId }) =>
      (
        await (
          await fetch('/api/v1/console/people', {
            headers: { 'x-canvass-console': '1', 'x-canvass-csrf': csrf, 'x-canvass-environment': environmentId },
          })
        ).json()
      ).data,
    { csrf: ownerBoot.csrfToken, environmentId: bed.envA },
  )
  const patInAlpha = people.find((person: { email: string }) => person.email === PAT)
  const removed = await ownerPage.evaluate(
    async ({ csrf, environmentId, id }) =>
      (
        await fetch(`/api/v1/console/people/${id}`, {
          method: 'DELETE',
          headers: { 'x-canvass-console': '1', 'x-canvass-csrf': csrf, 'x-canvass-environment': environmentId },
        })
      ).status,
    { csrf: ownerBoot.csrfToken, environmentId: bed.envA, id: patInAlpha.id },
  )
  assert.is(removed, 200, 'removed from Alpha')
  assert.is(await createSurveyFromPage(patPage, boot.csrfToken, beta.environmentId), 200, 'still an editor of Beta')
  await ownerPage.goto(`${url}/console?project=${beta.projectId}#/people`)
  await ownerPage.getByRole('heading', { level: 1, name: 'People' }).waitFor()
  await ownerPage.getByRole('button', { name: `Remove ${PAT}` }).focus()
  await ownerPage.keyboard.press('Enter')
  await ownerPage.getByRole('button', { name: 'Remove from project' }).focus()
  await ownerPage.keyboard.press('Enter')
  await ownerPage.getByText(`${PAT} removed`).waitFor()
  assert.is(await createSurveyFromPage(patPage, boot.csrfToken, beta.environmentId), 401, 'the session ended at once')
  await patPage.reload()
  assert.is(new URL(patPage.url()).pathname, '/console/sign-in', 'the console sends Pat to the sign-in page')

  // The audit log has the invitations, the SSO account and the sign-ins, each with an address.
  const audit = await bed.call('GET', '/api/v1/management/audit-log?limit=100', { key: bed.keyA })
  assert.is(audit.status, 200, audit.text)
  const actions = audit.body.data.map((entry: { action: string; resourceType: string }) => `${entry.action} ${entry.resourceType}`)
  for (const wanted of ['create consolePerson', 'delete consolePerson', 'signin consoleSession']) {
    assert.ok(actions.includes(wanted), `${wanted} in ${actions.join(', ')}`)
  }
  for (const context of [ownerContext, patContext, samContext]) await context.close()
})

test.run()
