/**
 * The renderer (`/js/surveys.umd.cjs`) in headless Chromium, against Canvass served over loopback HTTP from
 * this process (the test bed); one browser for the file, a context of its own per case.
 *
 * As the in-app widget uses it: a page on another origin, with aggressive styles of its own, loads the
 * renderer and calls `renderSurvey({ mode: 'modal' })`. The page's styles must not reach the survey nor the
 * survey's the page; the modal sits where the placement says, closes by Escape and by a click on its backdrop;
 * its `<style>` carries the nonce from `setNonce`; the display and the finished response (with the embedded
 * data) reach the server and the callbacks.
 *
 * A survey of blocks (issue 41, §1) on the link page: a block of a CSAT and a CES element is one page with one
 * submit button; each element is validated when it is pressed; the block's logic adds to a variable and jumps
 * past the next block; back returns to the block; the last page's required cal element (a link, then a box)
 * waits for its box; the stored survey, response and the survey's quota are read back through the management
 * API. axe-core checks the pages of two elements; no request may go to another origin.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { blockSurvey, createSurvey, createTestCanvass, waitFor } from '@canvass/test-bed'
import type { TestCanvass } from '@canvass/test-bed'
import { skipSuiteUnless } from '@canvass/test-bed'
import type { Browser, Page } from 'playwright-core'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { axeViolations, chromiumMissing, launchChromium, outboxDrained, releaseChromium } from '@canvass/test-bed/chromium'

/** A host page whose styles would wreck any survey that let them in. */
const PAGE = (api: string) => `<!doctype html><meta charset="utf-8"><title>Host app</title>
<style>
  * { font-family: serif !important; }
  h2, button, input, label { color: rgb(255, 0, 0) !important; font-size: 40px !important; background: rgb(0, 255, 0) !important; }
</style>
<h2 id="host-heading">The host app</h2>
<div id="embed"></div>
<script src="${api}/js/surveys.umd.cjs"></script>
<script>
  window.events = []
  window.show = function (options) {
    formbricksSurveys.setNonce('host-nonce')
    window.handle = formbricksSurveys.renderSurvey(Object.assign({
      appUrl: ${JSON.stringify(api)},
      mode: 'modal',
      callbacks: {
        onDisplay: function (id) { events.push(['display', typeof id]) },
        onResponse: function (e) { events.push(['response', e.finished]) },
        onClose: function () { events.push(['close']) },
      },
    }, options))
  }
  // A custom embed calling the reference's renderSurveyInline with the reference's props.
  window.embed = function (props) {
    const call = (name) => () => events.push([name])
    formbricksSurveys.renderSurveyInline(Object.assign({
      appUrl: ${JSON.stringify(api)},
      containerId: 'embed',
      languageCode: 'default',
      styling: { brandColor: { light: '#0e7490' } },
      onDisplayCreated: call('onDisplayCreated'),
      onResponseCreated: call('onResponseCreated'),
      onFinished: call('onFinished'),
      onClose: call('onClose'),
    }, props))
  }
</script>`

const project = (extra: Record<string, unknown> = {}) => ({
  id: 'p',
  recontactDays: 7,
  clickOutsideClose: true,
  darkOverlay: false,
  placement: 'bottomRight',
  inAppSurveyBranding: true,
  styling: { allowStyleOverwrite: true, brandColor: { light: '#0e7490' } },
  ...extra,
})

const test = skipSuiteUnless(suite('the renderer in Chromium: a modal on another origin, a survey of blocks'), chromiumMissing())
let bed: TestCanvass
/** The bed and where it listens. */
let x: TestCanvass & { url: string }
let browser: Browser
let survey: Record<string, any>
let pageUrl: string
const host = createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
  res.end(PAGE(x.url))
})

test.before(async () => {
  // The browser first: when it cannot start, no bed is left open that `after` cannot reach.
  browser = await launchChromium()
  bed = await createTestCanvass()
  x = Object.assign(bed, { url: await bed.listen() })
  survey = await createSurvey(x, {
    type: 'app',
    status: 'inProgress',
    questions: [
      { id: 'q1', type: 'openText', inputType: 'text', longAnswer: false, headline: { default: 'Anything to add?' }, required: true },
    ],
  })
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve))
  pageUrl = `http://127.0.0.1:${(host.address() as AddressInfo).port}/`
})
test.after(async () => {
  if (host.listening) await new Promise((resolve) => host.close(resolve))
  if (browser) await releaseChromium()
  await bed?.close()
})

