/**
 * Canvass's widget behind the real `@formbricks/js` loader from npm, in headless Chromium: a test app on one
 * loopback origin imports the loader, which loads `/js/formbricks.umd.cjs` from Canvass served over loopback
 * HTTP from this process (the test bed) on another; the core shows surveys through `/js/surveys.umd.cjs` and everything it stores is checked through
 * the management API (axe-core checks the first survey, and each card of a csat, ces and cal survey). No
 * request may leave the two origins.
 */
import { skipSuiteUnless } from '@canvass/test-bed'
import { readFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import type { Server } from 'node:http'
import { createRequire } from 'node:module'
import type { AddressInfo } from 'node:net'
import { dirname, join } from 'node:path'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { blockSurvey, createTestCanvass } from '@canvass/test-bed'
import type { TestCanvass } from '@canvass/test-bed'
import { axeViolations, chromiumMissing, cutFirstUpdateAnswer, launchChromium, releaseChromium } from '@canvass/test-bed/chromium'

const require = createRequire(import.meta.url)
/** The loader as npm ships it, an ES module (`dist/index.js`). */
const LOADER = join(dirname(require.resolve('@formbricks/js')), 'index.js')
const EVENTS = [
  'formbricks_setup_successful',
  'formbricks_action_tracked',
  'formbricks_survey_shown',
  'formbricks_response_submitted',
  'formbricks_survey_closed',
]

/** The test app: an accessible page that imports the loader and records every event it emits. */
const APP_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Test app</title></head>
<body><main><h1>Test app</h1><p>An app that embeds Canvass surveys.</p>
<button id="upgrade" type="button"><span>Upgrade</span></button></main>
<script type="module">
import formbricks from '/loader.js'
window.events = []
for (const name of ${JSON.stringify(EVENTS)}) formbricks.on(name, (payload) => window.events.push({ name, ...payload }))
window.app = formbricks
window.appReady = true
</script></body></html>`

/**
 * Records what the core hands the renderer (`renderSurvey` options without the callbacks, `setNonce` values),
 * whichever renderer defines `formbricksSurveys`.
 */
const RECORD_RENDER_CALLS = `(() => {
  globalThis.renderCalls = []
  globalThis.nonceCalls = []
  let current
  Object.defineProperty(globalThis, 'formbricksSurveys', {
    configurable: true,
    get: () => current,
    set(renderer) {
      current = Object.assign(Object.create(renderer), {
        renderSurvey(options) {
          const { callbacks, container, ...rest } = options
          globalThis.renderCalls.push(JSON.parse(JSON.stringify(rest)))
          return renderer.renderSurvey(options)
        },
        setNonce(nonce) {
          globalThis.nonceCalls.push(nonce)
          return renderer.setNonce(nonce)
        },
      })
    },
  })
})()`

interface Fixture {
  /** The bed and where it listens. */
  x: TestCanvass & { url: string }
  browser: Browser
  app: Server
  appUrl: string
  actions: Record<ActionName, string>
  surveys: Record<SurveyName, string>
}

type ActionName =
  | 'checkout'
  | 'once'
  | 'other'
  | 'language'
  | 'logic'
  | 'blocks'
  | 'pricing'
  | 'service'
  | 'upgrade'
  | 'vip'
  | 'ending'
  | 'lost'
type SurveyName = ActionName

/**
 * The plain-HTML way of docs/widget.md, as the page writes it (its server and environment put in): the served
 * bundle by a script tag, no loader and no bundler; then the events recorded, as the app page does.
 */
function plainHtmlPage(appUrl: string, environmentId: string): string {
  const page = readFileSync(new URL('../../../docs/widget.md', import.meta.url), 'utf8')
  const snippet = /<!-- widget-test: script-tag -->\n```html\n([\s\S]*?)```/.exec(page)?.[1]
  if (!snippet) throw new Error('docs/widget.md has no block marked widget-test: script-tag')
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Plain page</title></head>
<body><main><h1>Plain page</h1><p>No bundler here.</p></main>
${snippet.replaceAll('https://surveys.example.com', appUrl).replaceAll('ENVIRONMENT_ID', environmentId)}
<script>
window.events = []
for (const name of ${JSON.stringify(EVENTS)}) formbricks.on(name, (payload) => window.events.push({ name, ...payload }))
window.app = formbricks
window.appReady = true
</script></body></html>`
}
let plainPage = ''

const test = skipSuiteUnless(suite('the @formbricks/js loader and Canvass’s widget in Chromium'), chromiumMissing())
let f: Fixture | undefined
let launched = false

