import * as v from 'valibot'
import { LIMITS, boundedString, idString, nameString } from './common'
import { environmentIdField } from './stored-text'
import { strictObject } from './strict-object'

/** The events a webhook may list (docs/design.md, "Events and webhooks"). */
export const WEBHOOK_EVENTS = ['responseCreated', 'responseUpdated', 'responseFinished'] as const

/** Surveys one webhook may name: enough for any real filter, bounded so that a create stays cheap. */
export const MAX_WEBHOOK_SURVEY_IDS = 100

const triggerList = v.pipe(
  v.array(v.picklist(WEBHOOK_EVENTS, `Must be one of ${WEBHOOK_EVENTS.join(', ')}`)),
  v.minLength(1, 'Must list at least one trigger'),
  v.maxLength(16, 'Must list at most 16 triggers'),
)

/**
 * `POST /api/v1/webhooks`. The spec names the triggers both `triggers` and `trigger`: either is accepted
 * (`triggers` wins when both are sent), and one of them is required. Unknown keys are dropped.
 */
/** `trigger` as the create takes it: a list, or one event. */
const triggerAlias = v.union(
  [
    triggerList,
    v.pipe(
      v.picklist(WEBHOOK_EVENTS),
      v.transform((event) => [event]),
    ),
  ],
  `Must be a list of ${WEBHOOK_EVENTS.join(', ')}`,
)

const webhookSurveyIds = v.pipe(
  v.array(idString),
  v.maxLength(MAX_WEBHOOK_SURVEY_IDS, `Must list at most ${MAX_WEBHOOK_SURVEY_IDS} surveys`),
)
const webhookUrl = v.pipe(
  v.string(),
  v.minLength(1, 'Must not be empty'),
  v.maxLength(LIMITS.url, `Must be at most ${LIMITS.url} characters`),
)

export const webhookCreateSchema = v.pipe(
  v.object({
    // The key's environment when absent; the route refuses another one (401).
    environmentId: environmentIdField,
    workspaceId: environmentIdField,
    url: webhookUrl,
    triggers: v.optional(triggerList),
    trigger: v.optional(triggerAlias),
    surveyIds: v.optional(webhookSurveyIds),
    name: v.optional(v.nullable(nameString)),
    source: v.optional(boundedString(LIMITS.name, 1)),
  }),
  v.rawCheck(({ dataset, addIssue }) => {
    if (dataset.typed && dataset.value.triggers === undefined && dataset.value.trigger === undefined) {
      addIssue({
        message: 'Required: a non-empty list of triggers',
        path: [{ type: 'object', origin: 'value', input: dataset.value, key: 'triggers', value: undefined }],
      })
    }
  }),
)

export type WebhookCreateInput = v.InferOutput<typeof webhookCreateSchema>

/**
 * `PATCH /api/v1/management/webhooks/{id}`: the create's fields, each optional; a field given replaces the stored one. Strict:
 * a misspelt field is a 400 rather than an edit silently not made. The environment and the secret are not
 * changed here (a new secret is a new webhook).
 */
export const webhookUpdateSchema = strictObject({
  url: v.optional(webhookUrl),
  triggers: v.optional(triggerList),
  trigger: v.optional(triggerAlias),
  surveyIds: v.optional(webhookSurveyIds),
  name: v.optional(v.nullable(nameString)),
  source: v.optional(boundedString(LIMITS.name, 1)),
})

export type WebhookUpdateInput = v.InferOutput<typeof webhookUpdateSchema>
