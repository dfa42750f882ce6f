import { schemaStatus } from '@canvass/storage-kysely'
import { SERVER_VERSION } from '../server-version'
import type { Cli } from './cli-context'
import { print } from './output'
import { UsageError } from './usage-error'
import { withCanvass, withDatabase } from './with-canvass'

/**
 * `canvass migrate`: the pending migrations, which the server also runs when it starts. `--dry-run` lists them
 * and changes nothing (on the embedded database while the server runs, on a copy of it).
 */
export function addMigrateCommand(cli: Cli): void {
  cli.program
    .command('migrate')
    .description('Run the pending migrations on the database, then exit (the server also runs them when it starts)')
    .option('--dry-run', 'list the migrations that would run, and change nothing')
    .action((options: { dryRun?: boolean }) =>
      options.dryRun ? withDatabase(cli, listPending, true) : withCanvass(cli, async () => print('Database migrated')),
    )
}

async function listPending(db: Parameters<typeof schemaStatus>[0]): Promise<void> {
  const { missing, unknown, newer } = await schemaStatus(db)
  if (unknown.length > 0) {
    throw new UsageError(
      `The database was migrated by a newer Canvass (${unknown.join(', ')}, unknown to version ${SERVER_VERSION}): run that version or a newer one`,
    )
  }
  // A newer release's expand steps: this version serves beside them (docs/deploying.md, "Upgrading").
  const beside = newer.length > 0 ? `; it also has ${newer.join(', ')} of a newer version, which this one serves beside` : ''
  if (missing.length === 0) return print(`The database is current for version ${SERVER_VERSION}: no migration would run${beside}`)
  print(`${missing.length} migration${missing.length === 1 ? '' : 's'} would run, in this order:`)
  for (const name of missing) print(`  ${name}`)
}