test.before(async () => {
  // The browser first: when it cannot start, no bed is left open that `after` cannot reach.
  const browser = await launchChromium()
  launched = true
  const loader = await readFile(LOADER, 'utf8')
  const app = createServer((req, res) => {
    const script = req.url === '/loader.js'
    res.writeHead(200, { 'content-type': script ? 'text/javascript; charset=utf-8' : 'text/html; charset=utf-8' })
    res.end(script ? loader : req.url === '/plain.html' ? plainPage : APP_PAGE)
  })
  await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve))
  const bed = await createTestCanvass()
  const x = Object.assign(bed, { url: await bed.listen() })
  f = {
    x,
    browser,
    app,
    appUrl: `http://127.0.0.1:${(app.address() as AddressInfo).port}`,
    actions: {} as Fixture['actions'],
    surveys: {} as Fixture['surveys'],
  }
  await seed(f)
})

test.after(async () => {
  if (launched) await releaseChromium()
  await new Promise((resolve) => f?.app.close(resolve))
  await f?.x.close()
})

/** Action classes and app surveys of environment A that the cases below use. */
async function seed(fx: Fixture): Promise<void> {
  const post = async (path: string, body: unknown) => {
    const res = await fx.x.call('POST', path, { key: fx.x.keyA, body })
    if (res.status !== 200) throw new Error(`seeding ${path}: ${res.status} ${res.text}`)
    return res.body.data.id as string
  }
  const code = (key: string) => post('/api/v1/management/action-classes', { name: `Code ${key}`, type: 'code', key })
  for (const key of ['checkout', 'once', 'other', 'language', 'logic', 'blocks', 'service', 'vip', 'ending', 'lost'] as const)
    fx.actions[key] = await code(key)
  fx.actions.pricing = await post('/api/v1/management/action-classes', {
    name: 'Pricing page',
    type: 'noCode',
    noCodeConfig: { type: 'pageView', urlFilters: [{ rule: 'contains', value: '/pricing' }] },
  })
  fx.actions.upgrade = await post('/api/v1/management/action-classes', {
    name: 'Upgrade clicked',
    type: 'noCode',
    noCodeConfig: { type: 'click', elementSelector: { cssSelector: '#upgrade' }, urlFilters: [] },
  })
  const survey = (name: string, action: ActionName, questions: unknown[], extra: Record<string, unknown> = {}) =>
    post('/api/v1/management/surveys', {
      environmentId: fx.x.envA,
      name,
      type: 'app',
      status: 'inProgress',
      // The project waits 7 days after any display before the next survey; these cases show several.
      recontactDays: 0,
      triggers: [fx.actions[action]],
      questions,
      ...extra,
    })
  const openText = (id: string, headline: Record<string, string>, buttonLabel: Record<string, string> = { default: 'Send' }) => ({
    id,
    type: 'openText',
    inputType: 'text',
    required: true,
    headline,
    buttonLabel,
  })
  fx.surveys.checkout = await survey('Checkout', 'checkout', [openText('q1', { default: 'How was checkout?' })], {
    displayOption: 'displayOnce',
    hiddenFields: { enabled: true, fieldIds: ['plan'] },
  })
  fx.surveys.once = await survey('Once', 'once', [openText('q1', { default: 'Shown once only?' })], { displayOption: 'displayOnce' })
  fx.surveys.other = await survey('Other', 'other', [openText('q1', { default: 'Anything else?' })], { displayOption: 'respondMultiple' })
  fx.surveys.pricing = await survey('Pricing', 'pricing', [openText('q1', { default: 'Is the pricing clear?' })], {
    displayOption: 'displayMultiple',
  })
  fx.surveys.vip = await survey('Vip', 'vip', [openText('q1', { default: 'Enjoying VIP?' })], {
    displayOption: 'respondMultiple',
    segment: {
      filters: [
        {
          id: 'f',
          connector: null,
          resource: { id: 'f', root: { type: 'attribute', contactAttributeKey: 'tier' }, value: 'vip', qualifier: { operator: 'equals' } },
        },
      ],
    },
  })
  fx.surveys.upgrade = await survey('Upgrade', 'upgrade', [openText('q1', { default: 'Why upgrade?' })], {
    displayOption: 'respondMultiple',
  })
  fx.surveys.language = await survey(
    'Language',
    'language',
    [openText('q1', { default: 'How was it?', de: 'Wie war es?' }, { default: 'Send', de: 'Senden' })],
    {
      displayOption: 'respondMultiple',
      languages: [
        { default: true, enabled: true, language: { code: 'en', alias: null } },
        { default: false, enabled: true, language: { code: 'de', alias: null } },
      ],
    },
  )
  fx.surveys.service = await survey(
    'Service',
    'service',
    [
      {
        id: 'sat',
        type: 'csat',
        scale: 'star',
        headline: { default: 'How satisfied are you?' },
        required: true,
        buttonLabel: { default: 'Send' },
      },
      {
        id: 'ease',
        type: 'ces',
        scale: 'smiley',
        range: 5,
        headline: { default: 'How easy was it?' },
        required: true,
        buttonLabel: { default: 'Send' },
        isColorCodingEnabled: true,
      },
      { id: 'book', type: 'cal', headline: { default: 'Book a call' }, calUserName: 'ada', required: false },
    ],
    { displayOption: 'respondMultiple' },
  )
  fx.surveys.logic = await survey(
    'Logic',
    'logic',
    [
      {
        id: 'q1',
        type: 'multipleChoiceSingle',
        required: true,
        headline: { default: 'Did you find it?' },
        buttonLabel: { default: 'Send' },
        choices: [
          { id: 'yes', label: { default: 'Yes' } },
          { id: 'no', label: { default: 'No' } },
        ],
        logic: [
          {
            id: 'jump',
            conditions: {
              id: 'all',
              connector: 'and',
              conditions: [
                {
                  id: 'c1',
                  leftOperand: { type: 'question', value: 'q1' },
                  operator: 'equals',
                  rightOperand: { type: 'static', value: 'no' },
                },
              ],
            },
            actions: [{ id: 'a1', objective: 'jumpToQuestion', target: 'q3' }],
          },
        ],
      },
      openText('q2', { default: 'What did you like?' }),
      openText('q3', { default: 'What were you looking for?' }),
    ],
    { displayOption: 'respondMultiple' },
  )
  // Three pages and an ending: what the loader reports of each page, and the close after the ending.
  const thanks = [{ id: 'thanks', type: 'endScreen', headline: { default: 'Thanks for your answers!' } }]
  fx.surveys.ending = await survey(
    'Ending',
    'ending',
    // One-line answers: Enter sends them.
    [
      { ...openText('q1', { default: 'First of three?' }), longAnswer: false },
      { ...openText('q2', { default: 'Second of three?' }), longAnswer: false },
      { ...openText('q3', { default: 'Last of three?' }), longAnswer: false },
    ],
    { displayOption: 'respondMultiple', endings: thanks },
  )
  fx.surveys.lost = await survey(
    'Lost answer',
    'lost',
    [openText('q1', { default: 'Before the end?' }), openText('q2', { default: 'At the end?' })],
    {
      displayOption: 'respondMultiple',
      endings: thanks,
    },
  )
  // A survey of blocks (the reference's current structure): a CSAT and a CES element on one page.
  fx.surveys.blocks = await post('/api/v1/management/surveys', {
    ...blockSurvey(fx.x.envA, 'app'),
    recontactDays: 0,
    displayOption: 'respondMultiple',
    triggers: [fx.actions.blocks],
  })
}

