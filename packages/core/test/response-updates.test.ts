/**
 * Core's loops of an update and an import (`updateResponse`, `importResponses`) over scripted primitives: which
 * primitive is called when, with what guard, and what the caller is answered.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { IMPORT_ATTEMPTS, importResponses } from '../src/domain/response-imports'
import { updateResponse } from '../src/domain/response-updates'
import type { ResponseUpdatePrimitives } from '../src/domain/response-updates'
import type { LockedUpdate, LockedUpdateOptions, ResponseRecord, ResponseSurveyFields } from '../src/ports/storage'

const response = (overrides: Partial<ResponseRecord> = {}): ResponseRecord => ({
  id: 'response-1',
  createdAt: new Date(0),
  updatedAt: new Date(0),
  surveyId: 'survey-1',
  environmentId: 'env-1',
  finished: false,
  data: {},
  meta: {},
  ttc: {},
  variables: {},
  language: null,
  singleUseId: null,
  displayId: null,
  endingId: null,
  personAttributes: null,
  person: null,
  notes: [],
  tags: [],
  ...overrides,
})

const survey: ResponseSurveyFields = {
  environmentId: 'env-1',
  status: 'inProgress',
  runOnDate: null,
  closeOnDate: null,
  hasPin: false,
  hasQuotas: false,
}

/** Primitives whose guarded writes are lost `lost` times, recording every call. */
function fakePort(script: { lost?: number; autoComplete?: number | null; locked?: ResponseRecord }) {
  const calls: string[] = []
  const lockOptions: LockedUpdateOptions[] = []
  let lost = script.lost ?? 0
  const port: ResponseUpdatePrimitives = {
    async readForUpdate() {
      calls.push('read')
      return { response: response(), survey, autoComplete: script.autoComplete ?? null, version: 'v1' }
    },
    async updateGuarded(_id, patch) {
      calls.push('guarded')
      if (lost > 0) {
        lost--
        return null
      }
      return response({ ...patch, tags: [] } as Partial<ResponseRecord>)
    },
    async updateLocked(_id, options, decide): Promise<LockedUpdate> {
      calls.push(options.lockSurvey === null ? 'locked' : 'locked with survey')
      lockOptions.push(options)
      const current = script.locked ?? response()
      const patch = decide.patch(current, survey)
      if (patch === null) return { outcome: 'unchanged', response: current }
      if (patch === 'lock_survey') return { outcome: 'lock_survey' }
      return { outcome: 'written', response: response({ ...current, finished: patch.finished ?? current.finished }) }
    },
  }
  return { port, calls, lockOptions }
}

const test = suite('updateResponse and importResponses: the loops in core')

test('the common case is one read and one guarded write', async () => {
  const fake = fakePort({})
  const updated = await updateResponse(fake.port, 'response-1', () => ({ updatedAt: new Date(1), data: { q: 'a' } }))
  assert.equal(updated?.data, { q: 'a' })
  assert.equal(fake.calls, ['read', 'guarded'])
})

test('a lost guard is decided again under the lock, never retried unguarded', async () => {
  const fake = fakePort({ lost: 1 })
  await updateResponse(fake.port, 'response-1', () => ({ updatedAt: new Date(1), data: { q: 'a' } }))
  assert.equal(fake.calls, ['read', 'guarded', 'locked'])
})

test('tags, and a finish towards autoComplete, go straight to the lock; a finish takes the survey lock first', async () => {
  const tags = fakePort({})
  await updateResponse(tags.port, 'response-1', () => ({ updatedAt: new Date(1), tagIds: ['t'] }))
  assert.equal(tags.calls, ['read', 'locked'])
  const finish = fakePort({ autoComplete: 2 })
  await updateResponse(finish.port, 'response-1', () => ({ updatedAt: new Date(1), finished: true }))
  assert.equal(finish.calls, ['read', 'locked with survey'])
  assert.is(finish.lockOptions[0]?.lockSurvey, 'survey-1')
})

test('a patch that finishes only under the response lock runs again with the survey lock', async () => {
  const fake = fakePort({ lost: 1 })
  let calls = 0
  await updateResponse(fake.port, 'response-1', () =>
    ++calls === 1 ? { updatedAt: new Date(1) } : { updatedAt: new Date(1), finished: true },
  )
  assert.equal(fake.calls, ['read', 'guarded', 'locked', 'locked with survey'])
})

test('null from change writes nothing and answers the response as read', async () => {
  const fake = fakePort({})
  assert.equal(await updateResponse(fake.port, 'response-1', () => null), response())
  assert.equal(fake.calls, ['read'])
})

test('an import lost to concurrent creates runs again, and the last loss propagates', async () => {
  let calls = 0
  const cause = new Error('taken meanwhile')
  const lostAlways = {
    importLocked: async () => {
      calls++
      return { outcome: 'lost' as const, cause }
    },
  }
  const check = { environmentId: 'env-1', requireAccepting: false, checkEnvironment: false, pinProven: true }
  await importResponses(lostAlways, [], check, { webhooks: false }).then(
    () => assert.unreachable('lost every time'),
    (error) => assert.is(error, cause),
  )
  assert.is(calls, IMPORT_ATTEMPTS)
})

test.run()
