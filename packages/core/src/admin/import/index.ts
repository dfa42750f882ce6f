/**
 * `import formbricks`: copies an environment of a Formbricks instance (or of another Canvass) into one here,
 * a file per step, run in the order below (later resources name earlier ones). See docs/migrating.md.
 */
import type { CanvassContext } from '../../context'
import { appendAuditEntry } from '../../domain/audit-log'
import { CanvassError } from '../../errors'
import { importActionClasses } from './action-classes'
import { importAttributeKeys } from './attribute-keys'
import { sourceAttributes } from './contact-attributes'
import { importContacts } from './contacts'
import type { FormbricksImportOptions, FormbricksImportReport } from './options'
import { readResource } from './read-resource'
import { importResponses } from './responses'
import type { ImportRun } from './run'
import { createImportRun } from './run'
import { importSegments } from './segments'
import { createSourceClient } from './source-client'
import { importSurveys } from './surveys'
import { importWebhooks } from './webhooks'

export type { FormbricksImportOptions, FormbricksImportReport, ImportResource, ResourceCounts } from './options'
export { IMPORT_RESOURCES } from './options'

/**
 * Copies an environment of a Formbricks instance (or of another Canvass, which speaks the same management
 * API) into `options.environmentId`: action classes, attribute keys, contacts, segments, surveys, responses
 * (with displays, tags and notes) and webhooks. Ids are kept where they are free; every source id is
 * recorded with its id here before the row is written, so a second run finds them "already there" and a
 * run killed half-way resumes. The source is read page by page, one request at a time.
 */
export async function importFormbricks(ctx: CanvassContext, options: FormbricksImportOptions): Promise<FormbricksImportReport> {
  const environment = await ctx.storage.environments.get(options.environmentId)
  // A dry run may name the environment a real run would make (`--environment source`).
  if (!environment && !options.dryRun) throw new CanvassError('not_found', `Environment ${options.environmentId} does not exist`)
  const run = createImportRun(ctx, createSourceClient(options), options, environment === null)
  try {
    await runSteps(run)
  } finally {
    // An admin action like an API write: one entry with the counts (never what was copied), also for a run
    // that stopped half-way, when it was not a dry run. See docs/data-rights.md#audit-log.
    if (!options.dryRun && environment) await recordImport(ctx, options.environmentId, run.report)
  }
  return run.report
}

/** Each resource in turn, page by page (`IMPORT_RESOURCES` lists them in this order). */
async function runSteps(run: ImportRun): Promise<void> {
  const m = '/api/v1/management'
  await readResource(run, 'actionClasses', `${m}/action-classes`, (items) => importActionClasses(run, items))
  await readResource(run, 'contactAttributeKeys', `${m}/contact-attribute-keys`, (items) => importAttributeKeys(run, items))
  const attributes = await sourceAttributes(run)
  await readResource(run, 'contacts', `${m}/contacts`, (items) => importContacts(run, items, attributes))
  run.segmentsListed = await readResource(run, 'segments', `${m}/segments`, (items) => importSegments(run, items))
  await readResource(run, 'surveys', `${m}/surveys`, (items) => importSurveys(run, items), 'offset')
  await readResource(run, 'responses', `${m}/responses`, (items) => importResponses(run, items))
  await readResource(run, 'webhooks', '/api/v1/webhooks', (items) => importWebhooks(run, items))
  run.report.droppedFields = [...run.dropped.values()]
}

async function recordImport(ctx: CanvassContext, environmentId: string, report: FormbricksImportReport): Promise<void> {
  const total = (field: 'read' | 'created' | 'already' | 'refused') => report.resources.reduce((sum, r) => sum + r[field], 0)
  const event = {
    environmentId,
    action: 'import',
    resourceType: 'environment',
    resourceId: environmentId,
    summary: { result: { read: total('read'), created: total('created'), already: total('already'), refused: total('refused') } },
  }
  await appendAuditEntry(ctx.storage, event, ctx.now()).catch((error: unknown) =>
    ctx.auditFailed({ route: 'admin: import formbricks', method: 'ADMIN', requestId: null, error }),
  )
}
