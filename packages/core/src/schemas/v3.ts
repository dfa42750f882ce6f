import * as v from 'valibot'
import { uniqueField } from './common'
import { customCssSourceSchema } from './custom-css'
import { surveyStylingSchema } from './project-styling'

/**
 * The reference's v3 shapes (its spec `docs/api-v3-reference/openapi.yml`, version 0.2.0), as Canvass reads
 * and answers them (docs/api.md, "The reference's v3"). Top-level fields are strict: a field the route does
 * not take is a 400 naming it, never dropped.
 */

const timestamp = v.pipe(v.string(), v.isoTimestamp())
const looseObject = v.record(v.string(), v.unknown())
const localeCode = v.pipe(
  v.string(),
  v.regex(/^[a-z]{2}(?:-[A-Z][a-z]{3})?-[A-Z]{2}$/, 'Must be a canonical locale code such as en-US, de-DE or zh-Hans-CN'),
)
const surveyStatus = v.picklist(['draft', 'inProgress', 'paused', 'completed'])

const language = v.strictObject({ code: localeCode, default: v.optional(v.boolean()), enabled: v.optional(v.boolean()) })
/** A patch's language: as on create, plus the `alias` GET answers (echoed, never changed). */
const patchLanguage = v.strictObject({ ...language.entries, alias: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(255)))) })
const trigger = v.strictObject({ actionClassId: v.pipe(v.string(), v.minLength(1), v.maxLength(255)) })
const integerOrNull = (min: number) => v.optional(v.nullable(v.pipe(v.number(), v.integer(), v.minValue(min))))

/** `SurveyDistribution`: an app survey's display settings and triggers; omitted fields reset to defaults. */
export const v3DistributionSchema = v.strictObject({
  displayOption: v.optional(v.picklist(['displayOnce', 'displayMultiple', 'respondMultiple', 'displaySome'])),
  displayPercentage: v.optional(v.nullable(v.pipe(v.number(), v.minValue(0.01), v.maxValue(100)))),
  displayLimit: integerOrNull(0),
  recontactDays: integerOrNull(0),
  autoClose: integerOrNull(0),
  autoComplete: integerOrNull(1),
  delay: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
  triggers: v.optional(v.pipe(v.array(trigger), v.maxLength(100))),
})

/**
 * `SurveyTargeting`: the app survey's audience, segment filters (`[]`: everyone). Canvass adds `segmentId`: a
 * saved segment of the workspace the survey targets instead of filters of its own (docs/api.md, "Survey settings
 * in v3").
 */
export const v3TargetingSchema = v.strictObject({
  filters: v.pipe(v.array(v.unknown()), v.maxLength(100)),
  segmentId: v.optional(v.nullable(v.pipe(v.string(), v.minLength(1), v.maxLength(255)))),
})

/**
 * Canvass's survey settings beyond the reference's v3 document, under the names of the reference's survey model
 * (docs/api.md, "Survey settings in v3"); each is checked as the v1 survey routes check it.
 */
const settingsFields = {
  // Any survey's response limit; an app survey's `distribution.autoComplete` is the same setting.
  autoComplete: integerOrNull(1),
  closeOn: v.optional(v.nullable(timestamp)),
  singleUse: v.optional(v.nullable(looseObject)),
  pin: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(255)))),
  isBackButtonHidden: v.optional(v.boolean()),
  // The survey's own look over the workspace's theme (docs/api.md, "Workspace styling"); `null` is none.
  styling: v.optional(v.nullable(surveyStylingSchema)),
  workspaceOverwrites: v.optional(v.nullable(looseObject)),
}