interface App {
  context: BrowserContext
  page: Page
  /** Every origin the page sent a request to. */
  origins: Set<string>
  consoleErrors: string[]
  requests: string[]
  close(): Promise<void>
}

/** A fresh browser profile (no saved state) on the test app, the loader imported. */
async function openApp(fx: Fixture, path = '/'): Promise<App> {
  const context = await fx.browser.newContext({ viewport: { width: 1280, height: 800 } })
  const origins = new Set<string>()
  const requests: string[] = []
  const consoleErrors: string[] = []
  context.on('request', (request) => {
    origins.add(new URL(request.url()).origin)
    requests.push(`${request.method()} ${request.url()}`)
  })
  await context.addInitScript(RECORD_RENDER_CALLS)
  const page = await context.newPage()
  page.on('console', (message) => message.type() === 'error' && consoleErrors.push(message.text()))
  page.on('pageerror', (error) => consoleErrors.push(error.message))
  await openPage(page, `${fx.appUrl}${path}`)
  return {
    context,
    page,
    origins,
    consoleErrors,
    requests,
    async close() {
      await context.close()
      assert.equal([...origins].sort(), [fx.appUrl, fx.x.url].sort(), 'no request to any origin but the app’s and the server’s')
      assert.equal(consoleErrors, [], 'no console errors')
    },
  }
}

async function openPage(page: Page, url: string): Promise<void> {
  await page.goto(url)
  await page.waitForFunction(() => (globalThis as any).appReady === true)
}

