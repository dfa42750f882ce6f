/**
 * Link survey pages in a real browser: headless Chromium (Debian's `chromium-headless-shell`, driven by playwright-core)
 * against Canvass served over loopback HTTP from this process (the test bed), with the page's Content Security Policy in force. A survey with every
 * question type but `csat`, `ces` and `cal` (which a survey of their own covers, with answers prefilled from
 * the URL and `skipPrefilled`) is answered twice — once with the keyboard only, in German (`?lang=de`), with a
 * hidden field, a source and a single-use id from the query; once with the mouse, uploading a file — and a
 * survey whose logic jumps is answered, gone back in, and left through its redirect ending; a survey with a PIN
 * is opened through its PIN form (a wrong PIN, then the right one) and answered; a respondent who meets a full
 * quota is shown the quota's ending; a preview link shows a paused survey with a PIN and sends nothing. Each stored
 * response is read back through the management API. axe-core checks every card of the mouse pass; no
 * request may go to another origin and nothing may be logged as a warning or an error. `pnpm docs:screenshots`
 * draws the page for the docs.
 */
import { skipSuiteUnless } from '@canvass/test-bed'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createTestCanvass, waitFor } from '@canvass/test-bed'
import type { Call, TestCanvass } from '@canvass/test-bed'
import type { WatchedPage } from '@canvass/test-bed/chromium'
import {
  axeViolations,
  chromiumMissing,
  launchChromium,
  openWatched,
  outboxRecords,
  outboxSent,
  releaseChromium,
} from '@canvass/test-bed/chromium'
import { callAt as client } from '@canvass/test-bed'
import { AMBER_PNG, BLUE_PNG, everyTypeSurvey, uploadPicture } from './link-page-fixtures'

/** A survey whose first answer decides where it goes: "No" jumps over the second question. */
function logicSurvey(environmentId: string, redirect: string) {
  const when = (value: string) => ({
    id: 'g',
    connector: 'and',
    conditions: [
      { id: 'c', leftOperand: { type: 'question', value: 'likes' }, operator: 'equals', rightOperand: { type: 'static', value } },
    ],
  })
  return {
    environmentId,
    name: 'Logic',
    status: 'inProgress',
    questions: [
      {
        id: 'likes',
        type: 'multipleChoiceSingle',
        headline: { default: 'Do you like it?' },
        required: true,
        choices: [
          { id: 'yes', label: { default: 'Yes' } },
          { id: 'no', label: { default: 'No' } },
        ],
        logic: [{ id: 'l1', conditions: when('no'), actions: [{ id: 'a1', objective: 'jumpToQuestion', target: 'why' }] }],
      },
      { id: 'what', type: 'openText', headline: { default: 'What do you like?' }, required: true },
      {
        id: 'why',
        type: 'openText',
        inputType: 'text',
        longAnswer: false,
        headline: { default: 'Why not, after "#recall:likes/fallback:?#"?' },
        required: true,
        logic: [
          {
            id: 'l2',
            conditions: {
              id: 'g2',
              connector: 'and',
              conditions: [{ id: 'c2', leftOperand: { type: 'question', value: 'why' }, operator: 'isSubmitted' }],
            },
            actions: [{ id: 'a2', objective: 'jumpToQuestion', target: 'bye' }],
          },
        ],
      },
    ],
    endings: [
      { id: 'thanks', type: 'endScreen', headline: { default: 'Thanks' } },
      { id: 'bye', type: 'redirectToUrl', url: redirect, label: 'Back to the site' },
    ],
  }
}

const test = skipSuiteUnless(suite('link pages in Chromium'), chromiumMissing())
let bed: TestCanvass
/**
 * The bed's project, called over HTTP: the URLs Canvass builds from a request (a file's) must be the ones the
 * browser reaches.
 */
let x: { url: string; call: Call; keyA: string; envA: string }
let browser: Browser
let context: BrowserContext
/** The survey with every question type (answered by two tests, each with its own single-use id) and its pictures. */
let everyType: { surveyId: string; pictures: string[] }

