/**
 * `<canvass-survey-editor>` in headless Chromium against a real Canvass (the test bed on PGlite or Postgres),
 * served over loopback HTTP from this process: the bed's handler is wrapped to serve a host page, and Canvass
 * serves the built `dist/editor.js` at `/js/editor.js` (`createCanvass({ editor })`), from the same origin.
 *
 * Keyboard only: Tab to "Add question", Enter, type a headline, Shift+Tab back to "Save", Enter; the survey read
 * back through the API has the new question after the first, and everything else it had. A save after someone
 * else's is a conflict that keeps the user's work; "Keep mine and overwrite" saves it. axe-core finds no serious
 * or critical violation. The page's aggressive styles do not reach into the editor.
 */
import { readFile } from 'node:fs/promises'
import { createSurvey, createTestCanvass, skipSuiteUnless, waitFor } from '@canvass/test-bed'
import type { TestCanvass } from '@canvass/test-bed'
import { axeViolations, chromiumMissing, launchChromium, releaseChromium } from '@canvass/test-bed/chromium'
import type { Browser, Page } from 'playwright-core'
import { suite } from 'uvu'
import { ELEMENT_TYPES, newElement } from '../src/elements/types'
import * as assert from 'uvu/assert'

const bundle = readFile(new URL('../dist/editor.js', import.meta.url), 'utf8')

const PAGE = (surveyId: string, token: string) => `<!doctype html><html lang="en"><meta charset="utf-8"><title>Host app</title>
<style>
  * { font-family: serif !important; }
  button, input, label { color: rgb(255, 0, 0) !important; font-size: 40px !important; background: rgb(0, 255, 0) !important; }
</style>
<main>
<h1>Host app</h1>
<canvass-survey-editor id="editor" survey-id="${surveyId}" token="${token}"></canvass-survey-editor>
</main>
<script type="module">
  window.events = []
  const editor = document.getElementById('editor')
  for (const name of ['canvass-load', 'canvass-change', 'canvass-saved', 'canvass-error'])
    document.addEventListener(name, (event) => window.events.push([name, event.detail]))
  editor.setAttribute('api', location.origin)
  await import('/js/editor.js')
</script>
</html>`

const test = skipSuiteUnless(suite('the survey editor in Chromium: keyboard only, saved through the v3 API'), chromiumMissing())
let bed: TestCanvass & { url: string }
let browser: Browser
let survey: Record<string, any>

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
  survey = await createSurvey(bed, {
    questions: [{ id: 'q1', type: 'openText', inputType: 'text', headline: { default: 'Anything to add?' }, required: true }],
  })
})
test.after(async () => {
  if (browser) await releaseChromium()
  await bed?.close()
})

/** The accessible text of what has the focus inside the editor's shadow root. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const active = document.getElementById('editor')?.shadowRoot?.activeElement as HTMLElement | null
    if (!active) return ''
    const label = active.id
      ? active.getRootNode() instanceof ShadowRoot && (active.getRootNode() as ShadowRoot).querySelector(`label[for="${active.id}"]`)
      : null
    // A type picker's option is named by its type's name (its description is not part of it).
    if (active.getAttribute('role') === 'option') return active.querySelector('.cse-picker-name')?.textContent ?? ''
    return (active.getAttribute('aria-label') ?? (label ? label.textContent : null) ?? active.textContent ?? '').trim()
  })

async function tabTo(page: Page, name: string, key: 'Tab' | 'Shift+Tab' = 'Tab') {
  for (let presses = 0; presses < 60; presses++) {
    if ((await focused(page)) === name) return
    await page.keyboard.press(key)
  }
  assert.unreachable(`"${name}" was not reached by ${key}; the focus is on "${await focused(page)}"`)
}

const waitForFocus = (page: Page, name: string) =>
  waitFor(`the focus on "${name}"`, async () => (await focused(page)) === name, { timeoutMs: 5000, everyMs: 20 })

const v3Survey = async (id: string) => {
  const res = await bed.call('GET', `/api/v3/surveys/${id}`, { headers: { authorization: `Bearer ${bed.keyA}` } })
  assert.is(res.status, 200, res.text)
  return res.body.data
}
const events = (page: Page, name: string) =>
  page.evaluate((n) => (globalThis as any).events.filter((e: [string]) => e[0] === n).length as number, name)

/** A new page with the test survey loaded and its blocks replaced by `blocks` (data, handed to the page as it is). */
async function editorWithBlocks(blocks: unknown[]) {
  const context = await browser.newContext()
  const page = await context.newPage()
  await page.goto(`${bed.url}/editor-test/?survey=${survey.id}`)
  await page.waitForFunction(() => (globalThis as any).events.some((e: [string]) => e[0] === 'canvass-load'))
  await page.evaluate((replaced) => {
    const editor = document.getElementById('editor') as any
    editor.survey = { ...editor.survey, blocks: replaced }
  }, blocks)
  return { context, page }
}

