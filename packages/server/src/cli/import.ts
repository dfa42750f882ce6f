import type { Cli } from './cli-context'
import { printReport } from './import-report'
import { progressPrinter } from './import-progress'
import { sourceEnvironment } from './import-source-environment'
import { print } from './output'
import { UsageError } from './usage-error'
import { resolveEnvironment, withCanvass } from './with-canvass'

/** The way an import makes a project of its own, named where there is none (before the commands run). */
const IMPORT_MAKES_A_PROJECT = ", or import with `--environment source`, which makes one whose production environment keeps the source's id"

/**
 * `canvass import formbricks`: copies an environment of another instance in (core's `importFormbricks`), with
 * its progress as it goes and its report at the end; exit code 2 when items were refused.
 */
export function addImportCommand(cli: Cli): void {
  cli.program
    .command('import')
    .description('Copy data from another instance into Canvass')
    .command('formbricks')
    .description(
      'Copy an environment of a Formbricks instance (or another Canvass) through its management API: action classes, attribute keys, ' +
        'contacts, segments, surveys, responses (with displays, tags and notes) and webhooks. Safe to run again: what is there already is ' +
        `counted, not copied twice, and a run that was stopped resumes. See ${cli.installation.doc('migrating.md')}.`,
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
      withCanvass(
        cli,
        async (canvass) => {
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
          printReport(report, options.mappingFile, cli.installation)
          const refused = report.resources.reduce((sum, r) => sum + r.refused, 0)
          // A script that runs the import learns that not everything came over; a dry run only looks (see docs/migrating.md).
          if (refused > 0 && !report.dryRun) {
            print(`\n${refused} item(s) were refused (see above): exit code 2`)
            process.exitCode = 2
          }
        },
        options.dryRun === true,
      ),
    )
}
