/**
 * The reference's survey files, written from its contracts (`GET /api/v3/surveys/{surveyId}/export`,
 * `POST /api/v3/surveys/import`; docs/api.md, "Survey export and import in v3"): the envelope, the import of an
 * envelope and of a raw document, triggers matched or made, a dry run that writes nothing, hostile input,
 * and other environments refused.
 */
import { createTestClock, suiteWithBed } from '@canvass/test-bed'
import type { ApiResult } from '@canvass/test-bed'
import * as assert from 'uvu/assert'

const clock = createTestClock('2026-11-28T10:00:00.000Z')
const { test, bed } = suiteWithBed('v3 survey export and import', { clock })

const call = (method: string, path: string, body?: unknown, key = bed().keyA) =>
  bed().call(method, path, { key, ...(body !== undefined ? { body } : {}) })

function assertProblem(res: ApiResult, status: number, names: string[] = []) {
  assert.is(res.status, status, res.text)
  assert.is(res.headers.get('content-type'), 'application/problem+json')
  assert.is(res.body.status, status)
  const listed = (res.body.invalid_params ?? []).map((param: { name: string }) => param.name)
  for (const name of names) assert.ok(listed.includes(name), `invalid_params names ${name}: ${JSON.stringify(res.body.invalid_params)}`)
}

const text = (en: string, de: string) => ({ 'en-US': en, 'de-DE': de })

const linkDocument = () => ({
  name: 'Product feedback',
  type: 'link',
  defaultLanguage: 'en-US',
  languages: [{ code: 'de-DE', enabled: true }],
  welcomeCard: { enabled: true, headline: text('Welcome', 'Willkommen') },
  blocks: [
    {
      name: 'Main',
      elements: [{ id: 'improve', type: 'openText', headline: text('What should we improve?', 'Was verbessern?'), required: true }],
    },
  ],
  endings: [{ id: 'end', type: 'endScreen', headline: text('Thanks', 'Danke') }],
  hiddenFields: { enabled: true, fieldIds: ['campaign'] },
  variables: [{ id: 'score', name: 'score', type: 'number', value: 0 }],
  metadata: { title: text('Feedback', 'Rückmeldung') },
})

async function createSurvey(document: Record<string, unknown>, key = bed().keyA) {
  const res = await call('POST', '/api/v3/surveys', { workspaceId: bed().projectId, ...document }, key)
  assert.is(res.status, 201, res.text)
  return res.body.data as Record<string, any>
}

async function actionClass(body: Record<string, unknown>, key = bed().keyA) {
  const res = await bed().call('POST', '/api/v1/management/action-classes', { key, body })
  assert.is(res.status, 200, res.text)
  return res.body.data as { id: string; name: string }
}

async function counts(environmentId: string) {
  const db = (bed().db as any).withSchema('canvass')
  const count = async (table: string) =>
    Number((await db.selectFrom(table).select(db.fn.countAll().as('n')).where('environment_id', '=', environmentId).executeTakeFirst()).n)
  return { surveys: await count('surveys'), actionClasses: await count('action_classes'), audit: await count('audit_log') }
}

test('export answers the envelope: format 1, the source, the document without instance-bound fields', async () => {
  const survey = await createSurvey(linkDocument())
  const res = await call('GET', `/api/v3/surveys/${survey.id}/export`)
  assert.is(res.status, 200, res.text)
  assert.is(res.headers.get('cache-control'), 'private, no-store')
  const envelope = res.body.data
  assert.equal(Object.keys(envelope).sort(), ['formbricks', 'references', 'survey'])
  assert.is(envelope.formbricks.exportFormat, 1)
  assert.is(envelope.formbricks.exportedAt, '2026-11-28T10:00:00.000Z')
  assert.equal(envelope.formbricks.source.surveyId, survey.id)
  assert.equal(envelope.formbricks.source.workspaceId, bed().projectId)
  assert.equal(envelope.references, { actionClasses: [] })
  for (const field of ['id', 'workspaceId', 'createdAt', 'updatedAt', 'archivedAt', 'targeting', 'distribution', 'styling', 'customCss'])
    assert.not.ok(field in envelope.survey, field)
  assert.equal(Object.keys(envelope.survey).sort(), [
    'blocks',
    'defaultLanguage',
    'endings',
    'hiddenFields',
    'languages',
    'metadata',
    'name',
    'status',
    'type',
    'variables',
    'welcomeCard',
  ])
  assert.equal(envelope.survey.languages, [
    { code: 'en-US', default: true, enabled: true },
    { code: 'de-DE', default: false, enabled: true },
  ])
  assert.equal(envelope.survey.blocks[0].elements[0].headline, text('What should we improve?', 'Was verbessern?'))
})

