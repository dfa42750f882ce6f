/**
 * Working with responses in the console, in headless Chromium against a real Canvass (the test bed), keyboard
 * only, axe-core on each state (no serious or critical violation): an editor signed in tags a response (a new
 * tag made inline, taken off, an existing one picked), adds and edits a note, deletes the response through a
 * confirmation that opens on Cancel, then picks a row of the table and deletes it. The server's records and the
 * audit log are read back.
 */
import { readFile } from 'node:fs/promises'
import { createSurvey, createTestCanvass, skipSuiteUnless, waitFor } from '@canvass/test-bed'
import type { TestCanvass } from '@canvass/test-bed'
import { axeViolations, chromiumMissing, launchChromium, releaseChromium } from '@canvass/test-bed/chromium'
import type { Browser, Page } from 'playwright-core'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { addPerson, signIn } from './sign-in'

const test = skipSuiteUnless(suite('working with responses in the console, keyboard only'), chromiumMissing())
let bed: TestCanvass & { url: string }
let browser: Browser

const EDITOR = 'editor@example.com'

test.before(async () => {
  browser = await launchChromium()
  const bundle = await readFile(new URL('../dist/console.js', import.meta.url), 'utf8')
  const created = await createTestCanvass({ console: { accounts: true, bundle } })
  bed = Object.assign(created, { url: await created.listen() })
  await addPerson(bed, EDITOR, 'editor')
})
test.after(async () => {
  if (browser) await releaseChromium()
  await bed?.close()
})

