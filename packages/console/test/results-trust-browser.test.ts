/**
 * Issue 84's "Done when", end to end in headless Chromium: a survey in English and German (every label
 * translated) with single choice, multiple choice with "Other", an NPS whose logic sends only detractors to a
 * follow-up block, a ranking, a matrix, contact info and a file upload, answered through the link page by five
 * respondents (three in German with `?lang=de`, one of whom leaves at the follow-up). Then, one test per promise:
 *
 * - the console's summary (signed in as an owner) and the shared results page show the same counts, German
 *   answers counted with their English choice, the matrix without German rows or columns, "Other" once;
 * - a filter on a choice finds the answers given in both languages;
 * - the CSV and XLSX exports hold every cell, the German respondent's matrix cells too;
 * - the uploaded file opens from the console's response page (never a bare storage URL, never a 401);
 * - drop-off counts a block as reached only by the respondents logic sent there.
 *
 * Answers are stored as the respondent's page gave them (the label in their language), as the reference
 * stores them; the first test shows that, so that what the others read is known.
 *
 * What the pages are read by, where the issue asks for something new: on the response page, the file is a link
 * or a button whose name starts with the file's name (`bericht.png`), opening it in a new tab or as a download;
 * the responses screen's group "Export the filtered responses" has a button "Export Excel (XLSX)" beside "Export CSV";
 * the summary (console and shared page) has a region "Drop-off per block, table" holding a table with a row per
 * block (its name as the row header) and the columns "Reached", "Answered", "Skipped" and "Left here".
 */
import { readFile } from 'node:fs/promises'
import { inflateRawSync } from 'node:zlib'
import { createTestCanvass, skipSuiteUnless, waitFor } from '@canvass/test-bed'
import type { TestCanvass } from '@canvass/test-bed'
import { axeViolations, chromiumMissing, launchChromium, outboxDrained, outboxSent, releaseChromium } from '@canvass/test-bed/chromium'
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { addPerson, signIn } from './sign-in'

const bundle = readFile(new URL('../dist/console.js', import.meta.url), 'utf8')
const OWNER = 'owner@example.org'
/** A one-pixel PNG: the file a German respondent uploads. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGPgW/oSAAJhAZ1J9NK9AAAAAElFTkSuQmCC', 'base64')
const FILE_NAME = 'bericht.png'

/** A text in English and in German. */
type Pair = readonly [en: string, de: string]
type Lang = 'en' | 'de'
const say = (pair: Pair, lang: Lang) => (lang === 'de' ? pair[1] : pair[0])
const tr = (pair: Pair) => ({ default: pair[0], de: pair[1] })

const Q = {
  disappointed: [
    'How would you feel if you could no longer use the app?',
    'Wie wäre es für dich, wenn du die App nicht mehr nutzen könntest?',
  ],
  tools: ['Which tools do you use besides it?', 'Welche Werkzeuge nutzt du außerdem?'],
  nps: ['How likely are you to recommend us?', 'Wie wahrscheinlich empfiehlst du uns weiter?'],
  why: ['What should we fix first?', 'Was sollten wir zuerst verbessern?'],
  rank: ['Rank these features', 'Ordne diese Funktionen'],
  grid: ['How satisfied are you with each part?', 'Wie zufrieden bist du mit jedem Teil?'],
  contact: ['How can we reach you?', 'Wie erreichen wir dich?'],
  file: ['Attach a screenshot', 'Hänge ein Bildschirmfoto an'],
} as const satisfies Record<string, Pair>

const C = {
  very: ['Very disappointed', 'Sehr enttäuscht'],
  somewhat: ['Somewhat disappointed', 'Etwas enttäuscht'],
  not: ['Not disappointed', 'Nicht enttäuscht'],
  sheets: ['Spreadsheets', 'Tabellenkalkulation'],
  notes: ['Notebooks', 'Notizbücher'],
  other: ['Other', 'Andere'],
  reports: ['Reports', 'Berichte'],
  alerts: ['Alerts', 'Warnungen'],
  sharing: ['Sharing', 'Teilen'],
  speed: ['Speed', 'Geschwindigkeit'],
  price: ['Price', 'Preis'],
  unsatisfied: ['Unsatisfied', 'Unzufrieden'],
  satisfied: ['Satisfied', 'Zufrieden'],
  firstName: ['First name', 'Vorname'],
  email: ['Email', 'E-Mail'],
  next: ['Continue', 'Weiter'],
  send: ['Send', 'Senden'],
  thanks: ['Thank you!', 'Danke!'],
} as const satisfies Record<string, Pair>

/** The blocks, by the names the drop-off shows. */
const BLOCKS = { basics: 'Basics', score: 'Score', followUp: 'Follow-up', details: 'Details', contact: 'Contact' }

const hidden = (pair: Pair) => ({ show: false, required: false, placeholder: tr(pair) })

/**
 * Five blocks: two choice questions; the NPS, whose logic jumps past the follow-up for a score above 6 (so only
 * detractors see it); the follow-up (optional); a ranking and a matrix; contact info and a file.
 */
