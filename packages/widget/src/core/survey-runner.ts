import type { SurveyHandle } from '../shared/protocol'
import { responseMilestones } from '../shared/response-milestones'
import type { WidgetSurvey } from '../shared/survey'
import type { HiddenFieldValue } from './rules/hidden-fields'
import { loadRenderer } from './renderer-loader'
import type { Session } from './session'

export interface ShowOptions {
  /** Name of the action that triggered the survey (response `meta.action`). */
  action: string
  languageCode: string
  hiddenFields: Record<string, HiddenFieldValue>
}

interface Run {
  surveyId: string
  action: string
  timer: ReturnType<typeof setTimeout> | undefined
  handle: SurveyHandle | undefined
}

export interface SurveyRunner {
  /** Whether a survey is shown or waiting for its delay: one survey at a time. */
  busy(): boolean
  /** Shows the survey after its delay through the renderer, keeping its displays and responses in the state. */
  start(session: Session, survey: WidgetSurvey, options: ShowOptions): void
  /** Drops a survey still waiting for its delay when the action that triggered it no longer holds. */
  cancelPending(action: string): void
  /** Closes the survey on screen, or drops the one waiting. */
  close(): void
}

export function createSurveyRunner(): SurveyRunner {
  let current: Run | undefined

  async function render(session: Session, survey: WidgetSurvey, options: ShowOptions, run: Run): Promise<void> {
    run.timer = undefined
    let renderer
    try {
      renderer = await loadRenderer(session.endpoint.appUrl, session.nonce)
    } catch (error) {
      console.error(`🧱 Formbricks - ${error instanceof Error ? error.message : String(error)}`)
      if (current === run) current = undefined
      return
    }
    if (current !== run) return
    if (session.nonce) renderer.setNonce(session.nonce)
    const surveyId = survey.id
    const user = () => session.state.user.data
    const milestones = responseMilestones()
    try {
      run.handle = renderer.renderSurvey({
        appUrl: session.endpoint.appUrl,
        environmentId: session.endpoint.environmentId,
        survey,
        project: session.state.environment.data.project,
        mode: 'modal',
        languageCode: options.languageCode,
        ...(user().userId ? { userId: user().userId as string } : {}),
        hiddenFields: options.hiddenFields,
        embeddedData: { ...session.embeddedData },
        meta: { url: location.href, source: 'app', action: options.action },
        ...(session.nonce ? { nonce: session.nonce } : {}),
        callbacks: {
          onDisplay() {
            const createdAt = new Date().toISOString()
            user().displays.push({ surveyId, createdAt })
            user().lastDisplayAt = createdAt
            session.save()
            session.events.emit('formbricks_survey_shown', { surveyId })
          },
          onResponse({ responseId, finished }) {
            if (!user().responses.includes(surveyId)) {
              user().responses.push(surveyId)
              session.save()
            }
            // Not every page: the first save and the finished one, as the reference's SDK reports them.
            const reached = milestones(finished)
            if (reached.started) session.events.emit('formbricks_response_submitted', { surveyId, responseId, finished: false })
            if (reached.finished) session.events.emit('formbricks_response_submitted', { surveyId, responseId, finished: true })
          },
          onClose() {
            if (current === run) current = undefined
            session.events.emit('formbricks_survey_closed', { surveyId })
          },
        },
      })
    } catch (error) {
      console.error('🧱 Formbricks - the survey could not be shown', error)
      if (current === run) current = undefined
    }
  }

  return {
    busy: () => current !== undefined,
    start(session, survey, options) {
      const run: Run = { surveyId: survey.id, action: options.action, timer: undefined, handle: undefined }
      current = run
      const delay = Math.max(0, Number(survey.delay) || 0) * 1000
      run.timer = setTimeout(() => void render(session, survey, options, run), delay)
    },
    cancelPending(action) {
      if (current?.timer !== undefined && current.action === action) {
        clearTimeout(current.timer)
        current = undefined
      }
    },
    close() {
      const run = current
      if (!run) return
      if (run.timer !== undefined) clearTimeout(run.timer)
      current = undefined
      run.handle?.close()
    },
  }
}
