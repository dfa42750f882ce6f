/**
 * The audit log, from the route table: every management write route (and every export of personal data) is
 * called once with a valid request, and exactly one entry with the right route, action, resource, key, address
 * and request id must appear, holding none of the marker planted in the request. A write route added without
 * `audit` metadata, or without a valid request here, fails the first test. Then: no entry for a refusal, a
 * replay or a HEAD; a failed append answers the write all the same; the list route's filters, pages and scope.
 */
import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { appendAuditEntry, createCanvass, describeRoutes, hashApiKey, purgeAuditLog } from '@canvass/core'
import type { AuditEntry, RouteEntry, Storage } from '@canvass/core'
import { callOn, createResponse, createSurvey, question, suiteWithBed } from '@canvass/test-bed'
import type { TestCanvass } from '@canvass/test-bed'
import * as assert from 'uvu/assert'
import { AUDIT_ACTIONS } from '../src/http/route-audit'
import { consoleAccountSettings, createConsoleSession } from '../src/domain/console/console-accounts'

const ROUTES = describeRoutes().routes

/** Management writes and the routes that say how they are audited (the exports). */
const isWrite = (route: RouteEntry) =>
  route.method !== 'GET' && route.readOnly !== true && (route.auth === 'apiKey' || route.path.includes('/management/'))
const AUDITED = ROUTES.filter((route) => route.audit !== undefined || isWrite(route))

/** A unique string planted in every request's values: no entry may hold it. */
const MARKER = `marker-${randomBytes(6).toString('hex')}`

interface Call {
  path: string
  body?: unknown
  headers?: Record<string, string>
  /** The entry's `resourceId`; with `answer`, the answer's `data.id`; with `answer.survey`, its `data.survey.id`. */
  resourceId: string | null | 'answer' | 'answer.survey'
  /** The entry's action, where the route's depends on the request. @default the route's `audit.action` */
  action?: string
  /** A call of a signed-in person rather than the key: sent without it, and the entry names them. */
  person?: { label: string }
}

type Fixture = (x: TestCanvass) => Promise<Call>

const created = async (x: TestCanvass, path: string, body: Record<string, unknown>) => {
  const res = await x.call('POST', path, { key: x.keyA, body })
  if (res.status !== 200) throw new Error(`seeding ${path}: ${res.status} ${res.text}`)
  return res.body.data as Record<string, any>
}
const unique = () => randomBytes(4).toString('hex')
const surveyOf = async (x: TestCanvass) => (await createSurvey(x, { status: 'inProgress', name: MARKER })).id as string
const contactOf = async (x: TestCanvass): Promise<string> => {
  const userId = `u-${unique()}`
  const identify = await x.call('GET', `/api/v1/client/${x.envA}/identify/contacts/${userId}`)
  if (identify.status !== 200) throw new Error(`identify: ${identify.status} ${identify.text}`)
  const list = await x.call('GET', '/api/v1/management/contacts?limit=1000', { key: x.keyA })
  return (list.body.data as { id: string; userId: string }[]).find((contact) => contact.userId === userId)?.id as string
}
const quotaBody = () => ({ name: `${MARKER} ${unique()}`, limit: 5, logic: { connector: 'and', conditions: [] }, action: 'continueSurvey' })
const presign = (x: TestCanvass) => created(x, '/api/v1/management/storage', { fileName: `${MARKER}.png`, fileType: 'image/png' })
const webhookOf = async (x: TestCanvass) =>
  (await created(x, '/api/v1/webhooks', { url: `http://127.0.0.1:9/${MARKER}`, triggers: ['responseCreated'], name: MARKER })).id as string

/** A viewer of the console of environment A's project; its id. */
const consolePersonOf = async (x: TestCanvass) =>
  (await created(x, '/api/v1/console/people', { email: `${MARKER}-${unique()}@example.com`, role: 'viewer' })).id as string

/**
 * A viewer of environment A's project signed in (the session made in the store, as a sign-in makes it): the
 * person's and the session's ids, and the headers of a console call (the cookie, the console header, the page's
 * CSRF token).
 */
const consoleSessionOf = async (x: TestCanvass) => {
  // No marker in the email: the person's entries name them.
  const email = `session-${unique()}@example.com`
  const personId = (await created(x, '/api/v1/console/people', { email, role: 'viewer' })).id as string
  const person = await x.storage.consoleAccounts.getPerson(personId)
  if (!person) throw new Error('the console person is not stored')
  const session = await createConsoleSession(
    { storage: x.storage, now: () => new Date() },
    { id: person.accountId },
    consoleAccountSettings(true),
  )
  const cookie = `canvass_console=${session.token}`
  const page = await x.call('GET', '/console', { headers: { cookie } })
  const csrf = JSON.parse(
    /<script type="application\/json" id="canvass-console-boot">([^<]*)<\/script>/.exec(page.text)?.[1] ?? 'null',
  ).csrfToken
  return { personId, sessionId: session.id, email, headers: { cookie, 'x-canvass-console': '1', 'x-canvass-csrf': csrf } }
}

