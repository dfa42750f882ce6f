import type { FileRecord } from '@canvass/core'
import * as assert from 'uvu/assert'
import { freshId } from './fresh-id'
import { makeSurvey, seedProject } from './seed'
import type { StorageTest } from './storage-test'

/** Uploads: each uuid spent once, atomically; spent uuids purged by age; file records (docs/design.md, "Uploads"). */
export const uploadTests: StorageTest[] = [
  {
    name: 'spendUuid spends a uuid once',
    async run({ storage }) {
      const { production, development } = await seedProject(storage)
      const uuid = crypto.randomUUID()
      assert.is(await storage.uploads.spendUuid({ uuid, environmentId: production, spentAt: new Date() }), true)
      assert.is(await storage.uploads.spendUuid({ uuid, environmentId: production, spentAt: new Date() }), false, 'a replay')
      assert.is(
        await storage.uploads.spendUuid({ uuid, environmentId: development, spentAt: new Date() }),
        false,
        'a uuid is spent for every environment',
      )
      assert.is(await storage.uploads.spendUuid({ uuid: crypto.randomUUID(), environmentId: production, spentAt: new Date() }), true)
    },
  },
  {
    name: 'spendUuid lets exactly one of concurrent spends of a uuid succeed',
    async run({ storage }) {
      const { production } = await seedProject(storage)
      for (let round = 0; round < 3; round++) {
        const uuid = crypto.randomUUID()
        const results = await Promise.all(
          Array.from({ length: 8 }, () => storage.uploads.spendUuid({ uuid, environmentId: production, spentAt: new Date() })),
        )
        assert.is(results.filter(Boolean).length, 1, `round ${round}: ${results.join(', ')}`)
      }
    },
  },
  {
    name: 'spendUuid refuses a uuid that cannot be stored',
    async run({ storage }) {
      const { production } = await seedProject(storage)
      assert.is(await storage.uploads.spendUuid({ uuid: 'a\u0000b', environmentId: production, spentAt: new Date() }), false)
    },
  },
  {
    name: 'purgeSpentUuids forgets only uuids spent before the given time',
    async run({ storage }) {
      const { production } = await seedProject(storage)
      // Far in the past, so that other tests' uuids (spent now) are never purged by this one.
      const old = new Date(Date.UTC(2001, 0, 1))
      const oldUuid = crypto.randomUUID()
      const recentUuid = crypto.randomUUID()
      await storage.uploads.spendUuid({ uuid: oldUuid, environmentId: production, spentAt: old })
      await storage.uploads.spendUuid({ uuid: recentUuid, environmentId: production, spentAt: new Date(Date.UTC(2001, 0, 2)) })
      assert.ok((await storage.uploads.purgeSpentUuids(new Date(Date.UTC(2001, 0, 1, 12)))) >= 1)
      assert.is(await storage.uploads.spendUuid({ uuid: oldUuid, environmentId: production, spentAt: new Date() }), true, 'purged')
      assert.is(await storage.uploads.spendUuid({ uuid: recentUuid, environmentId: production, spentAt: new Date() }), false, 'kept')
    },
  },
  {
    name: 'recordFile records a file per environment, access type and name, and replaces it',
    async run({ storage }) {
      const { production, development } = await seedProject(storage)
      const survey = makeSurvey(production)
      await storage.surveys.insert(survey)
      const file: FileRecord = {
        id: freshId(),
        environmentId: production,
        surveyId: survey.id,
        forResponse: true,
        accessType: 'private',
        fileName: `photo--fid--${crypto.randomUUID()}.png`,
        contentType: 'image/png',
        size: 1234,
        createdAt: new Date(Date.UTC(2026, 0, 1)),
      }
      await storage.uploads.recordFile(file)
      assert.equal(await storage.uploads.getFile(production, 'private', file.fileName), file)
      assert.is(await storage.uploads.getFile(production, 'public', file.fileName), null, 'another access type')
      assert.is(await storage.uploads.getFile(development, 'private', file.fileName), null, 'another environment')
      const replaced = { ...file, id: freshId(), surveyId: null, forResponse: false, size: 99, contentType: 'image/jpeg' }
      await storage.uploads.recordFile(replaced)
      assert.equal(await storage.uploads.getFile(production, 'private', file.fileName), { ...replaced, id: file.id })
      assert.is(await storage.uploads.getFile(production, 'private', 'a\u0000b'), null)
    },
  },
]