test('export then import: a new draft, fresh ids, the same document', async () => {
  const survey = await createSurvey({ ...linkDocument(), status: 'inProgress' })
  const exported = (await call('GET', `/api/v3/surveys/${survey.id}/export`)).body.data
  const res = await call('POST', '/api/v3/surveys/import', { workspaceId: bed().projectId, export: exported })
  assert.is(res.status, 201, res.text)
  const created = res.body.data.survey
  assert.is(res.headers.get('location'), `/api/v3/surveys/${created.id}`)
  assert.is.not(created.id, survey.id)
  assert.is(created.status, 'draft')
  const report = res.body.data.report
  assert.equal(report.source, { lane: 'lossless', kind: 'formbricks-export' })
  assert.equal(report.summary, {
    blocks: 1,
    elements: 1,
    endings: 1,
    languages: ['en-US', 'de-DE'],
    logicRules: 0,
    logicRulesReported: 0,
    hiddenFields: 1,
  })
  const codes = report.issues.map((issue: { code: string }) => issue.code)
  assert.ok(codes.includes('status_reset'), codes.join())
  assert.ok(codes.includes('settings_not_exported'), codes.join())
  const again = (await call('GET', `/api/v3/surveys/${created.id}/export`)).body.data
  assert.equal({ ...again.survey, status: 'inProgress' }, exported.survey)
})

test('an app survey: its triggers travel as action-class definitions, matched by key or made in another environment', async () => {
  const code = await actionClass({ name: 'Checkout done', type: 'code', key: 'checkout-done' })
  const noCode = await actionClass({ name: 'Pricing visit', type: 'noCode', noCodeConfig: { type: 'pageView', urlFilters: [] } })
  const survey = await createSurvey({
    ...linkDocument(),
    type: 'app',
    distribution: { triggers: [{ actionClassId: code.id }, { actionClassId: noCode.id }] },
  })
  const exported = (await call('GET', `/api/v3/surveys/${survey.id}/export`)).body.data
  assert.equal(
    exported.references.actionClasses.map((reference: { id: string; type: string; key: string | null }) => [
      reference.id,
      reference.type,
      reference.key,
    ]),
    [
      [code.id, 'code', 'checkout-done'],
      [noCode.id, 'noCode', null],
    ],
  )
  // Environment B has a code class with the same key under another name, and no page-view class.
  const mine = await actionClass({ name: 'Checkout (B)', type: 'code', key: 'checkout-done' }, bed().keyB)
  const before = await counts(bed().envB)
  const dry = await call(
    'POST',
    '/api/v3/surveys/import',
    { workspaceId: bed().envB, export: exported, options: { dryRun: true } },
    bed().keyB,
  )
  assert.is(dry.status, 200, dry.text)
  assert.equal(await counts(bed().envB), before)
  assert.is(dry.body.data.validation.valid, true, dry.text)
  assert.equal(
    dry.body.data.report.issues
      .filter((issue: { code: string }) => issue.code.startsWith('trigger_'))
      .map((issue: any) => [issue.code, issue.path]),
    [
      ['trigger_mapped', 'distribution.triggers.0.actionClassId'],
      ['trigger_would_be_created', 'distribution.triggers.1.actionClassId'],
    ],
  )
  // The dry run's document, sent back with its references, imports as the envelope does.
  const { document, references } = dry.body.data
  const res = await call('POST', '/api/v3/surveys/import', { workspaceId: bed().envB, document, references }, bed().keyB)
  assert.is(res.status, 201, res.text)
  const triggers = res.body.data.survey.distribution.triggers.map((trigger: { actionClassId: string }) => trigger.actionClassId)
  assert.is(triggers[0], mine.id)
  assert.is.not(triggers[1], noCode.id)
  const made = await bed().call('GET', `/api/v1/management/action-classes/${triggers[1]}`, { key: bed().keyB })
  assert.is(made.status, 200, made.text)
  assert.is(made.body.data.name, 'Pricing visit')
  assert.ok(res.body.data.report.issues.some((issue: { code: string }) => issue.code === 'trigger_created'))
  const after = await counts(bed().envB)
  assert.is(after.actionClasses, before.actionClasses + 1)
  assert.is(after.surveys, before.surveys + 1)
})

