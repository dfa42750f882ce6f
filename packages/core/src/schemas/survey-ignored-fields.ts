import * as v from 'valibot'

/**
 * Fields of the reference's survey model (now, or in an earlier version) that a survey body may carry and
 * Canvass does not store, each with the reason. Survey documents are strict, so these are named here rather
 * than refused: a survey the reference exports or its clients send is taken as it is. docs/surveys.md lists
 * them (a test compares), and the import reports each one it leaves behind with this reason.
 */
export const IGNORED_SURVEY_FIELDS = {
  followUps: 'Follow-up emails to respondents: Canvass sends no email (webhooks carry every response instead)',
  archivedAt: 'Set by the v3 archive and restore routes only (`POST /api/v3/surveys/{surveyId}/archive`)',
  recaptcha: "reCAPTCHA loads Google's script, and the widget and link page load nothing from another origin",
  isSingleResponsePerEmailEnabled:
    'Needs verified respondent emails, which need email sending; single-use ids and `displayOption` limit responses instead',
  isCaptureIpEnabled: "Canvass stores no respondent's IP address",
  metadata: "Link preview texts and image of the reference's link pages; Canvass's link page is titled with the survey's name",
  slug: 'Pretty link page addresses: Canvass serves link pages at `/s/{surveyId}` only',
  customHeadScripts: "Scripts added to link pages: a link page runs only Canvass's own scripts (its Content Security Policy)",
  customHeadScriptsMode: 'Goes with `customHeadScripts`',
  inlineTriggers: "The reference's 1.x triggers written into the survey; Canvass's `triggers` name action classes",
  thankYouCard: "The reference's end card before 2.4, replaced by `endings`; not converted (send it as an `endScreen` ending)",
  verifyEmail: "The reference's email verification texts before 2.4: Canvass sends no email",
} as const

export type IgnoredSurveyField = keyof typeof IGNORED_SURVEY_FIELDS

const accepted = v.optional(v.unknown())

/**
 * Entries of a survey body that are not stored: the ignored fields above, what a survey answer carries that
 * the server sets (`id`, `createdAt`, `updatedAt`: a survey read from an API and sent back is taken), the
 * survey's `segment` (read apart, `domain/survey-segment`) and `$schema` (an editor's hint).
 */
export const notStoredSurveyEntries = {
  $schema: v.optional(v.string()),
  id: accepted,
  createdAt: accepted,
  updatedAt: accepted,
  segment: accepted,
  ...(Object.fromEntries(Object.keys(IGNORED_SURVEY_FIELDS).map((field) => [field, accepted])) as Record<
    IgnoredSurveyField,
    typeof accepted
  >),
}

type NotStoredField = keyof typeof notStoredSurveyEntries

const NOT_STORED_FIELDS = Object.keys(notStoredSurveyEntries) as NotStoredField[]

/** A parsed survey body without the fields of `notStoredSurveyEntries`: the survey schemas' last step. */
export function withoutNotStoredFields<T extends Partial<Record<NotStoredField, unknown>>>(input: T): Omit<T, NotStoredField> {
  const output = { ...input }
  for (const field of NOT_STORED_FIELDS) delete output[field]
  return output
}