test.before(async () => {
  // The browser first: when it cannot start, no bed is left open that `after` cannot reach.
  browser = await launchChromium()
  bed = await createTestCanvass()
  const url = await bed.listen()
  x = { url, call: client(url), keyA: bed.keyA, envA: bed.envA }
  context = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 800 } })
  const pictures = [await upload(BLUE_PNG, 'blue.png'), await upload(AMBER_PNG, 'amber.png')]
  everyType = { surveyId: await createSurvey(everyTypeSurvey(x.envA, pictures)), pictures }
})
test.after(async () => {
  if (browser) await releaseChromium()
  await bed?.close()
})

/**
 * A new tab on `path`, watched (`openWatched`). Its `done` first waits until the tab's outbox has nothing left to
 * send: the tab drops a finished response's record once it has the answer to its last save, which may come after
 * the server stored it, and the tests share one context. A tab closed before that would leave the save for the
 * next test's page to send again (answered 400, already finished: an error in that page's console).
 */
async function open(path: string): Promise<WatchedPage> {
  const tab = await openWatched(context, x.url + path)
  return {
    ...tab,
    async done(expected) {
      await outboxSent(tab.page)
      await tab.done(expected)
    },
  }
}

/** Uploads a public picture through the management storage routes; its URL. */
async function upload(base64: string, name: string): Promise<string> {
  const uploaded = await uploadPicture(x.call, x.keyA, base64, name)
  assert.is(uploaded.status, 200)
  return uploaded.url
}

async function createSurvey(body: Record<string, unknown>): Promise<string> {
  const res = await x.call('POST', '/api/v1/management/surveys', { key: x.keyA, body })
  assert.is(res.status, 200, res.text)
  return res.body.data.id
}

/** The finished response of a survey with this single-use id (or the only one), once it is stored. */
async function storedResponse(surveyId: string, singleUseId?: string): Promise<any> {
  // Polling the bed: the page saves in the background, and the test has no event of the server's to wait on.
  return waitFor(
    `a finished response of ${surveyId}`,
    async () =>
      ((await x.call('GET', `/api/v1/management/responses?surveyId=${surveyId}&limit=100`, { key: x.keyA })).body.data as any[]).find(
        (r) => (singleUseId === undefined || r.singleUseId === singleUseId) && r.finished,
      ),
    { everyMs: 100 },
  )
}

/** What has the focus, looking into shadow roots: its accessible-ish name, role and state. */
async function focused(page: Page) {
  return page.evaluate(() => {
    let el = document.activeElement as HTMLElement | null
    while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement as HTMLElement
    const input = el as HTMLInputElement | null
    const label = el?.getAttribute('aria-label') ?? (input?.labels?.[0]?.textContent || el?.textContent || '')
    return { tag: el?.tagName.toLowerCase() ?? '', type: input?.type ?? '', name: label.trim(), checked: input?.checked ?? false }
  })
}

/** Presses Tab until the focused element's name matches (keyboard only: no clicks, no direct focus). */
async function tabTo(page: Page, name: string | RegExp) {
  for (let i = 0; i < 40; i++) {
    const now = await focused(page)
    if (typeof name === 'string' ? now.name === name : name.test(now.name)) return
    await page.keyboard.press('Tab')
  }
  throw new Error(`Tab never reached ${name}; focus is on ${JSON.stringify(await focused(page))}`)
}

async function press(page: Page, key: string, times = 1) {
  for (let i = 0; i < times; i++) await page.keyboard.press(key)
}

const headline = (page: Page) => page.locator('h2.cv-headline').innerText()

/** Waits for the next card (by its headline) and checks it with axe. */
async function card(page: Page, text: string | RegExp, checkA11y = false) {
  await page.locator('h2.cv-headline', { hasText: text }).waitFor()
  if (!checkA11y) return
  assert.equal(await axeViolations(page), [], `axe on "${await headline(page)}"`)
}

