#!/usr/bin/env node
/**
 * The standalone server's CLI (`canvass …`, `pnpm canvass …` in the repository): `start` runs the server; projects, environments and API keys, which the HTTP
 * API does not manage (docs/design.md, "Authentication"), and `import formbricks`, which copies an environment of another instance
 * in. It opens the same database as the server (DATABASE_URL, or the embedded one under DATA_DIR; every command
 * takes `--database-url`, `--data-dir` and `--public-url` in their place, setting-options.ts) and runs the
 * pending migrations first.
 */
import type { Canvass, FormbricksImportReport, ResourceCounts, Storage } from '@canvass/core'
import { writeFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createCanvass, createSourceClient, startCanvassWorker } from '@canvass/core'
import { createNodeWebhookTransport } from '@canvass/host-node'
import { createKyselyStorage, migrate } from '@canvass/storage-kysely'
import { Command, CommanderError } from 'commander'
import { backgroundOptions } from './background'
import { openBlobStore } from './blob-store'
import { readConfig } from './config'
import { openDatabase } from './database'
import { copyLiveDatabase } from './data-dir-copy'
import { DataDirLockedError, sendLockCommand } from './data-dir-lock'
import type { LockCommandAnswer } from './data-dir-lock'
import { CONSOLE_ROLES, linkAddress, runConsoleCommand } from './console-commands'
import type { ConsoleCommandName, ConsoleCommandResults, LinkResult } from './console-commands'
import { checkLocationForm } from './check-config'
import { loadSecret } from './secret'
import { SETTING_OPTIONS, namedAsGiven, withSettings } from './setting-options'
import type { GivenSettings, SettingVariable } from './setting-options'
import { start } from './start'
import { SURVEY_TEMPLATES } from '@canvass/core/survey-templates'
import { whereInstalled } from './where-installed'
import { writableFolder } from './writable-folder'

/** The way an import makes a project of its own, named where there is none (before the commands run). */
const IMPORT_MAKES_A_PROJECT = ", or import with `--environment source`, which makes one whose production environment keeps the source's id"

/** An operator's mistake: reported as its message, exit code 1. */
class UsageError extends Error {}

const installation = whereInstalled()

const program = new Command('canvass')
  .description(
    'Run a Canvass server (start) and administer its database: migrations, projects, environments and API keys, and imports\n' +
      'from Formbricks; run its background work.\n' +
      'Uses DATABASE_URL (or --database-url) when set, else the embedded database under DATA_DIR (or --data-dir; default ./.canvass).\n' +
      'The embedded database can be used by one process at a time: stop the server before running these commands on it\n' +
      '(an import with --dry-run reads a copy of it instead while the server runs; users and console-link run in the server).\n' +
      `Every setting: ${installation.doc('configuration.md')}`,
  )
  .exitOverride()
  .configureOutput({ writeErr: (text) => process.stderr.write(text) })
  // The options of every command, before or after its name: `canvass keys list --data-dir ./data`.
  .configureHelp({ showGlobalOptions: true })
for (const { flag, value, description } of SETTING_OPTIONS) program.option(`${flag} ${value}`, description)

// Listed here for --help; `canvass start` is dispatched before the other commands are parsed (below), so that its
// arguments reach the server's own checks as given.
program
  .command('start')
  .description(`Run the server (other settings are environment variables: ${installation.cliCommand} start --help lists the common ones)`)

program
  .command('migrate')
  .description('Run the pending migrations on the database, then exit (the server also runs them when it starts)')
  .action(() => withCanvass(async () => print('Database migrated')))

program
  .command('project')
  .description('Create a project with its production and development environments')
  .command('create')
  .argument('<name>', 'name of the project')
  .option('--organization <name>', 'name of its organization (default: the project name)')
  .action((name: string, options: { organization?: string }) =>
    withCanvass(async (canvass) => {
      const project = await canvass.admin.createProject({ name, organizationName: options.organization })
      print(`Created project ${project.projectName} (${project.projectId})`)
      print(`  production environment:  ${project.environments.production}`)
      print(`  development environment: ${project.environments.development}`)
    }),
  )

