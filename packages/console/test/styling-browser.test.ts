/**
 * The workspace's theme and a survey's own look in headless Chromium, keyboard only, against a real Canvass: an
 * editor sets the brand colour and the roundness in the console's Styling screen (its preview shows them before
 * saving), then gives one survey its own brand colour in the editor. The link page of that survey shows its own
 * colour, the link page of another survey and the widget's rendering of an app survey show the workspace's, with
 * the workspace's roundness everywhere and button text readable on the brand colour. axe finds no serious or
 * critical violation on the screen or the editor.
 */
import { readFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createRequire } from 'node:module'
import { createTestCanvass, skipSuiteUnless, waitFor } from '@canvass/test-bed'
import type { TestCanvass } from '@canvass/test-bed'
import { axeViolations, chromiumMissing, launchChromium, releaseChromium } from '@canvass/test-bed/chromium'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { addPerson, signIn } from './sign-in'

const bundle = readFile(new URL('../dist/console.js', import.meta.url), 'utf8')
const editorBundle = readFile(createRequire(import.meta.url).resolve('@canvass/editor/editor.js'), 'utf8')
const EDITOR = 'styler@example.org'
const THEME_BRAND = 'rgb(15, 118, 110)' // #0f766e
const OWN_BRAND = 'rgb(185, 28, 28)' // #b91c1c

const test = skipSuiteUnless(suite('styling, keyboard only: a workspace theme and one survey of its own look'), chromiumMissing())
let bed: TestCanvass & { url: string }
let browser: Browser
let context: BrowserContext

test.before(async () => {
  browser = await launchChromium()
  const created = await createTestCanvass({ console: { accounts: true, bundle: await bundle }, editor: await editorBundle })
  bed = Object.assign(created, { url: await created.listen() })
  await addPerson(bed, EDITOR, 'editor')
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  await signIn(bed.url, context, EDITOR)
})
test.after(async () => {
  await context?.close()
  if (browser) await releaseChromium()
  await bed?.close()
})

/** The focused control, through open shadow roots, named by its label's own text or its aria-label. */
const focused = (on: Page) =>
  on.evaluate(() => {
    let active = document.activeElement as (HTMLInputElement & { shadowRoot: ShadowRoot | null }) | null
    while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement as typeof active
    if (!active || active === document.body) return { name: '', value: '' }
    const label = active.labels?.[0]
    const own = label
      ? [...label.childNodes]
          .filter((node) => node.nodeType === Node.TEXT_NODE)
          .map((node) => node.textContent)
          .join('')
      : null
    const name = active.getAttribute('aria-label') ?? (own?.trim() || null) ?? active.textContent ?? ''
    return { name: name.trim(), value: active.value ?? '' }
  })

async function tabTo(on: Page, name: string | RegExp, presses = 300): Promise<void> {
  for (let count = 0; count < presses; count++) {
    const now = await focused(on)
    if (typeof name === 'string' ? now.name === name : name.test(now.name)) return
    await on.keyboard.press('Tab')
  }
  assert.unreachable(`"${name}" not reached by Tab; focus: ${JSON.stringify(await focused(on))}`)
}

async function noViolations(on: Page, where: string): Promise<void> {
  assert.equal(await axeViolations(on), [], `axe at ${where}`)
}

/** The computed colours and radius of the survey drawn under `host` (its primary button and its card). */
const drawn = (on: Page, host: string) =>
  on.evaluate((host) => {
    const root = document.querySelector(host)?.shadowRoot
    const button = root?.querySelector('.cv-btn-primary')
    const card = root?.querySelector('.cv-card')
    if (!button || !card) return null
    const style = getComputedStyle(button)
    return { brand: style.backgroundColor, onBrand: style.color, radius: getComputedStyle(card).borderTopLeftRadius }
  }, host)

async function drawnAs(on: Page, host: string, expected: { brand: string; onBrand: string; radius: string }, where: string) {
  await waitFor(
    `${where} drawn with ${JSON.stringify(expected)}`,
    async () => JSON.stringify(await drawn(on, host)) === JSON.stringify(expected),
  )
}

const survey = async (name: string, type: 'link' | 'app') => {
  const made = await bed.call('POST', '/api/v1/management/surveys', {
    key: bed.keyA,
    body: { name, type, status: 'inProgress', questions: [{ id: 'q', type: 'openText', headline: { default: 'Why?' }, required: false }] },
  })
  assert.is(made.status, 200, made.text)
  return made.body.data.id as string
}