test('every question type, keyboard only, in German, with a hidden field, a source and a single-use id', async () => {
  const { surveyId } = everyType
  const tab = await open(`/s/${surveyId}?lang=de&plan=pro&source=newsletter&suid=kb-1`)
  const page = tab.page
  await card(page, 'Willkommen')
  assert.ok((await page.locator('.cv-rich').innerText()).includes('Danke fürs Helfen.'), 'the welcome HTML, rendered')
  await tabTo(page, 'Starten')
  await press(page, 'Enter')

  await card(page, 'Deine E-Mail?')
  await page.keyboard.type('ada@example.com')
  await press(page, 'Enter')

  await card(page, 'Welche Farbe, ada@example.com?')
  assert.equal(await focused(page), { tag: 'input', type: 'radio', name: 'Rot', checked: false }, 'the new card takes the focus')
  await press(page, 'ArrowDown', 2)
  assert.equal((await focused(page)).name, 'Andere')
  await press(page, 'Tab')
  await page.keyboard.type('Türkis')
  await press(page, 'Enter')

  await card(page, 'Welche Werkzeuge?')
  await tabTo(page, 'Weiter')
  await press(page, 'Enter')
  await page.locator('.cv-error', { hasText: 'Bitte beantworte diese Frage.' }).waitFor()
  assert.equal((await focused(page)).name, 'Alfa', 'a refused answer sends the focus back to the question')
  await press(page, 'Space')
  await press(page, 'Tab', 2)
  await press(page, 'Space')
  await tabTo(page, 'Weiter')
  await press(page, 'Enter')

  await card(page, 'Würdest du uns empfehlen?')
  await press(page, 'ArrowRight', 9)
  await tabTo(page, 'Weiter')
  await press(page, 'Enter')

  await card(page, 'Wie viele Sterne?')
  await press(page, 'ArrowRight', 3)
  await tabTo(page, 'Weiter')
  await press(page, 'Enter')

  await card(page, 'Sieh dir das Neue an')
  await tabTo(page, 'Mehr erfahren')
  await press(page, 'Enter')

  await card(page, 'Bedingungen')
  await press(page, 'Space')
  await tabTo(page, 'Weiter')
  await press(page, 'Enter')

  await card(page, 'Wann hast du angefangen?')
  await page.keyboard.type('06152024')
  await tabTo(page, 'Weiter')
  await press(page, 'Enter')

  await card(page, 'Ein Bildschirmfoto?')
  await tabTo(page, 'Weiter')
  await press(page, 'Enter')

  await card(page, 'Bewerte')
  await press(page, 'Space')
  await press(page, 'ArrowRight', 2)
  await press(page, 'Tab')
  await press(page, 'Space')
  await press(page, 'ArrowRight')
  await tabTo(page, 'Weiter')
  await press(page, 'Enter')

  await card(page, 'Ordne')
  await tabTo(page, 'Add Eins to the ranking')
  for (const next of ['Add Zwei to the ranking', 'Add Drei to the ranking', 'Move Drei up', 'Move Drei up']) {
    await press(page, 'Enter')
    assert.is((await focused(page)).name, next, 'focus follows the ranking')
  }
  await tabTo(page, 'Weiter')
  await press(page, 'Enter')

  await card(page, 'Deine Adresse?')
  await page.keyboard.type('Hauptstr. 1')
  await press(page, 'Tab')
  await page.keyboard.type('Berlin')
  await press(page, 'Enter')

  await card(page, 'Wie erreichen wir dich?')
  await page.keyboard.type('Ada')
  await press(page, 'Tab')
  await page.keyboard.type('ada@example.com')
  await press(page, 'Enter')

  await card(page, 'Wähle ein Bild')
  await press(page, 'Space')
  await tabTo(page, 'Abschließen')
  await press(page, 'Enter')

  await card(page, 'Danke, ada@example.com!')
  const response = await storedResponse(surveyId, 'kb-1')
  assert.equal(response.data, {
    plan: 'pro',
    email: 'ada@example.com',
    color: 'Türkis',
    tools: ['Alfa', 'Gamma'],
    nps: 9,
    stars: 4,
    cta: 'clicked',
    consent: 'accepted',
    when: '2024-06-15',
    file: [],
    grid: { Tempo: 'Gut', Preis: 'OK' },
    order: ['Eins', 'Drei', 'Zwei'],
    address: ['Hauptstr. 1', '', 'Berlin', '', '', ''],
    contact: ['Ada', '', 'ada@example.com', '', ''],
    pics: ['p0'],
  })
  assert.equal([response.finished, response.language, response.singleUseId, response.endingId], [true, 'de', 'kb-1', 'thanks'])
  assert.is(response.meta.source, 'newsletter')
  assert.ok(response.meta.url.startsWith(`${x.url}/s/${surveyId}?`), response.meta.url)
  assert.type(response.displayId, 'string', 'the display was recorded and linked')
  const questionIds = [
    'email',
    'color',
    'tools',
    'nps',
    'stars',
    'cta',
    'consent',
    'when',
    'file',
    'grid',
    'order',
    'address',
    'contact',
    'pics',
  ]
  assert.equal(Object.keys(response.ttc).sort(), [...questionIds, '_total'].sort())
  for (const id of questionIds) assert.ok(response.ttc[id] > 0, `ttc of ${id}: ${response.ttc[id]}`)
  await tab.done()
})