const events = (page: Page) => page.evaluate(() => (globalThis as any).events as unknown[][])
/** Waits until `count` displays reached the `onDisplay` callback. */
const displays = (page: Page, count: number) =>
  page.waitForFunction((n) => (globalThis as any).events.filter((e: unknown[]) => e[0] === 'display').length >= n, count)
const show = (page: Page, projectSettings: Record<string, unknown>, options: Record<string, unknown> = {}) =>
  page.evaluate(([s, env, p, o]) => (globalThis as any).show({ survey: s, environmentId: env, project: p, ...o }), [
    survey,
    x.envA,
    projectSettings,
    options,
  ] as const)

test('styles stay apart, placement, Escape and the backdrop close it, a response is saved', async () => {
  const context = await browser.newContext({ viewport: { width: 1200, height: 800 } })
  try {
    const page = await context.newPage()
    const problems: string[] = []
    page.on('console', (m) => (m.type() === 'error' || m.type() === 'warning') && problems.push(m.text()))
    page.on('pageerror', (e) => problems.push(e.message))
    await page.goto(pageUrl)
    assert.is.not(new URL(pageUrl).origin, new URL(x.url).origin)

    await show(page, project())
    const headline = page.locator('h2.cv-headline', { hasText: 'Anything to add?' })
    await headline.waitFor()
    const inside = await headline.evaluate((el) => {
      const style = getComputedStyle(el)
      return { color: style.color, size: style.fontSize, font: style.fontFamily }
    })
    assert.is.not(inside.color, 'rgb(255, 0, 0)', 'the page’s colour does not reach the survey')
    assert.is.not(inside.size, '40px')
    assert.not.ok(inside.font.startsWith('serif'), inside.font)
    const outside = await page.locator('#host-heading').evaluate((el) => getComputedStyle(el).color)
    assert.is(outside, 'rgb(255, 0, 0)', 'the survey’s styles do not reach the page')
    const box = await page.locator('.cv-card').boundingBox()
    assert.ok(box && box.x + box.width > 1100 && box.y + box.height > 700, `bottom right: ${JSON.stringify(box)}`)
    assert.is(await page.locator('[data-canvass-survey]').evaluate((el) => el.shadowRoot?.querySelector('style')?.nonce), 'host-nonce')
    // The display is recorded by a request that may still be on its way: closing waits for it, so that the
    // callbacks' order is the survey's, not the network's.
    await displays(page, 1)
    await page.getByRole('textbox').click()
    await page.keyboard.press('Escape')
    await page.locator('[data-canvass-survey]').waitFor({ state: 'detached' })

    await show(page, project({ placement: 'center', darkOverlay: true }))
    await headline.waitFor()
    assert.is(
      await page.locator('.cv-backdrop').evaluate((el) => getComputedStyle(el).backgroundColor),
      'rgba(15, 23, 42, 0.6)',
      'the dark overlay',
    )
    await displays(page, 2)
    await page.mouse.click(20, 20)
    await page.locator('[data-canvass-survey]').waitFor({ state: 'detached' })

    await show(page, project(), { embeddedData: { plan: 'pro', q1: 'not an answer' } })
    await page.getByRole('textbox').fill('More dark mode')
    await page.getByRole('button', { name: 'Finish' }).click()
    await page.locator('h2.cv-headline', { hasText: 'Thank you!' }).waitFor()
    await page.waitForFunction(() => (globalThis as any).events.some((e: unknown[]) => e[0] === 'response'))
    await page.getByRole('button', { name: 'Close survey' }).click()
    await page.locator('[data-canvass-survey]').waitFor({ state: 'detached' })
    const seen = await events(page)
    assert.equal(seen, [
      ['display', 'string'],
      ['close'],
      ['display', 'string'],
      ['close'],
      ['display', 'string'],
      ['response', true],
      ['close'],
    ])
    const stored = (await x.call('GET', `/api/v1/management/responses?surveyId=${survey.id}`, { key: x.keyA })).body.data
    assert.equal(
      stored.map((r: any) => [r.data, r.finished, typeof r.displayId]),
      [[{ plan: 'pro', q1: 'More dark mode' }, true, 'string']],
    )
    assert.equal(problems, [])
  } finally {
    await context.close()
  }
})