function survey(environmentId: string) {
  const choice = (id: string, pair: Pair) => ({ id, label: tr(pair) })
  return {
    environmentId,
    name: 'Would you miss us? (English and German)',
    type: 'link',
    status: 'inProgress',
    languages: [
      { default: true, enabled: true, language: { code: 'en', alias: null } },
      { default: false, enabled: true, language: { code: 'de', alias: null } },
    ],
    hiddenFields: { enabled: true, fieldIds: ['who'] },
    blocks: [
      {
        id: 'basics',
        name: BLOCKS.basics,
        buttonLabel: tr(C.next),
        elements: [
          {
            id: 'disappointed',
            type: 'multipleChoiceSingle',
            headline: tr(Q.disappointed),
            required: true,
            choices: [choice('very', C.very), choice('somewhat', C.somewhat), choice('not', C.not)],
          },
          {
            id: 'tools',
            type: 'multipleChoiceMulti',
            headline: tr(Q.tools),
            required: true,
            choices: [choice('sheets', C.sheets), choice('notes', C.notes), choice('other', C.other)],
          },
        ],
      },
      {
        id: 'score',
        name: BLOCKS.score,
        buttonLabel: tr(C.next),
        elements: [{ id: 'nps', type: 'nps', headline: tr(Q.nps), required: true }],
        logic: [
          {
            id: 'not-a-detractor',
            conditions: {
              id: 'g1',
              connector: 'and',
              conditions: [
                {
                  id: 'c1',
                  leftOperand: { type: 'element', value: 'nps' },
                  operator: 'isGreaterThan',
                  rightOperand: { type: 'static', value: 6 },
                },
              ],
            },
            actions: [{ id: 'a1', objective: 'jumpToBlock', target: 'details' }],
          },
        ],
      },
      {
        id: 'followUp',
        name: BLOCKS.followUp,
        buttonLabel: tr(C.next),
        elements: [{ id: 'why', type: 'openText', inputType: 'text', headline: tr(Q.why), required: false }],
      },
      {
        id: 'details',
        name: BLOCKS.details,
        buttonLabel: tr(C.next),
        elements: [
          {
            id: 'rank',
            type: 'ranking',
            headline: tr(Q.rank),
            required: true,
            choices: [choice('reports', C.reports), choice('alerts', C.alerts), choice('sharing', C.sharing)],
          },
          {
            id: 'grid',
            type: 'matrix',
            headline: tr(Q.grid),
            required: true,
            rows: [choice('speed', C.speed), choice('price', C.price)],
            columns: [choice('unsatisfied', C.unsatisfied), choice('satisfied', C.satisfied)],
          },
        ],
      },
      {
        id: 'contact',
        name: BLOCKS.contact,
        buttonLabel: tr(C.send),
        elements: [
          {
            id: 'contact',
            type: 'contactInfo',
            headline: tr(Q.contact),
            required: true,
            firstName: { show: true, required: true, placeholder: tr(C.firstName) },
            lastName: hidden(['Last name', 'Nachname']),
            email: { show: true, required: true, placeholder: tr(C.email) },
            phone: hidden(['Phone', 'Telefon']),
            company: hidden(['Company', 'Firma']),
          },
          {
            id: 'file',
            type: 'fileUpload',
            headline: tr(Q.file),
            required: false,
            allowMultipleFiles: false,
            allowedFileExtensions: ['png'],
          },
        ],
      },
    ],
    endings: [{ id: 'thanks', type: 'endScreen', headline: tr(C.thanks) }],
  }
}

interface Respondent {
  who: string
  lang: Lang
  disappointed: Pair
  tools: Pair[]
  /** What they type under "Other". */
  other?: string
  nps: number
  why?: string
  /** Leaves on the follow-up block, unfinished. */
  leaves?: boolean
  rank?: Pair[]
  grid?: { speed: Pair; price: Pair }
  name?: string
  file?: boolean
}

/** Two in English, three in German: one promoter, one passive, three detractors, one of whom leaves. */
const RESPONDENTS: Respondent[] = [
  {
    who: 'r1',
    lang: 'en',
    disappointed: C.very,
    tools: [C.sheets, C.other],
    other: 'Paper',
    nps: 10,
    rank: [C.reports, C.alerts, C.sharing],
    grid: { speed: C.satisfied, price: C.unsatisfied },
    name: 'Ada',
  },
  {
    who: 'r2',
    lang: 'de',
    disappointed: C.somewhat,
    tools: [C.sheets, C.other],
    other: 'Papier',
    nps: 3,
    why: 'Schneller laden',
    rank: [C.reports, C.sharing, C.alerts],
    grid: { speed: C.satisfied, price: C.unsatisfied },
    name: 'Jörg',
    file: true,
  },
  {
    who: 'r3',
    lang: 'en',
    disappointed: C.somewhat,
    tools: [C.notes],
    nps: 5,
    rank: [C.alerts, C.reports, C.sharing],
    grid: { speed: C.unsatisfied, price: C.satisfied },
    name: 'Grace',
  },
  {
    who: 'r4',
    lang: 'de',
    disappointed: C.not,
    tools: [C.notes, C.sheets],
    nps: 8,
    rank: [C.sharing, C.reports, C.alerts],
    grid: { speed: C.satisfied, price: C.satisfied },
    name: 'Käthe',
  },
  { who: 'r5', lang: 'de', disappointed: C.somewhat, tools: [C.sheets], nps: 2, leaves: true },
]