const documentFields = {
  name: v.pipe(v.string(), v.minLength(1, 'Must not be empty'), v.maxLength(255)),
  status: surveyStatus,
  metadata: looseObject,
  // A code listed twice would make the survey's text in it ambiguous (docs/surveys.md#languages).
  languages: v.pipe(
    v.array(language),
    v.maxLength(100),
    uniqueField('code', (code) => `Language ${code} is listed more than once`),
  ),
  welcomeCard: looseObject,
  blocks: v.pipe(v.array(looseObject), v.minLength(1, 'Must list at least one block'), v.maxLength(200)),
  endings: v.pipe(v.array(looseObject), v.maxLength(100)),
  hiddenFields: looseObject,
  variables: v.pipe(v.array(looseObject), v.maxLength(200)),
  distribution: v3DistributionSchema,
  targeting: v3TargetingSchema,
}

/** `CreateSurveyRequest`; blocks, elements and the rest are checked as the v1 survey schema checks them. */
export const v3SurveyCreateSchema = v.strictObject({
  workspaceId: v.pipe(v.string(), v.minLength(1), v.maxLength(255)),
  name: documentFields.name,
  type: v.optional(v.picklist(['link', 'app'])),
  status: v.optional(documentFields.status),
  metadata: v.optional(documentFields.metadata),
  defaultLanguage: v.optional(localeCode),
  languages: v.optional(documentFields.languages),
  welcomeCard: v.optional(documentFields.welcomeCard),
  blocks: documentFields.blocks,
  endings: v.optional(documentFields.endings),
  hiddenFields: v.optional(documentFields.hiddenFields),
  variables: v.optional(documentFields.variables),
  distribution: v.optional(documentFields.distribution),
  targeting: v.optional(documentFields.targeting),
  // The survey's own CSS (docs/api.md, "Survey custom CSS in v3"); `null` is none.
  customCss: v.optional(v.nullable(customCssSourceSchema)),
  ...settingsFields,
  // Whether respondents get a language switcher (the reference's survey field); `null` is not set.
  showLanguageSwitch: v.optional(v.nullable(v.boolean())),
})

/**
 * `POST /api/v3/surveys/preview`: a create document whose `workspaceId` may be left out (the key's), with the
 * `id` the preview survey is to carry (an editor's survey being edited), else a fixed one.
 */
export const v3SurveyPreviewSchema = v.strictObject({
  ...v3SurveyCreateSchema.entries,
  workspaceId: v.optional(v3SurveyCreateSchema.entries.workspaceId),
  id: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(255))),
})

/** The preview's answer: what a renderer takes (`renderSurvey`'s `environmentId`, `survey` and `project`). */
export const v3SurveyPreviewAnswer = v.object({
  data: v.object({ environmentId: v.string(), survey: looseObject, project: looseObject }),
})

/** `PatchSurveyRequest`: top-level fields replace the stored ones; at least one. */
export const v3SurveyPatchSchema = v.pipe(
  v.strictObject({
    name: v.optional(documentFields.name),
    status: v.optional(documentFields.status),
    metadata: v.optional(documentFields.metadata),
    languages: v.optional(
      v.pipe(
        v.array(patchLanguage),
        v.maxLength(100),
        uniqueField('code', (code) => `Language ${code} is listed more than once`),
      ),
    ),
    welcomeCard: v.optional(documentFields.welcomeCard),
    blocks: v.optional(documentFields.blocks),
    endings: v.optional(documentFields.endings),
    hiddenFields: v.optional(documentFields.hiddenFields),
    variables: v.optional(documentFields.variables),
    distribution: v.optional(documentFields.distribution),
    targeting: v.optional(documentFields.targeting),
    customCss: v.optional(v.nullable(customCssSourceSchema)),
    ...settingsFields,
    showLanguageSwitch: v.optional(v.nullable(v.boolean())),
    // Echoes of what GET answers, so that a fetched survey can be sent back; a changed value is a 422
    // (`read_only_field`). `updatedAt` is a precondition: another is a 409.
    id: v.optional(v.pipe(v.string(), v.maxLength(255))),
    workspaceId: v.optional(v.pipe(v.string(), v.maxLength(255))),
    // The one echo a patch may change (Canvass's; the reference's is read-only): a link survey made an app one or back.
    type: v.optional(v.picklist(['link', 'app', 'website'])),
    defaultLanguage: v.optional(v.pipe(v.string(), v.maxLength(255))),
    createdAt: v.optional(timestamp),
    updatedAt: v.optional(timestamp),
    archivedAt: v.optional(v.nullable(timestamp)),
    visibility: v.optional(v.unknown()),
    owner: v.optional(v.unknown()),
    access: v.optional(v.unknown()),
  }),
  v.check((patch) => Object.keys(patch).length > 0, 'Must change at least one field'),
)