program
  .command('environments')
  .alias('envs')
  .description('List every project with its environments and their ids')
  .action(() =>
    withCanvass(async (canvass) => {
      const projects = await canvass.admin.listProjects()
      if (projects.length === 0) return print('No projects yet: start the server once, or run `canvass project create <name>`.')
      table(
        ['PROJECT', 'TYPE', 'ENVIRONMENT ID'],
        projects.flatMap((p) => [
          [p.projectName, 'production', p.environments.production],
          [p.projectName, 'development', p.environments.development],
        ]),
      )
    }),
  )

const survey = program.command('survey').description('Create surveys from templates')

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
      table(
        ['TEMPLATE', 'WHAT IT ASKS'],
        Object.entries(SURVEY_TEMPLATES).map(([name, template]) => [name, template.description]),
      )
      return
    }
    const template = options.template === undefined ? undefined : SURVEY_TEMPLATES[options.template]
    if (!Object.hasOwn(SURVEY_TEMPLATES, options.template ?? '') || !template)
      throw new UsageError(
        `${options.template === undefined ? 'Name a template' : `No template is called ${JSON.stringify(options.template)}`}: ${Object.keys(SURVEY_TEMPLATES).join(', ')} (canvass survey new --list)`,
      )
    if (options.status !== 'draft' && options.status !== 'inProgress') throw new UsageError('--status is draft or inProgress')
    return withCanvass(async (canvass) => {
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
          throw new Error(`The template was refused (${response.status}): ${answer.message ?? ''} ${JSON.stringify(answer.details ?? {})}`)
        const base = (readConfig(settings()).publicUrl ?? '').replace(/\/+$/, '')
        print(`Created survey ${answer.data.id} (${answer.data.name}, ${options.status}) in environment ${environmentId}`)
        print(`  link: ${base}/s/${answer.data.id}`)
        if (options.status === 'draft') print('  a draft: POST /api/v1/management/surveys/{id}/preview gives a preview link')
      } finally {
        await canvass.admin.revokeApiKey(keyId)
      }
    })
  })

const keys = program.command('keys').alias('key').description('Create, list and revoke API keys')

