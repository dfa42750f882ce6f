import * as v from 'valibot'
import type { IRequest } from 'itty-router'
import type { CanvassContext, ConnectionInfo } from '../context'
import { param } from '../context'
import { accountMailOn, answerFloor, mailAccountLink, requestMailLanguage } from '../domain/console/account-mails'
import type { ConsoleAccountsWiring } from '../domain/console/console-accounts'
import {
  accountStore,
  consoleEmailSchema,
  consoleTokenHash,
  countSignIn,
  hashPassword,
  isConsoleToken,
  passwordProblem,
} from '../domain/console/console-accounts'
import { newNonce } from '../http/html'
import type { RouteTable } from '../http/route-table'
import type { Field } from '../pages/accounts-page'
import { accountsPageHtml, page } from '../pages/accounts-page'
import { crossSite, formToken, formTokenRight, readForm, signedIn, tooLarge } from '../pages/account-forms'

/**
 * The accounts mode's pages that mail a person a link they asked for (docs/mail.md, "Mail in the console's
 * flows"): "Email me a sign-in link" (`/console/sign-in/link`), "Forgot your password?"
 * (`/console/password-reset`) and the page of a mailed reset link (`/console/reset/<token>`). Every answer to a
 * request for a link is the same, after the same least time, whether or not the address has an account.
 */
export function registerConsoleMailPages(routes: RouteTable, wiring: ConsoleAccountsWiring): void {
  const page = { auth: 'none', produces: 'text/html', requires: 'console' } as const
  routes.get('/console/sign-in/link', (request, ctx) => askPage(request, ctx, wiring, 'sign-in-link'), {
    summary: 'The console page that mails a one-time sign-in link to an address (with mail; without, it says whom to ask)',
    ...page,
  })
  routes.post('/console/sign-in/link', (request, ctx, info) => ask(request, ctx, info, wiring, 'sign-in-link'), {
    summary: "Mails a one-time sign-in link to the address's account, if it has one (a form post); the answer is the same either way",
    ...page,
    errors: [400, 403, 404, 413],
  })
  routes.get('/console/password-reset', (request, ctx) => askPage(request, ctx, wiring, 'password-reset'), {
    summary: 'The console page that mails a link to choose a new password (with mail and password sign-in)',
    ...page,
    errors: [403],
  })
  routes.post('/console/password-reset', (request, ctx, info) => ask(request, ctx, info, wiring, 'password-reset'), {
    summary:
      "Mails a link to choose a new password to the address's account, if it has one (a form post); the answer is the same either way",
    ...page,
    errors: [400, 403, 404, 413],
  })
  routes.get('/console/reset/:token', (request, ctx) => resetPage(request, ctx, wiring), {
    summary: 'The page of a mailed link to choose a new password (the link is used by its form post, never by opening it)',
    ...page,
    errors: [403, 404],
  })
  routes.post('/console/reset/:token', (request, ctx, info) => reset(request, ctx, info, wiring), {
    summary: 'Sets a new password by a mailed link (a form post), once, and signs the person in',
    ...page,
    status: 303,
    errors: [400, 403, 404, 409, 413],
  })
}

type Ask = 'sign-in-link' | 'password-reset'

const ASK_WORDS: Record<Ask, { title: string; heading: string; text: string; button: string }> = {
  'sign-in-link': {
    title: 'Email me a sign-in link',
    heading: 'Get a sign-in link by email',
    text: 'Give the email of your Canvass account. We send it a link that signs you in once.',
    button: 'Email me a link',
  },
  'password-reset': {
    title: 'Forgot your password?',
    heading: 'Choose a new password',
    text: 'Give the email of your Canvass account. We send it a link to choose a new password.',
    button: 'Email me a link',
  },
}

const EMAIL_FIELD: Field = { name: 'email', label: 'Email', type: 'email', autocomplete: 'email', required: true }
const BACK = (ctx: CanvassContext) => [{ href: `${ctx.basePath}/console/sign-in`, text: 'Back to sign-in' }]

/** Why a page of this kind cannot be used here, or null when it can. */
function unavailable(ctx: CanvassContext, wiring: ConsoleAccountsWiring, kind: Ask): { status: number; text: string } | null {
  if (!accountMailOn(ctx)) {
    return { status: 200, text: 'This Canvass sends no mail. Ask an owner of your project for a one-time sign-in link.' }
  }
  if (kind === 'password-reset' && !wiring.settings.passwordSignIn) {
    return { status: 403, text: 'Signing in with a password is turned off here, so there is no password to choose.' }
  }
  return null
}

