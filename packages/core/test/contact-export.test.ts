/**
 * Issue 45, a contact's data export on the test bed: `GET /api/v1/management/contacts/{id}/export` (and
 * `/people/{id}/export`) is one JSON document with the contact, its attributes, its displays and its responses
 * (answers, notes, tags, files' URLs), nothing of anyone else's; another environment's key gets what the
 * contact's GET gives it; 1,000 responses come in bounded page reads. On PGlite, and on the Postgres server
 * when TEST_DATABASE_URL is set.
 */
import * as assert from 'uvu/assert'
import { TEST_ORIGIN, availableBackends, sql, suiteWithBed } from '@canvass/test-bed'
import type { TestCanvass } from '@canvass/test-bed'
import { t } from './helpers'

interface ExportDocument {
  exportedAt: string
  contact: { id: string; userId: string | null; environmentId: string; createdAt: string; updatedAt: string }
  attributes: Record<string, string>
  displays: Array<{ id: string; surveyId: string; responseId: string | null; createdAt: string; updatedAt: string }>
  responses: Array<{
    id: string
    surveyId: string
    finished: boolean
    data: Record<string, unknown>
    meta: Record<string, unknown>
    ttc: Record<string, number>
    variables: Record<string, unknown>
    language: string | null
    notes: Array<{ text: string }>
    tags: Array<{ name: string }>
    files: Array<{ questionId: string; url: string }>
    [field: string]: unknown
  }>
  files: Array<{ responseId: string; questionId: string; url: string }>
}

const FILE_A = 'https://files.example.com/storage/env/private/report--fid--aaa.pdf'
const FILE_B = 'https://files.example.com/storage/env/private/photo--fid--bbb.png'