keys
  .command('create')
  .description('Create an API key for an environment; the key is printed once')
  .requiredOption('-e, --environment <id>', 'environment id, or "production"/"development" of the first project')
  .option('-l, --label <label>', 'a label to recognise the key by')
  .action((options: { environment: string; label?: string }) =>
    withCanvass(async (canvass) => {
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
    withCanvass(async (canvass) => {
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
    withCanvass(async (canvass) => {
      if (!(await canvass.admin.revokeApiKey(id))) throw new UsageError(`No live API key has the id ${id}`)
      print(`Revoked API key ${id}`)
    }),
  )

const users = program
  .command('users')
  .alias('user')
  .description("The console's people (/console): add them and list them; also while the server runs")

users
  .command('add')
  .description('Add a person to the console with a role; prints a one-time sign-in link for them')
  .argument('<email>', "the person's email, with which they sign in")
  .requiredOption('--role <role>', `owner (everything, people and keys included), editor (surveys and results) or viewer (results only)`)
  .option('--project <id>', 'the project (default: the only one; needed when there are several)')
  .option('--password-stdin', 'read a password for them from stdin (else they sign in by one-time links)')
  .action(async (email: string, options: { role: string; project?: string; passwordStdin?: boolean }) => {
    if (!CONSOLE_ROLES.includes(options.role as (typeof CONSOLE_ROLES)[number]))
      throw new UsageError(`--role is ${CONSOLE_ROLES.join(', ')}, not ${JSON.stringify(options.role)}`)
    const password = options.passwordStdin ? await passwordFromStdin() : undefined
    const args = {
      email,
      role: options.role,
      ...(options.project ? { projectId: options.project } : {}),
      ...(password ? { password } : {}),
    }
    const { result, publicUrl } = await consoleCommand('users add', args)
    print(`Added ${result.email} to the console of project ${result.projectId} as ${result.role}`)
    printLink(result.link, publicUrl)
  })

users
  .command('list')
  .description("List the console's people: email, role, project, whether they have a password")
  .action(async () => {
    const { result } = await consoleCommand('users list', {})
    if (result.people.length === 0) return print('No people in the console yet: add one with `canvass users add <email> --role owner`.')
    table(
      ['EMAIL', 'ROLE', 'PROJECT', 'PASSWORD', 'CREATED'],
      result.people.map((p) => [p.email, p.role, `${p.projectName} (${p.projectId})`, p.password ? 'yes' : 'no', p.createdAt]),
    )
  })

program
  .command('console-link')
  .description('Print a one-time sign-in link to the console for a person (see `users add`); also while the server runs')
  .argument('<email>', "the person's email")
  .option('--project <id>', 'the project of the person (needed only when the email is a person of several projects)')
  .action(async (email: string, options: { project?: string }) => {
    const { result, publicUrl } = await consoleCommand('console-link', {
      email,
      ...(options.project ? { projectId: options.project } : {}),
    })
    print(`One-time sign-in link for ${result.email}:`)
    printLink(result.link, publicUrl)
  })

program
  .command('import')
  .description('Copy data from another instance into Canvass')
  .command('formbricks')
  .description(
    'Copy an environment of a Formbricks instance (or another Canvass) through its management API: action classes, attribute keys, ' +
      'contacts, segments, surveys, responses (with displays, tags and notes) and webhooks. Safe to run again: what is there already is ' +
      `counted, not copied twice, and a run that was stopped resumes. See ${installation.doc('migrating.md')}.`,
  )
  .requiredOption('--url <url>', 'the source server, e.g. https://formbricks.example.com')
  .option('--api-key <key>', 'a management API key of the source environment (default: $FORMBRICKS_API_KEY)')
  .option(
    '-e, --environment <id>',
    'the Canvass environment to copy into: id, "production"/"development" of the first project, or "source": one with the source environment\'s id (made with a project of its own when missing), so that apps keep their environmentId',
    'production',
  )
  .option(
    '--dry-run',
    'read everything and print what would be copied, writing nothing (on the embedded database, also while the server runs: it reads a copy)',
  )
  .option('--page-size <n>', 'items read per source request and written per transaction (1-1000)', '250')
  .option('--mapping-file <path>', 'where to write the ids that could not be kept (JSON)', 'canvass-import-mappings.json')
  .action((options: { url: string; apiKey?: string; environment: string; dryRun?: boolean; pageSize: string; mappingFile: string }) =>
    withCanvass(async (canvass) => {
      const apiKey = options.apiKey ?? process.env.FORMBRICKS_API_KEY
      if (!apiKey) throw new UsageError('Give the source API key with --api-key or FORMBRICKS_API_KEY')
      let url: URL
      try {
        url = new URL(options.url)
      } catch {
        throw new UsageError(`--url must be an absolute http(s) URL, not ${options.url}`)
      }
      if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UsageError('--url must be an http or https URL')
      if (url.username || url.password) throw new UsageError('--url must not carry credentials: the API key is given with --api-key')
      const pageSize = Number(options.pageSize)
      if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 1000)
        throw new UsageError('--page-size must be a whole number from 1 to 1000')
      const environmentId =
        options.environment === 'source'
          ? await sourceEnvironment(canvass, url, apiKey, options.dryRun ?? false)
          : await resolveEnvironment(canvass, options.environment, IMPORT_MAKES_A_PROJECT)
      print(
        `${options.dryRun ? 'Dry run: reading' : 'Importing'} ${url.origin}${url.pathname.replace(/\/+$/, '')} into environment ${environmentId}`,
      )
      const progress = progressPrinter()
      const report = await canvass.admin.importFormbricks({
        url: url.toString(),
        apiKey,
        environmentId,
        dryRun: options.dryRun ?? false,
        pageSize,
        onProgress: progress.update,
        onWait: ({ ms, reason }) => progress.note(`source ${reason}: waiting ${(ms / 1000).toFixed(1)} s`),
      })
      progress.done()
      printReport(report, options.mappingFile)
      const refused = report.resources.reduce((sum, r) => sum + r.refused, 0)
      // A script that runs the import learns that not everything came over; a dry run only looks (see docs/migrating.md).
      if (refused > 0 && !report.dryRun) {
        print(`\n${refused} item(s) were refused (see above): exit code 2`)
        process.exitCode = 2
      }
    }, options.dryRun === true),
  )

program
  .command('worker')
  .description(
    "Run only Canvass's background work (webhook delivery, retention, the blob janitor, the audit-log purge) until\n" +
      'SIGTERM or SIGINT, beside servers started with CANVASS_BACKGROUND=off on the same database (DATABASE_URL)',
  )
  .action(() => runWorker())

const startAt = startCommandAt(process.argv.slice(2))
if (startAt !== undefined) {
  const args = process.argv.slice(2)
  await start([...args.slice(0, startAt), ...args.slice(startAt + 1)])
} else {
  try {
    await program.parseAsync(process.argv)
  } catch (error) {
    if (error instanceof CommanderError) process.exit(error.exitCode)
    // A message about a setting names the option where the user gave one (`--data-dir`, not DATA_DIR).
    console.error(`canvass: ${namedAsGiven(error instanceof Error ? error.message : String(error), given())}`)
    process.exit(1)
  }
}

/** Where `start` is in the arguments, when it is the command: first, or after the options of every command. */
function startCommandAt(args: readonly string[]): number | undefined {
  let i = 0
  while (i < args.length) {
    const arg = args[i] as string
    const option = SETTING_OPTIONS.find(({ flag }) => arg === flag || arg.startsWith(`${flag}=`))
    if (!option) break
    i += arg === option.flag ? 2 : 1
  }
  return args[i] === 'start' ? i : undefined
}

/** The options of every command that were given, by the variable each stands for. */
function given(): GivenSettings {
  const options = program.opts<Record<string, string | undefined>>()
  const found: GivenSettings = {}
  for (const { flag, variable } of SETTING_OPTIONS) {
    const value = options[flag.slice(2).replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase())]
    if (value !== undefined) found[variable as SettingVariable] = value
  }
  return found
}

/**
 * The settings a command reads: the environment, with the options given in their place, their form checked
 * before the database is opened (a `ConfigError` names the option or variable at fault).
 */
function settings(): NodeJS.ProcessEnv {
  const options = given()
  for (const { flag, variable, value } of SETTING_OPTIONS) {
    if (options[variable] === '') throw new UsageError(`${flag} needs a value: ${flag} ${value}`)
  }
  const env = withSettings(process.env, options)
  checkLocationForm(env)
  return env
}

/**
 * `canvass worker`: the server's background work without its HTTP server, with the server's settings (blob
 * store, secret, audit-log retention, the CANVASS_WEBHOOK_* and retention ones), until a signal stops it.
 */
async function runWorker(): Promise<void> {
  const env = settings()
  const config = readConfig(env)
  if (!config.databaseUrl) {
    process.stderr.write(`Using the embedded database in ${config.dataDir}: no server can use it meanwhile; a worker is for DATABASE_URL\n`)
  }
  const { db } = await openDatabase(config)
  try {
    await migrate(db)
    const blobs = openBlobStore(env, config.dataDir, env.INIT_CWD ?? process.cwd())
    const worker = await startCanvassWorker(
      {
        storage: createKyselyStorage({ db }),
        blobStore: blobs.blobStore,
        secret: await loadSecret(config.secret, config.dataDir),
        webhooks: { allowPrivateAddresses: config.allowPrivateWebhookUrls },
        auditLog: { retentionDays: config.auditLogRetentionDays },
        background: backgroundOptions(config, undefined, true),
      },
      { webhookTransport: createNodeWebhookTransport },
    )
    print(`Canvass worker running (${blobs.description}); SIGTERM or SIGINT stops it`)
    const signal = await new Promise<string>((resolve) => {
      for (const name of ['SIGTERM', 'SIGINT'] as const) process.once(name, () => resolve(name))
    })
    await worker.close()
    print(`Canvass worker stopped (${signal})`)
  } finally {
    await db.destroy()
  }
}

/**
 * Opens the database, migrates it, runs `work` with the admin functions and closes the database again.
 * `dryRunCopy`: a command that writes nothing may run while the server holds the embedded database, on a copy
 * of it (see `copyLiveDatabase`), removed afterwards.
 */
async function withCanvass(
  work: (canvass: Canvass, storage: Storage) => Promise<void>,
  dryRunCopy = false,
  whileServing?: (locked: DataDirLockedError) => Promise<void>,
): Promise<void> {
  const config = readConfig(settings())
  if (!config.databaseUrl) {
    // Looked at before it is made: a folder that cannot be would otherwise hang the command (see writable-folder.ts).
    const problem = await writableFolder(config.dataDir)
    if (problem !== undefined) {
      throw new UsageError(
        `DATA_DIR ${JSON.stringify(config.dataDir)} cannot be written (${problem}): point DATA_DIR at the server's folder`,
      )
    }
    if (!dryRunCopy && !whileServing)
      process.stderr.write(`Using the embedded database in ${config.dataDir} (the server must be stopped)\n`)
  }
  let scratch: string | undefined
  let served = false
  const opened = await openDatabase(config).catch(async (error: unknown) => {
    if (!(error instanceof DataDirLockedError)) throw error
    if (whileServing) {
      served = true
      return whileServing(error)
    }
    if (dryRunCopy) {
      scratch = await mkdtemp(join(tmpdir(), 'canvass-dry-run-'))
      process.stderr.write(
        `DATA_DIR ${error.dataDir} is in use by a running Canvass server: the dry run reads a copy of its database (in ${scratch}, removed afterwards)\n`,
      )
      await copyLiveDatabase(join(config.dataDir, 'pgdata'), join(scratch, 'pgdata'))
      return openDatabase({ ...config, dataDir: scratch })
    }
    // The server's own advice (start it with another DATA_DIR) does not fit a command.
    throw new UsageError(
      `DATA_DIR ${error.dataDir} is in use by a running Canvass server (${error.pid === null ? 'pid unknown' : `pid ${error.pid}`}): ` +
        'the embedded database can be used by one process at a time. Stop the server, run this command, then start the server again',
    )
  })
  if (served || !opened) return
  const { db } = opened
  try {
    await migrate(db)
    const storage = createKyselyStorage({ db })
    await work(
      createCanvass({
        storage,
        webhooks: { allowPrivateAddresses: config.allowPrivateWebhookUrls },
        // Share links the import makes are printed with the server's address.
        publicUrl: config.publicUrl,
      }),
      storage,
    )
  } finally {
    await db.destroy()
    if (scratch) await rm(scratch, { recursive: true, force: true })
  }
}

/**
 * Runs a console command (console-commands.ts) on the database, or, when a server holds the embedded database,
 * in that server through its lock socket. `publicUrl`: where the links are printed, this command's PUBLIC_URL
 * or else the server's.
 */
async function consoleCommand<C extends ConsoleCommandName>(
  command: C,
  args: Record<string, unknown>,
): Promise<{ result: ConsoleCommandResults[C]; publicUrl: string | undefined }> {
  let answer: LockCommandAnswer | undefined
  await withCanvass(
    async (canvass, storage) => {
      answer = await runConsoleCommand({ admin: canvass.admin, storage }, { command, args })
    },
    false,
    async (locked) => {
      process.stderr.write(`DATA_DIR ${locked.dataDir} is in use by a running Canvass server: the command runs in that server\n`)
      answer = await sendLockCommand(locked.dataDir, { command, args })
    },
  )
  if (!answer) throw new Error('The command gave no answer')
  if (!answer.ok) throw new UsageError(answer.error)
  const result = answer.result as ConsoleCommandResults[C] & { publicUrl?: string }
  return { result, publicUrl: readConfig(settings()).publicUrl ?? result.publicUrl }
}

function printLink(link: LinkResult, publicUrl: string | undefined): void {
  print(
    `\n  ${linkAddress(link.path, publicUrl)}\n\nIt works once, until ${link.expiresAt}; \`canvass console-link <email>\` makes another.`,
  )
}

/** A password given on stdin (`--password-stdin`): everything read, without the line's end. */
async function passwordFromStdin(): Promise<string> {
  if (process.stdin.isTTY) process.stderr.write('Password (the input is shown; end it with Enter, then Ctrl-D): ')
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of process.stdin as AsyncIterable<Buffer>) {
    size += chunk.length
    // core bounds a password far below this; more is not a password.
    if (size > 64 * 1024) throw new UsageError('--password-stdin: the input is too long for a password')
    chunks.push(chunk)
  }
  const password = Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '')
  if (password === '') throw new UsageError('--password-stdin: stdin gave no password')
  return password
}

