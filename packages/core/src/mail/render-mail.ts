import type { MailLanguage } from '../ports/storage'
import { escapeHtml } from '../http/html'
import { LINK_FALLBACK, MAIL_FOOTER, mailWords } from './mail-texts'
import type { MailContent } from './mail-values'

/** A mail ready to keep: its subject and both bodies. */
export interface RenderedMail {
  subject: string
  text: string
  html: string
}

/**
 * Renders a mail of a kind in a language from its values (docs/mail.md, "What the mails say"): the plain text
 * and an HTML body that loads nothing (no remote images, no external CSS: its few styles are inline), every
 * value HTML-escaped. Throws a TypeError when a value is unfit (a link that is not an absolute http(s) URL, a
 * name with a line break): what is rendered comes from code, not from a request as it arrived.
 */
export function renderMail(content: MailContent, language: MailLanguage = 'en'): RenderedMail {
  checkValues(content)
  const words = mailWords(content.kind, language, content.values as never)
  const text = [...words.paragraphs, `${words.action.label}:\n${words.action.url}`, ...words.after, '--', MAIL_FOOTER[language]].join(
    '\n\n',
  )
  const paragraph = (line: string) => `<p style="margin:0 0 16px">${escapeHtml(line)}</p>`
  const url = escapeHtml(words.action.url)
  const html = [
    '<!doctype html>',
    `<html lang="${language}">`,
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(words.subject)}</title></head>`,
    '<body style="margin:0;padding:24px;background:#ffffff;color:#1f2937;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5">',
    '<div style="max-width:560px;margin:0 auto">',
    ...words.paragraphs.map(paragraph),
    `<p style="margin:24px 0"><a href="${url}" style="display:inline-block;padding:12px 20px;background:#0f766e;color:#ffffff;text-decoration:none;border-radius:6px;font-weight:bold">${escapeHtml(words.action.label)}</a></p>`,
    `<p style="margin:0 0 16px;font-size:14px">${escapeHtml(LINK_FALLBACK[language])}<br><a href="${url}" style="color:#0f766e;word-break:break-all">${url}</a></p>`,
    ...words.after.map(paragraph),
    `<p style="margin:32px 0 0;font-size:13px;color:#6b7280">${escapeHtml(MAIL_FOOTER[language])}</p>`,
    '</div></body></html>',
  ].join('\n')
  return { subject: words.subject, text, html }
}

const ROLES = new Set(['viewer', 'editor', 'owner'])

/** The values as the kind needs them: short one-line names, roles it knows, absolute http(s) links, dates. */
function checkValues(content: MailContent): void {
  const values = content.values as unknown as Record<string, unknown>
  if (typeof values !== 'object' || values === null) throw new TypeError(`mail ${content.kind}: values must be an object`)
  const name = (field: string, optional = false) => {
    const value = values[field]
    if (optional && (value === undefined || value === null)) return
    if (typeof value !== 'string' || value.trim() === '' || value.length > 200 || /[\u0000-\u001f\u007f]/.test(value)) {
      throw new TypeError(`mail ${content.kind}: ${field} must be one line of text of at most 200 characters`)
    }
  }
  const link = (field: string) => {
    const value = values[field]
    if (typeof value !== 'string' || value.length > 2000 || !/^https?:\/\/[^\s]+$/.test(value) || !URL.canParse(value)) {
      throw new TypeError(`mail ${content.kind}: ${field} must be an absolute http(s) URL`)
    }
  }
  const date = (field: string) => {
    const value = values[field]
    if (!(value instanceof Date) || Number.isNaN(value.getTime())) throw new TypeError(`mail ${content.kind}: ${field} must be a Date`)
  }
  const role = () => {
    if (!ROLES.has(values.role as string)) throw new TypeError(`mail ${content.kind}: role must be viewer, editor or owner`)
  }
  switch (content.kind) {
    case 'invitation':
      name('projectName')
      name('invitedBy', true)
      role()
      link('link')
      date('expiresAt')
      return
    case 'sign-in-link':
    case 'password-reset':
      link('link')
      date('expiresAt')
      return
    case 'role-changed':
      name('projectName')
      name('changedBy', true)
      role()
      link('consoleUrl')
      return
    default:
      throw new TypeError(
        `mail kind must be invitation, sign-in-link, password-reset or role-changed, got ${String((content as { kind: unknown }).kind)}`,
      )
  }
}
