/**
 * The editor inside the console loses nothing and keeps the focus where a person expects it, in headless
 * Chromium against a real Canvass, signed in as an owner and as a viewer: Publish and then a save in the editor
 * keeps the survey published; the focus after Publish lands on the action that replaced it; leaving the editor
 * with unsaved changes asks first (Stay focused); the delete dialog opens on Cancel; a viewer's editor is
 * read-only.
 */
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { createTestCanvass, skipSuiteUnless, waitFor } from '@canvass/test-bed'
import type { TestCanvass } from '@canvass/test-bed'
import { axeViolations, chromiumMissing, launchChromium, releaseChromium } from '@canvass/test-bed/chromium'
import type { Browser, Page } from 'playwright-core'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { addPerson, signIn } from './sign-in'

const bundle = readFile(new URL('../dist/console.js', import.meta.url), 'utf8')
const editorBundle = readFile(createRequire(import.meta.url).resolve('@canvass/editor/editor.js'), 'utf8')
const OWNER = 'owner@example.org'
const VIEWER = 'viewer@example.org'

const test = skipSuiteUnless(suite('the editor in the console loses nothing'), chromiumMissing())
let bed: TestCanvass & { url: string }
let browser: Browser
let tab: Page
let surveyId: string

const v3Survey = async (id: string) => {
  const res = await bed.call('GET', `/api/v3/surveys/${id}`, { headers: { authorization: `Bearer ${bed.keyA}` } })
  assert.is(res.status, 200, res.text)
  return res.body.data
}
/** What has the focus: its tag and its text or label. */
const focused = (on: Page) =>
  on.evaluate(() => {
    let active = document.activeElement as HTMLElement | null
    while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement as HTMLElement
    if (!active || active === document.body) return 'body'
    return `${active.tagName.toLowerCase()}:${(active.getAttribute('aria-label') ?? active.textContent ?? '').trim()}`
  })
/** The control labelled `label` in the editor, its closed card (if any) opened first. */
async function editorField(on: Page, label: string) {
  const control = on.locator('canvass-survey-editor').getByLabel(label, { exact: true }).first()
  await control.waitFor({ state: 'attached' })
  if (!(await control.isVisible())) {
    await control.evaluate((element) => {
      for (let node: Element | null = element.parentElement; node; node = node.parentElement) {
        const header = node.querySelector<HTMLElement>('button[aria-expanded="false"]')
        if (header) return header.click()
      }
    })
    await control.waitFor({ state: 'visible' })
  }
  return control
}
const editorLoaded = (on: Page) =>
  on.waitForFunction(() => {
    const editor = document.querySelector('canvass-survey-editor') as (HTMLElement & { survey?: { id?: string } }) | null
    return Boolean(editor?.survey?.id && editor.shadowRoot?.querySelector('.cse-root'))
  })

test.before(async () => {
  browser = await launchChromium()
  const created = await createTestCanvass({ console: { accounts: true, bundle: await bundle }, editor: await editorBundle })
  bed = Object.assign(created, { url: await created.listen() })
  await addPerson(bed, OWNER, 'owner')
  await addPerson(bed, VIEWER, 'viewer')
  const made = await bed.call('POST', '/api/v1/management/surveys', {
    key: bed.keyA,
    body: { name: 'Kept', questions: [{ id: 'q', type: 'openText', headline: { default: 'Why?' } }] },
  })
  assert.is(made.status, 200, made.text)
  surveyId = made.body.data.id
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  await signIn(bed.url, context, OWNER)
  tab = await context.newPage()
})
test.after(async () => {
  await tab?.context().close()
  if (browser) await releaseChromium()
  await bed?.close()
})

