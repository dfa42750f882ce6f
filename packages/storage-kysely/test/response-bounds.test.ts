/**
 * Numbers a client sends that are stored or aggregated are bounded on input (docs/design.md, "Limits and input": `ttc` finite, 0 to
 * 86,400,000 ms; every JSON number finite), and a survey's summary answers 200 whatever its stored rows hold:
 * rows written before the bounds, with `ttc._total` near or past the float limit or scores far outside their
 * scale, are put into the database directly. In process, on PGlite and on the Postgres server when
 * TEST_DATABASE_URL is set.
 */
import { createCanvass } from '@canvass/core'
import type { Canvass } from '@canvass/core'
import { sql } from 'kysely'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createKyselyStorage, migrate } from '../src'
import { backends } from './backends'
import type { OpenBackend } from './backends'

const DAY_MS = 86_400_000
const t = (text: string) => ({ default: text })

for (const backend of backends()) {
  const test = suite(`bounded numbers and a summary no stored value breaks (${backend.name})`)
  let open: OpenBackend | undefined
  let canvass: Canvass
  let environmentId = ''
  let key = ''

  test.before(async () => {
    open = await backend.open({ migrated: true })
    await migrate(open.db)
    canvass = createCanvass({ storage: createKyselyStorage({ db: open.db }), logger: { error() {}, warn() {}, info() {} } as never })
    const project = await canvass.admin.createProject({ name: 'p' })
    environmentId = project.environments.production
    key = (await canvass.admin.createApiKey({ environmentId })).key
  })
  test.after(async () => {
    await open?.close()
  })

  /** A request with `body` sent as this exact text (JSON.stringify cannot write `1e400`). */
  async function call(method: string, path: string, body?: unknown, raw?: string) {
    const res = await canvass.fetch(
      new Request(`http://localhost${path}`, {
        method,
        headers: { 'x-api-key': key, 'content-type': 'application/json' },
        body: raw ?? (body === undefined ? undefined : JSON.stringify(body)),
      }),
    )
    const text = await res.text()
    let json: any = null
    try {
      json = JSON.parse(text)
    } catch {}
    return { status: res.status, body: json, text }
  }

  async function surveyId(): Promise<string> {
    const res = await call('POST', '/api/v1/management/surveys', {
      environmentId,
      name: 'Scores',
      status: 'inProgress',
      questions: [
        { id: 'nps', type: 'nps', headline: t('Recommend?'), required: false },
        { id: 'stars', type: 'rating', headline: t('Stars?'), required: false, scale: 'star', range: 5 },
      ],
    })
    assert.is(res.status, 200, res.text)
    return res.body.data.id
  }

  const summaryOf = (id: string) => call('GET', `/api/v1/management/surveys/${id}/summary`)

  test('ttc outside 0 to one day is 400 naming the field; one day itself is taken', async () => {
    const id = await surveyId()
    const create = `/api/v1/client/${environmentId}/responses`
    for (const [value, raw] of [
      [DAY_MS + 1, ''],
      [1e308, ''],
      [-1, ''],
      [0, '1e400'],
    ] as const) {
      const body = { surveyId: id, finished: true, data: {}, ttc: { nps: value } }
      const res = await call('POST', create, body, raw ? JSON.stringify(body).replace('"nps":0', `"nps":${raw}`) : undefined)
      assert.is(res.status, 400, `${raw || value}: ${res.text}`)
      assert.ok('ttc.nps' in res.body.details, res.text)
    }
    const day = await call('POST', create, { surveyId: id, finished: false, data: {}, ttc: { nps: DAY_MS, stars: 0 } })
    assert.is(day.status, 200, day.text)
    const update = await call('PUT', `/api/v1/client/${environmentId}/responses/${day.body.data.id}`, {
      finished: true,
      data: {},
      ttc: { stars: DAY_MS + 0.5 },
    })
    assert.is(update.status, 400, update.text)
    assert.ok('ttc.stars' in update.body.details, update.text)
    const management = await call('PUT', `/api/v1/management/responses/${day.body.data.id}`, { ttc: { stars: Number.MAX_VALUE } })
    assert.is(management.status, 400, management.text)
    const stored = await call('GET', `/api/v1/management/responses/${day.body.data.id}`)
    assert.equal(stored.body.data.ttc, { nps: DAY_MS, stars: 0 }, 'nothing of the refused writes was stored')
  })

  test('a number past the float limit anywhere in a body is 400 naming it, never stored as null', async () => {
    const id = await surveyId()
    for (const [field, raw] of [
      ['data.nps', '{"nps":1e400}'],
      ['data.deep.0', '{"deep":[-2E+999]}'],
      ['data.long', `{"long":${'9'.repeat(400)}}`],
    ] as const) {
      const text = `{"surveyId":"${id}","finished":false,"data":${raw}}`
      const res = await call('POST', `/api/v1/client/${environmentId}/responses`, undefined, text)
      assert.is(res.status, 400, `${raw.slice(0, 40)}: ${res.text}`)
      assert.ok(field in res.body.details, res.text)
    }
    const variables = await call(
      'POST',
      '/api/v1/management/responses',
      undefined,
      `{"surveyId":"${id}","finished":false,"data":{},"variables":{"score":1e309}}`,
    )
    assert.is(variables.status, 400, variables.text)
    assert.ok('variables.score' in variables.body.details, variables.text)
    // Large and small numbers that are finite are kept as they are.
    const fine = await call(
      'POST',
      '/api/v1/management/responses',
      undefined,
      `{"surveyId":"${id}","finished":false,"data":{"big":1.5e308,"tiny":1e-400},"variables":{"score":-1e300}}`,
    )
    assert.is(fine.status, 200, fine.text)
    assert.equal([fine.body.data.data, fine.body.data.variables], [{ big: 1.5e308, tiny: 0 }, { score: -1e300 }])
  })

  test('two requests with ttc near the float limit cannot break the summary (the reported attack)', async () => {
    const id = await surveyId()
    for (let i = 0; i < 2; i++) {
      const res = await call('POST', `/api/v1/client/${environmentId}/responses`, {
        surveyId: id,
        finished: true,
        data: { nps: 9 },
        ttc: { nps: 1.5e308 },
      })
      assert.is(res.status, 400, res.text)
    }
    const summary = await summaryOf(id)
    assert.is(summary.status, 200, summary.text)
  })

  test('rows stored before the bounds: the summary answers 200 and leaves out what is no time or score', async () => {
    const id = await surveyId()
    const ids: string[] = []
    for (const data of [{ nps: 10, stars: 4 }, { nps: 9, stars: 5 }, { nps: 8 }, { nps: 3 }, { nps: 5 }, { nps: 7 }, { stars: 2 }]) {
      const res = await call('POST', '/api/v1/management/responses', { surveyId: id, finished: true, data, ttc: { nps: 1000 } })
      assert.is(res.status, 200, res.text)
      ids.push(res.body.data.id)
    }
    // What earlier versions could store, and what a hand-edited database may hold.
    const legacy: Array<[ttc: string, data: string]> = [
      ['{"_total": 1.5e308}', '{"nps": 1e300, "stars": 1e308}'],
      ['{"_total": 1.7e308}', '{"nps": -3, "stars": 0}'],
      ['{"_total": 1e400}', '{"nps": 11, "stars": 6}'],
      ['{"_total": -5}', `{"nps": ${'9'.repeat(400)}, "stars": 4.5}`],
      ['{"_total": "soon"}', '{"nps": "4", "stars": "3"}'],
    ]
    for (const [index, [ttc, data]] of legacy.entries()) {
      await sql`update canvass.responses set ttc = ${ttc}::jsonb, data = ${data}::jsonb where id = ${ids[index]}`.execute(open!.db)
    }
    const summary = await summaryOf(id)
    assert.is(summary.status, 200, summary.text)
    const body = summary.body.data
    assert.is(body.averageTimeToComplete, 1000, 'the mean of the two rows whose _total is a time')
    const [nps, stars] = body.questions
    assert.equal([nps.promoters.count, nps.passives.count, nps.detractors.count], [0, 1, 1], 'scores outside 0..10 are no scores')
    assert.is(nps.average, 5.5)
    assert.is(nps.score, -50)
    assert.equal(
      stars.distribution.map((entry: { rating: number }) => entry.rating),
      [2, 3],
      'ratings outside 1..5 are no ratings',
    )
    assert.is(stars.average, 2.5)
  })

  test.run()
}