test('the theme set in the console shows everywhere; a survey with its own brand colour shows its own', async () => {
  const [own, plain, appSurvey] = [await survey('Own look', 'link'), await survey('Theme only', 'link'), await survey('In the app', 'app')]
  const tab = await context.newPage()
  const errors: string[] = []
  tab.on('pageerror', (error) => errors.push(error.message))
  await tab.goto(`${bed.url}/console#/styling`)
  await tab.locator('h1', { hasText: 'Styling' }).waitFor()
  await tab.locator('#cv-style-brandColor').waitFor()

  // The brand colour typed, the roundness moved with the arrows: the preview follows before anything is saved.
  await tabTo(tab, 'Brand colour (buttons, selections)')
  await tab.keyboard.type('#0f766e')
  await tabTo(tab, /^Roundness of corners/)
  for (let step = 0; step < 8; step++) await tab.keyboard.press('ArrowRight')
  await drawnAs(tab, '[data-testid=theme-preview]', { brand: THEME_BRAND, onBrand: 'rgb(255, 255, 255)', radius: '16px' }, 'the preview')
  await noViolations(tab, 'the Styling screen')
  await tabTo(tab, 'Save theme')
  await tab.keyboard.press('Enter')
  await tab.locator('[role=status]', { hasText: 'Theme saved' }).waitFor()
  const saved = await bed.call('GET', '/api/v1/management/styling', { key: bed.keyA })
  assert.equal(saved.body.data.styling.brandColor, { light: '#0f766e' })
  assert.is(saved.body.data.styling.roundness, 16)

  // One survey's own brand colour, in the editor, saved with Ctrl+S.
  await tab.goto(`${bed.url}/console#/surveys/${own}/edit`)
  await waitFor('the editor', () =>
    tab.evaluate(() => !!document.querySelector('canvass-survey-editor')?.shadowRoot?.querySelector('#cse-view-questions')),
  )
  await tab.evaluate(() => (document.querySelector('canvass-survey-editor') as HTMLElement).focus())
  // The editor's Styling tab, two to the right of Questions.
  await tabTo(tab, 'Questions')
  await tab.keyboard.press('ArrowRight')
  await tab.keyboard.press('ArrowRight')
  await tabTo(tab, 'Give this survey its own look')
  await tab.keyboard.press('Space')
  await tabTo(tab, 'Brand colour (buttons, selections)')
  await tab.keyboard.type('#b91c1c')
  await noViolations(tab, 'the editor with its Styling section')
  await tab.keyboard.press('Control+s')
  await waitFor('the survey saved with its own look', async () => {
    const stored = await bed.call('GET', `/api/v1/management/surveys/${own}`, { key: bed.keyA })
    return stored.body.data.styling?.brandColor?.light === '#b91c1c'
  })
  const stored = await bed.call('GET', `/api/v1/management/surveys/${own}`, { key: bed.keyA })
  assert.equal(stored.body.data.styling, { overwriteThemeStyling: true, brandColor: { light: '#b91c1c' } })

  // The link pages: the survey's own colour wins on its page; the theme's elsewhere; the theme's roundness on both.
  const page = await context.newPage()
  await page.goto(`${bed.url}/s/${own}`)
  await drawnAs(page, '#canvass-survey', { brand: OWN_BRAND, onBrand: 'rgb(255, 255, 255)', radius: '16px' }, 'the own-look link page')
  await page.goto(`${bed.url}/s/${plain}`)
  await drawnAs(page, '#canvass-survey', { brand: THEME_BRAND, onBrand: 'rgb(255, 255, 255)', radius: '16px' }, 'the plain link page')

  // The widget: on an app's own page (another origin), the renderer draws the app survey from the environment
  // state, as the in-app core hands it over.
  const app = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    response.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>An app</title></head>
<body><main><h1>An app</h1></main><script src="${bed.url}/js/surveys.umd.cjs"></script>
<script>(async () => {
  const state = (await (await fetch(${JSON.stringify(`${bed.url}/api/v1/client/${bed.envA}/environment`)})).json()).data.data
  window.formbricksSurveys.renderSurvey({
    appUrl: ${JSON.stringify(bed.url)}, environmentId: ${JSON.stringify(bed.envA)}, mode: 'modal', preview: true,
    survey: state.surveys.find((entry) => entry.id === ${JSON.stringify(appSurvey)}), project: state.project,
  })
})()</script></body></html>`)
  })
  await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve))
  await page.goto(`http://127.0.0.1:${(app.address() as AddressInfo).port}/`)
  await drawnAs(
    page,
    `[data-canvass-survey="${appSurvey}"]`,
    { brand: THEME_BRAND, onBrand: 'rgb(255, 255, 255)', radius: '16px' },
    'the widget',
  )
  assert.equal(errors, [])
  await page.close()
  await new Promise((resolve) => app.close(resolve))
  await tab.close()
})

test.run()
