/**
 * The logic editors in a real Chromium, driven by the keyboard only: the survey (a rating whose low
 * score skips a block and increments a variable, a hidden field, a German language) is built by Tab, Enter,
 * arrow keys and typing, focus is checked after every add and remove, and axe checks the editors in English
 * and German. The page is set from a string (no server, no request), the editors bundled with esbuild.
 */
import { fileURLToPath } from 'node:url'
import { axeViolations, chromiumMissing, launchChromium, releaseChromium } from '@canvass/test-bed/chromium'
import { build } from 'esbuild'
import type { Browser, Page } from 'playwright-core'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { initialValues } from '../../widget/src/renderer/logic'
import { nextStep } from '../../widget/src/renderer/next-step'
import type { Flow } from '../../widget/src/renderer/next-step'

/** A page that mounts every logic editor in a shadow root, as the editor shell does, over one survey in state. */
const HARNESS = `
import { render } from 'preact'
import { useState } from 'preact/hooks'
import { BlockLogicEditor, HiddenFieldsEditor, LanguagesEditor, LOGIC_STYLES, VariablesEditor, applyLanguagesPatch, logicTexts } from '../src/logic/index'

function App() {
  const [doc, setDoc] = useState(globalThis.__initial)
  globalThis.__doc = doc
  const texts = logicTexts[globalThis.__lang]
  return (
    <main>
      <h2>Variables</h2>
      <VariablesEditor survey={doc} texts={texts} onChange={(variables) => setDoc({ ...doc, variables })} />
      <h2>Hidden fields</h2>
      <HiddenFieldsEditor survey={doc} texts={texts} onChange={(hiddenFields) => setDoc({ ...doc, hiddenFields })} />
      <h2>Languages</h2>
      <LanguagesEditor survey={doc} texts={texts} onChange={(patch) => setDoc(applyLanguagesPatch(doc, patch))} />
      {doc.blocks.map((block) => (
        <div key={block.id}>
          <h2>{block.name}</h2>
          <BlockLogicEditor survey={doc} block={block} lang="en-US" texts={texts}
            onChange={(next) => setDoc({ ...doc, blocks: doc.blocks.map((item) => (item.id === next.id ? next : item)) })} />
        </div>
      ))}
    </main>
  )
}
const host = document.createElement('div')
document.body.append(host)
const root = host.attachShadow({ mode: 'open' })
const style = document.createElement('style')
style.textContent = LOGIC_STYLES
root.append(style)
const mount = document.createElement('div')
root.append(mount)
render(<App />, mount)
`

const SURVEY = {
  name: 'Feedback',
  defaultLanguage: 'en-US',
  languages: [{ code: 'en-US', alias: null, default: true, enabled: true }],
  blocks: [
    {
      id: 'rate',
      name: 'Rating',
      elements: [{ id: 'score', type: 'rating', scale: 'number', range: 5, headline: { 'en-US': 'How do you rate us?' } }],
    },
    { id: 'praise', name: 'Praise', elements: [{ id: 'best', type: 'openText', headline: { 'en-US': 'What do you like most?' } }] },
    { id: 'improve', name: 'Improve', elements: [{ id: 'fix', type: 'openText', headline: { 'en-US': 'What should we improve?' } }] },
  ],
  endings: [{ id: 'thanks', type: 'endScreen', headline: { 'en-US': 'Thank you' } }],
  hiddenFields: { enabled: true },
  variables: [] as Array<{ id: string; name: string }>,
}

let script = ''
let browser: Browser | undefined
const skip = chromiumMissing()

async function open(lang: 'en' | 'de', survey: object = SURVEY): Promise<Page> {
  const page = await browser!.newPage()
  await page.setContent('<!doctype html><html lang="en"><head><title>Logic editors</title></head><body></body></html>')
  await page.evaluate(([initial, code]) => Object.assign(globalThis, { __initial: initial, __lang: code }), [survey, lang] as const)
  await page.addScriptTag({ content: script })
  return page
}

interface Focused {
  tag: string
  name: string
  value: string
}

