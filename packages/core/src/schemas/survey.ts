import * as v from 'valibot'
import { FORBIDDEN_QUESTION_IDS } from '../survey-ids'
import type { ElementType } from '../element-types'
import {
  LIMITS,
  boundedArray,
  boundedString,
  httpUrl,
  idString,
  isoDateTimeString,
  localizedText,
  nameString,
  safeInteger,
  INT4_MAX,
  UNSTORABLE_IDS,
  isPlainObject,
  uniqueIds,
  urlishString,
} from './common'
import { environmentIdField } from './stored-text'
import { strictObject, unknownFieldMessage } from './strict-object'
import { surveyBlocksSchema } from './survey-block'
import { notStoredSurveyEntries, withoutNotStoredFields } from './survey-ignored-fields'
import { surveyLanguagesSchema } from './survey-language'
import { surveyVariablesSchema } from './survey-variable'

export { FORBIDDEN_QUESTION_IDS } from '../survey-ids'

const forbiddenIds: ReadonlySet<string> = new Set(FORBIDDEN_QUESTION_IDS)

/** Question and hidden field ids end up as response data keys and URL parameters. */
const fieldId = v.pipe(
  v.string(),
  v.minLength(1, 'Id must not be empty'),
  v.maxLength(LIMITS.id, `Id must be at most ${LIMITS.id} characters`),
  v.regex(/^[a-zA-Z0-9_-]+$/, 'Id may only contain letters, digits, hyphens and underscores'),
  v.check((id) => !forbiddenIds.has(id), 'Id is reserved'),
  v.check((id) => !UNSTORABLE_IDS.has(id), 'Id is reserved: answers cannot be stored under it'),
)

/** Ending ids are referenced by responses (`endingId`) but never used as data keys, so no reserved list. */
const endingId = v.pipe(idString, v.regex(/^[a-zA-Z0-9_-]+$/, 'Id may only contain letters, digits, hyphens and underscores'))

const optionalText = v.optional(localizedText)
const shuffleOption = v.picklist(['none', 'all', 'exceptLast', 'reverseOrderOccasionally', 'reverseOrderExceptLast'])
/** Loose on purpose: logic rules changed shape across reference versions and only clients interpret them. */
const logicRules = v.pipe(boundedArray(v.looseObject({}), LIMITS.logicRules, `Must have at most ${LIMITS.logicRules} logic rules`))

const choice = strictObject({ id: idString, label: localizedText })
const pictureChoice = strictObject({ id: idString, imageUrl: urlishString })

const choiceList = (min: number) =>
  v.pipe(
    boundedArray(choice, LIMITS.choices, `Must have at most ${LIMITS.choices} choices`),
    v.minLength(min, `Must have at least ${min} choice${min === 1 ? '' : 's'}`),
    uniqueIds('Choice ids must be unique within a question'),
  )

/** Entries every question type has (the reference's question base). */
const questionBase = {
  id: fieldId,
  headline: localizedText,
  subheader: optionalText,
  // Formbricks' editor always sends it; callers writing surveys by hand expect "required" as the default.
  required: v.optional(v.boolean(), true),
  buttonLabel: optionalText,
  backButtonLabel: optionalText,
  imageUrl: v.optional(urlishString),
  videoUrl: v.optional(urlishString),
  logic: v.optional(logicRules),
  // May point at a question or an ending, so only the shared id syntax applies.
  logicFallback: v.optional(endingId),
  isDraft: v.optional(v.boolean()),
  // The reference's question and element base lets every type carry a scale and a range; only rating, CSAT
  // and CES use them (their own entries below replace these), the rest keep them as sent (docs/surveys.md).
  scale: v.optional(v.picklist(['number', 'smiley', 'star'])),
  range: v.optional(v.picklist([3, 4, 5, 7, 10])),
  // The reference's element validation rules: stored and answered as sent (rules as loose objects, bounded);
  // the v3 response writes check answers against them (domain/element-validation.ts), the renderer checks
  // answers by the type's own fields only (docs/surveys.md).
  validation: v.optional(
    strictObject({
      rules: boundedArray(v.looseObject({}), LIMITS.logicRules, `Must have at most ${LIMITS.logicRules} rules`),
      logic: v.optional(v.picklist(['and', 'or']), 'and'),
    }),
  ),
} as const

