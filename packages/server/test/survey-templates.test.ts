/**
 * `canvass survey new --template <name>` (docs/surveys.md#templates) as a real process on a migrated Postgres
 * database of its own: every template is created through the API's validation, printed with its id and link,
 * and read back as stored; `--list` lists them; an unknown name is a one-line error. Needs TEST_DATABASE_URL
 * (the test reads what the CLI wrote while no server holds the database).
 */
import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { createCanvass } from '@canvass/core'
import type { Canvass } from '@canvass/core'
import { createKyselyStorage } from '@canvass/storage-kysely'
import { createPostgresTestDatabase, skipSuiteUnless } from '@canvass/test-bed'
import type { PostgresTestDatabase } from '@canvass/test-bed'
import { Kysely, PostgresDialect } from 'kysely'
import pg from 'pg'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { SURVEY_TEMPLATES } from '@canvass/core/survey-templates'

const CLI = fileURLToPath(new URL('../dist/cli.js', import.meta.url))
const run = promisify(execFile)

const test = skipSuiteUnless(
  suite('canvass survey new --template'),
  process.env.TEST_DATABASE_URL ? undefined : 'TEST_DATABASE_URL is unset: the test reads the database the CLI wrote',
)
let database: PostgresTestDatabase
let db: Kysely<unknown>
let canvass: Canvass
let key = ''

async function cli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const env = { PATH: process.env.PATH ?? '', DATABASE_URL: database.url, PUBLIC_URL: 'https://surveys.example.com/' }
  try {
    const { stdout, stderr } = await run(process.execPath, [CLI, ...args], { env })
    return { code: 0, stdout, stderr }
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string }
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr }
  }
}

test.before(async () => {
  database = await createPostgresTestDatabase()
  db = new Kysely<unknown>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: database.url, max: 2 }) }) })
  canvass = createCanvass({ storage: createKyselyStorage({ db }) })
  const environmentId = (await canvass.admin.createProject({ name: 'Templates' })).environments.production
  key = (await canvass.admin.createApiKey({ environmentId })).key
})

test.after(async () => {
  await canvass?.close?.()
  await db?.destroy()
  await database?.release()
})

test('--list names every template with what it asks', async () => {
  const listed = await cli('survey', 'new', '--list')
  assert.is(listed.code, 0, listed.stderr)
  const names = Object.keys(SURVEY_TEMPLATES)
  assert.equal(names.sort(), ['block-logic', 'churn', 'csat', 'nps', 'product-market-fit'])
  for (const name of names) assert.ok(listed.stdout.includes(name), `${name} listed`)
})

for (const name of Object.keys(SURVEY_TEMPLATES)) {
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
    const elements = (survey.blocks as { elements: unknown[] }[]).reduce((sum, block) => sum + block.elements.length, 0)
    const expected = Array.isArray(template.questions)
      ? template.questions.length
      : (template.blocks as { elements: unknown[] }[]).reduce((sum, block) => sum + block.elements.length, 0)
    assert.is(elements, expected)
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
