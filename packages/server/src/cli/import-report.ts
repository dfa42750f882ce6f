import type { FormbricksImportReport } from '@canvass/core'
import { writeFileSync } from 'node:fs'
import type { Installation } from '../where-installed'
import { print, table } from './output'

/**
 * An import's report as the operator reads it: the counts per resource, why items were refused, the fields not
 * copied, the ids that could not be kept (written to `mappingFile`), and the new share links and webhook secrets.
 */
export function printReport(report: FormbricksImportReport, mappingFile: string, installation: Installation): void {
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