/** `formbricks.setup(…)` through the loader, as an app calls it. */
async function setup(page: Page, fx: Fixture): Promise<void> {
  await page.evaluate(([appUrl, workspaceId]) => (globalThis as any).app.setup({ appUrl, workspaceId }), [fx.x.url, fx.x.envA] as const)
}

/** Calls a method of the loader's `formbricks` object in the page and awaits it. */
function call(page: Page, method: string, ...args: unknown[]): Promise<void> {
  return page.evaluate(([name, params]) => (globalThis as any).app[name as string](...(params as unknown[])), [method, args] as const)
}

/** Resolves once the page recorded the event (for that survey), by the event, not by a timer. */
async function event(page: Page, name: string, surveyId?: string, extra: Record<string, unknown> = {}): Promise<void> {
  await page.waitForFunction(
    ([n, id, more]) =>
      (globalThis as any).events.some(
        (e: any) => e.name === n && (id === undefined || e.surveyId === id) && Object.entries(more as object).every(([k, v]) => e[k] === v),
      ),
    [name, surveyId, extra] as const,
  )
}

const events = (page: Page): Promise<any[]> => page.evaluate(() => (globalThis as any).events)

/** Answers the open-text question with this headline and sends it with the button of this label. */
async function answer(page: Page, headline: string, text: string, button = 'Send'): Promise<void> {
  await page.getByRole('textbox', { name: headline }).fill(text)
  await page.getByRole('button', { name: button }).click()
}

/**
 * Closes the survey on screen with its close button, labelled in the survey's language (unless it closed
 * itself), and waits for the loader's event.
 */
async function closeSurvey(page: Page, surveyId: string, label: RegExp = /close/i): Promise<void> {
  const closed = event(page, 'formbricks_survey_closed', surveyId)
  const click = page
    .getByRole('button', { name: label })
    .first()
    .click()
    .catch(() => closed)
  await Promise.race([closed, click])
  await closed
}

/**
 * With WIDGET_SCREENSHOTS set to a folder (docs/ for the documentation's), the survey on screen at desktop and
 * phone widths.
 */
async function screenshots(page: Page): Promise<void> {
  const folder = process.env.WIDGET_SCREENSHOTS
  if (!folder) return
  await page.screenshot({ path: join(folder, 'widget-desktop.png') })
  await page.setViewportSize({ width: 390, height: 844 })
  await page.screenshot({ path: join(folder, 'widget-phone.png') })
  await page.setViewportSize({ width: 1280, height: 800 })
}

/** The survey's stored responses, through the management API. */
async function responsesOf(fx: Fixture, surveyId: string): Promise<any[]> {
  const res = await fx.x.call('GET', `/api/v1/management/responses?surveyId=${surveyId}`, { key: fx.x.keyA })
  return res.body.data
}

test('setup → setUserId → setAttribute → track: the survey is shown, answered, and stored with its answers, contact and display', async () => {
  const fx = f as Fixture
  const app = await openApp(fx)
  const { page } = app
  try {
    await setup(page, fx)
    await call(page, 'setUserId', 'user-checkout')
    await call(page, 'setAttribute', 'plan', 'pro')
    await call(page, 'setNonce', 'n0nce')
    await page.evaluate(() =>
      (globalThis as any).app.setEmbeddedData({ cohort: 'beta', since: new Date('2026-01-02T00:00:00.000Z'), gone: 1 }),
    )
    await page.evaluate(() => (globalThis as any).app.clearEmbeddedData('gone'))
    await call(page, 'track', 'checkout', { hiddenFields: { plan: 'pro', undeclared: 'dropped' } })
    await event(page, 'formbricks_survey_shown', fx.surveys.checkout)
    const [options] = await page.evaluate(() => (globalThis as any).renderCalls)
    assert.equal(
      {
        ...options,
        survey: options.survey.id,
        project: typeof options.project.placement,
      },
      {
        appUrl: fx.x.url,
        environmentId: fx.x.envA,
        survey: fx.surveys.checkout,
        project: 'string',
        mode: 'modal',
        languageCode: 'default',
        userId: 'user-checkout',
        hiddenFields: { plan: 'pro' },
        embeddedData: { cohort: 'beta', since: '2026-01-02T00:00:00.000Z' },
        meta: { url: `${fx.appUrl}/`, source: 'app', action: 'Code checkout' },
        nonce: 'n0nce',
      },
      'what the core hands the renderer',
    )
    assert.equal(await page.evaluate(() => (globalThis as any).nonceCalls), ['n0nce'])
    await page.getByRole('textbox', { name: 'How was checkout?' }).waitFor()

    // The survey on screen over the app: no serious or critical accessibility violation.
    assert.equal(await axeViolations(page), [], 'axe-core: no serious or critical violation')
    await screenshots(page)

    await answer(page, 'How was checkout?', 'Smooth')
    await event(page, 'formbricks_response_submitted', fx.surveys.checkout, { finished: true })
    await closeSurvey(page, fx.surveys.checkout)

    const stored = await responsesOf(fx, fx.surveys.checkout)
    assert.is(stored.length, 1)
    const [response] = stored
    assert.is(response.finished, true)
    assert.is(response.data.q1, 'Smooth')
    assert.is(response.data.plan, 'pro', 'the hidden field the survey declares')
    assert.not.ok('undeclared' in response.data, 'a hidden field the survey does not declare')
    assert.is(response.person?.userId, 'user-checkout')
    const person = await fx.x.call('GET', `/api/v1/management/people/${response.person.id}`, { key: fx.x.keyA })
    assert.is(person.body.data.attributes.plan, 'pro', 'setAttribute reached the contact')
    assert.type(response.displayId, 'string', 'the response names its display')
    const identify = await fx.x.call('GET', `/api/v1/client/${fx.x.envA}/identify/contacts/user-checkout`)
    assert.equal(
      identify.body.data.displays.map((d: any) => d.surveyId),
      [fx.surveys.checkout],
      "the display is the contact's",
    )

    const seen = (await events(page)).map((e) => e.name)
    for (const name of EVENTS) assert.ok(seen.includes(name), `${name} was emitted`)
    assert.ok((await events(page)).some((e) => e.name === 'formbricks_action_tracked' && e.action === 'checkout'))
  } finally {
    await app.close()
  }
})