test('Add question by keyboard, a headline typed, Save: the survey read back has it, and what it had', async () => {
  const before = await v3Survey(survey.id)
  const context = await browser.newContext()
  const page = await context.newPage()
  const outside: string[] = []
  page.on('request', (request) => {
    if (!request.url().startsWith(bed.url)) outside.push(request.url())
  })
  await page.goto(`${bed.url}/editor-test/?survey=${survey.id}`)
  await page.waitForFunction(() => (globalThis as any).events.some((e: [string]) => e[0] === 'canvass-load'))

  // The host page's styles do not reach into the editor.
  const style = await page.evaluate(() => {
    const button = document.getElementById('editor')?.shadowRoot?.querySelector('button') as HTMLElement
    const computed = getComputedStyle(button)
    return { color: computed.color, size: computed.fontSize, font: computed.fontFamily }
  })
  assert.is.not(style.color, 'rgb(255, 0, 0)')
  assert.is.not(style.size, '40px')
  assert.is.not(style.font, 'serif')

  await page.keyboard.press('Tab')
  await tabTo(page, 'Add question')
  await page.keyboard.press('Enter')
  // The type picker opens on the first type, a free text: Enter chooses it, and the focus moves into the new
  // question's headline (after the render that made it).
  await waitForFocus(page, 'Free text')
  await page.keyboard.press('Enter')
  await waitForFocus(page, 'Headline')
  await page.keyboard.type('How did you find us?')
  await tabTo(page, 'Save', 'Shift+Tab')
  await page.keyboard.press('Enter')
  await page.waitForFunction(() => (globalThis as any).events.some((e: [string]) => e[0] === 'canvass-saved'), null, { timeout: 15_000 })

  const after = await v3Survey(survey.id)
  const elements = after.blocks.flatMap((block: any) => block.elements)
  assert.is(elements.length, 2)
  assert.equal(elements[0], before.blocks[0].elements[0], 'the first question is unchanged')
  assert.is(elements[1].type, 'openText')
  assert.equal(elements[1].headline, { 'en-US': 'How did you find us?' })
  for (const field of ['name', 'status', 'welcomeCard', 'endings', 'hiddenFields', 'variables', 'metadata', 'languages'])
    assert.equal(after[field], before[field], `${field} is unchanged`)

  const violations = await axeViolations(page)
  assert.equal(violations, [], violations.join('\n'))
  assert.equal(outside, [], 'no request left the Canvass origin')
  await context.close()
})

