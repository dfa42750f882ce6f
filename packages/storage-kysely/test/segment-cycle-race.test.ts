/**
 * Segments cannot reach themselves through `userIsIn`/`userIsNotIn` filters (docs/api.md, "Segments"), also when two
 * updates race: "X is in Y" and "Y is in X" sent together each passed the check against the other's old
 * filters, and both were stored. The check and the write are one atomic step, so at most one of the two is
 * accepted and no cycle is ever stored. In-process Canvass on the Postgres server, whose connections run at
 * once (PGlite has one connection, where the race cannot happen). Needs TEST_DATABASE_URL.
 */
import { createCanvass } from '@canvass/core'
import type { Canvass } from '@canvass/core'
import { skipSuiteUnless } from '@canvass/test-utils'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createKyselyStorage, migrate } from '../src'
import { backends } from './backends'
import type { OpenBackend } from './backends'

const TRIALS = 20

const postgres = backends().find((backend) => backend.name === 'Postgres')
const test = skipSuiteUnless(
  suite('concurrent segment updates never store a cycle'),
  postgres ? undefined : 'TEST_DATABASE_URL is unset: the race needs connections that run at once',
)
let open: OpenBackend | undefined
let canvass: Canvass
let key = ''

test.before(async () => {
  open = await postgres!.open({ migrated: true })
  await migrate(open.db)
  canvass = createCanvass({
    storage: createKyselyStorage({ db: open.db }),
    logger: { error: console.error, warn() {}, info() {} } as never,
  })
  const project = await canvass.admin.createProject({ name: 'p' })
  key = (await canvass.admin.createApiKey({ environmentId: project.environments.production })).key
})
test.after(async () => {
  await open?.close()
})

async function call(method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
  const res = await canvass.fetch(
    new Request(`http://localhost${path}`, {
      method,
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  )
  return { status: res.status, body: await res.json().catch(() => null) }
}

const isIn = (segmentId: string) => [
  {
    id: `in-${segmentId}`,
    connector: null,
    resource: { id: `f-${segmentId}`, root: { type: 'segment', segmentId }, value: null, qualifier: { operator: 'userIsIn' } },
  },
]

const CYCLE = {
  code: 'bad_request',
  message: 'Fields are missing or incorrectly formatted',
  details: { filters: 'Segments cannot reach themselves through userIsIn or userIsNotIn filters' },
}

test(`"X in Y" and "Y in X" sent together, ${TRIALS} times: at most one is accepted, the other is a 400, no cycle stored`, async () => {
  const created = await Promise.all(['X', 'Y'].map((title) => call('POST', '/api/v1/management/segments', { title, filters: [] })))
  const [x, y] = created.map((res) => {
    assert.is(res.status, 200, JSON.stringify(res.body))
    return res.body.data.id as string
  }) as [string, string]
  let bothTried = 0
  for (let trial = 0; trial < TRIALS; trial++) {
    for (const id of [x, y]) assert.is((await call('PUT', `/api/v1/management/segments/${id}`, { filters: [] })).status, 200)
    const [xInY, yInX] = await Promise.all([
      call('PUT', `/api/v1/management/segments/${x}`, { filters: isIn(y) }),
      call('PUT', `/api/v1/management/segments/${y}`, { filters: isIn(x) }),
    ])
    const statuses = [xInY.status, yInX.status].sort()
    assert.equal(statuses, [200, 400], `trial ${trial}: one accepted, one refused (got ${statuses})`)
    for (const res of [xInY, yInX]) if (res.status === 400) assert.equal(res.body, CYCLE, `trial ${trial}`)
    const stored = await Promise.all(
      [x, y].map(async (id) => (await call('GET', `/api/v1/management/segments/${id}`)).body.data.filters as unknown[]),
    )
    assert.ok(
      stored.some((filters) => filters.length === 0),
      `trial ${trial}: no cycle stored: ${JSON.stringify(stored)}`,
    )
    bothTried++
  }
  assert.is(bothTried, TRIALS)
})

test.run()