const test = skipSuiteUnless(suite('issue 84: results a team can trust, in English and German'), chromiumMissing())
let bed: TestCanvass & { url: string }
let browser: Browser
/** The owner's browser profile, signed in to the console. */
let owner: BrowserContext
let surveyId: string
let shareKey: string
/** The stored responses, by respondent (`who`). */
let stored: Record<string, any>
/** Problems a respondent's page logged (errors, page errors). */
const pageProblems: string[] = []

test.before(async () => {
  browser = await launchChromium()
  const created = await createTestCanvass({ console: { accounts: true, bundle: await bundle } })
  bed = Object.assign(created, { url: await created.listen() })
  await addPerson(bed, OWNER, 'owner')
  owner = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true })
  owner.setDefaultTimeout(10_000)
  await signIn(bed.url, owner, OWNER)

  const made = await bed.call('POST', '/api/v1/management/surveys', { key: bed.keyA, body: survey(bed.envA) })
  if (made.status !== 200) throw new Error(`the survey was refused: ${made.status} ${made.text}`)
  surveyId = made.body.data.id
  const shared = await bed.call('POST', `/api/v1/management/surveys/${surveyId}/share`, { key: bed.keyA })
  if (shared.status !== 200) throw new Error(`sharing the results was refused: ${shared.status} ${shared.text}`)
  shareKey = shared.body.data.resultShareKey

  for (const respondent of RESPONDENTS) await answer(respondent)
  stored = await waitFor('four finished responses and one left at the follow-up', async () => {
    const list = await bed.call('GET', `/api/v1/management/responses?surveyId=${surveyId}&limit=100`, { key: bed.keyA })
    const byWho = Object.fromEntries((list.body.data as any[]).map((response) => [response.data.who, response]))
    const done = RESPONDENTS.every((r) => byWho[r.who] && byWho[r.who].finished === !r.leaves)
    return done ? byWho : undefined
  })
})

test.after(async () => {
  await owner?.close()
  if (browser) await releaseChromium()
  await bed?.close()
})

/** One respondent on the link page, in a browser profile of their own (an unfinished response would resume). */
async function answer(r: Respondent): Promise<void> {
  const context = await browser.newContext({ locale: r.lang === 'de' ? 'de-DE' : 'en-US', viewport: { width: 390, height: 844 } })
  const page = await context.newPage()
  page.setDefaultTimeout(10_000)
  page.on('pageerror', (error) => pageProblems.push(`${r.who}: ${error.message}`))
  page.on('console', (message) => {
    // What the test's own evaluated code logs (axe) has no URL.
    if (message.type() === 'error' && message.location().url !== '') pageProblems.push(`${r.who}: ${message.text()}`)
  })
  try {
    // The link page takes the language's code (`de`), as the survey names it, or its alias.
    await page.goto(`${bed.url}/s/${surveyId}?who=${r.who}${r.lang === 'de' ? '&lang=de' : ''}`)
    await answerOn(page, r)
  } catch (error) {
    // The renderer draws in a shadow root, which CSS locators look into.
    const shown = await page
      .locator('h2.cv-headline, .cv-error')
      .allInnerTexts()
      .catch(() => ['(unreadable)'])
    throw new Error(
      `respondent ${r.who} (${r.lang}) could not answer: ${(error as Error).message}\nThe page showed: ${shown.map(squash).join(' | ')}`,
    )
  } finally {
    await context.close()
  }
}

async function answerOn(page: Page, r: Respondent): Promise<void> {
  const s = (pair: Pair) => say(pair, r.lang)
  // An element of a block of several is a group its headline names; the only element of a block is the form.
  const element = (pair: Pair) => page.locator('.cv-step').filter({ has: page.getByRole('heading', { name: s(pair) }) })
  const next = (label: Pair = C.next) => page.getByRole('button', { name: s(label), exact: true }).click()

  await element(Q.disappointed)
    .getByRole('radio', { name: s(r.disappointed), exact: true })
    .check()
  if (r.who === 'r1') assert.equal(await axeViolations(page), [], 'axe on the link page')
  for (const tool of r.tools)
    await element(Q.tools)
      .getByRole('checkbox', { name: s(tool), exact: true })
      .check()
  if (r.other !== undefined)
    await element(Q.tools)
      .getByRole('textbox', { name: s(C.other), exact: true })
      .fill(r.other)
  await next()

  await element(Q.nps).locator('label.cv-scale-item').nth(r.nps).click()
  await next()

  if (r.nps <= 6) {
    await element(Q.why).waitFor()
    if (r.leaves) {
      // Left here: what was given so far is stored, unfinished; the page is closed.
      await waitFor(`${r.who}'s answers so far, stored`, async () => {
        const list = await bed.call('GET', `/api/v1/management/responses?surveyId=${surveyId}&limit=100`, { key: bed.keyA })
        return (list.body.data as any[]).some((response) => response.data.who === r.who && response.data.nps === r.nps)
      })
      await outboxSent(page)
      return
    }
    if (r.why !== undefined) await element(Q.why).getByRole('textbox').fill(r.why)
    await next()
  }

  for (const item of r.rank ?? []) await page.getByRole('button', { name: `Add ${s(item)} to the ranking`, exact: true }).click()
  for (const [row, column] of [
    [C.speed, r.grid?.speed],
    [C.price, r.grid?.price],
  ] as const)
    if (column) await page.getByRole('radio', { name: `${s(row)}: ${s(column)}`, exact: true }).check()
  await next()

  await element(Q.contact)
    .getByLabel(s(C.firstName))
    .fill(r.name ?? '')
  await element(Q.contact).getByLabel(s(C.email)).fill(`${r.who}@example.org`)
  if (r.file) {
    await page.locator('input[type=file]').setInputFiles({ name: FILE_NAME, mimeType: 'image/png', buffer: PNG })
    await page.getByRole('button', { name: `Remove ${FILE_NAME}` }).waitFor()
  }
  await next(C.send)
  await page.getByRole('heading', { name: s(C.thanks) }).waitFor()
  await outboxDrained(page)
}

