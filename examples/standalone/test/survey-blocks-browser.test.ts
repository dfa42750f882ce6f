/**
 * A survey of blocks in a real browser (issue 41, §1): headless Chromium against the standalone server. On
 * the link page, a block of a CSAT and a CES element is one page with one submit button; each element is
 * validated when it is pressed; the block's logic adds to a variable and jumps past the next block; back
 * returns to the block; the last page's required cal element (a link, then a box) waits for its box; the stored
 * survey, response and the survey's quota are read back through the management API. axe-core checks the pages of
 * two elements; no request may go to another origin.
 */
import { skipSuiteUnless } from '@canvass/test-utils'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Browser, Page } from 'playwright-core'
import * as assert from 'uvu/assert'
import { httpBackend } from './backends'
import { blockSurvey } from '@canvass/test-bed'
import { chromiumMissing, launchChromium } from './chromium'
import { suitesWithServer } from './suite-server'

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

const { label, database } = httpBackend()
const servers = suitesWithServer(database)
const test = skipSuiteUnless(servers.suite(`${label}: survey blocks in Chromium`), chromiumMissing())
let browser: Browser

test.before(async () => {
  browser = await launchChromium()
})
test.after(async () => {
  await browser?.close()
})

async function axeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in globalThis))) await page.evaluate(AXE)
  return page.evaluate(async () => {
    const result = await (globalThis as any).axe.run(document, { resultTypes: ['violations'] })
    return result.violations.filter((v: any) => v.impact === 'serious' || v.impact === 'critical').map((v: any) => `${v.id}: ${v.nodes.map((n: any) => n.target.join(' ')).join(', ')}`)
  })
}

/** The finished response of a survey, once it is stored. */
async function finishedResponse(surveyId: string): Promise<any> {
  const x = servers.server()
  for (let i = 0; i < 100; i++) {
    const list = (await x.call('GET', `/api/v1/management/responses?surveyId=${surveyId}&limit=10`, { key: x.keyA })).body.data as any[]
    const found = list.find((r) => r.finished)
    if (found) return found
    // Polling the server: the page saves in the background, and the test has no event of the server's to wait on.
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`no finished response of ${surveyId}`)
}

const point = (page: Page, headline: string, value: number) =>
  page.getByRole('radiogroup', { name: headline }).locator('label.cv-scale-item').nth(value - 1)