function askForm(ctx: CanvassContext, kind: Ask, csrf: string, email?: string) {
  const action = kind === 'sign-in-link' ? '/console/sign-in/link' : '/console/password-reset'
  const field = email === undefined ? EMAIL_FIELD : { ...EMAIL_FIELD, value: email }
  return { action: `${ctx.basePath}${action}`, csrf, fields: [field], button: ASK_WORDS[kind].button }
}

async function askPage(request: IRequest, ctx: CanvassContext, wiring: ConsoleAccountsWiring, kind: Ask): Promise<Response> {
  const words = ASK_WORDS[kind]
  const nonce = newNonce()
  const blocked = unavailable(ctx, wiring, kind)
  if (blocked) {
    return page(
      blocked.status,
      accountsPageHtml({ nonce, title: words.title, heading: words.heading, text: blocked.text, more: BACK(ctx) }),
      nonce,
    )
  }
  const { token, cookies } = formToken(request, ctx)
  const html = accountsPageHtml({ nonce, ...words, form: askForm(ctx, kind, token), more: BACK(ctx) })
  return page(200, html, nonce, cookies)
}

async function ask(
  request: IRequest,
  ctx: CanvassContext,
  info: ConnectionInfo,
  wiring: ConsoleAccountsWiring,
  kind: Ask,
): Promise<Response> {
  const startedAt = Date.now()
  const words = ASK_WORDS[kind]
  const nonce = newNonce()
  const blocked = unavailable(ctx, wiring, kind)
  if (blocked) {
    await request.body?.cancel().catch(() => {})
    return page(
      blocked.status,
      accountsPageHtml({ nonce, title: words.title, heading: words.heading, text: blocked.text, more: BACK(ctx) }),
      nonce,
    )
  }
  const form = await readForm(request)
  if (form === 'too_large') return tooLarge()
  const rawEmail = (form.get('email') ?? '').slice(0, 1000)
  const fresh = formToken(request, ctx)
  const again = (status: number, error: string, extra: Record<string, string> = {}) =>
    page(
      status,
      accountsPageHtml({ nonce, ...words, error, form: askForm(ctx, kind, fresh.token, rawEmail), more: BACK(ctx) }),
      nonce,
      fresh.cookies,
      extra,
    )
  if (crossSite(request) || !formTokenRight(request, ctx, form)) {
    return again(403, 'This form has expired or did not come from this site. Please send it again.')
  }
  const email = v.safeParse(consoleEmailSchema, rawEmail)
  if (!email.success) return again(400, 'Please give an email address, like name@example.com.')
  // Counted as a sign-in attempt, per client address and per email: the same limits, whatever the address.
  const limited = await countSignIn(wiring.limiter, ctx.clientAddress(request, info), email.output, ctx.now())
  if (limited) {
    const minutes = Math.ceil(limited.retryAfterSeconds / 60)
    return again(429, `Too many requests. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, {
      'retry-after': String(limited.retryAfterSeconds),
    })
  }
  await mailAccountLink(ctx, wiring.settings, { kind, email: email.output, language: requestMailLanguage(request) })
  await answerFloor(startedAt)
  const hours = Math.round(wiring.settings.linkTtlSeconds / 3600)
  const lasts = hours >= 1 ? `${hours} hour${hours === 1 ? '' : 's'}` : `${Math.round(wiring.settings.linkTtlSeconds / 60)} minutes`
  const html = accountsPageHtml({
    nonce,
    title: 'Check your mail',
    heading: 'Check your mail',
    text: `If ${email.output} has an account here, a link is on its way to it. It works once, for ${lasts}. Nothing arrived? Look in the spam folder, or ask again in a few minutes.`,
    more: BACK(ctx),
  })
  return page(200, html, nonce)
}

// ——— The page of a mailed reset link ———————————————————————————————————————————————————————————————————

const NEW_PASSWORD: Field = {
  name: 'password',
  label: 'New password',
  type: 'password',
  autocomplete: 'new-password',
  required: true,
  hint: 'At least 10 characters.',
}

const RESET_NOT_VALID =
  'This link cannot be used: it was used already, has expired, or is mistyped. Ask for a new one from the sign-in page.'

function resetNotValid(ctx: CanvassContext): Response {
  const nonce = newNonce()
  const html = accountsPageHtml({
    nonce,
    title: 'Link not valid',
    heading: 'This link cannot be used',
    text: RESET_NOT_VALID,
    more: BACK(ctx),
  })
  return page(404, html, nonce)
}

/** The mailed link of `token` while it can be used, with its account; null otherwise (a shown link is no reset link). */
async function usableResetLink(ctx: CanvassContext, token: string) {
  if (!isConsoleToken(token)) return null
  const hash = consoleTokenHash(token)
  const link = await accountStore(ctx.storage).findLink(hash, ctx.now())
  if (!link?.mailed || link.accountId === null) return null
  const account = await accountStore(ctx.storage).getAccount(link.accountId)
  return account ? { hash, account } : null
}

function resetHtml(ctx: CanvassContext, nonce: string, token: string, csrf: string, email: string, error?: string) {
  return accountsPageHtml({
    nonce,
    title: 'Choose a new password',
    heading: 'Choose a new password',
    text: `For the account ${email}. This link works once.`,
    ...(error ? { error } : {}),
    form: { action: `${ctx.basePath}/console/reset/${token}`, csrf, fields: [NEW_PASSWORD], button: 'Save and sign in' },
  })
}

function passwordsOff(ctx: CanvassContext): Response {
  const nonce = newNonce()
  const text = 'Signing in with a password is turned off here, so there is no password to choose.'
  return page(
    403,
    accountsPageHtml({ nonce, title: 'Choose a new password', heading: 'Choose a new password', text, more: BACK(ctx) }),
    nonce,
  )
}

async function resetPage(request: IRequest, ctx: CanvassContext, wiring: ConsoleAccountsWiring): Promise<Response> {
  if (!wiring.settings.passwordSignIn) return passwordsOff(ctx)
  const token = param(request, 'token')
  const usable = await usableResetLink(ctx, token)
  if (!usable) return resetNotValid(ctx)
  const nonce = newNonce()
  const form = formToken(request, ctx)
  return page(200, resetHtml(ctx, nonce, token, form.token, usable.account.email), nonce, form.cookies)
}

async function reset(request: IRequest, ctx: CanvassContext, info: ConnectionInfo, wiring: ConsoleAccountsWiring): Promise<Response> {
  if (!wiring.settings.passwordSignIn) {
    await request.body?.cancel().catch(() => {})
    return passwordsOff(ctx)
  }
  const token = param(request, 'token')
  const form = await readForm(request)
  if (form === 'too_large') return tooLarge()
  const usable = await usableResetLink(ctx, token)
  if (!usable) return resetNotValid(ctx)
  const { hash, account: holder } = usable
  const nonce = newNonce()
  const fresh = formToken(request, ctx)
  const again = (status: number, error: string) =>
    page(status, resetHtml(ctx, nonce, token, fresh.token, holder.email, error), nonce, fresh.cookies)
  if (crossSite(request) || !formTokenRight(request, ctx, form)) {
    return again(403, 'This form has expired or did not come from this site. Please send it again.')
  }
  const password = (form.get('password') ?? '').slice(0, 1000)
  const problem = password === '' ? 'Please choose a password' : passwordProblem(password)
  if (problem) return again(400, `${problem}.`)
  // Hashed before the link is used: a failure leaves the link as it was.
  const passwordHash = await hashPassword(password)
  const store = accountStore(ctx.storage)
  const used = await store.consumeLink(hash, ctx.now())
  if (!used?.mailed || used.accountId !== holder.id) return resetNotValid(ctx)
  // Only over the password the page was shown for: one set meanwhile is not replaced unseen.
  if (!(await store.setPasswordHash(holder.id, passwordHash, ctx.now(), holder.passwordHash))) {
    return again(409, 'Your password was changed while this form was sent, so it was left as it is. Ask for a new link to change it.')
  }
  // Whoever knew the old password is signed out everywhere; this browser signs in anew.
  await store.deleteAccountSessions(holder.id)
  return signedIn(request, ctx, info, holder, wiring, 'link')
}
