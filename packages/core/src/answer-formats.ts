/**
 * The formats of an open text's `inputType` (and of a contact info's email and phone), one owner for the widget,
 * which checks an answer before it is sent, and the server, which checks it on a v3 write
 * (`domain/responses/element-validation.ts`). Each runs in time linear in the text, since the server runs it on
 * whatever a caller sends. Imports nothing, so the widget bundles it alone (`@canvass/core/answer-formats`).
 */

/** No whitespace, one `@`, something before it, and a dot inside what follows. */
export function isEmailAnswer(text: string): boolean {
  if (/\s/.test(text)) return false
  const parts = text.split('@')
  if (parts.length !== 2) return false
  const [local, domain] = parts as [string, string]
  return local !== '' && hasInnerDot(domain)
}

function hasInnerDot(domain: string): boolean {
  for (let i = 1; i < domain.length - 1; i++) if (domain[i] === '.') return true
  return false
}

/** Digits with `+ ( ) . / -` and spaces, 6 to 30 characters, at least 6 digits. */
export function isPhoneAnswer(text: string): boolean {
  return /^\+?[0-9 ()./-]{6,30}$/.test(text) && (text.match(/\d/g)?.length ?? 0) >= 6
}

/** An absolute `http:` or `https:` URL with a host. */
export function isHttpUrlAnswer(text: string): boolean {
  try {
    const url = new URL(text)
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== ''
  } catch {
    return false
  }
}