// Issue 58, item 26: docs/widget.md showed only the loader from npm, through a bundler.
test('a page of plain HTML with the script tag of docs/widget.md: set up, tracked, shown, answered, stored', async () => {
  const fx = f as Fixture
  plainPage = plainHtmlPage(fx.x.url, fx.x.envA)
  const app = await openApp(fx, '/plain.html')
  const { page } = app
  try {
    await event(page, 'formbricks_setup_successful')
    await call(page, 'track', 'other')
    await event(page, 'formbricks_survey_shown', fx.surveys.other)
    await answer(page, 'Anything else?', 'Plain and simple')
    await event(page, 'formbricks_response_submitted', fx.surveys.other, { finished: true })
    const stored = await responsesOf(fx, fx.surveys.other)
    assert.ok(
      stored.some((response) => response.data.q1 === 'Plain and simple' && response.finished),
      'the answer is stored',
    )
    assert.not.ok(
      app.requests.some((request) => request.endsWith('/loader.js')),
      'the npm loader was not used',
    )
    await closeSurvey(page, fx.surveys.other)
  } finally {
    await app.close()
  }
})

test('displayOnce is honoured after a reload: from the saved state, and from the server for the same user on a new device', async () => {
  const fx = f as Fixture
  const app = await openApp(fx)
  const { page } = app
  try {
    await setup(page, fx)
    await call(page, 'setUserId', 'user-once')
    await call(page, 'track', 'once')
    await event(page, 'formbricks_survey_shown', fx.surveys.once)
    await closeSurvey(page, fx.surveys.once)

    // One survey at a time: had `once` been shown again, `other` would not be.
    const trackBoth = async () => {
      await setup(page, fx)
      await call(page, 'setUserId', 'user-once')
      await call(page, 'track', 'once')
      await call(page, 'track', 'other')
      await event(page, 'formbricks_survey_shown', fx.surveys.other)
      const shown = (await events(page)).filter((e) => e.name === 'formbricks_survey_shown').map((e) => e.surveyId)
      assert.equal(shown, [fx.surveys.other], 'the displayOnce survey is not shown again')
      await closeSurvey(page, fx.surveys.other)
    }
    await openPage(page, `${fx.appUrl}/`)
    await trackBoth()
    // A new device: no saved state, the server's displays of the user decide.
    await page.evaluate(() => localStorage.clear())
    await openPage(page, `${fx.appUrl}/`)
    await trackBoth()
  } finally {
    await app.close()
  }
})

