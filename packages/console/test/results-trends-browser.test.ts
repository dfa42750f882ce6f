/**
 * Issue 84 in headless Chromium, keyboard only: the results' "Responses over time" reads the time-series route in
 * the browser's time zone (Europe/Berlin here: 23:30 UTC is the next day), and a filter applied in the form
 * narrows the summary's cards and the chart alike; a single day is one bar named with its day. axe finds nothing.
 */
import { readFile } from 'node:fs/promises'
import { createSurvey, createTestCanvass, skipSuiteUnless } from '@canvass/test-bed'
import type { TestCanvass } from '@canvass/test-bed'
import { axeViolations, chromiumMissing, launchChromium, releaseChromium } from '@canvass/test-bed/chromium'
import type { Browser, Page } from 'playwright-core'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { addPerson, signIn } from './sign-in'

const bundle = readFile(new URL('../dist/console.js', import.meta.url), 'utf8')
const OWNER = 'owner@example.org'

const test = skipSuiteUnless(suite('responses over time and filtered summaries in the console'), chromiumMissing())
let bed: TestCanvass & { url: string }
let browser: Browser

test.before(async () => {
  browser = await launchChromium()
  const created = await createTestCanvass({ console: { accounts: true, bundle: await bundle } })
  bed = Object.assign(created, { url: await created.listen() })
  await addPerson(bed, OWNER, 'owner')
})
test.after(async () => {
  if (browser) await releaseChromium()
  await bed?.close()
})

/** Presses Tab (Shift+Tab `back`) until the focused control's accessible name (or label text) starts with `name`. */
async function tabTo(on: Page, name: string, back = false): Promise<void> {
  for (let presses = 0; presses < 150; presses++) {
    const now = await on.evaluate(() => {
      const active = document.activeElement as HTMLElement | null
      if (!active) return ''
      return (active.getAttribute('aria-label') ?? active.closest('label')?.innerText ?? active.innerText ?? '').replace(/\s+/g, ' ').trim()
    })
    if (now.startsWith(name)) return
    await on.keyboard.press(back ? 'Shift+Tab' : 'Tab')
  }
  assert.unreachable(`"${name}" not reached by Tab`)
}

const starts = (on: Page) => on.locator('.cv-results data[data-cv="total-starts"]').getAttribute('value')
const chartLabel = (on: Page) => on.locator('section[aria-labelledby="cv-over-time"] svg').getAttribute('aria-label')

test('the chart reads every response in the browser time zone; a filter narrows the cards and the chart', async () => {
  const survey = await createSurvey(bed, { status: 'inProgress' })
  const at = (createdAt: string, answer: string) => ({ surveyId: survey.id, createdAt, finished: true, data: { q1: answer } })
  const imported = await bed.call('POST', '/api/v1/management/responses/bulk', {
    key: bed.keyA,
    body: {
      responses: [
        at('2025-03-04T09:00:00.000Z', 'yes'),
        at('2025-03-04T10:00:00.000Z', 'yes'),
        at('2025-03-04T11:00:00.000Z', 'yes'),
        at('2025-03-04T12:00:00.000Z', 'no'),
        // 00:30 on 5 March in Berlin.
        at('2025-03-04T23:30:00.000Z', 'no'),
      ],
    },
  })
  assert.is(imported.status, 200, imported.text)

  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, timezoneId: 'Europe/Berlin' })
  await signIn(bed.url, context, OWNER)
  const page = await context.newPage()
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  await page.goto(`${bed.url}/console#/surveys/${survey.id}/results`)
  await page.locator('section[aria-labelledby="cv-over-time"] svg').waitFor()
  assert.is(await starts(page), '5')
  assert.is(await chartLabel(page), 'Responses per day, from 4 Mar 2025 to 5 Mar 2025, at most 4 in a day')
  assert.match(await page.locator('section[aria-labelledby="cv-over-time"]').innerText(), 'Europe/Berlin')

  // A condition on the answer, by the keyboard: the cards and the chart follow it.
  await tabTo(page, 'Add a condition')
  await page.keyboard.press('Enter')
  assert.ok(
    (await page.locator('optgroup[label="Contact attributes"] option').count()) > 0,
    "an owner may filter by the environment's contact attributes",
  )
  await tabTo(page, 'Value', true)
  await page.keyboard.type('yes')
  await page.keyboard.press('Enter')
  await page.waitForFunction(() => document.querySelector('.cv-results data[data-cv="total-starts"]')?.getAttribute('value') === '3')
  await page.waitForFunction(() =>
    document.querySelector('section[aria-labelledby="cv-over-time"] svg')?.getAttribute('aria-label')?.startsWith('Responses in the day'),
  )
  assert.is(await chartLabel(page), 'Responses in the day 4 Mar 2025: 3', 'one day: one bar named with its day')
  assert.is(await page.locator('section[aria-labelledby="cv-over-time"] svg rect').count(), 1)

  // The table alternative, and the interval picked by the keyboard.
  await tabTo(page, 'Show per')
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('ArrowDown')
  await page.waitForFunction(() =>
    document.querySelector('section[aria-labelledby="cv-over-time"] svg')?.getAttribute('aria-label')?.includes('March 2025'),
  )
  await tabTo(page, 'Responses per month as a table')
  await page.keyboard.press('Enter')
  assert.equal(await page.locator('section[aria-labelledby="cv-over-time"] tbody tr').allInnerTexts(), ['March 2025\t3\t3\t100 %'])
  assert.equal(await axeViolations(page), [], 'axe on the summary with its chart')
  assert.equal(errors, [])
  await context.close()
})

test.run()