test("the reference's props: renderSurveyInline draws in the container and saves the display and response itself", async () => {
  const context = await browser.newContext()
  try {
    const page = await context.newPage()
    const problems: string[] = []
    page.on('pageerror', (e) => problems.push(e.message))
    await page.goto(pageUrl)
    await page.evaluate(([s, ws]) => (globalThis as any).embed({ survey: s, workspaceId: ws, hiddenFieldsRecord: { plan: 'team' } }), [
      survey,
      x.envA,
    ] as const)
    const answer = page.locator('#embed').getByRole('textbox', { name: 'Anything to add?' })
    await answer.waitFor()
    await page.waitForFunction(() => (globalThis as any).events.some((e: unknown[]) => e[0] === 'onDisplayCreated'))
    await answer.fill('Inline works')
    await page.getByRole('button', { name: 'Finish' }).click()
    await page.waitForFunction(() => (globalThis as any).events.some((e: unknown[]) => e[0] === 'onFinished'))
    await page.locator('#embed').getByRole('heading', { name: 'Thank you!' }).waitFor()
    assert.equal(await events(page), [['onDisplayCreated'], ['onResponseCreated'], ['onFinished']], 'an inline survey stays on its ending')
    const stored = (await x.call('GET', `/api/v1/management/responses?surveyId=${survey.id}`, { key: x.keyA })).body.data
    const saved = stored.find((r: any) => r.data.q1 === 'Inline works')
    assert.equal(
      [saved?.finished, typeof saved?.displayId, saved?.data.plan ?? null],
      [true, 'string', null],
      'hidden fields the survey does not declare are not kept',
    )
    assert.equal(problems, [])
  } finally {
    await context.close()
  }
})

/** The finished response of a survey, once it is stored. */
async function finishedResponse(surveyId: string): Promise<any> {
  // Polling the server: the page saves in the background, and the test has no event of the server's to wait on.
  return waitFor(
    `a finished response of ${surveyId}`,
    async () =>
      ((await x.call('GET', `/api/v1/management/responses?surveyId=${surveyId}&limit=10`, { key: x.keyA })).body.data as any[]).find(
        (r) => r.finished,
      ),
    { everyMs: 100 },
  )
}

const point = (page: Page, headline: string, value: number) =>
  page
    .getByRole('radiogroup', { name: headline })
    .locator('label.cv-scale-item')
    .nth(value - 1)