/** The focused control inside the shadow root: its tag and the name its label or text gives it (page source). */
const READ_FOCUS = `() => {
  let element = document.activeElement
  while (element && element.shadowRoot && element.shadowRoot.activeElement) element = element.shadowRoot.activeElement
  const label = element && element.labels ? element.labels[0] : undefined
  // A label wraps its control: its text is its first span (the label's whole text holds a select's options too).
  const name = (element && element.getAttribute('aria-label')) ?? (label ? label.querySelector('span')?.textContent : element?.textContent) ?? ''
  return { tag: element ? element.tagName.toLowerCase() : '', name: name.trim(), value: element?.value ?? '' }
}`

function focused(page: Page): Promise<Focused> {
  return page.evaluate(`(${READ_FOCUS})()`) as Promise<Focused>
}

/**
 * Waits until the focused control is `expected` (the fields given), else fails showing what has focus: the
 * editors move focus after Preact's render, which runs after the key press that asked for it.
 */
async function focusIs(page: Page, expected: Partial<Focused>): Promise<void> {
  const pick = (actual: Focused) => Object.fromEntries(Object.keys(expected).map((key) => [key, actual[key as keyof Focused]]))
  const holds = `Object.entries(${JSON.stringify(expected)}).every(([key, value]) => (${READ_FOCUS})()[key] === value)`
  // On timeout the assertion below shows what has focus instead.
  await page.waitForFunction(holds, undefined, { timeout: 2000, polling: 'raf' }).catch(() => {})
  assert.equal(pick(await focused(page)), expected)
}

/** Presses Tab (Shift+Tab `back`) until the focused control's name starts with `name`. */
async function tabTo(page: Page, name: string, back = false): Promise<void> {
  for (let i = 0; i < 120; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab')
    if ((await focused(page)).name.startsWith(name)) return
  }
  assert.unreachable(`no control named ${name} reached by Tab`)
}

const doc = (page: Page) => page.evaluate(() => (globalThis as unknown as { __doc: typeof SURVEY & Record<string, unknown> }).__doc)

const test = suite('logic editors, keyboard only')

test.before(async () => {
  if (skip) return
  const result = await build({
    stdin: { contents: HARNESS, resolveDir: fileURLToPath(new URL('.', import.meta.url)), loader: 'tsx' },
    bundle: true,
    write: false,
    format: 'iife',
    jsx: 'automatic',
    jsxImportSource: 'preact',
    logLevel: 'silent',
  })
  script = result.outputFiles[0]!.text
  browser = await launchChromium()
})

test.after(async () => {
  if (browser) await releaseChromium()
})