test('a block of a CSAT and a CES element on one page, its logic, back and the stored response', async () => {
  const x = servers.server()
  const created = await x.call('POST', '/api/v1/management/surveys', { key: x.keyA, body: blockSurvey(x.envA) })
  assert.is(created.status, 200, created.text)
  const surveyId = created.body.data.id as string
  // A quota on the first page's answer, which keeps the survey going when full.
  const quota = await x.call('POST', `/api/v1/management/surveys/${surveyId}/quotas`, {
    key: x.keyA,
    body: {
      name: 'Satisfied',
      limit: 10,
      logic: { connector: 'and', conditions: [{ id: 'q1', leftOperand: { type: 'element', value: 'sat' }, operator: 'isGreaterThanOrEqual', rightOperand: { type: 'static', value: 4 } }] },
      action: 'continueSurvey',
      countPartialSubmissions: false,
    },
  })
  assert.is(quota.status, 200, quota.text)
  const context = await browser.newContext({ locale: 'en-US' })
  const page = await context.newPage()
  const requests: string[] = []
  page.on('request', (request) => requests.push(request.url()))
  await page.goto(`${x.url}/s/${surveyId}`)

  await page.getByRole('group', { name: 'How satisfied are you?' }).waitFor()
  assert.equal(await page.locator('h2.cv-headline').allInnerTexts(), ['How satisfied are you?', 'How easy was it?'], 'both elements on one page')
  assert.is(await page.getByRole('button', { name: 'Continue' }).count(), 1, 'one submit button, the block\'s label')
  assert.equal(await axeViolations(page), [])

  // Each element is validated: the first unanswered one is at fault, then the next.
  await page.getByRole('button', { name: 'Continue' }).click()
  await page.getByRole('group', { name: 'How satisfied are you?' }).locator('.cv-error', { hasText: /./ }).waitFor()
  await point(page, 'How satisfied are you?', 4).click()
  await page.getByRole('button', { name: 'Continue' }).click()
  await page.getByRole('group', { name: 'How easy was it?' }).locator('.cv-error', { hasText: /./ }).waitFor()
  assert.is(await page.getByRole('group', { name: 'How satisfied are you?' }).locator('.cv-error').innerText(), '', 'the answered one is not at fault')
  await point(page, 'How easy was it?', 2).click()
  await page.getByRole('button', { name: 'Continue' }).click()

  // Satisfied (4 or more): the block's logic jumps past "Why not more?" to the last block.
  await page.locator('h2.cv-headline', { hasText: 'Anything else?' }).waitFor()
  await page.getByRole('button', { name: 'Previous' }).click()
  await page.getByRole('group', { name: 'How satisfied are you?' }).waitFor()
  assert.is(await page.getByRole('radiogroup', { name: 'How satisfied are you?' }).locator('input:checked').getAttribute('value'), '4', 'the answers are kept on the way back')
  await page.getByRole('button', { name: 'Continue' }).click()
  await page.locator('h2.cv-headline', { hasText: 'Anything else?' }).waitFor()
  await page.getByRole('textbox').fill('All good')
  // The required cal element of the same page: a link to the booking page (no embed), then the box.
  const booking = page.locator('a', { hasText: 'Book a time on cal.example.org' })
  assert.is(await booking.getAttribute('href'), 'https://cal.example.org/ada/30min')
  await page.getByRole('button', { name: 'Finish' }).click()
  await page.getByRole('group', { name: 'Book a call' }).locator('.cv-error', { hasText: /./ }).waitFor()
  assert.equal(await axeViolations(page), [])
  await page.getByRole('checkbox', { name: 'I have booked a time' }).check()
  await page.getByRole('button', { name: 'Finish' }).click()
  await page.locator('h2.cv-headline', { hasText: 'Thanks' }).waitFor()

  const response = await finishedResponse(surveyId)
  assert.equal(response.data, { sat: 4, effort: 2, last: 'All good', book: 'booked' })
  assert.equal(response.variables, { vscore: 10 }, 'calculate ran once: the page submitted twice ran its logic from the values before it')
  assert.is(response.endingId, 'done')
  assert.ok(response.ttc.sat > 0 && response.ttc.effort > 0, 'each element of the page has its time')
  // Read back: the survey with every field it was made with, and the quota that counted the response.
  const stored = (await x.call('GET', `/api/v1/management/surveys/${surveyId}`, { key: x.keyA })).body.data
  const sent = blockSurvey(x.envA)
  assert.equal(stored.blocks.map((b: any) => [b.id, b.elements.map((e: any) => [e.id, e.type])]), sent.blocks.map((b) => [b.id, b.elements.map((e) => [e.id, e.type])]))
  assert.equal(stored.blocks[0].logic, sent.blocks[0]!.logic)
  assert.equal(stored.questions.map((q: any) => q.id), ['sat', 'effort', 'why', 'last', 'book'], 'and the questions derived from the blocks')
  assert.equal(stored.variables, sent.variables)
  assert.equal(stored.blocks[2].elements[1], { ...sent.blocks[2]!.elements[1] })
  const summary = (await x.call('GET', `/api/v1/management/surveys/${surveyId}/summary`, { key: x.keyA })).body.data
  assert.equal(summary.quotas, [{ id: quota.body.data.id, name: 'Satisfied', limit: 10, count: 1, percentage: 10 }])
  const origins = new Set(requests.map((url) => new URL(url).origin))
  assert.equal([...origins], [new URL(x.url).origin], 'no request to another origin')
  await context.close()
})

test.run()