const API = {
  summary: () => bed.call('GET', `/api/v1/management/surveys/${surveyId}/summary`, { key: bed.keyA }),
  shared: () => bed.call('GET', `/share/${shareKey}/summary.json`),
}

/** The summary's entry of a question. */
const questionOf = (summary: any, id: string) => (summary.questions as any[]).find((question) => question.questionId === id)

/** The count of a choice, by its id. */
const choiceCount = (question: any, id: string): number | undefined =>
  (question?.choices as any[] | undefined)?.find((choice) => choice.id === id)?.count

/** A matrix summary's cells as `row / column → count`, by the labels the summary names them with. */
function matrixCells(question: any): Record<string, number> {
  const cells: Record<string, number> = {}
  for (const row of question?.rows ?? []) {
    const rowName = row.label ?? row.row
    for (const column of row.columns ?? []) cells[`${rowName} / ${column.label ?? column.column}`] = column.count
  }
  return cells
}

/** A page of the console, signed in as the owner, on `hash`; fails on a page error. */
async function consolePage(hash: string): Promise<{ page: Page; errors: string[] }> {
  const page = await owner.newPage()
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()))
  await page.goto(`${bed.url}/console#/surveys/${surveyId}/${hash}`)
  return { page, errors }
}

/** The console's summary and the shared page, both drawn. */
async function bothSummaries(): Promise<{ inConsole: Page; onShare: Page; done(): Promise<void> }> {
  const inConsole = (await consolePage('results')).page
  await inConsole.locator('.cv-results data[data-cv="total-starts"]').waitFor()
  const onShare = await owner.newPage()
  const answered = await onShare.goto(`${bed.url}/share/${shareKey}`)
  assert.is(answered?.status(), 200, 'the shared page opens')
  await onShare.locator('main data[data-cv="total-starts"]').waitFor()
  return {
    inConsole,
    onShare,
    async done() {
      await inConsole.close()
      await onShare.close()
    },
  }
}

/** A question's card in a summary: the region its headline names. */
const card = (page: Page, id: keyof typeof Q) => page.getByRole('region', { name: Q[id][0], exact: true })

const squash = (text: string) => text.replace(/\s+/g, ' ').trim()

/**
 * A table's body as `row header → column header → text` (the header row's cells name the columns). `folded`
 * reads the cells' text content, for a table folded away in a closed `<details>`, whose rendered text is empty.
 */
async function readTable(table: Locator, folded = false): Promise<Record<string, Record<string, string>>> {
  const texts = (cells: Locator) => (folded ? cells.allTextContents() : cells.allInnerTexts())
  const heads = (await texts(table.locator('thead tr').first().locator('th, td'))).map(squash)
  const out: Record<string, Record<string, string>> = {}
  for (const row of await table.locator('tbody tr').all()) {
    const cells = (await texts(row.locator('th, td'))).map(squash)
    out[cells[0] ?? ''] = Object.fromEntries(cells.slice(1).map((cell, index) => [heads[index + 1] ?? `column ${index + 2}`, cell]))
  }
  return out
}

/** The first whole number of a cell's text ("3 · 60 %" is 3), or NaN. */
const firstNumber = (text: string | undefined) => Number(/\d[\d,]*/.exec(text ?? '')?.[0]?.replace(/,/g, '') ?? Number.NaN)

test('the respondents’ answers are stored as their pages gave them, each in its language', () => {
  assert.equal(pageProblems, [], 'the link pages logged no error')
  const r2 = stored.r2
  assert.is(r2.language, 'de', 'a German respondent’s response is in German')
  assert.is(r2.data.disappointed, 'Etwas enttäuscht', 'stored as the German label (as the reference stores it)')
  assert.equal(r2.data.grid, { Geschwindigkeit: 'Zufrieden', Preis: 'Unzufrieden' })
  assert.equal(r2.data.tools, ['Tabellenkalkulation', 'Papier'])
  assert.is(r2.data.why, 'Schneller laden')
  assert.match(r2.data.file?.[0] ?? '', /\/storage\/.+\/private\/bericht--fid--/, 'the upload is stored, private')
  assert.is(stored.r1.language, 'en')
  assert.equal(stored.r1.data.tools, ['Spreadsheets', 'Paper'])
  assert.equal(
    RESPONDENTS.map((r) => [r.who, stored[r.who].finished, stored[r.who].data.nps]),
    RESPONDENTS.map((r) => [r.who, !r.leaves, r.nps]),
    'four finished, the fifth left unfinished at the follow-up',
  )
  assert.is(stored.r5.data.rank, undefined, 'the one who left answered nothing past the follow-up')
})

