/**
 * New survey and phones, in headless Chromium against a real Canvass (the test bed), keyboard only:
 * - an app survey from a template picked by its category, previewed first in the survey renderer (the focus in
 *   the preview, then back on the template's Preview button), then used: created and opened in the editor with
 *   the focus in it;
 * - the console at 360 px: the navigation folds behind a Menu button that opens and closes by keyboard (Escape
 *   gives the focus back), and the overview, the surveys list and a survey's summary, responses and share tabs
 *   are no wider than the screen.
 * axe-core finds no serious or critical violation on any of them.
 */
import { readFile } from 'node:fs/promises'
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
const OWNER = 'owner@example.org'

const test = skipSuiteUnless(suite('the console: a new survey from a template, and phones'), chromiumMissing())
let bed: TestCanvass & { url: string }
let browser: Browser

test.before(async () => {
  browser = await launchChromium()
  const created = await createTestCanvass({ console: { accounts: true, bundle: await bundle }, editor: await editorBundle })
  bed = Object.assign(created, { url: await created.listen() })
  await addPerson(bed, OWNER, 'owner')
})
test.after(async () => {
  if (browser) await releaseChromium()
  await bed?.close()
})

async function signedIn(width: number, height: number): Promise<BrowserContext> {
  const made = await browser.newContext({ viewport: { width, height } })
  await signIn(bed.url, made, OWNER)
  return made
}

/** The focused element's accessible name as its aria-label, label or text gives it ('' on the body). */
const focusedName = (on: Page): Promise<string> =>
  on.evaluate(() => {
    const active = document.activeElement as HTMLInputElement | null
    if (!active || active === document.body) return ''
    return (active.getAttribute('aria-label') ?? active.labels?.[0]?.textContent ?? active.textContent ?? '').trim()
  })

/** Presses Tab until the focused element's name starts with `name`. */
async function tabTo(on: Page, name: string): Promise<void> {
  for (let presses = 0; presses < 80; presses++) {
    if ((await focusedName(on)).startsWith(name)) return
    await on.keyboard.press('Tab')
  }
  assert.unreachable(`"${name}" not reached by Tab; focus: ${await focusedName(on)}`)
}

async function noViolations(on: Page, where: string): Promise<void> {
  assert.equal(await axeViolations(on), [], `axe at ${where}`)
}

