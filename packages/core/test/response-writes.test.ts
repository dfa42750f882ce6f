/**
 * Core's loop of a response create (`createResponse`, docs/architecture.md, "A response write") on a fake
 * port that records each primitive it is asked for: what it decides (which outcome, whether to retry, when to
 * lock) is core's, whatever the adapter.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { WRITE_ATTEMPTS, createResponse } from '../src/domain/responses/response-writes'
import type {
  CreateResponseCheck,
  GuardedInsert,
  LockedCreate,
  NewResponse,
  ResponseCreateFacts,
  SurveyWriteFacts,
  WriteFactsQuery,
  WriteGuard,
} from '../src/ports/storage'
import type { ResponseWritePrimitives } from '../src/domain/responses/response-writes'

const ENVIRONMENT = 'env-1'

const facts = (changes: Partial<SurveyWriteFacts> = {}): SurveyWriteFacts => ({
  id: 'survey-1',
  environmentId: ENVIRONMENT,
  status: 'inProgress',
  runOnDate: null,
  closeOnDate: null,
  autoComplete: null,
  hasPin: false,
  type: 'link',
  singleUse: false,
  answerScales: [],
  version: 'v1',
  ...changes,
})

const response = (changes: Partial<NewResponse> = {}): NewResponse => ({
  id: 'response-1',
  createdAt: new Date('2026-01-01T00:00:00Z'),
  surveyId: 'survey-1',
  finished: false,
  data: {},
  meta: {},
  ttc: {},
  variables: {},
  language: null,
  singleUseId: null,
  displayId: null,
  endingId: null,
  userId: null,
  newId: () => 'contact-1',
  ...changes,
})

const check: CreateResponseCheck = { environmentId: ENVIRONMENT, requireAccepting: true, checkEnvironment: true, pinProven: false }

/** A port whose answers the test scripts: the facts read now, one insert outcome per call, the locked outcome. */
function fakePort(script: { kept?: SurveyWriteFacts; read: () => ResponseCreateFacts; inserts?: GuardedInsert[]; locked?: LockedCreate }) {
  const calls: string[] = []
  const guards: WriteGuard[] = []
  const queries: WriteFactsQuery[] = []
  const lockedDecisions: Array<ReturnType<Parameters<ResponseWritePrimitives['createLocked']>[2]>> = []
  const inserts = [...(script.inserts ?? [])]
  const port: ResponseWritePrimitives = {
    keptFacts() {
      calls.push('kept')
      return script.kept
    },
    async writeFacts(query) {
      calls.push('read')
      queries.push(query)
      return script.read()
    },
    async insertGuarded(_input, _check, guard) {
      calls.push('insert')
      guards.push(guard)
      const next = inserts.shift()
      if (!next) throw new Error('no insert scripted')
      return next
    },
    async createLocked(_input, _check, decide) {
      calls.push('locked')
      // The decision runs on facts read under the lock: here, the facts read now.
      const refusal = decide(script.read())
      lockedDecisions.push(refusal)
      return refusal ?? script.locked ?? { outcome: 'written', hasQuotas: false }
    },
  }
  return { port, calls, guards, queries, lockedDecisions }
}

const test = suite('createResponse: the write loop in core')

test('kept facts that allow the create: one guarded insert, nothing read', async () => {
  const fake = fakePort({
    kept: facts(),
    read: () => assert.unreachable('read') as never,
    inserts: [{ outcome: 'written', hasQuotas: true }],
  })
  assert.equal(await createResponse(fake.port, response(), check), { outcome: 'created', id: 'response-1', hasQuotas: true })
  assert.equal(fake.calls, ['kept', 'insert'])
  assert.equal(fake.guards, [{ version: 'v1', displayContactId: null }])
})

test('no kept facts: read now, then the insert guarded by what was read', async () => {
  const fake = fakePort({
    read: () => ({ survey: facts({ version: 'v7' }), environmentFound: true, display: { surveyId: 'survey-1', contact: null } }),
    inserts: [{ outcome: 'written', hasQuotas: false }],
  })
  const input = response({ displayId: 'display-1' })
  assert.equal(await createResponse(fake.port, input, check), { outcome: 'created', id: 'response-1' })
  assert.equal(fake.calls, ['kept', 'read', 'insert'])
  assert.equal(fake.queries, [{ surveyId: 'survey-1', displayId: 'display-1', environmentId: ENVIRONMENT }])
  assert.equal(fake.guards, [{ version: 'v7', displayContactId: null }])
})

test("a display made for a contact guards the insert by that contact's id", async () => {
  const contact = { id: 'contact-9', userId: 'user-9', environmentId: ENVIRONMENT }
  const fake = fakePort({
    read: () => ({ survey: facts(), environmentFound: true, display: { surveyId: 'survey-1', contact } }),
    inserts: [{ outcome: 'written', hasQuotas: false }],
  })
  const input = response({ displayId: 'display-1', userId: 'user-9' })
  assert.equal((await createResponse(fake.port, input, check)).outcome, 'created')
  assert.equal(fake.guards, [{ version: 'v1', displayContactId: 'contact-9' }])
})

