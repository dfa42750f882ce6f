import type { MailKind, MailLanguage } from '../ports/storage'
import type { MailRole, MailValuesByKind } from './mail-values'

/**
 * A mail's words before they become text and HTML (`render-mail.ts`): paragraphs of plain text (values in
 * them as they are: the HTML rendering escapes every paragraph), a button with its address, and what follows.
 */
export interface MailWords {
  subject: string
  paragraphs: string[]
  action: { label: string; url: string }
  after: string[]
}

type Writer<K extends MailKind> = (values: MailValuesByKind[K]) => MailWords

const ROLES: Record<MailLanguage, Record<MailRole, string>> = {
  en: { viewer: 'viewer', editor: 'editor', owner: 'owner' },
  de: { viewer: 'Betrachter', editor: 'Bearbeiter', owner: 'Inhaber' },
}

/** `2025-03-01 14:30 UTC`: the same in both languages, unambiguous, without the runtime's locale data. */
export function mailTime(date: Date): string {
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`
}

const EN: { [K in MailKind]: Writer<K> } = {
  invitation: (v) => ({
    subject: `You are invited to ${v.projectName} on Canvass`,
    paragraphs: [
      `${v.invitedBy ? `${v.invitedBy} invited you` : 'You are invited'} to join the project ${v.projectName} as ${ROLES.en[v.role]}.`,
    ],
    action: { label: 'Accept the invitation', url: v.link },
    after: [`The link works once, until ${mailTime(v.expiresAt)}.`, 'If you did not expect this invitation, ignore this mail.'],
  }),
  'sign-in-link': (v) => ({
    subject: 'Your sign-in link for Canvass',
    paragraphs: ['Someone asked for a link to sign in to Canvass with this address.'],
    action: { label: 'Sign in', url: v.link },
    after: [`The link works once, until ${mailTime(v.expiresAt)}.`, 'If you did not ask for it, ignore this mail: nothing changes.'],
  }),
  'password-reset': (v) => ({
    subject: 'Choose a new password for Canvass',
    paragraphs: ['Someone asked to choose a new password for the Canvass account of this address.'],
    action: { label: 'Choose a new password', url: v.link },
    after: [
      `The link works once, until ${mailTime(v.expiresAt)}.`,
      'If you did not ask for it, ignore this mail: your password stays as it is.',
    ],
  }),
  'role-changed': (v) => ({
    subject: `Your role in ${v.projectName} is now ${ROLES.en[v.role]}`,
    paragraphs: [
      `${v.changedBy ? `${v.changedBy} changed your role` : 'Your role was changed'} in the project ${v.projectName}: you are now ${ROLES.en[v.role]}.`,
    ],
    action: { label: 'Open the console', url: v.consoleUrl },
    after: ['If this looks wrong, ask an owner of the project.'],
  }),
}

const DE: { [K in MailKind]: Writer<K> } = {
  invitation: (v) => ({
    subject: `Einladung zu ${v.projectName} auf Canvass`,
    paragraphs: [
      `${v.invitedBy ? `${v.invitedBy} hat Sie eingeladen` : 'Sie sind eingeladen'}, dem Projekt ${v.projectName} als ${ROLES.de[v.role]} beizutreten.`,
    ],
    action: { label: 'Einladung annehmen', url: v.link },
    after: [
      `Der Link gilt einmal, bis ${mailTime(v.expiresAt)}.`,
      'Wenn Sie diese Einladung nicht erwartet haben, ignorieren Sie diese E-Mail.',
    ],
  }),
  'sign-in-link': (v) => ({
    subject: 'Ihr Anmeldelink für Canvass',
    paragraphs: ['Jemand hat für diese Adresse einen Link zur Anmeldung bei Canvass angefordert.'],
    action: { label: 'Anmelden', url: v.link },
    after: [
      `Der Link gilt einmal, bis ${mailTime(v.expiresAt)}.`,
      'Wenn Sie ihn nicht angefordert haben, ignorieren Sie diese E-Mail: Es ändert sich nichts.',
    ],
  }),
  'password-reset': (v) => ({
    subject: 'Neues Passwort für Canvass wählen',
    paragraphs: ['Jemand möchte für das Canvass-Konto dieser Adresse ein neues Passwort wählen.'],
    action: { label: 'Neues Passwort wählen', url: v.link },
    after: [
      `Der Link gilt einmal, bis ${mailTime(v.expiresAt)}.`,
      'Wenn Sie das nicht angefordert haben, ignorieren Sie diese E-Mail: Ihr Passwort bleibt, wie es ist.',
    ],
  }),
  'role-changed': (v) => ({
    subject: `Ihre Rolle in ${v.projectName} ist jetzt ${ROLES.de[v.role]}`,
    paragraphs: [
      `${v.changedBy ? `${v.changedBy} hat Ihre Rolle` : 'Ihre Rolle wurde'} im Projekt ${v.projectName} geändert: Sie sind jetzt ${ROLES.de[v.role]}.`,
    ],
    action: { label: 'Konsole öffnen', url: v.consoleUrl },
    after: ['Wenn das nicht stimmt, wenden Sie sich an einen Inhaber des Projekts.'],
  }),
}

/** The words of a mail of `kind` in `language`, from its values. */
export function mailWords<K extends MailKind>(kind: K, language: MailLanguage, values: MailValuesByKind[K]): MailWords {
  const writers = (language === 'de' ? DE : EN) as { [P in MailKind]: Writer<P> }
  return writers[kind](values)
}

/** The line that ends every mail. */
export const MAIL_FOOTER: Record<MailLanguage, string> = {
  en: 'This mail was sent by Canvass. Replies to it are not read.',
  de: 'Diese E-Mail wurde von Canvass gesendet. Antworten darauf werden nicht gelesen.',
}

/** What the HTML body says above the address of its button, for mail programs that show no buttons. */
export const LINK_FALLBACK: Record<MailLanguage, string> = {
  en: 'If the button does not work, open this address:',
  de: 'Falls die Schaltfläche nicht funktioniert, öffnen Sie diese Adresse:',
}