const surveyType = v.picklist(['link', 'app', 'website'])
const answerStatus = v.picklist(['draft', 'scheduled', 'inProgress', 'paused', 'completed'])

/** `SurveyVisibilityFields`: what every list item and resource says about who sees the survey. */
const visibilityFields = {
  visibility: v.picklist(['restricted', 'workspace']),
  owner: v.nullable(v.object({ name: v.string() })),
  access: v.object({ via: v.string(), canManageVisibility: v.boolean() }),
}

/** `SurveyResource`, as `v3SurveyOutput` writes it. */
export const v3SurveyAnswer = v.object({
  id: v.string(),
  workspaceId: v.string(),
  createdAt: timestamp,
  updatedAt: timestamp,
  archivedAt: v.nullable(timestamp),
  name: v.string(),
  type: surveyType,
  status: answerStatus,
  metadata: looseObject,
  defaultLanguage: v.string(),
  languages: v.array(v.object({ code: v.string(), alias: v.nullable(v.string()), default: v.boolean(), enabled: v.boolean() })),
  welcomeCard: v.unknown(),
  blocks: v.array(v.unknown()),
  endings: v.array(v.unknown()),
  hiddenFields: v.unknown(),
  variables: v.array(v.unknown()),
  distribution: v.optional(
    v.object({
      displayOption: v.string(),
      displayPercentage: v.nullable(v.number()),
      displayLimit: v.nullable(v.number()),
      recontactDays: v.nullable(v.number()),
      autoClose: v.nullable(v.number()),
      autoComplete: v.nullable(v.number()),
      delay: v.number(),
      triggers: v.array(v.object({ actionClassId: v.string() })),
    }),
  ),
  targeting: v.optional(v.object({ filters: v.array(v.unknown()), segmentId: v.optional(v.string()) })),
  customCss: v.nullable(v.object({ light: v.nullable(v.string()), dark: v.nullable(v.string()) })),
  autoComplete: v.nullable(v.number()),
  closeOn: v.nullable(timestamp),
  singleUse: v.nullable(looseObject),
  pin: v.nullable(v.string()),
  isBackButtonHidden: v.boolean(),
  styling: v.nullable(v.record(v.string(), v.unknown())),
  workspaceOverwrites: v.nullable(looseObject),
  showLanguageSwitch: v.nullable(v.boolean()),
  ...visibilityFields,
})

/** `SurveyListItem`. */
export const v3SurveyListItemAnswer = v.object({
  id: v.string(),
  name: v.string(),
  workspaceId: v.string(),
  type: surveyType,
  status: answerStatus,
  publishOn: v.nullable(timestamp),
  createdAt: timestamp,
  updatedAt: timestamp,
  archivedAt: v.nullable(timestamp),
  responseCount: v.number(),
  completedResponseCount: v.number(),
  creator: v.nullable(v.object({ name: v.string() })),
  ...visibilityFields,
})

const nextCursor = v.nullable(v.string())

/** A v3 page: the rows, and `meta` with the next page's cursor (`null` on the last page). */
export const v3PageOf = <TSchema extends v.GenericSchema>(schema: TSchema) =>
  v.object({ data: v.array(schema), meta: v.object({ limit: v.number(), nextCursor }) })