test('an app survey from a Research template: previewed, then used and opened in the editor, keyboard only', async () => {
  const context = await signedIn(1280, 900)
  const tab = await context.newPage()
  const errors: string[] = []
  tab.on('pageerror', (error) => errors.push(error.message))
  await tab.goto(`${bed.url}/console#/surveys`)
  await tab.locator('h1', { hasText: 'Surveys' }).waitFor()

  // An app survey.
  await tabTo(tab, 'Link survey')
  await tab.keyboard.press('ArrowDown')
  assert.ok(await tab.getByRole('radio', { name: /^App survey/ }).isChecked())
  // Templates for research.
  await tabTo(tab, 'Templates for')
  for (
    let presses = 0;
    presses < 10 && (await tab.evaluate(() => (document.activeElement as HTMLSelectElement).value)) !== 'Research';
    presses++
  )
    await tab.keyboard.press('ArrowDown')
  await tab.getByRole('list', { name: 'Templates for Research' }).getByRole('heading', { name: 'Ease of use' }).waitFor()
  await noViolations(tab, 'New survey with the research templates')

  // Its preview, in the renderer: the focus goes into it, and back to the button on Escape.
  await tabTo(tab, 'Preview Ease of use')
  await tab.keyboard.press('Enter')
  const dialog = tab.getByRole('dialog', { name: 'Preview: Ease of use' })
  await dialog.getByRole('heading', { name: 'How far do you agree with each statement?' }).waitFor()
  assert.ok(
    await tab.evaluate(() => document.activeElement?.closest('[role=region][aria-label="Preview of Ease of use"]') != null),
    'the focus is in the preview',
  )
  await noViolations(tab, 'the preview of a template')
  await tab.keyboard.press('Escape')
  await waitFor('the preview to close', async () => (await tab.locator('dialog[open]').count()) === 0)
  assert.is(await focusedName(tab), 'Preview Ease of use', "the focus is back on the template's Preview button")

  // Opened again, and used from the preview.
  await tab.keyboard.press('Enter')
  await dialog.getByRole('heading', { name: 'How far do you agree with each statement?' }).waitFor()
  await tabTo(tab, 'Use template')
  await tab.keyboard.press('Enter')
  await tab.waitForURL(/#\/surveys\/[^/]+\/edit$/)
  const surveyId = decodeURIComponent(tab.url().split('#/surveys/')[1]?.split('/')[0] ?? '')
  await waitFor('the focus in the editor', () =>
    tab.evaluate(() => {
      const editor = document.querySelector('canvass-survey-editor')
      return document.activeElement === editor && editor?.shadowRoot?.activeElement != null
    }),
  )
  const stored = (await bed.call('GET', `/api/v1/management/surveys/${surveyId}`, { key: bed.keyA })).body.data
  assert.is(stored.type, 'app')
  assert.is(stored.name, 'Ease of use')
  assert.is(stored.status, 'draft')
  assert.equal(
    stored.questions.map((question: { type: string }) => question.type),
    ['matrix', 'openText'],
  )
  assert.equal(errors, [])
  await context.close()
})

test('at 360 px: a Menu button folds the navigation, and the main screens fit the width', async () => {
  const made = await bed.call('POST', '/api/v1/management/surveys', {
    key: bed.keyA,
    body: {
      name: 'A survey with a rather long name to see how it wraps on a phone',
      status: 'inProgress',
      questions: [
        { id: 'score', type: 'nps', headline: { default: 'How likely are you to recommend us?' } },
        { id: 'why', type: 'openText', headline: { default: 'Why?' }, required: false },
      ],
    },
  })
  assert.is(made.status, 200, made.text)
  const id = made.body.data.id
  for (const [score, why] of [
    [9, 'Good support and a clear product'],
    [4, 'Too slow on my phone'],
  ] as const) {
    const given = await bed.call('POST', `/api/v1/client/${bed.envA}/responses`, {
      body: { surveyId: id, finished: true, data: { score, why } },
    })
    assert.is(given.status, 200, given.text)
  }
  const context = await signedIn(360, 740)
  const tab = await context.newPage()
  const fits = async (where: string) => {
    const width = await tab.evaluate(() => document.documentElement.scrollWidth)
    assert.ok(width <= 360, `${where}: the page is ${width} px wide`)
    await noViolations(tab, `${where} at 360 px`)
  }
  await tab.goto(`${bed.url}/console#/`)
  await tab.locator('#cv-main h1').waitFor()
  await fits('the overview')

  // The menu, by keyboard.
  const nav = tab.locator('#cv-nav')
  assert.not.ok(await nav.isVisible(), 'the navigation is folded')
  await tabTo(tab, 'Menu')
  const menu = tab.getByRole('button', { name: 'Menu' })
  assert.is(await menu.getAttribute('aria-expanded'), 'false')
  await tab.keyboard.press('Enter')
  assert.is(await menu.getAttribute('aria-expanded'), 'true')
  assert.ok(await nav.isVisible())
  await fits('the open menu')
  await tabTo(tab, 'Surveys')
  await tab.keyboard.press('Escape')
  assert.is(await menu.getAttribute('aria-expanded'), 'false', 'Escape folds it')
  assert.is(await focusedName(tab), 'Menu', 'and gives the focus back to its button')
  await tab.keyboard.press('Enter')
  await tabTo(tab, 'Surveys')
  await tab.keyboard.press('Enter')
  await tab.locator('h1', { hasText: 'Surveys' }).waitFor()
  assert.is(await menu.getAttribute('aria-expanded'), 'false', 'a screen chosen folds the menu')
  await tab.locator('table tbody tr').first().waitFor()
  await fits('the surveys list')

  for (const [sub, ready] of [
    ['results', '.cv-stats'],
    ['responses', 'table tbody tr'],
    ['share', '.cv-field'],
  ] as const) {
    await tab.goto(`${bed.url}/console#/surveys/${id}/${sub}`)
    await tab.locator(ready).first().waitFor()
    await fits(`the survey's ${sub}`)
  }
  await context.close()
})

test.run()