test('every question type with the mouse, a file uploaded, axe on every card', async () => {
  const { surveyId, pictures } = everyType
  const tab = await open(`/s/${surveyId}?suid=mouse-1`)
  const page = tab.page
  await card(page, 'Welcome', true)
  await page.getByRole('button', { name: 'Start' }).click()
  await card(page, 'Your email?', true)
  await page.getByRole('textbox').fill('grace@example.com')
  await page.getByRole('button', { name: 'Next' }).click()
  await card(page, 'Which colour, grace@example.com?', true)
  await page.getByRole('radio', { name: 'Blue' }).check()
  await page.getByRole('button', { name: 'Next' }).click()
  await card(page, 'Which tools?', true)
  await page.getByRole('checkbox', { name: 'Beta' }).check()
  await page.getByRole('button', { name: 'Next' }).click()
  await card(page, 'Would you recommend us?', true)
  await page.locator('label.cv-scale-item').nth(10).click()
  await page.getByRole('button', { name: 'Next' }).click()
  await card(page, 'How many stars?', true)
  await page.locator('label.cv-scale-item').nth(4).click()
  await page.getByRole('button', { name: 'Back' }).click()
  await card(page, 'Would you recommend us?')
  assert.ok(await page.getByRole('radio', { name: '10, Very likely' }).isChecked(), 'back keeps the answer')
  await page.getByRole('button', { name: 'Next' }).click()
  await card(page, 'How many stars?')
  await page.locator('label.cv-scale-item').nth(4).click()
  await page.getByRole('button', { name: 'Next' }).click()
  await card(page, 'See what is new', true)
  await page.getByRole('button', { name: 'Not now' }).click()
  await card(page, 'Terms', true)
  await page.getByRole('checkbox', { name: 'I agree' }).check()
  await page.getByRole('button', { name: 'Next' }).click()
  await card(page, 'When did you start?', true)
  await page.locator('input[type=date]').fill('2023-01-31')
  await page.getByRole('button', { name: 'Next' }).click()
  await card(page, 'A screenshot?', true)
  await page.locator('input[type=file]').setInputFiles({ name: 'shot.png', mimeType: 'image/png', buffer: Buffer.from(BLUE_PNG, 'base64') })
  await page.getByRole('button', { name: 'Remove shot.png' }).waitFor()
  await page.getByRole('button', { name: 'Next' }).click()
  await card(page, 'Rate these', true)
  await page.getByRole('radio', { name: 'Speed: Good' }).check()
  await page.getByRole('radio', { name: 'Price: Bad' }).check()
  await page.getByRole('button', { name: 'Next' }).click()
  await card(page, 'Rank these', true)
  for (const item of ['Three', 'One', 'Two']) await page.getByRole('button', { name: `Add ${item} to the ranking` }).click()
  await page.getByRole('button', { name: 'Next' }).click()
  await card(page, 'Your address?', true)
  await page.getByLabel('Street').fill('1 Main St')
  await page.getByLabel('City').fill('Springfield')
  await page.getByLabel('Country').fill('US')
  await page.getByRole('button', { name: 'Next' }).click()
  await card(page, 'How do we reach you?', true)
  await page.getByLabel('First name').fill('Grace')
  await page.getByLabel('Email').fill('not-an-email')
  await page.getByRole('button', { name: 'Next' }).click()
  await page.locator('.cv-error', { hasText: 'Please enter a valid email address.' }).waitFor()
  await card(page, 'How do we reach you?', true)
  await page.getByLabel('Email').fill('grace@example.com')
  await page.getByLabel('Company').fill('Navy')
  await page.getByRole('button', { name: 'Next' }).click()
  await card(page, 'Pick a picture', true)
  await page.locator('label.cv-pick').nth(1).click()
  await page.getByRole('button', { name: 'Finish' }).click()
  await card(page, 'Thank you, grace@example.com!', true)

  const response = await storedResponse(surveyId, 'mouse-1')
  const { file, ...rest } = response.data
  assert.equal(rest, {
    email: 'grace@example.com',
    color: 'Blue',
    tools: ['Beta'],
    nps: 10,
    stars: 5,
    cta: '',
    consent: 'accepted',
    when: '2023-01-31',
    grid: { Speed: 'Good', Price: 'Bad' },
    order: ['Three', 'One', 'Two'],
    address: ['1 Main St', '', 'Springfield', '', '', 'US'],
    contact: ['Grace', '', 'grace@example.com', '', 'Navy'],
    pics: ['p1'],
  })
  assert.is(file.length, 1, JSON.stringify(file))
  assert.match(file[0], new RegExp(`^${x.url}/storage/${x.envA}/private/shot--fid--`), 'respondents’ files are private')
  const stored = await fetch(file[0], { headers: { 'x-api-key': x.keyA } })
  assert.equal([stored.status, Buffer.from(await stored.arrayBuffer()).toString('base64')], [200, BLUE_PNG], 'the uploaded file is stored')
  assert.equal([response.finished, response.language, response.meta.source], [true, 'en', 'link'])
  assert.ok(
    pictures.every((url) => tab.requests.includes(url)),
    'the pictures came from the server',
  )
  await tab.done()
})

