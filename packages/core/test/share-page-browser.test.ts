/**
 * The shared results page (`/share/{resultShareKey}`) in a real browser: headless Chromium (Debian's headless
 * build, `chromium-headless-shell`, driven by playwright-core) against Canvass served over loopback HTTP from this
 * process (the test bed), one browser for the file, with the page's Content Security Policy in force.
 *
 * A survey with every question type and a few hundred responses (the bed's `seedSharedSurvey`) is shared through
 * the management route; the test reads every number at the page's `data-cv` elements and compares them with
 * `/share/{key}/summary.json` and the management summary, filters through the page's own form (dates, completed
 * only, language) and compares again, pages the responses tab, rotates the key (the old link answers 404 at once),
 * and runs axe on the summary and responses tabs in light and dark, at desktop and phone widths. No request may go
 * to another origin, no script may run and nothing may be logged as a warning or an error. `pnpm docs:screenshots`
 * draws the page for the docs.
 */
import { createTestCanvass, seedSharedSurvey, sharedSurveyQuestions } from '@canvass/test-bed'
import type { Call, SharedSurveySeed, TestCanvass } from '@canvass/test-bed'
import { callAt as client } from '@canvass/test-bed'
import { axeViolations, chromiumMissing, launchChromium, openWatched, releaseChromium } from '@canvass/test-bed/chromium'
import { skipSuiteUnless } from '@canvass/test-bed'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'

/** The Chromium of the process (`launchChromium`), taken by the suite's `before` and released by its `after`. */
let browser: Browser

/** Responses of the survey: a few hundred, from 2026-03-01 20 hours apart. */
const RESPONSES = 300
/** The seeded survey's questions: the points of each scale, the rows and columns of the grid. */
const QUESTIONS: Array<Record<string, unknown>> = sharedSurveyQuestions()
const DESKTOP = { width: 1280, height: 800 }
const PHONE = { width: 390, height: 844 }

const test = skipSuiteUnless(suite('shared results page in Chromium'), chromiumMissing())
let bed: TestCanvass
/** The bed over HTTP: the share route builds its URL from the request, which must be the one the browser opens. */
let x: { url: string; call: Call }
let context: BrowserContext
let seed: SharedSurveySeed
/** The survey's share key (rotated by the last test). */
let key: string

test.before(async () => {
  // The browser first: when it cannot start, no bed is left open that `after` cannot reach.
  browser = await launchChromium()
  bed = await createTestCanvass()
  const url = await bed.listen()
  x = { url, call: client(url) }
  seed = await seedSharedSurvey(bed, RESPONSES, { origin: url })
  key = await share(seed.surveyId)
  context = await browser.newContext({ locale: 'en-US', viewport: DESKTOP })
})
test.after(async () => {
  if (browser) await releaseChromium()
  await bed?.close()
})

/** Turns sharing on (or rotates the key) through the management route; the new key. */
async function share(surveyId: string): Promise<string> {
  const res = await x.call('POST', `/api/v1/management/surveys/${surveyId}/share`, { key: bed.keyA })
  assert.is(res.status, 200, res.text)
  const { resultShareKey, url } = res.body.data
  assert.is(url, `${x.url}/share/${resultShareKey}`, 'the URL is the page this server serves')
  return resultShareKey
}

/** A new tab on `path`, watched (`openWatched`). */
function open(path: string) {
  return openWatched(context, x.url + path)
}

/** Every `<data data-cv>` number on the page, as `cv {attributes}` → its exact value (`value`). */
async function pageNumbers(page: Page): Promise<Record<string, string>> {
  const entries = await page.locator('data[data-cv]').evaluateAll((elements) =>
    elements.map((element) => {
      const attrs = Object.fromEntries(
        [...element.attributes]
          .filter((attr) => attr.name.startsWith('data-') && attr.name !== 'data-cv')
          .map((attr) => [attr.name.slice(5), attr.value]),
      )
      return [element.getAttribute('data-cv') ?? '', attrs, (element as HTMLDataElement).value] as const
    }),
  )
  const numbers: Record<string, string> = {}
  for (const [cv, attrs, value] of entries) {
    const name = numberName(cv, attrs)
    assert.not.ok(name in numbers, `${name} is on the page once`)
    numbers[name] = value
  }
  return numbers
}

const numberName = (cv: string, attrs: Record<string, string> = {}) =>
  `${cv} ${JSON.stringify(Object.fromEntries(Object.entries(attrs).sort(([a], [b]) => a.localeCompare(b))))}`
const exact = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value))

/**
 * The numbers the page must show for a summary (the list at the top of core's pages/share-page.ts), in the
 * form `pageNumbers` reads them.
 */
