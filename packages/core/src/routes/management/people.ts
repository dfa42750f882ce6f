import * as v from 'valibot'
import type { Handler } from '../../context'
import { externalUrl, param } from '../../context'
import { authenticate } from '../../auth/authenticate'
import { notFound, validationError } from '../../errors'
import type { ResourceType } from '../../errors'
import { listPage, readPageQuery } from '../../http/pagination'
import { ok, SAFE_HEADERS } from '../../http/respond'
import type { ContactAttributeRecord, PersonRecord } from '../../ports/storage'
import { contactExportStream } from '../../domain/contacts/contact-export'
import { forgetShareSummaries } from '../../domain/results/result-share'
import { logEarlyEnd } from '../../domain/responses/export-early-end'
import type { RouteTable } from '../../http/route-table'
import { contactListQuery, readContactQuery } from '../../http/response-query'
import {
  contactAnswer,
  contactAttributeAnswer,
  contactExportAnswer,
  dataOf,
  deletedAnswer,
  erasureAnswer,
  pageOf,
} from '../../schemas/answers'
import { pageQuery } from '../../http/pagination'
import { reportingOf } from '../../domain/optional-ports/reporting'

/**
 * `/api/v1/management/people` and `/api/v1/management/contacts`, two views of the contacts (docs/design.md, "Data and ids"):
 * list, get and delete; and `/api/v1/management/contact-attributes`, the contacts' attribute values.
 */
export function registerPeopleRoutes(routes: RouteTable): void {
  for (const view of CONTACT_VIEWS) {
    const base = `/api/v1/management/${view.path}`
    routes.get(base, listContacts, {
      summary: `List ${view.list} with their attributes: \`userId\`, dates, \`sortBy\`, \`order\`, \`count\``,
      auth: 'apiKey',
      query: contactListQuery,
      answer: pageOf(contactAnswer),
    })
    routes.get(`${base}/:${view.param}`, getContact(view.type, view.param), {
      summary: `Read one ${view.one}`,
      auth: 'apiKey',
      answer: dataOf(contactAnswer),
    })
    routes.get(`${base}/:${view.param}/export`, exportContact(view.type, view.param), {
      audit: { action: 'export', resourceType: 'contact', resourceId: { param: view.param } },
      summary: `Everything stored about one ${view.one} as one JSON document, streamed: a download for a data-subject request`,
      description:
        "The contact, its attributes, its displays and its responses in the key's environment, oldest first: answers, variables, `ttc`, `meta`, language, dates, the attributes each was answered with, notes, tags, and the files (`fileUpload` answers' URLs, as stored) per response and all together in `files`. The document itself is the answer (no `data`), with `content-disposition: attachment`. Not in it: copies held elsewhere, such as webhook delivery payloads (see docs/data-rights.md).",
      auth: 'apiKey',
      answer: contactExportAnswer,
    })
    routes.delete(`${base}/:${view.param}`, deleteContact(view.type, view.param, `${view.type} deleted successfully`), {
      // With `erase=true` the entry is an erasure, and the erasure's tally (the answer's counts) goes into it.
      audit: {
        action: (request) => (request.query.erase === 'true' ? 'erase' : 'delete'),
        resourceType: 'contact',
        resourceId: { param: view.param },
        result: true,
      },
      summary: `Delete a ${view.one}; its responses stay, with \`person\` null. With \`erase=true\`, erase it and everything about it`,
      description:
        "Without `erase` (or with `erase=false`): the contact and its attribute values go; its responses and displays stay, unlinked. With `erase=true`: one transaction removes the contact, its attribute values, its displays, its responses (with their notes, tag links and quota links), the webhook events and deliveries of those responses (any status), the tags no other response has; stored `Idempotency-Key` answers that name the contact, a response or a display become a 410 `gone` error; the respondents' own files the responses' `fileUpload` answers name (see docs/data-rights.md) are removed from the blob store right after the commit (a journal written in the same transaction finishes them after a crash). The answer counts what went (see docs/data-rights.md).",
      auth: 'apiKey',
      query: eraseQuery,
      answer: dataOf(v.union([deletedAnswer, erasureAnswer])),
    })
  }
  routes.get('/api/v1/management/contact-attributes', listContactAttributes, {
    summary: "List the contacts' attribute values with their keys",
    auth: 'apiKey',
    query: pageQuery,
    answer: pageOf(contactAttributeAnswer),
  })
}

/** The contacts' two names: the reference's first (`people`) and its current one (`contacts`). */
const CONTACT_VIEWS: ReadonlyArray<{ path: string; param: string; type: ResourceType; list: string; one: string }> = [
  { path: 'people', param: 'personId', type: 'Person', list: 'people (contacts)', one: 'person' },
  { path: 'contacts', param: 'contactId', type: 'Contact', list: 'contacts', one: 'contact' },
]

const listContacts: Handler = async (request, ctx) => {
  const { environmentId } = await authenticate(request, ctx)
  const { page, filter, sortBy, order, count, cursorTag } = readContactQuery(request.query)
  const total = count ? await reportingOf(ctx.storage).contacts.count(environmentId, filter) : undefined
  return listPage(page, {
    // The default order is the storage's own: only another one is named.
    read: (position) => ctx.storage.contacts.list(environmentId, { ...filter, ...(cursorTag ? { sortBy, order } : {}), ...position }),
    output: personOutput,
    nextUrl: () => externalUrl(request, ctx),
    positionOf: (row) => ({ createdAt: row[sortBy], id: row.id }),
    ...(cursorTag ? { cursorTag } : {}),
    ...(total !== undefined ? { headers: { 'x-total-count': String(total) } } : {}),
  })
}

