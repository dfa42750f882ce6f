import * as v from 'valibot'
import { WEBHOOK_EVENTS } from './webhook'

/**
 * The shapes of what the routes answer, for the OpenAPI document (and the contract tests that check answers
 * against it). Each lists the fields the output functions write; objects stay open (`looseObject`) where the
 * value is what a client stored (questions, `data`, filters), closed where Canvass decides every field.
 */

const timestamp = v.pipe(v.string(), v.isoTimestamp())
const nullableTimestamp = v.nullable(timestamp)
const id = v.string()
const anyJson = v.unknown()
const jsonObject = v.record(v.string(), v.unknown())

/** `{ data: … }`, the envelope of every 200 but `/me`'s (docs/design.md, "Answers and headers"). */
export const dataOf = <TSchema extends v.GenericSchema>(schema: TSchema) => v.object({ data: schema })

/** A page of a list (docs/design.md, "Lists"): the rows; a `Link` header points to the next page. */
export const pageOf = <TSchema extends v.GenericSchema>(schema: TSchema) => v.object({ data: v.array(schema) })

/** The error body (docs/design.md, "Errors"). */
export const errorAnswer = v.object({
  code: v.picklist([
    'bad_request',
    'not_authenticated',
    'unauthorized',
    'forbidden',
    'not_found',
    'method_not_allowed',
    'payload_too_large',
    'unsupported_media_type',
    'too_many_requests',
    'internal_server_error',
    'service_unavailable',
    'idempotency_key_reused',
    'idempotency_key_in_flight',
    'conflict',
  ]),
  message: v.string(),
  details: jsonObject,
})

/** The error body of the reference's v3 routes: an RFC 9457 problem (`application/problem+json`). */
export const problemAnswer = v.object({
  type: v.optional(v.string()),
  title: v.string(),
  status: v.number(),
  detail: v.string(),
  requestId: v.string(),
  code: v.string(),
  invalid_params: v.optional(v.array(v.object({ name: v.string(), reason: v.string(), code: v.optional(v.string()) }))),
})

/** The upload route's error body (docs/design.md, "Uploads"). */
export const uploadErrorAnswer = v.object({ error: v.string(), message: v.string() })

export const meAnswer = v.object({
  id,
  createdAt: timestamp,
  updatedAt: timestamp,
  type: v.picklist(['production', 'development']),
  product: v.object({ id, name: v.string() }),
  project: v.object({ id, name: v.string() }),
  workspace: v.object({ id, name: v.string() }),
  widgetSetupCompleted: v.boolean(),
  appSetupCompleted: v.boolean(),
  websiteSetupCompleted: v.boolean(),
})

/** `GET, PUT /api/v1/management/environment`: the environment as `/api/v1/me` shows it, and its settings. */
export const environmentAnswer = v.object({
  ...meAnswer.entries,
  responseRetentionDays: v.nullable(v.number()),
})

export const segmentAnswer = v.object({
  id,
  createdAt: timestamp,
  updatedAt: timestamp,
  title: v.string(),
  description: v.nullable(v.string()),
  isPrivate: v.boolean(),
  filters: v.array(anyJson),
  environmentId: id,
  surveys: v.array(id),
})

export const quotaAnswer = v.object({
  id,
  createdAt: timestamp,
  updatedAt: timestamp,
  surveyId: id,
  name: v.string(),
  limit: v.number(),
  logic: v.object({ connector: v.picklist(['and', 'or']), conditions: v.array(anyJson) }),
  action: v.picklist(['endSurvey', 'continueSurvey']),
  endingCardId: v.nullable(v.string()),
  countPartialSubmissions: v.boolean(),
})

