import type { EnvironmentStateRecord } from '../ports/storage'
import { surveyOutput } from './survey-service'
import { effectiveSurveyStatus } from './survey-status'

/**
 * Project settings a widget reads. Canvass has no settings for them yet, so every project answers the
 * reference's defaults.
 */
const PROJECT_SETTINGS = {
  recontactDays: 7,
  clickOutsideClose: true,
  darkOverlay: false,
  placement: 'bottomRight',
  inAppSurveyBranding: true,
  styling: { allowStyleOverwrite: true },
} as const

/** The widget's view of an environment: the `data` of the reference's environment state. */
export function environmentStateOutput(state: EnvironmentStateRecord, now: Date) {
  const surveys = state.surveys
    .filter((survey) => (survey.type === 'app' || survey.type === 'website') && effectiveSurveyStatus(survey, now) === 'inProgress')
    .map((survey) => ({
      ...surveyOutput(survey, now),
      // Fields the reference's widget reads that Canvass surveys do not have (yet).
      variables: [],
      projectOverwrites: survey.productOverwrites,
      isBackButtonHidden: false,
      recaptcha: null,
    }))
  const project = { id: state.projectId, ...PROJECT_SETTINGS }
  return {
    surveys,
    actionClasses: state.actionClasses.map((action) => ({
      id: action.id,
      name: action.name,
      type: action.type,
      key: action.key,
      noCodeConfig: action.noCodeConfig,
    })),
    project,
    // Widgets of the reference before its product → project rename read `product`.
    product: project,
  }
}