function summaryNumbers(s: any): Record<string, string> {
  const out: Record<string, string> = {}
  const put = (cv: string, value: number | null | undefined, attrs: Record<string, string> = {}) => {
    out[numberName(cv, attrs)] = exact(value)
  }
  put('total-displays', s.displays)
  put('total-starts', s.responses.started)
  // The page gives starts as a share of displays only where there were at least as many displays.
  if (s.displays > 0 && s.responses.started <= s.displays) put('start-rate', s.startRate)
  put('total-completes', s.responses.finished)
  put('completion-rate', s.completionRate)
  put('average-time', s.averageTimeToComplete)
  put('median-time', s.medianTimeToComplete)
  put('dropoff-before-first', s.dropOff.beforeFirstQuestion)
  for (const row of s.dropOff.questions) {
    const q = { question: row.questionId }
    put('dropoff-answered', row.answered, q)
    put('dropoff-count', row.droppedAfter, q)
    put('dropoff-rate', row.dropOffRate, q)
  }
  // The funnel along the path, drawn once a response reached a block.
  if (s.dropOff.blocks.some((row: any) => row.reached > 0))
    for (const row of s.dropOff.blocks) {
      const b = { block: row.blockId }
      put('funnel-reached', row.reached, b)
      put('funnel-answered', row.answered, b)
      put('funnel-skipped', row.skipped, b)
      put('funnel-left', row.leftHere, b)
      put('funnel-rate', row.dropOffRate, b)
    }
  for (const question of s.questions) {
    const q = { question: question.questionId }
    put('question-answered', question.answered, q)
    put('question-skipped', question.skipped, q)
    if (question.type === 'ranking') {
      for (const choice of question.choices) {
        put('ranking-average', choice.averagePosition, { ...q, choice: choice.id })
        put('ranking-count', choice.count, { ...q, choice: choice.id })
      }
    } else if (question.choices) {
      for (const choice of question.choices) {
        put('choice-count', choice.count, { ...q, choice: choice.id })
        put('choice-percentage', choice.percentage, { ...q, choice: choice.id })
      }
      // "Other" is shown once: when answers were no choice, or as the question's Other option.
      if (question.other.count > 0 || question.other.label) {
        put('other-count', question.other.count, q)
        put('other-percentage', question.other.percentage, q)
        for (const other of question.other.values) put('other-value-count', other.count, { ...q, other: other.value })
      }
    }
    if (question.type === 'nps') {
      put('nps-score', question.score, q)
      put('nps-average', question.average, q)
      for (const group of ['promoters', 'passives', 'detractors']) {
        put(`nps-${group}`, question[group].count, q)
        put(`nps-${group}-percentage`, question[group].percentage, q)
      }
      // A column for each score 0 to 10; a score nobody gave shows 0 (the summary leaves it out).
      for (let score = 0; score <= 10; score++) {
        put('nps-count', 0, { ...q, rating: String(score) })
        put('nps-percentage', 0, { ...q, rating: String(score) })
      }
      for (const point of question.distribution) {
        put('nps-count', point.count, { ...q, rating: String(point.rating) })
        put('nps-percentage', point.percentage, { ...q, rating: String(point.rating) })
      }
    }
    if (question.distribution && question.type !== 'nps') {
      put('scale-average', question.average, q)
      // A column for each point of the scale; a point nobody chose shows 0 (the summary leaves it out).
      const range = Number(QUESTIONS.find((entry) => entry.id === question.questionId)?.range)
      for (let rating = 1; rating <= range; rating++) {
        put('scale-count', 0, { ...q, rating: String(rating) })
        put('scale-percentage', 0, { ...q, rating: String(rating) })
      }
      for (const point of question.distribution) {
        put('scale-count', point.count, { ...q, rating: String(point.rating) })
        put('scale-percentage', point.percentage, { ...q, rating: String(point.rating) })
      }
    }
    if (question.satisfied) {
      put('csat-satisfied', question.satisfied.count, q)
      put('csat-satisfied-percentage', question.satisfied.percentage, q)
    }
    if (question.type === 'cta') {
      put('cta-clicked', question.clicked, q)
      put('cta-dismissed', question.dismissed, q)
    }
    if (question.type === 'consent') {
      put('consent-accepted', question.accepted, q)
      put('consent-dismissed', question.dismissed, q)
    }
    if (question.type === 'cal') {
      put('cal-booked', question.booked.count, q)
      put('cal-booked-percentage', question.booked.percentage, q)
    }
    if (question.type === 'matrix') {
      // The whole grid; a cell nobody chose shows 0 (the summary leaves it out).
      const grid = QUESTIONS.find((entry) => entry.id === question.questionId) as { rows: any[]; columns: any[] }
      for (const row of grid.rows)
        for (const column of grid.columns) put('matrix-count', 0, { ...q, row: row.default, column: column.default })
      for (const row of question.rows)
        for (const cell of row.columns) put('matrix-count', cell.count, { ...q, row: row.row, column: cell.column })
    }
    if (question.unmatched > 0) put('unmatched-count', question.unmatched, q)
  }
  return out
}

