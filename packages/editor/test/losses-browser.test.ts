/**
 * What the editor must never lose, in headless Chromium against a real Canvass, keyboard first, in one page:
 * a status changed elsewhere survives a save of other work; every status offered saves; a list of file
 * extensions is typed as tokens; Ctrl+S in a logic rule's value keeps the value; a problem reads in plain words
 * at its field; `dirty` says what is unsaved; `readonly` shows the survey without a way to change it.
 */
import { readFile } from 'node:fs/promises'
import { createSurvey, createTestCanvass, skipSuiteUnless, waitFor } from '@canvass/test-bed'
import type { TestCanvass } from '@canvass/test-bed'
import { chromiumMissing, launchChromium, releaseChromium } from '@canvass/test-bed/chromium'
import type { Browser, Page } from 'playwright-core'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'

const bundle = readFile(new URL('../dist/editor.js', import.meta.url), 'utf8')

const PAGE = (surveyId: string, token: string) => `<!doctype html><html lang="en"><meta charset="utf-8"><title>Host app</title>
<main><h1>Host app</h1>
<canvass-survey-editor id="editor" survey-id="${surveyId}" token="${token}"></canvass-survey-editor></main>
<script type="module">
  window.events = []
  for (const name of ['canvass-load', 'canvass-saved', 'canvass-error'])
    document.addEventListener(name, (event) => window.events.push([name, event.detail]))
  document.getElementById('editor').setAttribute('api', location.origin)
  await import('/js/editor.js')
</script>
</html>`

const test = skipSuiteUnless(suite('the editor loses nothing'), chromiumMissing())
let bed: TestCanvass & { url: string }
let browser: Browser
let page: Page
let surveyId: string

const auth = () => ({ authorization: `Bearer ${bed.keyA}` })
const v3Survey = async (id: string) => {
  const res = await bed.call('GET', `/api/v3/surveys/${id}`, { headers: auth() })
  assert.is(res.status, 200, res.text)
  return res.body.data
}
const count = (name: string) => page.evaluate((n) => (globalThis as any).events.filter((e: [string]) => e[0] === n).length as number, name)
/** Runs `step` and waits for the editor event `name` it causes. */
async function expectEvent(name: string, step: () => Promise<unknown>) {
  const before = await count(name)
  await step()
  await waitFor(`the ${name} event`, async () => (await count(name)) > before, { timeoutMs: 8000, everyMs: 25 })
}
const editorProp = (name: string) => page.evaluate((n) => (document.getElementById('editor') as any)[n], name)
const setDoc = (change: Record<string, unknown>) =>
  page.evaluate((c) => {
    const editor = document.getElementById('editor') as any
    editor.survey = { ...editor.survey, ...c }
  }, change)
/** The editor's save through Ctrl+S, from wherever the focus is inside it. */
const save = (name = 'canvass-saved') => expectEvent(name, () => page.keyboard.press('Control+S'))

/**
 * Focuses the control labelled `label` inside the editor. A question's fields are drawn only while its card is
 * open: `card` names the card's header, pressed first when the control is not there. A control folded in a closed
 * disclosure ("Advanced", a block's "Logic and settings") has its disclosures opened first.
 */
async function focusField(label: string | RegExp, { nth = 0, card }: { nth?: number; card?: RegExp } = {}) {
  const control = page.getByLabel(label, { exact: typeof label === 'string' }).nth(nth)
  if (card && (await control.count()) === 0) await page.getByRole('button', { name: card }).first().click()
  await control.waitFor({ state: 'attached' })
  if (!(await control.isVisible())) {
    await control.evaluate((element) => {
      for (let node: Element | null = element.parentElement; node; node = node.parentElement) {
        if (node instanceof HTMLDetailsElement && !node.open) node.open = true
      }
    })
    await control.waitFor({ state: 'visible' })
  }
  await control.focus()
  return control
}