export const surveyAnswer = v.looseObject({
  id,
  createdAt: timestamp,
  updatedAt: timestamp,
  name: v.string(),
  type: v.picklist(['link', 'app', 'website']),
  environmentId: id,
  createdBy: v.nullable(v.string()),
  status: v.picklist(['draft', 'scheduled', 'inProgress', 'paused', 'completed']),
  welcomeCard: jsonObject,
  questions: v.array(jsonObject),
  // The same elements as pages (the reference's current structure); `questions` is derived from them.
  blocks: v.array(jsonObject),
  endings: v.array(jsonObject),
  hiddenFields: jsonObject,
  variables: v.array(jsonObject),
  delay: v.number(),
  displayOption: v.string(),
  recontactDays: v.nullable(v.number()),
  displayLimit: v.nullable(v.number()),
  autoClose: v.nullable(v.number()),
  runOnDate: nullableTimestamp,
  publishOn: nullableTimestamp,
  closeOn: nullableTimestamp,
  closeOnDate: nullableTimestamp,
  displayPercentage: v.nullable(v.number()),
  autoComplete: v.nullable(v.number()),
  isVerifyEmailEnabled: v.boolean(),
  isBackButtonHidden: v.boolean(),
  isAutoProgressingEnabled: v.boolean(),
  redirectUrl: v.nullable(v.string()),
  workspaceOverwrites: v.nullable(jsonObject),
  projectOverwrites: v.nullable(jsonObject),
  productOverwrites: v.nullable(jsonObject),
  styling: v.nullable(jsonObject),
  surveyClosedMessage: v.nullable(jsonObject),
  singleUse: v.nullable(jsonObject),
  pin: v.nullable(v.string()),
  resultShareKey: v.nullable(v.string()),
  showLanguageSwitch: v.nullable(v.boolean()),
  languages: v.array(anyJson),
  triggers: v.array(anyJson),
  segmentId: v.nullable(id),
  segment: v.nullable(segmentAnswer),
  responseRetentionDays: v.nullable(v.number()),
})

const personAnswer = v.object({
  id,
  userId: v.nullable(v.string()),
  environmentId: id,
  attributes: v.record(v.string(), v.string()),
  createdAt: timestamp,
  updatedAt: timestamp,
})

export const responseAnswer = v.object({
  id,
  createdAt: timestamp,
  updatedAt: timestamp,
  surveyId: id,
  finished: v.boolean(),
  data: jsonObject,
  variables: jsonObject,
  ttc: v.record(v.string(), v.number()),
  meta: jsonObject,
  language: v.nullable(v.string()),
  singleUseId: v.nullable(v.string()),
  displayId: v.nullable(id),
  endingId: v.nullable(v.string()),
  notes: v.array(anyJson),
  tags: v.array(anyJson),
  person: v.nullable(personAnswer),
  personAttributes: v.nullable(v.record(v.string(), v.string())),
  contact: v.nullable(v.object({ id, userId: v.nullable(v.string()) })),
  contactAttributes: v.nullable(v.record(v.string(), v.string())),
})

export const attributeClassAnswer = v.object({
  id,
  createdAt: timestamp,
  updatedAt: timestamp,
  name: v.string(),
  description: v.nullable(v.string()),
  type: v.picklist(['code', 'noCode', 'automatic']),
  archived: v.boolean(),
  environmentId: id,
})

export const actionClassAnswer = v.object({
  id,
  createdAt: timestamp,
  updatedAt: timestamp,
  name: v.string(),
  description: v.nullable(v.string()),
  type: v.picklist(['code', 'noCode', 'automatic']),
  key: v.nullable(v.string()),
  noCodeConfig: v.nullable(jsonObject),
  environmentId: id,
})

export const contactAttributeKeyAnswer = v.object({
  id,
  createdAt: timestamp,
  updatedAt: timestamp,
  key: v.string(),
  name: v.nullable(v.string()),
  description: v.nullable(v.string()),
  type: v.picklist(['default', 'custom']),
  isUnique: v.boolean(),
  environmentId: id,
})

export const contactAnswer = personAnswer

const namedFile = { questionId: v.string(), url: v.string() }

/** `GET /management/contacts/{id}/export`: everything stored about one contact (the document itself, no `data`). */
export const contactExportAnswer = v.object({
  exportedAt: timestamp,
  contact: v.object({ id, userId: v.nullable(v.string()), environmentId: id, createdAt: timestamp, updatedAt: timestamp }),
  attributes: v.record(v.string(), v.string()),
  displays: v.array(v.object({ id, surveyId: id, responseId: v.nullable(id), createdAt: timestamp, updatedAt: timestamp })),
  responses: v.array(
    v.object({
      id,
      surveyId: id,
      createdAt: timestamp,
      updatedAt: timestamp,
      finished: v.boolean(),
      language: v.nullable(v.string()),
      data: jsonObject,
      variables: jsonObject,
      ttc: v.record(v.string(), v.number()),
      meta: jsonObject,
      singleUseId: v.nullable(v.string()),
      displayId: v.nullable(id),
      endingId: v.nullable(v.string()),
      contactAttributes: v.nullable(v.record(v.string(), v.string())),
      notes: v.array(anyJson),
      tags: v.array(anyJson),
      files: v.array(v.object(namedFile)),
    }),
  ),
  files: v.array(v.object({ responseId: id, ...namedFile })),
})