test('a save after someone else saved is a conflict that keeps the work; "Keep mine and overwrite" saves it', async () => {
  const context = await browser.newContext()
  const page = await context.newPage()
  await page.goto(`${bed.url}/editor-test/?survey=${survey.id}`)
  await page.waitForFunction(() => (globalThis as any).events.some((e: [string]) => e[0] === 'canvass-load'))
  // Someone else renames the survey.
  const theirs = await v3Survey(survey.id)
  const patched = await bed.call('PATCH', `/api/v3/surveys/${survey.id}`, {
    headers: { authorization: `Bearer ${bed.keyA}` },
    body: { name: 'Their name', updatedAt: theirs.updatedAt },
  })
  assert.is(patched.status, 200, patched.text)

  await page.keyboard.press('Tab')
  await tabTo(page, 'Survey name')
  await page.keyboard.press('Control+A')
  await page.keyboard.type('My name')
  await tabTo(page, 'Save')
  await page.keyboard.press('Enter')
  await page.waitForFunction(() => (globalThis as any).events.some((e: [string, any]) => e[0] === 'canvass-error' && e[1].status === 409))
  assert.is((await v3Survey(survey.id)).name, 'Their name')
  const kept = await page.evaluate(() => (document.getElementById('editor') as any).survey.name)
  assert.is(kept, 'My name', "the user's work is kept")

  await tabTo(page, 'Keep mine and overwrite')
  await page.keyboard.press('Enter')
  await page.waitForFunction(() => (globalThis as any).events.some((e: [string]) => e[0] === 'canvass-saved'))
  assert.is((await v3Survey(survey.id)).name, 'My name')
  assert.is(await events(page, 'canvass-saved'), 1)
  await context.close()
})

test('a load and a save without a change sends back exactly what GET gave', async () => {
  const given = await v3Survey(survey.id)
  const context = await browser.newContext()
  const page = await context.newPage()
  const patches: unknown[] = []
  page.on('request', (request) => {
    if (request.method() === 'PATCH') patches.push(request.postDataJSON())
  })
  await page.goto(`${bed.url}/editor-test/?survey=${survey.id}`)
  await page.waitForFunction(() => (globalThis as any).events.some((e: [string]) => e[0] === 'canvass-load'))
  assert.ok(await page.evaluate(() => (document.getElementById('editor') as any).save()))
  assert.equal(patches, [given])
  await context.close()
})

test('texts side by side per language with missing translations flagged; a problem at its field refuses the save', async () => {
  const context = await browser.newContext()
  const page = await context.newPage()
  await page.goto(`${bed.url}/editor-test/?survey=${survey.id}`)
  await page.waitForFunction(() => (globalThis as any).events.some((e: [string]) => e[0] === 'canvass-load'))
  const shadow = (selector: string) =>
    page.evaluate(
      (s) => [...(document.getElementById('editor')?.shadowRoot?.querySelectorAll(s) ?? [])].map((n) => n.textContent),
      selector,
    )
  // The host sets a document with a second language (the `survey` property): each text gets a German input.
  await page.evaluate(() => {
    const editor = document.getElementById('editor') as any
    const doc = editor.survey
    doc.languages = [...doc.languages, { code: 'de-DE', alias: null, default: false, enabled: true }]
    doc.blocks[0].elements[0].headline['de-DE'] = 'Noch etwas?'
    editor.survey = doc
  })
  const labels = await shadow('label')
  assert.ok(labels.includes('Headline (de-DE)'), labels.join(' | '))
  assert.ok(labels.includes('Description (de-DE)'))
  // The second question (added by the first test) has no German headline: its card, opened, flags it.
  await page.locator('canvass-survey-editor .cse-card-toggle').nth(1).click()
  const missing = await shadow('.cse-missing')
  assert.ok(missing.length > 0 && missing.every((text) => text === 'Missing translation'), missing.join(' | '))
  await page.locator('canvass-survey-editor .cse-card-toggle').nth(0).click()

  // A reserved question id: the server's problem is shown at the id field, and save() is refused with it. The id
  // is under the open card's "Advanced".
  await page.keyboard.press('Tab')
  await tabTo(page, 'Advanced: Question 1: Anything to add?')
  await page.keyboard.press('Enter')
  await tabTo(page, 'Question id')
  await page.keyboard.press('Control+A')
  await page.keyboard.type('userId')
  await page.waitForFunction(() =>
    [...(document.getElementById('editor')?.shadowRoot?.querySelectorAll('.cse-field-problems') ?? [])].some(
      (list) => list.id === 'f-blocks.0.elements.0.id-problems',
    ),
  )
  assert.not.ok(await page.evaluate(() => (document.getElementById('editor') as any).save()))
  const error = await page.evaluate(() => (globalThis as any).events.filter((e: [string]) => e[0] === 'canvass-error').at(-1)[1])
  assert.ok(
    error.problems.some((problem: { path: string }) => problem.path === 'blocks.0.elements.0.id'),
    JSON.stringify(error),
  )
  // Undo by keyboard takes the id back; the problem goes with it.
  await page.keyboard.press('Control+Z')
  assert.is(await page.evaluate(() => (document.getElementById('editor') as any).survey.blocks[0].elements[0].id), 'q1')
  await context.close()
})