/** summary.json and the management summary for a query (`?…` or ''), which must agree; the summary. */
async function summaries(query: string): Promise<any> {
  const shared = await x.call('GET', `/share/${key}/summary.json${query}`)
  assert.is(shared.status, 200, shared.text)
  // A date alone as the shared page's endDate takes its whole day (docs/results.md); the management route's, its start.
  const managementQuery = query.replace(/endDate=(\d{4}-\d{2}-\d{2})(?=&|$)/, 'endDate=$1T23:59:59.999Z')
  const managed = await x.call('GET', `/api/v1/management/surveys/${seed.surveyId}/summary${managementQuery}`, { key: bed.keyA })
  assert.is(managed.status, 200, managed.text)
  // Without the ids a route takes (the survey's, its quotas'): see docs/results.md.
  const { surveyId: _surveyId, quotas, ...rest } = managed.body.data
  assert.equal(
    shared.body.data,
    { ...rest, quotas: quotas.map(({ id: _id, ...quota }: { id: string }) => quota) },
    `summary.json${query} is the management summary`,
  )
  return shared.body.data
}

/** The page's numbers are exactly the summary's: none missing, none different, none more. */
function assertNumbers(onPage: Record<string, string>, summary: any, what: string) {
  const expected = summaryNumbers(summary)
  const sorted = (numbers: Record<string, string>) => Object.fromEntries(Object.entries(numbers).sort(([a], [b]) => a.localeCompare(b)))
  assert.equal(sorted(onPage), sorted(expected), what)
}

/** Runs axe on the page: no serious or critical violation. */
async function axe(page: Page, what: string) {
  assert.equal(await axeViolations(page), [], `axe on ${what}`)
}

test("the summary tab shows summary.json's numbers for every question type", async () => {
  const summary = await summaries('')
  assert.is(summary.responses.started, RESPONSES, 'every response is counted')
  assert.is(new Set(summary.questions.map((question: any) => question.type)).size, 17, 'every question type')
  const tab = await open(`/share/${key}`)
  assert.is(tab.status, 200)
  const { page } = tab
  assert.is(await page.locator('h1').innerText(), 'Product feedback <script>alert("x")</script>\'&', 'the name, as text')
  assert.is(await page.locator('script').count(), 0, 'no script at all')
  const links = await page.locator('a[href]').evaluateAll((anchors) => anchors.map((anchor) => (anchor as HTMLAnchorElement).href))
  assert.equal(
    links.filter((href) => new URL(href).origin !== new URL(x.url).origin),
    [],
    'every link stays on this server (a file elsewhere is named, not linked)',
  )
  assert.ok(
    links.some((href) => href.startsWith(`${x.url}/share/${key}?file=report-`)),
    "the survey's public files are linked, through the page",
  )
  assertNumbers(await pageNumbers(page), summary, 'the page shows the summary')
  // A chart per question: its headline is on the page, next to its numbers.
  for (const question of summary.questions)
    assert.ok(await page.getByRole('heading', { name: question.headline, exact: true }).isVisible(), `${question.questionId}'s chart`)
  assert.is(
    await page.locator('li[data-cv="answer"][data-field="data:why"] .cv-answer').first().innerText(),
    seed.responses.find((response) => typeof response.data.why === 'string')?.data.why,
    'the latest open-text answer first, as text',
  )
  await tab.done()
})

