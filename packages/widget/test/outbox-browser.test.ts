/**
 * The browser outbox (issue 46) in headless Chromium against Canvass served over loopback HTTP from this process
 * (the test bed): a respondent who goes offline mid-survey (`context.setOffline`) answers the rest, and once the
 * browser is back online exactly one finished response holds every answer, with its display — on the link page
 * and through the widget behind the real `@formbricks/js` loader; the same when the tab is closed while offline
 * and the page is opened again once online; through a proxy on loopback that answers 503 and then cuts
 * connections after the server answered (so that a retried create meets the server's idempotency replay); and a
 * reload half-way through a link survey and an app survey goes on at the right question with the earlier answers
 * shown. Every check reads the server's state through the management API, polled with a deadline.
 */
import { skipSuiteUnless } from '@canvass/test-bed'
import { readFile } from 'node:fs/promises'
import { createServer, request as httpRequest } from 'node:http'
import type { Server } from 'node:http'
import { createRequire } from 'node:module'
import type { AddressInfo } from 'node:net'
import { dirname, join } from 'node:path'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createTestCanvass, waitFor } from '@canvass/test-bed'
import type { TestCanvass } from '@canvass/test-bed'
import { axeViolations, chromiumMissing, launchChromium, outboxRecords, outboxSent, releaseChromium } from '@canvass/test-bed/chromium'

const require = createRequire(import.meta.url)
const LOADER = join(dirname(require.resolve('@formbricks/js')), 'index.js')
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGPgW/oSAAJhAZ1J9NK9AAAAAElFTkSuQmCC'
const OFFLINE_NOTE = 'Your answers are saved on this device and will be sent when you are back online.'

/** The test app of the widget case: imports the loader, and nothing else. */
const APP_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Test app</title></head>
<body><main><h1>Test app</h1></main>
<script type="module">
import formbricks from '/loader.js'
window.app = formbricks
window.appReady = true
</script></body></html>`

const test = skipSuiteUnless(suite('the browser outbox in Chromium'), chromiumMissing())
let bed: TestCanvass
let url: string
let browser: Browser
let app: Server
let appUrl: string

test.before(async () => {
  browser = await launchChromium()
  bed = await createTestCanvass({
    wrap: (canvass) => async (request, info) =>
      clientApiDown && CLIENT_ROUTES(new URL(request.url)) ? Response.json(UNAVAILABLE, { status: 503 }) : canvass.fetch(request, info),
  })
  url = await bed.listen()
  const loader = await readFile(LOADER, 'utf8')
  app = createServer((req, res) => {
    const script = req.url === '/loader.js'
    res.writeHead(200, { 'content-type': script ? 'text/javascript; charset=utf-8' : 'text/html; charset=utf-8' })
    res.end(script ? loader : APP_PAGE)
  })
  await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve))
  appUrl = `http://127.0.0.1:${(app.address() as AddressInfo).port}`
})
// A test that failed half-way leaves the client API up for the next.
test.after.each(() => {
  clientApiDown = false
})
test.after(async () => {
  if (browser) await releaseChromium()
  await new Promise((resolve) => (app ? app.close(resolve) : resolve(undefined)))
  await bed?.close()
})

const openText = (id: string, headline: string) => ({
  id,
  type: 'openText',
  inputType: 'text',
  required: true,
  headline: { default: headline },
})
const QUESTIONS = [openText('q1', 'First?'), openText('q2', 'Second?'), openText('q3', 'Third?')]

async function post(path: string, body: unknown): Promise<string> {
  const res = await bed.call('POST', path, { key: bed.keyA, body })
  assert.is(res.status, 200, res.text)
  return res.body.data.id
}

const linkSurvey = () =>
  post('/api/v1/management/surveys', { environmentId: bed.envA, name: 'Offline', type: 'link', status: 'inProgress', questions: QUESTIONS })