/** A tag of environment A on a new response; its id. */
const tagOf = async (x: TestCanvass): Promise<string> => {
  const surveyId = await surveyOf(x)
  const response = await x.call('POST', `/api/v1/client/${x.envA}/responses`, { body: { surveyId, finished: true, data: {} } })
  const name = `tag-${unique()}`
  await x.storage.imports.insertNotesAndTags(x.envA, [{ responseId: response.body.data.id, notes: [], tags: [name] }])
  const tags = await x.storage.tags.list(x.envA, { limit: 1000 })
  return tags.find((tag) => tag.name === name)?.id as string
}
/** A note on a new response of environment A: the response's id and the note's. */
const noteOf = async (x: TestCanvass): Promise<[string, string]> => {
  const id = await createResponse(x, await surveyOf(x))
  const note = await x.call('POST', `/api/v1/management/responses/${id}/notes`, { key: x.keyA, body: { text: 'seeded' } })
  if (note.status !== 200) throw new Error(`seeding a note: ${note.status} ${note.text}`)
  return [id, note.body.data.id as string]
}
/** A v3 survey of two blocks, `ba` and `bb`, whose blocks the v3 block routes edit; its id. */
const v3SurveyOf = async (x: TestCanvass) => {
  const element = (id: string) => ({ id, type: 'openText', headline: { 'en-US': MARKER }, required: false })
  const blocks = [
    { id: 'ba', name: 'A', elements: [element('q1')] },
    { id: 'bb', name: 'B', elements: [element('q2')] },
  ]
  const res = await x.call('POST', '/api/v3/surveys', { key: x.keyA, body: { workspaceId: x.projectId, name: MARKER, blocks } })
  if (res.status !== 201) throw new Error(`seeding a v3 survey: ${res.status} ${res.text}`)
  return res.body.data.id as string
}
const v3Blocks = () => [{ name: 'Main', elements: [{ id: 'q1', type: 'openText', headline: { 'en-US': MARKER }, required: false }] }]