test('Move down by keyboard: the question moves and the focus follows it', async () => {
  const context = await browser.newContext()
  const page = await context.newPage()
  await page.goto(`${bed.url}/editor-test/?survey=${survey.id}`)
  await page.waitForFunction(() => (globalThis as any).events.some((e: [string]) => e[0] === 'canvass-load'))
  const ids = () => page.evaluate(() => (document.getElementById('editor') as any).survey.blocks[0].elements.map((e: any) => e.id))
  const before = await ids()
  assert.is(before.length, 2, 'the first test added a question')
  await page.keyboard.press('Tab')
  await tabTo(page, `Move down: Question 1: ${'Anything to add?'}`)
  await page.keyboard.press('Enter')
  assert.equal(await ids(), [before[1], before[0]])
  // Now last, its Move down is disabled: the focus is on its Move up.
  await waitForFocus(page, 'Move up: Question 2: Anything to add?')
  await context.close()
})

test('Preview: the survey drawn by the real renderer in the editor, at phone width, storing nothing', async () => {
  const context = await browser.newContext()
  const page = await context.newPage()
  await page.goto(`${bed.url}/editor-test/?survey=${survey.id}`)
  await page.waitForFunction(() => (globalThis as any).events.some((e: [string]) => e[0] === 'canvass-load'))
  const writes: string[] = []
  page.on('request', (request) => {
    if (request.method() !== 'GET' && !/\/api\/v3\/surveys\/(preview|validate)$/.test(request.url())) writes.push(request.url())
  })
  await page.keyboard.press('Tab')
  await tabTo(page, 'Preview')
  await page.keyboard.press('Enter')
  await page.waitForFunction(
    () => {
      const frame = document.getElementById('editor')?.shadowRoot?.querySelector('.cse-preview-frame')
      return frame?.shadowRoot?.textContent?.includes('Anything to add?') ?? false
    },
    null,
    { timeout: 15_000 },
  )
  const width = await page.evaluate(
    () => (document.getElementById('editor')?.shadowRoot?.querySelector('.cse-preview-frame') as HTMLElement).getBoundingClientRect().width,
  )
  assert.is(width, 375)
  assert.equal(writes, [], 'the preview stores nothing')
  await context.close()
})

test('lang="de": the editor speaks German', async () => {
  const context = await browser.newContext()
  const page = await context.newPage()
  await page.goto(`${bed.url}/editor-test/?survey=${survey.id}`)
  await page.waitForFunction(() => (globalThis as any).events.some((e: [string]) => e[0] === 'canvass-load'))
  await page.evaluate(() => document.getElementById('editor')?.setAttribute('lang', 'de'))
  const buttons = await page.evaluate(() =>
    [...(document.getElementById('editor')?.shadowRoot?.querySelectorAll('button') ?? [])].map((button) => button.textContent),
  )
  for (const name of ['Frage hinzufügen', 'Block hinzufügen', 'Speichern', 'Vorschau']) assert.ok(buttons.includes(name), name)
  await context.close()
})