const charLimit = v.pipe(
  strictObject({
    enabled: v.optional(v.boolean()),
    min: v.optional(safeInteger(0)),
    max: v.optional(safeInteger(0)),
  }),
  v.check(
    (limit) => limit.min === undefined || limit.max === undefined || limit.min <= limit.max,
    'Minimum must not be greater than maximum',
  ),
)

const openTextQuestion = strictObject({
  ...questionBase,
  type: v.literal('openText'),
  placeholder: optionalText,
  inputType: v.optional(v.picklist(['text', 'email', 'url', 'number', 'phone']), 'text'),
  longAnswer: v.optional(v.boolean()),
  insightsEnabled: v.optional(v.boolean()),
  // The reference fills this default when it parses a survey, so its stored questions always carry it.
  charLimit: v.optional(charLimit, () => ({ enabled: false })),
})

const multipleChoiceEntries = {
  ...questionBase,
  choices: choiceList(1),
  shuffleOption: v.optional(shuffleOption, 'none'),
  otherOptionPlaceholder: optionalText,
  // Stored and answered; the renderer shows the choices as a list either way (docs/surveys.md).
  displayType: v.optional(v.picklist(['list', 'dropdown'])),
} as const

const multipleChoiceSingleQuestion = strictObject({
  ...multipleChoiceEntries,
  type: v.literal('multipleChoiceSingle'),
})

const multipleChoiceMultiQuestion = strictObject({
  ...multipleChoiceEntries,
  type: v.literal('multipleChoiceMulti'),
})

const npsQuestion = strictObject({
  ...questionBase,
  type: v.literal('nps'),
  lowerLabel: optionalText,
  upperLabel: optionalText,
  isColorCodingEnabled: v.optional(v.boolean(), false),
})

/** What rating, CSAT and CES questions share: a row of points from 1 to `range`, as numbers, stars or faces. */
const scaleEntries = {
  ...questionBase,
  scale: v.picklist(['number', 'smiley', 'star']),
  lowerLabel: optionalText,
  upperLabel: optionalText,
  isColorCodingEnabled: v.optional(v.boolean(), false),
} as const

const ratingQuestion = strictObject({
  ...scaleEntries,
  type: v.literal('rating'),
  range: v.picklist([3, 4, 5, 6, 7, 10]),
})

/** Customer satisfaction: always five points (4 and 5 count as satisfied in the summary). */
const csatQuestion = strictObject({
  ...scaleEntries,
  type: v.literal('csat'),
  // The reference requires `range: 5`; its only value is filled in when a hand-written survey leaves it out.
  range: v.optional(v.literal(5), 5),
})

/** Customer effort: five or seven points. */
const cesQuestion = strictObject({
  ...scaleEntries,
  type: v.literal('ces'),
  range: v.picklist([5, 7]),
})

const ctaQuestion = strictObject({
  ...questionBase,
  type: v.literal('cta'),
  html: optionalText,
  buttonUrl: v.optional(urlishString),
  buttonExternal: v.optional(v.boolean(), false),
  // The reference's elements name the CTA's own button so; `buttonLabel` is the page's next button.
  ctaButtonLabel: optionalText,
  dismissButtonLabel: optionalText,
})

const consentQuestion = strictObject({
  ...questionBase,
  type: v.literal('consent'),
  // Newer reference versions dropped `html` from consent questions; older clients still send it.
  html: optionalText,
  label: localizedText,
})

const dateQuestion = strictObject({
  ...questionBase,
  type: v.literal('date'),
  html: optionalText,
  format: v.picklist(['M-d-y', 'd-M-y', 'y-M-d']),
})

const fileUploadQuestion = strictObject({
  ...questionBase,
  type: v.literal('fileUpload'),
  allowMultipleFiles: v.boolean(),
  maxSizeInMB: v.optional(v.pipe(v.number(), v.finite(), v.minValue(0), v.maxValue(INT4_MAX))),
  allowedFileExtensions: v.optional(
    v.pipe(boundedArray(boundedString(32, 1), LIMITS.listItems, `Must have at most ${LIMITS.listItems} extensions`)),
  ),
})

/**
 * Matrix labels were plain localized texts; newer reference versions give each row and column an id. A union
 * names no field of its own: a label object (one with `label`) with a field it does not know names that field.
 */
