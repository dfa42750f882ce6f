import { runPortTests } from '../optional-port-kit'
import type { TestPortOptions } from '../optional-port-kit'
import { auditLogTests } from './audit-log-tests'
import type { ReportingStorageTest } from './reporting-test'
import { responsePathTests } from './response-path-tests'
import { responseReportTests } from './response-report-tests'
import { answerSearchTests } from './answer-search-tests'
import { summaryKeepingTests } from './summary-keeping-tests'
import { timeSeriesTests } from './time-series-tests'

/** Every check of the reporting port, in the order they run. */
export const REPORTING_STORAGE_TESTS: readonly ReportingStorageTest[] = [
  ...responseReportTests,
  ...answerSearchTests,
  ...responsePathTests,
  ...auditLogTests,
  ...timeSeriesTests,
  ...summaryKeepingTests,
]

/**
 * The uvu suite of the optional reporting port (`storage.reporting`): counts, answer lists and the audit log, read
 * back after the storage's main port wrote them. An adapter that provides the port runs it beside `testStorage`
 * (whose checks that read through the port to see what was written are marked `needsReporting`):
 *
 * ```ts
 * testReportingStorage({ name: 'my adapter', create: async () => createMyStorage() })
 * ```
 */
export function testReportingStorage(options: TestPortOptions): void {
  runPortTests('testReportingStorage', options, REPORTING_STORAGE_TESTS, (storage) => {
    if (!storage.reporting) throw new Error(`testReportingStorage: "${options.name}" has no storage.reporting`)
    return { storage, reporting: storage.reporting }
  })
}