/** CSAT, CES and a required cal question (no embed: a link to the booking page and a box to confirm). */
function serviceSurvey(environmentId: string) {
  return {
    environmentId,
    name: 'Service',
    status: 'inProgress',
    questions: [
      {
        id: 'sat',
        type: 'csat',
        scale: 'smiley',
        headline: { default: 'How satisfied are you?' },
        lowerLabel: { default: 'Not at all' },
        upperLabel: { default: 'Very' },
        required: true,
      },
      {
        id: 'ease',
        type: 'ces',
        scale: 'number',
        range: 7,
        headline: { default: 'How easy was it?' },
        required: true,
        isColorCodingEnabled: true,
      },
      {
        id: 'book',
        type: 'cal',
        headline: { default: 'Book a call' },
        calUserName: 'ada/30min',
        calHost: 'cal.example.org',
        required: true,
      },
    ],
    endings: [{ id: 'thanks', type: 'endScreen', headline: { default: 'Talk soon' } }],
  }
}

test('csat, ces and cal with the keyboard, one answer prefilled from the URL, axe on every card; skipPrefilled', async () => {
  const surveyId = await createSurvey(serviceSurvey(x.envA))
  const tab = await open(`/s/${surveyId}?sat=4&ease=99`)
  const page = tab.page
  await card(page, 'How satisfied are you?', true)
  assert.equal(await page.getByRole('radio', { checked: true }).getAttribute('aria-label'), '4 of 5', 'the answer from the URL is picked')
  await tabTo(page, 'Next')
  await press(page, 'Enter')

  await card(page, 'How easy was it?', true)
  assert.is(await page.getByRole('radio', { checked: true }).count(), 0, 'an answer off the scale is not prefilled')
  await press(page, 'ArrowRight', 5)
  await tabTo(page, 'Next')
  await press(page, 'Enter')

  await card(page, 'Book a call', true)
  const link = page.locator('a', { hasText: 'Book a time on cal.example.org' })
  assert.equal(
    [await link.getAttribute('href'), await link.getAttribute('target'), await link.getAttribute('rel')],
    ['https://cal.example.org/ada/30min', '_blank', 'noopener noreferrer'],
    'the booking page opens in a new tab, and nothing of it loads here',
  )
  await tabTo(page, /^Book a time on cal\.example\.org/)
  await tabTo(page, 'Finish')
  await press(page, 'Enter')
  await page.locator('.cv-error', { hasText: 'Please book a time, then tick' }).waitFor()
  assert.equal(
    await focused(page),
    { tag: 'input', type: 'checkbox', name: 'I have booked a time', checked: false },
    'a required cal question waits for the box',
  )
  await card(page, 'Book a call', true)
  await press(page, 'Space')
  await tabTo(page, 'Finish')
  await press(page, 'Enter')
  await card(page, 'Talk soon')
  const response = await storedResponse(surveyId)
  assert.equal(response.data, { sat: 4, ease: 6, book: 'booked' })
  await tab.done()

  // Every question prefilled is passed over: the page opens on the cal question.
  const skipping = await open(`/s/${surveyId}?sat=2&ease=3&skipPrefilled=true`)
  await card(skipping.page, 'Book a call')
  // Going back shows a passed-over question, which then waits for the respondent.
  await tabTo(skipping.page, 'Back')
  await press(skipping.page, 'Enter')
  await card(skipping.page, 'How easy was it?')
  assert.is(await skipping.page.getByRole('radio', { checked: true }).getAttribute('aria-label'), '3 of 7')
  await tabTo(skipping.page, 'Next')
  await press(skipping.page, 'Enter')
  await card(skipping.page, 'Book a call')
  await tabTo(skipping.page, 'I have booked a time')
  await press(skipping.page, 'Space')
  await tabTo(skipping.page, 'Finish')
  await press(skipping.page, 'Enter')
  await card(skipping.page, 'Talk soon')
  // The ending shows while the last answer is still on its way: wait until both responses are finished.
  // Polling, as storedResponse does: the save has no event the test can wait on.
  const finished = await waitFor(
    'both responses finished',
    async () => {
      const list = (await x.call('GET', `/api/v1/management/responses?surveyId=${surveyId}&limit=10`, { key: x.keyA })).body.data as any[]
      const done = list.filter((r) => r.finished)
      return done.length >= 2 ? done : undefined
    },
    { everyMs: 100 },
  )
  assert.equal(
    finished.map((r) => r.data).sort((a, b) => a.sat - b.sat),
    [
      { sat: 2, ease: 3, book: 'booked' },
      { sat: 4, ease: 6, book: 'booked' },
    ],
  )
  await skipping.done()
})

