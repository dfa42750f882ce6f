/**
 * The standalone server's CLI (`canvass …`, `pnpm canvass …` in the repository; `src/cli.ts` loads this once the
 * compile cache is on): `start` runs the server; projects, environments and API keys, which the HTTP API does not
 * manage (docs/design.md, "Authentication"), and `import formbricks`, which copies an environment of another instance
 * in. It opens the same database as the server (DATABASE_URL, or the embedded one under DATA_DIR; every command
 * takes `--database-url`, `--data-dir` and `--public-url` in their place, setting-options.ts) and runs the
 * pending migrations first. Each command is a file of `cli/`; this one adds them in the order --help lists them
 * and dispatches.
 */
import { CommanderError } from 'commander'
import { createCli } from './cli-context'
import { addBackupCommand } from './backup'
import { addConsoleLinkCommand } from './console-link'
import { addEnvironmentsCommand } from './environments'
import { addImportCommand } from './import'
import { addKeysCommand } from './keys'
import { addMigrateCommand } from './migrate'
import { addProjectCommand } from './project'
import { addRestoreCommand } from './restore'
import { addStartCommand, startCommandAt } from './start'
import { addSurveyCommand } from './survey'
import { addUsersCommand } from './users'
import { addWorkerCommand } from './worker'
import { namedAsGiven } from '../setting-options'
import { start } from '../start'
import { whereInstalled } from '../where-installed'

const cli = createCli(whereInstalled())
for (const add of [
  addStartCommand,
  addMigrateCommand,
  addBackupCommand,
  addRestoreCommand,
  addProjectCommand,
  addEnvironmentsCommand,
  addSurveyCommand,
  addKeysCommand,
  addUsersCommand,
  addConsoleLinkCommand,
  addImportCommand,
  addWorkerCommand,
])
  add(cli)

const startAt = startCommandAt(process.argv.slice(2))
if (startAt !== undefined) {
  const args = process.argv.slice(2)
  await start([...args.slice(0, startAt), ...args.slice(startAt + 1)])
} else {
  try {
    await cli.program.parseAsync(process.argv)
  } catch (error) {
    if (error instanceof CommanderError) process.exit(error.exitCode)
    // A message about a setting names the option where the user gave one (`--data-dir`, not DATA_DIR).
    console.error(`canvass: ${namedAsGiven(error instanceof Error ? error.message : String(error), cli.given())}`)
    process.exit(1)
  }
}
