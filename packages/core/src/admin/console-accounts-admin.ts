import * as v from 'valibot'
import type { AuditEvent } from '../domain/console/audit-log'
import type { ConsoleAccountSettings, ConsoleRole } from '../domain/console/console-accounts'
import {
  accountStore,
  consoleEmailSchema,
  createConsoleLink,
  isConsoleRole,
  newConsolePerson,
  onlyProjectId,
  passwordProblem,
} from '../domain/console/console-accounts'
import { CanvassError } from '../errors'
import type { Storage } from '../ports/storage'

/** The admin functions of the console's own people (docs/console-accounts.md), part of `CanvassAdmin`. */
export interface ConsoleAccountsAdmin {
  /**
   * Adds a person to the console of a project (`projectId`, else the only project; an error when there are
   * several) with a role and, optionally, a password (hashed, never kept), and makes a one-time sign-in link
   * for them: `link.path` is `/console/link/<token>`, to put after the public URL.
   * Throws a `CanvassError` for a bad email, role or password (400), an unknown project (404), an email a person
   * of the project has already (409).
   */
  addConsolePerson(options: { email: string; role: ConsoleRole; projectId?: string; password?: string }): Promise<{
    id: string
    projectId: string
    email: string
    role: ConsoleRole
    link: { path: string; expiresAt: Date }
  }>
  /**
   * A one-time sign-in link: for the person with `email` (of project `projectId`; needed when the email is a
   * person's in several projects, a `bad_request` without it), or (`firstOwner`) one that asks for an email and
   * makes its giver an owner of the project (`projectId`, else the only project). `path` is `/console/link/<token>`.
   * Throws a `CanvassError` `not_found` when no person (of that project) has the email.
   */
  createConsoleLink(
    options: { email: string; projectId?: string } | { firstOwner: true; projectId?: string },
  ): Promise<{ path: string; expiresAt: Date }>
  /** How many people the console has, in all projects (the standalone server prints a first-owner link at 0). */
  countConsolePeople(): Promise<number>
}

export function createConsoleAccountsAdmin(
  storage: Storage,
  newId: () => string,
  now: () => Date,
  settings: ConsoleAccountSettings,
  record: (event: AuditEvent) => Promise<void>,
): ConsoleAccountsAdmin {
  /** An admin change is written to the audit log of the project's production environment. */
  async function recordFor(projectId: string, event: Omit<AuditEvent, 'environmentId'>): Promise<void> {
    const project = (await storage.projects.list()).find((p) => p.projectId === projectId)
    if (project) await record({ ...event, environmentId: project.environments.production })
  }

  return {
    async addConsolePerson(options) {
      const email = v.safeParse(consoleEmailSchema, options.email)
      if (!email.success)
        throw new CanvassError('bad_request', `Not an email address: ${JSON.stringify(String(options.email).slice(0, 80))}`)
      if (!isConsoleRole(options.role)) throw new CanvassError('bad_request', 'role must be viewer, editor or owner')
      const problem = options.password === undefined ? undefined : passwordProblem(options.password)
      if (problem) throw new CanvassError('bad_request', problem)
      const projectId = await onlyProjectId(storage, options.projectId)
      const at = now()
      const person = await newConsolePerson(newId(), at, { projectId, email: email.output, role: options.role, password: options.password })
      if ((await accountStore(storage).insertPerson(person)) === 'email_taken') {
        throw new CanvassError('conflict', `A person of project ${projectId} has the email ${email.output} already`)
      }
      await recordFor(projectId, {
        action: 'create',
        resourceType: 'consolePerson',
        resourceId: person.id,
        summary: { fields: ['email', 'role'] },
      })
      const link = await createConsoleLink(storage, at, { projectId, personId: person.id }, settings)
      return { id: person.id, projectId, email: person.email, role: person.role, link }
    },

    async createConsoleLink(options) {
      if ('firstOwner' in options && options.firstOwner === true) {
        const projectId = await onlyProjectId(storage, options.projectId)
        return createConsoleLink(storage, now(), { projectId, personId: null }, settings)
      }
      const { projectId } = options as { projectId?: unknown }
      const email = v.safeParse(consoleEmailSchema, (options as { email?: unknown }).email)
      const people = (email.success ? await accountStore(storage).findPeopleByEmail(email.output) : []).filter(
        (person) => projectId === undefined || person.projectId === projectId,
      )
      const [person] = people
      if (!person) throw new CanvassError('not_found', 'No person of the console has this email')
      if (people.length > 1) {
        throw new CanvassError('bad_request', `People of several projects have the email ${person.email}: name one with projectId`, {
          details: { projectId: 'required' },
        })
      }
      return createConsoleLink(storage, now(), { projectId: person.projectId, personId: person.id }, settings)
    },

    countConsolePeople: () => accountStore(storage).countPeople(),
  }
}
