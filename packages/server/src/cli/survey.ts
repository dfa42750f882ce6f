import { SURVEY_TEMPLATES, TEMPLATE_CATEGORIES } from '@canvass/core/survey-templates'
import { readConfig } from '../config'
import type { Cli } from './cli-context'
import { print, table } from './output'
import { UsageError } from './usage-error'
import { resolveEnvironment, withCanvass } from './with-canvass'

/** `canvass survey new`: a draft link survey from a template, made through the API's own route. */
export function addSurveyCommand(cli: Cli): void {
  const survey = cli.program.command('survey').description('Create surveys from templates')

  survey
    .command('new')
    .description('Create a draft link survey from a template (--list shows them); prints its id and link')
    .option('-t, --template <name>', 'the template (see --list)')
    .option('--list', 'list the templates')
    .option('-e, --environment <id>', 'environment id, or "production"/"development" of the first project', 'production')
    .option('--name <name>', "the survey's name (default: the template's)")
    .option('--status <status>', 'draft (default) or inProgress, to take answers at once', 'draft')
    .action((options: { template?: string; list?: boolean; environment: string; name?: string; status: string }) => {
      if (options.list) {
        // Grouped by what they are for, in the categories' order.
        const listed = Object.entries(SURVEY_TEMPLATES).sort(
          ([, a], [, b]) => TEMPLATE_CATEGORIES.indexOf(a.category) - TEMPLATE_CATEGORIES.indexOf(b.category),
        )
        table(
          ['TEMPLATE', 'CATEGORY', 'WHAT IT ASKS'],
          listed.map(([name, template]) => [name, template.category, template.description]),
        )
        return
      }
      const template = options.template === undefined ? undefined : SURVEY_TEMPLATES[options.template]
      if (!Object.hasOwn(SURVEY_TEMPLATES, options.template ?? '') || !template)
        throw new UsageError(
          `${options.template === undefined ? 'Name a template' : `No template is called ${JSON.stringify(options.template)}`}: ${Object.keys(SURVEY_TEMPLATES).join(', ')} (canvass survey new --list)`,
        )
      if (options.status !== 'draft' && options.status !== 'inProgress') throw new UsageError('--status is draft or inProgress')
      return withCanvass(cli, async (canvass) => {
        const environmentId = await resolveEnvironment(canvass, options.environment)
        const body = { ...template.body, status: options.status, ...(options.name ? { name: options.name } : {}) }
        // Through the API's own route, so that a template is validated as any survey is: with a key made for this
        // one request and revoked after it.
        const { id: keyId, key } = await canvass.admin.createApiKey({ environmentId, label: 'canvass survey new' })
        try {
          const response = await canvass.fetch(
            new Request('http://canvass.invalid/api/v1/management/surveys', {
              method: 'POST',
              headers: { 'content-type': 'application/json', 'x-api-key': key },
              body: JSON.stringify(body),
            }),
          )
          const answer = (await response.json()) as { data?: { id: string; name: string }; message?: string; details?: unknown }
          if (response.status !== 200 || !answer.data)
            throw new Error(
              `The template was refused (${response.status}): ${answer.message ?? ''} ${JSON.stringify(answer.details ?? {})}`,
            )
          const base = (readConfig(cli.settings()).publicUrl ?? '').replace(/\/+$/, '')
          print(`Created survey ${answer.data.id} (${answer.data.name}, ${options.status}) in environment ${environmentId}`)
          print(`  link: ${base}/s/${answer.data.id}`)
          if (options.status === 'draft') print('  a draft: POST /api/v1/management/surveys/{id}/preview gives a preview link')
        } finally {
          await canvass.admin.revokeApiKey(keyId)
        }
      })
    })
}
