import { validationError } from '../../errors'
import { parseItem } from '../../http/validate'
import type { NewWebhook, WebhookEvent } from '../../ports/storage'
import { webhookCreateSchema } from '../../schemas/webhook'
import { PRIVATE_WEBHOOK_ADDRESSES_OPTION, checkWebhookUrl } from '../../webhooks/check-webhook-url'
import { generateWebhookSecret } from '../../webhooks/sign-webhook'
import { webhooksOf } from '../../domain/optional-ports/hooks-ports'
import { importEach } from './import-each'
import type { Item } from './items'
import { pick, times } from './items'
import type { ImportRun } from './run'

/**
 * A page of webhooks, each with a new signing secret (the source's cannot be read), listed in the report. A
 * webhook must deliver to an address Canvass delivers to, for surveys of this environment.
 */
export async function importWebhooks(run: ImportRun, items: Item[]): Promise<void> {
  const { ctx, env } = run
  await importEach(run, 'webhooks', items, {
    async create(item, targetId) {
      const surveyIds = Array.isArray(item.surveyIds)
        ? item.surveyIds.map((id) => (typeof id === 'string' ? (run.known.surveys.get(id) ?? id) : id))
        : []
      const input = parseItem(webhookCreateSchema, { ...pick(item, ['name', 'url', 'source', 'triggers']), surveyIds })
      const checked = checkWebhookUrl(input.url, { allowPrivateAddresses: ctx.allowPrivateWebhookUrls })
      if (!checked.ok)
        throw validationError({
          url:
            checked.errorClass === 'invalid_url'
              ? 'Not a URL Canvass delivers to (credentials, or not http/https)'
              : `Not a URL Canvass delivers to: a private address (${PRIVATE_WEBHOOK_ADDRESSES_OPTION})`,
        })
      const webhook: NewWebhook = {
        id: targetId,
        environmentId: env,
        name: input.name ?? null,
        url: input.url,
        source: input.source ?? 'user',
        triggers: [...new Set<WebhookEvent>(input.triggers ?? input.trigger ?? [])],
        surveyIds: [...new Set(input.surveyIds ?? [])],
        ...times(item),
        secret: generateWebhookSecret(),
      }
      for (const [index, surveyId] of webhook.surveyIds.entries()) {
        if (run.planned.has(`surveys:${surveyId}`)) continue
        const survey = await ctx.storage.surveys.get(surveyId)
        if (survey?.environmentId !== env) throw validationError({ [`surveyIds.${index}`]: 'Its survey was not imported' })
      }
      if (!run.dryRun) {
        await webhooksOf(ctx.storage).webhooks.insert(webhook)
        run.report.webhookSecrets.push({ id: webhook.id, url: webhook.url, secret: webhook.secret })
      }
    },
  })
}
