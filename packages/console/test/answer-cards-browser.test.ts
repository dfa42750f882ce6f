/**
 * Every answer readable, in headless Chromium, keyboard only: an owner opens a respondent's uploaded (private)
 * file from the response detail through a file link (docs/api.md, "Opening a file"), never seeing its storage
 * URL, and reads an open-text question's answers on the summary: the latest ten, "Show more", a search inside
 * them; a contact info answer with its fields' labels. axe-core finds no serious or critical violation.
 */
import { readFile } from 'node:fs/promises'
import { createSurvey, createTestCanvass, fileUploadQuestion, question, signedUploadHeaders, skipSuiteUnless } from '@canvass/test-bed'
import type { TestCanvass } from '@canvass/test-bed'
import { axeViolations, chromiumMissing, launchChromium, releaseChromium } from '@canvass/test-bed/chromium'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { addPerson, signIn } from './sign-in'

const bundle = readFile(new URL('../dist/console.js', import.meta.url), 'utf8')
const OWNER = 'owner@example.org'
/** A 1×1 PNG: an image, which the file route lets a browser show inline. */
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='

const test = skipSuiteUnless(suite('answer cards and file links, keyboard only'), chromiumMissing())
let bed: TestCanvass & { url: string }
let browser: Browser
let context: BrowserContext

test.before(async () => {
  browser = await launchChromium()
  const created = await createTestCanvass({ console: { accounts: true, bundle: await bundle } })
  bed = Object.assign(created, { url: await created.listen() })
  await addPerson(bed, OWNER, 'owner')
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  await signIn(bed.url, context, OWNER)
})
test.after(async () => {
  await context?.close()
  if (browser) await releaseChromium()
  await bed?.close()
})

/** The focused element's text (a button's or a link's) or its label's. */
const focusedName = (on: Page): Promise<string> =>
  on.evaluate(() => {
    const active = document.activeElement as HTMLInputElement | null
    if (!active || active === document.body) return ''
    return (active.labels?.[0]?.textContent ?? active.textContent ?? '').replace(/\s+/g, ' ').trim()
  })

/** Presses Tab (or Shift+Tab) until the focused control's name starts with `name`. */
async function tabTo(on: Page, name: string, back = false): Promise<void> {
  for (let presses = 0; presses < 150; presses++) {
    if ((await focusedName(on)).startsWith(name)) return
    await on.keyboard.press(back ? 'Shift+Tab' : 'Tab')
  }
  assert.unreachable(`"${name}" not reached by Tab; focus: ${await focusedName(on)}`)
}

async function noViolations(on: Page, where: string): Promise<void> {
  assert.equal(await axeViolations(on), [], `axe at ${where}`)
}

/** A respondent's PNG for the survey's file question, stored private as every respondent's file is. */
async function uploadPng(surveyId: string): Promise<string> {
  const presign = await bed.call('POST', `/api/v1/client/${bed.envA}/storage`, {
    body: { fileName: 'photo.png', fileType: 'image/png', surveyId, elementId: 'files' },
  })
  assert.is(presign.status, 200, presign.text)
  const presigned = presign.body.data
  const upload = await bed.call('POST', new URL(presigned.signedUrl).pathname, {
    headers: { ...signedUploadHeaders(presigned, 'image/png'), 'X-Survey-ID': surveyId, 'X-Element-ID': 'files' },
    body: { fileBase64String: PNG },
  })
  assert.is(upload.status, 200, upload.text)
  return presigned.fileUrl
}

test('an owner opens an uploaded file from the response detail, and pages and searches an open-text card', async () => {
  const survey = await createSurvey(bed, {
    questions: [
      question('q1'),
      { id: 'contact', type: 'contactInfo', headline: { default: 'How can we reach you?' }, required: false },
      fileUploadQuestion('files'),
    ],
  })
  const respond = async (data: Record<string, unknown>) => {
    const res = await bed.call('POST', `/api/v1/client/${bed.envA}/responses`, { body: { surveyId: survey.id, finished: true, data } })
    assert.is(res.status, 200, res.text)
    return res.body.data.id as string
  }
  for (let i = 1; i <= 12; i++) await respond({ q1: i === 3 ? 'A needle in the haystack' : `Answer number ${i}` })
  const fileUrl = await uploadPng(survey.id)
  const withFile = await respond({
    q1: 'The newest answer',
    contact: ['Linus', 'T', 'linus@example.net', '', 'Kernel GmbH'],
    files: [fileUrl],
  })

  // The response detail: the file by its name; Enter opens it, through a signed link, in a new tab.
  const tab = await context.newPage()
  await tab.goto(`${bed.url}/console#/surveys/${survey.id}/responses/${withFile}`)
  await tab.getByRole('button', { name: /^photo\.png/ }).waitFor()
  assert.not.ok((await tab.locator('main').innerText()).includes('/storage/'), 'no storage URL on the page')
  assert.ok((await tab.locator('main').innerText()).includes('Email'), 'contact info with its labels')
  await noViolations(tab, 'the response detail')
  await tabTo(tab, 'photo.png')
  const [opened] = await Promise.all([context.waitForEvent('page'), tab.keyboard.press('Enter')])
  await opened.waitForLoadState()
  assert.match(opened.url(), /\/storage\/[^/]+\/private\/photo[^?]*\?token=/)
  assert.is(await opened.evaluate(() => document.contentType), 'image/png', 'the file itself, not a 401')
  await opened.close()

  // The summary: the open-text card's latest ten, the rest on "Show more", and a search.
  await tab.goto(`${bed.url}/console#/surveys/${survey.id}/results`)
  const card = tab.locator('.cv-answer-card[data-question="q1"]')
  const answers = card.locator('li[data-cv="answer"]')
  await answers.first().waitFor()
  assert.is(await answers.count(), 10, 'the latest ten')
  assert.is(await answers.first().locator('.cv-answer').innerText(), 'The newest answer')
  const contact = await tab.locator('.cv-answer-card[data-question="contact"] dt').allInnerTexts()
  assert.equal(contact, ['First name', 'Last name', 'Email', 'Company'], 'labelled fields, the empty one left out')
  await noViolations(tab, 'the summary')
  await tabTo(tab, 'Show more')
  await tab.keyboard.press('Enter')
  await card.getByText('All 13 answers shown.').waitFor()
  assert.is(await answers.count(), 13)
  assert.ok((await focusedName(tab)).startsWith('All 13 answers shown'), 'focus stays in the card')

  await tabTo(tab, 'Search the answers: How was it?', true)
  await tab.keyboard.type('NEEDLE')
  await tab.keyboard.press('Enter')
  await card.locator('ul[aria-label="Answers containing “NEEDLE”"]').waitFor()
  assert.equal(await answers.locator('.cv-answer').allInnerTexts(), ['A needle in the haystack'])
  await noViolations(tab, 'a search')
  await tab.close()
})

test.run()
