/**
 * Every survey the project shows its users as one they can create: the example surveys of docs/surveys.md
 * (the JSON blocks after `<!-- survey-example -->`), one survey holding every question example of docs/api.md
 * (`<!-- question-example -->`), and every template of `canvass survey new` (`SURVEY_TEMPLATES`). Each is a
 * body of `POST /api/v1/management/surveys`. The round trip of the survey editor (issue 71) is tested over them.
 */
import { readFileSync } from 'node:fs'
import { SURVEY_TEMPLATES } from '@canvass/core/survey-templates'

export interface RoundTripFixture {
  /** Where it comes from, to name it in a failure. */
  name: string
  /** A body of `POST /api/v1/management/surveys`. */
  body: Record<string, unknown>
}

const doc = (name: string) => readFileSync(new URL(`../../../docs/${name}`, import.meta.url), 'utf8')

/** The JSON blocks after `<!-- {marker} -->` on a docs page, parsed. */
export function markedJson(page: string, marker: string): Record<string, unknown>[] {
  const pattern = new RegExp(`<!-- ${marker} -->\\n\`\`\`json\\n([\\s\\S]*?)\`\`\``, 'g')
  return [...doc(page).matchAll(pattern)].map((match) => JSON.parse(match[1] as string) as Record<string, unknown>)
}

export function roundTripFixtures(): RoundTripFixture[] {
  const examples = markedJson('surveys.md', 'survey-example').map((body, index) => ({
    name: `docs/surveys.md example ${index + 1} (${String(body.name)})`,
    body,
  }))
  const questions = markedJson('api.md', 'question-example')
  const templates = Object.entries(SURVEY_TEMPLATES).map(([name, template]) => ({ name: `template ${name}`, body: template.body }))
  return [...examples, { name: 'docs/api.md question examples', body: { name: 'Every question type', questions } }, ...templates]
}