/** An app survey shown by the code action `key`, as often as it is triggered. */
async function appSurvey(key: string): Promise<string> {
  const action = await post('/api/v1/management/action-classes', { name: `Code ${key}`, type: 'code', key })
  return post('/api/v1/management/surveys', {
    environmentId: bed.envA,
    name: `App ${key}`,
    type: 'app',
    status: 'inProgress',
    recontactDays: 0,
    displayOption: 'displayMultiple',
    triggers: [action],
    questions: QUESTIONS,
  })
}

const responsesOf = async (surveyId: string): Promise<any[]> =>
  (await bed.call('GET', `/api/v1/management/responses?surveyId=${surveyId}&limit=100`, { key: bed.keyA })).body.data
/** The survey's displays, from the bed's database (no management route lists displays). */
const displaysOf = (surveyId: string): Promise<{ id: string }[]> =>
  (bed.db as any).withSchema('canvass').selectFrom('displays').select('id').where('survey_id', '=', surveyId).execute()

/** `read()`'s value once `check` holds of it: the browser sends in the background, with no event the test sees. */
const eventually = <T>(what: string, read: () => Promise<T>, check: (value: T) => boolean, timeoutMs = 20_000): Promise<T> =>
  waitFor(
    what,
    async () => {
      const value = await read()
      return check(value) ? { value } : undefined
    },
    { timeoutMs, everyMs: 100 },
  ).then(({ value }) => value)

/**
 * Exactly one response, finished, holding every answer, linked to a display of the survey, once `page` has
 * nothing more to send: its outbox clears a save only with the server's answer to it, so by then a duplicate (a
 * retry of a create the server had stored) would be stored too.
 */
async function oneFinishedResponse(page: Page, surveyId: string, answers = { q1: 'one', q2: 'two', q3: 'three' }): Promise<any> {
  await outboxSent(page, 20_000)
  const list = await responsesOf(surveyId)
  assert.is(list.length, 1, 'exactly one response')
  const [response] = list
  assert.is(response.finished, true, 'finished')
  assert.equal(response.data, answers)
  assert.ok(response.displayId, 'linked to its display')
  assert.ok(
    (await displaysOf(surveyId)).some((d) => d.id === response.displayId),
    'a display of this survey',
  )
  return response
}

async function answer(page: Page, headline: string, text: string): Promise<void> {
  const box = page.getByRole('textbox', { name: headline })
  await box.waitFor()
  await box.fill(text)
  await page.getByRole('button', { name: /next|finish/i }).click()
}

/** The requests of the widget and the link page to Canvass's client API. */
const CLIENT_ROUTES = (url: URL) => url.pathname.startsWith('/api/v1/client/') || url.pathname.startsWith('/api/v2/client/')
/**
 * While set, the bed answers the client API 503 (`finishOfflineAndClose`). Chromium's offline emulation ends with
 * the tab that closes, as a route of the test's does: a retry the tab sent as it closed (every save is a keepalive
 * request) reached the server, and a response was stored while "offline". The server's refusal cannot end early.
 */
let clientApiDown = false
const UNAVAILABLE = { code: 'service_unavailable', message: 'The test has taken the client API down', details: {} }

/** Answers the three questions and waits for the ending. */
async function answerAll(page: Page): Promise<void> {
  await answer(page, 'First?', 'one')
  await answer(page, 'Second?', 'two')
  await answer(page, 'Third?', 'three')
  await page.getByText('Thank you!').waitFor()
}

/**
 * Offline from the first question on: answers all three, waits until the outbox holds the finished answers and
 * closes the tab, which has sent nothing.
 */
async function finishOfflineAndClose(context: BrowserContext, page: Page, surveyId: string): Promise<void> {
  await page.getByRole('textbox', { name: 'First?' }).waitFor()
  await context.setOffline(true)
  // The server refuses the client API as well; the callers lift both with `backOnline`.
  clientApiDown = true
  await answerAll(page)
  await eventually(
    'the answers kept',
    () => outboxRecords(page),
    (records) => records[0]?.answered?.finished === true,
  )
  await page.close()
  assert.equal((await responsesOf(surveyId)).length, 0)
}