test('Publish, then a save in the editor: the survey stays published; the focus lands on what replaced Publish', async () => {
  await tab.goto(`${bed.url}/console#/surveys/${surveyId}/edit`)
  await editorLoaded(tab)
  await tab.getByRole('button', { name: 'Publish' }).focus()
  await tab.keyboard.press('Enter')
  await tab.getByRole('button', { name: 'Pause' }).waitFor()
  const focusOnPause = await waitFor('the focus on Pause', async () => (await focused(tab)) === 'button:Pause', {
    timeoutMs: 3000,
    everyMs: 25,
  }).then(
    () => true,
    () => false,
  )
  assert.is((await v3Survey(surveyId)).status, 'inProgress')

  const name = await editorField(tab, 'Survey name')
  await name.focus()
  await tab.keyboard.press('Control+A')
  await tab.keyboard.type('Kept and renamed')
  await tab.keyboard.press('Control+S')
  await waitFor('the save', async () => (await v3Survey(surveyId)).name === 'Kept and renamed', { timeoutMs: 8000, everyMs: 50 })
  assert.is((await v3Survey(surveyId)).status, 'inProgress', 'the save kept the status Publish set')
  assert.is(await tab.getByText('Someone else saved').count(), 0)
  assert.ok(focusOnPause, `the focus after Publish is on Pause, not on ${await focused(tab)}`)
})

test('leaving the editor with unsaved changes asks first, Stay focused; Stay keeps the work, Leave goes', async () => {
  await tab.goto(`${bed.url}/console#/surveys/${surveyId}/edit`)
  await editorLoaded(tab)
  const name = await editorField(tab, 'Survey name')
  await name.focus()
  await tab.keyboard.press('Control+A')
  await tab.keyboard.type('Not yet saved')
  await tab.getByRole('link', { name: 'Summary' }).click()
  const dialog = tab.locator('dialog[open]')
  await dialog.waitFor()
  assert.match(await dialog.innerText(), /unsaved/i)
  assert.is(await focused(tab), 'button:Stay')
  assert.equal(await axeViolations(tab), [], 'axe on the leave dialog')
  await tab.keyboard.press('Enter')
  await waitFor('the dialog to close', async () => (await tab.locator('dialog[open]').count()) === 0)
  assert.match(tab.url(), /\/edit$/)
  assert.is(await name.inputValue(), 'Not yet saved')
  // A hash typed or a link followed elsewhere asks too.
  await tab.evaluate(() => {
    location.hash = '#/surveys'
  })
  await dialog.waitFor()
  await tab.getByRole('button', { name: 'Leave without saving' }).click()
  await tab.locator('h1', { hasText: 'Surveys' }).waitFor()
  assert.is((await v3Survey(surveyId)).name, 'Kept and renamed')
})

test('the delete dialog opens on Cancel: Enter, Enter deletes nothing', async () => {
  await tab.goto(`${bed.url}/console#/surveys/${surveyId}/results`)
  await tab.locator('#survey-title').waitFor()
  await tab.getByRole('button', { name: 'Delete', exact: true }).focus()
  await tab.keyboard.press('Enter')
  await tab.locator('dialog[open]').waitFor()
  assert.is(await focused(tab), 'button:Cancel')
  await tab.keyboard.press('Enter')
  await waitFor('the dialog to close', async () => (await tab.locator('dialog[open]').count()) === 0)
  assert.is((await bed.call('GET', `/api/v1/management/surveys/${surveyId}`, { key: bed.keyA })).status, 200)
})

test("a viewer's editor is read-only", async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  await signIn(bed.url, context, VIEWER)
  const viewer = await context.newPage()
  await viewer.goto(`${bed.url}/console#/surveys/${surveyId}/edit`)
  await editorLoaded(viewer)
  const state = await viewer.evaluate(() => {
    const editor = document.querySelector('canvass-survey-editor') as HTMLElement & { readOnly?: boolean }
    const root = editor.shadowRoot as ShadowRoot
    return {
      readOnly: editor.readOnly,
      save: [...root.querySelectorAll('button')].filter((button) => /^(Save|Add question|Undo)$/.test(button.textContent ?? '')).length,
      editable: [...root.querySelectorAll('input, textarea, select')].filter(
        (control) => !(control as HTMLInputElement).readOnly && !(control as HTMLInputElement).disabled,
      ).length,
    }
  })
  assert.equal(state, { readOnly: true, save: 0, editable: 0 })
  await context.close()
})

test.run()