test('the console summary and the shared page show the same merged counts', async () => {
  const summary = (await API.summary()).body.data
  const shared = (await API.shared()).body.data
  assert.equal(shared.questions, summary.questions, 'shared summary.json and the management summary count the questions alike')
  assert.equal(shared.dropOff, summary.dropOff, 'shared summary.json and the management summary count the drop-off alike')

  // Through the API: German answers counted with their English choice.
  const disappointed = questionOf(summary, 'disappointed')
  assert.equal(
    ['very', 'somewhat', 'not'].map((id) => choiceCount(disappointed, id)),
    [1, 3, 1],
    'single choice: "Etwas enttäuscht" counted as "Somewhat disappointed" (2 German + 1 English)',
  )
  assert.is(disappointed.other?.count ?? 0, 0, 'single choice: no German label left over as "other"')
  const tools = questionOf(summary, 'tools')
  assert.equal(
    [choiceCount(tools, 'sheets'), choiceCount(tools, 'notes')],
    [4, 2],
    'multiple choice: "Tabellenkalkulation" and "Notizbücher" counted with their English choices',
  )
  const otherCounts = [choiceCount(tools, 'other'), tools.other?.count].filter((count): count is number => (count ?? 0) > 0)
  assert.ok(
    otherCounts.length > 0 && otherCounts.every((count) => count === 2),
    `"Other" counts the two typed answers: ${JSON.stringify(otherCounts)}`,
  )
  const rank = questionOf(summary, 'rank')
  assert.equal(
    Object.fromEntries((rank.choices as any[]).map((choice) => [choice.id, [choice.count, choice.averagePosition]])),
    { reports: [4, 1.5], alerts: [4, 2.25], sharing: [4, 2.25] },
    'ranking: German rankings counted with the English items',
  )
  assert.equal(
    matrixCells(questionOf(summary, 'grid')),
    { 'Speed / Unsatisfied': 1, 'Speed / Satisfied': 3, 'Price / Unsatisfied': 2, 'Price / Satisfied': 2 },
    'matrix: German rows ("Geschwindigkeit") and columns ("Zufrieden") counted in the English ones, none of their own',
  )
  const nps = questionOf(summary, 'nps')
  assert.equal([nps.promoters.count, nps.passives.count, nps.detractors.count], [1, 1, 3], 'NPS groups')

  // Through the pages: the console (the owner's) and the shared page, card by card.
  const { inConsole, onShare, done } = await bothSummaries()
  for (const id of ['disappointed', 'tools', 'nps', 'rank', 'grid'] as const) {
    const [mine, theirs] = [squash(await card(inConsole, id).innerText()), squash(await card(onShare, id).innerText())]
    assert.is(mine, theirs, `the "${Q[id][0]}" card reads the same in the console and on the shared page`)
  }
  for (const [where, page] of [
    ['console', inConsole],
    ['shared page', onShare],
  ] as const) {
    const grid = card(page, 'grid').getByRole('table')
    const rows = await readTable(grid)
    assert.equal(Object.keys(rows), ['Speed', 'Price'], `${where}: the matrix has only the English rows`)
    assert.equal(Object.keys(rows.Speed ?? {}), ['Unsatisfied', 'Satisfied'], `${where}: the matrix has only the English columns`)
    assert.equal(
      [firstNumber(rows.Speed?.Satisfied), firstNumber(rows.Price?.Unsatisfied)],
      [3, 2],
      `${where}: the matrix cells count both languages`,
    )
    const labels = (await card(page, 'tools').locator('.cv-bar-label').allInnerTexts()).map(squash)
    assert.is(
      labels.filter((label) => /^(other|andere)$/i.test(label)).length,
      1,
      `${where}: "Other" is shown once (${labels.join(' | ')})`,
    )
    assert.not.ok(
      labels.some((label) => /Tabellenkalkulation|Notizbücher/.test(label)),
      `${where}: no German choice shown as a choice of its own (${labels.join(' | ')})`,
    )
    // Listed, though perhaps folded away (a closed <details>).
    const typed = (await card(page, 'tools').textContent()) ?? ''
    assert.ok(typed.includes('Paper') && typed.includes('Papier'), `${where}: the typed "Other" answers ("Paper", "Papier") are listed`)
    const somewhat = page.locator('data[data-cv="choice-count"][data-question="disappointed"][data-choice="somewhat"]')
    assert.is(await somewhat.getAttribute('value'), '3', `${where}: "Somewhat disappointed" shows 3`)
  }
  assert.equal(await axeViolations(inConsole), [], 'axe on the console summary')
  assert.equal(await axeViolations(onShare), [], 'axe on the shared page')
  await done()
})

