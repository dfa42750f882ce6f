/**
 * Survey files round-trip (docs/api.md, "Survey export and import in v3"): every survey of the docs and every
 * template (`roundTripFixtures`), created, exported with `GET /api/v3/surveys/{id}/export`, imported into the
 * other environment with `POST /api/v3/surveys/import` and exported again, is the same document but for the
 * status (an import is always a draft); the new survey's id and dates are its own.
 */
import { suiteWithBed } from '@canvass/test-bed'
import * as assert from 'uvu/assert'
import { roundTripFixtures } from './round-trip-fixtures'

const { test, bed } = suiteWithBed('v3 export and import round trip of every docs survey and template')

const call = (method: string, path: string, key: string, body?: unknown) =>
  bed().call(method, path, { key, ...(body !== undefined ? { body } : {}) })

test('the fixtures are there: the docs examples, the question examples and every template', () => {
  const names = roundTripFixtures().map((fixture) => fixture.name)
  assert.ok(names.filter((name) => name.startsWith('docs/surveys.md')).length >= 2, names.join())
  assert.ok(names.filter((name) => name.startsWith('template ')).length >= 3, names.join())
})

for (const fixture of roundTripFixtures()) {
  test(`${fixture.name}: export, import elsewhere, export again: the same document`, async () => {
    const created = await call('POST', '/api/v1/management/surveys', bed().keyA, fixture.body)
    assert.is(created.status, 200, `${fixture.name}: ${created.text}`)
    const source = created.body.data
    const exported = await call('GET', `/api/v3/surveys/${source.id}/export`, bed().keyA)
    assert.is(exported.status, 200, `${fixture.name}: ${exported.text}`)
    const envelope = exported.body.data
    const imported = await call('POST', '/api/v3/surveys/import', bed().keyB, { workspaceId: bed().envB, export: envelope })
    assert.is(imported.status, 201, `${fixture.name}: ${imported.text}`)
    const survey = imported.body.data.survey
    assert.is.not(survey.id, source.id)
    assert.is(survey.status, 'draft')
    assert.is(imported.body.data.report.issues.filter((issue: { severity: string }) => issue.severity !== 'info').length, 0, imported.text)
    const again = await call('GET', `/api/v3/surveys/${survey.id}/export`, bed().keyB)
    assert.is(again.status, 200, again.text)
    assert.is(again.body.data.formbricks.source.surveyId, survey.id)
    assert.equal({ ...again.body.data.survey, status: envelope.survey.status }, envelope.survey, fixture.name)
    assert.equal(again.body.data.references, envelope.references, fixture.name)
  })
}

test.run()