/** A valid request of each audited route, making what it needs first. */
const FIXTURES: Record<string, Fixture> = {
  'POST /api/v3/surveys': async (x) => ({
    path: '/api/v3/surveys',
    body: { workspaceId: x.projectId, name: MARKER, blocks: v3Blocks() },
    resourceId: 'answer',
  }),
  'GET /api/v3/surveys/:surveyId/export': async (x) => {
    const id = await v3SurveyOf(x)
    return { path: `/api/v3/surveys/${id}/export`, resourceId: id }
  },
  // A dry run writes no entry (the survey files' tests count them); the import that creates one writes one.
  'POST /api/v3/surveys/import': async (x) => ({
    path: '/api/v3/surveys/import',
    body: { workspaceId: x.projectId, document: { name: MARKER, blocks: v3Blocks() } },
    resourceId: 'answer.survey',
  }),
  'PATCH /api/v3/surveys/:surveyId/blocks': async (x) => {
    const id = await v3SurveyOf(x)
    const block = { name: MARKER, elements: [{ id: 'q3', type: 'openText', headline: { 'en-US': MARKER }, required: false }] }
    return { path: `/api/v3/surveys/${id}/blocks`, body: { ops: [{ op: 'insert', position: { type: 'end' }, block }] }, resourceId: id }
  },
  'PUT /api/v3/surveys/:surveyId/blocks/order': async (x) => {
    const id = await v3SurveyOf(x)
    return { path: `/api/v3/surveys/${id}/blocks/order`, body: { order: ['bb', 'ba'] }, resourceId: id }
  },
  'PATCH /api/v3/workspaces/:workspaceId/custom-css': async (x) => ({
    path: `/api/v3/workspaces/${x.projectId}/custom-css`,
    body: { customCss: { light: `.cv-headline { color: #${randomBytes(3).toString('hex')} }`, dark: null } },
    resourceId: x.projectId,
  }),
  'PATCH /api/v3/surveys/:surveyId': async (x) => {
    const id = await surveyOf(x)
    return { path: `/api/v3/surveys/${id}`, body: { name: MARKER }, resourceId: id }
  },
  'DELETE /api/v3/surveys/:surveyId': async (x) => {
    const id = await surveyOf(x)
    return { path: `/api/v3/surveys/${id}`, resourceId: id }
  },
  'POST /api/v3/surveys/:surveyId/archive': async (x) => {
    const id = await surveyOf(x)
    return { path: `/api/v3/surveys/${id}/archive`, resourceId: id }
  },
  'POST /api/v3/surveys/:surveyId/restore': async (x) => {
    const id = await surveyOf(x)
    return { path: `/api/v3/surveys/${id}/restore`, resourceId: id }
  },
  'PATCH /api/v3/tags/:tagId': async (x) => {
    const id = await tagOf(x)
    return { path: `/api/v3/tags/${id}`, body: { name: MARKER }, resourceId: id }
  },
  'DELETE /api/v3/tags/:tagId': async (x) => {
    const id = await tagOf(x)
    return { path: `/api/v3/tags/${id}`, resourceId: id }
  },
  'POST /api/v3/tags/:tagId/merge': async (x) => {
    const [id, into] = [await tagOf(x), await tagOf(x)]
    return { path: `/api/v3/tags/${id}/merge`, body: { newTagId: into }, resourceId: id }
  },
  'POST /api/v1/management/surveys': async (x) => ({
    path: '/api/v1/management/surveys',
    body: { environmentId: x.envA, name: MARKER, questions: [question()] },
    resourceId: 'answer',
  }),
  'PUT /api/v1/management/surveys/:surveyId': async (x) => {
    const id = await surveyOf(x)
    return { path: `/api/v1/management/surveys/${id}`, body: { name: MARKER, delay: 1 }, resourceId: id }
  },
  'DELETE /api/v1/management/surveys/:surveyId': async (x) => {
    const id = await surveyOf(x)
    return { path: `/api/v1/management/surveys/${id}`, resourceId: id }
  },
  'POST /api/v1/management/surveys/:surveyId/share': async (x) => {
    const id = await surveyOf(x)
    return { path: `/api/v1/management/surveys/${id}/share`, resourceId: id }
  },
  'DELETE /api/v1/management/surveys/:surveyId/share': async (x) => {
    const id = await surveyOf(x)
    await x.call('POST', `/api/v1/management/surveys/${id}/share`, { key: x.keyA })
    return { path: `/api/v1/management/surveys/${id}/share`, resourceId: id }
  },
  'POST /api/v1/management/surveys/:surveyId/preview': async (x) => {
    const id = await surveyOf(x)
    return { path: `/api/v1/management/surveys/${id}/preview`, resourceId: id }
  },
  'POST /api/v1/management/editor-tokens': async (x) => ({
    path: '/api/v1/management/editor-tokens',
    body: { workspaceId: x.envA, surveyId: await surveyOf(x), expiresIn: 600 },
    resourceId: null,
  }),
  'POST /api/v1/management/responses': async (x) => ({
    path: '/api/v1/management/responses',
    body: { surveyId: await surveyOf(x), finished: false, data: { q1: MARKER } },
    resourceId: 'answer',
  }),
  'POST /api/v1/management/responses/bulk': async (x) => {
    const surveyId = await surveyOf(x)
    return {
      path: '/api/v1/management/responses/bulk',
      body: { responses: [1, 2, 3].map(() => ({ surveyId, finished: true, data: { q1: MARKER } })) },
      resourceId: null,
    }
  },
  'POST /api/v1/management/responses/anonymize': async (x) => {
    const responseId = await createResponse(x, await surveyOf(x), { data: { q1: MARKER } })
    return { path: '/api/v1/management/responses/anonymize', body: { responseIds: [responseId] }, resourceId: null }
  },
  'GET /api/v1/management/responses/export': async (x) => {
    const surveyId = await surveyOf(x)
    await createResponse(x, surveyId, { data: { q1: MARKER } })
    return { path: `/api/v1/management/responses/export?surveyId=${surveyId}&format=ndjson`, resourceId: surveyId }
  },
  'GET /api/v1/management/responses/export/download': async (x) => {
    const surveyId = await surveyOf(x)
    await createResponse(x, surveyId, { data: { q1: MARKER } })
    const link = await x.call('POST', '/api/v1/management/responses/export-links', { key: x.keyA, body: { surveyId, format: 'xlsx' } })
    return { path: new URL(link.body.data.url).pathname + new URL(link.body.data.url).search, resourceId: surveyId }
  },
  'PUT /api/v1/management/responses/:responseId': async (x) => {
    const id = await createResponse(x, await surveyOf(x))
    return { path: `/api/v1/management/responses/${id}`, body: { data: { q1: MARKER } }, resourceId: id }
  },
  'POST /api/v3/responses': async (x) => ({
    path: '/api/v3/responses',
    body: { surveyId: await surveyOf(x), finished: true, data: { q1: MARKER } },
    resourceId: 'answer',
  }),
  'PATCH /api/v3/responses/:responseId': async (x) => {
    const id = await createResponse(x, await surveyOf(x))
    return { path: `/api/v3/responses/${id}`, body: { data: { q1: MARKER } }, resourceId: id }
  },
  'DELETE /api/v3/responses/:responseId': async (x) => {
    const id = await createResponse(x, await surveyOf(x), { data: { q1: MARKER } })
    return { path: `/api/v3/responses/${id}`, resourceId: id }
  },
  'POST /api/v3/responses/batch-delete': async (x) => {
    const id = await createResponse(x, await surveyOf(x), { data: { q1: MARKER } })
    return { path: `/api/v3/responses/batch-delete?workspaceId=${x.projectId}`, body: { ids: [id] }, resourceId: null }
  },
  'POST /api/v3/tags': async (x) => ({
    path: '/api/v3/tags',
    body: { workspaceId: x.projectId, name: `${MARKER} ${unique()}` },
    resourceId: 'answer',
  }),
  'POST /api/v1/management/responses/delete': async (x) => {
    const id = await createResponse(x, await surveyOf(x), { data: { q1: MARKER } })
    return { path: '/api/v1/management/responses/delete', body: { responseIds: [id] }, resourceId: null }
  },
  'POST /api/v1/management/responses/:responseId/notes': async (x) => {
    const id = await createResponse(x, await surveyOf(x))
    return { path: `/api/v1/management/responses/${id}/notes`, body: { text: MARKER }, resourceId: 'answer' }
  },
  'PATCH /api/v1/management/responses/:responseId/notes/:noteId': async (x) => {
    const [id, noteId] = await noteOf(x)
    return { path: `/api/v1/management/responses/${id}/notes/${noteId}`, body: { text: MARKER }, resourceId: noteId }
  },
  'DELETE /api/v1/management/responses/:responseId/notes/:noteId': async (x) => {
    const [id, noteId] = await noteOf(x)
    return { path: `/api/v1/management/responses/${id}/notes/${noteId}`, resourceId: noteId }
  },
  'POST /api/v1/management/responses/:responseId/tags': async (x) => {
    const id = await createResponse(x, await surveyOf(x))
    return { path: `/api/v1/management/responses/${id}/tags`, body: { tagId: await tagOf(x) }, resourceId: id }
  },
  'DELETE /api/v1/management/responses/:responseId/tags/:tagId': async (x) => {
    const id = await createResponse(x, await surveyOf(x))
    return { path: `/api/v1/management/responses/${id}/tags/${await tagOf(x)}`, resourceId: id }
  },
  'DELETE /api/v1/management/responses/:responseId': async (x) => {
    const id = await createResponse(x, await surveyOf(x), { data: { q1: MARKER } })
    return { path: `/api/v1/management/responses/${id}`, resourceId: id }
  },
  'POST /api/v1/management/attribute-classes': async () => ({
    path: '/api/v1/management/attribute-classes',
    body: { name: `${MARKER} ${unique()}`, type: 'code' },
    resourceId: 'answer',
  }),
  'PUT /api/v1/management/attribute-classes/:attributeClassId': async (x) => {
    const { id } = await created(x, '/api/v1/management/attribute-classes', { name: `a ${unique()}`, type: 'code' })
    return { path: `/api/v1/management/attribute-classes/${id}`, body: { description: MARKER }, resourceId: id }
  },
  'DELETE /api/v1/management/attribute-classes/:attributeClassId': async (x) => {
    const { id } = await created(x, '/api/v1/management/attribute-classes', { name: `a ${unique()}`, type: 'code' })
    return { path: `/api/v1/management/attribute-classes/${id}`, resourceId: id }
  },
  'POST /api/v1/management/action-classes': async () => ({
    path: '/api/v1/management/action-classes',
    body: { name: `${MARKER} ${unique()}`, type: 'code', key: `${MARKER}-${unique()}` },
    resourceId: 'answer',
  }),
  'PUT /api/v1/management/action-classes/:actionClassId': async (x) => {
    const { id } = await created(x, '/api/v1/management/action-classes', { name: `a ${unique()}`, type: 'code', key: `k-${unique()}` })
    return { path: `/api/v1/management/action-classes/${id}`, body: { description: MARKER }, resourceId: id }
  },
  'DELETE /api/v1/management/action-classes/:actionClassId': async (x) => {
    const { id } = await created(x, '/api/v1/management/action-classes', { name: `a ${unique()}`, type: 'code', key: `k-${unique()}` })
    return { path: `/api/v1/management/action-classes/${id}`, resourceId: id }
  },
  'POST /api/v1/management/contact-attribute-keys': async () => ({
    path: '/api/v1/management/contact-attribute-keys',
    body: { key: `k${unique()}`, name: MARKER },
    resourceId: 'answer',
  }),
  'PUT /api/v1/management/contact-attribute-keys/:contactAttributeKeyId': async (x) => {
    const { id } = await created(x, '/api/v1/management/contact-attribute-keys', { key: `k${unique()}` })
    return { path: `/api/v1/management/contact-attribute-keys/${id}`, body: { name: MARKER }, resourceId: id }
  },
  'DELETE /api/v1/management/contact-attribute-keys/:contactAttributeKeyId': async (x) => {
    const { id } = await created(x, '/api/v1/management/contact-attribute-keys', { key: `k${unique()}` })
    return { path: `/api/v1/management/contact-attribute-keys/${id}`, resourceId: id }
  },
  'GET /api/v1/management/people/:personId/export': async (x) => {
    const id = await contactOf(x)
    return { path: `/api/v1/management/people/${id}/export`, resourceId: id }
  },
  'DELETE /api/v1/management/people/:personId': async (x) => {
    const id = await contactOf(x)
    // Without `erase=true`: the seed's delete.
    return { path: `/api/v1/management/people/${id}`, resourceId: id, action: 'delete' }
  },
  'GET /api/v1/management/contacts/:contactId/export': async (x) => {
    const id = await contactOf(x)
    return { path: `/api/v1/management/contacts/${id}/export`, resourceId: id }
  },
  'DELETE /api/v1/management/contacts/:contactId': async (x) => {
    const id = await contactOf(x)
    return { path: `/api/v1/management/contacts/${id}`, resourceId: id, action: 'delete' }
  },
  'PUT /api/v1/management/environment': async () => ({
    path: '/api/v1/management/environment',
    body: { responseRetentionDays: 30 },
    resourceId: 'answer',
  }),
  'PUT /api/v1/management/styling': async () => ({
    path: '/api/v1/management/styling',
    body: { styling: { roundness: 12 }, logo: null },
    resourceId: 'answer',
  }),
  'POST /api/v1/management/segments': async () => ({
    path: '/api/v1/management/segments',
    body: { title: `${MARKER} ${unique()}` },
    resourceId: 'answer',
  }),
  'PUT /api/v1/management/segments/:segmentId': async (x) => {
    const { id } = await created(x, '/api/v1/management/segments', { title: `s ${unique()}` })
    return { path: `/api/v1/management/segments/${id}`, body: { description: MARKER }, resourceId: id }
  },
  'DELETE /api/v1/management/segments/:segmentId': async (x) => {
    const { id } = await created(x, '/api/v1/management/segments', { title: `s ${unique()}` })
    return { path: `/api/v1/management/segments/${id}`, resourceId: id }
  },
  'POST /api/v1/management/surveys/:surveyId/quotas': async (x) => ({
    path: `/api/v1/management/surveys/${await surveyOf(x)}/quotas`,
    body: quotaBody(),
    resourceId: 'answer',
  }),
  'PUT /api/v1/management/surveys/:surveyId/quotas/:quotaId': async (x) => {
    const surveyId = await surveyOf(x)
    const { id } = await created(x, `/api/v1/management/surveys/${surveyId}/quotas`, quotaBody())
    return { path: `/api/v1/management/surveys/${surveyId}/quotas/${id}`, body: quotaBody(), resourceId: id }
  },
  'DELETE /api/v1/management/surveys/:surveyId/quotas/:quotaId': async (x) => {
    const surveyId = await surveyOf(x)
    const { id } = await created(x, `/api/v1/management/surveys/${surveyId}/quotas`, quotaBody())
    return { path: `/api/v1/management/surveys/${surveyId}/quotas/${id}`, resourceId: id }
  },
  'POST /api/v1/management/storage': async () => ({
    path: '/api/v1/management/storage',
    body: { fileName: `${MARKER}.png`, fileType: 'image/png' },
    resourceId: null,
  }),
  'POST /api/v1/management/storage/local': async (x) => {
    const signed = await presign(x)
    return {
      path: '/api/v1/management/storage/local',
      body: { fileBase64String: Buffer.from(MARKER).toString('base64') },
      headers: {
        'x-file-type': 'image/png',
        'x-file-name': encodeURIComponent(signed.updatedFileName),
        'x-signature': signed.signingData.signature,
        'x-timestamp': String(signed.signingData.timestamp),
        'x-uuid': signed.signingData.uuid,
      },
      resourceId: null,
    }
  },
  'POST /api/v1/management/storage/file-links': async (x) => {
    const signed = await presign(x)
    const upload = await x.call('POST', '/api/v1/management/storage/local', {
      key: x.keyA,
      body: { fileBase64String: Buffer.from(MARKER).toString('base64') },
      headers: {
        'x-file-type': 'image/png',
        'x-file-name': encodeURIComponent(signed.updatedFileName),
        'x-signature': signed.signingData.signature,
        'x-timestamp': String(signed.signingData.timestamp),
        'x-uuid': signed.signingData.uuid,
      },
    })
    if (upload.status !== 200) throw new Error(`seeding a file: ${upload.status} ${upload.text}`)
    return { path: '/api/v1/management/storage/file-links', body: { url: signed.fileUrl }, resourceId: null }
  },
  'POST /api/v1/webhooks': async () => ({
    path: '/api/v1/webhooks',
    body: { url: `http://127.0.0.1:9/${MARKER}`, triggers: ['responseCreated'], name: MARKER },
    resourceId: 'answer',
  }),
  'PATCH /api/v1/management/webhooks/:webhookId': async (x) => {
    const id = await webhookOf(x)
    return {
      path: `/api/v1/management/webhooks/${id}`,
      body: { name: `${MARKER} renamed`, url: `http://127.0.0.1:9/${MARKER}/2` },
      resourceId: id,
    }
  },
  'POST /api/v1/webhooks/:webhookId/test': async (x) => {
    const id = await webhookOf(x)
    return { path: `/api/v1/webhooks/${id}/test`, resourceId: id }
  },
  'DELETE /api/v1/webhooks/:webhookId': async (x) => {
    const id = await webhookOf(x)
    return { path: `/api/v1/webhooks/${id}`, resourceId: id }
  },
  'POST /api/v1/webhooks/:webhookId/deliveries/:deliveryId/redeliver': async (x) => {
    const webhookId = await webhookOf(x)
    await createResponse(x, await surveyOf(x), { data: { q1: MARKER } })
    const deliveries = await x.call('GET', `/api/v1/webhooks/${webhookId}/deliveries?limit=1`, { key: x.keyA })
    const deliveryId = deliveries.body.data[0].id as string
    return { path: `/api/v1/webhooks/${webhookId}/deliveries/${deliveryId}/redeliver`, resourceId: deliveryId }
  },
  'POST /api/v1/management/api-keys': async () => ({
    path: '/api/v1/management/api-keys',
    body: { label: MARKER },
    resourceId: 'answer',
  }),
  'DELETE /api/v1/management/api-keys/:apiKeyId': async (x) => {
    const id = (await created(x, '/api/v1/management/api-keys', { label: MARKER })).id as string
    return { path: `/api/v1/management/api-keys/${id}`, resourceId: id }
  },
  'POST /api/v1/console/people': async () => ({
    path: '/api/v1/console/people',
    body: { email: `${MARKER}-${unique()}@example.com`, role: 'viewer', password: `${MARKER}-password` },
    resourceId: 'answer',
  }),
  'PATCH /api/v1/console/people/:consolePersonId': async (x) => {
    const id = await consolePersonOf(x)
    return { path: `/api/v1/console/people/${id}`, body: { role: 'editor' }, resourceId: id }
  },
  'DELETE /api/v1/console/people/:consolePersonId': async (x) => {
    const id = await consolePersonOf(x)
    return { path: `/api/v1/console/people/${id}`, resourceId: id }
  },
  'POST /api/v1/console/people/:consolePersonId/link': async (x) => {
    const id = await consolePersonOf(x)
    return { path: `/api/v1/console/people/${id}/link`, resourceId: id }
  },
  'DELETE /api/v1/console/people/:consolePersonId/sessions/:consoleSessionId': async (x) => {
    const { personId, sessionId } = await consoleSessionOf(x)
    return { path: `/api/v1/console/people/${personId}/sessions/${sessionId}`, resourceId: sessionId }
  },
  'DELETE /api/v1/console/people/:consolePersonId/sessions': async (x) => {
    const { personId } = await consoleSessionOf(x)
    return { path: `/api/v1/console/people/${personId}/sessions`, resourceId: null }
  },
  'DELETE /api/v1/console/me/sessions/:consoleSessionId': async (x) => {
    const { sessionId, headers, email } = await consoleSessionOf(x)
    return { path: `/api/v1/console/me/sessions/${sessionId}`, headers, resourceId: sessionId, person: { label: `console: ${email}` } }
  },
  'DELETE /api/v1/console/me/sessions': async (x) => {
    const { headers, email } = await consoleSessionOf(x)
    return { path: '/api/v1/console/me/sessions', headers, resourceId: null, person: { label: `console: ${email}` } }
  },
}

