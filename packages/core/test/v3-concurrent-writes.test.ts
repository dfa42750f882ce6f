/**
 * The reference's v3 writes that read before they write, sent eight at a time (docs/api.md, "Tags in v3" and
 * "Surveys in v3"): a tag merge and a survey's archive and restore each run in one transaction with their rows
 * locked, so requests that arrive together are answered as if they had come one after another. On PGlite, and
 * on the Postgres server when TEST_DATABASE_URL is set (where they really run at once).
 */
import { availableBackends, createResponse, createSurvey, createTestClock, suiteWithBed } from '@canvass/test-bed'
import type { ApiResult, TestCanvass } from '@canvass/test-bed'
import * as assert from 'uvu/assert'

const NOW = '2026-11-20T10:00:00.000Z'

for (const backend of availableBackends()) {
  const { test, bed } = suiteWithBed(`v3 concurrent writes (${backend})`, () => ({ backend, clock: createTestClock(NOW) }))

  // 5xx answers are returned, not thrown, so that a failure shows every answer of the round.
  const call = (method: string, path: string, body?: unknown) =>
    bed().call(method, path, { key: bed().keyA, allow5xx: true, ...(body !== undefined ? { body } : {}) })
  const answersText = (answers: ApiResult[]) => answers.map((answer) => `${answer.status} ${answer.text.slice(0, 160)}`).join('\n')

  /** Responses to a new survey, each carrying the tags named (made through the import port, as in v3-tags-and-lists). */
  async function taggedResponses(x: TestCanvass, tags: string[][]) {
    const survey = await createSurvey(x, { status: 'inProgress' })
    const ids: string[] = []
    for (const names of tags) {
      const id = await createResponse(x, survey.id, { finished: true })
      await x.storage.imports.insertNotesAndTags(x.envA, [{ responseId: id, notes: [], tags: names }])
      ids.push(id)
    }
    return ids
  }

  /** The workspace's tags by name: id and the number of responses carrying it. */
  async function tagsByName() {
    const res = await call('GET', `/api/v3/tags?workspaceId=${bed().projectId}`)
    assert.is(res.status, 200, res.text)
    const tags = res.body.data as Array<{ id: string; name: string; count: number }>
    return new Map(tags.map((tag) => [tag.name, tag]))
  }

  /** The names of the tags a response carries, in the order the API lists them (a name twice would show). */
  async function tagNamesOf(responseId: string) {
    const res = await call('GET', `/api/v1/management/responses/${responseId}`)
    assert.is(res.status, 200, res.text)
    return (res.body.data.tags as Array<{ name: string }>).map((tag) => tag.name).sort()
  }

  test('eight merges of one tag into another at once: one merges, the others find it gone (403), never half-merged', async () => {
    const x = bed()
    for (let round = 0; round < 3; round++) {
      const [from, into, other] = [`from-${round}`, `into-${round}`, `other-${round}`]
      const responses = await taggedResponses(x, [[from], [from, into], [into], [from, other], [other], []])
      const before = await tagsByName()
      const fromId = before.get(from)!.id
      const intoId = before.get(into)!.id
      const answers = await Promise.all(Array.from({ length: 8 }, () => call('POST', `/api/v3/tags/${fromId}/merge`, { newTagId: intoId })))
      // The tag merged is gone for the seven that come after: a tag that is not there is a 403 (docs/api.md,
      // "The reference's v3"). A merge that did not lock both tags before reading would let several through.
      const statuses = answers.map((answer) => answer.status).sort()
      assert.equal(statuses, [200, 403, 403, 403, 403, 403, 403, 403], answersText(answers))
      assert.equal(answers.find((answer) => answer.status === 200)?.body.data, { id: intoId })
      const after = await tagsByName()
      assert.not.ok(after.has(from), 'the merged tag is deleted')
      assert.is(after.get(into)?.id, intoId)
      assert.is(after.get(into)?.count, 4, 'every response that carried either tag carries the target once')
      assert.is(after.get(other)?.count, 2, 'another tag is untouched')
      assert.equal(await Promise.all(responses.map(tagNamesOf)), [[into], [into], [into], [into, other], [other], []])
    }
  })

  test('merges crossing (A into B while B into A) at once: one merges, the rest are 403, no deadlock (never a 500)', async () => {
    const x = bed()
    for (let round = 0; round < 3; round++) {
      const [a, b, other] = [`a-${round}`, `b-${round}`, `other-x-${round}`]
      const responses = await taggedResponses(x, [[a], [a, b], [b], [a, other], [other]])
      const before = await tagsByName()
      const ids = { [a]: before.get(a)!.id, [b]: before.get(b)!.id }
      // Half merge A into B, half B into A, interleaved. Both tags are locked in one order (their ids), whichever
      // way a request names them; locked in the order each request names them, two would wait for each other.
      const answers = await Promise.all(
        Array.from({ length: 8 }, (_, n) => {
          const [source, target] = n % 2 ? [b, a] : [a, b]
          return call('POST', `/api/v3/tags/${ids[source]}/merge`, { newTagId: ids[target] })
        }),
      )
      const statuses = answers.map((answer) => answer.status).sort()
      assert.equal(statuses, [200, 403, 403, 403, 403, 403, 403, 403], answersText(answers))
      const survivorId = answers.find((answer) => answer.status === 200)?.body.data.id
      const survivor = survivorId === ids[a] ? a : b
      const merged = survivor === a ? b : a
      const after = await tagsByName()
      assert.not.ok(after.has(merged), 'the merged tag is deleted')
      assert.is(after.get(survivor)?.id, survivorId)
      assert.is(after.get(survivor)?.count, 4)
      assert.is(after.get(other)?.count, 2)
      assert.equal(await Promise.all(responses.map(tagNamesOf)), [[survivor], [survivor], [survivor], [other, survivor].sort(), [other]])
    }
  })

  test('archives, restores and PATCHes of one survey at once: all answered (200, or 422 for a PATCH of an archived survey) as if one after another', async () => {
    const x = bed()
    const kinds: Kind[] = ['archive', 'restore', 'patch', 'archive', 'restore', 'patch', 'archive', 'restore']
    for (let round = 0; round < 4; round++) {
      // Collecting, so that an archive pauses it: a restore keeps the status, so a restore that wrote what it
      // read before an archive (a lost update) would leave it collecting and be caught below.
      const survey = await createSurvey(x, { name: `Survey ${round}`, status: 'inProgress' })
      const path = `/api/v3/surveys/${survey.id}`
      const ops: Op[] = kinds.map((kind, n) => (kind === 'patch' ? { kind, name: `Round ${round} patch ${n}` } : { kind }))
      const answers = await Promise.all(
        ops.map((op) => (op.kind === 'patch' ? call('PATCH', path, { name: op.name }) : call('POST', `${path}/${op.kind}`))),
      )
      for (const [n, answer] of answers.entries()) {
        const documented = ops[n]!.kind === 'patch' ? [200, 422] : [200]
        assert.ok(documented.includes(answer.status), `${ops[n]!.kind}: ${answer.status} ${answer.text}\n${answersText(answers)}`)
      }
      const final = await call('GET', path)
      assert.is(final.status, 200, final.text)
      const finalState: State = {
        archivedAt: final.body.data.archivedAt,
        status: final.body.data.status,
        name: final.body.data.name,
      }
      const order = serialOrder({ archivedAt: null, status: 'inProgress', name: `Survey ${round}` }, ops, answers, finalState)
      assert.ok(
        order,
        `no order of the requests, one after another, gives these answers and ends as ${JSON.stringify(finalState)}:\n${answersText(answers)}`,
      )
    }
  })

  test.run()
}

