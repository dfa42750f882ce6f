/**
 * What a new survey can start from: a blank one, or one of the templates `canvass survey new --template` makes
 * (`@canvass/core/survey-templates`): bodies of `POST /api/v1/management/surveys`, checked there as any survey is.
 */
import { SURVEY_TEMPLATES } from '@canvass/core/survey-templates'

export interface Template {
  id: string
  label: string
  description: string
  body: Record<string, unknown>
}

const BLANK: Template = {
  id: 'blank',
  label: 'Blank',
  description: 'One open question, to build on in the editor',
  body: {
    name: 'Untitled survey',
    questions: [{ id: 'feedback', type: 'openText', headline: { default: 'What would you like to tell us?' } }],
    endings: [{ id: 'thanks', type: 'endScreen', headline: { default: 'Thank you!' } }],
  },
}

export const TEMPLATES: readonly Template[] = [BLANK, ...Object.entries(SURVEY_TEMPLATES).map(([id, template]) => ({ id, ...template }))]