const { test, bed } = suiteWithBed('the audit log records every management write', { webhooks: { allowPrivateAddresses: true } })

/** Every entry of environment A, newest first (the storage port, so that the route under test is not needed). */
async function entriesOf(x: TestCanvass, environmentId = x.envA): Promise<AuditEntry[]> {
  return x.storage.reporting.auditLog.list(environmentId, { limit: 100_000 })
}

let keyAId = ''
test.before(async () => {
  keyAId = (await bed().storage.apiKeys.findByHash(await hashApiKey(bed().keyA)))?.id as string
})

test('every management write route has audit metadata and a valid request here; the exports too', () => {
  const names = AUDITED.map((route) => `${route.method} ${route.path}`)
  const unannotated = ROUTES.filter((route) => isWrite(route) && route.audit === undefined).map((r) => `${r.method} ${r.path}`)
  assert.equal(unannotated, [], 'write routes without `audit` in their route doc')
  assert.equal(
    names.filter((name) => !(name in FIXTURES)),
    [],
    'audited routes without a valid request in this test: add one',
  )
  assert.equal(
    Object.keys(FIXTURES).filter((name) => !names.includes(name)),
    [],
    'requests here for routes that are not audited',
  )
  for (const path of [
    '/api/v1/management/responses/export',
    '/api/v1/management/contacts/:contactId/export',
    '/api/v1/management/people/:personId/export',
  ]) {
    assert.ok(
      AUDITED.some((route) => route.method === 'GET' && route.path === path),
      `${path} is audited`,
    )
  }
  assert.not.ok(
    AUDITED.some((route) => route.path === '/api/v1/management/audit-log'),
    'reading the log is not a write',
  )
})

