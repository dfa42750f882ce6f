import type { ClaimedBlobDeletion, Storage } from '@canvass/core'
import * as assert from 'uvu/assert'
import { freshId } from './fresh-id'
import { groupOf, identity, seedDisplay, seedProject, seedResponse, seedSurvey, setAttributes } from './seed'
import type { StorageTest } from './storage-test'

/** A survey with an open question and a `fileUpload` question (`doc`). */
function seedFileSurvey(storage: Storage, environmentId: string) {
  return seedSurvey(storage, environmentId, {
    questions: [
      { id: 'why', type: 'openText', headline: { default: 'Why?' }, required: false },
      { id: 'doc', type: 'fileUpload', headline: { default: 'Files' }, required: false, allowMultipleFiles: true },
    ],
  })
}

/** Records a stored file of the environment and returns its blob key and the URL an answer holds. */
async function seedFile(
  storage: Storage,
  environmentId: string,
  accessType: 'public' | 'private' = 'private',
  surveyId: string | null = null,
  forResponse = true,
) {
  const fileName = `report ${freshId()}--fid--${crypto.randomUUID()}.pdf`
  await storage.uploads.recordFile({
    id: freshId(),
    environmentId,
    surveyId,
    forResponse,
    accessType,
    fileName,
    contentType: 'application/pdf',
    size: 10,
    createdAt: new Date(),
  })
  return {
    key: `${environmentId}/${accessType}/${fileName}`,
    url: `https://files.example.com/storage/${encodeURIComponent(environmentId)}/${accessType}/${encodeURIComponent(fileName)}`,
    accessType,
    fileName,
  }
}

/**
 * Claims every due row (now, or at `at`) and hands back those of `environmentId`; the others are released
 * at once (claimed again and retried as due now), so that tests sharing a storage never hold each other's rows.
 */
async function claimOf(storage: Storage, environmentId: string, options: { at?: Date; leaseMs?: number; token?: string } = {}) {
  const token = options.token ?? freshId()
  const claimed = await groupOf(storage, 'blobDeletions').claim({
    now: options.at ?? new Date(),
    limit: 10_000,
    leaseMs: options.leaseMs ?? 60_000,
    claimToken: token,
  })
  const mine: ClaimedBlobDeletion[] = []
  for (const row of claimed) {
    if (row.environmentId === environmentId) mine.push(row)
    else await groupOf(storage, 'blobDeletions').retry(row.id, token, { nextAttemptAt: new Date(0), error: 'released by another test' })
  }
  return { token, rows: mine, keys: mine.map((row) => row.blobKey).sort() }
}