for (const backend of availableBackends()) {
  const { test, bed } = suiteWithBed(`contact export (${backend})`, { backend })

  /** A GET with `key` (the first environment's by default; null: none). */
  const get = (x: TestCanvass, path: string, key: string | null = x.keyA) =>
    x.fetch(new Request(`${TEST_ORIGIN}${path}`, { headers: key === null ? {} : { 'x-api-key': key } }))

  async function surveyOf(x: TestCanvass, name: string, withFiles: boolean) {
    const questions: object[] = [{ id: 'why', type: 'openText', headline: t('Why?'), required: false }]
    if (withFiles) questions.push({ id: 'doc', type: 'fileUpload', headline: t('Your files'), required: false, allowMultipleFiles: true })
    const res = await x.call('POST', '/api/v1/management/surveys', {
      key: x.keyA,
      body: { environmentId: x.envA, name, status: 'inProgress', questions },
    })
    assert.is(res.status, 200, res.text)
    return res.body.data.id as string
  }

  async function contactId(x: TestCanvass, userId: string) {
    const res = await x.call('GET', `/api/v1/management/contacts?userId=${userId}`, { key: x.keyA })
    assert.is(res.status, 200, res.text)
    const id = res.body.data[0]?.id as string | undefined
    assert.ok(id, `contact ${userId}`)
    return id
  }

  async function respond(x: TestCanvass, body: Record<string, unknown>) {
    const res = await x.call('POST', `/api/v1/client/${x.envA}/responses`, { body })
    assert.is(res.status, 200, res.text)
    return res.body.data.id as string
  }

  async function display(x: TestCanvass, surveyId: string, userId: string) {
    const res = await x.call('POST', `/api/v1/client/${x.envA}/displays`, { body: { surveyId, userId } })
    assert.is(res.status, 200, res.text)
    return res.body.data.id as string
  }

  test('a contact with attributes, two displays, responses in two surveys with notes, tags and files: exactly those', async () => {
    const x = bed()
    const withFiles = await surveyOf(x, 'Files', true)
    const plain = await surveyOf(x, 'Plain', false)
    const put = await x.call('PUT', `/api/v1/client/${x.envA}/contacts/ada/attributes`, {
      body: { attributes: { email: 'ada@example.com', plan: 'pro' } },
    })
    assert.is(put.status, 200, put.text)
    const shown = [await display(x, withFiles, 'ada'), await display(x, plain, 'ada')]
    const first = await respond(x, {
      surveyId: withFiles,
      userId: 'ada',
      displayId: shown[0],
      finished: true,
      data: { why: 'ada-answer-1', doc: [FILE_A, FILE_B] },
      variables: { score: 4 },
      ttc: { why: 1200 },
      meta: { source: 'email', url: 'https://example.com/page' },
      language: 'de',
    })
    const second = await respond(x, { surveyId: plain, userId: 'ada', finished: false, data: { why: 'ada-answer-2' } })
    // Someone else, in the same surveys, and an anonymous response: none of it may appear.
    const bobsDisplay = await display(x, withFiles, 'bob')
    const bobs = await respond(x, {
      surveyId: withFiles,
      userId: 'bob',
      finished: true,
      data: { why: 'bob-secret', doc: ['https://files.example.com/bob-file'] },
    })
    await respond(x, { surveyId: plain, finished: true, data: { why: 'anonymous-secret' } })
    const noteAt = new Date('2026-11-20T10:00:00.000Z')
    await sql`insert into canvass.response_notes (id, response_id, response_created_at, user_id, user_name, text, created_at, updated_at)
      select n.id, r.id, r.created_at, 'u1', 'Grace', n.text, ${noteAt}, ${noteAt}
      from (values ('note-ada', ${first}, 'called ada back'), ('note-bob', ${bobs}, 'bob-note-secret')) n(id, response_id, text)
      join canvass.responses r on r.id = n.response_id`.execute(x.db)
    await sql`insert into canvass.tags (id, environment_id, name, created_at, updated_at)
      values ('tag-vip', ${x.envA}, 'vip', ${noteAt}, ${noteAt}), ('tag-bob', ${x.envA}, 'bob-tag-secret', ${noteAt}, ${noteAt})`.execute(
      x.db,
    )
    await sql`insert into canvass.response_tags (response_id, response_created_at, tag_id)
      select r.id, r.created_at, t.tag from (values (${second}, 'tag-vip'), (${bobs}, 'tag-bob')) t(response_id, tag)
      join canvass.responses r on r.id = t.response_id`.execute(x.db)
    const ada = await contactId(x, 'ada')

    const res = await get(x, `/api/v1/management/contacts/${ada}/export`)
    assert.is(res.status, 200)
    assert.match(res.headers.get('content-type') ?? '', /^application\/json/)
    assert.is(res.headers.get('content-disposition'), `attachment; filename="contact-${ada}.json"`)
    assert.is(res.headers.get('x-content-type-options'), 'nosniff')
    const text = await res.text()
    // Bob's own texts and ids, not the letters "bob": a random id of Ada's may hold them.
    const bobsContact = await contactId(x, 'bob')
    for (const secret of [
      'bob-secret',
      'bob-file',
      'bob-note-secret',
      'bob-tag-secret',
      'anonymous-secret',
      bobs,
      bobsDisplay,
      bobsContact,
    ])
      assert.not.ok(text.includes(secret), `nothing of ${secret}`)
    assert.not.ok(text.includes('"bob"'), 'not the user id bob')
    const doc = JSON.parse(text) as ExportDocument
    assert.equal(Object.keys(doc), ['exportedAt', 'contact', 'attributes', 'displays', 'responses', 'files'])
    assert.equal(Object.keys(doc.contact).sort(), ['createdAt', 'environmentId', 'id', 'updatedAt', 'userId'])
    assert.is(doc.contact.id, ada)
    assert.is(doc.contact.userId, 'ada')
    assert.is(doc.contact.environmentId, x.envA)
    assert.equal(doc.attributes, { email: 'ada@example.com', plan: 'pro' })
    assert.equal(
      doc.displays.map((d) => [d.id, d.surveyId, d.responseId]),
      [
        [shown[0], withFiles, first],
        [shown[1], plain, null],
      ],
    )
    assert.equal(
      doc.responses.map((r) => r.id),
      [first, second],
    )
    const [one, two] = doc.responses
    assert.ok(one && two)
    assert.equal(one.data, { why: 'ada-answer-1', doc: [FILE_A, FILE_B] })
    assert.equal(one.variables, { score: 4 })
    assert.is(one.ttc.why, 1200)
    assert.is(one.meta.source, 'email')
    assert.is(one.meta.url, 'https://example.com/page')
    assert.is(one.language, 'de')
    assert.is(one.finished, true)
    assert.equal(
      one.notes.map((note) => note.text),
      ['called ada back'],
    )
    assert.equal(one.tags, [])
    assert.equal(one.files, [
      { questionId: 'doc', url: FILE_A },
      { questionId: 'doc', url: FILE_B },
    ])
    assert.equal(two.data, { why: 'ada-answer-2' })
    assert.equal(two.notes, [])
    assert.equal(
      two.tags.map((tag) => tag.name),
      ['vip'],
    )
    assert.equal(two.files, [])
    assert.equal(doc.files, [
      { responseId: first, questionId: 'doc', url: FILE_A },
      { responseId: first, questionId: 'doc', url: FILE_B },
    ])

    // The people view is the same document.
    const people = await get(x, `/api/v1/management/people/${ada}/export`)
    assert.is(people.status, 200)
    const again = (await people.json()) as ExportDocument
    assert.equal({ ...again, exportedAt: '' }, { ...doc, exportedAt: '' })
  })

  test("another environment's key gets what the contact's GET gives it; an unknown id is 404; no key is 401", async () => {
    const x = bed()
    const survey = await surveyOf(x, 'Scoped', false)
    await respond(x, { surveyId: survey, userId: 'eve', finished: true, data: { why: 'eve-secret' } })
    const eve = await contactId(x, 'eve')
    for (const view of ['contacts', 'people']) {
      const read = await get(x, `/api/v1/management/${view}/${eve}`, x.keyB)
      const exported = await get(x, `/api/v1/management/${view}/${eve}/export`, x.keyB)
      assert.is(exported.status, read.status, view)
      assert.ok(exported.status >= 400 && exported.status < 500, `${view}: refused`)
      const body = await exported.text()
      assert.not.ok(body.includes('eve-secret'))
      assert.equal(JSON.parse(body), await read.json(), view)
      for (const id of ['no-such-contact', 'x'.repeat(300), '%00']) {
        const unknown = await get(x, `/api/v1/management/${view}/${id}/export`)
        assert.is(unknown.status, 404, `${view} ${id}`)
        assert.equal(await unknown.json(), await (await get(x, `/api/v1/management/${view}/${id}`)).json())
      }
      const anonymous = await get(x, `/api/v1/management/${view}/${eve}/export`, null)
      assert.is(anonymous.status, 401)
    }
  })

  test('a contact with 1,000 responses exports them all, read in bounded pages', async () => {
    const x = bed()
    const survey = await surveyOf(x, 'Many', true)
    const responses = Array.from({ length: 1000 }, (_, i) => ({
      surveyId: survey,
      userId: 'many',
      finished: true,
      data: { why: `answer ${i}`, doc: [`https://files.example.com/f${i}`] },
      createdAt: new Date(Date.parse('2026-01-01T00:00:00.000Z') + (i % 10) * 1000).toISOString(),
    }))
    const imported = await x.call('POST', '/api/v1/management/responses/bulk', { key: x.keyA, body: { responses } })
    assert.is(imported.status, 200, imported.text)
    await respond(x, { surveyId: survey, userId: 'other', finished: true, data: { why: 'not many' } })
    const many = await contactId(x, 'many')
    const limits: number[] = []
    const list = x.storage.responses.list
    x.storage.responses.list = (environmentId, query) => {
      limits.push(query.limit)
      return list.call(x.storage.responses, environmentId, query)
    }
    let doc: ExportDocument
    try {
      const res = await get(x, `/api/v1/management/contacts/${many}/export`)
      assert.is(res.status, 200)
      doc = (await res.json()) as ExportDocument
    } finally {
      x.storage.responses.list = list
    }
    assert.is(doc.responses.length, 1000)
    assert.is(new Set(doc.responses.map((r) => r.id)).size, 1000, 'each once')
    assert.equal(doc.responses.map((r) => r.data.why).sort(), responses.map((r) => r.data.why).sort())
    const created = doc.responses.map((r) => `${r.createdAt}`)
    assert.equal(created, [...created].sort(), 'oldest first')
    assert.is(doc.files.length, 1000)
    assert.ok(limits.length >= 8, `read in pages, both passes: ${limits.join(',')}`)
    assert.ok(Math.max(...limits) <= 250, `pages of at most 250: ${limits.join(',')}`)
  })

  test.run()
}
