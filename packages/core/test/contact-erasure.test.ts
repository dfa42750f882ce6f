/**
 * Issue 45, erasure on the test bed: `DELETE /api/v1/management/contacts/{id}?erase=true` (and `/people/{id}`).
 * A marker is planted in every place a respondent's data can reach (the userId and attributes, answers, a
 * file's name and bytes uploaded through the upload route, a note, a tag, a webhook delivery to a receiver
 * that fails and an event not yet sent, an idempotent replay, a shared summary); after the erasure and one run
 * of the blob janitor the marker is in no table of the database, no blob and no answer, while another
 * contact's marker is still everywhere it was. Also: `erase` values, another environment's key, response
 * deletes removing their files, and an erasure racing response writes for the contact. On PGlite, and on
 * the Postgres server when TEST_DATABASE_URL is set.
 */
import { randomUUID } from 'node:crypto'
import { readFile, readdir } from 'node:fs/promises'
import { join } from 'node:path'
import * as assert from 'uvu/assert'
import { createBlobJanitor } from '@canvass/core'
import { availableBackends, sql, suiteWithBed, uploadFile } from '@canvass/test-bed'
import type { TestCanvass } from '@canvass/test-bed'
import { t } from './helpers'

for (const backend of availableBackends()) {
  const { test, bed } = suiteWithBed(`contact erasure (${backend})`, { backend, webhooks: { allowPrivateAddresses: true } })

  async function fileSurvey(x: TestCanvass) {
    const res = await x.call('POST', '/api/v1/management/surveys', {
      key: x.keyA,
      body: {
        environmentId: x.envA,
        name: 'Erasure',
        status: 'inProgress',
        questions: [
          { id: 'why', type: 'openText', headline: t('Why?'), required: false },
          { id: 'doc', type: 'fileUpload', headline: t('Your files'), required: false, allowMultipleFiles: true },
        ],
      },
    })
    assert.is(res.status, 200, res.text)
    return res.body.data.id as string
  }

  /** Uploads `text` through the client presign and upload routes, for the survey's `doc`; returns the file URL. */
  async function upload(x: TestCanvass, surveyId: string, fileName: string, text: string) {
    const { presigned, upload } = await uploadFile(x.call, { environmentId: x.envA, surveyId, elementId: 'doc', fileName, text })
    assert.is(upload.status, 200, upload.text)
    return presigned.fileUrl
  }

  async function contactId(x: TestCanvass, userId: string) {
    const res = await x.call('GET', `/api/v1/management/contacts?userId=${encodeURIComponent(userId)}`, { key: x.keyA })
    const id = res.body.data[0]?.id as string | undefined
    assert.ok(id, `contact ${userId}`)
    return id
  }

  /**
   * One respondent's data everywhere it can reach, each carrying `marker`: attributes, a display, a file,
   * two responses (one created through the management route with an `Idempotency-Key`), a note, a tag, an
   * update whose event is not yet sent. Returns the contact id, the responses and the idempotent request.
   */
  async function plant(x: TestCanvass, surveyId: string, marker: string) {
    const userId = `user-${marker}`
    const put = await x.call('PUT', `/api/v1/client/${x.envA}/contacts/${encodeURIComponent(userId)}/attributes`, {
      body: { attributes: { email: `${marker}@example.com`, note: `about ${marker}` } },
    })
    assert.is(put.status, 200, put.text)
    const display = await x.call('POST', `/api/v1/client/${x.envA}/displays`, { body: { surveyId, userId } })
    assert.is(display.status, 200, display.text)
    const fileUrl = await upload(x, surveyId, `${marker}.txt`, `the file of ${marker}\n`)
    const first = await x.call('POST', `/api/v1/client/${x.envA}/responses`, {
      body: {
        surveyId,
        userId,
        displayId: display.body.data.id,
        finished: false,
        data: { why: `because ${marker}`, doc: [fileUrl] },
        meta: { url: `https://example.com/?who=${marker}` },
      },
    })
    assert.is(first.status, 200, first.text)
    const contact = await contactId(x, userId)
    const idempotent = {
      key: x.keyA,
      headers: { 'idempotency-key': `key-${randomUUID()}` },
      body: { surveyId, userId, finished: true, data: { why: `again ${marker}` } },
    }
    const second = await x.call('POST', '/api/v1/management/responses', idempotent)
    assert.is(second.status, 200, second.text)
    const responses = [first.body.data.id as string, second.body.data.id as string]
    const at = new Date()
    await sql`insert into canvass.response_notes (id, response_id, response_created_at, user_id, user_name, text, created_at, updated_at)
      select ${`note-${marker}`}, r.id, r.created_at, 'u1', 'Grace', ${`called ${marker}`}, ${at}, ${at}
      from canvass.responses r where r.id = ${responses[0]}`.execute(x.db)
    await sql`insert into canvass.tags (id, environment_id, name, created_at, updated_at)
      values (${`tag-${marker}`}, ${x.envA}, ${`tag ${marker}`}, ${at}, ${at})`.execute(x.db)
    await sql`insert into canvass.response_tags (response_id, response_created_at, tag_id)
      select r.id, r.created_at, ${`tag-${marker}`} from canvass.responses r where r.id = ${responses[1]}`.execute(x.db)
    return { contact, responses, fileUrl, idempotent }
  }

  /** Tables of the bed's schema with a row whose text holds `marker`. */
  async function tablesHolding(x: TestCanvass, marker: string): Promise<string[]> {
    const { rows: tables } = await sql<{ table_name: string }>`
      select distinct table_name from information_schema.columns where table_schema = 'canvass' order by table_name`.execute(x.db)
    const found: string[] = []
    for (const { table_name } of tables) {
      const { rows } = await sql<{ n: number }>`
        select count(*)::int as n from ${sql.table(`canvass.${table_name}`)} r where r::text like ${`%${marker}%`}`.execute(x.db)
      if ((rows[0]?.n ?? 0) > 0) found.push(table_name)
    }
    return found
  }

  /** Blobs of the bed's folder store whose name or bytes hold `marker`. */
  async function blobsHolding(x: TestCanvass, marker: string): Promise<string[]> {
    const root = x.blobDir as string
    const entries = await readdir(root, { recursive: true, withFileTypes: true })
    const found: string[] = []
    for (const entry of entries) {
      if (!entry.isFile()) continue
      const path = join(entry.parentPath, entry.name)
      if (path.includes(marker) || (await readFile(path, 'utf8')).includes(marker)) found.push(path.slice(root.length))
    }
    return found
  }

  test('the marker is in no table, no blob and no answer after the erasure; another contact keeps all of it', async () => {
    const x = bed()
    const surveyId = await fileSurvey(x)
    const hook = await x.call('POST', '/api/v1/webhooks', {
      key: x.keyA,
      body: { url: 'http://127.0.0.1:9/hook', triggers: ['responseCreated', 'responseUpdated', 'responseFinished'] },
    })
    assert.is(hook.status, 200, hook.text)
    const [mark, keep] = [`ERASEME${randomUUID().slice(0, 8)}`, `KEEPME${randomUUID().slice(0, 8)}`]
    const ada = await plant(x, surveyId, mark)
    const bob = await plant(x, surveyId, keep)
    // A receiver that fails: the deliveries stay pending with their payloads.
    x.receiver.answer({ status: 500 })
    await x.deliverWebhooks()
    // An update whose event is not turned into deliveries yet.
    for (const [who, marker] of [
      [ada, mark],
      [bob, keep],
    ] as const) {
      const update = await x.call('PUT', `/api/v1/management/responses/${who.responses[0]}`, {
        key: x.keyA,
        body: { data: { why: `updated ${marker}` } },
      })
      assert.is(update.status, 200, update.text)
    }
    // A shared summary computed (and kept) with both contacts' answers.
    const share = await x.call('POST', `/api/v1/management/surveys/${surveyId}/share`, { key: x.keyA })
    assert.is(share.status, 200, share.text)
    const summaryPath = `/share/${share.body.data.resultShareKey}/summary.json`
    const before = await x.call('GET', summaryPath)
    assert.is(before.status, 200, before.text)

    const planted = await tablesHolding(x, mark)
    for (const table of [
      'contacts',
      'contact_attributes',
      'responses',
      'response_notes',
      'tags',
      'files',
      'webhook_deliveries',
      'webhook_events',
      'idempotency_keys',
    ]) {
      assert.ok(planted.includes(table), `planted in ${table} (found in ${planted.join(', ')})`)
    }
    assert.is((await blobsHolding(x, mark)).length, 1, 'planted in one blob')

    const erased = await x.call('DELETE', `/api/v1/management/contacts/${ada.contact}?erase=true`, { key: x.keyA })
    assert.is(erased.status, 200, erased.text)
    assert.equal(erased.body.data, {
      erased: true,
      contactId: ada.contact,
      responses: 2,
      displays: 1,
      attributes: erased.body.data.attributes,
      files: 1,
      webhookDeliveries: erased.body.data.webhookDeliveries,
      idempotencyReplays: 1,
      tags: 1,
    })
    assert.ok(erased.body.data.attributes >= 2, 'the attributes')
    assert.ok(erased.body.data.webhookDeliveries >= 4, 'deliveries of both responses and the queued update')
    assert.not.ok(erased.text.includes(mark), 'nothing of the data in the answer')
    assert.is((await blobsHolding(x, mark)).length, 1, 'the blob waits for the janitor')

    const janitor = createBlobJanitor({ storage: x.storage, blobs: x.blobStore!, logger: { error: console.error, warn: () => {} } })
    const run = await janitor.runOnce()
    assert.ok(run.deleted >= 1 && run.failed === 0, JSON.stringify(run))
    assert.is(await x.storage.blobDeletions.pending(), 0)

    assert.equal(await tablesHolding(x, mark), [], 'no table holds the marker')
    assert.equal(await blobsHolding(x, mark), [], 'no blob holds the marker')
    const after = await x.call('GET', summaryPath)
    assert.not.ok(after.text.includes(mark), 'the shared summary is computed again')
    const retried = await x.call('POST', '/api/v1/management/responses', ada.idempotent)
    assert.is(retried.status, 410, 'a retry of the erased create gets a tombstone')
    assert.equal(retried.body, { code: 'gone', message: 'The data this request created or returned was erased', details: {} })
    assert.is((await x.call('GET', new URL(ada.fileUrl, 'http://canvass.test').pathname, { key: x.keyA })).status, 404, 'the file is gone')
    assert.is((await x.call('GET', `/api/v1/management/contacts/${ada.contact}`, { key: x.keyA })).status, 404)
    for (const id of ada.responses) assert.is((await x.call('GET', `/api/v1/management/responses/${id}`, { key: x.keyA })).status, 404)
    const exported = await x.call('GET', `/api/v1/management/contacts/${ada.contact}/export`, { key: x.keyA })
    assert.is(exported.status, 404)

    // Bob: everything where it was.
    const kept = await tablesHolding(x, keep)
    for (const table of [
      'contacts',
      'contact_attributes',
      'responses',
      'response_notes',
      'tags',
      'files',
      'webhook_deliveries',
      'idempotency_keys',
    ]) {
      assert.ok(kept.includes(table), `the other contact's marker in ${table} (found in ${kept.join(', ')})`)
    }
    assert.is((await blobsHolding(x, keep)).length, 1)
    const replay = await x.call('POST', '/api/v1/management/responses', bob.idempotent)
    assert.is(replay.status, 200)
    assert.is(replay.headers.get('idempotent-replayed'), 'true')
    assert.is(
      (await x.call('GET', new URL(bob.fileUrl, 'http://canvass.test').pathname, { key: x.keyA })).status,
      200,
      'the other file stays',
    )
    await x.call('DELETE', `/api/v1/webhooks/${hook.body.data.id}`, { key: x.keyA })
  })

  test('/people/{id}?erase=true erases too; erase=false and no flag keep the seed’s delete; another value is a 400', async () => {
    const x = bed()
    const surveyId = await fileSurvey(x)
    const respondAs = async (userId: string) => {
      const res = await x.call('POST', `/api/v1/client/${x.envA}/responses`, {
        body: { surveyId, userId, finished: false, data: { why: userId } },
      })
      assert.is(res.status, 200, res.text)
      return res.body.data.id as string
    }
    const kept = await respondAs('keeps-responses')
    const keptContact = await contactId(x, 'keeps-responses')
    for (const bad of ['1', 'yes', 'TRUE', '']) {
      const res = await x.call('DELETE', `/api/v1/management/contacts/${keptContact}?erase=${bad}`, { key: x.keyA })
      assert.is(res.status, 400, bad)
      assert.ok('erase' in res.body.details, `names erase: ${res.text}`)
    }
    const twice = await x.call('DELETE', `/api/v1/management/contacts/${keptContact}?erase=true&erase=true`, { key: x.keyA })
    assert.is(twice.status, 400)
    const plain = await x.call('DELETE', `/api/v1/management/contacts/${keptContact}?erase=false`, { key: x.keyA })
    assert.equal([plain.status, plain.body], [200, { data: { success: 'Contact deleted successfully' } }])
    const response = await x.call('GET', `/api/v1/management/responses/${kept}`, { key: x.keyA })
    assert.is(response.status, 200, 'the seed’s delete keeps the responses')

    const erased = await respondAs('erased-as-person')
    const person = await contactId(x, 'erased-as-person')
    const other = await x.call('DELETE', `/api/v1/management/people/${person}?erase=true`, { key: x.keyB })
    assert.is(other.status, 404, 'another environment’s key erases nothing')
    const res = await x.call('DELETE', `/api/v1/management/people/${person}?erase=true`, { key: x.keyA })
    assert.is(res.status, 200, res.text)
    assert.equal([res.body.data.erased, res.body.data.contactId, res.body.data.responses], [true, person, 1])
    assert.is((await x.call('GET', `/api/v1/management/responses/${erased}`, { key: x.keyA })).status, 404)
    const again = await x.call('DELETE', `/api/v1/management/people/${person}?erase=true`, { key: x.keyA })
    assert.is(again.status, 404)
    assert.is(again.body.details.resource_type, 'Person')
  })

  test('deleting a response or a survey removes its files once the janitor ran', async () => {
    const x = bed()
    const surveyId = await fileSurvey(x)
    const janitor = createBlobJanitor({ storage: x.storage, blobs: x.blobStore!, logger: { error: console.error, warn: () => {} } })
    const marker = `DELRESP${randomUUID().slice(0, 8)}`
    const fileUrl = await upload(x, surveyId, `${marker}.txt`, marker)
    const created = await x.call('POST', `/api/v1/client/${x.envA}/responses`, {
      body: { surveyId, finished: false, data: { doc: [fileUrl] } },
    })
    assert.is(created.status, 200, created.text)
    assert.is((await blobsHolding(x, marker)).length, 1)
    const deleted = await x.call('DELETE', `/api/v1/management/responses/${created.body.data.id}`, { key: x.keyA })
    assert.is(deleted.status, 200, deleted.text)
    const run = await janitor.runOnce()
    assert.ok(run.deleted >= 1 && run.failed === 0, JSON.stringify(run))
    assert.equal(await blobsHolding(x, marker), [], 'the response’s file is gone')
    assert.is((await x.call('GET', new URL(fileUrl, 'http://canvass.test').pathname, { key: x.keyA })).status, 404)

    const other = await fileSurvey(x)
    const inSurvey = `DELSURV${randomUUID().slice(0, 8)}`
    const answered = await upload(x, other, `${inSurvey}-a.txt`, inSurvey)
    const responded = await x.call('POST', `/api/v1/client/${x.envA}/responses`, {
      body: { surveyId: other, finished: false, data: { doc: [answered] } },
    })
    assert.is(responded.status, 200, responded.text)
    assert.is((await x.call('DELETE', `/api/v1/management/surveys/${other}`, { key: x.keyA })).status, 200)
    assert.equal(await janitor.runOnce(), { deleted: 1, failed: 0 })
    assert.equal(await blobsHolding(x, inSurvey), [], 'the survey’s responses’ files are gone')
  })

  test('an erasure racing creates and updates of the contact’s responses leaves no half state', async () => {
    const x = bed()
    const surveyId = await fileSurvey(x)
    for (let round = 0; round < 4; round++) {
      const userId = `racer-${round}-${randomUUID().slice(0, 6)}`
      const first = await x.call('POST', `/api/v1/client/${x.envA}/responses`, {
        body: { surveyId, userId, finished: false, data: { why: 'first' } },
      })
      assert.is(first.status, 200, first.text)
      const contact = await contactId(x, userId)
      const writes = [
        ...Array.from({ length: 3 }, (_, i) =>
          x.call('POST', `/api/v1/client/${x.envA}/responses`, {
            body: { surveyId, userId, finished: i === 0, data: { why: `racing ${i}` } },
          }),
        ),
        x.call('POST', `/api/v2/client/${x.envA}/responses`, {
          body: { surveyId, contactId: contact, finished: false, data: { why: 'by id' } },
        }),
        x.call('PUT', `/api/v1/client/${x.envA}/responses/${first.body.data.id}`, { body: { data: { why: 'updated' }, finished: true } }),
      ]
      const [erased, ...results] = await Promise.all([
        x.call('DELETE', `/api/v1/management/contacts/${contact}?erase=true`, { key: x.keyA }),
        ...writes,
      ])
      assert.is(erased.status, 200, erased.text)
      for (const result of results) assert.ok([200, 400, 404].includes(result.status), `${result.status} ${result.text}`)
      // Whatever landed before the erasure went with it; what came after belongs to a new contact, or to none.
      assert.is((await x.call('GET', `/api/v1/management/contacts/${contact}`, { key: x.keyA })).status, 404)
      const { rows } = await sql<{ n: number }>`
        select count(*)::int as n from canvass.responses where contact_id = ${contact}`.execute(x.db)
      assert.is(rows[0]?.n, 0, 'no response of the erased contact')
      const { rows: orphans } = await sql<{ n: number }>`
        select count(*)::int as n from canvass.webhook_deliveries d
        where d.response_id is not null and not exists (select from canvass.responses r where r.id = d.response_id)
          and d.payload::text like ${`%${contact}%`}`.execute(x.db)
      assert.is(orphans[0]?.n, 0, 'no delivery names the erased contact')
      const survivors = results.filter((result) => result.status === 200 && result.body?.data?.id)
      for (const survivor of survivors) {
        const got = await x.call('GET', `/api/v1/management/responses/${survivor.body.data.id}`, { key: x.keyA })
        if (got.status === 200) assert.is.not(got.body.data.contact?.id, contact, 'a response written after it links to another contact')
      }
    }
  })

  test.run()
}