const getContact =
  (type: ResourceType, name: string): Handler =>
  async (request, ctx) => {
    const { environmentId } = await authenticate(request, ctx)
    const id = param(request, name)
    const contact = await ctx.storage.contacts.get(environmentId, id)
    if (!contact) throw notFound(type, id)
    return ok(personOutput(contact))
  }

/**
 * Everything about one contact, streamed page by page (`contactExportStream`); another environment's is a 404, as
 * for the GET. Read on the primary, never a replica: a data-rights export holds every response already written
 * (docs/replicas.md, "Reading your own writes").
 */
const exportContact =
  (type: ResourceType, name: string): Handler =>
  async (request, ctx, info) => {
    const { environmentId } = await authenticate(request, ctx)
    const storage = ctx.storage.laggingReads?.primary ?? ctx.storage
    const id = param(request, name)
    const contact = await storage.contacts.get(environmentId, id)
    if (!contact) throw notFound(type, id)
    const position = (after: { id: string; createdAt: Date } | undefined) =>
      after ? { after: { createdAt: after.createdAt, id: after.id } } : {}
    const body = contactExportStream(
      contact,
      {
        displays: { read: (after, limit) => storage.displays.listByContact(environmentId, contact.id, { limit, ...position(after) }) },
        responses: {
          read: (after, limit) =>
            storage.responses.list(environmentId, {
              contactId: contact.id,
              sortBy: 'createdAt',
              order: 'asc',
              limit,
              ...position(after),
            }),
        },
        fileQuestions: async (surveyId) => {
          const survey = await storage.surveys.get(surveyId)
          if (!survey || survey.environmentId !== environmentId) return []
          return survey.questions.flatMap((question) => {
            const q = question as { id?: unknown; type?: unknown } | null
            return q?.type === 'fileUpload' && typeof q.id === 'string' ? [q.id] : []
          })
        },
      },
      ctx.now(),
      logEarlyEnd(ctx, `The export of contact ${contact.id}`, info.requestId),
    )
    return new Response(body, {
      status: 200,
      headers: {
        ...SAFE_HEADERS,
        'content-type': 'application/json; charset=utf-8',
        'content-disposition': `attachment; filename="contact-${contact.id.replace(/[^A-Za-z0-9_-]/g, '')}.json"`,
      },
    })
  }

/** `?erase`: `true` erases, `false` (or none) deletes as the seed does. */
const eraseQuery = v.object({ erase: v.optional(v.picklist(['true', 'false'])) })

/**
 * The seed's delete: the contact's responses stay, with `person` null (docs/design.md, "Responses and displays"). With `erase=true`, the
 * erasure (`ContactStore.erase`): then the shared-results summaries this Canvass holds are dropped (they may
 * count the erased answers) and the blob janitor is woken for the files.
 */
const deleteContact =
  (type: ResourceType, name: string, success: string): Handler =>
  async (request, ctx) => {
    const { environmentId } = await authenticate(request, ctx)
    const id = param(request, name)
    if (!readErase(request.query)) {
      if (!(await ctx.storage.contacts.delete(environmentId, id))) throw notFound(type, id)
      return ok({ success })
    }
    const report = await ctx.storage.contacts.erase(environmentId, id)
    if (!report) throw notFound(type, id)
    if (report.surveyIds.length > 0) forgetShareSummaries(ctx)
    if (report.files > 0) ctx.blobDeletionsRecorded()
    const { surveyIds: _surveys, ...counts } = report
    return ok({ erased: true, ...counts })
  }

function readErase(query: Record<string, string | string[] | undefined>): boolean {
  const value = query.erase
  if (value === undefined || value === 'false') return false
  if (value === 'true') return true
  throw validationError({ erase: 'Must be "true" or "false", given once' })
}

const listContactAttributes: Handler = async (request, ctx) => {
  const { environmentId } = await authenticate(request, ctx)
  return listPage(readPageQuery(request.query), {
    read: (position) => reportingOf(ctx.storage).contacts.listAttributes(environmentId, position),
    output: contactAttributeOutput,
    nextUrl: () => externalUrl(request, ctx),
  })
}

/** A person as responses show it (docs/design.md, "Responses and displays"). */
function personOutput(person: PersonRecord) {
  return {
    id: person.id,
    userId: person.userId,
    environmentId: person.environmentId,
    attributes: person.attributes,
    createdAt: person.createdAt.toISOString(),
    updatedAt: person.updatedAt.toISOString(),
  }
}

function contactAttributeOutput(attribute: ContactAttributeRecord) {
  return {
    id: attribute.id,
    createdAt: attribute.createdAt.toISOString(),
    updatedAt: attribute.updatedAt.toISOString(),
    contactId: attribute.contactId,
    attributeKeyId: attribute.attributeKeyId,
    key: attribute.key,
    value: attribute.value,
  }
}