test('the filters of the form change the numbers to the filtered summary’s', async () => {
  const tab = await open(`/share/${key}`)
  const { page } = tab
  const before = await pageNumbers(page)
  await page.getByLabel('From', { exact: true }).fill('2026-04-01')
  await page.getByLabel('To', { exact: true }).fill('2026-08-31')
  await page.getByLabel('Completed only', { exact: true }).check()
  await page.getByLabel('Language', { exact: true }).selectOption('de')
  await Promise.all([page.waitForURL(/[?&]lang=de/), page.getByRole('button', { name: 'Apply' }).click()])
  const query = new URL(page.url()).search
  for (const part of ['startDate=2026-04-01', 'endDate=2026-08-31', 'finished=true', 'lang=de'])
    assert.ok(query.includes(part), `the form sent ${part} (${query})`)
  const filtered = await summaries(`?startDate=2026-04-01&endDate=2026-08-31&finished=true&lang=de`)
  // What the filters leave: completed German responses made from April to August.
  const kept = seed.responses.filter(
    (response) =>
      response.finished &&
      response.language === 'de' &&
      response.createdAt >= new Date('2026-04-01T00:00:00Z') &&
      response.createdAt < new Date('2026-09-01T00:00:00Z'),
  )
  assert.ok(kept.length > 10 && kept.length < RESPONSES / 4, `the filters leave some responses (${kept.length})`)
  assert.equal([filtered.responses.started, filtered.responses.finished], [kept.length, kept.length])
  const after = await pageNumbers(page)
  assertNumbers(after, filtered, 'the filtered page shows the filtered summary')
  const changed = Object.keys(after).filter((name) => after[name] !== before[name])
  assert.ok(changed.length > Object.keys(after).length / 2, `most numbers changed (${changed.length} of ${Object.keys(after).length})`)
  // The form shows what it applied, and the responses tab keeps it.
  assert.equal(
    [
      await page.getByLabel('From', { exact: true }).inputValue(),
      await page.getByLabel('To', { exact: true }).inputValue(),
      await page.getByLabel('Completed only', { exact: true }).isChecked(),
      await page.getByLabel('Language', { exact: true }).inputValue(),
    ],
    ['2026-04-01', '2026-08-31', true, 'de'],
  )
  await page.getByRole('link', { name: 'Responses' }).click()
  await page.locator('article[data-cv="response"]').first().waitFor()
  // Cards carry no response id (see docs/results.md): each is known by its time, unique in the seed.
  const times = await page
    .locator('article[data-cv="response"] time')
    .evaluateAll((stamps) => stamps.map((stamp) => stamp.getAttribute('datetime')))
  assert.equal(
    times,
    kept.slice(0, 20).map((response) => response.createdAt.toISOString()),
    'the filtered responses, newest first',
  )
  await tab.done()
})

test('the responses tab lists responses newest first, 20 a page, and pages by cursor', async () => {
  const tab = await open(`/share/${key}?tab=responses`)
  const { page } = tab
  const ids = () =>
    page.locator('article[data-cv="response"] time').evaluateAll((stamps) => stamps.map((stamp) => stamp.getAttribute('datetime')))
  assert.equal(
    await ids(),
    seed.responses.slice(0, 20).map((response) => response.createdAt.toISOString()),
    'the first page',
  )
  const text = await page.locator('main').innerText()
  for (const secret of ['user-secret-id', 'secret.example', 'SecretBrowser'])
    assert.not.ok(text.includes(secret) || (await page.content()).includes(secret), `${secret} is never shown`)
  const firstUrl = page.url()
  await page.locator('a[data-cv="next-page"]').click()
  await page.waitForURL((url) => url.href !== firstUrl && url.searchParams.has('after'))
  assert.equal(
    await ids(),
    seed.responses.slice(20, 40).map((response) => response.createdAt.toISOString()),
    'the second page',
  )
  await tab.done()
})

test('axe: the summary and responses tabs in light on a desktop and dark on a phone', async () => {
  // Each scheme and each width once per tab: the colours (contrast) follow the scheme, the layout the width.
  for (const [colorScheme, viewport] of [
    ['light', DESKTOP],
    ['dark', PHONE],
  ] as const) {
    for (const path of [`/share/${key}`, `/share/${key}?tab=responses`]) {
      const tab = await open(path)
      await tab.page.emulateMedia({ colorScheme })
      await tab.page.setViewportSize(viewport)
      await axe(tab.page, `${path.includes('responses') ? 'responses' : 'summary'}, ${colorScheme}, ${viewport.width} px`)
      if (viewport === PHONE) {
        const overflow = await tab.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
        assert.is(overflow, 0, 'nothing is wider than a phone')
      }
      await tab.done()
    }
  }
})

test('rotating the key: the old link answers 404 at once, the new one the page', async () => {
  const old = key
  key = await share(seed.surveyId)
  assert.not.equal(key, old)
  const gone = await open(`/share/${old}`)
  assert.is(gone.status, 404)
  assert.is(await gone.page.locator('h1').innerText(), 'These results are not shared')
  await gone.done([/^error: Failed to load resource: the server responded with a status of 404 /])
  assert.is((await x.call('GET', `/share/${old}/summary.json`)).status, 404)
  const fresh = await open(`/share/${key}`)
  assert.is(fresh.status, 200)
  assert.is(await fresh.page.locator('data[data-cv="total-starts"]').getAttribute('value'), String(RESPONSES))
  await fresh.done()
})

test.run()
