/**
 * The console's people from the command line (docs/console-accounts.md, "People on the standalone server"):
 * `canvass users add`, `canvass users list` and `canvass console-link`. The same code runs in the CLI, on a
 * database it opens, and in a running server that holds the embedded database, which gets the command through
 * its data folder's lock socket (data-dir-lock.ts); the CLI prints the result the same way in both cases.
 */
import { CanvassError } from '@canvass/core'
import type { Canvass, ConsolePersonRecord, Storage } from '@canvass/core'
import type { LockCommand, LockCommandAnswer } from './data-dir-lock'

export const CONSOLE_ROLES = ['owner', 'editor', 'viewer'] as const
export type ConsoleRoleName = (typeof CONSOLE_ROLES)[number]

/** A one-time sign-in link as the admin functions make it: a path to put after the public URL. */
export interface LinkResult {
  path: string
  expiresAt: string
}

/** What each command answers, as JSON (it crosses the lock socket). */
export interface ConsoleCommandResults {
  'users add': { id: string; projectId: string; email: string; role: string; accountCreated: boolean; link: LinkResult }
  'console-link': { email: string; link: LinkResult }
  'users list': {
    /** One per membership: a person of two projects is listed twice. */
    people: { id: string; projectId: string; projectName: string; email: string; role: string; password: boolean; createdAt: string }[]
  }
}

export type ConsoleCommandName = keyof ConsoleCommandResults

/** What a command needs of a Canvass: its admin functions, and the storage for the list (which no admin function gives). */
export interface ConsoleCommandParts {
  admin: Pick<Canvass['admin'], 'addConsolePerson' | 'createConsoleLink' | 'listProjects'>
  storage: Pick<Storage, 'consoleAccounts'>
}

/**
 * Runs a console command; a `CanvassError` (a bad email, an email taken, several projects and none named) is
 * the operator's to fix and is answered in words, anything else rejects.
 */
export async function runConsoleCommand(parts: ConsoleCommandParts, { command, args }: LockCommand): Promise<LockCommandAnswer> {
  try {
    return { ok: true, result: await run(parts, command, args) }
  } catch (error) {
    if (error instanceof CanvassError) return { ok: false, error: error.message }
    throw error
  }
}

async function run(parts: ConsoleCommandParts, command: string, args: Record<string, unknown>): Promise<unknown> {
  const text = (name: string) => {
    const value = args[name]
    if (value === undefined) return undefined
    if (typeof value !== 'string') throw new CanvassError('bad_request', `${name} must be text`)
    return value
  }
  if (command === 'users add') {
    const role = text('role')
    if (!CONSOLE_ROLES.includes(role as ConsoleRoleName)) throw new CanvassError('bad_request', 'role must be owner, editor or viewer')
    const projectId = text('projectId')
    const password = text('password')
    const person = await parts.admin
      .addConsolePerson({
        email: text('email') ?? '',
        role: role as ConsoleRoleName,
        ...(projectId !== undefined ? { projectId } : {}),
        ...(password !== undefined ? { password } : {}),
      })
      .catch((error: unknown) => {
        // The admin function names its option; the operator of the CLI gives `--password-stdin`.
        if (error instanceof CanvassError && error.details.password !== undefined) {
          throw new CanvassError(
            'bad_request',
            `${String(args.email).trim().toLowerCase()} has an account already, with its own password: add them without --password-stdin`,
          )
        }
        throw error
      })
    const { id, email, accountCreated } = person
    return {
      id,
      projectId: person.projectId,
      email,
      role: person.role,
      accountCreated,
      link: linkResult(person.link),
    } satisfies ConsoleCommandResults['users add']
  }
  if (command === 'console-link') {
    const email = text('email') ?? ''
    const projectId = text('projectId')
    const link = await parts.admin.createConsoleLink({ email, ...(projectId !== undefined ? { projectId } : {}) })
    return { email: email.trim().toLowerCase(), link: linkResult(link) } satisfies ConsoleCommandResults['console-link']
  }
  if (command === 'users list') {
    const people: ConsoleCommandResults['users list']['people'] = []
    // The server's storage always keeps the console's people (createKyselyStorage provides the port).
    const accounts = parts.storage.consoleAccounts
    if (!accounts) throw new Error('users list needs storage.consoleAccounts')
    for (const project of await parts.admin.listProjects()) {
      for (const person of await accounts.listPeople(project.projectId)) {
        people.push(listed(person, project.projectName))
      }
    }
    return { people } satisfies ConsoleCommandResults['users list']
  }
  throw new CanvassError('bad_request', `No command is called ${JSON.stringify(command.slice(0, 40))}`)
}

function linkResult(link: { path: string; expiresAt: Date }): LinkResult {
  return { path: link.path, expiresAt: link.expiresAt.toISOString() }
}

function listed(person: ConsolePersonRecord, projectName: string): ConsoleCommandResults['users list']['people'][number] {
  return {
    id: person.id,
    projectId: person.projectId,
    projectName,
    email: person.email,
    role: person.role,
    password: person.passwordHash !== null,
    createdAt: person.createdAt.toISOString(),
  }
}

/** A link's whole address on `publicUrl`; without one, the path and what to do about it. */
export function linkAddress(path: string, publicUrl: string | undefined): string {
  if (!publicUrl) return `${path}  (on this server's address; set PUBLIC_URL to print it whole)`
  return `${publicUrl.replace(/\/+$/, '')}${path}`
}
