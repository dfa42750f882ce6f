/**
 * `canvass survey new --template <name>` (docs/surveys.md#templates) as a real process on a migrated Postgres
 * database of its own: a template is created through the API's validation, printed with its id and link, and
 * read back as stored; `--list` lists them by category; an unknown name is a one-line error. Every template is
 * created through the API as a link and an app survey, and previewed as the console previews it. Needs TEST_DATABASE_URL
 * (the test reads what the CLI wrote while no server holds the database).
 */
import { createCanvass } from '@canvass/core'
import type { Canvass } from '@canvass/core'
import { createKyselyStorage } from '@canvass/storage-kysely'
import { createPostgresTestDatabase, skipSuiteUnless } from '@canvass/test-bed'
import type { PostgresTestDatabase } from '@canvass/test-bed'
import type { Kysely } from 'kysely'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { runCli, testKysely } from './cli-on-database'
import { SURVEY_TEMPLATES, TEMPLATE_CATEGORIES, templateDocument } from '@canvass/core/survey-templates'

const test = skipSuiteUnless(
  suite('canvass survey new --template'),
  process.env.TEST_DATABASE_URL ? undefined : 'TEST_DATABASE_URL is unset: the test reads the database the CLI wrote',
)
let database: PostgresTestDatabase
let db: Kysely<unknown>
let canvass: Canvass
let key = ''

const cli = (...args: string[]) => runCli({ DATABASE_URL: database.url, PUBLIC_URL: 'https://surveys.example.com/' }, ...args)

test.before(async () => {
  database = await createPostgresTestDatabase()
  db = testKysely(database.url)
  canvass = createCanvass({ storage: createKyselyStorage({ db }) })
  const environmentId = (await canvass.admin.createProject({ name: 'Templates' })).environments.production
  key = (await canvass.admin.createApiKey({ environmentId })).key
})

test.after(async () => {
  await canvass?.close?.()
  await db?.destroy()
  await database?.release()
})

test('--list names every template with its category and what it asks, grouped by category', async () => {
  const listed = await cli('survey', 'new', '--list')
  assert.is(listed.code, 0, listed.stderr)
  const names = Object.keys(SURVEY_TEMPLATES)
  assert.ok(names.length >= 20, `${names.length} templates`)
  for (const kept of ['block-logic', 'churn', 'csat', 'nps', 'product-market-fit']) assert.ok(names.includes(kept), `${kept} kept`)
  const lines = listed.stdout.split('\n')
  for (const name of names) {
    const line = lines.find((entry) => entry.startsWith(`${name} `))
    assert.ok(line?.includes(SURVEY_TEMPLATES[name]!.category), `${name} listed with its category`)
  }
  // Grouped: each category's lines come together, in the categories' order.
  const order = lines.flatMap((line) => TEMPLATE_CATEGORIES.filter((category) => line.includes(category)))
  assert.equal([...new Set(order)], [...TEMPLATE_CATEGORIES])
  assert.equal(
    order,
    [...order].sort((x, y) => TEMPLATE_CATEGORIES.indexOf(x) - TEMPLATE_CATEGORIES.indexOf(y)),
  )
})

/** The number of questions in a survey's blocks, or in a template's questions or blocks. */
const countOf = (body: Record<string, unknown>) =>
  Array.isArray(body.questions)
    ? body.questions.length
    : (body.blocks as { elements: unknown[] }[]).reduce((sum, block) => sum + block.elements.length, 0)

const call = async (method: string, path: string, body: unknown) => {
  const res = await canvass.fetch(
    new Request(`http://canvass.test${path}`, {
      method,
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }),
  )
  return { status: res.status, body: (await res.json()) as { data: Record<string, any> } }
}

test('every template is accepted by the create route as a link and an app survey, and previews as a v3 document', async () => {
  for (const [name, template] of Object.entries(SURVEY_TEMPLATES)) {
    assert.ok(template.label && template.description && TEMPLATE_CATEGORIES.includes(template.category), name)
    for (const type of ['link', 'app'] as const) {
      const created = await call('POST', '/api/v1/management/surveys', { ...template.body, type })
      assert.is(created.status, 200, `${name} (${type}): ${JSON.stringify(created.body)}`)
      assert.is(created.body.data.type, type)
      assert.is(countOf(created.body.data), countOf(template.body), name)
    }
    const preview = await call('POST', '/api/v3/surveys/preview', templateDocument(template.body, 'app'))
    assert.is(preview.status, 200, `${name} preview: ${JSON.stringify(preview.body)}`)
    assert.is(preview.body.data.survey.type, 'app')
    assert.is(countOf(preview.body.data.survey), countOf(template.body), name)
  }
})

// Through the CLI: one template of questions, one of pages (every template goes through the API above).
for (const name of ['nps', 'block-logic']) {
  test(`--template ${name}: a valid draft survey, its id and its link printed, stored as the template says`, async () => {
    const created = await cli('survey', 'new', '--template', name)
    assert.is(created.code, 0, created.stderr)
    const id = /Created survey (\S+)/.exec(created.stdout)?.[1]
    assert.ok(id, created.stdout)
    assert.ok(created.stdout.includes(`link: https://surveys.example.com/s/${id}`), created.stdout)
    const res = await canvass.fetch(new Request(`http://canvass.test/api/v1/management/surveys/${id}`, { headers: { 'x-api-key': key } }))
    assert.is(res.status, 200)
    const survey = ((await res.json()) as { data: Record<string, any> }).data
    const template = SURVEY_TEMPLATES[name]!.body
    assert.is(survey.name, template.name)
    assert.is(survey.status, 'draft')
    assert.is(survey.type, 'link')
    assert.is(countOf(survey), countOf(template))
  })
}

test('--name and --status inProgress; the key made for the request is revoked after it', async () => {
  const created = await cli('survey', 'new', '--template', 'nps', '--name', 'NPS, Q3', '--status', 'inProgress')
  assert.is(created.code, 0, created.stderr)
  assert.ok(created.stdout.includes('NPS, Q3, inProgress'), created.stdout)
  const environmentId = (await canvass.admin.listProjects()).find((p) => p.projectName === 'Templates')!.environments.production
  const keys = await canvass.admin.listApiKeys(environmentId)
  const made = keys.filter((k) => k.label === 'canvass survey new')
  assert.ok(made.length > 0 && made.every((k) => k.revokedAt !== null), 'every key the command made is revoked')
})

test('an unknown template, no template or a bad status: one line, exit 1', async () => {
  for (const args of [['--template', 'nope'], [], ['--template', 'nps', '--status', 'paused'], ['--template', '__proto__']]) {
    const failed = await cli('survey', 'new', ...args)
    assert.is(failed.code, 1, `${args.join(' ')}: ${failed.stdout}`)
    assert.ok(failed.stderr.trim().length > 0 && failed.stderr.trim().split('\n').length <= 2, failed.stderr)
  }
})

test.run()