export const contactAttributeAnswer = v.object({
  id,
  createdAt: timestamp,
  updatedAt: timestamp,
  contactId: id,
  attributeKeyId: id,
  key: v.string(),
  value: v.string(),
})

export const webhookAnswer = v.object({
  id,
  createdAt: timestamp,
  updatedAt: timestamp,
  name: v.nullable(v.string()),
  url: v.string(),
  source: v.string(),
  environmentId: id,
  triggers: v.array(v.picklist(WEBHOOK_EVENTS)),
  surveyIds: v.array(id),
})

export const createdWebhookAnswer = v.object({ ...webhookAnswer.entries, secret: v.pipe(v.string(), v.startsWith('whsec_')) })

export const deliveryAnswer = v.object({
  id,
  createdAt: timestamp,
  updatedAt: timestamp,
  webhookId: id,
  responseId: v.nullable(id),
  event: v.picklist(WEBHOOK_EVENTS),
  status: v.string(),
  attemptCount: v.number(),
  attempts: v.array(jsonObject),
  nextAttemptAt: nullableTimestamp,
})

export const deletedAnswer = v.object({ success: v.string() })

/** `DELETE …/contacts/{id}?erase=true`: what the erasure removed (see `ErasureReport`). */
export const erasureAnswer = v.object({
  erased: v.literal(true),
  contactId: id,
  responses: v.number(),
  displays: v.number(),
  attributes: v.number(),
  files: v.number(),
  webhookDeliveries: v.number(),
  idempotencyReplays: v.number(),
  tags: v.number(),
})

export const idAnswer = v.object({ id })

/** The reference's answer to a respondent's write: the id, and the full quota the response met, if any. */
export const quotaFullResponseAnswer = v.object({
  id,
  quotaFull: v.boolean(),
  quota: v.optional(v.object({ id, action: v.picklist(['endSurvey', 'continueSurvey']), endingCardId: v.optional(id) })),
})

export const v2ResponseAnswer = quotaFullResponseAnswer

/** v1: the id; `quotaFull` (true) and the quota only when the response met a full quota. */
export const v1ResponseAnswer = v.object({ id, quotaFull: v.optional(v.literal(true)), quota: quotaFullResponseAnswer.entries.quota })

export const displayResponseAnswer = v.object({ responseId: v.nullable(id) })

export const userStateAnswer = v.object({
  userId: v.nullable(v.string()),
  contactId: v.nullable(id),
  segments: v.array(id),
  displays: v.array(v.object({ surveyId: id, createdAt: timestamp })),
  responses: v.array(id),
  lastDisplayAt: nullableTimestamp,
  language: v.optional(v.string()),
})

export const userAnswer = v.object({
  state: v.object({ data: userStateAnswer, expiresAt: timestamp }),
  messages: v.optional(v.array(v.string())),
})

export const attributesAnswer = v.object({
  changed: v.boolean(),
  message: v.string(),
  details: v.optional(v.record(v.string(), v.string())),
})

export const environmentStateAnswer = v.looseObject({
  surveys: v.array(jsonObject),
  actionClasses: v.array(jsonObject),
})

export const presignAnswer = v.object({
  signedUrl: v.string(),
  signingData: v.object({ signature: v.string(), timestamp: v.number(), uuid: v.string() }),
  updatedFileName: v.string(),
  fileUrl: v.string(),
  presignedFields: v.record(v.string(), v.string()),
})

export const uploadAnswer = v.object({ message: v.string() })

export const singleUseIdsAnswer = v.array(v.string())

const percentage = v.nullable(v.number())
const counted = v.object({ count: v.number(), percentage })