test('imports at once that each need the same new action class: it is made once, and each import is whole or refused', async () => {
  const key = `together-${Math.random().toString(36).slice(2, 10)}`
  const trigger = await actionClass({ name: `Signed up ${key}`, type: 'code', key })
  const survey = await createSurvey({ ...linkDocument(), type: 'app', distribution: { triggers: [{ actionClassId: trigger.id }] } })
  const exported = (await call('GET', `/api/v3/surveys/${survey.id}/export`)).body.data
  const before = await counts(bed().envB)
  const answers = await Promise.all(
    Array.from({ length: 4 }, () => call('POST', '/api/v3/surveys/import', { workspaceId: bed().envB, export: exported }, bed().keyB)),
  )
  const made = answers.filter((answer) => answer.status === 201)
  assert.ok(made.length > 0, answers.map((answer) => answer.text).join('\n'))
  for (const answer of answers.filter((answer) => answer.status !== 201)) {
    assertProblem(answer, 422, ['references.actionClasses'])
  }
  const after = await counts(bed().envB)
  assert.is(after.actionClasses, before.actionClasses + 1, 'the class is made once')
  assert.is(after.surveys, before.surveys + made.length, 'a refused import leaves no survey')
  const classIds = new Set(made.map((answer) => answer.body.data.survey.distribution.triggers[0].actionClassId))
  assert.is(classIds.size, 1, 'every import made points at the one class')
  const [classId] = classIds
  const found = await bed().call('GET', `/api/v1/management/action-classes/${classId}`, { key: bed().keyB })
  assert.is(found.body.data.key, key)
})

test("the built-in New Session travels as a no-code class and maps to the other environment's own", async () => {
  const list = async (key: string) =>
    (await bed().call('GET', '/api/v1/management/action-classes', { key })).body.data as Array<{ id: string; name: string }>
  const sessionA = (await list(bed().keyA)).find((record) => record.name === 'New Session')
  const sessionB = (await list(bed().keyB)).find((record) => record.name === 'New Session')
  assert.ok(sessionA && sessionB)
  const survey = await createSurvey({ ...linkDocument(), type: 'app', distribution: { triggers: [{ actionClassId: sessionA.id }] } })
  const exported = (await call('GET', `/api/v3/surveys/${survey.id}/export`)).body.data
  assert.equal(exported.references.actionClasses, [
    {
      id: sessionA.id,
      name: 'New Session',
      key: null,
      type: 'noCode',
      noCodeConfig: null,
      description: exported.references.actionClasses[0].description,
    },
  ])
  const before = await counts(bed().envB)
  const res = await call('POST', '/api/v3/surveys/import', { workspaceId: bed().envB, export: exported }, bed().keyB)
  assert.is(res.status, 201, res.text)
  assert.equal(res.body.data.survey.distribution.triggers, [{ actionClassId: sessionB.id }])
  assert.is((await counts(bed().envB)).actionClasses, before.actionClasses)
})