for (const route of AUDITED) {
  const name = `${route.method} ${route.path}`
  test(`${name}: one entry, with its route, action, resource, key, address and request id, and no marker`, async () => {
    const x = bed()
    const fixture = FIXTURES[name]
    if (!fixture) throw new Error(`no valid request for ${name}`)
    const call = await fixture(x)
    const requestId = `audit-${unique()}`
    const before = (await entriesOf(x)).length
    const res = await x.call(route.method, call.path, {
      ...(call.person ? {} : { key: x.keyA }),
      address: '198.51.100.23',
      headers: { 'x-request-id': requestId, ...call.headers },
      ...(call.body !== undefined ? { body: call.body } : {}),
    })
    assert.ok(res.status >= 200 && res.status < 300, `${name} answered ${res.status}: ${res.text.slice(0, 300)}`)
    const after = await entriesOf(x)
    assert.is(after.length, before + 1, 'exactly one new entry')
    const entry = after.find((e) => e.requestId === requestId)
    assert.ok(entry, 'the entry carries the request id')
    const expectedId =
      call.resourceId === 'answer' ? res.body.data.id : call.resourceId === 'answer.survey' ? res.body.data.survey.id : call.resourceId
    assert.equal(
      {
        route: entry.route,
        method: entry.method,
        action: entry.action,
        resourceType: entry.resourceType,
        resourceId: entry.resourceId,
        apiKeyId: entry.apiKeyId,
        apiKeyLabel: entry.apiKeyLabel,
        address: entry.address,
        status: entry.status,
        environmentId: entry.environmentId,
      },
      {
        route: route.path,
        method: route.method,
        action: call.action ?? (typeof route.audit?.action === 'string' ? route.audit.action : 'the fixture must say'),
        resourceType: route.audit?.resourceType,
        resourceId: expectedId,
        apiKeyId: call.person ? null : keyAId,
        apiKeyLabel: call.person?.label ?? 'test bed',
        address: '198.51.100.23',
        status: res.status,
        environmentId: x.envA,
      },
    )
    assert.not.ok(JSON.stringify(entry).includes(MARKER), `the entry holds no value of the request: ${JSON.stringify(entry)}`)
  })
}

