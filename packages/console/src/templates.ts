/**
 * What a new survey can start from: a blank one, or one of the templates `canvass survey new --template` makes
 * (`@canvass/core/survey-templates`): bodies of `POST /api/v1/management/surveys`, checked there as any survey is,
 * grouped by what they are for.
 */
import { SURVEY_TEMPLATES, TEMPLATE_CATEGORIES } from '@canvass/core/survey-templates'
import type { TemplateCategory } from '@canvass/core/survey-templates'

export interface Template {
  id: string
  label: string
  category: TemplateCategory | null
  description: string
  body: Record<string, unknown>
}

export const BLANK: Template = {
  id: 'blank',
  label: 'Blank survey',
  category: null,
  description: 'One open question, to build on in the editor',
  body: {
    name: 'Untitled survey',
    questions: [{ id: 'feedback', type: 'openText', headline: { default: 'What would you like to tell us?' } }],
    endings: [{ id: 'thanks', type: 'endScreen', headline: { default: 'Thank you!' } }],
  },
}

export const TEMPLATES: readonly Template[] = Object.entries(SURVEY_TEMPLATES).map(([id, template]) => ({ id, ...template }))

/** The templates of each category, in the categories' order. */
export const TEMPLATE_GROUPS: ReadonlyArray<{ category: TemplateCategory; templates: Template[] }> = TEMPLATE_CATEGORIES.map(
  (category) => ({ category, templates: TEMPLATES.filter((template) => template.category === category) }),
)
