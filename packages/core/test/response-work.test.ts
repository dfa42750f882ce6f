/**
 * Working with responses over HTTP (docs/api.md, "Tags, notes and deleting responses"), on PGlite and on the Postgres
 * server when TEST_DATABASE_URL is set: tags made (`POST /api/v3/tags`), put on and taken off a response, notes
 * added, edited and deleted, responses deleted one or a selection at a time; each from a key and from the
 * console, with its audit entry, a viewer's session refused (403) and a response of another environment a 404
 * that changes nothing. Concurrent adds of one tag leave one link, concurrent note edits leave one whole text.
 */
import * as assert from 'uvu/assert'
import { TEST_ORIGIN, availableBackends, createSurvey, suiteWithBed } from '@canvass/test-bed'
import { createCanvass } from '../src'
import type { ApiResult, TestCanvass } from '@canvass/test-bed'
import type { ConsoleSession } from './console-sessions'
import { asConsole, signedIn } from './console-sessions'

const RESPONSES = '/api/v1/management/responses'

for (const backend of availableBackends()) {
  const { test, bed } = suiteWithBed(`working with responses (${backend})`, { backend })

  async function response(x: TestCanvass, surveyId: string, key = x.keyA): Promise<string> {
    const res = await x.call('POST', RESPONSES, { key, body: { surveyId, finished: true, data: { q1: 'fine' } } })
    assert.is(res.status, 200, res.text)
    return res.body.data.id
  }

  async function read(x: TestCanvass, id: string, key = x.keyA) {
    const res = await x.call('GET', `${RESPONSES}/${id}`, { key })
    assert.is(res.status, 200, res.text)
    return res.body.data
  }

  /** The audit entries of `resourceType` about `resourceId`, newest first. */
  async function auditOf(x: TestCanvass, resourceType: string, resourceId?: string) {
    const res = await x.call('GET', `/api/v1/management/audit-log?resourceType=${resourceType}&limit=250`, { key: x.keyA })
    assert.is(res.status, 200, res.text)
    return (res.body.data as any[]).filter((entry) => resourceId === undefined || entry.resourceId === resourceId)
  }

  function refused(res: ApiResult, status: number, code: string) {
    assert.is(res.status, status, res.text)
    assert.is(res.body.code, code, res.text)
  }

  const people = async (x: TestCanvass) => ({
    owner: await signedIn(x, 'owner'),
    editor: await signedIn(x, 'editor'),
    other: await signedIn(x, 'editor'),
    viewer: await signedIn(x, 'viewer'),
  })
  let cast: Awaited<ReturnType<typeof people>> | undefined
  const team = async () => {
    cast ??= await people(bed())
    return cast
  }

  test('POST /api/v3/tags: 201 with the tag, a taken name 422, another workspace 403, a viewer 403; audited', async () => {
    const x = bed()
    const { editor, viewer } = await team()
    const made = await x.call('POST', '/api/v3/tags', { key: x.keyA, body: { workspaceId: x.projectId, name: '  vip  ' } })
    assert.is(made.status, 201, made.text)
    const tag = made.body.data
    assert.equal(
      { ...tag, id: 'id', createdAt: 'at', updatedAt: 'at' },
      {
        id: 'id',
        name: 'vip',
        workspaceId: x.projectId,
        createdAt: 'at',
        updatedAt: 'at',
        count: 0,
      },
    )
    assert.is(made.headers.get('location'), `/api/v3/tags/${tag.id}`)
    const again = await x.call('POST', '/api/v3/tags', { key: x.keyA, body: { workspaceId: x.projectId, name: 'vip' } })
    assert.is(again.status, 422, again.text)
    assert.equal(again.body.invalid_params, [{ name: 'name', reason: 'Another tag of this workspace has this name' }])
    const other = await x.newProject()
    assert.is((await x.call('POST', '/api/v3/tags', { key: x.keyA, body: { workspaceId: other.projectId, name: 'x' } })).status, 403)
    const long = await x.call('POST', '/api/v3/tags', { key: x.keyA, body: { workspaceId: x.projectId, name: 'x'.repeat(256) } })
    assert.is(long.status, 400, long.text)
    assert.is((await asConsole(x, viewer, 'POST', '/api/v3/tags', { workspaceId: x.projectId, name: 'seen' })).status, 403)
    const byEditor = await asConsole(x, editor, 'POST', '/api/v3/tags', { workspaceId: x.projectId, name: 'from the console' })
    assert.is(byEditor.status, 201, byEditor.text)
    const [entry] = await auditOf(x, 'tag', byEditor.body.data.id)
    assert.equal([entry.action, entry.status, entry.apiKeyLabel], ['create', 201, `console: ${editor.email}`])
    assert.is((await auditOf(x, 'tag', tag.id))[0].action, 'create')
  })

  test('a tag on a response: added once (concurrently too), removed; a viewer 403, another environment 404; audited', async () => {
    const x = bed()
    const { editor, viewer } = await team()
    const survey = await createSurvey(x, { status: 'inProgress' })
    const id = await response(x, survey.id)
    const tag = (await asConsole(x, editor, 'POST', '/api/v3/tags', { workspaceId: x.projectId, name: 'churn' })).body.data
    const adds = await Promise.all(
      Array.from({ length: 5 }, () => asConsole(x, editor, 'POST', `${RESPONSES}/${id}/tags`, { tagId: tag.id })),
    )
    for (const add of adds) assert.is(add.status, 200, add.text)
    assert.equal(
      (await read(x, id)).tags.map((t: any) => t.name),
      ['churn'],
    )
    refused(await asConsole(x, viewer, 'POST', `${RESPONSES}/${id}/tags`, { tagId: tag.id }), 403, 'forbidden')
    refused(await asConsole(x, viewer, 'DELETE', `${RESPONSES}/${id}/tags/${tag.id}`), 403, 'forbidden')
    refused(await x.call('POST', `${RESPONSES}/${id}/tags`, { key: x.keyB, body: { tagId: tag.id } }), 404, 'not_found')
    refused(await x.call('POST', `${RESPONSES}/${id}/tags`, { key: x.keyA, body: { tagId: 'no-such-tag' } }), 404, 'not_found')
    refused(await x.call('POST', `${RESPONSES}/${id}/tags`, { key: x.keyA, body: { tagId: tag.id, extra: 1 } }), 400, 'bad_request')
    const entries = await auditOf(x, 'response', id)
    assert.is(entries.filter((entry) => entry.route === '/api/v1/management/responses/:responseId/tags').length, 5)
    assert.equal(entries[0].summary.fields, ['tagId'])

    const removed = await asConsole(x, editor, 'DELETE', `${RESPONSES}/${id}/tags/${tag.id}`)
    assert.is(removed.status, 200, removed.text)
    assert.equal(removed.body.data.tags, [])
    assert.is(
      (await x.call('DELETE', `${RESPONSES}/${id}/tags/${tag.id}`, { key: x.keyA })).status,
      200,
      'a tag not carried: nothing to do',
    )
    assert.is((await auditOf(x, 'response', id))[0].method, 'DELETE')
  })

  test('notes: added by their author, edited and deleted by it or an owner, not by another editor; bounds; audited', async () => {
    const x = bed()
    const { owner, editor, other, viewer } = await team()
    const survey = await createSurvey(x, { status: 'inProgress' })
    const id = await response(x, survey.id)
    const added = await asConsole(x, editor, 'POST', `${RESPONSES}/${id}/notes`, { text: ' Called them back ' })
    assert.is(added.status, 200, added.text)
    const note = added.body.data
    assert.equal(
      [note.text, note.isEdited, note.isResolved, note.user],
      ['Called them back', false, false, { id: editor.id, name: editor.email }],
    )
    assert.equal((await read(x, id)).notes, [note], 'the response reads it')
    const path = `${RESPONSES}/${id}/notes/${note.id}`

    refused(await asConsole(x, other, 'PATCH', path, { text: 'mine now' }), 403, 'forbidden')
    refused(await asConsole(x, other, 'DELETE', path), 403, 'forbidden')
    refused(await asConsole(x, viewer, 'PATCH', path, { text: 'x' }), 403, 'forbidden')
    refused(await asConsole(x, viewer, 'POST', `${RESPONSES}/${id}/notes`, { text: 'x' }), 403, 'forbidden')
    refused(await x.call('PATCH', path, { key: x.keyB, body: { text: 'x' } }), 404, 'not_found')
    refused(await x.call('POST', `${RESPONSES}/${id}/notes`, { key: x.keyB, body: { text: 'x' } }), 404, 'not_found')
    refused(await x.call('POST', `${RESPONSES}/${id}/notes`, { key: x.keyA, body: { text: '   ' } }), 400, 'bad_request')
    refused(await x.call('POST', `${RESPONSES}/${id}/notes`, { key: x.keyA, body: { text: 'x'.repeat(5001) } }), 400, 'bad_request')
    assert.equal((await read(x, id)).notes, [note], 'refusals changed nothing')

    const edited = await asConsole(x, editor, 'PATCH', path, { text: 'Called them back twice' })
    assert.equal([edited.status, edited.body.data.text, edited.body.data.isEdited], [200, 'Called them back twice', true])
    // Concurrent edits by an owner: each is one statement, the note ends as one of them, whole.
    const texts = Array.from({ length: 4 }, (_, i) => `owner's edit ${i} `.repeat(40).trim())
    const edits = await Promise.all(texts.map((text) => asConsole(x, owner, 'PATCH', path, { text })))
    for (const edit of edits) assert.is(edit.status, 200, edit.text)
    const notes = (await read(x, id)).notes
    assert.is(notes.length, 1)
    assert.ok(texts.includes(notes[0].text), 'one whole edit')
    const byKey = await x.call('POST', `${RESPONSES}/${id}/notes`, { key: x.keyA, body: { text: 'From the CRM' } })
    assert.is(byKey.body.data.user.id.startsWith('apiKey:'), true, byKey.text)

    const deleted = await asConsole(x, owner, 'DELETE', path)
    assert.equal([deleted.status, deleted.body.data.id], [200, note.id])
    refused(await asConsole(x, owner, 'DELETE', path), 404, 'not_found')
    const entries = await auditOf(x, 'responseNote', note.id)
    assert.equal(
      entries.map((entry) => [entry.action, entry.apiKeyLabel]),
      [
        ['delete', `console: ${owner.email}`],
        ...texts.map(() => ['update', `console: ${owner.email}`]),
        ['update', `console: ${editor.email}`],
        ['create', `console: ${editor.email}`],
      ],
    )
  })

  test('deleting: one response, or a selection all or none (ids not found listed); a viewer 403; audited', async () => {
    const x = bed()
    const { editor, viewer } = await team()
    const survey = await createSurvey(x, { status: 'inProgress' })
    const ids = [await response(x, survey.id), await response(x, survey.id), await response(x, survey.id)]
    const foreign = await response(x, (await createSurvey(x, { status: 'inProgress' }, 'B')).id, x.keyB)
    const remove = (who: ConsoleSession, responseIds: string[]) => asConsole(x, who, 'POST', `${RESPONSES}/delete`, { responseIds })

    refused(await remove(viewer, [ids[0]!]), 403, 'forbidden')
    refused(await asConsole(x, viewer, 'DELETE', `${RESPONSES}/${ids[0]}`), 403, 'forbidden')
    const partly = await remove(editor, [ids[0]!, foreign, 'no-such-response'])
    refused(partly, 404, 'not_found')
    assert.equal(partly.body.details.missing, [foreign, 'no-such-response'])
    await read(x, ids[0]!)
    await read(x, foreign, x.keyB)
    refused(await remove(editor, []), 400, 'bad_request')
    refused(
      await remove(
        editor,
        Array.from({ length: 101 }, (_, i) => `id-${i}`),
      ),
      400,
      'bad_request',
    )

    const done = await remove(editor, [ids[0]!, ids[1]!, ids[0]!])
    assert.equal([done.status, done.body], [200, { data: { deleted: 2 } }], done.text)
    assert.is((await x.call('GET', `${RESPONSES}/${ids[0]}`, { key: x.keyA })).status, 404)
    const one = await asConsole(x, editor, 'DELETE', `${RESPONSES}/${ids[2]}`)
    assert.is(one.status, 200, one.text)
    const entries = (await auditOf(x, 'response')).filter((entry) => entry.action === 'delete')
    assert.equal(entries[0].resourceId, ids[2])
    assert.equal(
      [entries[1].route, entries[1].summary.result, entries[1].summary.counts],
      [`${RESPONSES}/delete`, { deleted: 2 }, { responseIds: 3 }],
    )
    assert.is(entries.length, 2, 'refusals are not audited')
  })

  test('a storage without responseWork: the tag and note routes answer 501 naming it; deleting still works', async () => {
    const x = bed()
    const { responseWork: _work, ...storage } = x.storage
    const canvass = createCanvass({ storage, background: false })
    const call = (method: string, path: string, body: unknown) =>
      canvass.fetch(
        new Request(`${TEST_ORIGIN}${path}`, {
          method,
          headers: { 'x-api-key': x.keyA, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }),
      )
    const id = await response(x, (await createSurvey(x, { status: 'inProgress' })).id)
    for (const [method, path, body] of [
      ['POST', '/api/v3/tags', { workspaceId: x.projectId, name: 'nowhere' }],
      ['POST', `${RESPONSES}/${id}/notes`, { text: 'nowhere' }],
      ['POST', `${RESPONSES}/${id}/tags`, { tagId: 'any' }],
    ] as const) {
      const answer = await call(method, path, body)
      const text = await answer.text()
      assert.is(answer.status, 501, `${path}: ${text}`)
      assert.ok(text.includes('storage.responseWork'), text)
    }
    assert.is((await call('POST', `${RESPONSES}/delete`, { responseIds: [id] })).status, 200)
  })

  test.run()
}