/** What to do about an environment without an API key, which no request can reach yet. */
function noKeyYet(environmentId: string): string {
  return `The environment ${environmentId} has no API key yet: make one with \`canvass keys create --environment ${environmentId}\``
}

/** An environment id as given, or the first project's environment of that type. */
async function resolveEnvironment(canvass: Canvass, value: string, alternative = ''): Promise<string> {
  const projects = await canvass.admin.listProjects()
  if (value === 'production' || value === 'development') {
    const first = projects[0]
    if (!first)
      throw new UsageError(
        `There is no project yet: make one with \`canvass project create <name>\` (starting the server once also makes one)${alternative}`,
      )
    return first.environments[value]
  }
  const known = projects.some((p) => p.environments.production === value || p.environments.development === value)
  if (!known) throw new UsageError(`No environment has the id ${value} (see \`canvass environments\`)`)
  return value
}

function print(line: string): void {
  process.stdout.write(`${line}\n`)
}

function table(header: string[], rows: string[][]): void {
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => (row[i] ?? '').length)))
  for (const row of [header, ...rows])
    print(
      row
        .map((cell, i) => cell.padEnd(widths[i] ?? 0))
        .join('  ')
        .trimEnd(),
    )
}

/**
 * A new Canvass environment with the id of the source key's environment (`GET /api/v1/management/me`, which
 * the reference and Canvass both answer with the environment's `id`), made with a project of its own. Never an
 * environment that exists: the id comes from the source, which could name another project's environment here
 * (see docs/migrating.md). Read with the import's own client: the same origin, deadline and messages.
 */
