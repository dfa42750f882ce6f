import { Command } from 'commander'
import { checkLocationForm } from '../check-config'
import { SETTING_OPTIONS, withSettings } from '../setting-options'
import type { GivenSettings, SettingVariable } from '../setting-options'
import { SERVER_VERSION } from '../server-version'
import type { Installation } from '../where-installed'
import { UsageError } from './usage-error'

/** What every command is added to and reads: the program, where it is installed, and the settings it was given. */
export interface Cli {
  program: Command
  installation: Installation
  /** The options of every command that were given, by the variable each stands for. */
  given(): GivenSettings
  /**
   * The settings a command reads: the environment, with the options given in their place, their form checked
   * before the database is opened (a `ConfigError` names the option or variable at fault).
   */
  settings(): NodeJS.ProcessEnv
}

/** The `canvass` program with the options of every command (setting-options.ts), before its commands are added. */
export function createCli(installation: Installation): Cli {
  const program = new Command('canvass')
    .description(
      `Canvass ${SERVER_VERSION} (--version prints the version alone).\n` +
        'Run a Canvass server (start) and administer its database: migrations, projects, environments and API keys, and imports\n' +
        'from Formbricks; run its background work.\n' +
        'Uses DATABASE_URL (or --database-url) when set, else the embedded database under DATA_DIR (or --data-dir; default ./.canvass).\n' +
        'The embedded database can be used by one process at a time: stop the server before running these commands on it\n' +
        '(an import with --dry-run reads a copy of it instead while the server runs, as backup does; users and console-link run in the server).\n' +
        `Every setting: ${installation.doc('configuration.md')}`,
    )
    .version(SERVER_VERSION, '-V, --version', "print this server's version (@canvass/server's) and exit")
    .exitOverride()
    .configureOutput({ writeErr: (text) => process.stderr.write(text) })
    // The options of every command, before or after its name: `canvass keys list --data-dir ./data`.
    .configureHelp({ showGlobalOptions: true })
  for (const { flag, value, description } of SETTING_OPTIONS) program.option(`${flag} ${value}`, description)

  const given = (): GivenSettings => {
    const options = program.opts<Record<string, string | undefined>>()
    const found: GivenSettings = {}
    for (const { flag, variable } of SETTING_OPTIONS) {
      const value = options[flag.slice(2).replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase())]
      if (value !== undefined) found[variable as SettingVariable] = value
    }
    return found
  }
  const settings = (): NodeJS.ProcessEnv => {
    const options = given()
    for (const { flag, variable, value } of SETTING_OPTIONS) {
      if (options[variable] === '') throw new UsageError(`${flag} needs a value: ${flag} ${value}`)
    }
    const env = withSettings(process.env, options)
    checkLocationForm(env)
    return env
  }
  return { program, installation, given, settings }
}