test('a survey targeted at a segment: not for anonymous visitors nor users outside it; shown once setAttribute puts the user in it', async () => {
  const fx = f as Fixture
  const app = await openApp(fx)
  const { page } = app
  try {
    // One survey at a time: had `vip` been shown, `other` would not be. Each round on a fresh page, so that the
    // events waited for are this round's; the user comes from the saved state.
    const trackBoth = async () => {
      await openPage(page, `${fx.appUrl}/`)
      await setup(page, fx)
      await call(page, 'track', 'vip')
      await call(page, 'track', 'other')
      await event(page, 'formbricks_survey_shown', fx.surveys.other)
      const shown = (await events(page)).filter((e) => e.name === 'formbricks_survey_shown').map((e) => e.surveyId)
      assert.equal(shown, [fx.surveys.other], 'the targeted survey is not shown')
      await closeSurvey(page, fx.surveys.other)
    }
    /** The user the core saved once its `/user` round trip ended (the loader answers before). */
    const savedUser = () => JSON.parse(localStorage.getItem('formbricks-canvass') ?? '{}')?.user?.data
    await setup(page, fx)
    await trackBoth()
    await call(page, 'setUserId', 'user-vip')
    await call(page, 'setAttribute', 'tier', 'basic')
    await page.waitForFunction(`(${savedUser})()?.contactId != null`)
    await trackBoth()
    await call(page, 'setAttribute', 'tier', 'vip')
    const segmentId = (await fx.x.call('GET', `/api/v1/management/surveys/${fx.surveys.vip}`, { key: fx.x.keyA })).body.data.segmentId
    await page.waitForFunction(`(${savedUser})()?.segments?.includes(${JSON.stringify(segmentId)}) === true`)
    await openPage(page, `${fx.appUrl}/`)
    await setup(page, fx)
    await call(page, 'track', 'vip')
    await event(page, 'formbricks_survey_shown', fx.surveys.vip)
    await closeSurvey(page, fx.surveys.vip)
  } finally {
    await app.close()
  }
})

test('a page view: an anonymous visitor reaching /pricing in a single-page app is shown its survey; a click action too', async () => {
  const fx = f as Fixture
  const app = await openApp(fx)
  const { page } = app
  try {
    await setup(page, fx)
    await page.evaluate(() => history.pushState({}, '', '/pricing?plan=team'))
    await event(page, 'formbricks_survey_shown', fx.surveys.pricing)
    await answer(page, 'Is the pricing clear?', 'Yes')
    await event(page, 'formbricks_response_submitted', fx.surveys.pricing, { finished: true })
    await closeSurvey(page, fx.surveys.pricing)
    const [response] = await responsesOf(fx, fx.surveys.pricing)
    assert.is(response?.data.q1, 'Yes')
    assert.is(response?.person, null, 'an anonymous visitor has no contact')

    await page.getByRole('button', { name: 'Upgrade' }).locator('span').click()
    await event(page, 'formbricks_survey_shown', fx.surveys.upgrade)
    assert.ok((await events(page)).some((e) => e.name === 'formbricks_action_tracked' && e.action === 'Upgrade clicked'))
    await closeSurvey(page, fx.surveys.upgrade)
  } finally {
    await app.close()
  }
})

test('the saved environment state is used until it expires, then revalidated with its ETag (304); no renderer is loaded without a survey', async () => {
  const fx = f as Fixture
  const app = await openApp(fx)
  const { page } = app
  try {
    const stateRequests = () => app.requests.filter((r) => r.includes(`/api/v1/client/${fx.x.envA}/environment`)).length
    await setup(page, fx)
    assert.is(stateRequests(), 1)
    await openPage(page, `${fx.appUrl}/`)
    await setup(page, fx)
    assert.is(stateRequests(), 1, 'a page load within the expiry uses the saved state')

    await page.evaluate(() => {
      const state = JSON.parse(localStorage.getItem('formbricks-canvass') as string)
      state.environment.expiresAt = 0
      localStorage.setItem('formbricks-canvass', JSON.stringify(state))
    })
    await openPage(page, `${fx.appUrl}/`)
    const revalidated = page.waitForResponse((r) => r.url().endsWith('/environment') && r.request().method() === 'GET')
    await setup(page, fx)
    const response = await revalidated
    assert.is(response.status(), 304)
    assert.ok((await response.request().headerValue('if-none-match'))?.startsWith('W/"'), 'sent with the saved ETag')
    assert.ok((await events(page)).some((e) => e.name === 'formbricks_setup_successful' && e.workspaceId === fx.x.envA))
    assert.not.ok(
      app.requests.some((r) => r.includes('/js/surveys.umd.cjs')),
      'the renderer is loaded only to show a survey',
    )
  } finally {
    await app.close()
  }
})

