import type { ReportingStorage, Storage } from '@canvass/core'
import type { PortTest } from '../optional-port-kit'

/** What each check of the reporting port is handed: the storage (to seed data) and its reporting port. */
export interface ReportingTestContext {
  storage: Storage
  reporting: ReportingStorage
}

/** One check of the reporting port. */
export type ReportingStorageTest = PortTest<ReportingTestContext>