test.before(async () => {
  browser = await launchChromium()
  const created = await createTestCanvass({
    editor: await bundle,
    wrap: (canvass) => async (request, info) => {
      const url = new URL(request.url)
      if (url.pathname === '/editor-test/')
        return new Response(PAGE(url.searchParams.get('survey') ?? '', bed.keyA), {
          headers: { 'content-type': 'text/html; charset=utf-8' },
        })
      return canvass.fetch(request, info)
    },
  })
  bed = Object.assign(created, { url: await created.listen() })
  const survey = await createSurvey(bed, {
    questions: [
      { id: 'score', type: 'openText', inputType: 'number', headline: { default: 'How many?' }, required: true },
      { id: 'files', type: 'fileUpload', headline: { default: 'Your files' }, required: false, allowMultipleFiles: true },
    ],
  })
  surveyId = survey.id
  page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage()
  await page.goto(`${bed.url}/editor-test/?survey=${surveyId}`)
  await page.waitForFunction(() => (globalThis as any).events.some((e: [string]) => e[0] === 'canvass-load'))
})
test.after(async () => {
  await page?.context().close()
  if (browser) await releaseChromium()
  await bed?.close()
})

test('a status changed elsewhere survives a save of other work, with no conflict; dirty says what is unsaved', async () => {
  const theirs = await v3Survey(surveyId)
  const published = await bed.call('PATCH', `/api/v3/surveys/${surveyId}`, {
    headers: auth(),
    body: { status: 'inProgress', updatedAt: theirs.updatedAt },
  })
  assert.is(published.status, 200, published.text)
  await focusField('Survey name')
  await page.keyboard.press('Control+A')
  await page.keyboard.type('Renamed here')
  const dirty = await editorProp('dirty')
  await save()
  const saved = await v3Survey(surveyId)
  assert.is(saved.name, 'Renamed here')
  assert.is(saved.status, 'inProgress', 'the status set elsewhere is kept')
  assert.is((await editorProp('survey')).status, 'inProgress', 'the editor shows the status set elsewhere')
  assert.is(await page.getByText('Someone else saved').count(), 0, 'no conflict')
  assert.is(dirty, true, 'dirty while a change is unsaved')
  assert.is(await editorProp('dirty'), false, 'not dirty once saved')
})

test('every status the editor offers saves', async () => {
  const status = await focusField('Status')
  const offered = await status.evaluate((select) => [...(select as HTMLSelectElement).options].map((option) => option.value))
  for (const value of offered) {
    await status.selectOption(value)
    await status.focus()
    await save()
    assert.is((await v3Survey(surveyId)).status, value)
  }
  assert.ok(offered.includes('paused') && offered.includes('inProgress'))
})

test('a survey scheduled through the management API stays scheduled when it is edited and saved', async () => {
  // The v3 routes take no `scheduled`: the editor does not offer it, and a save of other work leaves it as it is.
  const scheduled = await bed.call('PUT', `/api/v1/management/surveys/${surveyId}`, {
    key: bed.keyA,
    body: { status: 'scheduled', runOnDate: '2030-01-01T00:00:00.000Z' },
  })
  assert.is(scheduled.status, 200, scheduled.text)
  await focusField('Survey name')
  await page.keyboard.press('Control+A')
  await page.keyboard.type('Starts in 2030')
  await save()
  const saved = await v3Survey(surveyId)
  assert.is(saved.name, 'Starts in 2030')
  assert.is(saved.status, 'scheduled', 'the status set elsewhere is kept')
  const stored = await bed.call('GET', `/api/v1/management/surveys/${surveyId}`, { key: bed.keyA })
  assert.is(stored.body.data.runOnDate, '2030-01-01T00:00:00.000Z', 'and its start date')
  assert.is(await page.getByText('Someone else saved').count(), 0, 'no conflict')
})