type Kind = 'archive' | 'restore' | 'patch'
type Op = { kind: 'archive' } | { kind: 'restore' } | { kind: 'patch'; name: string }
interface State {
  archivedAt: string | null
  status: string
  name: string
}

/**
 * What one request does to the survey and answers, as docs/api.md describes it ("Surveys in v3"): archive
 * marks it and pauses it when collecting (again: no change), restore clears the mark and keeps the status, a
 * PATCH of an archived survey is a 422 and otherwise renames it.
 */
function step(state: State, op: Op): { state: State; status: number; data?: Partial<State> } {
  if (op.kind === 'archive') {
    const next = state.archivedAt ? state : { ...state, archivedAt: NOW, status: state.status === 'inProgress' ? 'paused' : state.status }
    return { state: next, status: 200, data: { archivedAt: next.archivedAt, status: next.status } }
  }
  if (op.kind === 'restore') {
    const next = { ...state, archivedAt: null }
    return { state: next, status: 200, data: { archivedAt: null, status: next.status } }
  }
  if (state.archivedAt) return { state, status: 422 }
  const next = { ...state, name: op.name }
  return { state: next, status: 200, data: { archivedAt: null, status: next.status, name: op.name } }
}

/**
 * An order in which the requests, run one after another from `initial`, give exactly the answers they got
 * and leave `final`; undefined when there is none (the answers show requests that overlapped).
 */
function serialOrder(initial: State, ops: Op[], answers: ApiResult[], final: State): number[] | undefined {
  const matches = (answer: ApiResult, expected: ReturnType<typeof step>) => {
    if (answer.status !== expected.status) return false
    if (!expected.data) return true
    return Object.entries(expected.data).every(([field, value]) => answer.body.data[field] === value)
  }
  const search = (state: State, done: number[]): number[] | undefined => {
    if (done.length === ops.length) {
      return state.archivedAt === final.archivedAt && state.status === final.status && state.name === final.name ? done : undefined
    }
    for (let n = 0; n < ops.length; n++) {
      if (done.includes(n)) continue
      const expected = step(state, ops[n]!)
      if (!matches(answers[n]!, expected)) continue
      const found = search(expected.state, [...done, n])
      if (found) return found
    }
    return undefined
  }
  return search(initial, [])
}