test('the summary names the fields and counts, never a value, not even a field name the schema does not know', async () => {
  const x = bed()
  const surveyId = await surveyOf(x)
  const requestId = `audit-${unique()}`
  const bulk = await x.call('POST', '/api/v1/management/responses/bulk?webhooks=false', {
    key: x.keyA,
    headers: { 'x-request-id': requestId },
    body: { responses: [1, 2].map(() => ({ surveyId, finished: true, data: { [MARKER]: MARKER } })), [MARKER]: MARKER },
  })
  assert.is(bulk.status, 200, bulk.text)
  const entry = (await entriesOf(x)).find((e) => e.requestId === requestId)
  assert.equal(entry?.summary, {
    fields: ['responses'],
    counts: { responses: 2 },
    query: ['webhooks'],
    result: { created: 2, failed: 0, unlistedErrors: 0 },
  })

  const renamed = `audit-${unique()}`
  const put = await x.call('PUT', `/api/v1/management/surveys/${surveyId}`, {
    key: x.keyA,
    headers: { 'x-request-id': renamed },
    body: { name: MARKER, [MARKER]: { [MARKER]: MARKER } },
  })
  if (put.status === 200) {
    const updated = (await entriesOf(x)).find((e) => e.requestId === renamed)
    assert.equal(updated?.summary, { fields: ['name'] })
  } else {
    assert.is(put.status, 400, 'an unknown field is refused or dropped, never stored as given')
  }

  const anonymized = `audit-${unique()}`
  const responseId = await createResponse(x, surveyId)
  const anonymize = await x.call('POST', '/api/v1/management/responses/anonymize', {
    key: x.keyA,
    headers: { 'x-request-id': anonymized },
    body: { responseIds: [responseId, MARKER] },
  })
  assert.is(anonymize.status, 200, anonymize.text)
  const tally = (await entriesOf(x)).find((e) => e.requestId === anonymized)
  assert.equal(tally?.summary, { fields: ['responseIds'], counts: { responseIds: 2 }, result: { anonymized: 1 } })
  assert.not.ok(JSON.stringify(await entriesOf(x)).includes(MARKER), 'no entry holds the marker')
})

test('no entry for a refused write, an idempotent replay, a HEAD of an export, or a read', async () => {
  const x = bed()
  const surveyId = await surveyOf(x)
  const before = (await entriesOf(x)).length
  const refused = await x.call('POST', '/api/v1/management/surveys', { key: x.keyA, body: { name: 1 } })
  assert.is(refused.status, 400)
  const unauthenticated = await x.call('DELETE', `/api/v1/management/surveys/${surveyId}`)
  assert.is(unauthenticated.status, 401)
  const missing = await x.call('DELETE', `/api/v1/management/surveys/${unique()}`, { key: x.keyA })
  assert.is(missing.status, 404)
  const head = await x.call('HEAD', `/api/v1/management/responses/export?surveyId=${surveyId}`, { key: x.keyA })
  assert.is(head.status, 200)
  const read = await x.call('GET', `/api/v1/management/surveys/${surveyId}`, { key: x.keyA })
  assert.is(read.status, 200)
  assert.is((await entriesOf(x)).length, before, 'nothing recorded')

  const body = { environmentId: x.envA, name: 'once', questions: [question()] }
  const headers = { 'idempotency-key': `idem-${unique()}` }
  const first = await x.call('POST', '/api/v1/management/surveys', { key: x.keyA, body, headers })
  const replay = await x.call('POST', '/api/v1/management/surveys', { key: x.keyA, body, headers })
  assert.is(replay.headers.get('idempotent-replayed'), 'true')
  assert.is(replay.body.data.id, first.body.data.id)
  const entries = (await entriesOf(x)).slice(0, (await entriesOf(x)).length - before)
  assert.equal(
    entries.map((e) => [e.action, e.resourceId]),
    [['create', first.body.data.id]],
    'the create once, the replay not',
  )
})