/** The accessible name of the focused element: its aria-label, its label's own words, or its text. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement as HTMLElement | null
    if (!active || active === document.body) return ''
    const aria = active.getAttribute('aria-label')
    if (aria) return aria
    const label = active.closest('label')
    if (label)
      return [...label.childNodes]
        .filter((node) => node.nodeType === Node.TEXT_NODE)
        .map((node) => node.textContent)
        .join('')
        .trim()
    return (active.textContent ?? '').trim()
  })

async function tabTo(page: Page, name: string | RegExp) {
  const matches = (text: string) => (typeof name === 'string' ? text === name : name.test(text))
  for (let presses = 0; presses < 150; presses++) {
    if (matches(await focused(page))) return
    await page.keyboard.press('Tab')
  }
  assert.unreachable(`"${name}" was not reached by Tab; the focus is on "${await focused(page)}"`)
}

async function noViolations(page: Page, where: string) {
  const violations = await axeViolations(page)
  assert.equal(violations, [], `${where}:\n${violations.join('\n')}`)
}

const said = (page: Page, words: string) => page.locator('[role=status]', { hasText: words }).first().waitFor()
const api = (method: string, path: string, body?: unknown) => bed.call(method, path, { key: bed.keyA, body })

test('an editor tags, notes and deletes responses from the detail and the table', async () => {
  const survey = await createSurvey(bed, { status: 'inProgress', name: 'Work survey' })
  for (const reason of ['Slow', 'Fast', 'Fine']) {
    const res = await api('POST', '/api/v1/management/responses', { surveyId: survey.id, finished: true, data: { q1: reason } })
    assert.is(res.status, 200, res.text)
  }
  const context = await browser.newContext()
  await signIn(bed.url, context, EDITOR)
  const page = await context.newPage()
  const outside: string[] = []
  page.on('request', (request) => {
    if (!/^(blob|data):/.test(request.url()) && !request.url().startsWith(bed.url)) outside.push(request.url())
  })
  await page.goto(`${bed.url}/console#/surveys/${survey.id}/responses`)
  await said(page, '3 responses match')
  await noViolations(page, 'the table with its selection boxes')

  // One response in full.
  await tabTo(page, await page.locator('table tbody a').first().innerText())
  await page.keyboard.press('Enter')
  await page.locator('h2', { hasText: 'Response of' }).waitFor()
  const responseId = decodeURIComponent(page.url().split('/').pop() ?? '')
  const read = async () => (await api('GET', `/api/v1/management/responses/${responseId}`)).body.data

  // A tag made inline, taken off, then picked among the workspace's.
  await tabTo(page, 'Tag (pick one or type a new name)')
  await page.keyboard.type('vip')
  await page.keyboard.press('Enter')
  await said(page, 'Tag “vip” added')
  await waitFor('the tag on the response', async () => (await read()).tags.length === 1)
  assert.is(await focused(page), 'Tag (pick one or type a new name)', 'the focus stays on the field')
  await page.getByRole('button', { name: 'Remove tag vip' }).waitFor()
  await noViolations(page, 'a tagged response')
  await tabTo(page, 'Remove tag vip')
  await page.keyboard.press('Enter')
  await said(page, 'Tag “vip” removed')
  await waitFor('the tag off', async () => (await read()).tags.length === 0)
  assert.is(await focused(page), 'Tag (pick one or type a new name)')
  await page.keyboard.type('vip')
  await page.keyboard.press('Enter')
  await waitFor('the tag back on', async () => (await read()).tags.length === 1)
  const tags = (await api('GET', `/api/v3/tags?workspaceId=${bed.projectId}`)).body.data
  assert.equal(
    tags.map((tag: any) => [tag.name, tag.count]),
    [['vip', 1]],
    'the existing tag was picked, not made twice',
  )

  // A note, then edited.
  await tabTo(page, 'New note')
  await page.keyboard.type('Called them back')
  await tabTo(page, 'Add note')
  await page.keyboard.press('Enter')
  await said(page, 'Note added')
  await page.getByRole('button', { name: 'Edit note 1' }).waitFor()
  await tabTo(page, 'Edit note 1')
  await page.keyboard.press('Enter')
  await waitFor('the edit to open on its text', async () => (await focused(page)) === 'Note')
  await page.keyboard.press('Control+A')
  await page.keyboard.type('Called them back twice')
  await tabTo(page, 'Save note')
  await page.keyboard.press('Enter')
  await said(page, 'Note saved')
  await waitFor('the note edited', async () => (await read()).notes[0]?.text === 'Called them back twice')
  assert.equal([(await read()).notes[0].isEdited, (await read()).notes[0].user.name], [true, EDITOR])
  await page.locator('li', { hasText: 'Called them back twice' }).waitFor()
  await noViolations(page, 'a response with a note')

  // Deleted through a confirmation that opens on Cancel (Escape first: nothing deleted).
  await tabTo(page, 'Delete this response')
  await page.keyboard.press('Enter')
  await page.locator('dialog[open]').waitFor()
  assert.is(await focused(page), 'Cancel', 'the dialog opens on its safe button')
  await noViolations(page, 'the delete confirmation')
  await page.keyboard.press('Escape')
  await waitFor('the dialog to close', async () => (await page.locator('dialog[open]').count()) === 0)
  await waitFor('the focus back on the button', async () => (await focused(page)) === 'Delete this response')
  assert.is((await api('GET', `/api/v1/management/responses/${responseId}`)).status, 200)
  await page.keyboard.press('Enter')
  await page.locator('dialog[open]').waitFor()
  await tabTo(page, 'Delete response')
  await page.keyboard.press('Enter')
  await said(page, '2 responses match')
  assert.is((await api('GET', `/api/v1/management/responses/${responseId}`)).status, 404)

  // A row picked in the table, deleted.
  await tabTo(page, /^Select the response of /)
  await page.keyboard.press('Space')
  await tabTo(page, 'Delete selected (1)')
  await page.keyboard.press('Enter')
  await page.locator('dialog[open]').waitFor()
  assert.is(await focused(page), 'Cancel')
  await tabTo(page, 'Delete 1 response')
  await page.keyboard.press('Enter')
  await said(page, '1 response matches')
  assert.match(await focused(page), /1 response matches/, 'the focus on the count the table now has')
  await noViolations(page, 'the table after a delete')
  assert.equal(outside, [], 'no request left the Canvass origin')

  const audit = (await api('GET', '/api/v1/management/audit-log?limit=250')).body.data as any[]
  const mine = audit.filter((entry) => entry.apiKeyLabel === `console: ${EDITOR}`).map((entry) => `${entry.action} ${entry.route}`)
  for (const expected of [
    'create /api/v3/tags',
    'update /api/v1/management/responses/:responseId/tags',
    'create /api/v1/management/responses/:responseId/notes',
    'update /api/v1/management/responses/:responseId/notes/:noteId',
    'delete /api/v1/management/responses/:responseId',
    'delete /api/v1/management/responses/delete',
  ])
    assert.ok(mine.includes(expected), `audited: ${expected} (${mine.join(', ')})`)
  await context.close()
})

test.run()
