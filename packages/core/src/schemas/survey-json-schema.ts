import { toJsonSchema } from '@valibot/to-json-schema'
import { localizedText } from './common'
import { surveyCreateSchema, surveyEndingSchema, surveyQuestionSchema } from './survey'
import { IGNORED_SURVEY_FIELDS } from './survey-ignored-fields'

/** Where the server serves the survey body's JSON Schema (`docs/surveys.md#editor-completion`). */
export const SURVEY_JSON_SCHEMA_PATH = '/api/v1/schemas/survey.json'

/**
 * The JSON Schema (2020-12) of the body `POST /api/v1/management/surveys` takes, converted from the valibot
 * schema the route validates with, so that the two cannot drift; `id` is the schema's `$id` (the URL it is
 * served at). Checks JSON Schema cannot say (unique ids, reserved ids, counts the schema checks before it
 * validates items) are left out: the schema accepts a little more than the route, never less. Where the route
 * refuses a field it does not know, the schema says `additionalProperties: false` (converted from
 * `strictObject`). Editors point a survey file at it with `"$schema"` for completion and checks as you type.
 */
export function surveyJsonSchema(id: string): Record<string, unknown> {
  return { $schema: DIALECT, $id: id, ...body() }
}

const DIALECT = 'https://json-schema.org/draft/2020-12/schema'

let converted: Record<string, unknown> | undefined

/** The conversion, once: every field but `$schema` and `$id`. */
function body(): Record<string, unknown> {
  if (converted) return converted
  const schema = toJsonSchema(surveyCreateSchema, {
    target: 'draft-2020-12',
    errorMode: 'ignore',
    // `input` stops a pipeline at its first schema, and the bounded lists and texts start with a cheap type
    // check (`v.custom`) before the schema that says what they hold; `ignore` converts the whole pipeline.
    typeMode: 'ignore',
    definitions: { Question: surveyQuestionSchema, Ending: surveyEndingSchema, LocalizedText: localizedText },
  }) as Record<string, unknown> & { properties: Record<string, Record<string, unknown>>; $defs: Record<string, Record<string, unknown>> }
  const { $schema: _dialect, ...rest } = schema
  for (const [name, description] of Object.entries(FIELD_DESCRIPTIONS)) {
    const property = schema.properties[name]
    if (property) property.description = description
  }
  for (const [name, reason] of Object.entries(IGNORED_SURVEY_FIELDS)) {
    const property = schema.properties[name]
    if (property) property.description = `Accepted and not stored: ${reason}`
  }
  const questions = schema.$defs.Question as { oneOf?: Record<string, unknown>[] }
  for (const option of questions.oneOf ?? []) {
    const type = (option.properties as Record<string, { const?: string }> | undefined)?.type?.const
    if (type) option.title = `${type} question`
  }
  schema.$defs.Question!.description = 'One question (an element of a block); `type` says which, and which fields it takes'
  schema.$defs.Ending!.description = 'What a respondent sees (or where they go) after the last question'
  schema.$defs.LocalizedText!.description = 'A text by language: `default` holds the default language, other keys are language codes'
  converted = {
    title: 'Canvass survey',
    description:
      'The body of POST /api/v1/management/surveys (and, every field optional, of PUT /api/v1/management/surveys/{surveyId}). ' +
      'A survey needs `name` and its questions, in `questions` or in `blocks` (pages of elements).',
    ...rest,
    // `questions` or `blocks` with at least one element (the route checks this after the fields).
    anyOf: [
      { required: ['questions'], properties: { questions: { type: 'array', minItems: 1 } } },
      { required: ['blocks'], properties: { blocks: { type: 'array', minItems: 1 } } },
    ],
  }
  return converted
}

/** What each top-level field is for; a test checks that every one names a field of the schema. */
export const FIELD_DESCRIPTIONS: Readonly<Record<string, string>> = {
  environmentId: "The environment the survey belongs to; the API key's when left out",
  workspaceId: "The reference's name for the project; when given, it must be the API key's",
  name: 'The name the survey is listed under (respondents do not see it)',
  questions: 'The questions, one per page (give `questions` or `blocks`, or both when they agree)',
  blocks: 'Pages of one or more questions (elements), with the logic that leads from one page to the next',
  type: '`link` (a page of its own at /s/{surveyId}), `app` or `website` (shown by the widget)',
  status: '`draft` until it is published; `inProgress` accepts answers; `scheduled` starts at `runOnDate`',
  displayOption: 'How often the widget shows the survey to one person',
  delay: 'Seconds the widget waits before it shows the survey',
  hiddenFields: 'Values a link or the widget passes along with each response (their ids)',
  singleUse: 'Link surveys answered once per personal link (`?suid=`)',
  welcomeCard: 'A card shown before the first question',
  languages: 'The languages the survey is written in, besides `default`',
  triggers: 'Action classes (ids, names or keys) that show an app or website survey',
  endings: 'What respondents see (or where they go) after the last question',
  variables: 'Numbers and texts the logic computes while a survey is answered',
  autoClose: 'Seconds without interaction after which the widget closes the survey',
  autoComplete: 'Finished responses after which the survey is completed',
  closeOnDate: 'When the survey is completed (ISO 8601)',
  runOnDate: 'When a scheduled survey starts (ISO 8601)',
  displayLimit: 'How many times the widget shows the survey to one person (`displaySome`)',
  displayPercentage: 'The share of people (0.01 to 100) the widget shows the survey to',
  recontactDays: 'Days before the widget shows this person another survey',
  pin: 'A four digit PIN respondents enter to open the link survey',
  redirectUrl: 'Where respondents go after they finish',
  resultShareKey: 'Set by POST /api/v1/management/surveys/{surveyId}/share only; leave it out',
  styling: "The survey's own styling (colours, card), over the project's",
  surveyClosedMessage: 'What the link page says once the survey is closed',
  segmentId: 'A segment of the environment the widget shows the survey to',
  responseRetentionDays: "Days its responses are kept (null follows the environment's default)",
  $schema: 'The JSON Schema this file follows (this one), for editors; not stored',
  id: 'Set by the server: accepted (a survey read from the API may be sent back) and not stored',
  createdAt: 'Set by the server: accepted and not stored',
  updatedAt: 'Set by the server: accepted and not stored',
  segment: "The survey's own audience as `{ filters }` (a private segment), or a saved segment `{ id, isPrivate: false }`",
}