test('a second language: setLanguage shows the survey in German and the response is stored in German', async () => {
  const fx = f as Fixture
  const app = await openApp(fx)
  const { page } = app
  try {
    await setup(page, fx)
    await call(page, 'setUserId', 'user-language')
    await call(page, 'setLanguage', 'de')
    await call(page, 'track', 'language')
    await event(page, 'formbricks_survey_shown', fx.surveys.language)
    await answer(page, 'Wie war es?', 'Gut', 'Senden')
    await event(page, 'formbricks_response_submitted', fx.surveys.language, { finished: true })
    await closeSurvey(page, fx.surveys.language, /close|schließen/i)
    const [response] = await responsesOf(fx, fx.surveys.language)
    assert.is(response?.data.q1, 'Gut')
    assert.is(response?.language, 'de')
  } finally {
    await app.close()
  }
})

/** axe-core on the page as it is: no serious or critical violation. */
async function assertAxeClean(page: Page, what: string): Promise<void> {
  assert.equal(await axeViolations(page), [], `axe-core on ${what}`)
}

test('csat, ces and an optional cal question in the widget: drawn, axe clean, answered, stored', async () => {
  const fx = f as Fixture
  const app = await openApp(fx)
  const { page } = app
  try {
    await setup(page, fx)
    await call(page, 'track', 'service')
    await event(page, 'formbricks_survey_shown', fx.surveys.service)
    await page.getByRole('radiogroup', { name: 'How satisfied are you?' }).waitFor()
    await assertAxeClean(page, 'the csat question')
    await page.getByRole('radio', { name: '5 of 5' }).check()
    await page.getByRole('button', { name: 'Send' }).click()
    await page.getByRole('radiogroup', { name: 'How easy was it?' }).waitFor()
    await assertAxeClean(page, 'the ces question')
    await page.getByRole('radio', { name: '2 of 5' }).check()
    await page.getByRole('button', { name: 'Send' }).click()
    const link = page.getByRole('link', { name: /^Book a time on cal\.com/ })
    await link.waitFor()
    await assertAxeClean(page, 'the cal question')
    assert.equal([await link.getAttribute('href'), await link.getAttribute('rel')], ['https://cal.com/ada', 'noopener noreferrer'])
    assert.is(await page.getByRole('checkbox', { name: 'I have booked a time' }).isChecked(), false)
    // Optional: finished without a booking, as the reference stores it (an empty answer).
    await page.getByRole('button', { name: 'Finish' }).click()
    await event(page, 'formbricks_response_submitted', fx.surveys.service, { finished: true })
    const [response] = await responsesOf(fx, fx.surveys.service)
    assert.equal(response?.data, { sat: 5, ease: 2, book: '' })
  } finally {
    await app.close()
  }
})

test('logic that jumps: answering "No" skips to the third question', async () => {
  const fx = f as Fixture
  const app = await openApp(fx)
  const { page } = app
  try {
    await setup(page, fx)
    await call(page, 'track', 'logic')
    await event(page, 'formbricks_survey_shown', fx.surveys.logic)
    await page.getByRole('radio', { name: 'No' }).check()
    await page.getByRole('button', { name: 'Send' }).click()
    await answer(page, 'What were you looking for?', 'Prices')
    await event(page, 'formbricks_response_submitted', fx.surveys.logic, { finished: true })
    const [response] = await responsesOf(fx, fx.surveys.logic)
    assert.equal(response?.data, { q1: 'No', q3: 'Prices' })
  } finally {
    await app.close()
  }
})

test('a survey of blocks: both elements of a block on one page, answered together; its logic jumps and calculates', async () => {
  const fx = f as Fixture
  const app = await openApp(fx)
  const { page } = app
  try {
    await setup(page, fx)
    await call(page, 'track', 'blocks')
    await event(page, 'formbricks_survey_shown', fx.surveys.blocks)
    const scale = (headline: string) => page.getByRole('radiogroup', { name: headline }).locator('label.cv-scale-item')
    await scale('How satisfied are you?').nth(4).click()
    await scale('How easy was it?').nth(0).click()
    await page.getByRole('button', { name: 'Continue' }).click()
    await page.getByRole('textbox', { name: 'Anything else?' }).fill('No')
    await page.getByRole('checkbox', { name: 'I have booked a time' }).check()
    await page.getByRole('button', { name: 'Finish' }).click()
    await event(page, 'formbricks_response_submitted', fx.surveys.blocks, { finished: true })
    const [response] = await responsesOf(fx, fx.surveys.blocks)
    assert.equal(response?.data, { sat: 5, effort: 1, last: 'No', book: 'booked' })
    assert.equal(response?.variables, { vscore: 10 })
  } finally {
    await app.close()
  }
})