/** Ends what `finishOfflineAndClose` began: the server takes the client API again, and the browser is online. */
async function backOnline(context: BrowserContext): Promise<void> {
  clientApiDown = false
  await context.setOffline(false)
}

async function newContext(): Promise<BrowserContext> {
  return browser.newContext({ viewport: { width: 1280, height: 800 } })
}

test('link page: offline after the first answer, the rest answered offline; back online, one finished response with every answer and its display', async () => {
  const surveyId = await linkSurvey()
  const context = await newContext()
  try {
    const page = await context.newPage()
    await page.goto(`${url}/s/${surveyId}`)
    await answer(page, 'First?', 'one')
    await eventually(
      'the first answer',
      () => responsesOf(surveyId),
      (list) => list.length === 1,
    )
    await context.setOffline(true)
    await answer(page, 'Second?', 'two')
    await page.getByRole('status').filter({ hasText: OFFLINE_NOTE }).waitFor()
    await answer(page, 'Third?', 'three')
    await page.getByText('Thank you!').waitFor()
    assert.equal(await axeViolations(page), [], 'axe, with the offline note shown')
    const [record] = await outboxRecords(page)
    assert.equal(record?.answered?.data, { q1: 'one', q2: 'two', q3: 'three' }, 'kept in IndexedDB while offline')
    assert.is((await responsesOf(surveyId))[0]?.finished, false, 'nothing reached the server while offline')
    await context.setOffline(false)
    await oneFinishedResponse(page, surveyId)
    await eventually(
      'the record deleted once sent',
      () => outboxRecords(page),
      (records) => records.length === 0,
    )
    assert.is(await page.getByRole('status').filter({ hasText: OFFLINE_NOTE }).count(), 0, 'the note goes once all is sent')
  } finally {
    await context.close()
  }
})

test('link page: the tab is closed while still offline; the page opened again online sends the queue on that load', async () => {
  const surveyId = await linkSurvey()
  const context = await newContext()
  try {
    const page = await context.newPage()
    await page.goto(`${url}/s/${surveyId}`)
    await finishOfflineAndClose(context, page, surveyId)
    await backOnline(context)
    const again = await context.newPage()
    await again.goto(`${url}/s/${surveyId}`)
    await again.getByRole('textbox', { name: 'First?' }).waitFor()
    await oneFinishedResponse(again, surveyId)
  } finally {
    await context.close()
  }
})

test('link page: a reload half-way resumes at the next question with the earlier answers, on the same response and display', async () => {
  const surveyId = await linkSurvey()
  const context = await newContext()
  try {
    const page = await context.newPage()
    await page.goto(`${url}/s/${surveyId}`)
    await answer(page, 'First?', 'one')
    await answer(page, 'Second?', 'two')
    await page.getByRole('textbox', { name: 'Third?' }).waitFor()
    await eventually(
      'both answers saved',
      () => responsesOf(surveyId),
      (list) => list[0]?.data?.q2 === 'two',
    )
    await page.reload()
    await page.getByRole('textbox', { name: 'Third?' }).waitFor()
    await page.getByRole('button', { name: 'Back' }).click()
    assert.is(await page.getByRole('textbox', { name: 'Second?' }).inputValue(), 'two', 'the earlier answer is shown')
    await page.getByRole('button', { name: /next/i }).click()
    await answer(page, 'Third?', 'three')
    await page.getByText('Thank you!').waitFor()
    await oneFinishedResponse(page, surveyId)
    assert.is((await displaysOf(surveyId)).length, 1, 'the display is not recorded twice')
  } finally {
    await context.close()
  }
})

