import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

/**
 * The fields the reference's browser SDK reads from the client API, listed by hand (field names only) from
 * the public source of the Formbricks repository (github.com/formbricks/formbricks):
 *
 * - `packages/js-core/src/types/config.ts`, in its versions before the "workspace" rename: the types
 *   `TEnvironmentState` (`expiresAt`, `data.surveys`, `data.actionClasses`, `data.project`),
 *   `TEnvironmentStateSurvey`, `TEnvironmentStateProject`, `TEnvironmentStateActionClass` and `TUserState`;
 * - `packages/js-core/src/lib/environment/state.ts` and `apps/web/app/api/v1/client/[environmentId]/environment/route.ts`:
 *   the environment answer is `{data: {data, expiresAt}}`;
 * - `packages/js-core/src/lib/user/update.ts`: the user answer is `{data: {state: TUserState, messages?, errors?}}`;
 * - `apps/web/app/api/v1/client/[environmentId]/identify/contacts/[userId]/route.ts` (and its `lib/personState.ts`):
 *   the identify answer's `data` is the user state's `data`.
 */
export const ENVIRONMENT_STATE_FIELDS = ['data', 'expiresAt'] as const

export const ENVIRONMENT_STATE_DATA_FIELDS = ['surveys', 'actionClasses', 'project'] as const

/** `name` is not among them: the reference's SDK only logged it, and its state leaves it out (an internal label). */
export const ENVIRONMENT_STATE_SURVEY_FIELDS = [
  'id',
  'welcomeCard',
  'questions',
  // The reference's environment route selects a survey's blocks too (apps/web/app/api/v1/client/[workspaceId]/environment/lib/data.ts).
  'blocks',
  'variables',
  'type',
  'showLanguageSwitch',
  'endings',
  'autoClose',
  'status',
  'recontactDays',
  'displayLimit',
  'displayOption',
  'hiddenFields',
  'delay',
  'projectOverwrites',
  'isBackButtonHidden',
  'isAutoProgressingEnabled',
  'recaptcha',
  'languages',
  'triggers',
  'segment',
  'displayPercentage',
  'styling',
] as const

export const ENVIRONMENT_STATE_PROJECT_FIELDS = [
  'id',
  'recontactDays',
  'clickOutsideClose',
  'darkOverlay',
  'overlay',
  'placement',
  'inAppSurveyBranding',
  'styling',
] as const

export const ENVIRONMENT_STATE_ACTION_CLASS_FIELDS = ['id', 'key', 'type', 'name', 'noCodeConfig'] as const

/** `TUserState`: `expiresAt` and `data`; `data.language` is optional (present when the contact has one). */
export const USER_STATE_FIELDS = ['expiresAt', 'data'] as const

export const USER_STATE_DATA_FIELDS = ['userId', 'contactId', 'segments', 'displays', 'responses', 'lastDisplayAt'] as const

export const USER_STATE_DISPLAY_FIELDS = ['surveyId', 'createdAt'] as const

/**
 * The survey model's fields: the keys of `ZSurveyBase` in `packages/types/surveys/types.ts` of the reference
 * (the schema its v1 management routes answer with), listed by hand.
 */
export const REFERENCE_SURVEY_FIELDS = [
  'id',
  'createdAt',
  'updatedAt',
  'name',
  'type',
  'workspaceId',
  'createdBy',
  'status',
  'displayOption',
  'autoClose',
  'triggers',
  'recontactDays',
  'displayLimit',
  'welcomeCard',
  'questions',
  'blocks',
  'endings',
  'hiddenFields',
  'variables',
  'followUps',
  'delay',
  'publishOn',
  'closeOn',
  'archivedAt',
  'autoComplete',
  'workspaceOverwrites',
  'styling',
  'showLanguageSwitch',
  'surveyClosedMessage',
  'segment',
  'singleUse',
  'isVerifyEmailEnabled',
  'recaptcha',
  'isSingleResponsePerEmailEnabled',
  'isBackButtonHidden',
  'isAutoProgressingEnabled',
  'isCaptureIpEnabled',
  'pin',
  'displayPercentage',
  'languages',
  'metadata',
  'slug',
  'customHeadScripts',
  'customHeadScriptsMode',
] as const

/**
 * Top-level fields of the reference's survey model in its earlier versions that its current one does not have
 * and Canvass does not store (`packages/types/surveys.ts` of its 1.x and 2.x releases), listed by hand.
 */
export const EARLIER_REFERENCE_SURVEY_FIELDS = ['inlineTriggers', 'thankYouCard', 'verifyEmail'] as const

/**
 * The survey fields `docs/surveys.md` lists as ignored: the rows of the table under its heading "Survey fields
 * Canvass ignores" (a row starts with the field's name in backquotes).
 */
export function ignoredSurveyFields(): Set<string> {
  const api = readFileSync(fileURLToPath(new URL('../../../docs/surveys.md', import.meta.url)), 'utf8')
  const start = api.indexOf('### Survey fields Canvass ignores')
  if (start === -1) throw new Error('docs/surveys.md has no "Survey fields Canvass ignores" section')
  const rest = api.slice(start + 4)
  const end = rest.search(/\n#/)
  const section = end === -1 ? rest : rest.slice(0, end)
  return new Set([...section.matchAll(/^\| `([A-Za-z]+)` \|/gm)].map((match) => match[1] as string))
}