test('after its ending the survey closes itself three seconds later; response_submitted once unfinished, once finished; every event in window.dataLayer', async () => {
  const fx = f as Fixture
  const app = await openApp(fx)
  const { page } = app
  try {
    await setup(page, fx)
    await call(page, 'track', 'ending')
    await event(page, 'formbricks_survey_shown', fx.surveys.ending)
    // Keyboard only: each answer typed and sent with Enter; each next question takes the focus.
    await page.getByRole('textbox', { name: 'First of three?' }).focus()
    for (const [headline, text] of [
      ['First of three?', 'one'],
      ['Second of three?', 'two'],
      ['Last of three?', 'three'],
    ] as const) {
      await page.waitForFunction((name) => {
        const root = document.querySelector('[data-canvass-survey]')?.shadowRoot
        const label = root?.activeElement?.getAttribute('aria-labelledby')
        return label ? root?.getElementById(label)?.textContent?.includes(name) === true : false
      }, headline)
      await page.keyboard.type(text)
      await page.keyboard.press('Enter')
    }
    await page.getByRole('heading', { name: 'Thanks for your answers!' }).waitFor()
    await event(page, 'formbricks_response_submitted', fx.surveys.ending, { finished: true })
    const finishedAt = Date.now()
    await assertAxeClean(page, 'the ending card')
    // Real time is what is tested: the ending stays on screen for its three seconds, then the survey closes itself.
    await event(page, 'formbricks_survey_closed', fx.surveys.ending)
    assert.ok(Date.now() - finishedAt >= 2500, 'the ending stays on screen for its three seconds')
    assert.is(await page.locator('[data-canvass-survey]').count(), 0, 'the survey left the page')

    const mine = (await events(page)).filter((e) => e.surveyId === fx.surveys.ending)
    const [response] = await responsesOf(fx, fx.surveys.ending)
    assert.equal(
      mine.map(({ name, finished, responseId }) => [name, finished, responseId]),
      [
        ['formbricks_survey_shown', undefined, undefined],
        ['formbricks_response_submitted', false, response.id],
        ['formbricks_response_submitted', true, response.id],
        ['formbricks_survey_closed', undefined, undefined],
      ],
      'one event when the response begins, one when it is finished, not one per page',
    )
    assert.equal(response.data, { q1: 'one', q2: 'two', q3: 'three' })

    // What a tag manager reads: every event the handlers got, in order, each key of the contract present.
    const layer: any[] = await page.evaluate(() => (globalThis as any).dataLayer)
    const empty = { workspaceId: null, surveyId: null, responseId: null, finished: null, action: null }
    assert.equal(
      layer,
      (await events(page)).map(({ name, ...payload }) => ({ event: name, formbricks: { ...empty, ...payload } })),
    )
    assert.ok(layer.some((e) => e.event === 'formbricks_setup_successful' && e.formbricks.workspaceId === fx.x.envA))
  } finally {
    await app.close()
  }
})

test("a finishing answer stored by the server but lost on the way back: the retry, with the update's key, gets the server's replay", async () => {
  const fx = f as Fixture
  const app = await openApp(fx)
  const { page, context } = app
  const { handle, retried, keys } = cutFirstUpdateAnswer()
  await context.route(`${fx.x.url}/api/v1/client/${fx.x.envA}/responses/*`, handle)
  try {
    await setup(page, fx)
    await call(page, 'track', 'lost')
    await event(page, 'formbricks_survey_shown', fx.surveys.lost)
    await answer(page, 'Before the end?', 'first')
    await answer(page, 'At the end?', 'last')
    await event(page, 'formbricks_response_submitted', fx.surveys.lost, { finished: true })
    await event(page, 'formbricks_survey_closed', fx.surveys.lost)
    const stored = await responsesOf(fx, fx.surveys.lost)
    // Before updates took keys, the retry was refused as an update of a finished response (issue 82, item 15).
    assert.equal(retried, [[200, { data: { id: stored[0].id } }, 'true']])
    assert.is(keys.length, 2)
    assert.ok(keys[0] && keys[1] === keys[0], `the retry's key is the first attempt's: ${keys}`)
    assert.equal(
      stored.map((r) => [r.finished, r.data]),
      [[true, { q1: 'first', q2: 'last' }]],
    )
    const submitted = (await events(page)).filter((e) => e.name === 'formbricks_response_submitted').map((e) => [e.finished, e.responseId])
    assert.equal(submitted, [
      [false, stored[0].id],
      [true, stored[0].id],
    ])
  } finally {
    // The browser reports the cut connection and the refusal in its console; nothing else may be there.
    app.consoleErrors.splice(0, app.consoleErrors.length, ...app.consoleErrors.filter((m) => !/Failed to load resource/.test(m)))
    await app.close()
  }
})

test.run()