test('builds the issue survey: a low rating skips a block and counts, a hidden field, German', async () => {
  if (skip) return console.log(`skipped: ${skip}`)
  const page = await open('en')
  // A variable: focus goes to the new name, which is typed over.
  await tabTo(page, 'Add variable')
  await page.keyboard.press('Enter')
  await focusIs(page, { tag: 'input', name: 'Name', value: 'variable_1' })
  await page.keyboard.press('Control+A')
  await page.keyboard.type('Low scores')
  assert.match(await page.locator('[role=alert]').first().innerText(), 'lowercase letters')
  await page.keyboard.press('Control+A')
  await page.keyboard.type('low_scores')
  assert.is((await doc(page)).variables.length, 1)
  assert.is((await doc(page)).variables[0]!.name, 'low_scores')

  // A hidden field: a bad id is refused with a message, a good one added with Enter.
  await tabTo(page, 'New hidden field id')
  await page.keyboard.type('user id')
  await page.keyboard.press('Enter')
  assert.match(await page.getByText('An id cannot contain spaces.').innerText(), 'spaces')
  await page.keyboard.press('Control+A')
  await page.keyboard.type('campaign')
  await page.keyboard.press('Enter')
  assert.equal((await doc(page)).hiddenFields, { enabled: true, fieldIds: ['campaign'] })
  await focusIs(page, { tag: 'input', name: 'New hidden field id', value: '' })

  // German: chosen with the arrow keys, added, focus on its new row.
  await tabTo(page, 'Language to add')
  await focusIs(page, { value: 'en-GB' })
  await page.keyboard.press('ArrowDown')
  await focusIs(page, { value: 'de-DE' })
  await page.keyboard.press('Tab')
  await page.keyboard.press('Enter')
  await focusIs(page, { name: 'Offer German (Germany) to respondents' })
  assert.equal((await doc(page)).languages.at(-1), { code: 'de-DE', default: false, enabled: true })

  // The rule on the rating block.
  await tabTo(page, 'Add rule')
  await page.keyboard.press('Enter')
  // Until a target is chosen, the rule says what it lacks (the server would keep it and the widget ignore it).
  assert.ok(await page.getByText('Choose where to go: a later block or an ending.').isVisible())
  await focusIs(page, { tag: 'select', name: 'Question, variable or hidden field', value: 'element:score' })
  await page.keyboard.press('Tab')
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('ArrowDown')
  await focusIs(page, { tag: 'select', name: 'Operator', value: 'isLessThan' })
  await page.keyboard.press('Tab')
  // The variable is a number too, so the value may be typed or read from it.
  await focusIs(page, { name: 'Compare with', value: '' })
  await page.keyboard.press('Tab')
  await focusIs(page, { name: 'Value' })
  await page.keyboard.type('3')
  await tabTo(page, 'Go to')
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('ArrowDown')
  await focusIs(page, { value: 'improve' })
  await tabTo(page, 'Add action')
  await page.keyboard.press('Enter')
  await focusIs(page, { tag: 'select', name: 'Action', value: 'calculate' })

  // An extra condition, removed again: focus goes back to the one before it.
  await tabTo(page, 'Add condition')
  await page.keyboard.press('Enter')
  await focusIs(page, { tag: 'select', name: 'Question, variable or hidden field', value: 'element:score' })
  await tabTo(page, 'Remove condition 2')
  await page.keyboard.press('Enter')
  await focusIs(page, { tag: 'select', name: 'Question, variable or hidden field', value: 'element:score' })

  assert.is(await page.locator('.cse-logic-error').count(), 0, 'no problem left shown')
  const survey = await doc(page)
  const block = survey.blocks[0] as { logic?: unknown[] }
  assert.equal(block.logic, [
    {
      id: 'rule-1',
      conditions: {
        id: 'group-1',
        connector: 'and',
        conditions: [
          {
            id: 'condition-1',
            leftOperand: { type: 'element', value: 'score' },
            operator: 'isLessThan',
            rightOperand: { type: 'static', value: 3 },
          },
        ],
      },
      actions: [
        { id: 'action-1', objective: 'jumpToBlock', target: 'improve' },
        { id: 'action-2', objective: 'calculate', variableId: 'variable_1', operator: 'add', value: { type: 'static', value: 1 } },
      ],
    },
  ])
  // What the widget makes of it.
  const flow = {
    questions: survey.blocks.flatMap((item) => item.elements),
    blocks: survey.blocks,
    endings: survey.endings,
    variables: survey.variables,
    welcomeEnabled: false,
  } as unknown as Flow
  const low = nextStep(flow, 'rate', { score: 2 }, initialValues(flow.variables))
  assert.equal([low.next, low.values], ['improve', { variable_1: 1 }])
  assert.is(nextStep(flow, 'rate', { score: 5 }, initialValues(flow.variables)).next, 'praise')

  // A variable the logic uses is not removed; the message says where it is used.
  await tabTo(page, 'Remove variable low_scores', true)
  await page.keyboard.press('Enter')
  assert.match(await page.getByText('is used in the logic of').innerText(), 'Rating (rule 1)')
  assert.is((await doc(page)).variables.length, 1)

  // Removing the rule moves focus to "Add rule", the only thing left in its place.
  await tabTo(page, 'Remove rule 1')
  await page.keyboard.press('Enter')
  await focusIs(page, { name: 'Add rule' })
  assert.not.ok('logic' in (await doc(page)).blocks[0]!)

  assert.equal(await axeViolations(page), [])
  await page.close()
})

