import type { CanvassContext } from '../../context'
import { acceptedLanguages } from '../../language-match'
import type { MailLanguage } from '../../ports/storage'
import { queueMail } from '../../mail/queue-mail'
import type { ConsoleAccountSettings } from './console-accounts'
import { accountStore, consoleTokenHash, createConsoleLink } from './console-accounts'

/**
 * The mails of the accounts mode (docs/mail.md, "Mail in the console's flows"): invitations, sign-in links,
 * password resets and role changes. Each carries an absolute address, made from `publicUrl` only, never from a
 * request's `Host` (which a client chooses): without `publicUrl`, or without mail, nothing is mailed and the
 * flows show their links as they do without mail.
 */
export type AccountMailContext = Pick<CanvassContext, 'storage' | 'mail' | 'now' | 'newId' | 'publicUrl'>

/** Whether this Canvass mails the accounts mode's links: mail is on, its storage keeps mail, and `publicUrl` is set. */
export function accountMailOn(ctx: AccountMailContext): boolean {
  return ctx.mail !== undefined && ctx.storage.mail !== undefined && Boolean(ctx.publicUrl)
}

/** `path` (from the base path on, `/console/…`) on `publicUrl`. */
function address(ctx: AccountMailContext, path: string): string {
  return `${(ctx.publicUrl ?? '').replace(/\/+$/, '')}${path}`
}

/** The console of one project, as a mail opens it. */
export function projectConsoleAddress(ctx: AccountMailContext, projectId: string): string {
  return address(ctx, `/console?project=${encodeURIComponent(projectId)}`)
}

/** The mails' language for a request a person sends themselves: German when their browser prefers it over English. */
export function requestMailLanguage(request: Request): MailLanguage {
  for (const tag of acceptedLanguages(request.headers.get('accept-language'))) {
    const primary = tag.toLowerCase().split('-')[0]
    if (primary === 'de') return 'de'
    if (primary === 'en') return 'en'
  }
  return 'en'
}

/** A project's name, as mails name it (its id when it has none). */
async function projectName(ctx: AccountMailContext, projectId: string): Promise<string> {
  const project = (await ctx.storage.projects.list()).find((candidate) => candidate.projectId === projectId)
  return project?.projectName || projectId
}

/**
 * Mails an invitation to a new person of a project: a one-time link that signs in their account, made for the
 * mail alone (nobody else is shown it). Answers `off` when nothing was mailed (the caller then shows a link as
 * without mail).
 */
export async function mailInvitation(
  ctx: AccountMailContext,
  settings: ConsoleAccountSettings,
  invite: {
    personId: string
    accountId: string
    email: string
    projectId: string
    role: 'viewer' | 'editor' | 'owner'
    invitedBy: string | null
    language: MailLanguage
  },
): Promise<'queued' | 'off'> {
  if (!accountMailOn(ctx)) return 'off'
  const now = ctx.now()
  const link = await createConsoleLink(ctx.storage, now, { projectId: null, accountId: invite.accountId, mailed: true }, settings)
  return queueMail(ctx, {
    kind: 'invitation',
    eventKey: `invitation:${invite.personId}`,
    to: invite.email,
    language: invite.language,
    projectId: invite.projectId,
    values: {
      projectName: await projectName(ctx, invite.projectId),
      role: invite.role,
      link: `${address(ctx, link.path)}?project=${encodeURIComponent(invite.projectId)}`,
      expiresAt: link.expiresAt,
      invitedBy: invite.invitedBy,
    },
  })
}

/** Mails a person of a project that their role there changed; the mail opens that project's console. */
export async function mailRoleChanged(
  ctx: AccountMailContext,
  change: {
    personId: string
    email: string
    projectId: string
    role: 'viewer' | 'editor' | 'owner'
    changedBy: string | null
    language: MailLanguage
    at: Date
  },
): Promise<'queued' | 'off'> {
  if (!accountMailOn(ctx)) return 'off'
  return queueMail(ctx, {
    kind: 'role-changed',
    eventKey: `role-changed:${change.personId}:${change.at.getTime()}:${change.role}`,
    to: change.email,
    language: change.language,
    projectId: change.projectId,
    values: {
      projectName: await projectName(ctx, change.projectId),
      role: change.role,
      consoleUrl: projectConsoleAddress(ctx, change.projectId),
      changedBy: change.changedBy,
    },
  })
}

/**
 * What a person asked for by their address: a sign-in link (`/console/link/…`) or a new password
 * (`/console/reset/…`). Mails the account of `email` when there is one, and nothing otherwise; the caller
 * answers the same either way, after the same least time (`answerFloor`), so that neither the answer nor its
 * time tells whether an address has an account.
 */
export async function mailAccountLink(
  ctx: AccountMailContext,
  settings: ConsoleAccountSettings,
  request: { kind: 'sign-in-link' | 'password-reset'; email: string; language: MailLanguage },
): Promise<void> {
  if (!accountMailOn(ctx)) return
  const account = await accountStore(ctx.storage).findAccountByEmail(request.email)
  if (!account) return
  const link = await createConsoleLink(ctx.storage, ctx.now(), { projectId: null, accountId: account.id, mailed: true }, settings)
  const path = request.kind === 'password-reset' ? `/console/reset/${link.token}` : link.path
  await queueMail(ctx, {
    kind: request.kind,
    // One mail per link made: a link's hash names it without being it.
    eventKey: `${request.kind}:${consoleTokenHash(link.token).slice(0, 32)}`,
    to: account.email,
    language: request.language,
    projectId: null,
    values: { link: address(ctx, path), expiresAt: link.expiresAt },
  })
}

/**
 * The least time an answer to "mail me a link" takes: it waits until `floorMs` have passed since `startedAt`
 * (by the host's clock), so that an address with an account (a lookup, a link and a mail written) and one
 * without (a lookup) answer after the same time.
 */
export async function answerFloor(startedAt: number, floorMs = 400): Promise<void> {
  const left = startedAt + floorMs - Date.now()
  if (left > 0) await new Promise((resolve) => setTimeout(resolve, left))
}
