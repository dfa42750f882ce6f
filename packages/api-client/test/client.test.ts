/**
 * The client against a real Canvass over HTTP on loopback: what it sends (a key or an editor token as Bearer,
 * a host's headers instead of either), how it reads answers, and the errors it throws for v1 and v3 refusals.
 */
import { question, suiteWithBed } from '@canvass/test-bed'
import * as assert from 'uvu/assert'
import { answerOf, CanvassApiError, createCanvassClient } from '../src/index'

const { test, bed: bedOf } = suiteWithBed('api client: a real Canvass over HTTP')

/** The bed and its origin: `listen` answers the first call's origin again. */
const served = async () => ({ bed: bedOf(), origin: await bedOf().listen() })

test('a key as Bearer reads v1 and v3 answers, typed from the OpenAPI document', async () => {
  const { bed, origin } = await served()
  const client = createCanvassClient({ baseUrl: origin, token: () => bed.keyA })
  const created = await answerOf(
    client.POST('/api/v1/management/surveys', { body: { name: 'Client test', environmentId: bed.envA, questions: [question()] } }),
  )
  const id: string = created.data.data.id
  const read = await answerOf(client.GET('/api/v1/management/surveys/{surveyId}', { params: { path: { surveyId: id } } }))
  assert.is(read.data.data.name, 'Client test')
  const v3 = await answerOf(client.GET('/api/v3/surveys/{surveyId}', { params: { path: { surveyId: id } } }))
  assert.is(v3.data.data.id, id)
  const list = await answerOf(client.GET('/api/v1/management/surveys', { params: { query: { limit: '1' } } }))
  assert.is(list.data.data.length, 1)
})

test('a v1 refusal is a CanvassApiError with the server words, code and fields', async () => {
  const { bed, origin } = await served()
  const client = createCanvassClient({ baseUrl: origin, token: () => bed.keyA })
  try {
    await answerOf(client.POST('/api/v1/management/surveys', { body: {} as never }))
    assert.unreachable('the empty survey was taken')
  } catch (error) {
    assert.instance(error, CanvassApiError)
    const refused = error as CanvassApiError
    assert.is(refused.status, 400)
    assert.type(refused.code, 'string')
    assert.ok(refused.message.length > 0)
    assert.ok(refused.problems.length > 0, 'the fields are named')
  }
  const anonymous = createCanvassClient({ baseUrl: origin })
  const refused = await answerOf(anonymous.GET('/api/v1/management/me')).catch((error: unknown) => error)
  assert.instance(refused, CanvassApiError)
  assert.is((refused as CanvassApiError).status, 401)
})

test('an editor token as Bearer, and a v3 problem+json refusal with its invalid params at dotted paths', async () => {
  const { bed, origin } = await served()
  const keyed = createCanvassClient({ baseUrl: origin, token: () => bed.keyA })
  const minted = await answerOf(keyed.POST('/api/v1/management/editor-tokens', { body: { workspaceId: bed.projectId } }))
  const editor = createCanvassClient({ baseUrl: () => origin, token: () => minted.data.data.token })
  const refused = await answerOf(
    editor.POST('/api/v3/surveys', { body: { workspaceId: bed.projectId, name: '', blocks: [{ elements: [{}] }] } as never }),
  ).catch((error: unknown) => error)
  assert.instance(refused, CanvassApiError)
  const problem = refused as CanvassApiError
  assert.ok(problem.status === 400 || problem.status === 422, String(problem.status))
  assert.ok(problem.problems.length > 0)
  for (const named of problem.problems) assert.not.match(named.path, /\[/)
})

test('a host header set replaces the token and sends the cookies; the base is read on each call', async () => {
  const { origin } = await served()
  const seen: Array<{ url: string; headers: Headers; credentials: RequestCredentials | undefined }> = []
  let base = 'http://127.0.0.1:1'
  const client = createCanvassClient({
    baseUrl: () => base,
    headers: () => ({ 'x-canvass-console': '1', 'x-canvass-csrf': 'token' }),
    token: () => 'never-sent',
    fetch: async (input, init) => {
      seen.push({ url: String(input), headers: new Headers(init?.headers), credentials: init?.credentials })
      return fetch(input, init)
    },
  })
  const unreachable = await answerOf(client.GET('/api/v1/management/me')).catch((error: unknown) => error)
  assert.instance(unreachable, CanvassApiError)
  assert.is((unreachable as CanvassApiError).status, 0)
  base = origin
  await answerOf(client.GET('/api/v1/management/me')).catch(() => undefined)
  assert.is(seen[1]?.url, `${origin}/api/v1/management/me`)
  assert.is(seen[1]?.headers.get('x-canvass-console'), '1')
  assert.is(seen[1]?.headers.get('authorization'), null)
  assert.is(seen[1]?.credentials, 'same-origin')
})

test('an abort stays an abort', async () => {
  const { bed, origin } = await served()
  const client = createCanvassClient({ baseUrl: origin, token: () => bed.keyA })
  const controller = new AbortController()
  controller.abort()
  const error = await answerOf(client.GET('/api/v1/management/me', { signal: controller.signal })).catch((caught: unknown) => caught)
  assert.is((error as Error).name, 'AbortError')
})

test.run()