export const summaryAnswer = v.object({
  surveyId: id,
  displays: v.number(),
  responses: v.object({ started: v.number(), finished: v.number() }),
  startRate: percentage,
  completionRate: percentage,
  averageTimeToComplete: v.nullable(v.number()),
  medianTimeToComplete: v.nullable(v.number()),
  dropOff: v.object({
    beforeFirstQuestion: v.number(),
    questions: v.array(v.object({ questionId: v.string(), answered: v.number(), droppedAfter: v.number(), dropOffRate: percentage })),
    // Per block along each response's path (docs/api.md, "A survey's summary").
    blocks: v.array(
      v.object({
        blockId: v.string(),
        name: v.string(),
        reached: v.number(),
        answered: v.number(),
        skipped: v.number(),
        leftHere: v.number(),
        dropOffRate: percentage,
      }),
    ),
    notWalked: v.number(),
  }),
  quotas: v.array(v.object({ id, name: v.string(), limit: v.number(), count: v.number(), percentage: v.number() })),
  questions: v.array(
    v.looseObject({
      questionId: v.string(),
      type: v.string(),
      headline: v.string(),
      answered: v.number(),
      skipped: v.number(),
      // Choices carry a `percentage`; a ranking's, their `averagePosition` (1 is first) instead, best first.
      choices: v.optional(
        v.array(
          v.object({
            id: v.string(),
            label: v.string(),
            count: v.number(),
            percentage: v.optional(percentage),
            averagePosition: v.optional(v.nullable(v.number())),
          }),
        ),
      ),
      // The answers naming no choice, once: labelled as the "other" choice, or null when the question has none.
      other: v.optional(
        v.object({
          label: v.nullable(v.string()),
          count: v.number(),
          percentage,
          values: v.array(v.object({ value: v.unknown(), count: v.number() })),
        }),
      ),
      score: v.optional(percentage),
      promoters: v.optional(counted),
      passives: v.optional(counted),
      detractors: v.optional(counted),
      average: v.optional(v.nullable(v.number())),
      distribution: v.optional(v.array(v.object({ rating: v.number(), count: v.number(), percentage }))),
      satisfied: v.optional(counted),
      booked: v.optional(counted),
      clicked: v.optional(v.number()),
      accepted: v.optional(v.number()),
      dismissed: v.optional(v.number()),
      rows: v.optional(v.array(v.object({ row: v.string(), columns: v.array(v.object({ column: v.string(), count: v.number() })) }))),
      // A matrix's cells or a ranking's items naming none of its rows, columns or choices.
      unmatched: v.optional(v.number()),
    }),
  ),
})

/** `/share/{key}/summary.json`: the summary without the ids management routes take (survey, quotas). */
export const sharedSummaryAnswer = v.object({
  ...v.omit(summaryAnswer, ['surveyId', 'quotas']).entries,
  quotas: v.array(v.object({ name: v.string(), limit: v.number(), count: v.number(), percentage: v.number() })),
})

/** A survey's results sharing: the key and the page's absolute URL, or nulls when it is not shared. */
export const shareAnswer = v.object({ resultShareKey: v.nullable(v.string()), url: v.nullable(v.string()) })

/** `POST /management/responses/anonymize`'s answer. */
export const anonymizeAnswer = v.object({
  anonymized: v.number(),
  missing: v.array(v.string()),
})

export const bulkImportAnswer = v.object({
  created: v.number(),
  failed: v.number(),
  results: v.array(
    v.union([
      v.object({ index: v.number(), id }),
      v.object({ index: v.number(), error: v.object({ code: v.string(), message: v.string(), details: jsonObject }) }),
    ]),
  ),
  unlistedErrors: v.number(),
})

/** An entry of the audit log (`GET /management/audit-log`): names and numbers, never the data written. */
export const auditEntryAnswer = v.object({
  id,
  createdAt: timestamp,
  environmentId: id,
  apiKeyId: v.nullable(id),
  apiKeyLabel: v.nullable(v.string()),
  action: v.string(),
  method: v.nullable(v.string()),
  route: v.nullable(v.string()),
  resourceType: v.string(),
  resourceId: v.nullable(v.string()),
  status: v.nullable(v.number()),
  summary: v.object({
    fields: v.optional(v.array(v.string())),
    query: v.optional(v.array(v.string())),
    counts: v.optional(v.record(v.string(), v.number())),
    result: v.optional(v.record(v.string(), v.number())),
  }),
  address: v.nullable(v.string()),
  requestId: v.nullable(v.string()),
})