test('logic jumps, back undoes the jump, and the redirect ending leaves for its URL', async () => {
  // A page of the server that asks for nothing else (no favicon): a link page.
  const target = `${x.url}/s/${everyType.surveyId}?suid=after-redirect`
  const surveyId = await createSurvey(logicSurvey(x.envA, target))
  const tab = await open(`/s/${surveyId}`)
  const page = tab.page
  await card(page, 'Do you like it?')
  await page.getByRole('radio', { name: 'No' }).check()
  await page.getByRole('button', { name: 'Next' }).click()
  await card(page, 'Why not, after "No"?')
  await page.getByRole('button', { name: 'Back' }).click()
  await card(page, 'Do you like it?')
  await page.getByRole('radio', { name: 'Yes' }).check()
  await page.getByRole('button', { name: 'Next' }).click()
  await card(page, 'What do you like?')
  await page.getByRole('button', { name: 'Back' }).click()
  await page.getByRole('radio', { name: 'No' }).check()
  await page.getByRole('button', { name: 'Next' }).click()
  await card(page, 'Why not')
  await page.getByRole('textbox').fill('Too loud')
  // Its logic may jump anywhere, so the button does not promise the end.
  await Promise.all([page.waitForURL(target), page.getByRole('button', { name: 'Next' }).click()])
  await card(page, 'Welcome')
  const response = await storedResponse(surveyId)
  assert.equal(response.data, { likes: 'No', why: 'Too loud' }, 'the skipped question has no answer')
  assert.equal([response.finished, response.endingId], [true, 'bye'])
  await tab.done()
})