test('the logic panels: undo and redo through them, their problems refuse a save, their texts follow lang', async () => {
  const context = await browser.newContext()
  const page = await context.newPage()
  await page.goto(`${bed.url}/editor-test/?survey=${survey.id}`)
  await page.waitForFunction(() => (globalThis as any).events.some((e: [string]) => e[0] === 'canvass-load'))
  const variables = () => page.evaluate(() => (document.getElementById('editor') as any).survey.variables.length as number)
  const before = await variables()
  await page.keyboard.press('Tab')
  await tabTo(page, 'Add variable')
  await page.keyboard.press('Enter')
  assert.is(await variables(), before + 1)
  await waitFor('the focus in the new variable', () =>
    page.evaluate(() =>
      (document.getElementById('editor')?.shadowRoot?.activeElement as HTMLInputElement | null)?.value.startsWith('variable_'),
    ),
  )
  await page.keyboard.press('Control+Z')
  assert.is(await variables(), before, 'undone')
  // The focused name field went with the variable: the focus is on Redo (nothing is left to undo), in reach of
  // the shortcuts.
  await waitForFocus(page, 'Redo')
  await page.keyboard.press('Control+Shift+Z')
  assert.is(await variables(), before + 1, 'redone')

  // A jump to nowhere: the server would keep it, so the editor lists it with the server's problems and refuses.
  await page.evaluate(() => {
    const editor = document.getElementById('editor') as any
    const doc = editor.survey
    doc.blocks[0].logic = [
      {
        id: 'rule-1',
        conditions: {
          id: 'group-1',
          connector: 'and',
          conditions: [{ id: 'c', leftOperand: { type: 'element', value: doc.blocks[0].elements[0].id }, operator: 'isSubmitted' }],
        },
        actions: [{ id: 'a', objective: 'jumpToBlock', target: '' }],
      },
    ]
    editor.survey = doc
  })
  assert.not.ok(await page.evaluate(() => (document.getElementById('editor') as any).save()))
  const error = await page.evaluate(() => (globalThis as any).events.filter((e: [string]) => e[0] === 'canvass-error').at(-1)[1])
  assert.equal(error.problems, [{ path: 'blocks.0.logic.0.actions.0.target', message: 'Choose where to go: a later block or an ending.' }])
  const listed = await page.evaluate(() =>
    [...(document.getElementById('editor')?.shadowRoot?.querySelectorAll('.cse-problems li') ?? [])].map((li) => li.textContent),
  )
  assert.ok(
    listed.some((text) => text?.includes('Choose where to go')),
    listed.join(' | '),
  )

  const buttons = () =>
    page.evaluate(() => [...(document.getElementById('editor')?.shadowRoot?.querySelectorAll('button') ?? [])].map((b) => b.textContent))
  await page.evaluate(() => document.getElementById('editor')?.setAttribute('lang', 'de'))
  assert.ok((await buttons()).includes('Variable hinzufügen'))
  // A language the host adds has no logic texts: they are English.
  await page.evaluate(async () => {
    const { addEditorLanguage } = await import('/js/editor.js' as string)
    addEditorLanguage('fr', { save: 'Enregistrer' })
    document.getElementById('editor')?.setAttribute('lang', 'fr')
  })
  const french = await buttons()
  assert.ok(french.includes('Enregistrer') && french.includes('Add variable'), french.join(' | '))
  await context.close()
})

