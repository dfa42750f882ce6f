/**
 * The header's project switcher in headless Chromium against a real Canvass (the test bed): a person of two
 * projects (a viewer in the first, the only owner of the second) goes through the projects by keyboard (the
 * arrow keys open none), opens the second, where the People screen is theirs and the last-owner refusal is said
 * in plain words; axe clean (no serious or critical violation) at 360 px, nothing loaded from another origin.
 */
import { readFile } from 'node:fs/promises'
import { createTestCanvass, skipSuiteUnless } from '@canvass/test-bed'
import type { TestCanvass } from '@canvass/test-bed'
import { axeViolations, chromiumMissing, launchChromium, releaseChromium } from '@canvass/test-bed/chromium'
import type { Browser, Page } from 'playwright-core'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { addPerson, signIn } from './sign-in'

const test = skipSuiteUnless(suite('the project switcher in Chromium, keyboard only'), chromiumMissing())
let bed: TestCanvass & { url: string }
let browser: Browser
let second: string
let secondKey: string

const PERSON = 'two.projects@example.com'
const ONE = 'one.project@example.com'

test.before(async () => {
  browser = await launchChromium()
  const bundle = await readFile(new URL('../dist/console.js', import.meta.url), 'utf8')
  const created = await createTestCanvass({ console: { accounts: true, bundle } })
  bed = Object.assign(created, { url: await created.listen() })
  await addPerson(bed, PERSON, 'viewer')
  await addPerson(bed, ONE, 'owner')
  const project = await bed.newProject('Second project')
  second = project.projectId
  secondKey = project.key
  await bed.canvass.admin.addConsolePerson({ email: PERSON, role: 'owner', projectId: second })
})
test.after(async () => {
  if (browser) await releaseChromium()
  await bed?.close()
})

const focusedLabel = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement as HTMLElement | null
    const label = active?.closest('label')
    const own = label
      ? [...label.childNodes]
          .filter((node) => node.nodeType === Node.TEXT_NODE)
          .map((node) => node.textContent)
          .join('')
      : (active?.getAttribute('aria-label') ?? active?.textContent ?? '')
    return own.trim()
  })

async function tabTo(page: Page, name: string) {
  for (let presses = 0; presses < 80; presses++) {
    if ((await focusedLabel(page)) === name) return
    await page.keyboard.press('Tab')
  }
  assert.unreachable(`"${name}" was not reached by Tab; the focus is on "${await focusedLabel(page)}"`)
}

test('a person of two projects switches by keyboard; the second project is theirs as its owner; at 360 px', async () => {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } })
  await signIn(bed.url, context, PERSON)
  const page = await context.newPage()
  const outside: string[] = []
  page.on('request', (request) => {
    if (!/^(blob|data):/.test(request.url()) && !request.url().startsWith(bed.url)) outside.push(request.url())
  })
  await page.goto(`${bed.url}/console`)
  await page.getByRole('heading', { level: 1 }).first().waitFor()
  const switcher = page.locator('select[name=project]')
  assert.is(await switcher.inputValue(), bed.projectId, 'the first project, where they are a viewer')
  assert.equal(await page.getByRole('link', { name: 'People' }).count(), 0, 'a viewer has no People screen')
  assert.equal(await axeViolations(page), [])

  await page.keyboard.press('Tab')
  await tabTo(page, 'Project')
  await page.keyboard.press('ArrowDown')
  assert.is(await switcher.inputValue(), second, 'the arrow picks the second')
  assert.is(new URL(page.url()).search, '', 'and opens nothing')
  await tabTo(page, 'Open')
  await Promise.all([page.waitForURL(`${bed.url}/console?project=${second}`), page.keyboard.press('Enter')])
  await page.getByRole('heading', { level: 1 }).first().waitFor()
  assert.is(await page.locator('select[name=project]').inputValue(), second)
  assert.match(await page.locator('.cv-person').innerText(), /owner/)
  const width = await page.evaluate(() => document.documentElement.scrollWidth)
  assert.ok(width <= 360, `the page fits 360 px (${width})`)

  await page.goto(`${bed.url}/console?project=${second}#/people`)
  await page.getByRole('heading', { level: 1, name: 'People' }).waitFor()
  await page.getByLabel(`Role of ${PERSON}`, { exact: true }).waitFor()
  await page.getByLabel(`Role of ${PERSON}`, { exact: true }).focus()
  await page.keyboard.press('ArrowUp')
  await tabTo(page, `Save role of ${PERSON}`)
  await page.keyboard.press('Enter')
  await page.getByText('The project must keep an owner: make someone else an owner first').waitFor()
  const people = await bed.call('GET', '/api/v1/console/people', { key: secondKey })
  assert.is(people.body.data.find((person: { email: string }) => person.email === PERSON)?.role, 'owner', 'still the owner')
  assert.equal(await axeViolations(page), [])
  assert.equal(outside, [], 'no request left the Canvass origin')
  await context.close()
})

test('a person of one project sees its name, and no switcher', async () => {
  const context = await browser.newContext()
  await signIn(bed.url, context, ONE)
  const page = await context.newPage()
  await page.goto(`${bed.url}/console`)
  await page.getByRole('heading', { level: 1 }).first().waitFor()
  assert.is(await page.locator('select[name=project]').count(), 0)
  assert.is(await page.locator('.cv-project').innerText(), 'Test project')
  await context.close()
})

test.run()