async function sourceEnvironment(canvass: Canvass, url: URL, apiKey: string, dryRun: boolean): Promise<string> {
  const source = createSourceClient({ url: url.toString(), apiKey })
  const body = await source.document('api/v1/management/me')
  const workspace = typeof body?.workspace === 'object' && body.workspace !== null ? (body.workspace as Record<string, unknown>) : {}
  if (typeof body?.id !== 'string')
    throw new UsageError(`${source.base}/api/v1/management/me does not tell the source environment's id: use --environment <id>`)
  const id = body.id
  const projects = await canvass.admin.listProjects()
  const owner = projects.find((p) => p.environments.production === id || p.environments.development === id)
  if (owner)
    throw new UsageError(
      `The source's environment id ${id} is already an environment here (of the project ${owner.projectName}): ` +
        '--environment source only creates a new one. To import into that environment again, name it: --environment ' +
        id,
    )
  // The reference's current SDKs may name the workspace (a project here) rather than the environment: its id is
  // kept too, when no project here has it.
  const workspaceId = typeof workspace.id === 'string' && workspace.id !== id ? workspace.id : undefined
  const keepWorkspace = workspaceId !== undefined && !projects.some((p) => p.projectId === workspaceId)
  if (dryRun) {
    print(`Would create a project with the environment ${id} (with no API key: the run says how to make one)`)
    return id
  }
  const name = typeof workspace.name === 'string' ? workspace.name : `Imported from ${url.host}`
  const project = await canvass.admin.createProject({
    name,
    environmentIds: { production: id },
    ...(keepWorkspace ? { projectId: workspaceId } : {}),
  })
  print(`Created project ${project.projectName} (${project.projectId}) whose production environment keeps the source's id ${id}`)
  if (workspaceId !== undefined && !keepWorkspace)
    print(`  (the source's workspace id ${workspaceId} is a project here already: this project has a new id)`)
  print(noKeyYet(id))
  return id
}

