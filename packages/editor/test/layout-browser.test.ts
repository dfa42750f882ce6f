/**
 * The editor's layout in Chromium, against a real Canvass (the test bed): a 4-question survey with one card
 * open fits in 1,600 px at 1280×900; one card is open at a time; "Add question" opens a type picker of the 17
 * types, worked by the keyboard; the preview takes the focus when it opens, sits beside the cards at 1280 px
 * wide (the cards at least 560 px) and below them at 1024 px; at 768 px nothing overflows the page sideways.
 * axe finds no serious or critical violation with the picker open or the preview shown. One page session.
 */
import { readFile } from 'node:fs/promises'
import { createSurvey, createTestCanvass, skipSuiteUnless, waitFor } from '@canvass/test-bed'
import type { TestCanvass } from '@canvass/test-bed'
import { axeViolations, chromiumMissing, launchChromium, releaseChromium } from '@canvass/test-bed/chromium'
import type { Browser, Page } from 'playwright-core'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'

const bundle = readFile(new URL('../dist/editor.js', import.meta.url), 'utf8')

const PAGE = (surveyId: string, token: string) => `<!doctype html><html lang="en"><meta charset="utf-8"><title>Host app</title>
<body style="margin:0">
<main>
<h1>Host app</h1>
<canvass-survey-editor id="editor" survey-id="${surveyId}" token="${token}"></canvass-survey-editor>
</main>
<script type="module">
  window.events = []
  for (const name of ['canvass-load', 'canvass-saved']) document.addEventListener(name, (event) => window.events.push([name, event.detail]))
  document.getElementById('editor').setAttribute('api', location.origin)
  await import('/js/editor.js')
</script>
</body></html>`

const test = skipSuiteUnless(suite('the editor as cards: height, preview beside or below, type picker, keyboard'), chromiumMissing())
let bed: TestCanvass & { url: string }
let browser: Browser
let surveyId: string

const QUESTIONS = [
  { id: 'q1', type: 'openText', inputType: 'text', headline: { default: 'What brought you here?' }, required: true },
  {
    id: 'q2',
    type: 'multipleChoiceSingle',
    headline: { default: 'Which plan do you use?' },
    required: true,
    choices: ['Free', 'Team', 'Enterprise'].map((label, index) => ({ id: `c${index}`, label: { default: label } })),
  },
  { id: 'q3', type: 'rating', scale: 'star', range: 5, headline: { default: 'How would you rate us?' }, required: true },
  { id: 'q4', type: 'openText', inputType: 'text', headline: { default: 'Anything else?' }, required: false },
]

test.before(async () => {
  browser = await launchChromium()
  const created = await createTestCanvass({
    editor: await bundle,
    wrap: (canvass) => async (request, info) => {
      const url = new URL(request.url)
      if (url.pathname === '/layout-test/')
        return new Response(PAGE(surveyId, bed.keyA), { headers: { 'content-type': 'text/html; charset=utf-8' } })
      return canvass.fetch(request, info)
    },
  })
  bed = Object.assign(created, { url: await created.listen() })
  surveyId = (await createSurvey(bed, { questions: QUESTIONS })).id
})
test.after(async () => {
  if (browser) await releaseChromium()
  await bed?.close()
})

/** The accessible name of what has the focus in the editor's shadow root (aria-label, its label, or its text). */
const focused = (page: Page) =>
  page.evaluate(() => {
    const root = document.getElementById('editor')?.shadowRoot
    const active = root?.activeElement as HTMLElement | null
    if (!active) return ''
    const label = active.id ? root?.querySelector(`label[for="${active.id}"]`) : null
    const labelledBy = active.getAttribute('aria-labelledby')
    const named = labelledBy ? root?.getElementById(labelledBy)?.textContent : null
    // A type picker's option is named by its type's name (its description is not part of it).
    if (active.getAttribute('role') === 'option') return active.querySelector('.cse-picker-name')?.textContent ?? ''
    return (active.getAttribute('aria-label') ?? named ?? (label ? label.textContent : null) ?? active.textContent ?? '').trim()
  })

async function tabTo(page: Page, name: string, key: 'Tab' | 'Shift+Tab' = 'Tab') {
  for (let presses = 0; presses < 80; presses++) {
    if ((await focused(page)) === name) return presses
    await page.keyboard.press(key)
  }
  return assert.unreachable(`"${name}" was not reached by ${key}; the focus is on "${await focused(page)}"`)
}

