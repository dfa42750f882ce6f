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
   * Adds a person to a project (`projectId`, else the only project; an error when there are several) with a
   * role: to the account of the email when there is one, else to a new account with, optionally, a password
   * (hashed, never kept). Makes a one-time sign-in link for the account: `link.path` is `/console/link/<token>`,
   * to put after the public URL. Throws a `CanvassError` for a bad email, role or password, or a password for
   * an email that has an account already (400), an unknown project (404), an account that is a person of the
   * project already (409).
   */
  addConsolePerson(options: { email: string; role: ConsoleRole; projectId?: string; password?: string }): Promise<{
    id: string
    projectId: string
    accountId: string
    email: string
    role: ConsoleRole
    /** Whether the account was made here (else the email's account was used). */
    accountCreated: boolean
    link: { path: string; expiresAt: Date }
  }>
  /**
   * A one-time sign-in link: for the account of `email` (with `projectId`, only when the account is a person of
   * that project), or (`firstOwner`) one that asks for an email and makes its giver an owner of the project
   * (`projectId`, else the only project). `path` is `/console/link/<token>`.
   * Throws a `CanvassError` `not_found` when no account has the email (or it is no person of that project).
   */
  createConsoleLink(
    options: { email: string; projectId?: string } | { firstOwner: true; projectId?: string },
  ): Promise<{ path: string; expiresAt: Date }>
  /** How many people (memberships) the console has, in all projects (the standalone server prints a first-owner link at 0). */
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
      const person = await newConsolePerson({ id: newId(), accountId: newId() }, at, {
        projectId,
        email: email.output,
        role: options.role,
        password: options.password,
      })
      const added = await accountStore(storage).addPerson(person)
      if (added.outcome !== 'created') {
        if (added.outcome === 'already_member') {
          throw new CanvassError('conflict', `A person of project ${projectId} has the email ${email.output} already`)
        }
        throw new CanvassError('bad_request', `${email.output} has an account already, with its own password: add them without one`, {
          details: { password: 'account exists' },
        })
      }
      await recordFor(projectId, {
        action: 'create',
        resourceType: 'consolePerson',
        resourceId: added.person.id,
        summary: { fields: ['email', 'role'] },
      })
      const link = await createConsoleLink(storage, at, { projectId: null, accountId: added.person.accountId }, settings)
      const { id, accountId, role } = added.person
      return { id, projectId, accountId, email: email.output, role, accountCreated: added.accountCreated, link }
    },

    async createConsoleLink(options) {
      if ('firstOwner' in options && options.firstOwner === true) {
        const projectId = await onlyProjectId(storage, options.projectId)
        return createConsoleLink(storage, now(), { projectId, accountId: null }, settings)
      }
      const { projectId } = options as { projectId?: unknown }
      const email = v.safeParse(consoleEmailSchema, (options as { email?: unknown }).email)
      const account = email.success ? await accountStore(storage).findAccountByEmail(email.output) : null
      const member =
        account !== null &&
        (projectId === undefined ||
          (await accountStore(storage).listMemberships(account.id)).some((membership) => membership.projectId === projectId))
      if (!account || !member) throw new CanvassError('not_found', 'No person of the console has this email')
      return createConsoleLink(storage, now(), { projectId: null, accountId: account.id }, settings)
    },

    countConsolePeople: () => accountStore(storage).countPeople(),
  }
}
