/**
 * The reference's renderer contract: `formbricksSurveys.renderSurvey(props)` as the reference's React Native
 * WebView, its mobile SDKs and custom embeds call it (`SurveyContainerProps` in the reference's
 * `packages/types/formbricks-surveys.ts`). The props become Canvass's own options; the survey is drawn by
 * Canvass's renderer, which records the display and saves the response against `appUrl` itself, as the
 * reference's does, and the props' callbacks are called at the reference's moments.
 */
import type { ReferenceSurveyProps, RenderSurveyOptions, SurveyHandle } from '../shared/protocol'
import { responseMilestones } from '../shared/response-milestones'
import type { WidgetProject } from '../shared/survey'

export type { ReferenceSurveyProps }

/** True for the reference's props, false for Canvass's own options (which always carry the `project`). */
export function isReferenceProps(options: RenderSurveyOptions | ReferenceSurveyProps): options is ReferenceSurveyProps {
  const project = (options as { project?: unknown }).project
  return typeof project !== 'object' || project === null
}

/**
 * Canvass's options for the reference's props. `findElement` finds an inline survey's container. Throws, as the
 * reference's does, for an inline survey without its container, and for props without a server to save to. A
 * modal survey closes itself after its ending (./ending-close.ts), which calls `onClose`.
 */
export function referenceOptions(props: ReferenceSurveyProps, findElement: (id: string) => HTMLElement | null): RenderSurveyOptions {
  const environmentId = props.workspaceId ?? props.environmentId
  if (!props.appUrl || !environmentId) {
    throw new Error('renderSurvey: appUrl and workspaceId are required (the survey saves its display and response there)')
  }
  let container: HTMLElement | undefined
  if (props.mode === 'inline') {
    if (!props.containerId) throw new Error('renderSurvey: containerId is required for inline mode')
    container = findElement(props.containerId) ?? undefined
    if (!container) throw new Error(`renderSurvey: Element with id ${props.containerId} not found.`)
  }
  const project: WidgetProject = {
    id: environmentId,
    recontactDays: 0,
    clickOutsideClose: props.clickOutside ?? false,
    darkOverlay: props.overlay === 'dark',
    overlay: props.overlay ?? 'none',
    placement: props.placement ?? 'bottomRight',
    inAppSurveyBranding: props.isBrandingEnabled ?? false,
    styling: props.styling ?? {},
  }
  const meta = {
    ...(props.isWebEnvironment !== false && typeof location !== 'undefined' ? { url: location.href } : {}),
    ...(props.action ? { action: props.action } : {}),
  }
  const milestones = responseMilestones()
  return {
    appUrl: props.appUrl.replace(/\/+$/, ''),
    environmentId,
    survey: props.survey,
    project,
    mode: container ? 'page' : 'modal',
    ...(container ? { container } : {}),
    ...(props.languageCode ? { languageCode: props.languageCode } : {}),
    ...(props.userId ? { userId: props.userId } : props.contactId ? { contactId: props.contactId } : {}),
    ...(props.hiddenFieldsRecord ? { hiddenFields: props.hiddenFieldsRecord } : {}),
    ...(Object.keys(meta).length > 0 ? { meta } : {}),
    ...(props.singleUseId ? { singleUseId: props.singleUseId } : {}),
    ...(props.pinAuthToken ? { pinAuthToken: props.pinAuthToken } : {}),
    callbacks: {
      // The reference calls `onDisplayCreated` once the display is recorded, and not when that failed.
      onDisplay: (displayId) => {
        if (displayId) void props.onDisplayCreated?.()
      },
      onResponse: ({ finished }) => {
        const reached = milestones(finished)
        // Once per survey, after the first save (later answers update the same response).
        if (reached.started) void props.onResponseCreated?.()
        // After the server accepted the finished response (the reference's with `getSetIsResponseSendingFinished`).
        if (reached.finished) void props.onFinished?.()
      },
      onRetry: () => void props.onRetry?.(),
      onClose: () => void props.onClose?.(),
    },
  }
}

/** Shows a survey given the reference's props with `render` (Canvass's `renderSurvey`). */
export function renderReferenceSurvey(
  props: ReferenceSurveyProps,
  render: (options: RenderSurveyOptions) => SurveyHandle,
  findElement: (id: string) => HTMLElement | null,
): SurveyHandle {
  return render(referenceOptions(props, findElement))
}