test('a filter on a choice matches answers in both languages', async () => {
  const summary = (await API.summary()).body.data
  const expected = choiceCount(questionOf(summary, 'disappointed'), 'somewhat')
  const filter = `filter${encodeURIComponent('[data.disappointed][eq]')}=${encodeURIComponent(C.somewhat[0])}`
  const list = await bed.call('GET', `/api/v1/management/responses?surveyId=${surveyId}&limit=100&count=true&${filter}`, { key: bed.keyA })
  assert.is(list.status, 200, list.text)
  const found = (list.body.data as any[]).map((response) => response.data.who).sort()
  assert.equal(found, ['r2', 'r3', 'r5'], `"is Somewhat disappointed" finds the German "Etwas enttäuscht" too (found ${found.join(', ')})`)
  assert.is(Number(list.headers.get('x-total-count')), expected, "the list's count equals the summary's count for the choice")

  // The console's table, filtered the same way.
  const { page, errors } = await consolePage('responses')
  await page.getByRole('button', { name: 'Add a condition' }).click()
  const condition = page.getByRole('group', { name: 'Condition 1' })
  await condition.getByLabel('Field').selectOption({ label: Q.disappointed[0] })
  await condition.getByLabel('Test').selectOption({ label: 'is' })
  const value = condition.getByLabel('Value')
  if ((await value.evaluate((node) => node.tagName)) === 'SELECT') await value.selectOption({ label: C.somewhat[0] })
  else await value.fill(C.somewhat[0])
  const filtered = page.waitForResponse((res) => decodeURIComponent(res.url()).includes('filter[data.disappointed]'))
  await page.getByRole('button', { name: 'Apply filters' }).click()
  const counted = Number((await filtered).headers()['x-total-count'])
  // The table shows what the server counted for the filter.
  await page
    .getByRole('status')
    .filter({ hasText: new RegExp(`^(More than )?${counted} responses? match`) })
    .waitFor()
  assert.is(
    counted,
    expected,
    `the console's filtered table counts both languages: ${counted} responses match, the summary counts ${expected}`,
  )
  assert.equal(errors, [], 'the console logged no error')
  await page.close()
})

/** Parses RFC 4180 CSV. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let cell = ''
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const char = text[i]
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"'
        i++
      } else if (char === '"') quoted = false
      else cell += char
    } else if (char === '"') quoted = true
    else if (char === ',') {
      row.push(cell)
      cell = ''
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i++
      row.push(cell)
      rows.push(row)
      row = []
      cell = ''
    } else cell += char
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell])
  return rows
}

/** The files of a ZIP archive (stored or deflated), by name. */
function unzip(archive: Buffer): Map<string, Buffer> {
  let end = archive.length - 22
  while (end >= 0 && archive.readUInt32LE(end) !== 0x06054b50) end--
  if (end < 0) throw new Error('not a ZIP archive')
  const files = new Map<string, Buffer>()
  let at = archive.readUInt32LE(end + 16)
  for (let n = archive.readUInt16LE(end + 10); n > 0; n--) {
    const method = archive.readUInt16LE(at + 10)
    const size = archive.readUInt32LE(at + 20)
    const nameLength = archive.readUInt16LE(at + 28)
    const local = archive.readUInt32LE(at + 42)
    const name = archive.toString('utf8', at + 46, at + 46 + nameLength)
    const start = local + 30 + archive.readUInt16LE(local + 26) + archive.readUInt16LE(local + 28)
    const data = archive.subarray(start, start + size)
    files.set(name, method === 8 ? inflateRawSync(data) : data)
    at += 46 + nameLength + archive.readUInt16LE(at + 30) + archive.readUInt16LE(at + 32)
  }
  return files
}

