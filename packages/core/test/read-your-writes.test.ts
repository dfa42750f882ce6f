/**
 * Issue 82, item 6: read your own writes (docs/replicas.md, "Reading your own writes"), as core decides it. The
 * storage's lag-tolerant reads come from a copy that has replayed nothing (a stand-in for a replica whose replay is
 * paused: the real one is storage-kysely's read-your-writes.test.ts), so an empty answer is the copy's. A key, an
 * MCP client's key and a console person that wrote read the primary for the storage's window; another caller of
 * the same environment reads the copy; a contact's data-rights export reads the primary whoever asks. On PGlite,
 * and on the Postgres server when TEST_DATABASE_URL is set. Also the memory of writers, bounded.
 */
import { createCanvass } from '@canvass/core'
import type { Canvass, ConsoleGrant, Storage } from '@canvass/core'
import { TEST_ORIGIN, TEST_SECRET, availableBackends, suiteWithBed } from '@canvass/test-bed'
import type { TestCanvass } from '@canvass/test-bed'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { consoleCsrfKey, consoleCsrfToken } from '../src/auth/console-auth'
import { createRecentWriters } from '../src/domain/recent-writers'

/** How long the stand-in says a write may be missing from its copy. */
const WINDOW_MS = 15_000

/** `storage`, whose lag-tolerant reads answer from a copy that has replayed nothing. */
function withEmptyCopy(storage: Storage): Storage {
  const nothing = async () => []
  const none = async () => 0
  const notHere = async () => {
    throw new Error('the copy answers no summary in this test')
  }
  return {
    ...storage,
    responses: { ...storage.responses, list: nothing, count: none, listForExport: nothing, summarize: notHere, listAnswers: notHere },
    contacts: { ...storage.contacts, list: nothing, count: none },
    auditLog: { ...storage.auditLog, list: nothing },
    laggingReads: { primary: storage, staleForMs: WINDOW_MS },
  }
}