test('a dry run writes nothing at all: no survey, no action class, no audit entry', async () => {
  const survey = await createSurvey({
    ...linkDocument(),
    type: 'app',
    distribution: {
      triggers: [{ actionClassId: (await actionClass({ name: `dry-${Math.random()}`, type: 'code', key: `dry-${Math.random()}` })).id }],
    },
  })
  const exported = (await call('GET', `/api/v3/surveys/${survey.id}/export`)).body.data
  const before = await counts(bed().envB)
  const res = await call(
    'POST',
    '/api/v3/surveys/import',
    { workspaceId: bed().envB, export: exported, options: { dryRun: true } },
    bed().keyB,
  )
  assert.is(res.status, 200, res.text)
  assert.ok(res.body.data.document)
  assert.equal(await counts(bed().envB), before)
  // A real import is recorded once, as an import of the survey it made.
  const made = await call('POST', '/api/v3/surveys/import', { workspaceId: bed().envB, export: exported }, bed().keyB)
  assert.is(made.status, 201, made.text)
  const after = await counts(bed().envB)
  assert.is(after.audit, before.audit + 1)
  const db = (bed().db as any).withSchema('canvass')
  // The new survey's entries (not the newest of the environment's: entries of one millisecond tie).
  const entries = await db
    .selectFrom('audit_log')
    .select(['action', 'resource_id'])
    .where('environment_id', '=', bed().envB)
    .where('resource_id', '=', made.body.data.survey.id)
    .execute()
  assert.equal(entries, [{ action: 'import', resource_id: made.body.data.survey.id }])
})

test('a raw document (or a GET answer) imports; options.name renames it', async () => {
  const res = await call('POST', '/api/v3/surveys/import', {
    workspaceId: bed().projectId,
    document: linkDocument(),
    options: { name: 'Renamed' },
  })
  assert.is(res.status, 201, res.text)
  assert.is(res.body.data.survey.name, 'Renamed')
  assert.is(res.body.data.report.source.kind, 'v3-document')
  const got = await call('GET', `/api/v3/surveys/${res.body.data.survey.id}`)
  const again = await call('POST', '/api/v3/surveys/import', { workspaceId: bed().projectId, document: got.body })
  assert.is(again.status, 201, again.text)
  const stripped = again.body.data.report.issues
    .filter((issue: { code: string }) => issue.code === 'unknown_field_stripped')
    .map((issue: any) => issue.path)
  // Canvass's settings and the read-only visibility fields of a GET answer are named, never dropped silently.
  for (const field of ['styling', 'customCss', 'visibility']) assert.ok(stripped.includes(field), stripped.join())
})

test('an export envelope checks: a newer format, bad metadata, legacy questions and invalid documents are 422s with invalid_params', async () => {
  const survey = await createSurvey(linkDocument())
  const exported = (await call('GET', `/api/v3/surveys/${survey.id}/export`)).body.data
  const before = await counts(bed().envA)
  const newer = await call('POST', '/api/v3/surveys/import', {
    workspaceId: bed().projectId,
    export: { ...exported, formbricks: { ...exported.formbricks, exportFormat: 2 } },
  })
  assertProblem(newer, 422, ['formbricks.exportFormat'])
  assert.is(newer.body.details.report.issues[0].code, 'export_format_unsupported')
  const badMeta = await call('POST', '/api/v3/surveys/import', {
    workspaceId: bed().projectId,
    export: { ...exported, formbricks: { exportFormat: 1 } },
  })
  assertProblem(badMeta, 422)
  const legacy = await call('POST', '/api/v3/surveys/import', {
    workspaceId: bed().projectId,
    document: { name: 'Old', questions: [{ id: 'q' }] },
  })
  assertProblem(legacy, 422, ['questions'])
  const dangling = linkDocument()
  ;(dangling.blocks[0] as Record<string, unknown>).elements = [{ id: 'x', type: 'noSuchType', headline: { 'en-US': 'Hi' } }]
  const invalid = await call('POST', '/api/v3/surveys/import', { workspaceId: bed().projectId, document: dangling })
  assertProblem(invalid, 422)
  assert.ok(invalid.body.invalid_params.length > 0)
  const dry = await call('POST', '/api/v3/surveys/import', { workspaceId: bed().projectId, document: dangling, options: { dryRun: true } })
  assert.is(dry.status, 200, dry.text)
  assert.is(dry.body.data.document, null)
  assert.is(dry.body.data.validation.valid, false)
  assert.equal(await counts(bed().envA), before)
})