test('a block of a CSAT and a CES element on one page, its logic, back and the stored response', async () => {
  const created = await x.call('POST', '/api/v1/management/surveys', { key: x.keyA, body: blockSurvey(x.envA) })
  assert.is(created.status, 200, created.text)
  const surveyId = created.body.data.id as string
  // A quota on the first page's answer, which keeps the survey going when full.
  const quota = await x.call('POST', `/api/v1/management/surveys/${surveyId}/quotas`, {
    key: x.keyA,
    body: {
      name: 'Satisfied',
      limit: 10,
      logic: {
        connector: 'and',
        conditions: [
          {
            id: 'q1',
            leftOperand: { type: 'element', value: 'sat' },
            operator: 'isGreaterThanOrEqual',
            rightOperand: { type: 'static', value: 4 },
          },
        ],
      },
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
  assert.equal(
    await page.locator('h2.cv-headline').allInnerTexts(),
    ['How satisfied are you?', 'How easy was it?'],
    'both elements on one page',
  )
  assert.is(await page.getByRole('button', { name: 'Continue' }).count(), 1, "one submit button, the block's label")
  assert.equal(await axeViolations(page), [])

  // Each element is validated: the first unanswered one is at fault, then the next.
  await page.getByRole('button', { name: 'Continue' }).click()
  await page.getByRole('group', { name: 'How satisfied are you?' }).locator('.cv-error', { hasText: /./ }).waitFor()
  await point(page, 'How satisfied are you?', 4).click()
  await page.getByRole('button', { name: 'Continue' }).click()
  await page.getByRole('group', { name: 'How easy was it?' }).locator('.cv-error', { hasText: /./ }).waitFor()
  assert.is(
    await page.getByRole('group', { name: 'How satisfied are you?' }).locator('.cv-error').innerText(),
    '',
    'the answered one is not at fault',
  )
  await point(page, 'How easy was it?', 2).click()
  await page.getByRole('button', { name: 'Continue' }).click()

  // Satisfied (4 or more): the block's logic jumps past "Why not more?" to the last block.
  await page.locator('h2.cv-headline', { hasText: 'Anything else?' }).waitFor()
  await page.getByRole('button', { name: 'Previous' }).click()
  await page.getByRole('group', { name: 'How satisfied are you?' }).waitFor()
  assert.is(
    await page.getByRole('radiogroup', { name: 'How satisfied are you?' }).locator('input:checked').getAttribute('value'),
    '4',
    'the answers are kept on the way back',
  )
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
  // The server stores the finished response, then screens it against the quota, then answers: the response can be
  // listed as finished before the quota counts it. Once the page has the answer, both are done.
  await outboxDrained(page)

  const response = await finishedResponse(surveyId)
  assert.equal(response.data, { sat: 4, effort: 2, last: 'All good', book: 'booked' })
  assert.equal(response.variables, { vscore: 10 }, 'calculate ran once: the page submitted twice ran its logic from the values before it')
  assert.is(response.endingId, 'done')
  assert.ok(response.ttc.sat > 0 && response.ttc.effort > 0, 'each element of the page has its time')
  // Read back: the survey with every field it was made with, and the quota that counted the response.
  const stored = (await x.call('GET', `/api/v1/management/surveys/${surveyId}`, { key: x.keyA })).body.data
  const sent = blockSurvey(x.envA)
  assert.equal(
    stored.blocks.map((b: any) => [b.id, b.elements.map((e: any) => [e.id, e.type])]),
    sent.blocks.map((b) => [b.id, b.elements.map((e) => [e.id, e.type])]),
  )
  assert.equal(stored.blocks[0].logic, sent.blocks[0]!.logic)
  assert.equal(
    stored.questions.map((q: any) => q.id),
    ['sat', 'effort', 'why', 'last', 'book'],
    'and the questions derived from the blocks',
  )
  assert.equal(stored.variables, sent.variables)
  assert.equal(stored.blocks[2].elements[1], { ...sent.blocks[2]!.elements[1] })
  const summary = (await x.call('GET', `/api/v1/management/surveys/${surveyId}/summary`, { key: x.keyA })).body.data
  assert.equal(summary.quotas, [{ id: quota.body.data.id, name: 'Satisfied', limit: 10, count: 1, percentage: 10 }])
  const origins = new Set(requests.map((url) => new URL(url).origin))
  assert.equal([...origins], [new URL(x.url).origin], 'no request to another origin')
  await context.close()
})

test('a five-column matrix on a 390 px phone: each row stacks its named choices, nothing off screen; a wide screen keeps the grid', async () => {
  const columns = ['Strongly disagree', 'Disagree', 'Neutral', 'Agree', 'Strongly agree']
  const created = await x.call('POST', '/api/v1/management/surveys', {
    key: x.keyA,
    body: {
      name: 'Grid on a phone',
      status: 'inProgress',
      questions: [
        {
          id: 'grid',
          type: 'matrix',
          headline: { default: 'How far do you agree?' },
          rows: [{ default: 'It is easy to learn' }, { default: 'I can find what I need' }],
          columns: columns.map((column) => ({ default: column })),
        },
      ],
    },
  })
  assert.is(created.status, 200, created.text)
  const surveyId = created.body.data.id as string
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } })
  const page = await context.newPage()
  await page.goto(`${x.url}/s/${surveyId}`)
  const first = page.getByRole('radio', { name: 'It is easy to learn: Strongly disagree' })
  await first.waitFor()
  const layout = await page.evaluate(() => {
    const root = document.querySelector('[data-canvass-survey]')?.shadowRoot ?? document
    const radios = [...root.querySelectorAll<HTMLInputElement>('.cv-matrix input')].map((input) => input.getBoundingClientRect())
    const names = [...root.querySelectorAll<HTMLElement>('.cv-matrix-choice')].filter((name) => name.offsetWidth > 0)
    return {
      pageWidth: document.documentElement.scrollWidth,
      rightmost: Math.max(...radios.map((box) => box.right)),
      visibleNames: names.map((name) => name.textContent),
    }
  })
  assert.ok(layout.pageWidth <= 390, `the page is ${layout.pageWidth} px wide`)
  assert.ok(layout.rightmost <= 390, `every choice is on screen (the rightmost ends at ${layout.rightmost} px)`)
  assert.equal(layout.visibleNames, [...columns, ...columns], 'each choice is named beside its button')
  await page.locator('.cv-matrix-choice', { hasText: 'Strongly agree' }).first().click()
  assert.ok(await page.getByRole('radio', { name: 'It is easy to learn: Strongly agree' }).isChecked(), 'its name picks it')
  assert.equal(await axeViolations(page), [], 'axe on the phone')
  // Wide: the grid with its column headings, the names beside the buttons hidden.
  await page.setViewportSize({ width: 1100, height: 800 })
  await page.getByRole('columnheader', { name: 'Strongly disagree' }).waitFor()
  assert.is(await page.locator('.cv-matrix-choice:visible').count(), 0)
  await context.close()
})

test.run()