test('file extensions are typed as tokens: comma or Enter adds one, Backspace removes the last', async () => {
  await focusField(/^Allowed extensions/, { card: /\(File upload\)$/ })
  await page.keyboard.type('png, jpg,')
  await page.keyboard.type('.PDF')
  await page.keyboard.press('Enter')
  assert.equal((await editorProp('survey')).blocks[1].elements[0].allowedFileExtensions, ['png', 'jpg', 'pdf'])
  await page.keyboard.press('Backspace')
  assert.equal((await editorProp('survey')).blocks[1].elements[0].allowedFileExtensions, ['png', 'jpg'])
  // Each token has its own remove button, reached by the keyboard.
  await page.getByRole('button', { name: 'Remove jpg' }).focus()
  await page.keyboard.press('Enter')
  assert.equal((await editorProp('survey')).blocks[1].elements[0].allowedFileExtensions, ['png'])
  await save()
  assert.equal((await v3Survey(surveyId)).blocks[1].elements[0].allowedFileExtensions, ['png'])
})

test('a problem reads in plain words at its field, never schema text or a path', async () => {
  const size = await focusField(/^Largest file/, { card: /\(File upload\)$/ })
  await size.fill('-3')
  const problems = page.getByText('Largest file must be 0 MB or more')
  await waitFor('the plain problem at its field', async () => (await problems.count()) > 0, { timeoutMs: 8000, everyMs: 50 })
  const text = await page.evaluate(
    () => (document.getElementById('editor')?.shadowRoot?.querySelector('.cse-root') as HTMLElement).innerText,
  )
  assert.not.match(text, /Expected|received|maxSizeInMB|blocks ›|elements ›/)
  await size.fill('10')
  await waitFor('the problem to go', async () => (await problems.count()) === 0, { timeoutMs: 8000, everyMs: 50 })
})

test("Ctrl+S in a logic rule's value saves the typed value; its problems name places in words", async () => {
  const block = (await editorProp('survey')).blocks[0]
  await setDoc({
    blocks: [
      {
        ...block,
        logic: [
          {
            id: 'rule1',
            conditions: {
              id: 'group',
              connector: 'and',
              conditions: [{ id: 'c1', leftOperand: { type: 'element', value: 'score' }, operator: 'isGreaterThan' }],
            },
            actions: [{ id: 'a1', objective: 'jumpToBlock', target: (await editorProp('survey')).blocks[1].id }],
          },
        ],
      },
      ...(await editorProp('survey')).blocks.slice(1),
    ],
  })
  // Before a value is typed, the rule's problem names its place in words.
  const listed = await page.evaluate(
    () => (document.getElementById('editor')?.shadowRoot?.querySelector('.cse-problems') as HTMLElement)?.innerText ?? '',
  )
  const value = await focusField('Value')
  await page.keyboard.type('5')
  await save()
  assert.is(await value.inputValue(), '5', 'the typed value stays in its field')
  const rule = (await v3Survey(surveyId)).blocks[0].logic[0]
  assert.equal(rule.conditions.conditions[0].rightOperand, { type: 'static', value: 5 })
  assert.match(listed, 'Rule 1')
  assert.not.match(listed, /conditions|rightOperand|logic ›/)
})

test('readonly: the survey is shown with no way to change or save it', async () => {
  await page.evaluate(() => document.getElementById('editor')?.setAttribute('readonly', ''))
  assert.is(await editorProp('readOnly'), true)
  for (const name of ['Save', 'Add question', 'Undo']) assert.is(await page.getByRole('button', { name, exact: true }).count(), 0, name)
  const name = page.getByLabel('Survey name', { exact: true })
  assert.ok(await name.evaluate((input) => (input as HTMLInputElement).readOnly || (input as HTMLInputElement).disabled))
  const editable = await page.evaluate(
    () =>
      [...(document.getElementById('editor')?.shadowRoot?.querySelectorAll('input, textarea, select') ?? [])].filter(
        (control) => !(control as HTMLInputElement).readOnly && !(control as HTMLInputElement).disabled,
      ).length,
  )
  assert.is(editable, 0, 'no control takes a change')
  const before = (await editorProp('survey')).name
  await name.focus()
  await page.keyboard.type('typed anyway')
  await page.keyboard.press('Control+Z')
  assert.is((await editorProp('survey')).name, before)
  assert.is(await name.inputValue(), before)
  await page.evaluate(() => document.getElementById('editor')?.removeAttribute('readonly'))
})

test.run()