test('hostile or malformed bodies are 4xx, never a 500, and write nothing', async () => {
  const before = await counts(bed().envA)
  const bodies: unknown[] = [
    {},
    { workspaceId: bed().projectId },
    { workspaceId: bed().projectId, export: {}, document: {} },
    { workspaceId: bed().projectId, document: [] },
    { workspaceId: bed().projectId, document: 'x' },
    { workspaceId: bed().projectId, document: {}, options: { dryRun: 'yes' } },
    { workspaceId: bed().projectId, document: {}, options: { extra: true } },
    { workspaceId: bed().projectId, document: {}, unknown: 1 },
    { workspaceId: bed().projectId, export: { formbricks: 'x', survey: 1, references: 'y' } },
    { workspaceId: bed().projectId, export: { formbricks: { exportFormat: 1e308 }, survey: {} } },
    { workspaceId: bed().projectId, document: { name: 'x'.repeat(10_000), blocks: [{}], __proto__: { polluted: true } } },
    { workspaceId: bed().projectId, document: { constructor: { prototype: { bad: 1 } }, blocks: 'no' } },
    { workspaceId: bed().projectId, references: { actionClasses: [{ id: 'x' }] }, document: linkDocument() },
    {
      workspaceId: bed().projectId,
      document: { ...linkDocument(), type: 'app', distribution: { triggers: [{ actionClassId: 'nope' }, 5, null] } },
    },
  ]
  for (const body of bodies) {
    const res = await call('POST', '/api/v3/surveys/import', body)
    assert.ok(
      res.status >= 400 && res.status < 500 ? true : res.status === 201,
      `${JSON.stringify(body).slice(0, 200)} → ${res.status} ${res.text}`,
    )
    if (res.status === 201) {
      // The one that imports drops the unknown triggers with a warning each.
      const dropped = res.body.data.report.issues.filter((issue: { code: string }) => issue.code === 'trigger_dropped')
      assert.is(dropped.length, 3, res.text)
      before.surveys += 1
      before.audit += 1
    }
  }
  assert.equal(await counts(bed().envA), before)
  assert.is(({} as Record<string, unknown>).polluted, undefined)
  const big = await bed().call('POST', '/api/v3/surveys/import', {
    key: bed().keyA,
    body: { workspaceId: bed().projectId, document: { name: 'x'.repeat(3 * 1024 * 1024) } },
  })
  assert.is(big.status, 413, big.text)
})

test('other environments are refused: no export of their survey, no import into their workspace', async () => {
  const survey = await createSurvey(linkDocument())
  assertProblem(await call('GET', `/api/v3/surveys/${survey.id}/export`, undefined, bed().keyB), 403)
  assertProblem(await call('GET', '/api/v3/surveys/no-such-survey/export'), 403)
  const other = await bed().newProject('Other')
  assertProblem(await call('GET', `/api/v3/surveys/${survey.id}/export`, undefined, other.key), 403)
  const exported = (await call('GET', `/api/v3/surveys/${survey.id}/export`)).body.data
  const before = await counts(other.environmentId)
  assertProblem(await call('POST', '/api/v3/surveys/import', { workspaceId: other.projectId, export: exported }), 403)
  assertProblem(
    await call('POST', '/api/v3/surveys/import', { workspaceId: other.environmentId, export: exported, options: { dryRun: true } }),
    403,
  )
  assert.equal(await counts(other.environmentId), before)
  const unauthenticated = await bed().call('GET', `/api/v3/surveys/${survey.id}/export`, {})
  assert.is(unauthenticated.status, 401)
  assert.is(unauthenticated.headers.get('www-authenticate'), 'Bearer realm="formbricks"')
})

test('an empty survey cannot be exported: 422 naming survey.blocks', async () => {
  // No write makes one any more: a survey emptied in the database, as an older Canvass could leave it.
  const survey = await createSurvey(linkDocument())
  await (bed().db as any)
    .withSchema('canvass')
    .updateTable('surveys')
    .set({ questions: JSON.stringify([]), blocks: JSON.stringify([]) })
    .where('id', '=', survey.id)
    .execute()
  assertProblem(await call('GET', `/api/v3/surveys/${survey.id}/export`), 422, ['survey.blocks'])
})

test('every export is written to the audit log as an export of the survey', async () => {
  const survey = await createSurvey(linkDocument())
  const before = await counts(bed().envA)
  assert.is((await call('GET', `/api/v3/surveys/${survey.id}/export`)).status, 200)
  assert.is((await counts(bed().envA)).audit, before.audit + 1)
})

test.run()
