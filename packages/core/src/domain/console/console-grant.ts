import type { ConsoleRole } from '../../ports/storage/index'

/** Who may enter the console, as `console.authorize` answers it (design §1; one type with the console's own). */
export interface ConsoleGrant {
  projectId: string
  role: ConsoleRole
  /** Who this is: the audit log records `name` (e.g. an email). */
  person?: { id: string; name: string }
}

/**
 * Who a console request is: the grants of its person (one per project, the first one the project a request
 * without an environment works in) and `subject`, what the console page's CSRF token is bound to (the person,
 * or for grants without one, the grants themselves).
 */
export interface ConsoleAccess {
  grants: ConsoleGrant[]
  subject: string
}

/**
 * The access of a library host's grants: bound to their person when all of them name one person, else to the
 * list of projects, roles and persons.
 */
export function hostAccess(grants: ConsoleGrant[]): ConsoleAccess {
  const ids = new Set(grants.map((grant) => grant.person?.id))
  const [only] = ids
  if (ids.size === 1 && only !== undefined) return { grants, subject: `person\n${only}` }
  const listed = grants.map((grant) => [grant.projectId, grant.role, grant.person?.id ?? ''].join('\u0000')).sort()
  return { grants, subject: `grants\n${listed.join('\n')}` }
}
