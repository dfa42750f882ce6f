/**
 * Who an SSO sign-in signs in (docs/sso.md, "People and roles"): the one place that finds or makes a person for
 * verified claims, so that a change of how people are kept touches this file alone.
 */
import * as v from 'valibot'
import type { ConsolePersonRecord, ConsoleRole, Storage } from '../../../ports/storage/index'
import { accountStore, consoleEmailSchema, newConsolePerson, roleAtLeast } from '../console-accounts'
import type { SsoClaims } from './oidc-client'
import type { SsoProvider } from './sso-settings'

/** Why a sign-in is refused; each has its plain words on the refusal page (`routes/console-sso.ts`). */
export type SsoRefusal = 'email_missing' | 'email_not_verified' | 'domain_not_allowed' | 'no_role' | 'no_project' | 'try_again'

export type SsoProvisioning =
  | {
      outcome: 'signIn'
      person: ConsolePersonRecord
      /** Made at this sign-in (just in time). */
      created: boolean
      /** The role the provider's claim changed, when it did. */
      roleChange: { from: ConsoleRole; to: ConsoleRole } | null
    }
  | { outcome: 'refused'; reason: SsoRefusal }

/**
 * The person `claims` sign in through `provider`, or why not: the email must be given, verified
 * (`email_verified` true) and of an allowed domain; the person of the provider's project with that email is
 * taken, or made (a membership of the email's account, or a new account with it) with the role (`roleMap` of `roleClaim`, else `defaultRole`); with `roleClaim`, a role the
 * claim maps to otherwise is written at each sign-in (never the project's last owner's demotion, which the
 * store refuses: they stay owner). Two first sign-ins of one email at once make one person.
 */
export async function provisionSsoPerson(
  deps: { storage: Pick<Storage, 'consoleAccounts' | 'projects'>; now: Date; newId: () => string },
  provider: SsoProvider,
  claims: SsoClaims,
): Promise<SsoProvisioning> {
  const refused = (reason: SsoRefusal) => ({ outcome: 'refused', reason }) as const
  const parsed = v.safeParse(consoleEmailSchema, claims.email)
  if (!parsed.success) return refused('email_missing')
  const email = parsed.output
  if (claims.email_verified !== true && claims.email_verified !== 'true') return refused('email_not_verified')
  const domain = email.slice(email.lastIndexOf('@') + 1)
  if (provider.allowedDomains.length > 0 && !provider.allowedDomains.includes(domain)) return refused('domain_not_allowed')
  const claimed = provider.roleClaim === undefined ? undefined : (roleOfClaim(provider, claims[provider.roleClaim]) ?? provider.defaultRole)
  if (claimed === null) return refused('no_role')
  const projectId = await projectOf(deps.storage, provider)
  if (projectId === undefined) return refused('no_project')

  const store = accountStore(deps.storage)
  const find = async () => {
    const account = await store.findAccountByEmail(email)
    return account ? (await store.listMemberships(account.id)).find((person) => person.projectId === projectId) : undefined
  }
  let person = await find()
  if (!person) {
    const role = claimed ?? provider.defaultRole
    if (role === null) return refused('no_role')
    // The email's account when it has one (the store takes it), else a new one without a password.
    const made = await newConsolePerson({ id: deps.newId(), accountId: deps.newId() }, deps.now, { projectId, email, role })
    const added = await store.addPerson(made)
    if (added.outcome === 'created') return { outcome: 'signIn', person: added.person, created: added.accountCreated, roleChange: null }
    // Another sign-in of the same email made them a moment ago.
    person = await find()
    if (!person) return refused('try_again')
  }
  if (claimed === undefined || claimed === person.role) return { outcome: 'signIn', person, created: false, roleChange: null }
  const outcome = await store.setRole(projectId, person.id, claimed, deps.now)
  if (outcome === 'last_owner') return { outcome: 'signIn', person, created: false, roleChange: null }
  const updated = outcome === 'updated' ? await store.getPerson(person.id) : null
  if (!updated) return refused('try_again')
  return { outcome: 'signIn', person: updated, created: false, roleChange: { from: person.role, to: updated.role } }
}

/** The highest role `roleMap` gives the claim's values (a text, or an array of texts), or undefined for none. */
function roleOfClaim(provider: SsoProvider, value: unknown): ConsoleRole | undefined {
  const values = (Array.isArray(value) ? value : [value]).slice(0, 1000).filter((item): item is string => typeof item === 'string')
  let best: ConsoleRole | undefined
  for (const item of values) {
    const role = Object.hasOwn(provider.roleMap, item) ? provider.roleMap[item] : undefined
    if (role && (best === undefined || roleAtLeast(role, best))) best = role
  }
  return best
}

/** The provider's project: the one it names while that exists, else the only project. */
async function projectOf(storage: Pick<Storage, 'projects'>, provider: SsoProvider): Promise<string | undefined> {
  const projects = await storage.projects.list()
  if (provider.projectId !== undefined)
    return projects.some((project) => project.projectId === provider.projectId) ? provider.projectId : undefined
  return projects.length === 1 ? projects[0]?.projectId : undefined
}
