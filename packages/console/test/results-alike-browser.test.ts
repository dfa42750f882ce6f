/**
 * The console's results screen and the shared results page in headless Chromium, side by side on one survey
 * (every question type, unfinished responses, times to complete): both are drawn by core's results components,
 * so every number, label, colour and format read from the one DOM is the same in the other. The share page may
 * leave out what only the console has (its filters, the responses over time); what it shows of the summary,
 * it shows alike.
 */
import { readFile } from 'node:fs/promises'
import { createTestCanvass, seedSharedSurvey, skipSuiteUnless } from '@canvass/test-bed'
import type { TestCanvass } from '@canvass/test-bed'
import { chromiumMissing, launchChromium, releaseChromium } from '@canvass/test-bed/chromium'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { addPerson, signIn } from './sign-in'

const bundle = readFile(new URL('../dist/console.js', import.meta.url), 'utf8')
const OWNER = 'owner@example.org'

const test = skipSuiteUnless(suite('results alike: the console and the shared page'), chromiumMissing())
let bed: TestCanvass & { url: string }
let browser: Browser
let context: BrowserContext

test.before(async () => {
  browser = await launchChromium()
  const created = await createTestCanvass({ console: { accounts: true, bundle: await bundle } })
  bed = Object.assign(created, { url: await created.listen() })
  await addPerson(bed, OWNER, 'owner')
  context = await browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme: 'light' })
  await signIn(bed.url, context, OWNER)
})
test.after(async () => {
  await context?.close()
  if (browser) await releaseChromium()
  await bed?.close()
})

/**
 * What a reader sees of the summary under `root`: its numbers, words and colours, in page order. The reader is
 * source text, so that nothing the test's compiler adds to a function reaches the page.
 */
const READER = `(element) => {
  const all = (selector) => [...element.querySelectorAll(selector)]
  const text = (node) => (node ? node.innerText.replace(/\\s+/g, ' ').trim() : '')
  const style = (node) => (node ? getComputedStyle(node) : {})
  return {
    numbers: all('data[data-cv]').map((data) => {
      const of = [...data.attributes].filter((attr) => attr.name.startsWith('data-') && attr.name !== 'data-cv')
      return data.getAttribute('data-cv') + ' ' + of.map((attr) => attr.name + '=' + attr.value).join(' ') + ' = ' + data.value + ' "' + data.textContent + '"'
    }),
    totals: all('.cv-stat').map(text),
    dropOff: text(element.querySelector('section[aria-labelledby="cv-dropoff"]')),
    funnel: text(element.querySelector('section[aria-labelledby="cv-funnel"]')),
    heads: all('.cv-card-head').map(text),
    bars: all('.cv-bar-head').map(text),
    columns: all('.cv-histogram li').map(text),
    legend: all('.cv-legend li').map((item) => text(item) + ' ' + style(item.querySelector('.cv-dot')).backgroundColor),
    segments: all('rect[data-tone]').map((rect) => rect.getAttribute('data-tone') + ' ' + rect.getAttribute('width') + ' ' + style(rect).fill),
    fills: all('rect.cv-bar-fill').map((rect) => rect.getAttribute('width') + ' ' + rect.getAttribute('height') + ' ' + style(rect).fill),
    cells: all('.cv-matrix td').map((cell) => text(cell) + ' ' + style(cell).backgroundColor),
  }
}`

interface Reading {
  numbers: string[]
  totals: string[]
  dropOff: string
  funnel: string
  heads: string[]
  bars: string[]
  columns: string[]
  legend: string[]
  segments: string[]
  fills: string[]
  cells: string[]
}

const readResults = (on: Page, root: string): Promise<Reading> =>
  on.evaluate(`(${READER})(document.querySelector(${JSON.stringify(root)}))`)

test('the console and the shared page show one summary: numbers, labels, colours and formats alike', async () => {
  const seed = await seedSharedSurvey(bed, 40, { origin: bed.url })
  const shared = await bed.call('POST', `/api/v1/management/surveys/${seed.surveyId}/share`, { key: bed.keyA })
  assert.is(shared.status, 200, shared.text)

  const consolePage = await context.newPage()
  await consolePage.goto(`${bed.url}/console#/surveys/${seed.surveyId}/results`)
  await consolePage.locator('.cv-results data[data-cv="total-starts"]').waitFor()
  const inConsole = await readResults(consolePage, '.cv-results')

  const sharePage = await context.newPage()
  await sharePage.goto(`${bed.url}/share/${shared.body.data.resultShareKey}`)
  await sharePage.locator('main data[data-cv="total-starts"]').waitFor()
  const onShare = await readResults(sharePage, 'main')

  // What is compared is there to compare: every kind of thing, and the formats that once differed.
  assert.ok(inConsole.numbers.length > 100, `${inConsole.numbers.length} numbers`)
  assert.is(inConsole.segments.length, 3, 'the three NPS groups')
  assert.is(new Set(inConsole.segments.map((segment) => segment.split(' ').pop())).size, 3, 'each group its own colour')
  assert.ok(inConsole.cells.length >= 4, 'the matrix')
  assert.ok(
    inConsole.totals.some((tile) => /time to complete \d/.test(tile)),
    'a duration',
  )
  assert.ok(
    inConsole.bars.some((bar) => /%/.test(bar)),
    'percentages',
  )
  assert.match(inConsole.funnel, /\d+ reached · \d+ answered · \d+ skipped · \d+ left here/, 'the drop-off funnel')
  assert.ok(
    inConsole.numbers.some((entry) => entry.startsWith('funnel-reached data-block=')),
    "the funnel's table",
  )

  for (const part of [
    'numbers',
    'totals',
    'dropOff',
    'funnel',
    'heads',
    'bars',
    'columns',
    'legend',
    'segments',
    'fills',
    'cells',
  ] as const)
    assert.equal(inConsole[part], onShare[part], `the ${part} are alike`)
  await consolePage.close()
  await sharePage.close()
})

test.run()
