/**
 * The settings that say which database a command opens and where its links point are options too, of every
 * command that opens the database (`canvass start`, `migrate`, `survey new`, `keys …`, …; docs/configuration.md):
 * `--data-dir`, `--database-url` and `--public-url`, each in place of its environment variable.
 */

/** Each option, the variable it stands for, and what it says in `--help`. */
export const SETTING_OPTIONS = [
  {
    flag: '--data-dir',
    variable: 'DATA_DIR',
    value: '<folder>',
    description: 'folder of the embedded database, the generated secret and uploads (DATA_DIR; default ./.canvass)',
  },
  {
    flag: '--database-url',
    variable: 'DATABASE_URL',
    value: '<url>',
    description: 'a Postgres server, postgres://user:password@host:5432/database (DATABASE_URL; unset: the embedded database)',
  },
  {
    flag: '--public-url',
    variable: 'PUBLIC_URL',
    value: '<url>',
    description: 'the address clients reach the server at, e.g. https://feedback.example.com, for absolute links (PUBLIC_URL)',
  },
] as const

export type SettingVariable = (typeof SETTING_OPTIONS)[number]['variable']

/** The options given, by the variable each stands for. */
export type GivenSettings = Partial<Record<SettingVariable, string>>

/** What `argv` gives of these options (`--data-dir x` or `--data-dir=x`), and what is left. */
export function readSettingOptions(argv: readonly string[]): { given: GivenSettings; rest: string[]; problem?: string } {
  const given: GivenSettings = {}
  const rest: string[] = []
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string
    const option = SETTING_OPTIONS.find(({ flag }) => arg === flag || arg.startsWith(`${flag}=`))
    if (!option) {
      rest.push(arg)
      continue
    }
    const value = arg === option.flag ? argv[++i] : arg.slice(option.flag.length + 1)
    if (value === undefined || value === '' || (arg === option.flag && value.startsWith('-'))) {
      return { given, rest, problem: `${option.flag} needs a value: ${option.flag} ${option.value}` }
    }
    given[option.variable] = value
  }
  return { given, rest }
}

/** The environment the settings are read from: `env`, with each option given in place of its variable. */
export function withSettings(env: NodeJS.ProcessEnv, given: GivenSettings): NodeJS.ProcessEnv {
  return { ...env, ...given }
}

/**
 * A message about the settings, naming the option where the value came from one: `--data-dir "…" cannot be
 * written` rather than `DATA_DIR "…"`, which the user did not set.
 */
export function namedAsGiven(message: string, given: GivenSettings): string {
  let named = message
  for (const { flag, variable } of SETTING_OPTIONS) {
    if (given[variable] !== undefined) named = named.replace(new RegExp(`\\b${variable}\\b`, 'g'), flag)
  }
  return named
}
