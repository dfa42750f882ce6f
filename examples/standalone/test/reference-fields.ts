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