const waitForFocus = (page: Page, name: string) =>
  waitFor(`the focus on "${name}"`, async () => (await focused(page)) === name, { timeoutMs: 5000, everyMs: 20 })

/** The open cards' toggles' names, and how many cards there are. */
const cards = (page: Page) =>
  page.evaluate(() => {
    const root = document.getElementById('editor')!.shadowRoot!
    const toggles = [...root.querySelectorAll('.cse-card-toggle')]
    return {
      count: toggles.length,
      open: toggles.filter((toggle) => toggle.getAttribute('aria-expanded') === 'true').map((toggle) => toggle.textContent),
    }
  })

const rect = (page: Page, selector: string) =>
  page.evaluate((s) => {
    const box = document.getElementById('editor')!.shadowRoot!.querySelector(s)!.getBoundingClientRect()
    return { left: box.left, right: box.right, top: box.top, bottom: box.bottom, width: box.width, height: box.height }
  }, selector)

test('4 questions, one card open, in 1,600 px; the type picker; the preview beside, below, and at 768 px', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  const page = await context.newPage()
  const outside: string[] = []
  page.on('request', (request) => {
    if (!request.url().startsWith(bed.url)) outside.push(request.url())
  })
  await page.goto(`${bed.url}/layout-test/`)
  await page.waitForFunction(() => (globalThis as any).events.some((e: [string]) => e[0] === 'canvass-load'))

  // The height of the whole editor, toolbar included.
  assert.equal(await cards(page), { count: 4, open: ['Question 1: What brought you here? (Free text)'] })
  const height = await page.evaluate(() => document.getElementById('editor')!.getBoundingClientRect().height)
  const parts = await page.evaluate(() =>
    [
      ...document
        .getElementById('editor')!
        .shadowRoot!.querySelectorAll(
          '.cse-root > *, .cse-forms > *, .cse-block > *, .cse-card-body > *, .cse-section > *, .cse-section .cse-logic > *',
        ),
    ].map((part) => `${part.className || part.tagName} ${Math.round(part.getBoundingClientRect().height)}`),
  )
  assert.ok(height <= 1600, `the editor is ${height} px tall: ${parts.join(', ')}`)
  // Ids and media sit under "Advanced", closed.
  const advanced = await page.evaluate(() =>
    [...document.getElementById('editor')!.shadowRoot!.querySelectorAll('details.cse-advanced')].map((d) => (d as HTMLDetailsElement).open),
  )
  assert.ok(advanced.length >= 2 && advanced.every((open) => !open), JSON.stringify(advanced))

  // A card's header is a button: Enter opens it, and the card open before closes.
  await page.keyboard.press('Tab')
  await tabTo(page, 'Question 3: How would you rate us? (Rating)')
  await page.keyboard.press('Enter')
  assert.equal((await cards(page)).open, ['Question 3: How would you rate us? (Rating)'])
  await page.keyboard.press('Space')
  assert.equal((await cards(page)).open, [], 'Space closes it again')
  await page.keyboard.press('Enter')

  // "Add question": the picker lists the 17 types, each with an icon and a description; Escape closes it and
  // gives the focus back.
  await tabTo(page, 'Add question', 'Shift+Tab')
  await page.keyboard.press('Enter')
  // The picker opens as a modal dialog after its render, and then focuses its first type.
  await waitForFocus(page, 'Free text')
  const picker = await page.evaluate(() => {
    const root = document.getElementById('editor')!.shadowRoot!
    const dialog = root.querySelector('dialog.cse-picker') as HTMLDialogElement
    const options = [...root.querySelectorAll('[role=option]')]
    return {
      modal: dialog?.open && dialog.matches(':modal'),
      options: options.length,
      described: options.every(
        (option) => option.querySelector('svg') && root.getElementById(option.getAttribute('aria-describedby') ?? '')?.textContent,
      ),
    }
  })
  assert.equal(picker, { modal: true, options: 17, described: true })
  await page.keyboard.press('ArrowDown')
  await waitForFocus(page, 'Single choice')
  const violations = await axeViolations(page)
  assert.equal(violations, [], violations.join('\n'))
  await page.keyboard.press('Escape')
  await waitForFocus(page, 'Add question')
  assert.is(await page.evaluate(() => document.getElementById('editor')!.shadowRoot!.querySelector('dialog')), null)

  // Chosen by its first letter and Enter: the question is added (at the end: no question was worked in), its card open and its
  // headline in focus.
  await page.keyboard.press('Enter')
  await waitForFocus(page, 'Free text')
  await page.keyboard.press('n')
  await waitForFocus(page, 'Net Promoter Score')
  await page.keyboard.press('Enter')
  await waitForFocus(page, 'Headline')
  await page.keyboard.type('Would you recommend us?')
  const survey = await page.evaluate(() => (document.getElementById('editor') as any).survey)
  const added = survey.blocks.flatMap((block: any) => block.elements).at(-1)
  assert.is(added.type, 'nps')
  assert.equal(added.headline, { 'en-US': 'Would you recommend us?' })
  assert.equal((await cards(page)).open, ['Question 5: Would you recommend us? (Net Promoter Score)'])

  // Its type changed through the same picker, from the card.
  await tabTo(page, 'Question type', 'Shift+Tab')
  await page.keyboard.press('Enter')
  await waitForFocus(page, 'Net Promoter Score')
  await page.keyboard.press('End')
  await waitForFocus(page, 'Customer effort')
  await page.keyboard.press('Enter')
  await waitForFocus(page, 'Question type')
  const changed = (await page.evaluate(() => (document.getElementById('editor') as any).survey)).blocks
    .flatMap((block: any) => block.elements)
    .at(-1)
  assert.equal([changed.type, changed.id, changed.headline], ['ces', added.id, added.headline])

  // Preview: the focus moves to it; at 1280 px it sits beside the cards, which keep 560 px or more.
  await tabTo(page, 'Preview', 'Shift+Tab')
  await page.keyboard.press('Enter')
  await waitForFocus(page, 'Preview')
  assert.is(await page.evaluate(() => document.getElementById('editor')!.shadowRoot!.activeElement?.tagName), 'H2')
  await page.keyboard.press('Tab')
  await waitForFocus(page, 'Phone width')
  await page.waitForFunction(
    () =>
      document.getElementById('editor')?.shadowRoot?.querySelector('.cse-preview-frame')?.shadowRoot?.textContent?.includes('What brought'),
    null,
    { timeout: 15_000 },
  )
  let forms = await rect(page, '.cse-forms')
  let preview = await rect(page, '.cse-preview')
  assert.ok(forms.width >= 560, `the cards are ${forms.width} px wide`)
  assert.ok(preview.left >= forms.right, `the preview (${preview.left}) beside the cards (${forms.right})`)
  assert.ok(preview.top < forms.top + 50, 'side by side, not stacked')
  // Desktop width squeezes neither.
  await page.keyboard.press('Tab')
  await page.keyboard.press('Enter')
  forms = await rect(page, '.cse-forms')
  preview = await rect(page, '.cse-preview')
  assert.ok(forms.width >= 560, `with the desktop preview the cards are ${forms.width} px wide`)
  assert.ok(preview.right <= 1280, `the preview ends at ${preview.right}`)
  const beside = await axeViolations(page)
  assert.equal(beside, [], beside.join('\n'))

  // At 1024 px the preview stacks below the cards.
  await page.setViewportSize({ width: 1024, height: 900 })
  forms = await rect(page, '.cse-forms')
  preview = await rect(page, '.cse-preview')
  assert.ok(preview.top >= forms.bottom, `the preview (${preview.top}) below the cards (${forms.bottom})`)

  // At 768 px: no sideways scroll, no control cut off.
  await page.setViewportSize({ width: 768, height: 900 })
  const overflow = await page.evaluate(() => {
    const root = document.getElementById('editor')!.shadowRoot!
    const clipped = [...root.querySelectorAll('button, input, select, textarea, summary')]
      .filter((control) => {
        const box = control.getBoundingClientRect()
        // Controls shown only: those in a closed "Advanced" are not.
        return control.checkVisibility() && box.width > 0 && (box.right > window.innerWidth + 0.5 || box.left < -0.5)
      })
      .map((control) => control.getAttribute('aria-label') ?? control.id ?? control.textContent)
    return { scroll: document.documentElement.scrollWidth, width: document.documentElement.clientWidth, clipped }
  })
  assert.ok(overflow.scroll <= overflow.width, `the page scrolls sideways: ${overflow.scroll} > ${overflow.width}`)
  assert.equal(overflow.clipped, [])
  assert.equal(outside, [], 'no request left the Canvass origin')
  await context.close()
})

test.run()