const unescapeXml = (text: string) =>
  text.replace(/&(#x?[0-9a-f]+|amp|lt|gt|quot|apos);/gi, (_, name: string) =>
    name[0] === '#'
      ? String.fromCodePoint(Number.parseInt(name.slice(name[1] === 'x' ? 2 : 1), name[1] === 'x' ? 16 : 10))
      : ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" } as Record<string, string>)[name.toLowerCase()]!,
  )

/** The texts of the `<t>` elements in `xml`, joined. */
const textsOf = (xml: string) => [...xml.matchAll(/<t(?:\s[^>]*)?>([\s\S]*?)<\/t>/g)].map((match) => unescapeXml(match[1] ?? '')).join('')

/** The first sheet of an XLSX workbook as rows of cell texts (shared, inline and plain strings, numbers). */
function readXlsx(workbook: Buffer): string[][] {
  const files = unzip(workbook)
  const shared = [...(files.get('xl/sharedStrings.xml')?.toString('utf8') ?? '').matchAll(/<si>([\s\S]*?)<\/si>/g)].map((m) =>
    textsOf(m[1] ?? ''),
  )
  const sheetName = [...files.keys()].filter((name) => /^xl\/worksheets\/sheet\d+\.xml$/.test(name)).sort()[0]
  const sheet = files.get(sheetName ?? '')?.toString('utf8')
  if (!sheet) throw new Error(`no worksheet in the workbook (${[...files.keys()].join(', ')})`)
  const column = (ref: string) => [...ref].reduce((sum, letter) => sum * 26 + letter.charCodeAt(0) - 64, 0) - 1
  return [...sheet.matchAll(/<row\b[^>]*>([\s\S]*?)<\/row>/g)].map((rowMatch) => {
    const row: string[] = []
    for (const cell of (rowMatch[1] ?? '').matchAll(/<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
      const attrs = cell[1] ?? ''
      const body = cell[2] ?? ''
      const ref = /\br="([A-Z]+)\d+"/.exec(attrs)?.[1]
      const type = /\bt="(\w+)"/.exec(attrs)?.[1]
      const value = unescapeXml(/<v>([\s\S]*?)<\/v>/.exec(body)?.[1] ?? '')
      const text = type === 's' ? (shared[Number(value)] ?? '') : type === 'inlineStr' ? textsOf(body) : value
      row[ref ? column(ref) : row.length] = text
    }
    return Array.from(row, (cell) => cell ?? '')
  })
}

/**
 * What an export (as rows, a header first) lacks of the respondents' answers, resolved to the default language:
 * the choices, the "Other" texts, the NPS, the ranking, each matrix cell (by row), contact info and the file.
 */
function exportProblems(format: string, rows: string[][]): string[] {
  const [header = [], ...body] = rows
  const problems: string[] = []
  const columnOf = (what: string, match: (head: string) => boolean) => {
    const index = header.findIndex(match)
    if (index < 0) problems.push(`${format}: no column for ${what} (headers: ${header.join(' | ')})`)
    return index
  }
  const who = columnOf('the hidden field "who"', (head) => /\bwho\b/.test(head))
  const of = (id: keyof typeof Q) => columnOf(`"${Q[id][0]}"`, (head) => head === Q[id][0] || head.startsWith(`${Q[id][0]} `))
  const matrix = (row: Pair) =>
    columnOf(`the matrix row "${row[0]}"`, (head) => head.startsWith(Q.grid[0]) && head.includes(row[0]) && !head.includes(row[1]))
  const contact = (field: string) => columnOf(`contact info's ${field}`, (head) => head.startsWith(Q.contact[0]) && head.includes(field))
  if (problems.length > 0) return problems
  for (const r of RESPONDENTS) {
    const line = body.find((cells) => cells[who] === r.who)
    if (!line) {
      problems.push(`${format}: no row for respondent ${r.who}`)
      continue
    }
    const cell = (index: number) => line[index] ?? ''
    const expect = (ok: boolean, what: string, index: number) => {
      if (!ok) problems.push(`${format}: ${r.who} (${r.lang}) ${what}, but the cell is "${cell(index)}"`)
    }
    const is = (index: number, expected: string, what: string) => expect(cell(index) === expected, `${what} should be "${expected}"`, index)
    is(of('disappointed'), r.disappointed[0], 'single choice')
    for (const tool of r.tools.filter((tool) => tool !== C.other))
      expect(cell(of('tools')).includes(tool[0]), `multiple choice should hold "${tool[0]}"`, of('tools'))
    if (r.other) expect(cell(of('tools')).includes(r.other), `multiple choice should hold the typed "${r.other}"`, of('tools'))
    expect(firstNumber(cell(of('nps'))) === r.nps, `NPS should be ${r.nps}`, of('nps'))
    if (r.leaves) continue
    if (r.rank) {
      const order = r.rank.map((item) => item[0])
      const got = cell(of('rank'))
      const positions = order.map((item) => got.indexOf(item))
      expect(
        positions.every((position, index) => position >= 0 && (index === 0 || position > (positions[index - 1] ?? 0))),
        `ranking should be ${order.join(', ')}`,
        of('rank'),
      )
    }
    if (r.grid) {
      is(matrix(C.speed), r.grid.speed[0], `matrix cell "${C.speed[0]}"`)
      is(matrix(C.price), r.grid.price[0], `matrix cell "${C.price[0]}"`)
    }
    is(contact('First Name'), r.name ?? '', 'contact first name')
    is(contact('Email'), `${r.who}@example.org`, 'contact email')
    if (r.file) expect(cell(of('file')).includes('bericht'), 'file cell should name the file', of('file'))
  }
  return problems
}

/** Presses an export button of the console's responses screen; the file it downloads. */
async function exported(page: Page, name: string): Promise<Buffer> {
  const download = page.waitForEvent('download')
  await page.getByRole('group', { name: 'Export the filtered responses' }).getByRole('button', { name }).click()
  const file = await download
  return readFile((await file.path()) ?? '')
}

test('the CSV and XLSX exports hold every cell', async () => {
  // Through the API first: the export route, as a key downloads it.
  const problems: string[] = []
  for (const format of ['csv', 'xlsx'] as const) {
    const res = await fetch(`${bed.url}/api/v1/management/responses/export?surveyId=${surveyId}&format=${format}`, {
      headers: { 'x-api-key': bed.keyA },
    })
    const body = Buffer.from(await res.arrayBuffer())
    if (res.status !== 200) problems.push(`API ${format}: the export route answers ${res.status}: ${body.toString('utf8').slice(0, 200)}`)
    else
      problems.push(
        ...exportProblems(`API ${format}`, format === 'csv' ? parseCsv(body.toString('utf8').replace(/^\uFEFF/, '')) : readXlsx(body)),
      )
  }
  // Then the console's buttons, as the owner downloads them.
  const { page, errors } = await consolePage('responses')
  await page
    .getByRole('status')
    .filter({ hasText: /responses? match/ })
    .waitFor()
  problems.push(...exportProblems('console CSV', parseCsv((await exported(page, 'Export CSV')).toString('utf8').replace(/^\uFEFF/, ''))))
  const xlsx = page.getByRole('group', { name: 'Export the filtered responses' }).getByRole('button', { name: 'Export Excel (XLSX)' })
  if ((await xlsx.count()) === 0) problems.push('console XLSX: the console offers no "Export Excel (XLSX)" button beside "Export CSV"')
  else problems.push(...exportProblems('console XLSX', readXlsx(await exported(page, 'Export Excel (XLSX)'))))
  assert.equal(problems, [], 'the exports hold every answer of every respondent, in the default language')
  assert.equal(errors, [], 'the console logged no error')
  await page.close()
})

test('the uploaded file opens from the console', async () => {
  const storageUrl: string = stored.r2.data.file[0]
  const { page, errors } = await consolePage(`responses/${encodeURIComponent(stored.r2.id)}`)
  await page.getByRole('heading', { name: /^Response of/ }).waitFor()
  const answers = await page.locator('main').innerText()
  assert.not.ok(answers.includes(storageUrl), 'the response page does not show the bare storage URL')
  // Named by the file's name: a link, or a button that asks for a short-lived link and opens it.
  const named = new RegExp(`^${FILE_NAME.replace('.', '\\.')}\\b`)
  const control = page.getByRole('link', { name: named }).or(page.getByRole('button', { name: named }))
  await control
    .first()
    .waitFor({ timeout: 5000 })
    .catch(() => {})
  assert.is(await control.count(), 1, `the response page offers the file by its name "${FILE_NAME}" (a link or a button)`)
  // Opened in a new tab (its page's own answer) or downloaded; either way as the signed-in owner's browser does.
  const opened = Promise.race([
    owner
      .waitForEvent('response', {
        predicate: (res) =>
          res.request().isNavigationRequest() && !res.url().startsWith(`${bed.url}/console`) && (res.status() < 300 || res.status() >= 400),
      })
      .then(async (res) => ({ status: res.status(), base64: (await res.body()).toString('base64'), where: res.url() })),
    page.waitForEvent('download').then(async (file) => ({
      status: 200,
      base64: (await readFile((await file.path()) ?? '')).toString('base64'),
      where: file.url(),
    })),
  ])
  await control.click()
  const file = await opened
  assert.not.ok(file.where === storageUrl, 'the file is not opened at its bare storage URL')
  assert.is(file.status, 200, `the file opens for the signed-in owner (answered ${file.status} at ${file.where})`)
  assert.is(file.base64, PNG.toString('base64'), 'what opens is the uploaded file')
  assert.equal(await axeViolations(page), [], 'axe on the response page')
  assert.equal(errors, [], 'the console logged no error')
  for (const other of owner.pages()) if (other !== page && other.url() === file.where) await other.close()
  await page.close()
})

test('drop-off counts only the respondents logic sent to each block', async () => {
  // Per block: reached, went on with an answer, went on without one (skipped), left here.
  const expected = {
    [BLOCKS.basics]: [5, 5, 0, 0],
    [BLOCKS.score]: [5, 5, 0, 0],
    [BLOCKS.followUp]: [3, 1, 1, 1],
    [BLOCKS.details]: [4, 4, 0, 0],
    [BLOCKS.contact]: [4, 4, 0, 0],
  }
  const summary = (await API.summary()).body.data
  const why = questionOf(summary, 'why')
  assert.is(why.answered, 1, 'the follow-up was answered once')
  assert.is(
    why.skipped,
    1,
    `"skipped" counts the one detractor who saw the follow-up and went on without an answer, not the ${why.skipped} it says (the promoter and the passive never saw it; the one who left is "left here")`,
  )
  const blocks = (summary.dropOff.blocks ?? []) as any[]
  assert.equal(
    Object.fromEntries(blocks.map((block) => [block.name, [block.reached, block.answered, block.skipped, block.leftHere]])),
    expected,
    "the summary's dropOff.blocks: each block reached only by those logic sent there (reached, answered, skipped, left here)",
  )

  const { inConsole, onShare, done } = await bothSummaries()
  const funnels: Record<string, unknown> = {}
  for (const [where, page] of [
    ['console', inConsole],
    ['shared page', onShare],
  ] as const) {
    // Folded away in a closed <details>: hidden, yet the page's table.
    const table = page
      .getByRole('region', { name: 'Drop-off per block, table', includeHidden: true })
      .getByRole('table', { includeHidden: true })
    await table.waitFor({ state: 'attached', timeout: 5000 }).catch(() => {})
    assert.is(await table.count(), 1, `${where}: a table in the region "Drop-off per block, table"`)
    const rows = await readTable(table, true)
    const funnel = Object.fromEntries(
      Object.entries(rows).map(([block, cells]) => [
        block,
        ['Reached', 'Answered', 'Skipped', 'Left here'].map((column) => firstNumber(cells[column])),
      ]),
    )
    assert.equal(funnel, expected, `${where}: each block reached only by those logic sent there (reached, answered, skipped, left here)`)
    funnels[where] = funnel
  }
  assert.equal(funnels.console, funnels['shared page'], 'the console and the shared page show the same funnel')
  await done()
})

test.run()