test('a failed append is logged and observed, and the write is answered as usual', async () => {
  const x = bed()
  const failing: Storage = {
    ...x.storage,
    auditLog: { ...x.storage.auditLog, append: () => Promise.reject(new Error('audit store down')) },
  }
  const logged: string[] = []
  const observed: unknown[] = []
  const canvass = createCanvass({
    storage: failing,
    logger: { error: (message, cause) => logged.push(`${message}: ${(cause as Error).message}`), warn: () => {} },
    observe: { auditFailed: (event) => observed.push(event) },
  })
  const call = callOn((request) => canvass.fetch(request, { clientAddress: '127.0.0.1' }))
  const res = await call('POST', '/api/v1/management/surveys', {
    key: x.keyA,
    headers: { 'x-request-id': 'audit-failing' },
    body: { environmentId: x.envA, name: 'kept', questions: [question()] },
  })
  assert.is(res.status, 200, res.text)
  assert.is((await x.storage.surveys.get(res.body.data.id))?.name, 'kept', 'the write happened')
  assert.equal(logged, ['Could not append to the audit log: POST /api/v1/management/surveys: audit store down'])
  assert.equal(observed, [{ route: '/api/v1/management/surveys', method: 'POST', requestId: 'audit-failing' }])
})

test('GET /management/audit-log: newest first, filters, cursor pages through a Link header, only the key’s environment', async () => {
  const x = bed()
  const project = await x.newProject('audit paging')
  const callAs = (method: string, path: string, body?: unknown) => x.call(method, path, { key: project.key, ...(body ? { body } : {}) })
  const ids: string[] = []
  for (let i = 0; i < 5; i++) {
    const res = await callAs('POST', '/api/v1/management/segments', { title: `s${i}` })
    ids.push(res.body.data.id)
  }
  await callAs('DELETE', `/api/v1/management/segments/${ids[0]}`)
  const all = await callAs('GET', '/api/v1/management/audit-log')
  assert.is(all.status, 200, all.text)
  const keyId = (await x.storage.apiKeys.findByHash(await hashApiKey(project.key)))?.id as string
  assert.equal(
    all.body.data.map((e: { action: string; resourceId: string }) => [e.action, e.resourceId]),
    // Oldest: the admin API's creation of the project and its key.
    [['delete', ids[0]], ...[...ids].reverse().map((id) => ['create', id]), ['create', keyId], ['create', project.projectId]],
  )
  assert.is(all.body.data[0].route, '/api/v1/management/segments/:segmentId')
  assert.is(all.headers.get('link'), null)

  const paged: string[] = []
  let next: string | undefined = '/api/v1/management/audit-log?limit=2'
  while (next) {
    const page = await callAs('GET', next)
    assert.is(page.status, 200, page.text)
    assert.ok(page.body.data.length <= 2)
    paged.push(...page.body.data.map((e: { id: string }) => e.id))
    next = /<([^>]+)>; rel="next"/.exec(page.headers.get('link') ?? '')?.[1]?.replace(/^https?:\/\/[^/]+/, '')
  }
  assert.equal(
    paged,
    all.body.data.map((e: { id: string }) => e.id),
    'pages of two, in order, each entry once',
  )

  const filtered = async (query: string) =>
    ((await callAs('GET', `/api/v1/management/audit-log?${query}`)).body.data as { id: string; action: string; resourceId: string }[]).map(
      (e) => `${e.action} ${e.resourceId}`,
    )
  assert.equal(await filtered('action=delete'), [`delete ${ids[0]}`])
  assert.equal(await filtered(`resourceId=${ids[0]}`), [`delete ${ids[0]}`, `create ${ids[0]}`])
  assert.equal(await filtered(`resourceType=segment&action=create&resourceId=${ids[1]}`), [`create ${ids[1]}`])
  assert.equal(await filtered('resourceType=survey'), [])
  assert.is((await filtered(`apiKeyId=${keyId}`)).length, 6)
  assert.is((await filtered('apiKeyId=another')).length, 0)
  assert.is((await filtered('startDate=2000-01-01&endDate=2999-01-01')).length, 8)
  assert.is((await filtered('endDate=2000-01-01')).length, 0)
  assert.is((await filtered(`startDate=${new Date(Date.now() + 60_000).toISOString()}`)).length, 0)

  // The other environment of the project, and the bed's project, see none of these: the development environment
  // only its own creation.
  const dev = await x.call('GET', '/api/v1/management/audit-log?limit=250', { key: project.devKey })
  assert.equal(
    dev.body.data.map((e: { action: string; resourceType: string }) => [e.action, e.resourceType]),
    [
      ['create', 'apiKey'],
      ['create', 'project'],
    ],
  )
  const other = await x.call('GET', '/api/v1/management/audit-log?limit=250', { key: x.keyA })
  assert.not.ok(
    other.body.data.some((e: { resourceId: string }) => ids.includes(e.resourceId)),
    'another environment does not see them',
  )
  const cross = await x.call('GET', `/api/v1/management/audit-log?resourceId=${ids[0]}`, { key: x.keyA })
  assert.equal(cross.body.data, [])
})