test('a survey of every element type in two languages: no serious or critical axe violation', async () => {
  const context = await browser.newContext()
  const page = await context.newPage()
  await page.goto(`${bed.url}/editor-test/?survey=${survey.id}`)
  await page.waitForFunction(() => (globalThis as any).events.some((e: [string]) => e[0] === 'canvass-load'))
  const elements = ELEMENT_TYPES.map((type, index) => ({
    ...newElement(type, `question-${index + 1}`, 'en-US'),
    headline: { 'en-US': `A ${type}`, ...(index % 2 ? { 'de-DE': `Ein ${type}` } : {}) },
  }))
  await page.evaluate((list) => {
    const editor = document.getElementById('editor') as any
    const doc = editor.survey
    doc.languages = [...doc.languages, { code: 'de-DE', alias: null, default: false, enabled: true }]
    doc.welcomeCard = { enabled: true, headline: { 'en-US': 'Welcome' } }
    doc.blocks = [{ id: 'block-1', name: 'Everything', elements: list }]
    doc.endings = [...doc.endings, { id: 'away', type: 'redirectToUrl', url: 'https://example.com', label: 'Away' }]
    editor.survey = doc
  }, elements)
  const headings = await page.evaluate(() => document.getElementById('editor')?.shadowRoot?.querySelectorAll('.cse-element').length)
  assert.is(headings, 17)
  const violations = await axeViolations(page)
  assert.equal(violations, [], violations.join('\n'))
  await context.close()
})

test('dragging a question by its handle onto another moves it', async () => {
  // Tall enough for both questions to be on screen: a drag does not scroll.
  const context = await browser.newContext({ viewport: { width: 1280, height: 3000 } })
  const page = await context.newPage()
  await page.goto(`${bed.url}/editor-test/?survey=${survey.id}`)
  await page.waitForFunction(() => (globalThis as any).events.some((e: [string]) => e[0] === 'canvass-load'))
  const ids = () => page.evaluate(() => (document.getElementById('editor') as any).survey.blocks[0].elements.map((e: any) => e.id))
  const before = await ids()
  await page
    .locator('canvass-survey-editor .cse-element .cse-handle')
    .nth(0)
    .dragTo(page.locator('canvass-survey-editor .cse-element').nth(1))
  assert.equal(await ids(), [before[1], before[0]])
  await context.close()
})

test('after a delete the focus goes to the item before: a block to its name, a question to its headline', async () => {
  const { context, page } = await editorWithBlocks([
    { id: 'one', name: 'One', elements: ['a', 'b'].map((id) => ({ id, type: 'openText', headline: { 'en-US': id.toUpperCase() } })) },
    { id: 'two', name: 'Two', elements: [{ id: 'c', type: 'openText', headline: { 'en-US': 'C' } }] },
  ])
  await page.keyboard.press('Tab')
  await tabTo(page, 'Delete block: Block 2: Two')
  await page.keyboard.press('Enter')
  await waitForFocus(page, 'Block name')
  assert.is(await page.evaluate(() => (document.getElementById('editor')?.shadowRoot?.activeElement as HTMLInputElement).value), 'One')
  await tabTo(page, 'Delete question: Question 2: B')
  await page.keyboard.press('Enter')
  await waitForFocus(page, 'Headline')
  assert.is(await page.evaluate(() => (document.getElementById('editor')?.shadowRoot?.activeElement as HTMLInputElement).value), 'A')
  assert.equal(
    await page.evaluate(() => (document.getElementById('editor') as any).survey.blocks.map((b: any) => b.elements.map((e: any) => e.id))),
    [['a']],
  )
  await context.close()
})

test('a block moved down by keyboard keeps the focus; a question type changed by keyboard keeps the id and headline', async () => {
  const { context, page } = await editorWithBlocks([
    { id: 'one', name: 'One', elements: [{ id: 'a', type: 'openText', headline: { 'en-US': 'A' } }] },
    { id: 'two', name: 'Two', elements: [{ id: 'b', type: 'openText', headline: { 'en-US': 'B' } }] },
  ])
  const current = () => page.evaluate(() => (document.getElementById('editor') as any).survey)
  await page.keyboard.press('Tab')
  await tabTo(page, 'Move down: Block 1: One')
  await page.keyboard.press('Enter')
  assert.equal(
    (await current()).blocks.map((b: any) => b.id),
    ['two', 'one'],
  )
  await waitForFocus(page, 'Move up: Block 2: One')

  // The open card followed its question (A) to the second block: the next "Question type" is its. In the type
  // picker a type's first letter picks it, as in any list box.
  await tabTo(page, 'Question type')
  await page.keyboard.press('Enter')
  await waitForFocus(page, 'Free text')
  await page.keyboard.press('s')
  await waitForFocus(page, 'Single choice')
  await page.keyboard.press('Enter')
  await waitFor('the type changed', async () => (await current()).blocks[1].elements[0].type !== 'openText', { timeoutMs: 3000 })
  const element = (await current()).blocks[1].elements[0]
  assert.is(element.type, 'multipleChoiceSingle')
  assert.is(element.id, 'a')
  assert.equal(element.headline, { 'en-US': 'A' })
  assert.ok(element.choices.length >= 1)
  await waitForFocus(page, 'Question type')
  await context.close()
})