test('the German texts label every control, and axe finds nothing serious', async () => {
  if (skip) return console.log(`skipped: ${skip}`)
  const page = await open('de')
  await tabTo(page, 'Variable hinzufügen')
  await page.keyboard.press('Enter')
  await focusIs(page, { name: 'Name' })
  await tabTo(page, 'Regel hinzufügen')
  await page.keyboard.press('Enter')
  await focusIs(page, { name: 'Frage, Variable oder verstecktes Feld' })
  await page.keyboard.press('Tab')
  await focusIs(page, { tag: 'select', name: 'Operator', value: 'equals' })
  assert.equal(await axeViolations(page), [])
  await page.close()
})

test('what the editor does not edit survives an edit next to it: an older rule, a nested group, a question operand', async () => {
  if (skip) return console.log(`skipped: ${skip}`)
  const legacy = { condition: 'submitted', destination: 'thanks' }
  const nested = {
    id: 'inner',
    connector: 'or',
    conditions: [{ id: 'deep', leftOperand: { type: 'hiddenField', value: 'src' }, operator: 'isSet' }],
  }
  const rule = {
    id: 'kept',
    note: 'a field of another client',
    conditions: {
      id: 'outer',
      connector: 'and',
      conditions: [
        {
          id: 'q',
          leftOperand: { type: 'question', value: 'score' },
          operator: 'isGreaterThan',
          rightOperand: { type: 'static', value: 4 },
        },
        nested,
      ],
    },
    actions: [{ id: 'go', objective: 'jumpToBlock', target: 'thanks' }],
  }
  const [rate, ...rest] = SURVEY.blocks
  const survey = {
    ...SURVEY,
    hiddenFields: { enabled: true, fieldIds: ['src'] },
    blocks: [{ ...rate, logic: [legacy, rule], logicFallback: 'improve' }, ...rest],
  }
  const page = await open('en', survey)
  assert.ok(await page.getByText('This rule is in an older format').isVisible())
  assert.ok(await page.getByText('A nested group of 1 conditions joined by "or"').isVisible())
  await tabTo(page, 'Conditions must match')
  await page.keyboard.press('ArrowDown')
  await focusIs(page, { value: 'or' })
  await page.keyboard.press('Tab')
  await focusIs(page, { name: 'Question, variable or hidden field', value: 'element:score' })
  const after = (await doc(page)).blocks[0] as unknown as Record<string, unknown>
  assert.equal(after, { ...survey.blocks[0], logic: [legacy, { ...rule, conditions: { ...rule.conditions, connector: 'or' } }] })
  await page.close()
})

test('removing a language with translations asks first, then takes its texts along', async () => {
  if (skip) return console.log(`skipped: ${skip}`)
  const [rate, ...rest] = SURVEY.blocks
  const headline = { 'en-US': 'How do you rate us?', 'de-DE': 'Wie bewerten Sie uns?' }
  const survey = {
    ...SURVEY,
    id: 'saved',
    languages: [...SURVEY.languages, { code: 'de-DE', alias: null, default: false, enabled: true }],
    blocks: [{ ...rate, elements: [{ ...rate!.elements[0], headline }] }, ...rest],
  }
  const page = await open('en', survey)
  // A saved survey's default language is shown, not offered.
  assert.ok(await page.getByText('It can only be chosen before the survey is first saved').isVisible())
  assert.ok(await page.getByText('3 of 4 texts not translated').isVisible())
  await tabTo(page, 'Remove German (Germany)')
  await page.keyboard.press('Enter')
  // The confirmation opens on Cancel; the removal is one Shift+Tab before it.
  await focusIs(page, { name: 'Cancel' })
  await page.keyboard.press('Shift+Tab')
  await focusIs(page, { name: 'Remove German (Germany) and its 1 texts' })
  await page.keyboard.press('Enter')
  await focusIs(page, { name: 'Language to add' })
  const after = await doc(page)
  assert.equal(after.languages, SURVEY.languages)
  assert.equal((after.blocks[0]!.elements[0] as { headline: unknown }).headline, { 'en-US': 'How do you rate us?' })
  await page.close()
})

test.run()