const FRAMES = ['|', '/', '-', '\\']

/** One line per resource on a terminal (stderr), redrawn after every page, else a plain line per page (stdout), with the rate. */
function progressPrinter() {
  const tty = process.stderr.isTTY === true
  const started = new Map<string, number>()
  let current = ''
  let frame = 0
  const line = (counts: ResourceCounts) => {
    const seconds = Math.max((Date.now() - (started.get(counts.resource) ?? Date.now())) / 1000, 0.001)
    const rate = Math.round(counts.read / seconds)
    return `${counts.resource}: ${counts.read} read, ${counts.created} created, ${counts.already} already there, ${counts.refused} refused (${rate}/s)`
  }
  return {
    update(counts: ResourceCounts) {
      if (!started.has(counts.resource)) {
        // The first word on a resource, before its first page: where its rate is counted from.
        started.set(counts.resource, Date.now())
        if (counts.read === 0) return
      }
      if (!tty) return print(line(counts))
      if (current !== '' && current !== counts.resource) process.stderr.write('\n')
      current = counts.resource
      // The source's v1 lists say nothing of their length: the line turns with each page instead of filling up.
      frame = (frame + 1) % FRAMES.length
      process.stderr.write(`\r${FRAMES[frame]} ${line(counts)}\x1b[K`)
    },
    note(text: string) {
      if (tty) process.stderr.write(`\n${text}\n`)
      else print(text)
    },
    done() {
      if (tty && current !== '') process.stderr.write('\n')
    },
  }
}

