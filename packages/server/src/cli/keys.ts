import type { Cli } from './cli-context'
import { print, table } from './output'
import { UsageError } from './usage-error'
import { resolveEnvironment, withCanvass } from './with-canvass'

/** `canvass keys create|list|revoke`: the API keys, which the HTTP API does not manage. */
export function addKeysCommand(cli: Cli): void {
  const keys = cli.program.command('keys').alias('key').description('Create, list and revoke API keys')

  keys
    .command('create')
    .description('Create an API key for an environment; the key is printed once')
    .requiredOption('-e, --environment <id>', 'environment id, or "production"/"development" of the first project')
    .option('-l, --label <label>', 'a label to recognise the key by')
    .action((options: { environment: string; label?: string }) =>
      withCanvass(cli, async (canvass) => {
        const environmentId = await resolveEnvironment(canvass, options.environment)
        const { id, key } = await canvass.admin.createApiKey({ environmentId, label: options.label })
        print(`Created API key ${id} for environment ${environmentId} (shown once, keep it safe):\n\n  ${key}\n`)
      }),
    )

  keys
    .command('list')
    .description('List the API keys (never the keys themselves): label, prefix, created, last used, revoked')
    .option('-e, --environment <id>', 'only this environment (id, or "production"/"development" of the first project)')
    .action((options: { environment?: string }) =>
      withCanvass(cli, async (canvass) => {
        const environments = options.environment
          ? [await resolveEnvironment(canvass, options.environment)]
          : (await canvass.admin.listProjects()).flatMap((p) => [p.environments.production, p.environments.development])
        const rows: string[][] = []
        for (const environmentId of environments) {
          for (const key of await canvass.admin.listApiKeys(environmentId)) {
            rows.push([
              key.id,
              environmentId,
              key.label ?? '',
              key.prefix ? `${key.prefix}…` : '',
              key.createdAt.toISOString(),
              key.lastUsedAt?.toISOString() ?? 'never',
              key.revokedAt?.toISOString() ?? '',
            ])
          }
        }
        if (rows.length === 0) return print('No API keys.')
        table(['ID', 'ENVIRONMENT', 'LABEL', 'PREFIX', 'CREATED', 'LAST USED', 'REVOKED'], rows)
      }),
    )

  keys
    .command('revoke')
    .description('Revoke an API key by its id (see `keys list`); it stops working on the next request')
    .argument('<id>', 'id of the key')
    .action((id: string) =>
      withCanvass(cli, async (canvass) => {
        if (!(await canvass.admin.revokeApiKey(id))) throw new UsageError(`No live API key has the id ${id}`)
        print(`Revoked API key ${id}`)
      }),
    )
}