/** `storage.blobDeletions`, and the writes that fill it: response and survey deletes, and `contacts.erase`. */
export const blobDeletionTests: StorageTest[] = [
  {
    name: 'responses.deleteMany records the files of the responses it deletes, and none when it deletes none',
    needs: 'blobDeletions',
    async run({ storage }) {
      const { production, development } = await seedProject(storage)
      const survey = await seedFileSurvey(storage, production)
      const [a, b] = [await seedFile(storage, production, 'private'), await seedFile(storage, production, 'private')]
      const first = await seedResponse(storage, production, survey.id, { data: { doc: [a.url] } })
      const second = await seedResponse(storage, production, survey.id, { data: { doc: [b.url] } })
      assert.ok('missing' in (await storage.responses.deleteMany(development, [first, second])))
      assert.ok(await storage.uploads.getFile(production, 'private', a.fileName), 'a refused batch keeps the files')
      assert.equal(await storage.responses.deleteMany(production, [first, second]), { deleted: 2 })
      const { token, keys, rows } = await claimOf(storage, production)
      assert.equal(keys, [a.key, b.key].sort())
      assert.is(await storage.uploads.getFile(production, 'private', a.fileName), null)
      await groupOf(storage, 'blobDeletions').finish(
        rows.map((row) => row.id),
        token,
      )
    },
  },
  {
    name: 'responses.delete records the files its fileUpload answers name, and only those, in the blob-deletion journal',
    needs: 'blobDeletions',
    async run({ storage }) {
      const { production, development } = await seedProject(storage)
      const survey = await seedFileSurvey(storage, production)
      const [a, b, inText, kept, elsewhere] = [
        await seedFile(storage, production, 'private'),
        await seedFile(storage, production, 'public'),
        await seedFile(storage, production),
        await seedFile(storage, production),
        await seedFile(storage, development),
      ]
      const relative = new URL(b.url).pathname
      const id = await seedResponse(storage, production, survey.id, {
        data: { doc: [a.url, relative, elsewhere.url, 'not a url', 42], why: inText.url },
      })
      const other = await seedResponse(storage, production, survey.id, { data: { doc: [kept.url] } })
      const before = await groupOf(storage, 'blobDeletions').pending()
      assert.ok(await storage.responses.delete(production, id))
      assert.ok((await groupOf(storage, 'blobDeletions').pending()) >= before + 2)
      const { token, keys, rows } = await claimOf(storage, production)
      assert.equal(keys, [a.key, b.key].sort(), 'the fileUpload answer’s files of this environment, absolute or relative URLs')
      assert.ok(rows.every((row) => row.attempts === 0))
      assert.is(await storage.uploads.getFile(production, 'private', a.fileName), null, 'the file records go')
      assert.is(await storage.uploads.getFile(production, 'public', b.fileName), null)
      assert.ok(
        await storage.uploads.getFile(production, 'private', inText.fileName),
        'a URL in an open answer is not a file of the response',
      )
      assert.ok(await storage.uploads.getFile(production, 'private', kept.fileName), 'another response’s file stays')
      assert.ok(await storage.uploads.getFile(development, 'private', elsewhere.fileName), 'another environment’s file stays')
      await groupOf(storage, 'blobDeletions').finish(
        rows.map((row) => row.id),
        token,
      )
      assert.equal((await claimOf(storage, production)).keys, [], 'finished rows are gone')
      assert.ok(await storage.responses.get(other))
    },
  },
  {
    name: 'two concurrent blob-deletion claims never return the same row, and a row is claimable again after its lease',
    needs: 'blobDeletions',
    async run({ storage }) {
      const { production } = await seedProject(storage)
      const survey = await seedFileSurvey(storage, production)
      const files = await Promise.all(Array.from({ length: 6 }, () => seedFile(storage, production)))
      const id = await seedResponse(storage, production, survey.id, { data: { doc: files.map((file) => file.url) } })
      await storage.responses.delete(production, id)
      const now = new Date()
      const claims = await Promise.all(
        [freshId(), freshId()].map((claimToken) =>
          groupOf(storage, 'blobDeletions').claim({ now, limit: 10_000, leaseMs: 60_000, claimToken }),
        ),
      )
      const mine = claims.map((rows) => rows.filter((row) => row.environmentId === production).map((row) => row.blobKey))
      assert.equal([...mine[0]!, ...mine[1]!].sort(), files.map((file) => file.key).sort(), 'each row claimed once')
      assert.equal((await claimOf(storage, production, { at: new Date(now.getTime() + 59_000) })).keys, [], 'held during the lease')
      const after = await claimOf(storage, production, { at: new Date(now.getTime() + 60_001) })
      assert.equal(after.keys, files.map((file) => file.key).sort(), 'claimable again once the lease passed')
      await groupOf(storage, 'blobDeletions').finish(
        after.rows.map((row) => row.id),
        after.token,
      )
    },
  },
  {
    name: 'blob-deletion finish and retry apply only to the latest claim; retry counts the attempt and sets when it is due',
    needs: 'blobDeletions',
    async run({ storage }) {
      const { production } = await seedProject(storage)
      const survey = await seedFileSurvey(storage, production)
      const file = await seedFile(storage, production)
      const id = await seedResponse(storage, production, survey.id, { data: { doc: [file.url] } })
      await storage.responses.delete(production, id)
      const now = new Date()
      const first = await claimOf(storage, production, { at: now, leaseMs: 1000 })
      assert.is(first.rows.length, 1)
      const row = first.rows[0]!
      const second = await claimOf(storage, production, { at: new Date(now.getTime() + 2000), leaseMs: 1000 })
      assert.equal(second.keys, [file.key], 'taken over after the lease')
      await groupOf(storage, 'blobDeletions').finish([row.id], first.token)
      await groupOf(storage, 'blobDeletions').retry(row.id, first.token, {
        nextAttemptAt: new Date(now.getTime() + 999_999_999),
        error: 'stale',
      })
      const retryAt = new Date(now.getTime() + 600_000)
      await groupOf(storage, 'blobDeletions').retry(row.id, second.token, { nextAttemptAt: retryAt, error: 'the store is down' })
      assert.equal((await claimOf(storage, production, { at: new Date(retryAt.getTime() - 1) })).keys, [], 'not due before its time')
      const third = await claimOf(storage, production, { at: retryAt })
      assert.equal(
        third.rows.map((r) => [r.blobKey, r.attempts]),
        [[file.key, 1]],
        'the stale claim changed nothing; the retry counted one attempt',
      )
      const pending = await groupOf(storage, 'blobDeletions').pending()
      await groupOf(storage, 'blobDeletions').finish([row.id], third.token)
      assert.is(await groupOf(storage, 'blobDeletions').pending(), pending - 1)
      await groupOf(storage, 'blobDeletions').finish(['no-such-id', '\u0000'], 'x\u0000')
    },
  },
  {
    name: 'surveys.delete records the files of its responses and those uploaded for it',
    needs: 'blobDeletions',
    async run({ storage }) {
      const { production } = await seedProject(storage)
      const survey = await seedFileSurvey(storage, production)
      const otherSurvey = await seedFileSurvey(storage, production)
      const answered = await seedFile(storage, production)
      const uploaded = await seedFile(storage, production, 'public', survey.id)
      const kept = await seedFile(storage, production, 'private', otherSurvey.id)
      await seedResponse(storage, production, survey.id, { data: { doc: [answered.url] } })
      assert.ok(await storage.surveys.delete(production, survey.id))
      const { token, keys, rows } = await claimOf(storage, production)
      assert.equal(keys, [answered.key, uploaded.key].sort())
      assert.ok(await storage.uploads.getFile(production, 'private', kept.fileName), 'another survey’s file stays')
      await groupOf(storage, 'blobDeletions').finish(
        rows.map((row) => row.id),
        token,
      )
    },
  },
  {
    name: 'contacts.erase removes the contact, its attributes, displays, responses and their copies; another contact keeps everything',
    needs: 'blobDeletions',
    async run({ storage }) {
      const { production, development } = await seedProject(storage)
      const survey = await seedFileSurvey(storage, production)
      const [ada, bob] = [`ada-${freshId()}`, `bob-${freshId()}`]
      await setAttributes(storage, identity(production, ada), { email: `${ada}@example.com`, plan: 'pro' })
      await setAttributes(storage, identity(production, bob), { email: `${bob}@example.com` })
      const adaFile = await seedFile(storage, production)
      const bobFile = await seedFile(storage, production)
      const shown = await seedDisplay(storage, production, survey.id, ada)
      const adas = [
        await seedResponse(storage, production, survey.id, { userId: ada, displayId: shown, data: { doc: [adaFile.url], why: 'ada' } }),
        await seedResponse(storage, production, survey.id, { userId: ada, data: { why: 'ada again' } }),
      ]
      const bobDisplay = await seedDisplay(storage, production, survey.id, bob)
      const bobs = await seedResponse(storage, production, survey.id, { userId: bob, data: { doc: [bobFile.url] } })
      const contactOf = async (userId: string) => (await storage.contacts.list(production, { userId, limit: 1 }))[0]!.id
      const [adaId, bobId] = [await contactOf(ada), await contactOf(bob)]
      // Stored idempotent answers: one names Ada's response, one names Bob's.
      const replay = async (key: string, body: string) => {
        const claim = { environmentId: production, scope: 'client' as const, key, fingerprint: 'f' }
        const now = new Date()
        await storage.idempotency.begin({
          ...claim,
          now,
          leaseUntil: new Date(now.getTime() + 60_000),
          expiresAt: new Date(now.getTime() + 86_400_000),
        })
        await storage.idempotency.finish(claim, { status: 200, body, contentType: 'application/json' })
        return () => storage.idempotency.begin({ ...claim, now, leaseUntil: now, expiresAt: new Date(now.getTime() + 86_400_000) })
      }
      const adaReplay = await replay(`k-${freshId()}`, JSON.stringify({ data: { id: adas[0] } }))
      const bobReplay = await replay(`k-${freshId()}`, JSON.stringify({ data: { id: bobs } }))

      assert.is(await storage.contacts.erase(development, adaId), null, 'another environment’s key erases nothing')
      assert.is(await storage.contacts.erase(production, 'no-such-contact'), null)
      assert.is(await storage.contacts.erase(production, '\u0000'), null)
      const report = await storage.contacts.erase(production, adaId)
      assert.equal(report, {
        contactId: adaId,
        responses: 2,
        displays: 1,
        attributes: 2,
        files: 1,
        webhookDeliveries: 0,
        idempotencyReplays: 1,
        tags: 0,
        surveyIds: [survey.id],
      })
      assert.is(await storage.contacts.get(production, adaId), null)
      for (const id of adas) assert.is(await storage.responses.get(id), null)
      assert.equal(await storage.displays.listByContact(production, adaId, { limit: 10 }), [])
      assert.is(await storage.displays.responseOf(production, shown), null, 'the display is gone')
      assert.is(await storage.uploads.getFile(production, 'private', adaFile.fileName), null)
      const gone = await adaReplay()
      assert.equal(gone.state === 'replay' && [gone.status, JSON.parse(gone.body).code], [410, 'gone'], 'the replay is a tombstone')
      assert.is(await storage.contacts.erase(production, adaId), null, 'a second erasure finds nothing')

      assert.ok(await storage.contacts.get(production, bobId), 'Bob stays')
      assert.ok(await storage.responses.get(bobs))
      assert.ok(await storage.displays.responseOf(production, bobDisplay))
      assert.ok(await storage.uploads.getFile(production, 'private', bobFile.fileName))
      const kept = await bobReplay()
      assert.equal(kept.state === 'replay' && kept.status, 200)
      const { token, keys, rows } = await claimOf(storage, production)
      assert.equal(keys, [adaFile.key])
      await groupOf(storage, 'blobDeletions').finish(
        rows.map((row) => row.id),
        token,
      )
    },
  },
  {
    name: "responses.delete records only its respondent's uploads for its survey (or none) that no other response or survey names",
    needs: 'blobDeletions',
    async run({ storage }) {
      const { production } = await seedProject(storage)
      const survey = await seedFileSurvey(storage, production)
      const other = await seedFileSurvey(storage, production)
      const files = {
        own: await seedFile(storage, production, 'private', survey.id),
        ofNoSurvey: await seedFile(storage, production, 'private', null),
        managers: await seedFile(storage, production, 'public', null, false),
        managersForSurvey: await seedFile(storage, production, 'public', survey.id, false),
        ofOtherSurvey: await seedFile(storage, production, 'private', other.id),
        shared: await seedFile(storage, production, 'private', survey.id),
        sharedAcrossSurveys: await seedFile(storage, production, 'private', survey.id),
        inSurvey: await seedFile(storage, production, 'private', survey.id),
      }
      await seedSurvey(storage, production, {
        questions: [{ id: 'why', type: 'openText', headline: { default: `Like ${files.inSurvey.url}` }, required: false }],
      })
      const id = await seedResponse(storage, production, survey.id, { data: { doc: Object.values(files).map((file) => file.url) } })
      await seedResponse(storage, production, survey.id, { data: { doc: [files.shared.url] } })
      await seedResponse(storage, production, other.id, { data: { why: `see ${files.sharedAcrossSurveys.url}` } })
      assert.ok(await storage.responses.delete(production, id))
      const { token, keys, rows } = await claimOf(storage, production)
      assert.equal(keys, [files.own.key, files.ofNoSurvey.key].sort())
      for (const [what, file] of Object.entries(files)) {
        const kept = (await storage.uploads.getFile(production, file.accessType, file.fileName)) !== null
        assert.is(kept, what !== 'own' && what !== 'ofNoSurvey', what)
      }
      await groupOf(storage, 'blobDeletions').finish(
        rows.map((row) => row.id),
        token,
      )
    },
  },
]
