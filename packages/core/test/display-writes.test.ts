/**
 * Core's loop of a display create (`createDisplay`) on a fake port: the decision (does the survey take
 * submissions), the retry on a survey that changed, and the naming of a refusal are core's.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { DISPLAY_ATTEMPTS, createDisplay } from '../src/domain/responses/display-writes'
import type { DisplayWritePrimitives } from '../src/domain/responses/display-writes'
import type { DisplayGuard, DisplayInsert, NewDisplay, SurveyWriteFacts } from '../src/ports/storage'

const facts = (changes: Partial<SurveyWriteFacts> = {}): SurveyWriteFacts => ({
  id: 'survey-1',
  environmentId: 'env-1',
  status: 'inProgress',
  runOnDate: null,
  closeOnDate: null,
  autoComplete: null,
  hasPin: false,
  type: 'app',
  singleUse: false,
  answerScales: [],
  version: 'v1',
  ...changes,
})

const display: NewDisplay = {
  id: 'display-1',
  environmentId: 'env-1',
  surveyId: 'survey-1',
  userId: null,
  responseId: null,
  createdAt: new Date('2026-01-01T00:00:00Z'),
  newId: () => 'contact-1',
}

const refused = (changes: Partial<Extract<DisplayInsert, { outcome: 'refused' }>> = {}): DisplayInsert => ({
  outcome: 'refused',
  environmentFound: true,
  surveyEnvironmentId: 'env-1',
  surveyCurrent: true,
  responseFound: false,
  ...changes,
})

function fakePort(script: {
  kept?: SurveyWriteFacts
  read: () => SurveyWriteFacts | null
  inserts: (guard: DisplayGuard) => DisplayInsert
}) {
  const calls: string[] = []
  const guards: DisplayGuard[] = []
  const port: DisplayWritePrimitives = {
    responses: {
      keptFacts: () => script.kept,
      async writeFacts() {
        calls.push('read')
        return { survey: script.read(), environmentFound: true }
      },
    },
    displays: {
      async insertGuarded(_input, guard) {
        calls.push('insert')
        guards.push(guard)
        return script.inserts(guard)
      },
    },
  }
  return { port, calls, guards }
}

const test = suite('createDisplay: the display loop in core')

test('kept facts of a survey taking submissions: one insert', async () => {
  const fake = fakePort({ kept: facts(), read: () => assert.unreachable('read') as never, inserts: () => ({ outcome: 'written' }) })
  assert.equal(await createDisplay(fake.port, display), { outcome: 'created', id: 'display-1' })
  assert.equal(fake.calls, ['insert'])
  assert.equal(fake.guards, [{ version: 'v1', accepting: true }])
})

test('a survey changed since its kept facts is read again, and its status judged as it is now', async () => {
  const fake = fakePort({
    kept: facts(),
    read: () => facts({ status: 'paused', version: 'v2' }),
    inserts: (guard) => refused({ surveyCurrent: guard.version === 'v2' }),
  })
  assert.equal(await createDisplay(fake.port, display), { outcome: 'survey_not_accepting' })
  assert.equal(fake.calls, ['insert', 'read', 'insert'])
  assert.equal(fake.guards, [
    { version: 'v1', accepting: true },
    { version: 'v2', accepting: false },
  ])
})

test(`a survey that keeps changing is read at most ${DISPLAY_ATTEMPTS} times more`, async () => {
  const fake = fakePort({ read: () => facts(), inserts: () => refused({ surveyCurrent: false }) })
  assert.equal(await createDisplay(fake.port, display), { outcome: 'response_not_found' })
  assert.equal(fake.calls.filter((call) => call === 'insert').length, DISPLAY_ATTEMPTS + 1)
})

test("the insert's report names the refusal, in the documented order", async () => {
  const cases: Array<[DisplayInsert, string]> = [
    [refused({ environmentFound: false, surveyEnvironmentId: null }), 'environment_not_found'],
    [refused({ surveyEnvironmentId: null }), 'survey_not_found'],
    [refused({ surveyEnvironmentId: 'env-2' }), 'survey_in_other_environment'],
    [refused({ responseFound: true }), 'response_not_claimable'],
    [refused(), 'response_not_found'],
  ]
  for (const [report, outcome] of cases) {
    const fake = fakePort({ kept: facts(), read: () => facts(), inserts: () => report })
    assert.is((await createDisplay(fake.port, display)).outcome, outcome)
  }
  const unknown = fakePort({ read: () => null, inserts: () => refused({ surveyEnvironmentId: null }) })
  assert.equal(await createDisplay(unknown.port, display), { outcome: 'survey_not_found' })
  assert.equal(unknown.guards, [{ version: null, accepting: false }])
})

test.run()
