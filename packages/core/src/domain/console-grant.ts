import type { ConsoleRole } from '../ports/storage'

/** Who may enter the console, as `console.authorize` answers it (design §1; one type with the console's own). */
export interface ConsoleGrant {
  projectId: string
  role: ConsoleRole
  /** Who this is: the audit log records `name` (e.g. an email). */
  person?: { id: string; name: string }
}
