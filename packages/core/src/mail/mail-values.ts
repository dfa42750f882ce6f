import type { MailKind } from '../ports/storage'

/** A role as mails name it. */
export type MailRole = 'viewer' | 'editor' | 'owner'

/**
 * `invitation`: someone is asked to join a project's console. `link` opens the invitation (absolute http(s)
 * URL); it works until `expiresAt`. `invitedBy` is the inviter's name or address, when known.
 */
export interface InvitationValues {
  projectName: string
  role: MailRole
  link: string
  expiresAt: Date
  invitedBy?: string | null
}

/** `sign-in-link`: a one-time link that signs its holder in, until `expiresAt`. */
export interface SignInLinkValues {
  link: string
  expiresAt: Date
}

/** `password-reset`: a one-time link to choose a new password, until `expiresAt`. */
export interface PasswordResetValues {
  link: string
  expiresAt: Date
}

/** `role-changed`: the person's role in a project is now `role`; `consoleUrl` opens the console. */
export interface RoleChangedValues {
  projectName: string
  role: MailRole
  consoleUrl: string
  changedBy?: string | null
}

/** The values each kind of mail is written from, by kind. */
export interface MailValuesByKind {
  invitation: InvitationValues
  'sign-in-link': SignInLinkValues
  'password-reset': PasswordResetValues
  'role-changed': RoleChangedValues
}

/** A kind with its values, as `queueMail` and `renderMail` take them. */
export type MailContent = { [K in MailKind]: { kind: K; values: MailValuesByKind[K] } }[MailKind]

/** The kinds, in the order the docs list them. */
export const MAIL_KINDS: readonly MailKind[] = ['invitation', 'sign-in-link', 'password-reset', 'role-changed']