test('a lost guard reads the facts again and decides again', async () => {
  let version = 1
  const fake = fakePort({
    kept: facts({ version: 'v0' }),
    read: () => ({ survey: facts({ version: `v${version++}` }), environmentFound: true }),
    inserts: [{ outcome: 'lost' }, { outcome: 'written', hasQuotas: false }],
  })
  assert.equal(await createResponse(fake.port, response(), check), { outcome: 'created', id: 'response-1' })
  assert.equal(fake.calls, ['kept', 'insert', 'read', 'insert'])
  assert.equal(
    fake.guards.map((guard) => guard.version),
    ['v0', 'v1'],
  )
})

test(`${WRITE_ATTEMPTS} lost guards: the create is written under the survey's lock`, async () => {
  const fake = fakePort({
    read: () => ({ survey: facts(), environmentFound: true }),
    inserts: Array.from({ length: WRITE_ATTEMPTS }, () => ({ outcome: 'lost' as const })),
  })
  assert.equal(await createResponse(fake.port, response(), check), { outcome: 'created', id: 'response-1' })
  assert.equal(fake.calls, ['kept', ...Array.from({ length: WRITE_ATTEMPTS }, () => ['read', 'insert']).flat(), 'locked'])
})

test('a refusal is only answered from facts read now, never from kept ones', async () => {
  const fake = fakePort({
    kept: facts({ status: 'paused' }),
    read: () => ({ survey: facts({ status: 'inProgress', version: 'v2' }), environmentFound: true }),
    inserts: [{ outcome: 'written', hasQuotas: false }],
  })
  assert.equal((await createResponse(fake.port, response(), check)).outcome, 'created', 'the kept facts were stale')
  assert.equal(fake.calls, ['kept', 'read', 'insert'])

  const refused = fakePort({
    kept: facts({ status: 'paused' }),
    read: () => ({ survey: facts({ status: 'paused' }), environmentFound: true }),
  })
  assert.equal(await createResponse(refused.port, response(), check), { outcome: 'survey_not_accepting' })
  assert.equal(refused.calls, ['kept', 'read'], 'read now before refusing; nothing written')
})

test('a refusal after a lost guard comes from the facts read again', async () => {
  const fake = fakePort({
    kept: facts(),
    read: () => ({ survey: facts({ hasPin: true, version: 'v2' }), environmentFound: true }),
    inserts: [{ outcome: 'lost' }],
  })
  assert.equal(await createResponse(fake.port, response(), check), { outcome: 'pin_required' })
  assert.equal(fake.calls, ['kept', 'insert', 'read'])
})

test('an unknown survey reads whether the environment exists only when the check asks', async () => {
  const fake = fakePort({ read: () => ({ survey: null, environmentFound: false }) })
  assert.equal(await createResponse(fake.port, response(), check), { outcome: 'environment_not_found' })
  const management = fakePort({ read: () => ({ survey: null, environmentFound: true }) })
  const managementCheck = { ...check, checkEnvironment: false, requireAccepting: false, pinProven: true }
  assert.equal(await createResponse(management.port, response(), managementCheck), { outcome: 'survey_not_found' })
  assert.equal(management.queries, [{ surveyId: 'survey-1', displayId: null }])
})

test("a finished response to a survey with autoComplete goes to the lock, decided there on the lock's facts", async () => {
  const fake = fakePort({
    kept: facts({ autoComplete: 2 }),
    read: () => ({ survey: facts({ autoComplete: 2, status: 'completed' }), environmentFound: true }),
  })
  assert.equal(await createResponse(fake.port, response({ finished: true }), check), { outcome: 'survey_not_accepting' })
  assert.equal(fake.calls, ['kept', 'locked'])
  assert.equal(fake.lockedDecisions, [{ outcome: 'survey_not_accepting' }])
})

test('a create with tags is written under the lock; a guard lost there is the display gone', async () => {
  const fake = fakePort({ kept: facts(), read: () => ({ survey: facts(), environmentFound: true }), locked: { outcome: 'lost' } })
  assert.equal(await createResponse(fake.port, response({ tagIds: ['tag-1'] }), check), { outcome: 'display_not_found' })
  assert.equal(fake.calls, ['locked'])
})

test("the unique indexes' refusals are answered as they come", async () => {
  const fake = fakePort({ kept: facts(), read: () => assert.unreachable('read') as never, inserts: [{ outcome: 'display_taken' }] })
  assert.equal(await createResponse(fake.port, response({ displayId: 'display-1' }), check), { outcome: 'display_taken' })
  assert.equal(fake.calls, ['kept', 'insert'])
})

test.run()