test('link page: a file chosen offline waits in the outbox and is uploaded before the answer that names it', async () => {
  const surveyId = await post('/api/v1/management/surveys', {
    environmentId: bed.envA,
    name: 'Offline file',
    type: 'link',
    status: 'inProgress',
    questions: [
      openText('q1', 'First?'),
      {
        id: 'shot',
        type: 'fileUpload',
        headline: { default: 'A screenshot?' },
        allowMultipleFiles: false,
        allowedFileExtensions: ['png'],
        maxSizeInMB: 1,
        required: true,
      },
      openText('q3', 'Third?'),
    ],
  })
  const context = await newContext()
  try {
    const page = await context.newPage()
    await page.goto(`${url}/s/${surveyId}`)
    await answer(page, 'First?', 'one')
    await context.setOffline(true)
    await page.locator('input[type=file]').setInputFiles({ name: 'shot.png', mimeType: 'image/png', buffer: Buffer.from(PNG, 'base64') })
    await page.getByRole('button', { name: 'Remove shot.png' }).waitFor()
    await page.getByRole('button', { name: 'Next' }).click()
    await answer(page, 'Third?', 'three')
    await page.getByText('Thank you!').waitFor()
    const [record] = await outboxRecords(page)
    assert.is(record?.files?.length, 1, 'the file is kept in IndexedDB')
    await context.setOffline(false)
    const [response] = await eventually(
      'the finished response',
      () => responsesOf(surveyId),
      (list) => list.some((r) => r.finished),
    )
    assert.is((await responsesOf(surveyId)).length, 1)
    assert.is(response.data.q1, 'one')
    assert.is(response.data.q3, 'three')
    assert.match(
      String(response.data.shot?.[0]),
      /^http:\/\/127\.0\.0\.1:\d+\/storage\/.+\/shot--fid--[^/]+\.png$/,
      'the real URL, not the placeholder',
    )
  } finally {
    await context.close()
  }
})

test('through a proxy answering 503, then cutting connections after the server answered: the survey arrives exactly once with every answer', async () => {
  const surveyId = await linkSurvey()
  const target = new URL(url)
  // What the proxy does to the next client writes of each kind: `503`, or `cut` (forwarded, answered by the
  // server, and the connection cut before the answer reaches the browser).
  const plan: Record<string, ('503' | 'cut')[]> = { displays: ['503', 'cut'], create: ['503', 'cut', 'cut'], update: ['cut'] }
  const seen: string[] = []
  const proxy = createServer((req, res) => {
    const path = req.url ?? ''
    const kind =
      req.method === 'POST' && path.includes('/client/') && path.endsWith('/displays')
        ? 'displays'
        : req.method === 'POST' && path.endsWith('/responses')
          ? 'create'
          : req.method === 'PUT' && path.includes('/responses/')
            ? 'update'
            : undefined
    const trick = kind ? plan[kind]?.shift() : undefined
    if (kind) seen.push(`${kind}:${trick ?? 'pass'}`)
    if (trick === '503') {
      req.resume()
      res.writeHead(503, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ code: 'service_unavailable', message: 'Try later', details: {} }))
      return
    }
    const forward = httpRequest(
      { host: target.hostname, port: target.port, path, method: req.method, headers: { ...req.headers, host: target.host } },
      (answer) => {
        if (trick === 'cut') {
          answer.resume()
          answer.on('end', () => req.socket.destroy())
          return
        }
        res.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(res)
      },
    )
    forward.on('error', () => req.socket.destroy())
    req.pipe(forward)
  })
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve))
  const context = await newContext()
  try {
    const page = await context.newPage()
    await page.goto(`http://127.0.0.1:${(proxy.address() as AddressInfo).port}/s/${surveyId}`)
    await answerAll(page)
    // The outbox empties only once the browser itself had the answers: the last create was the server's replay.
    await eventually(
      'the outbox emptied',
      () => outboxRecords(page),
      (records) => records.length === 0,
      30_000,
    )
    await oneFinishedResponse(page, surveyId)
    assert.is((await displaysOf(surveyId)).length, 1, 'one display, though its create was answered twice')
    assert.equal(
      seen.filter((s) => s.startsWith('create:')),
      ['create:503', 'create:cut', 'create:cut', 'create:pass'],
      'the create went 4 times, the last two after the server had stored it',
    )
  } finally {
    await context.close()
    await new Promise((resolve) => {
      proxy.closeAllConnections()
      proxy.close(resolve)
    })
  }
})