/** The survey list's page: `meta` also counts the matches and every survey of the workspace (archived ones too). */
export const v3SurveyPageAnswer = v.object({
  data: v.array(v3SurveyListItemAnswer),
  meta: v.object({
    limit: v.number(),
    nextCursor,
    totalCount: v.nullable(v.number()),
    workspaceSurveyCount: v.nullable(v.number()),
  }),
})

/** The archive and restore acknowledgement. */
export const v3LifecycleAnswer = v.object({
  data: v.object({ id: v.string(), status: answerStatus, archivedAt: v.nullable(timestamp) }),
})

/** `ActionClassResource`. */
export const v3ActionClassAnswer = v.object({
  id: v.string(),
  name: v.string(),
  description: v.nullable(v.string()),
  type: v.picklist(['code', 'noCode']),
  key: v.nullable(v.string()),
})

/** `ContactAttributeKeyResource`. */
export const v3ContactAttributeKeyAnswer = v.object({
  id: v.string(),
  key: v.string(),
  name: v.nullable(v.string()),
  description: v.nullable(v.string()),
  type: v.picklist(['default', 'custom']),
  dataType: v.picklist(['string', 'number', 'date']),
})

/** `TagResource`. */
export const v3TagAnswer = v.object({
  id: v.string(),
  name: v.string(),
  workspaceId: v.string(),
  createdAt: timestamp,
  updatedAt: timestamp,
  count: v.number(),
})

const tagName = v.pipe(v.string(), v.trim(), v.minLength(1, 'Must not be empty'), v.maxLength(255, 'Must be at most 255 characters'))

export const v3TagRenameSchema = v.strictObject({ name: tagName })

/** `POST /api/v3/tags`: the workspace (as the list's `workspaceId`) and the new tag's name. */
export const v3TagCreateSchema = v.strictObject({ workspaceId: v.pipe(v.string(), v.minLength(1), v.maxLength(255)), name: tagName })

export const v3TagMergeSchema = v.strictObject({ newTagId: v.pipe(v.string(), v.minLength(1), v.maxLength(255)) })

const blockId = v.pipe(v.string(), v.minLength(1, 'Must not be empty'), v.maxLength(128, 'Must be at most 128 characters'))
const expectedUpdatedAt = v.optional(v.pipe(v.string(), v.isoTimestamp('Must be a date-time such as 2026-04-21T10:00:00.000Z')))

/** `EditSurveyBlocksRequest`: block operations applied in order, all or none. */
export const v3BlockEditSchema = v.strictObject({
  ops: v.pipe(
    v.array(
      v.variant('op', [
        v.strictObject({ op: v.literal('update'), id: blockId, block: looseObject }),
        v.strictObject({
          op: v.literal('insert'),
          block: looseObject,
          position: v.variant('type', [
            v.strictObject({ type: v.literal('start') }),
            v.strictObject({ type: v.literal('end') }),
            v.strictObject({ type: v.literal('after'), blockId }),
          ]),
        }),
        v.strictObject({ op: v.literal('remove'), id: blockId }),
      ]),
    ),
    v.minLength(1, 'Must list at least one operation'),
    v.maxLength(100, 'Must list at most 100 operations'),
  ),
  expectedUpdatedAt,
})

/** `SetSurveyBlockOrderRequest`: every block id once, in the order wanted (ids are trimmed). */
export const v3BlockOrderSchema = v.strictObject({
  order: v.pipe(
    v.array(v.pipe(v.string(), v.trim(), blockId)),
    v.minLength(1, 'Must list at least one block'),
    v.maxLength(1000, 'Must list at most 1000 blocks'),
  ),
  expectedUpdatedAt,
})

/** `SurveyVisibilityChangeRequest`. */
export const v3VisibilityChangeSchema = v.strictObject({
  visibility: v.picklist(['restricted', 'workspace'], 'Must be restricted or workspace'),
})
