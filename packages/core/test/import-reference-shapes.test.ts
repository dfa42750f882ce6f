/**
 * The import against a stand-in that answers what the reference's management API answers where its shapes
 * differ from Canvass's (recorded from its source, apps/web/app/api/v1/management/**): contacts without
 * attributes and their values listed apart (`/contact-attributes`), no segment list (a survey carries its
 * `segment`), `limit`/`skip` paging without `Link` (capped below the `limit` asked), lists that ignore `limit`, surveys with `blocks` and
 * `workspaceId`, responses with `contact`, `contactAttributes`, `tags` as objects and `meta.userAgent`. The
 * stand-in rate-limits the first responses request (429, `Retry-After: 1`) and fails on webhooks (500): the
 * wait is honoured, the failure reported with its resource and the rest imported. The stand-in is a loopback
 * HTTP server in this process; the target is a test bed on PGlite.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Canvass, FormbricksImportReport } from '@canvass/core'
import { suiteWithBed } from '@canvass/test-bed'
import * as assert from 'uvu/assert'
import { sourceProSegment } from './helpers'

// On PGlite, as before the move: on the Postgres server the two imports at once of the last test race on a
// contact's userId (one refuses the contacts the other is writing), which that test does not expect.
const { test, bed } = suiteWithBed("import formbricks: the reference's shapes (stand-in)", { backend: 'pglite' })

const ENV = 'clsourceenv0000000000000'
const at = (minute: number) => new Date(Date.UTC(2024, 0, 1, 9, minute)).toISOString()
const stamps = (minute: number) => ({ createdAt: at(minute), updatedAt: at(minute + 1) })

const actionClasses = [
  {
    id: 'clnewsession0000000000000',
    name: 'New Session',
    description: 'Gets fired when a new session is created',
    type: 'automatic',
    key: null,
    noCodeConfig: null,
    environmentId: ENV,
    ...stamps(0),
  },
  {
    id: 'clcheckout000000000000000',
    name: 'Checkout',
    description: null,
    type: 'code',
    key: 'checkout',
    noCodeConfig: null,
    environmentId: ENV,
    ...stamps(1),
  },
]
const attributeKeys = [
  {
    id: 'clkeyuserid0000000000000',
    key: 'userId',
    name: 'User Id',
    description: null,
    type: 'default',
    isUnique: true,
    environmentId: ENV,
    ...stamps(0),
  },
  {
    id: 'clkeyemail00000000000000',
    key: 'email',
    name: 'Email',
    description: null,
    type: 'default',
    isUnique: true,
    environmentId: ENV,
    ...stamps(0),
  },
  {
    id: 'clkeyplan000000000000000',
    key: 'plan',
    name: 'Plan',
    description: 'Billing plan',
    type: 'custom',
    isUnique: false,
    environmentId: ENV,
    ...stamps(2),
  },
]
const contacts = [0, 1, 2].map((i) => ({ id: `clcontact${i}000000000000000`, environmentId: ENV, ...stamps(3 + i) }))
const contactAttributes = contacts.flatMap((contact, i) => [
  { id: `clattr${i}u`, contactId: contact.id, attributeKeyId: 'clkeyuserid0000000000000', value: `user-${i}`, ...stamps(3) },
  { id: `clattr${i}p`, contactId: contact.id, attributeKeyId: 'clkeyplan000000000000000', value: i === 1 ? 'pro' : 'free', ...stamps(3) },
])
const segment = {
  ...sourceProSegment(),
  environmentId: ENV,
  surveys: ['clsurvey0000000000000000'],
  ...stamps(5),
}
const questionOne = { id: 'q1', type: 'openText', headline: { default: 'Why?' }, required: true, inputType: 'text' }
const surveys = [
  {
    id: 'clsurvey0000000000000000',
    name: 'Onboarding',
    type: 'app',
    status: 'inProgress',
    environmentId: ENV,
    workspaceId: 'clworkspace0000000000000',
    createdBy: null,
    welcomeCard: { enabled: false },
    questions: [questionOne],
    // The reference's current form: blocks, with `questions` derived from them on v1.
    blocks: [{ id: 'b1', name: 'Block 1', elements: [questionOne] }],
    endings: [{ id: 'end1', type: 'endScreen', headline: { default: 'Thanks' } }],
    hiddenFields: { enabled: true, fieldIds: [] },
    variables: [],
    triggers: [{ actionClass: actionClasses[1] }],
    segment,
    displayOption: 'displayOnce',
    recontactDays: null,
    displayLimit: null,
    autoClose: null,
    delay: 0,
    languages: [],
    styling: null,
    followUps: [],
    ...stamps(6),
  },
]
const RESPONSES = 7
const responses = Array.from({ length: RESPONSES }, (_, i) => ({
  id: `clresponse${i}00000000000000`,
  surveyId: surveys[0]!.id,
  finished: i === 3 ? 'yes' : i % 2 === 0,
  data: { q1: `because ${i}` },
  meta: { url: 'https://app.example/onboarding', userAgent: { browser: 'Firefox', os: 'Linux', device: 'desktop' }, country: 'DE' },
  ttc: { q1: 900, _total: 900 },
  variables: {},
  language: null,
  singleUseId: null,
  // Response 4's display was made for a contact without a userId, which no response here is linked to: the
  // display is copied without it, so that the response goes in (a display of a contact takes only its response).
  displayId: i === 0 ? 'cldisplay0000000000000000' : i === 4 ? 'cldisplay4000000000000000' : null,
  endingId: null,
  contact: i < 3 ? { id: contacts[i]!.id, userId: `user-${i}` } : i === 4 ? { id: contacts[2]!.id, userId: null } : null,
  contactAttributes: i < 3 ? { userId: `user-${i}` } : null,
  tags: i === 1 ? [{ id: 'cltag', name: 'vip', environmentId: ENV, ...stamps(0) }] : [],
  notes:
    i === 1
      ? [
          {
            id: 'clnote000000000000000000',
            text: 'Called back',
            user: { id: 'u', name: 'Ana' },
            isResolved: true,
            isEdited: false,
            ...stamps(30),
          },
        ]
      : [],
  ...stamps(10 + i),
}))

let canvass: Canvass
let environmentId: string
let key: string
let stop: () => Promise<void>
let sourceUrl: string
const seen: string[] = []
let limited = false

test.before(async () => {
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in')
    seen.push(url.pathname + url.search)
    const answer = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      response.writeHead(status, { 'content-type': 'application/json', ...headers })
      response.end(JSON.stringify(body))
    }
    if (request.headers['x-api-key'] !== 'fbk_reference')
      return answer(401, { code: 'not_authenticated', message: 'Not authenticated', details: {} })
    const limit = Number(url.searchParams.get('limit') ?? 1e9)
    const paged = (items: unknown[], skipParam: string, cap = Infinity) => {
      const skip = Number(url.searchParams.get(skipParam) ?? 0)
      return { data: items.slice(skip, skip + Math.min(limit, cap)) }
    }
    switch (url.pathname) {
      case '/api/v1/management/action-classes':
        return answer(200, { data: actionClasses })
      case '/api/v1/management/contact-attribute-keys':
        return answer(200, { data: attributeKeys })
      // The reference answers every contact and every value at once, whatever `limit` says.
      case '/api/v1/management/contacts':
        return answer(200, { data: contacts })
      case '/api/v1/management/contact-attributes':
        return answer(200, { data: contactAttributes })
      case '/api/v1/management/surveys':
        return answer(200, paged(surveys, 'offset'))
      case '/api/v1/management/responses':
        if (!limited) {
          limited = true
          return answer(429, { code: 'too_many_requests', message: 'Slow down', details: {} }, { 'retry-after': '1' })
        }
        // Fewer than asked per page (a cap of the source's own): the import reads on until a page is empty.
        return answer(200, paged(responses, 'skip', 2))
      case '/api/v1/webhooks':
        return answer(500, { code: 'internal_server_error', message: 'boom', details: {} })
      default:
        return answer(404, { code: 'not_found', message: 'Not found', details: {} })
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  sourceUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  stop = () => new Promise((resolve) => server.close(() => resolve()))
  canvass = bed().canvass
  const project = await canvass.admin.createProject({ name: 'Target' })
  environmentId = project.environments.production
  key = (await canvass.admin.createApiKey({ environmentId })).key
})

test.after(async () => {
  await stop?.()
})

async function read(path: string): Promise<any> {
  const response = await canvass.fetch(new Request(`http://canvass.test${path}`, { headers: { 'x-api-key': key } }))
  assert.is(response.status, 200, path)
  return (await response.json()).data
}

const waits: Array<{ ms: number; reason: string }> = []
const runImport = (into = environmentId): Promise<FormbricksImportReport> =>
  canvass.admin.importFormbricks({
    url: sourceUrl,
    apiKey: 'fbk_reference',
    environmentId: into,
    pageSize: 3,
    onWait: ({ ms, reason }) => waits.push({ ms, reason }),
    // The waits are recorded, not slept: the test checks what was asked for.
    sleep: async () => {},
  })

const row = (report: FormbricksImportReport, resource: string) => report.resources.find((r) => r.resource === resource)!

test('copies what the reference answers, honours 429 and Retry-After, reports a failing resource and goes on', async () => {
  const report = await runImport()
  assert.equal(waits[0], { ms: 1000, reason: 'rate limited (429)' }, 'Retry-After: 1 is waited out')
  assert.ok(seen.includes('/api/v1/management/responses?limit=3&skip=2'), 'responses paged by skip')
  assert.ok(seen.includes(`/api/v1/management/responses?limit=3&skip=${RESPONSES}`), 'read until a page is empty')
  assert.ok(seen.includes('/api/v1/management/contact-attributes?limit=3'), 'attribute values read apart')

  // Existing rows of the target (the automatic class, the default keys) are matched by name, not copied.
  assert.equal([row(report, 'actionClasses').created, row(report, 'actionClasses').already], [1, 1])
  assert.equal([row(report, 'contactAttributeKeys').created, row(report, 'contactAttributeKeys').already], [1, 2])
  assert.equal(
    report.mappings.filter((m) => m.resource !== 'actionClasses' && m.resource !== 'contactAttributeKeys'),
    [],
    'every other id kept',
  )
  assert.equal([row(report, 'contacts').read, row(report, 'contacts').created], [3, 3])
  assert.equal([row(report, 'segments').read, row(report, 'segments').created], [1, 1])
  assert.equal(row(report, 'surveys').created, 1)
  assert.equal(
    [row(report, 'responses').read, row(report, 'responses').created, row(report, 'responses').refused],
    [RESPONSES, RESPONSES - 1, 1],
  )
  assert.match(Object.keys(row(report, 'responses').reasons)[0]!, /finished/)
  assert.equal(row(report, 'responses').reasons[Object.keys(row(report, 'responses').reasons)[0]!]!.ids, ['clresponse300000000000000'])
  assert.not.ok(
    report.droppedFields.some((d) => d.resource === 'surveys' && d.field === 'blocks'),
    'blocks are copied, not dropped',
  )
  const webhooks = row(report, 'webhooks')
  assert.is(webhooks.refused, 1)
  assert.match(
    Object.keys(webhooks.reasons)[0]!,
    /^The source failed: .*\/api\/v1\/webhooks.* failed 6 times, last: 500/,
    JSON.stringify(webhooks.reasons),
  )

  const survey = await read(`/api/v1/management/surveys/${surveys[0]!.id}`)
  // Canvass fills the question's defaults (`charLimit`), as on any create.
  assert.equal(survey.questions, [{ ...questionOne, charLimit: { enabled: false } }])
  assert.equal(
    survey.blocks.map((b: any) => [b.id, b.name, b.elements.map((e: any) => e.id)]),
    [['b1', 'Block 1', [questionOne.id]]],
    "the source's blocks, as they were",
  )
  assert.is(survey.segmentId, segment.id)
  assert.equal(survey.segment.filters, segment.filters)
  assert.equal(
    survey.triggers.map((t: any) => t.actionClass.id),
    ['clcheckout000000000000000'],
  )
  assert.equal([survey.createdAt, survey.updatedAt], [surveys[0]!.createdAt, surveys[0]!.updatedAt])

  const people = await read('/api/v1/management/contacts')
  assert.equal(
    people.map((c: any) => [c.id, c.userId, c.attributes.plan, c.createdAt]).sort(),
    contacts.map((c, i) => [c.id, `user-${i}`, i === 1 ? 'pro' : 'free', c.createdAt]),
  )
  const stored = await read('/api/v1/management/responses?limit=100')
  assert.is(stored.length, RESPONSES - 1)
  for (const source of responses.filter((r) => r.finished !== 'yes')) {
    const got = stored.find((r: any) => r.id === source.id)
    assert.ok(got, source.id)
    assert.equal(
      {
        createdAt: got.createdAt,
        updatedAt: got.updatedAt,
        finished: got.finished,
        data: got.data,
        meta: got.meta,
        ttc: got.ttc,
        displayId: got.displayId,
        contact: got.contact,
        tags: got.tags.map((t: any) => t.name ?? t),
      },
      {
        createdAt: source.createdAt,
        updatedAt: source.updatedAt,
        finished: source.finished,
        data: source.data,
        meta: source.meta,
        ttc: source.ttc,
        displayId: source.displayId,
        contact: source.contact?.userId ? source.contact : null,
        tags: source.tags.map((t) => t.name),
      },
      source.id,
    )
  }
  const noted = stored.find((r: any) => r.id === 'clresponse100000000000000')
  assert.equal(
    noted.notes.map((n: any) => [n.text, n.user, n.isResolved, n.createdAt]),
    [['Called back', { id: 'u', name: 'Ana' }, true, at(30)]],
  )

  const again = await runImport()
  for (const counts of again.resources) {
    assert.is(counts.created, 0, `${counts.resource}: nothing created the second time`)
  }
  assert.is(row(again, 'responses').already, RESPONSES - 1)
  assert.is((await read('/api/v1/management/responses?limit=100')).length, RESPONSES - 1)
})

test('two imports of one source into one environment at once write every row once', async () => {
  const into = (await canvass.admin.createProject({ name: 'Twice at once' })).environments.production
  const [a, b] = await Promise.all([runImport(into), runImport(into)])
  for (const resource of ['contacts', 'segments', 'surveys', 'responses']) {
    const [ra, rb] = [row(a, resource), row(b, resource)]
    assert.is(ra.refused + rb.refused, resource === 'responses' ? 2 : 0, `${resource}: ${JSON.stringify([ra.reasons, rb.reasons])}`)
    assert.is(ra.created + rb.created + ra.already + rb.already, ra.read + rb.read - ra.refused - rb.refused, resource)
  }
  const key2 = (await canvass.admin.createApiKey({ environmentId: into })).key
  const list = async (path: string) =>
    (await (await canvass.fetch(new Request(`http://canvass.test${path}`, { headers: { 'x-api-key': key2 } }))).json()).data
  assert.is((await list('/api/v1/management/responses?limit=100')).length, RESPONSES - 1)
  assert.is((await list('/api/v1/management/contacts')).length, contacts.length)
  assert.is((await list('/api/v1/management/surveys')).length, 1)
})

test.run()