const MATRIX_LABEL_FIELDS = ['id', 'label']
const matrixLabel = v.union([strictObject({ id: idString, label: localizedText }), localizedText], (issue) => {
  const input = issue.input
  const unknown =
    isPlainObject(input) && 'label' in input ? Object.keys(input).find((key) => !MATRIX_LABEL_FIELDS.includes(key)) : undefined
  return unknown === undefined ? issue.message : `${JSON.stringify(unknown)}: ${unknownFieldMessage(unknown, MATRIX_LABEL_FIELDS)}`
})
const matrixLabels = v.pipe(
  boundedArray(matrixLabel, LIMITS.choices, `Must have at most ${LIMITS.choices} entries`),
  v.minLength(1, 'Must have at least 1 entry'),
)

const matrixQuestion = strictObject({
  ...questionBase,
  type: v.literal('matrix'),
  rows: matrixLabels,
  columns: matrixLabels,
  shuffleOption: v.optional(shuffleOption, 'none'),
})

const rankingQuestion = strictObject({
  ...questionBase,
  type: v.literal('ranking'),
  choices: choiceList(2),
  otherOptionPlaceholder: optionalText,
  shuffleOption: v.optional(shuffleOption),
})

/**
 * One input of an address or contact info question. Optional per input because reference versions before
 * these objects existed sent questions without them.
 */
const toggleInput = v.optional(strictObject({ show: v.boolean(), required: v.boolean(), placeholder: localizedText }))

const addressQuestion = strictObject({
  ...questionBase,
  type: v.literal('address'),
  addressLine1: toggleInput,
  addressLine2: toggleInput,
  city: toggleInput,
  state: toggleInput,
  zip: toggleInput,
  country: toggleInput,
})

const contactInfoQuestion = strictObject({
  ...questionBase,
  type: v.literal('contactInfo'),
  firstName: toggleInput,
  lastName: toggleInput,
  email: toggleInput,
  phone: toggleInput,
  company: toggleInput,
})

const pictureSelectionQuestion = strictObject({
  ...questionBase,
  type: v.literal('pictureSelection'),
  allowMulti: v.optional(v.boolean(), false),
  choices: v.pipe(
    boundedArray(pictureChoice, LIMITS.choices, `Must have at most ${LIMITS.choices} choices`),
    v.minLength(2, 'Must have at least 2 choices'),
    uniqueIds('Choice ids must be unique within a question'),
  ),
})

/**
 * A Cal.com host: a host name (letters, digits, hyphens; dot-separated labels of at most 63) with an
 * optional port, never a URL: no scheme, path, query, credentials or spaces. Renderers open
 * `https://{calHost}/{calUserName}` (cal.com when there is no host).
 */