test('a question type changed and the focus moved on at once: the focus stays where it went, and typing lands there', async () => {
  const { context, page } = await editorWithBlocks([
    { id: 'one', name: 'One', elements: [{ id: 'a', type: 'openText', headline: { 'en-US': 'A' } }] },
  ])
  await page.keyboard.press('Tab')
  await tabTo(page, 'Question type')
  await page.keyboard.press('Enter')
  await waitForFocus(page, 'Free text')
  // The choice, and the focus moved to the headline once the picker has closed: before the editor's effects run
  // after paint.
  const headline = await page.evaluate(async () => {
    const root = document.getElementById('editor')!.shadowRoot!
    ;(root.getElementById('cse-picker-rating') as HTMLElement).click()
    for (let i = 0; i < 20 && root.querySelector('dialog'); i++) await Promise.resolve()
    const input = root.getElementById('f-blocks.0.elements.0.headline') as HTMLInputElement
    input.focus()
    input.setSelectionRange(input.value.length, input.value.length)
    return root.activeElement === input ? input.id : 'not focused'
  })
  // Two frames and the effects' fallback timer later, the focus is still on the headline.
  await page.waitForTimeout(250)
  assert.is(await page.evaluate(() => document.getElementById('editor')!.shadowRoot!.activeElement?.id), headline)
  await page.keyboard.type(' and more')
  const element = (await page.evaluate(() => (document.getElementById('editor') as any).survey)).blocks[0].elements[0]
  assert.is(element.type, 'rating')
  assert.equal(element.headline, { 'en-US': 'A and more' })
  await context.close()
})

test('an undo while the render before it still has its effects to run: the focus lands on Redo', async () => {
  const context = await browser.newContext()
  const page = await context.newPage()
  await page.goto(`${bed.url}/editor-test/?survey=${survey.id}`)
  await page.waitForFunction(() => (globalThis as any).events.some((e: [string]) => e[0] === 'canvass-load'))
  // Add variable, then Control+Z once the add has rendered (its new name field has the focus) and before the
  // editor's effects of that render, which run after paint, have: on a busy machine a person's undo can come as
  // soon. The render of the undo runs them first.
  const seen = await page.evaluate(async () => {
    const editor = document.getElementById('editor') as any
    const root = editor.shadowRoot as ShadowRoot
    const add = [...root.querySelectorAll('button')].find((button) => button.textContent === 'Add variable') as HTMLButtonElement
    const before = editor.survey.variables.length
    add.focus()
    add.click()
    for (let i = 0; i < 20; i++) await Promise.resolve()
    const focusedNew = (root.activeElement as HTMLInputElement | null)?.value?.startsWith('variable_') === true
    const added = editor.survey.variables.length
    add.dispatchEvent(new KeyboardEvent('keydown', { key: 'z', ctrlKey: true, bubbles: true, composed: true, cancelable: true }))
    return { before, added, focusedNew }
  })
  assert.is(seen.added, seen.before + 1, 'added')
  assert.ok(seen.focusedNew, 'the new name field had the focus before the undo')
  assert.is(await page.evaluate(() => (document.getElementById('editor') as any).survey.variables.length), seen.before, 'undone')
  await waitForFocus(page, 'Redo')
  await context.close()
})

test.run()
