import type { Cli } from './cli-context'
import { print } from './output'
import { withCanvass } from './with-canvass'

/** `canvass migrate`: the pending migrations, which the server also runs when it starts. */
export function addMigrateCommand(cli: Cli): void {
  cli.program
    .command('migrate')
    .description('Run the pending migrations on the database, then exit (the server also runs them when it starts)')
    .action(() => withCanvass(cli, async () => print('Database migrated')))
}