test("a full quota that ends the survey: the renderer goes to the quota's ending instead of the next question", async () => {
  const surveyId = await createSurvey({
    environmentId: x.envA,
    name: 'Quota',
    type: 'link',
    status: 'inProgress',
    questions: [
      {
        id: 'plan',
        type: 'multipleChoiceSingle',
        headline: { default: 'Your plan?' },
        required: true,
        choices: [
          { id: 'pro', label: { default: 'Pro' } },
          { id: 'free', label: { default: 'Free' } },
        ],
      },
      { id: 'why', type: 'openText', inputType: 'text', headline: { default: 'Why this plan?' }, required: true },
    ],
    endings: [
      { id: 'thanks', type: 'endScreen', headline: { default: 'Thanks' } },
      { id: 'full', type: 'endScreen', headline: { default: 'We have heard from enough Pro users' } },
    ],
  })
  const logic = {
    conditions: [
      { id: 'c', leftOperand: { type: 'element', value: 'plan' }, operator: 'equals', rightOperand: { type: 'static', value: 'pro' } },
    ],
  }
  const quota = await x.call('POST', `/api/v1/management/surveys/${surveyId}/quotas`, {
    key: x.keyA,
    body: { name: 'Pro', limit: 1, logic, action: 'endSurvey', endingCardId: 'full' },
  })
  assert.is(quota.status, 200, quota.text)
  const first = await x.call('POST', `/api/v1/client/${x.envA}/responses`, {
    body: { surveyId, finished: true, data: { plan: 'Pro', why: 'First' } },
  })
  assert.equal(first.body.data, { id: first.body.data.id }, 'the first Pro response fills the quota')
  const tab = await open(`/s/${surveyId}`)
  const page = tab.page
  await card(page, 'Your plan?')
  await page.getByRole('radio', { name: 'Pro' }).check()
  await page.getByRole('button', { name: 'Next' }).click()
  await card(page, 'We have heard from enough Pro users', true)
  const list = (await x.call('GET', `/api/v1/management/responses?surveyId=${surveyId}`, { key: x.keyA })).body.data as any[]
  const screenedOut = list.find((response) => response.id !== first.body.data.id)
  assert.equal([screenedOut?.data, screenedOut?.finished, screenedOut?.endingId], [{ plan: 'Pro' }, true, 'full'])
  await tab.done()
})

test("languages: ?lang=de opens a de-DE survey in German, the browser's language does without it, and the switcher changes it by keyboard", async () => {
  const surveyId = await createSurvey({
    environmentId: x.envA,
    name: 'Languages',
    status: 'inProgress',
    showLanguageSwitch: true,
    languages: [
      { default: true, enabled: true, language: { code: 'en-US', alias: null } },
      { default: false, enabled: true, language: { code: 'de-DE', alias: null } },
    ],
    questions: [
      { id: 'why', type: 'openText', inputType: 'text', headline: { default: 'Why did you come?', 'de-DE': 'Warum sind Sie gekommen?' } },
    ],
  })
  const tab = await open(`/s/${surveyId}?lang=de`)
  const page = tab.page
  await card(page, 'Warum sind Sie gekommen?', true)
  assert.is(await page.locator('html').getAttribute('lang'), 'de-DE')
  await tabTo(page, 'Sprache')
  assert.equal((await focused(page)).tag, 'select', 'the switcher is a native select, labelled in the language shown')
  await press(page, 'ArrowUp')
  await card(page, 'Why did you come?', true)
  await tabTo(page, 'Language')
  await tab.done()

  // No ?lang=: the browser's languages (Accept-Language, from the profile's locale) pick German.
  const german = await browser.newContext({ locale: 'de-DE', viewport: { width: 390, height: 800 } })
  try {
    const browserTab = await openWatched(german, `${x.url}/s/${surveyId}`)
    await card(browserTab.page, 'Warum sind Sie gekommen?')
    await browserTab.done()
  } finally {
    await german.close()
  }
})

