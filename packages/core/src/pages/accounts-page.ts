/**
 * The pages of the console's accounts mode (docs/console-accounts.md, docs/sso.md): sign-in, one-time links,
 * single sign-on and its refusals. One small card: a heading, words, an error said aloud, a form with labelled
 * fields, and links such as "Sign in with <provider>". Their answers and cookies are made here too.
 */
import type { ConsoleCookies } from '../domain/console/console-accounts'
import { escapeHtml, htmlResponse } from '../http/html'

/** The answer of a page: HTML with the page headers, and cookies to set. */
export function page(status: number, html: string, nonce: string, cookies: string[] = [], extra: Record<string, string> = {}): Response {
  const response = htmlResponse(status, html, nonce, extra)
  for (const cookie of cookies) response.headers.append('set-cookie', cookie)
  return response
}

/** A 303 to `location`, with cookies to set. */
export function seeOther(location: string, cookies: string[]): Response {
  const headers = new Headers({ location, 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' })
  for (const cookie of cookies) headers.append('set-cookie', cookie)
  return new Response(null, { status: 303, headers })
}

/** A cookie of `jar` (`consoleCookies`) as docs/console-accounts.md says: HttpOnly, SameSite=Strict, the base path, Max-Age, Secure on https. */
export function cookie(jar: ConsoleCookies, name: string, value: string, maxAgeSeconds: number): string {
  return `${name}=${value}; Path=${jar.path}; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Strict${jar.secure ? '; Secure' : ''}`
}

export interface Field {
  name: string
  label: string
  type: 'email' | 'password'
  autocomplete: string
  required: boolean
  value?: string
  hint?: string
}

/** A page of the accounts mode: a heading, words, an error said aloud, a form with labelled fields, links. */
export function accountsPageHtml(input: {
  nonce: string
  title: string
  heading: string
  text?: string
  error?: string
  form?: { action: string; csrf: string; fields: Field[]; button: string }
  /** Links shown as buttons (single sign-on, "Continue"), after the form. */
  links?: { href: string; text: string }[]
  footer?: string
  /** Plain links under everything ("Forgot your password?"). */
  more?: { href: string; text: string }[]
  /** Goes on to this path at once (a same-site step, docs/sso.md); the page's link does the same by hand. */
  refreshTo?: string
}): string {
  const error = input.error ? `<p class="error" id="form-error" role="alert">${escapeHtml(input.error)}</p>` : ''
  const form = input.form
    ? `<form method="post" action="${escapeHtml(input.form.action)}"><input type="hidden" name="csrf" value="${escapeHtml(input.form.csrf)}">` +
      input.form.fields
        .map((field) => {
          const hint = field.hint ? `<span class="hint" id="${field.name}-hint">${escapeHtml(field.hint)}</span>` : ''
          const described = [field.hint ? `${field.name}-hint` : '', input.error ? 'form-error' : ''].filter(Boolean).join(' ')
          return (
            `<label for="${field.name}">${escapeHtml(field.label)}</label>${hint}` +
            `<input id="${field.name}" name="${field.name}" type="${field.type}" autocomplete="${field.autocomplete}"` +
            `${field.required ? ' required' : ''}${field.value !== undefined ? ` value="${escapeHtml(field.value)}"` : ''}` +
            `${described ? ` aria-describedby="${described}"` : ''}${input.error ? ' aria-invalid="true"' : ''} maxlength="254">`
          )
        })
        .join('') +
      `<button type="submit">${escapeHtml(input.form.button)}</button></form>`
    : ''
  const links = input.links?.length
    ? `<ul class="links">${input.links.map((link) => `<li><a class="button" href="${escapeHtml(link.href)}">${escapeHtml(link.text)}</a></li>`).join('')}</ul>`
    : ''
  const text = input.text ? `<p>${escapeHtml(input.text)}</p>` : ''
  const footer = input.footer ? `<p class="hint">${escapeHtml(input.footer)}</p>` : ''
  const more = input.more?.length
    ? `<p class="more">${input.more.map((link) => `<a href="${escapeHtml(link.href)}">${escapeHtml(link.text)}</a>`).join(' · ')}</p>`
    : ''
  const refresh = input.refreshTo ? `\n<meta http-equiv="refresh" content="0;url=${escapeHtml(input.refreshTo)}">` : ''
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">${refresh}
<link rel="icon" href="data:,">
<title>${escapeHtml(input.title)}</title>
<style nonce="${input.nonce}">${ACCOUNTS_STYLE}</style>
</head>
<body>
<main class="card"><h1>${escapeHtml(input.heading)}</h1>${text}${error}${form}${links}${footer}${more}</main>
</body>
</html>
`
}

const ACCOUNTS_STYLE =
  'html,body{margin:0}body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:#0f172a;background:#f1f5f9}' +
  '.card{max-width:420px;margin:12vh auto 32px;padding:32px;background:#fff;border:1px solid #e2e8f0;border-radius:12px}' +
  'h1{font-size:1.35rem;margin:0 0 8px}p{margin:0 0 12px;color:#475569;line-height:1.5}' +
  'label{display:block;margin:16px 0 6px;font-weight:600}.hint{display:block;color:#475569;font-size:.9rem;margin:0 0 6px}' +
  'input{box-sizing:border-box;font:inherit;padding:8px 10px;border:1px solid #64748b;border-radius:8px;width:100%}' +
  'button,.button{font:inherit;font-weight:600;margin-top:20px;padding:8px 16px;border:0;border-radius:8px;background:#334155;color:#fff;cursor:pointer}' +
  '.more{margin:16px 0 0}.more a{color:#1f5fbf}.more a:focus-visible{outline:2px solid #334155;outline-offset:2px}' +
  '.links{list-style:none;margin:16px 0 12px;padding:0}.links li{margin:0 0 8px}' +
  '.button{display:block;box-sizing:border-box;width:100%;margin:0;text-align:center;text-decoration:none}' +
  'button:focus-visible,.button:focus-visible,input:focus{outline:2px solid #334155;outline-offset:2px}.error{color:#b91c1c;font-weight:600}'