function printReport(report: FormbricksImportReport, mappingFile: string): void {
  print('')
  table(
    ['RESOURCE', 'READ', report.dryRun ? 'WOULD CREATE' : 'CREATED', 'ALREADY THERE', 'REFUSED'],
    report.resources.map((r) => [
      r.resource + (r.unavailable ? ' (not offered by the source)' : ''),
      String(r.read),
      String(r.created),
      String(r.already),
      String(r.refused),
    ]),
  )
  const reasons = report.resources.flatMap((r) =>
    Object.entries(r.reasons).map(([reason, { count, ids }]) => `  ${r.resource}: ${count} × ${reason} (e.g. ${ids.join(', ')})`),
  )
  if (reasons.length > 0) print(`\nRefused:\n${reasons.join('\n')}`)
  if (report.droppedFields.length > 0) {
    print(
      `\nFields not copied:\n${report.droppedFields.map((d) => `  ${d.resource}.${d.field} on ${d.count} item(s): ${d.reason}`).join('\n')}`,
    )
  }
  if (report.mappings.length > 0) {
    print(
      `\nIds that could not be kept (source → Canvass):\n${report.mappings
        .slice(0, 20)
        .map((m) => `  ${m.resource} ${m.sourceId} → ${m.targetId}`)
        .join('\n')}`,
    )
    if (!report.dryRun) {
      writeFileSync(mappingFile, `${JSON.stringify(report.mappings, null, 2)}\n`)
      print(
        `  (${report.mappings.length === 10_000 ? 'the first 10,000' : `all ${report.mappings.length}`} written to ${mappingFile}; every pair is kept in the table import_mappings)`,
      )
    }
  }
  const erased = report.resources.filter((r) => r.erased > 0)
  if (erased.length > 0)
    print(
      `\nSkipped as erased here (a contact erased after an earlier import, and its responses; see ${installation.doc('migrating.md')}):\n${erased
        .map((r) => `  ${r.resource}: ${r.erased}`)
        .join('\n')}`,
    )
  if (report.shareKeys.length > 0) {
    print("\nShared results pages (the source's share keys are not kept: give out these new links):")
    for (const { surveyId, resultShareKey, url } of report.shareKeys)
      print(`  ${surveyId}  ${url ?? `/share/${resultShareKey} on this server (set PUBLIC_URL to print the whole address)`}`)
  }
  if (report.webhookSecrets.length > 0) {
    print("\nNew webhook signing secrets (shown once; the source's cannot be read, so give these to the receivers):")
    for (const { id, url, secret } of report.webhookSecrets) print(`  ${id}  ${url}\n    ${secret}`)
  }
}