/** The test app with the loader set up for `userId`. */
async function openApp(context: BrowserContext, userId: string): Promise<Page> {
  const page = await context.newPage()
  await page.goto(appUrl)
  await page.waitForFunction(() => (globalThis as any).appReady === true)
  await page.evaluate(([appUrl, workspaceId]) => (globalThis as any).app.setup({ appUrl, workspaceId }), [url, bed.envA] as const)
  await page.evaluate((id) => (globalThis as any).app.setUserId(id), userId)
  return page
}

test('widget: offline mid-survey through the real @formbricks/js loader; back online, one finished response with every answer and its display', async () => {
  const surveyId = await appSurvey('outbox-offline')
  const context = await newContext()
  try {
    const page = await openApp(context, 'outbox-user-1')
    await page.evaluate(() => (globalThis as any).app.track('outbox-offline'))
    await answer(page, 'First?', 'one')
    await eventually(
      'the first answer',
      () => responsesOf(surveyId),
      (list) => list.length === 1,
    )
    await context.setOffline(true)
    await answer(page, 'Second?', 'two')
    await page.getByRole('status').filter({ hasText: OFFLINE_NOTE }).waitFor()
    await answer(page, 'Third?', 'three')
    assert.equal(await axeViolations(page), [], 'axe, with the offline note shown')
    await context.setOffline(false)
    const response = await oneFinishedResponse(page, surveyId)
    assert.is(response.contact?.userId ?? response.person?.userId ?? 'outbox-user-1', 'outbox-user-1')
  } finally {
    await context.close()
  }
})

test('widget: the tab is closed while still offline; the app opened again online sends the queue on that load', async () => {
  const surveyId = await appSurvey('outbox-closed')
  const context = await newContext()
  try {
    const page = await openApp(context, 'outbox-user-3')
    await page.evaluate(() => (globalThis as any).app.track('outbox-closed'))
    await finishOfflineAndClose(context, page, surveyId)
    await backOnline(context)
    // Opened again: no survey is triggered; the core loads the renderer only to send what waits.
    const again = await openApp(context, 'outbox-user-3')
    await oneFinishedResponse(again, surveyId)
  } finally {
    await context.close()
  }
})

test('widget: a reload half-way through an app survey shows it again at the next question, earlier answers filled in', async () => {
  const surveyId = await appSurvey('outbox-resume')
  const context = await newContext()
  try {
    const page = await openApp(context, 'outbox-user-2')
    await page.evaluate(() => (globalThis as any).app.track('outbox-resume'))
    await answer(page, 'First?', 'one')
    await answer(page, 'Second?', 'two')
    await page.getByRole('textbox', { name: 'Third?' }).waitFor()
    await eventually(
      'both answers saved',
      () => responsesOf(surveyId),
      (list) => list[0]?.data?.q2 === 'two',
    )
    await page.close()
    // The app is opened again: no action is tracked; the core finds the unfinished response and shows it.
    const again = await openApp(context, 'outbox-user-2')
    await again.getByRole('textbox', { name: 'Third?' }).waitFor()
    await again.getByRole('button', { name: 'Back' }).click()
    assert.is(await again.getByRole('textbox', { name: 'Second?' }).inputValue(), 'two', 'the earlier answer is shown')
    await again.getByRole('button', { name: /next/i }).click()
    await answer(again, 'Third?', 'three')
    await oneFinishedResponse(again, surveyId)
    assert.is((await displaysOf(surveyId)).length, 1, 'the display is not recorded twice')
  } finally {
    await context.close()
  }
})

test.run()
