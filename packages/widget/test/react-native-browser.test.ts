/**
 * The reference's React Native SDK (`@formbricks/react-native` 3.2, as npm ships it) against Canvass served
 * over loopback HTTP from this process (the test bed). The SDK runs in Node under react-test-renderer, its native modules replaced by the stand-ins of
 * react-native/native-stubs.cjs; the HTML it hands its WebView is loaded in headless Chromium, where it loads
 * `/js/surveys.umd.cjs` and calls the reference's `formbricksSurveys.renderSurvey(props)`, and the page's
 * `window.ReactNativeWebView.postMessage` is wired back to the WebView's `onMessage`, as react-native-webview
 * does on a phone. An identified user answers and finishes the survey; the response is stored with the
 * user's contact and the display. When the answer to the finishing update is lost, its retry (the same
 * `Idempotency-Key`) gets the server's replay of it: the SDK gets `onFinished` and `onClose`, and closes the WebView.
 */
import { skipSuiteUnless } from '@canvass/test-bed'
import { readFile } from 'node:fs/promises'
import Module, { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'
import { createTestCanvass, waitFor } from '@canvass/test-bed'
import type { TestCanvass } from '@canvass/test-bed'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import type { Browser, Page } from 'playwright-core'
import { chromiumMissing, cutFirstUpdateAnswer, launchChromium, releaseChromium } from '@canvass/test-bed/chromium'

const require = createRequire(import.meta.url)
const STUBS = fileURLToPath(new URL('./react-native/native-stubs.cjs', import.meta.url))
const NATIVE = new Set([
  'react-native',
  'react-native-webview',
  '@react-native-async-storage/async-storage',
  '@react-native-community/netinfo',
])
/** The key under which the SDK keeps its configuration (workspace state and user) in AsyncStorage. */
const CONFIG_KEY = 'formbricks-react-native'

interface Sdk {
  Formbricks: (props: { appUrl: string; workspaceId: string }) => unknown
  setUserId(userId: string): Promise<void>
  track(name: string): Promise<void>
}
/** What the test uses of react and react-test-renderer (described here rather than typed by @types packages). */
interface React {
  createElement(type: unknown, props: Record<string, unknown>): unknown
}
interface TestInstance {
  props: Record<string, any>
}
interface ReactTestRenderer {
  root: { findAllByType(type: unknown): TestInstance[] }
  unmount(): void
}
interface TestRendererModule {
  create(element: unknown): ReactTestRenderer
}
interface Stubs {
  WebView: unknown
  items: Map<string, string>
  writes: import('node:events').EventEmitter
}

/**
 * The SDK's CommonJS build, its native modules resolved to the stand-ins, loaded anew. The SDK refreshes its state every
 * minute with timers it never clears: until `restore()`, intervals do not keep the run alive.
 */
function loadSdk(): { sdk: Sdk; stubs: Stubs; restore(): void } {
  const loader = Module as unknown as { _resolveFilename(request: string, ...rest: unknown[]): string }
  const resolve = loader._resolveFilename
  loader._resolveFilename = function (request: string, ...rest: unknown[]) {
    return NATIVE.has(request) ? STUBS : resolve.call(this, request, ...rest)
  }
  // React Native's bundler defines `__DEV__`; the SDK reads it when it loads.
  ;(globalThis as { __DEV__?: boolean }).__DEV__ = false
  const setInterval = globalThis.setInterval
  globalThis.setInterval = ((...args: Parameters<typeof setInterval>) => setInterval(...args).unref()) as typeof setInterval
  // A fresh copy of the SDK and of the stand-ins for each case: the SDK keeps its set-up in module state.
  for (const name of ['@formbricks/react-native', STUBS]) delete require.cache[require.resolve(name)]
  try {
    const sdk = require('@formbricks/react-native') as Sdk
    return { sdk, stubs: require(STUBS) as Stubs, restore: () => void (globalThis.setInterval = setInterval) }
  } finally {
    loader._resolveFilename = resolve
  }
}

/** The SDK's stored configuration once `ready` holds for it: waits on AsyncStorage writes, at most `ms`. */
function stored(stubs: Stubs, ready: (config: any) => boolean, ms = 5000): Promise<any> {
  const read = () => {
    const text = stubs.items.get(CONFIG_KEY)
    const config = text ? JSON.parse(text) : undefined
    return config && ready(config) ? config : undefined
  }
  return new Promise((resolve, reject) => {
    const now = read()
    if (now) return resolve(now)
    const timer = setTimeout(() => {
      stubs.writes.off('write', onWrite)
      reject(new Error(`the SDK's configuration did not reach the expected state: ${stubs.items.get(CONFIG_KEY)}`))
    }, ms)
    const onWrite = () => {
      const config = read()
      if (!config) return
      clearTimeout(timer)
      stubs.writes.off('write', onWrite)
      resolve(config)
    }
    stubs.writes.on('write', onWrite)
  })
}

const test = skipSuiteUnless(suite('the React Native SDK shows a survey through its WebView'), chromiumMissing())
/** The bed and where it listens. */
let x: TestCanvass & { url: string }
let surveyId: string
/** A survey of two pages: its finishing update is the one whose answer is lost. */
let lostSurveyId: string

test.before(async () => {
  const bed = await createTestCanvass()
  x = Object.assign(bed, { url: await bed.listen() })
  const post = async (path: string, body: unknown) => {
    const res = await x.call('POST', path, { key: x.keyA, body })
    if (res.status !== 200) throw new Error(`seeding ${path}: ${res.status} ${res.text}`)
    return res.body.data.id as string
  }
  const action = await post('/api/v1/management/action-classes', { name: 'Checkout done', type: 'code', key: 'checkout-done' })
  // The SDK shows an identified user only surveys of a segment the user is in.
  const everyone = await post('/api/v1/management/segments', { title: 'Everyone', filters: [] })
  surveyId = await post('/api/v1/management/surveys', {
    name: 'Mobile checkout',
    type: 'app',
    status: 'inProgress',
    recontactDays: 0,
    displayOption: 'displayOnce',
    triggers: [action],
    segmentId: everyone,
    questions: [{ id: 'q1', type: 'openText', inputType: 'text', required: true, headline: { default: 'How was checkout?' } }],
    endings: [{ id: 'thanks', type: 'endScreen', headline: { default: 'Thanks from the app!' } }],
  })
  const ordered = await post('/api/v1/management/action-classes', { name: 'Order placed', type: 'code', key: 'order-placed' })
  const oneLine = (id: string, headline: string) => ({
    id,
    type: 'openText',
    inputType: 'text',
    longAnswer: false,
    required: true,
    headline: { default: headline },
  })
  lostSurveyId = await post('/api/v1/management/surveys', {
    name: 'Mobile order',
    type: 'app',
    status: 'inProgress',
    recontactDays: 0,
    displayOption: 'displayOnce',
    triggers: [ordered],
    segmentId: everyone,
    questions: [oneLine('q1', 'What did you order?'), oneLine('q2', 'Anything else?')],
    endings: [{ id: 'thanks', type: 'endScreen', headline: { default: 'Order noted!' } }],
  })
})
test.after(async () => {
  await x?.close()
})

/** The SDK set up for an identified user, who did what shows a survey: the WebView's page is open in Chromium. */
interface Shown {
  sdk: Sdk
  stubs: Stubs
  /** The SDK's stored user once identified. */
  user: any
  /** The SDK's WebView, while it is rendered. */
  webView(): TestInstance | undefined
  page: Page
  /** The WebView's messages to the app, by their keys (`onDisplayCreated`, …). */
  messages: string[]
  origins: Set<string>
  problems: string[]
  close(): Promise<void>
}

/**
 * Sets the SDK up for `userId`, tracks `action` and opens the HTML the SDK hands its WebView in Chromium; `before`
 * runs on the page before that HTML is loaded (to route its requests).
 */
async function showInWebView(browser: Browser, userId: string, action: string, before?: (page: Page) => Promise<unknown>): Promise<Shown> {
  const { sdk, stubs, restore } = loadSdk()
  const React = require('react') as React
  const TestRenderer = require('react-test-renderer') as TestRendererModule
  ;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false
  const tree = TestRenderer.create(React.createElement(sdk.Formbricks, { appUrl: x.url, workspaceId: x.envA }))
  let page: Page | undefined
  const close = async () => {
    await page?.close()
    tree.unmount()
    restore()
  }
  try {
    await stored(stubs, (config) => config.workspace?.data?.surveys?.length > 0)
    // Commands given before the SDK is set up are dropped by it; its set-up ends just after the state is stored.
    const user = await (async () => {
      for (let attempt = 0; ; attempt++) {
        await sdk.setUserId(userId)
        try {
          return await stored(stubs, (config) => Boolean(config.user?.data?.contactId), 1000)
        } catch (error) {
          if (attempt >= 3) throw error
        }
      }
    })()
    await sdk.track(action)
    const webView = () => tree.root.findAllByType(stubs.WebView)[0]
    await until(() => webView() !== undefined, 'the WebView is rendered')
    const html = webView()?.props.source.html as string
    assert.ok(html.includes(`${x.url}/js/surveys.umd.cjs`), 'the WebView loads the renderer from the server')

    page = await browser.newPage({ viewport: { width: 390, height: 844 } })
    const messages: string[] = []
    const origins = new Set<string>()
    const problems: string[] = []
    page.on('request', (request) => origins.add(new URL(request.url()).origin))
    page.on('pageerror', (error) => problems.push(error.message))
    await page.exposeFunction('toNative', (data: string) => {
      const parsed = JSON.parse(data)
      if (parsed.type === 'Console') {
        if (parsed.data.type === 'error') problems.push(String(parsed.data.log))
        return
      }
      messages.push(Object.keys(parsed).join())
      // The WebView's props are read at each message: a re-render may have given it a new `onMessage`.
      webView()?.props.onMessage({ nativeEvent: { data } })
    })
    await before?.(page)
    // react-native-webview defines `window.ReactNativeWebView` before the page's own scripts run.
    const bridge = '<script>window.ReactNativeWebView = { postMessage: (data) => window.toNative(data) }</script>'
    await page.setContent(html.replace('<head>', `<head>${bridge}`))
    return { sdk, stubs, user, webView, page, messages, origins, problems, close }
  } catch (error) {
    await close()
    throw error
  }
}

test('setup → setUserId → track: the WebView shows the survey, which is answered, finished and stored with the contact and display', async () => {
  const browser = await launchChromium()
  let shown: Shown | undefined
  try {
    shown = await showInWebView(browser, 'user-rn', 'checkout-done')
    const { stubs, user, webView, page, messages, origins, problems } = shown
    assert.equal(user.user.data.segments.length, 1, "the user's segment")

    const answer = page.getByRole('textbox', { name: 'How was checkout?' })
    await answer.waitFor()
    await page.addScriptTag({ content: await readFile(require.resolve('axe-core/axe.min.js'), 'utf8') })
    const violations = await page.evaluate(async () => {
      // The SDK's page is the SDK's (its `<html>` has no `lang`); the survey is Canvass's.
      const result = await (globalThis as any).axe.run({ include: ['[data-canvass-survey]'] }, { resultTypes: ['violations'] })
      return result.violations.filter((v: any) => v.impact === 'serious' || v.impact === 'critical').map((v: any) => v.id)
    })
    assert.equal(violations, [], 'axe-core: no serious or critical violation')

    await answer.fill('Quick on my phone')
    await page.getByRole('button', { name: 'Finish' }).click()
    await page.getByRole('heading', { name: 'Thanks from the app!' }).waitFor()
    const finishedAt = Date.now()
    // A modal survey closes itself three seconds after its ending, as the reference's does (real time is what
    // is tested); the SDK then removes its WebView.
    await until(() => webView() === undefined, 'the SDK closes the WebView', 8000)
    assert.ok(Date.now() - finishedAt >= 2500, 'the ending stays on screen for its three seconds')
    assert.equal(messages, ['onDisplayCreated', 'onResponseCreated', 'onFinished', 'onClose'])
    assert.equal([...origins], [new URL(x.url).origin], 'the page asks nothing of any other origin')
    assert.equal(problems, [])

    const responses = (await x.call('GET', `/api/v1/management/responses?surveyId=${surveyId}`, { key: x.keyA })).body.data
    assert.is(responses.length, 1)
    const [response] = responses
    assert.is(response.finished, true)
    assert.equal(response.data, { q1: 'Quick on my phone' })
    assert.equal(response.contact, { id: user.user.data.contactId, userId: 'user-rn' }, "the identified user's contact")
    assert.type(response.displayId, 'string', 'the response names its display')
    const identify = await x.call('GET', `/api/v1/client/${x.envA}/identify/contacts/user-rn`)
    assert.equal(
      identify.body.data.displays.map((d: any) => d.surveyId),
      [surveyId],
      "the display is the contact's",
    )
    const after = await stored(stubs, (config) => config.user.data.responses.includes(surveyId))
    assert.equal(
      after.user.data.displays.map((d: any) => d.surveyId),
      [surveyId],
      'the SDK counted the display',
    )
  } finally {
    await shown?.close()
    await releaseChromium()
  }
})

test("the finishing answer is stored but lost on the way back: the retry gets the server's replay; onFinished and onClose come, the WebView closes", async () => {
  const browser = await launchChromium()
  let shown: Shown | undefined
  const { handle, retried, keys } = cutFirstUpdateAnswer()
  const loseFirstUpdate = (page: Page) => page.route((url) => url.pathname.includes('/responses/'), handle)
  try {
    shown = await showInWebView(browser, 'user-rn-lost', 'order-placed', loseFirstUpdate)
    const { webView, page, messages, problems } = shown
    await page.getByRole('textbox', { name: 'What did you order?' }).fill('A lamp')
    await page.getByRole('button', { name: 'Next' }).click()
    await page.getByRole('textbox', { name: 'Anything else?' }).fill('No')
    await page.getByRole('button', { name: 'Finish' }).click()
    await page.getByRole('heading', { name: 'Order noted!' }).waitFor()
    await until(() => webView() === undefined, 'the SDK closes the WebView', 15000)
    assert.equal(messages, ['onDisplayCreated', 'onResponseCreated', 'onFinished', 'onClose'])
    assert.equal(problems, [])
    const responses = (await x.call('GET', `/api/v1/management/responses?surveyId=${lostSurveyId}`, { key: x.keyA })).body.data
    assert.equal(retried, [[200, { data: { id: responses[0]?.id } }, 'true']])
    assert.ok(keys.length === 2 && keys[0] && keys[1] === keys[0], `the retry's key is the first attempt's: ${keys}`)
    assert.equal(
      responses.map((r: any) => [r.finished, r.data]),
      [[true, { q1: 'A lamp', q2: 'No' }]],
    )
  } finally {
    await shown?.close()
    await releaseChromium()
  }
})

/** Waits for `condition` on the rendered tree, which has no event to wait on: checking every 20 ms, at most `ms`. */
async function until(condition: () => boolean, what: string, ms = 5000): Promise<void> {
  await waitFor(what, condition, { timeoutMs: ms, everyMs: 20 })
}

test.run()