const CAL_HOST =
  /^(?=[^:]{1,253}(?::|$))[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*(?::[1-9][0-9]{0,4})?$/i
/** A Cal.com user name or `user/event` path: no spaces, no query or fragment, no empty, `.` or `..` segment. */
const CAL_USER = /^(?:[^\s/?#\\%]+)(?:\/[^\s/?#\\%]+)*$/

/** Whether a text of the right length is what `test` asks (an empty or too long text has its own message). */
const sizedAnd = (test: (text: string) => boolean) => (text: string) => text.length === 0 || text.length > LIMITS.name || test(text)

const calQuestion = strictObject({
  ...questionBase,
  type: v.literal('cal'),
  calUserName: v.pipe(
    nameString,
    v.check(
      sizedAnd((name) => CAL_USER.test(name) && name.split('/').every((segment) => segment !== '.' && segment !== '..')),
      'Must be a Cal.com user name or user/event path, without spaces, query, fragment or . and .. segments',
    ),
  ),
  calHost: v.optional(
    v.pipe(
      boundedString(LIMITS.name, 1),
      v.check(
        sizedAnd((host) => CAL_HOST.test(host) && Number(host.split(':')[1] ?? '1') <= 65_535),
        'Must be a host name such as cal.com or cal.example.org (with an optional port up to 65535), not a URL',
      ),
    ),
  ),
})

const QUESTION_OPTIONS = [
  openTextQuestion,
  multipleChoiceSingleQuestion,
  multipleChoiceMultiQuestion,
  npsQuestion,
  ratingQuestion,
  ctaQuestion,
  consentQuestion,
  dateQuestion,
  fileUploadQuestion,
  matrixQuestion,
  rankingQuestion,
  addressQuestion,
  contactInfoQuestion,
  pictureSelectionQuestion,
  calQuestion,
  csatQuestion,
  cesQuestion,
] as const

/**
 * Compiles only when the schema's types are exactly the registry's (`element-types.ts`): a type added to
 * one and not the other is a type error here.
 */
const sameAsRegistry = <T extends ElementType>(types: T[] & (ElementType extends T ? unknown : never)): ElementType[] => types

/** Every question (element) type, in the order the schema lists them. */
export const QUESTION_TYPES = sameAsRegistry(QUESTION_OPTIONS.map((option) => option.entries.type.literal))

/** Messages are cut at 200 characters, so the list of types is said without the value received. */
export const surveyQuestionSchema = v.variant('type', QUESTION_OPTIONS, (issue) =>
  issue.path === undefined ? issue.message : `Must be a question type: ${QUESTION_TYPES.join(', ')}`,
)

export const surveyEndingSchema = v.variant('type', [
  strictObject({
    id: endingId,
    type: v.literal('endScreen'),
    headline: optionalText,
    subheader: optionalText,
    buttonLabel: optionalText,
    buttonLink: v.optional(httpUrl),
    imageUrl: v.optional(urlishString),
    videoUrl: v.optional(urlishString),
  }),
  strictObject({
    id: endingId,
    type: v.literal('redirectToUrl'),
    // Optional as in the reference: its editor saves a redirect ending before the URL is filled in.
    url: v.optional(httpUrl),
    label: v.optional(boundedString(LIMITS.name)),
  }),
])

const welcomeCard = strictObject({
  enabled: v.boolean(),
  headline: optionalText,
  subheader: optionalText,
  html: optionalText,
  fileUrl: v.optional(urlishString),
  buttonLabel: optionalText,
  showResponseCount: v.optional(v.boolean()),
  timeToFinish: v.optional(v.boolean()),
  videoUrl: v.optional(urlishString),
})

const hiddenFields = strictObject({
  enabled: v.boolean(),
  fieldIds: v.optional(v.pipe(boundedArray(fieldId, LIMITS.listItems, `Must have at most ${LIMITS.listItems} hidden fields`))),
})

const singleUse = strictObject({
  enabled: v.boolean(),
  isEncrypted: v.boolean(),
  heading: v.optional(boundedString(LIMITS.text)),
  subheading: v.optional(boundedString(LIMITS.text)),
})

/** Styling-like objects are only rendered by clients and vary across reference versions: kept as sent. */
const looseSettings = v.looseObject({})

const surveyClosedMessage = v.looseObject({
  enabled: v.optional(v.boolean()),
  heading: v.optional(boundedString(LIMITS.text)),
  subheading: v.optional(boundedString(LIMITS.text)),
})

const boundedList = <TItem extends v.GenericSchema>(item: TItem, max: number) => boundedArray(item, max)

/** Whole numbers stored in Postgres `integer` columns. */
const int = (min: number, max?: number) => safeInteger(min, max)

/** Nullable field whose default is null, so the output always has the key. */
const nullDefault = <TSchema extends v.GenericSchema>(schema: TSchema) => v.optional(v.nullable(schema), null)

/** The longest retention of responses a survey or an environment may set: a hundred years, in days. */
export const MAX_RETENTION_DAYS = 36_500

/**
 * Top-level survey fields. The create schema uses them as they are (defaults fill every omitted optional
 * field); the update schema wraps each in a default-less optional so omitted fields stay omitted.
 */
const surveyEntries = {
  // The key's environment when absent; the route refuses another one.
  environmentId: environmentIdField,
  // The reference's current name for the project: the key's environment's project (or the environment's id).
  workspaceId: environmentIdField,
  name: nameString,
  // Either structure, or both when they agree (domain/survey-structure); at least one element in all.
  // The count is checked before any question is validated (`boundedArray`).
  questions: v.optional(
    v.pipe(
      boundedArray(surveyQuestionSchema, LIMITS.questions, `Survey must have at most ${LIMITS.questions} questions`),
      uniqueIds('Question ids must be unique'),
    ),
  ),
  blocks: v.optional(surveyBlocksSchema(surveyQuestionSchema, logicRules)),
  type: v.optional(v.picklist(['link', 'app', 'website']), 'link'),
  status: v.optional(v.picklist(['draft', 'scheduled', 'inProgress', 'paused', 'completed']), 'draft'),
  displayOption: v.optional(v.picklist(['displayOnce', 'displayMultiple', 'displaySome', 'respondMultiple']), 'displayOnce'),
  delay: v.optional(int(0), 0),
  isVerifyEmailEnabled: v.optional(v.boolean(), false),
  isBackButtonHidden: v.optional(v.boolean(), false),
  isAutoProgressingEnabled: v.optional(v.boolean(), false),
  hiddenFields: v.optional(hiddenFields, () => ({ enabled: true, fieldIds: [] })),
  singleUse: v.optional(v.nullable(singleUse), () => ({ enabled: false, isEncrypted: false })),
  welcomeCard: v.optional(welcomeCard, () => ({ enabled: false })),
  languages: v.optional(surveyLanguagesSchema, () => []),
  // Action class ids, names or code keys, or `{ actionClass }` objects; the routes resolve them
  // (domain/survey-triggers).
  triggers: v.optional(boundedList(v.union([idString, v.looseObject({})]), 100), () => []),
  endings: v.optional(
    v.pipe(
      boundedArray(surveyEndingSchema, LIMITS.endings, `Survey must have at most ${LIMITS.endings} endings`),
      uniqueIds('Ending ids must be unique'),
    ),
    () => [],
  ),
  variables: v.optional(surveyVariablesSchema, () => []),
  createdBy: nullDefault(idString),
  autoClose: nullDefault(int(0)),
  autoComplete: nullDefault(int(1)),
  closeOnDate: nullDefault(isoDateTimeString),
  runOnDate: nullDefault(isoDateTimeString),
  // The reference's current names of `runOnDate` and `closeOnDate` (domain/survey-service: oneDateName).
  publishOn: v.optional(v.nullable(isoDateTimeString)),
  closeOn: v.optional(v.nullable(isoDateTimeString)),
  displayLimit: nullDefault(int(1)),
  displayPercentage: nullDefault(v.pipe(v.number(), v.finite(), v.minValue(0.01), v.maxValue(100))),
  recontactDays: nullDefault(int(0, 365)),
  pin: nullDefault(v.pipe(v.string(), v.regex(/^\d{4}$/, 'PIN must be a four digit number'))),
  redirectUrl: nullDefault(httpUrl),
  resultShareKey: nullDefault(idString),
  showLanguageSwitch: nullDefault(v.boolean()),
  styling: nullDefault(looseSettings),
  surveyClosedMessage: nullDefault(surveyClosedMessage),
  productOverwrites: nullDefault(looseSettings),
  // The same field under the reference's current name and the one before it (domain/survey-overwrites).
  workspaceOverwrites: v.optional(v.nullable(looseSettings)),
  projectOverwrites: v.optional(v.nullable(looseSettings)),
  // A segment of the survey's environment; the route checks that it is one.
  segmentId: nullDefault(idString),
  // A Canvass field: days its responses are kept; null follows the environment's default (docs/data-rights.md).
  responseRetentionDays: nullDefault(int(1, MAX_RETENTION_DAYS)),
  // Taken and not stored: the server's own fields of a survey sent back, the survey's segment (read apart)
  // and the reference's fields Canvass does not use (schemas/survey-ignored-fields).
  ...notStoredSurveyEntries,
} as const

const surveyObject = strictObject(surveyEntries)

/**
 * Body of `POST /api/v1/management/surveys`, and the merged survey of a PUT. A key no entry names is a 400
 * at its path, here and in every object of the survey (`strictObject`; docs/surveys.md#strict-documents). A
 * survey has elements in `questions` or `blocks`: checked as soon as both are valid, so that a body without
 * either is refused with every other failing field too.
 */
export const surveyCreateSchema = v.pipe(
  surveyObject,
  v.forward(
    v.partialCheck(
      [['questions'], ['blocks']],
      (input) => (input.questions?.length ?? 0) > 0 || (input.blocks?.length ?? 0) > 0,
      'Survey must have at least one question (or a block with one element)',
    ),
    ['questions'],
  ),
  v.transform(withoutNotStoredFields),
)

/** Pre-check of a PUT body: the same fields, none required, none defaulted. */
export const surveyUpdateSchema = v.pipe(v.partial(surveyObject), v.transform(withoutNotStoredFields))

export type SurveyCreateInput = v.InferOutput<typeof surveyCreateSchema>
export type SurveyUpdateInput = v.InferOutput<typeof surveyUpdateSchema>
export type SurveyQuestion = v.InferOutput<typeof surveyQuestionSchema>
export type SurveyEnding = v.InferOutput<typeof surveyEndingSchema>
export type { SurveyBlock } from '../domain/survey-structure'