test('GET /management/audit-log refuses bad queries with 400 naming the parameter, and no key with 401', async () => {
  const x = bed()
  for (const [query, field] of [
    ['limit=0', 'limit'],
    ['limit=251', 'limit'],
    ['limit=x', 'limit'],
    ['cursor=nonsense', 'cursor'],
    ['startDate=yesterday', 'startDate'],
    ['startDate=2030-01-02&endDate=2030-01-01', 'endDate'],
    ['action=a&action=b', 'action'],
    [`resourceId=${'x'.repeat(256)}`, 'resourceId'],
  ] as const) {
    const res = await x.call('GET', `/api/v1/management/audit-log?${query}`, { key: x.keyA })
    assert.is(res.status, 400, `${query}: ${res.text}`)
    assert.ok(field in res.body.details, `${query} names ${field}: ${res.text}`)
  }
  assert.is((await x.call('GET', '/api/v1/management/audit-log?resourceId=%00')).status, 401)
  assert.is((await x.call('GET', '/api/v1/management/audit-log?resourceId=%00', { key: x.keyA })).status, 200)
})

test('purgeAuditLog deletes the entries older than the retention, in batches; null keeps them', async () => {
  const x = bed()
  const project = await x.newProject('audit retention')
  // The other tests' entries are of now: the purge (of every environment) keeps them.
  const now = new Date()
  const day = 24 * 60 * 60 * 1000
  // Entries of 400, 366, 365 and 10 days ago, as a retention run would write them (no request behind them).
  for (const age of [400, 366, 365, 10]) {
    await appendAuditEntry(
      x.storage,
      { environmentId: project.environmentId, action: 'retention', resourceType: 'response', summary: { result: { responses: age } } },
      new Date(now.getTime() - age * day),
    )
  }
  const ages = async () =>
    (await x.storage.reporting.auditLog.list(project.environmentId, { limit: 10 }))
      .filter((entry) => entry.action === 'retention')
      .map((entry) => entry.summary.result?.responses)
  assert.equal(await ages(), [10, 365, 366, 400])
  assert.is(await purgeAuditLog(x.storage, now, null), 0, 'null keeps every entry')
  assert.is(await purgeAuditLog(x.storage, now, 365, 1), 2, 'batches of one until none is older')
  assert.equal(await ages(), [10, 365], 'an entry exactly 365 days old stays')
  const [kept] = await x.storage.reporting.auditLog.list(project.environmentId, { limit: 1 })
  assert.equal([kept?.method, kept?.route, kept?.status, kept?.apiKeyId, kept?.requestId], [null, null, null, null, null])
  for (const days of [0, -1, 1.5]) {
    try {
      await purgeAuditLog(x.storage, now, days)
      assert.unreachable(`${days} days`)
    } catch (error) {
      assert.instance(error, RangeError)
    }
  }
  // `canvass.purgeAuditLog()`: the option's days at the clock's now (a year on, the 10-day entry is past 30 days).
  const later = new Date(now.getTime() + 365 * day)
  const purging = createCanvass({ storage: x.storage, now: () => later, auditLog: { retentionDays: 380 } })
  assert.is(await purging.purgeAuditLog(), 1, 'a year on, the 365-day entry is 730 days old, the 10-day one 375')
  assert.equal(await ages(), [10])
  assert.is(await createCanvass({ storage: x.storage, now: () => later, auditLog: { retentionDays: null } }).purgeAuditLog(), 0)
  assert.throws(() => createCanvass({ storage: x.storage, auditLog: { retentionDays: 0 } }), /retentionDays/)
  const api = await x.call('GET', '/api/v1/management/audit-log', { key: project.key })
  assert.equal(
    api.body.data.map((entry: { action: string; route: string | null }) => [entry.action, entry.route]),
    [
      ['create', null],
      ['create', null],
      ['retention', null],
    ],
  )
})

for (const view of ['contacts', 'people'] as const) {
  test(`DELETE /${view}/:id?erase=true is one \`erase\` entry with the erasure's counts, holding none of the erased data`, async () => {
    const x = bed()
    const userId = `u-${MARKER}-${unique()}`
    const surveyId = await surveyOf(x)
    const created = await x.call('POST', `/api/v1/client/${x.envA}/responses`, {
      body: { surveyId, userId, finished: true, data: { q1: MARKER } },
    })
    assert.is(created.status, 200, created.text)
    const list = await x.call('GET', '/api/v1/management/contacts?limit=1000', { key: x.keyA })
    const id = (list.body.data as { id: string; userId: string }[]).find((contact) => contact.userId === userId)?.id as string
    const requestId = `erase-${unique()}`
    const res = await x.call('DELETE', `/api/v1/management/${view}/${id}?erase=true`, {
      key: x.keyA,
      headers: { 'x-request-id': requestId },
    })
    assert.is(res.status, 200, res.text)
    const entry = (await entriesOf(x)).find((e) => e.requestId === requestId)
    assert.ok(entry)
    assert.equal([entry.action, entry.resourceType, entry.resourceId], ['erase', 'contact', id])
    assert.is(entry.summary.result?.responses, 1, JSON.stringify(entry.summary))
    assert.not.ok(JSON.stringify(entry).includes(MARKER), JSON.stringify(entry))
  })
}

// Issue 58, item 26: both pages left out `retention`, the action of the retention worker's entries.
test('docs/api.md and docs/data-rights.md list every action an entry may name, and no other', async () => {
  const listed = (file: string, pattern: RegExp) => {
    const text = readFileSync(new URL(`../../../docs/${file}`, import.meta.url), 'utf8')
    const list = pattern.exec(text)?.[1]
    assert.ok(list, `${file} has the list of actions`)
    return [...new Set([...list!.matchAll(/`([a-z]+)`/g)].map((match) => match[1]))].sort()
  }
  const actions = [...AUDIT_ACTIONS].sort()
  assert.equal(listed('api.md', /`action` is one of ([\s\S]*?)\. `summary`/), actions, 'docs/api.md')
  assert.equal(listed('data-rights.md', /the `action` \(([\s\S]*?)\), the `method`/), actions, 'docs/data-rights.md')
})

test.run()