for (const backend of availableBackends()) {
  const { test, bed } = suiteWithBed(`read your own writes (${backend})`, { backend })

  interface Setup {
    x: TestCanvass
    canvass: Canvass
    /** Canvass's clock, in ms: the window is counted on it. */
    clock: { at: number }
    surveyId: string
    /** A key of environment A besides the bed's `keyA`; neither has written through `canvass` yet. */
    otherKey: string
  }

  /** A Canvass of its own (its own memory of writers) on the bed's database, with a survey made through the bed's. */
  async function setUp(): Promise<Setup> {
    const x = bed()
    const clock = { at: Date.now() }
    // The host's console grant: the person the request names in `x-test-person`.
    const authorize = (request: Request): ConsoleGrant | null => {
      const person = request.headers.get('x-test-person')
      return person ? { projectId: x.projectId, role: 'editor', person: { id: person, name: person } } : null
    }
    const canvass = createCanvass({
      storage: withEmptyCopy(x.storage),
      secret: TEST_SECRET,
      now: () => new Date(clock.at),
      console: { authorize, bundle: 'export {}\n' },
    })
    const survey = await x.call('POST', '/api/v1/management/surveys', {
      key: x.keyA,
      body: {
        environmentId: x.envA,
        name: 'Lagging',
        status: 'inProgress',
        questions: [{ id: 'q1', type: 'openText', headline: { default: 'Q' }, required: false }],
      },
    })
    assert.is(survey.status, 200, survey.text)
    const otherKey = (await x.canvass.admin.createApiKey({ environmentId: x.envA, label: 'other' })).key
    return { x, canvass, clock, surveyId: survey.body.data.id as string, otherKey }
  }

  async function send(canvass: Canvass, method: string, path: string, headers: Record<string, string>, body?: unknown) {
    const response = await canvass.fetch(
      new Request(TEST_ORIGIN + path, {
        method,
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    )
    const text = await response.text()
    assert.ok(response.status >= 200 && response.status < 300, `${method} ${path}: ${response.status} ${text}`)
    return JSON.parse(text)
  }

  /** The ids in the v1 and v3 lists, and the v3 count, of the survey as `headers`' caller reads them. */
  async function lists(s: Setup, headers: Record<string, string>) {
    const v1 = await send(s.canvass, 'GET', `/api/v1/management/responses?surveyId=${s.surveyId}`, headers)
    const v3 = await send(s.canvass, 'GET', `/api/v3/responses?workspaceId=${s.x.envA}&surveyId=${s.surveyId}`, headers)
    const count = await send(s.canvass, 'GET', `/api/v3/responses/count?workspaceId=${s.x.envA}&surveyId=${s.surveyId}`, headers)
    const ids = (page: { data: { id: string }[] }) => page.data.map((response) => response.id)
    return { v1: ids(v1), v3: ids(v3), count: count.data.count as number }
  }

  test('a key that wrote reads the primary until the window ends; another key of the environment reads the copy', async () => {
    const s = await setUp()
    const writer = { 'x-api-key': s.x.keyA }
    const created = (
      await send(s.canvass, 'POST', '/api/v1/management/responses', writer, { surveyId: s.surveyId, finished: true, data: { q1: 'a' } })
    ).data.id as string
    assert.equal(await lists(s, writer), { v1: [created], v3: [created], count: 1 }, 'the writer reads its write at once')
    assert.equal(await lists(s, { 'x-api-key': s.otherKey }), { v1: [], v3: [], count: 0 }, 'another key reads the copy')
    s.clock.at += WINDOW_MS - 1
    assert.equal((await lists(s, writer)).v1, [created], 'still within the window')
    s.clock.at += 1
    assert.equal(await lists(s, writer), { v1: [], v3: [], count: 0 }, 'the window has passed: the copy again')
  })

  test("an MCP tool's write counts for its key", async () => {
    const s = await setUp()
    const tool = async (key: string, name: string, args: Record<string, unknown>) => {
      const answer = await send(
        s.canvass,
        'POST',
        '/api/mcp',
        { 'x-api-key': key },
        {
          jsonrpc: '2.0',
          id: 1,
          method: 'tools/call',
          params: { name, arguments: args },
        },
      )
      assert.not.ok(answer.result?.isError, JSON.stringify(answer))
      return answer.result.structuredContent as Record<string, any>
    }
    const made = await tool(s.x.keyA, 'create_response', { data: { surveyId: s.surveyId, finished: true, data: { q1: 'mcp' } } })
    const listed = async (key: string) =>
      ((await tool(key, 'list_responses', { workspaceId: s.x.envA, surveyId: s.surveyId })).data as { id: string }[]).map((r) => r.id)
    assert.equal(await listed(s.x.keyA), [made.data.id], 'the key that made it through a tool lists it')
    assert.equal(await listed(s.otherKey), [], 'another key lists the copy')
  })

  test('a console person that wrote reads the primary; another person of the project reads the copy', async () => {
    const s = await setUp()
    const as = (person: string) => ({ 'x-canvass-console': '1', 'sec-fetch-site': 'same-origin', 'x-test-person': person })
    const grant: ConsoleGrant = { projectId: s.x.projectId, role: 'editor', person: { id: 'ada', name: 'ada' } }
    const csrf = consoleCsrfToken({ consoleCsrfKey: consoleCsrfKey(TEST_SECRET), now: () => new Date(s.clock.at) }, grant)
    const created = (
      await send(
        s.canvass,
        'POST',
        '/api/v1/management/responses',
        { ...as('ada'), 'x-canvass-csrf': csrf },
        {
          surveyId: s.surveyId,
          finished: true,
          data: { q1: 'console' },
        },
      )
    ).data.id as string
    assert.equal((await lists(s, as('ada'))).v1, [created], 'the person who wrote reads it')
    assert.equal((await lists(s, as('grace'))).v1, [], 'another person reads the copy')
    assert.equal((await lists(s, { 'x-api-key': s.x.keyA })).v1, [], 'and so does a key of the environment')
  })

  test("a contact's data-rights export reads the primary, whoever asks", async () => {
    const s = await setUp()
    const userId = `rights-${s.surveyId}`
    // From a client route: no caller wrote it.
    const answered = await s.x.call('POST', `/api/v1/client/${s.x.envA}/responses`, {
      body: { surveyId: s.surveyId, userId, finished: true, data: { q1: 'mine' } },
    })
    assert.is(answered.status, 200, answered.text)
    // Through the bed's own Canvass, on the primary.
    const contacts = await s.x.call('GET', `/api/v1/management/contacts?userId=${userId}`, { key: s.x.keyA })
    const contact = contacts.body.data[0] as { id: string } | undefined
    assert.ok(contact, 'the contact exists')
    assert.equal((await lists(s, { 'x-api-key': s.otherKey })).v1, [], 'the list is the copy’s')
    const exported = await send(s.canvass, 'GET', `/api/v1/management/contacts/${contact.id}/export`, { 'x-api-key': s.otherKey })
    assert.equal(
      (exported.responses as { id: string }[]).map((response) => response.id),
      [answered.body.data.id],
    )
  })

  test.run()
}

const memory = suite('the memory of recent writers')

memory('a caller is remembered for the window after its last write, and no longer', () => {
  const writers = createRecentWriters(1000)
  writers.wrote('a', 10_000)
  assert.ok(writers.wroteRecently('a', 10_999))
  assert.not.ok(writers.wroteRecently('a', 11_000))
  assert.not.ok(writers.wroteRecently('b', 10_000), 'a caller that never wrote')
  assert.is(writers.size, 0, 'an expired caller is dropped')
  writers.wrote('a', 20_000)
  writers.wrote('a', 20_500)
  assert.ok(writers.wroteRecently('a', 21_400), 'the last write counts')
})

memory('bounded: past its size the caller that wrote longest ago is forgotten first', () => {
  const writers = createRecentWriters(60_000, 3)
  writers.wrote('a', 1)
  writers.wrote('b', 2)
  writers.wrote('c', 3)
  writers.wrote('a', 4)
  writers.wrote('d', 5)
  assert.is(writers.size, 3)
  assert.not.ok(writers.wroteRecently('b', 6), 'b wrote longest ago')
  for (const caller of ['a', 'c', 'd']) assert.ok(writers.wroteRecently(caller, 6), caller)
  for (let i = 0; i < 10_000; i++) writers.wrote(`caller ${i}`, 10 + i)
  assert.is(writers.size, 3, 'however many write')
})

memory.run()
