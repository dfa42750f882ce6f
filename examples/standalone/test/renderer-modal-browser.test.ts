/**
 * The renderer as the in-app widget uses it: a page on another origin, with aggressive styles of its own,
 * loads `/js/surveys.umd.cjs` from the standalone server and calls `renderSurvey({ mode: 'modal' })`. The
 * page's styles must not reach the survey nor the survey's the page; the modal sits where the placement says,
 * closes by Escape and by a click on its backdrop; its `<style>` carries the nonce from `setNonce`; the
 * display and the finished response (with the embedded data) reach the server and the callbacks.
 */
import { skipSuiteUnless } from '@canvass/test-utils'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Page } from 'playwright-core'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import type { Backend } from './fixtures'
import { createSurvey, startBackend } from './fixtures'
import { chromiumMissing, launchChromium } from './chromium'


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

const test = skipSuiteUnless(suite('the renderer as a modal on another origin'), chromiumMissing())
let x: Backend
let survey: Record<string, any>
let pageUrl: string
const host = createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
  res.end(PAGE(x.url))
})

test.before(async () => {
  x = await startBackend({})
  survey = await createSurvey(x, {
    type: 'app',
    status: 'inProgress',
    questions: [{ id: 'q1', type: 'openText', inputType: 'text', longAnswer: false, headline: { default: 'Anything to add?' }, required: true }],
  })
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve))
  pageUrl = `http://127.0.0.1:${(host.address() as AddressInfo).port}/`
})
test.after(async () => {
  await new Promise((resolve) => host.close(resolve))
  await x?.stop()
})

const events = (page: Page) => page.evaluate(() => (globalThis as any).events as unknown[][])
/** Waits until `count` displays reached the `onDisplay` callback. */
const displays = (page: Page, count: number) =>
  page.waitForFunction((n) => (globalThis as any).events.filter((e: unknown[]) => e[0] === 'display').length >= n, count)
const show = (page: Page, projectSettings: Record<string, unknown>, options: Record<string, unknown> = {}) =>
  page.evaluate(([s, env, p, o]) => (globalThis as any).show({ survey: s, environmentId: env, project: p, ...o }), [survey, x.envA, projectSettings, options] as const)

test('styles stay apart, placement, Escape and the backdrop close it, a response is saved', async () => {
  const browser = await launchChromium()
  try {
    const page = await browser.newPage({ viewport: { width: 1200, height: 800 } })
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
    assert.is(await page.locator('.cv-backdrop').evaluate((el) => getComputedStyle(el).backgroundColor), 'rgba(15, 23, 42, 0.6)', 'the dark overlay')
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
    assert.equal(seen, [['display', 'string'], ['close'], ['display', 'string'], ['close'], ['display', 'string'], ['response', true], ['close']])
    const stored = (await x.call('GET', `/api/v1/management/responses?surveyId=${survey.id}`, { key: x.keyA })).body.data
    assert.equal(stored.map((r: any) => [r.data, r.finished, typeof r.displayId]), [[{ plan: 'pro', q1: 'More dark mode' }, true, 'string']])
    assert.equal(problems, [])
  } finally {
    await browser.close()
  }
})

test("the reference's props: renderSurveyInline draws in the container and saves the display and response itself", async () => {
  const browser = await launchChromium()
  try {
    const page = await browser.newPage()
    const problems: string[] = []
    page.on('pageerror', (e) => problems.push(e.message))
    await page.goto(pageUrl)
    await page.evaluate(([s, ws]) => (globalThis as any).embed({ survey: s, workspaceId: ws, hiddenFieldsRecord: { plan: 'team' } }), [survey, x.envA] as const)
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
    assert.equal([saved?.finished, typeof saved?.displayId, saved?.data.plan ?? null], [true, 'string', null], 'hidden fields the survey does not declare are not kept')
    assert.equal(problems, [])
  } finally {
    await browser.close()
  }
})

test.run()