test('a survey with a PIN: the form, a wrong PIN, then the right one opens the survey, whose response is stored', async () => {
  const surveyId = await createSurvey({
    environmentId: x.envA,
    name: 'Protected',
    type: 'link',
    status: 'inProgress',
    pin: '2468',
    questions: [{ id: 'why', type: 'openText', inputType: 'text', headline: { default: 'Why are you here?' }, required: true }],
    endings: [{ id: 'thanks', type: 'endScreen', headline: { default: 'Thanks' } }],
  })
  const tab = await open(`/s/${surveyId}?source=poster`)
  const page = tab.page
  await page.getByRole('heading', { name: 'This survey is protected' }).waitFor()
  await page.getByLabel('PIN').fill('1357')
  await page.getByRole('button', { name: 'Open survey' }).click()
  await page.getByRole('alert').filter({ hasText: 'This PIN is not right.' }).waitFor()
  await page.getByLabel('PIN').fill('2468')
  await page.getByRole('button', { name: 'Open survey' }).click()
  await card(page, 'Why are you here?')
  await page.getByRole('textbox').fill('The poster')
  await page.getByRole('button', { name: 'Finish' }).click()
  await card(page, 'Thanks')
  const response = await storedResponse(surveyId)
  assert.equal([response.data, response.meta.source], [{ why: 'The poster' }, 'poster'])
  assert.not.ok(response.meta.url.includes('2468'), 'the PIN is not kept with the response')
  assert.type(response.displayId, 'string')
  // The wrong PIN's page is a 403, which Chromium logs.
  await tab.done([/^error: Failed to load resource: the server responded with a status of 403 .*[?&]pin=1357\)$/])
})

test('a preview link: a paused survey with a PIN shown under its banner, answered to the end, with nothing sent or stored', async () => {
  const surveyId = await createSurvey({
    environmentId: x.envA,
    name: 'Preview',
    type: 'link',
    status: 'paused',
    pin: '8642',
    questions: [{ id: 'why', type: 'openText', inputType: 'text', headline: { default: 'Why preview?' }, required: true }],
    endings: [{ id: 'thanks', type: 'endScreen', headline: { default: 'Thanks' } }],
  })
  const minted = await x.call('POST', `/api/v1/management/surveys/${surveyId}/preview`, { key: x.keyA })
  assert.is(minted.status, 200, minted.text)
  const url = new URL(minted.body.data.url as string)
  const tab = await open(url.pathname + url.search)
  const page = tab.page
  await page.getByRole('status').filter({ hasText: 'Preview: answers are not saved' }).waitFor()
  await card(page, 'Why preview?', true)
  await page.getByRole('textbox').fill('To see it')
  await page.getByRole('button', { name: 'Finish' }).click()
  await card(page, 'Thanks')
  // The page asked the server for its own assets only: no display, no response, no upload.
  const sent = tab.requests.filter((asked) => new URL(asked).pathname.startsWith('/api/'))
  assert.equal(sent, [], 'a preview sends nothing to the API')
  const count = await x.call('GET', `/api/v1/management/responses?surveyId=${surveyId}&count=true`, { key: x.keyA })
  assert.is(count.headers.get('x-total-count'), '0')
  const kept = (await outboxRecords(page)).filter((record) => record.surveyId === surveyId)
  assert.equal(kept, [], 'nothing kept on the device (the tests share an origin: only this survey is looked at)')
  await tab.done()
})

test.run()
