/**
 * The editor's "Done when", as one story in headless Chromium against a real Canvass, signed in to the console as
 * an owner, keyboard only (Tab, Shift+Tab, Enter, Space, arrows and typing; the only focus set by hand is the
 * page's start):
 *
 * 1. New survey → App survey → the "NPS and satisfaction" templates → Use template "Net Promoter Score": the
 *    editor opens with the focus in it;
 * 2. the first question's type changed through the type picker (to Rating);
 * 3. German added and every text of the survey translated in its German field;
 * 4. Settings: a code action made beforehand through the API as the trigger, a saved segment (plan = pro, made
 *    beforehand through the API) as the audience; saved;
 * 5. a quota (name, limit, a condition, its action) saved in the Quotas part;
 * 6. the survey's own brand colour in the Styling section, and a close date in Settings;
 * 7. the preview opened (the focus lands in it), the survey saved, then published with the console's Publish
 *    (the focus lands on Pause);
 * 8. the survey read back through `GET /api/v3/surveys/{id}` and its quotas list are what was set;
 * 9. on a test app of another loopback origin, the real `@formbricks/js` loader: a user with plan = pro who does
 *    the trigger's action is shown the survey, its button drawn in the survey's brand colour;
 * 10. axe-core finds no serious or critical violation at each step; the console asks no other origin.
 */
import { readFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { createTestCanvass, skipSuiteUnless, waitFor } from '@canvass/test-bed'
import type { TestCanvass } from '@canvass/test-bed'
import { axeViolations, chromiumMissing, launchChromium, releaseChromium } from '@canvass/test-bed/chromium'
import type { Browser, Page } from 'playwright-core'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { addPerson, signIn } from './sign-in'

const require = createRequire(import.meta.url)
const bundle = readFile(new URL('../dist/console.js', import.meta.url), 'utf8')
const editorBundle = readFile(require.resolve('@canvass/editor/editor.js'), 'utf8')
/** The loader as npm ships it (`dist/index.js`), from the widget package that depends on it. */
const loader = readFile(
  join(dirname(createRequire(new URL('../../widget/package.json', import.meta.url)).resolve('@formbricks/js')), 'index.js'),
  'utf8',
)
const OWNER = 'owner@example.org'
const BRAND = '#b91c1c'
const BRAND_RGB = 'rgb(185, 28, 28)'

/** The German of every text the survey has in English (a changed type keeps the headline, not the NPS labels). */
const GERMAN: Record<string, string> = {
  'How likely are you to recommend us to a friend or colleague?': 'Wie wahrscheinlich ist es, dass Sie uns weiterempfehlen?',
  'What is the main reason for your score?': 'Was ist der Hauptgrund für Ihre Bewertung?',
  'Thank you!': 'Danke!',
  'Your answer helps us.': 'Ihre Antwort hilft uns.',
}

/** The test app: a page that imports the loader and records the events it emits. */
const APP_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Test app</title></head>
<body><main><h1>Test app</h1><p>An app that embeds Canvass surveys.</p></main>
<script type="module">
import formbricks from '/loader.js'
window.events = []
for (const name of ['formbricks_setup_successful', 'formbricks_survey_shown'])
  formbricks.on(name, (payload) => window.events.push({ name, ...payload }))
window.app = formbricks
window.appReady = true
</script></body></html>`

const test = skipSuiteUnless(
  suite("the editor's done-when: an app survey from a template, by keyboard, shown by the widget"),
  chromiumMissing(),
)
let bed: TestCanvass & { url: string }
let browser: Browser
let app: Server

test.before(async () => {
  browser = await launchChromium()
  const created = await createTestCanvass({ console: { accounts: true, bundle: await bundle }, editor: await editorBundle })
  bed = Object.assign(created, { url: await created.listen() })
  await addPerson(bed, OWNER, 'owner')
  const script = await loader
  app = createServer((request, response) => {
    const isLoader = request.url === '/loader.js'
    response.writeHead(200, { 'content-type': isLoader ? 'text/javascript; charset=utf-8' : 'text/html; charset=utf-8' })
    response.end(isLoader ? script : APP_PAGE)
  })
  await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve))
})
test.after(async () => {
  await new Promise((resolve) => app?.close(resolve))
  if (browser) await releaseChromium()
  await bed?.close()
})

const api = async (method: string, path: string, body?: unknown) => {
  const answer = await bed.call(method, path, { key: bed.keyA, ...(body === undefined ? {} : { body }) })
  assert.ok(answer.status < 300, `${method} ${path}: ${answer.status} ${answer.text}`)
  return answer.body.data
}

interface Focused {
  tag: string
  type: string
  name: string
  value: string
  id: string
  checked: boolean
  /** Whether it is inside the editor's preview. */
  inPreview: boolean
}

/** The focused control, through every shadow root: its name as its label (or aria-label, or text) gives it. */
const focused = (page: Page): Promise<Focused> =>
  page.evaluate(() => {
    let active = document.activeElement as HTMLElement | null
    while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement as HTMLElement
    if (!active || active === document.body) return { tag: 'body', type: '', name: '', value: '', id: '', checked: false, inPreview: false }
    const control = active as HTMLInputElement
    const label = control.labels?.[0]
    const labelText = label ? (label.querySelector('span')?.textContent ?? label.textContent) : null
    const root = active.getRootNode() as ShadowRoot | Document
    const labelledBy = active
      .getAttribute('aria-labelledby')
      ?.split(' ')
      .map((id) => root.getElementById(id)?.textContent ?? '')
      .join(' ')
    const name = active.getAttribute('aria-label') ?? labelledBy ?? labelText ?? active.textContent ?? ''
    return {
      tag: active.tagName.toLowerCase(),
      type: control.type ?? '',
      name: name.trim(),
      value: control.value ?? '',
      id: active.id,
      checked: control.checked === true,
      inPreview: active.closest('.cse-preview') != null,
    }
  })

/** Presses Tab (Shift+Tab `back`) until the focused control is named `name` (or starts with it, `prefix`). */
async function tabTo(page: Page, name: string, options: { back?: boolean; prefix?: boolean } = {}): Promise<Focused> {
  for (let presses = 0; presses < 400; presses++) {
    const now = await focused(page)
    if (now.name === name || (options.prefix && now.name.startsWith(name))) return now
    await page.keyboard.press(options.back ? 'Shift+Tab' : 'Tab')
  }
  assert.unreachable(`"${name}" not reached by ${options.back ? 'Shift+Tab' : 'Tab'}; focus: ${JSON.stringify(await focused(page))}`)
  throw new Error('unreachable')
}

const focusIs = (page: Page, name: string) =>
  waitFor(`the focus on "${name}"`, async () => (await focused(page)).name === name, { timeoutMs: 5000, everyMs: 20 })

/** Presses ArrowDown (then ArrowUp) on the focused select until its value is `value`. */
async function choose(page: Page, value: string): Promise<void> {
  for (const key of ['ArrowDown', 'ArrowUp'])
    for (let presses = 0; presses < 40; presses++) {
      if ((await focused(page)).value === value) return
      await page.keyboard.press(key)
    }
  assert.unreachable(`"${value}" not reached; focus: ${JSON.stringify(await focused(page))}`)
}

async function noViolations(page: Page, where: string): Promise<void> {
  const violations = await axeViolations(page)
  assert.equal(violations, [], `axe at ${where}:\n${violations.join('\n')}`)
}

const HEADLINE = 'How likely are you to recommend us to a friend or colleague?'
const v3Survey = async (id: string) => {
  const answer = await bed.call('GET', `/api/v3/surveys/${id}`, { headers: { authorization: `Bearer ${bed.keyA}` } })
  assert.is(answer.status, 200, answer.text)
  return answer.body.data
}
const editorSurvey = (page: Page) => page.evaluate(() => (document.querySelector('canvass-survey-editor') as any).survey)
const editorDirty = (page: Page) => page.evaluate(() => (document.querySelector('canvass-survey-editor') as any).dirty === true)

test('an app survey from a template, changed, set up, translated, previewed, saved, published and shown', async () => {
  // Made beforehand through the API: the code action the trigger picks, the attribute and the saved segment.
  const action = await api('POST', '/api/v1/management/action-classes', { name: 'Clicked upgrade', type: 'code', key: 'upgrade-clicked' })
  await api('POST', '/api/v1/management/contact-attribute-keys', { key: 'plan', name: 'Plan' })
  const segment = await api('POST', '/api/v1/management/segments', {
    title: 'Pro users',
    filters: [
      {
        id: 'pro',
        connector: null,
        resource: {
          id: 'pro-plan',
          root: { type: 'attribute', contactAttributeKey: 'plan' },
          qualifier: { operator: 'equals' },
          value: 'pro',
        },
      },
    ],
  })

  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  await signIn(bed.url, context, OWNER)
  const tab = await context.newPage()
  const errors: string[] = []
  tab.on('pageerror', (error) => errors.push(error.message))
  const outside: string[] = []
  context.on('request', (request) => {
    if (!request.url().startsWith(bed.url)) outside.push(request.url())
  })

  // 1. New survey: an app survey from the NPS templates.
  await tab.goto(`${bed.url}/console#/surveys`)
  await tab.locator('h1', { hasText: 'Surveys' }).waitFor()
  await tabTo(tab, 'Link survey', { prefix: true })
  await tab.keyboard.press('ArrowDown')
  assert.ok(await tab.getByRole('radio', { name: /^App survey/ }).isChecked())
  await tabTo(tab, 'Templates for', { prefix: true })
  await choose(tab, 'NPS and satisfaction')
  await tab.getByRole('list', { name: 'Templates for NPS and satisfaction' }).getByRole('heading', { name: 'Net Promoter Score' }).waitFor()
  await noViolations(tab, 'New survey')
  await tabTo(tab, 'Use template Net Promoter Score')
  await tab.keyboard.press('Enter')
  await tab.waitForURL(/#\/surveys\/[^/]+\/edit$/)
  const surveyId = decodeURIComponent(tab.url().split('#/surveys/')[1]?.split('/')[0] ?? '')
  await waitFor('the focus in the editor', () =>
    tab.evaluate(() => {
      const editor = document.querySelector('canvass-survey-editor')
      return document.activeElement === editor && editor?.shadowRoot?.activeElement != null
    }),
  )
  await noViolations(tab, 'the editor, opened')

  // 2. The first question's type, through the picker: Rating.
  await tabTo(tab, 'Question type')
  await tab.keyboard.press('Enter')
  for (let presses = 0; presses < 20 && !(await focused(tab)).name.startsWith('Rating'); presses++) await tab.keyboard.press('ArrowDown')
  assert.match((await focused(tab)).name, /^Rating/)
  await noViolations(tab, 'the type picker')
  await tab.keyboard.press('Enter')
  await focusIs(tab, 'Question type')
  assert.is((await editorSurvey(tab)).blocks[0].elements[0].type, 'rating')

  // 3. German, and every English text translated in its German field.
  await tabTo(tab, 'Language to add', { back: true })
  await choose(tab, 'de-DE')
  await tab.keyboard.press('Tab')
  await tab.keyboard.press('Enter')
  await focusIs(tab, 'Offer German (Germany) to respondents')
  const translated: string[] = []
  for (let presses = 0; presses < 400; presses++) {
    await tab.keyboard.press('Tab')
    const now = await focused(tab)
    if (now.name === 'Add variable' || now.name === 'Give this survey its own look') break
    // A closed card is opened (Enter on its header) to reach its texts.
    if (
      now.id.endsWith('-open') &&
      (await tab.evaluate(
        (id) => document.querySelector('canvass-survey-editor')?.shadowRoot?.getElementById(id)?.getAttribute('aria-expanded'),
        now.id,
      )) === 'false'
    )
      await tab.keyboard.press('Enter')
    if (!now.name.endsWith('(de-DE)')) continue
    const english = await tab.evaluate(
      (id) => (document.querySelector('canvass-survey-editor')?.shadowRoot?.getElementById(id) as HTMLInputElement | null)?.value ?? '',
      now.id.replace(/-de-DE$/, ''),
    )
    if (!english) continue
    assert.ok(GERMAN[english], `no German for "${english}" (${now.name})`)
    await tab.keyboard.type(GERMAN[english]!)
    translated.push(english)
  }
  assert.equal(translated.sort(), Object.keys(GERMAN).sort(), 'every text translated once')
  assert.is(await tab.locator('canvass-survey-editor .cse-logic-warning').count(), 0, 'no translation missing')
  await noViolations(tab, 'the languages')

  // 4. Settings: the trigger made beforehand, the saved segment; saved, since a quota needs the saved survey.
  // The editor's tabs are one stop: back to it, and the arrow key shows Settings.
  await tabTo(tab, 'Questions', { back: true })
  await tab.keyboard.press('ArrowRight')
  await focusIs(tab, 'Settings')
  await tabTo(tab, 'Action')
  await choose(tab, action.id)
  await tab.keyboard.press('Tab')
  await tab.keyboard.press('Enter')
  await focusIs(tab, 'Remove: Clicked upgrade')
  await tabTo(tab, 'Everyone')
  await tab.keyboard.press('ArrowDown')
  await tabTo(tab, 'Segment')
  await choose(tab, segment.id)
  await noViolations(tab, 'the Settings panel')
  await tab.keyboard.press('Control+s')
  await waitFor('the first save', async () => (await v3Survey(surveyId)).targeting?.segmentId === segment.id, { timeoutMs: 15_000 })

  // 5. A quota: its name, limit, one condition (the rating is 5) and its action (end the survey at its ending).
  await tabTo(tab, 'Settings', { back: true })
  await tab.keyboard.press('End')
  await focusIs(tab, 'Quotas')
  await tabTo(tab, 'Add quota')
  await tab.keyboard.press('Enter')
  await focusIs(tab, 'Name')
  await tab.keyboard.type('Promoters')
  await tabTo(tab, 'Limit (responses)')
  await tab.keyboard.press('Control+A')
  await tab.keyboard.type('100')
  await tabTo(tab, 'Add condition')
  await tab.keyboard.press('Enter')
  await focusIs(tab, 'Question, variable or hidden field')
  await choose(tab, 'element:nps')
  await tabTo(tab, 'Value')
  await tab.keyboard.type('5')
  await tabTo(tab, 'End the survey for the respondent')
  assert.ok((await focused(tab)).checked, 'a quota ends the survey by default')
  await tabTo(tab, 'Ending shown')
  assert.is((await focused(tab)).value, 'thanks')
  await noViolations(tab, 'the quota form')
  await tabTo(tab, 'Save quota')
  await tab.keyboard.press('Enter')
  await focusIs(tab, 'Edit Promoters')

  // 6. The Styling tab and the Settings tab: the survey's own brand colour; the close date, the last day of 2027.
  await tabTo(tab, 'Quotas', { back: true })
  await tab.keyboard.press('ArrowLeft')
  await focusIs(tab, 'Styling')
  await tabTo(tab, 'Give this survey its own look')
  await tab.keyboard.press('Space')
  await tabTo(tab, 'Brand colour (buttons, selections)')
  await tab.keyboard.type(BRAND)
  await noViolations(tab, 'the Styling section')
  await tabTo(tab, 'Styling', { back: true })
  await tab.keyboard.press('ArrowLeft')
  await focusIs(tab, 'Settings')
  await tabTo(tab, 'Stop collecting on')
  await tab.keyboard.type('12312027')
  await tab.keyboard.press('ArrowRight')
  await tab.keyboard.type('0630P')
  assert.is((await focused(tab)).value, '2027-12-31T18:30')
  const closeOn = await tab.evaluate(() => new Date('2027-12-31T18:30').toISOString())

  // 7. The preview (the focus lands in it), a save, then the console's Publish.
  await tabTo(tab, 'Preview', { back: true })
  await tab.keyboard.press('Enter')
  await waitFor('the focus in the preview', async () => (await focused(tab)).inPreview, { timeoutMs: 15_000, everyMs: 20 })
  await tab.locator('canvass-survey-editor .cse-preview-frame').getByText(HEADLINE).waitFor({ timeout: 15_000 })
  await noViolations(tab, 'the preview')
  await tab.keyboard.press('Control+s')
  await waitFor('the second save', async () => (await v3Survey(surveyId)).closeOn === closeOn, { timeoutMs: 15_000 })
  await waitFor('the editor saved', async () => !(await editorDirty(tab)), { timeoutMs: 15_000 })
  await tabTo(tab, 'Publish', { back: true })
  await tab.keyboard.press('Enter')
  await focusIs(tab, 'Pause')
  await noViolations(tab, 'the published survey')

  // 8. Read back through the API: what was set.
  const stored = await v3Survey(surveyId)
  const [first, second] = stored.blocks.flatMap((block: { elements: unknown[] }) => block.elements)
  assert.equal(
    {
      type: stored.type,
      status: stored.status,
      closeOn: stored.closeOn,
      elements: [
        [first.id, first.type, first.headline],
        [second.id, second.type, second.headline],
      ],
      ending: stored.endings[0],
      languages: stored.languages,
      triggers: stored.distribution.triggers,
      segmentId: stored.targeting.segmentId,
      styling: stored.styling,
    },
    {
      type: 'app',
      status: 'inProgress',
      closeOn,
      elements: [
        ['nps', 'rating', german('How likely are you to recommend us to a friend or colleague?')],
        ['reason', 'openText', german('What is the main reason for your score?')],
      ],
      ending: { id: 'thanks', type: 'endScreen', headline: german('Thank you!'), subheader: german('Your answer helps us.') },
      languages: [
        { code: 'en-US', alias: null, default: true, enabled: true },
        { code: 'de-DE', alias: null, default: false, enabled: true },
      ],
      triggers: [{ actionClassId: action.id }],
      segmentId: segment.id,
      styling: { overwriteThemeStyling: true, brandColor: { light: BRAND } },
    },
  )
  const quotas = await api('GET', `/api/v1/management/surveys/${surveyId}/quotas`)
  assert.equal(
    quotas.map((quota: any) => ({
      name: quota.name,
      limit: quota.limit,
      action: quota.action,
      endingCardId: quota.endingCardId,
      conditions: quota.logic.conditions.map((c: any) => [c.leftOperand, c.operator, c.rightOperand]),
    })),
    [
      {
        name: 'Promoters',
        limit: 100,
        action: 'endSurvey',
        endingCardId: 'thanks',
        conditions: [[{ type: 'element', value: 'nps' }, 'equals', { type: 'static', value: 5 }]],
      },
    ],
  )
  assert.equal(errors, [], 'no error in the console')
  assert.equal(outside, [], 'no request from the console to another origin')
  await context.close()

  // 9. The widget on an app's own page, behind the npm loader: a user on the pro plan does the action.
  const appUrl = `http://127.0.0.1:${(app.address() as AddressInfo).port}`
  const visitor = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  const page = await visitor.newPage()
  const appErrors: string[] = []
  page.on('pageerror', (error) => appErrors.push(error.message))
  const open = async () => {
    await page.goto(`${appUrl}/`)
    await page.waitForFunction(() => (globalThis as any).appReady === true)
    await page.evaluate(([url, id]) => (globalThis as any).app.setup({ appUrl: url, workspaceId: id }), [bed.url, bed.envA] as const)
  }
  const call = (method: string, ...args: unknown[]) =>
    page.evaluate(([name, params]) => (globalThis as any).app[name as string](...(params as unknown[])), [method, args] as const)
  await open()
  await call('setUserId', 'user-pro')
  await call('setAttribute', 'plan', 'pro')
  // The core saves the user's segments once its round trip ends; the next page load sees them.
  await page.waitForFunction(
    (id) => JSON.parse(localStorage.getItem('formbricks-canvass') ?? '{}')?.user?.data?.segments?.includes(id) === true,
    segment.id,
  )
  await open()
  await call('track', 'upgrade-clicked')
  await page.waitForFunction(
    (id) => (globalThis as any).events.some((event: any) => event.name === 'formbricks_survey_shown' && event.surveyId === id),
    surveyId,
  )
  await page.getByText('How likely are you to recommend us to a friend or colleague?').waitFor()
  const drawn = () =>
    page.evaluate((id) => {
      const root = document.querySelector(`[data-canvass-survey="${id}"]`)?.shadowRoot
      const card = root?.querySelector('.cv-card')
      const button = root?.querySelector('.cv-btn-primary')
      if (!card) return null
      return {
        variable: getComputedStyle(card).getPropertyValue('--cv-brand').trim(),
        button: button ? getComputedStyle(button).backgroundColor : null,
      }
    }, surveyId)
  await waitFor('the survey drawn in its brand colour', async () => {
    const now = await drawn()
    return now?.variable === BRAND && now.button === BRAND_RGB
  })
  await noViolations(page, 'the survey in the app')
  assert.equal(appErrors, [], 'no error in the app')
  await visitor.close()
})

/** A text in English and in German. */
function german(english: string) {
  assert.ok(GERMAN[english], `no German for "${english}"`)
  return { 'en-US': english, 'de-DE': GERMAN[english] }
}

test.run()
