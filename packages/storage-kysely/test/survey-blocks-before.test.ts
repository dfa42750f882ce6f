/**
 * Surveys stored before blocks (migration 0021 gave them `blocks: []`): read with blocks made from their
 * questions, and a PUT of another field keeps working, stores the blocks and answers the same questions. In
 * process, on PGlite.
 */
import { createCanvass } from '@canvass/core'
import type { Canvass, Storage } from '@canvass/core'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createKyselyStorage, migrate } from '../src'
import { backends } from './backends'
import type { OpenBackend } from './backends'

const [pglite] = backends()
const test = suite('surveys stored before blocks')
let open: OpenBackend | undefined
let canvass: Canvass
let storage: Storage
let environmentId = ''
let key = ''

async function call(method: string, path: string, body?: unknown): Promise<{ status: number; body: any; text: string }> {
  const res = await canvass.fetch(
    new Request(`http://localhost${path}`, {
      method,
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  )
  const text = await res.text()
  let parsed: unknown = null
  try {
    parsed = JSON.parse(text)
  } catch {}
  return { status: res.status, body: parsed, text }
}

test.before(async () => {
  open = await pglite!.open({ migrated: true })
  await migrate(open.db)
  storage = createKyselyStorage({ db: open.db })
  canvass = createCanvass({ storage, logger: { error() {}, warn() {}, info() {} } as never })
  const project = await canvass.admin.createProject({ name: 'p' })
  environmentId = project.environments.production
  key = (await canvass.admin.createApiKey({ environmentId })).key
})
test.after(async () => {
  await open?.close()
})

test("read with blocks made from its questions; a PUT of its name stores them; a legacy jumpToBlock in a question's logic is kept as a jump", async () => {
  const made = await call('POST', '/api/v1/management/surveys', {
    name: 'Old',
    questions: [{ id: 'q1', type: 'openText', headline: { default: 'Q' } }],
  })
  const id = made.body.data.id as string
  const rule = {
    id: 'r',
    conditions: { id: 'g', connector: 'and', conditions: [] },
    actions: [{ id: 'a', objective: 'jumpToBlock', target: 'q2' }],
  }
  const questions = [
    {
      id: 'q1',
      type: 'openText',
      headline: { default: 'Q' },
      required: true,
      inputType: 'text',
      charLimit: { enabled: false },
      logic: [rule],
    },
    { id: 'q2', type: 'openText', headline: { default: 'R' }, required: true, inputType: 'text', charLimit: { enabled: false } },
  ]
  // As a Canvass before blocks stored it.
  await storage.surveys.update(id, (current) => ({ ...current, questions, blocks: [] }))
  const read = (await call('GET', `/api/v1/management/surveys/${id}`)).body.data
  assert.equal(read.questions, questions)
  assert.equal(
    read.blocks.map((b: { id: string; name: string }) => [b.id, b.name]),
    [
      ['q1', 'Block 1'],
      ['q2', 'Block 2'],
    ],
  )
  const renamed = await call('PUT', `/api/v1/management/surveys/${id}`, { name: 'Renamed' })
  assert.is(renamed.status, 200, renamed.text)
  assert.equal(renamed.body.data.blocks, read.blocks)
  assert.equal(renamed.body.data.questions[0].logic[0].actions[0], { id: 'a', objective: 'jumpToQuestion', target: 'q2' })
  assert.equal((await storage.surveys.get(id))?.blocks, read.blocks, 'stored now')
})

test.run()
