/**
 * The contract between the two bundles. `formbricks.umd.cjs` (the in-app core, `src/core`) never renders:
 * when it decides to show a survey it loads `{appUrl}/js/surveys.umd.cjs` (`src/renderer`), which sets
 * `globalThis.formbricksSurveys`, and calls `renderSurvey`. A link page (`GET /s/{surveyId}`) loads the same
 * renderer and calls `renderSurvey` with `mode: 'page'`, without the core.
 *
 * The renderer owns everything from the first paint to the last answer: it records the display, saves the
 * response after every answered page (`finished` false, then true) and uploads files, all through
 * `client-api.ts`; it closes a modal survey after its ending (../renderer/ending-close.ts), and reports back
 * through `callbacks` so that the core can keep its own state (displays, responses) and emit the loader's
 * events.
 */
import type { WidgetProject, WidgetSurvey } from './survey'

/**
 * What `surveys.umd.cjs` puts on `globalThis.formbricksSurveys`. `renderSurvey` takes Canvass's options (they
 * carry the `project`) or the reference's props (`renderer/reference-props.ts`); `renderSurveyModal` and
 * `renderSurveyInline` are the reference's names for the same with `mode` set.
 */
export interface FormbricksSurveysGlobal {
  renderSurvey(options: RenderSurveyOptions | ReferenceSurveyProps): SurveyHandle
  renderSurveyModal(props: ReferenceSurveyProps): SurveyHandle
  renderSurveyInline(props: ReferenceSurveyProps): SurveyHandle
  /** A CSP nonce for the renderer's `<style>` elements (`formbricks.setNonce`); undefined clears it. */
  setNonce(nonce: string | undefined): void
  /** Sends what the outbox keeps for this server and environment (Canvass's renderer only). */
  flush?(endpoint: { appUrl: string; environmentId: string }): void
}

/** A shown survey. */
export interface SurveyHandle {
  /** Removes the survey from the page (as its close button does), calling `onClose`. */
  close(): void
}

export interface RenderSurveyOptions {
  /** Origin (and any path prefix) of the Canvass server, without a trailing slash. */
  appUrl: string
  environmentId: string
  survey: WidgetSurvey
  /** The project's settings from the environment state: styling, placement, overlay, click outside to close. */
  project: WidgetProject
  /**
   * `modal`: an in-app survey over the host page (placement, overlay); `page`: a link survey filling
   * `container`.
   */
  mode: 'modal' | 'page'
  /** Where a `page` survey renders; a `modal` survey makes its own element under `document.body`. */
  container?: HTMLElement
  /** `default` or a language code (or alias) of the survey; anything else falls back to the default. */
  languageCode?: string
  /** The identified user, linked to the display and the response. */
  userId?: string
  /** The identified contact by its id (when `userId` is not known), linked to the display and the response. */
  contactId?: string
  /** Hidden field values (only fields the survey lists are kept). */
  hiddenFields?: Record<string, string | number | string[]>
  /**
   * Answers to start questions with, by question id, in their stored form (a link page reads them from its URL):
   * each is shown when its question is reached, and saved only when the question is answered.
   */
  prefillResponseData?: Record<string, string | number | string[]>
  /** Questions with a `prefillResponseData` answer are answered with it and passed over (not when going back). */
  skipPrefilled?: boolean
  /** Embedded data to pass with the response (`setEmbeddedData`), kept as response `variables`-free meta. */
  embeddedData?: Record<string, string | number | boolean>
  /** Response `meta` the caller knows: the page URL, the source (`app`, `link`), the action that triggered it. */
  meta?: { url?: string; source?: string; action?: string }
  /** A single-use id (`?suid=`) for single-use link surveys. */
  singleUseId?: string
  /** The proof of the survey's PIN that its link page was given; sent with every response create and update. */
  pinAuthToken?: string
  /** A preview: no display is recorded, no response and no file sent; pages move on as if every save succeeded. */
  preview?: boolean
  /**
   * Days an unfinished response is resumed (answers filled in, at the page after the last answered) when the
   * survey is shown again on this device; 0 turns resuming off (answers are still kept until sent).
   * @default 7
   */
  resumeDays?: number
  nonce?: string
  callbacks?: RenderCallbacks
}

export interface RenderCallbacks {
  /** The survey is on screen and its display was recorded (`displayId` is undefined when recording failed). */
  onDisplay?(displayId: string | undefined): void
  /** A response was created or updated (every page); `finished` true once the finished response is saved. */
  onResponse?(event: { responseId: string; finished: boolean }): void
  /** The respondent asked to send again what failed to save. */
  onRetry?(): void
  /** The survey left the page (closed by the respondent, by `close()`, or after its ending). */
  onClose?(): void
}

declare global {
  // eslint-disable-next-line no-var
  var formbricksSurveys: FormbricksSurveysGlobal | undefined
}

type Callback = () => void | Promise<void>

/**
 * The props of the reference's `renderSurvey` that Canvass reads (docs/widget.md lists the rest); the renderer
 * turns them into Canvass's own options (`renderer/reference-props.ts`).
 */
export interface ReferenceSurveyProps {
  survey: WidgetSurvey
  /** The styling to draw with (the SDKs pass the project's, or the survey's where it may overwrite it). */
  styling?: Record<string, unknown> | null
  isBrandingEnabled?: boolean
  appUrl?: string
  workspaceId?: string
  /** The older name of `workspaceId`. */
  environmentId?: string
  userId?: string
  contactId?: string
  /** `modal` (the default) or `inline`, in the element whose id is `containerId`. */
  mode?: 'modal' | 'inline'
  containerId?: string
  placement?: string
  overlay?: 'none' | 'light' | 'dark'
  clickOutside?: boolean
  languageCode?: string
  hiddenFieldsRecord?: Record<string, string | number | string[]>
  action?: string
  singleUseId?: string
  pinAuthToken?: string
  /** False in a mobile SDK's WebView: the page's URL is then no response `meta`. */
  isWebEnvironment?: boolean
  onDisplayCreated?: Callback
  onResponseCreated?: Callback
  onFinished?: Callback
  onClose?: Callback
  onRetry?: Callback
}
