import * as v from 'valibot'
import type { IRequest } from 'itty-router'
import type { CanvassContext, ConnectionInfo, Handler } from '../context'
import { param } from '../context'
import type { ConsoleAccountsWiring } from '../domain/console/console-accounts'
import {
  CONSOLE_ROLES,
  accountOfPassword,
  accountStore,
  consoleAccountsAccess,
  consoleCookies,
  consoleEmailSchema,
  consolePasswordSchema,
  consoleTokenHash,
  cookieOf,
  countSignIn,
  createConsoleLink,
  hashPassword,
  isConsoleToken,
  newConsolePerson,
  passwordProblem,
  personOutput,
  verifyPassword,
} from '../domain/console/console-accounts'
import { CanvassError, notAuthenticated, validationError } from '../errors'
import { authenticate } from '../auth/authenticate'
import { newNonce } from '../http/html'
import type { Field } from '../pages/accounts-page'
import { accountsPageHtml, cookie, page, seeOther } from '../pages/accounts-page'
import { ok } from '../http/respond'
import type { RouteTable } from '../http/route-table'
import { appendAccountEvent, knownAddress } from '../domain/console/console-sessions'
import { requestIdOf } from '../http/problem'
import { accountMailOn, mailInvitation, mailRoleChanged } from '../domain/console/account-mails'
import { crossSite, formToken, formTokenRight, readForm, signedIn, tooLarge } from '../pages/account-forms'
import { strictObject } from '../schemas/strict-object'

export type { ConsoleAccountsWiring } from '../domain/console/console-accounts'

/**
 * The accounts mode's pages (sign-in by password or one-time link, sign-out) and the people routes
 * `/api/v1/console/people…` (owners, and API keys of the project's environments). Registered only with
 * `console.accounts` (`requires: 'console'`).
 */
export function registerConsoleAccountRoutes(routes: RouteTable, wiring: ConsoleAccountsWiring): void {
  registerConsoleAccountPages(routes, wiring)
  registerConsolePeopleRoutes(routes, wiring)
}

// ——— Pages ———————————————————————————————————————————————————————————————————————————————————————————————

function registerConsoleAccountPages(routes: RouteTable, wiring: ConsoleAccountsWiring): void {
  const page = { auth: 'none', produces: 'text/html', requires: 'console' } as const
  routes.get('/console/sign-in', (request, ctx) => signInPage(request, ctx, wiring), {
    summary: 'The console sign-in page (accounts mode): email and password, and a button per single sign-on provider',
    ...page,
  })
  routes.post('/console/sign-in', (request, ctx, info) => signIn(request, ctx, info, wiring), {
    summary:
      'Signs in to the console by email and password (a form post); sets the session cookie and goes to `/console` (403 when password sign-in is off)',
    ...page,
    status: 303,
    errors: [401, 403, 413],
  })
  routes.get('/console/link/:token', (request, ctx) => linkPage(request, ctx, wiring), {
    summary: 'A one-time sign-in link of the console: a page with a button (the link is used by the form post, never by opening it)',
    ...page,
    errors: [404],
  })
  routes.post('/console/link/:token', (request, ctx, info) => useLink(request, ctx, info, wiring), {
    summary:
      'Uses a one-time link (a form post): signs the person in (a new password for one who has a password needs the current one), or creates the first owner of a first-owner link',
    ...page,
    status: 303,
    errors: [400, 401, 403, 404, 409, 413],
  })
  routes.post('/console/sign-out', (request, ctx, info) => signOut(request, ctx, info), {
    summary: 'Ends the console session and clears its cookie; goes to the sign-in page',
    ...page,
    status: 303,
    errors: [403],
  })
}

const EMAIL_FIELD: Field = { name: 'email', label: 'Email', type: 'email', autocomplete: 'username', required: true }
const PASSWORD_FIELD: Field = { name: 'password', label: 'Password', type: 'password', autocomplete: 'current-password', required: true }
const NEW_PASSWORD_FIELD: Field = {
  name: 'password',
  label: 'New password (optional)',
  type: 'password',
  autocomplete: 'new-password',
  required: false,
  hint: 'At least 10 characters. Without one, you sign in with one-time links.',
}

function signInForm(ctx: CanvassContext, csrf: string, email?: string) {
  return {
    action: `${ctx.basePath}/console/sign-in`,
    csrf,
    fields: [email === undefined ? EMAIL_FIELD : { ...EMAIL_FIELD, value: email }, PASSWORD_FIELD],
    button: 'Sign in',
  }
}

const NO_PASSWORD = 'No password? Ask an owner of the project for a one-time sign-in link.'
const NO_ACCOUNT = 'No account there? Ask an owner of the project for a one-time sign-in link.'

/** The sign-in page's "Sign in with <name>" links, one per single sign-on provider (docs/sso.md). */
function ssoLinks(ctx: CanvassContext, wiring: ConsoleAccountsWiring) {
  return wiring.settings.sso.map((provider) => ({
    href: `${ctx.basePath}/console/sso/${provider.id}`,
    text: `Sign in with ${provider.name}`,
  }))
}

async function signInPage(request: IRequest, ctx: CanvassContext, wiring: ConsoleAccountsWiring): Promise<Response> {
  if (await consoleAccountsAccess(ctx, wiring.settings)(request)) return seeOther(`${ctx.basePath}/console`, [])
  const nonce = newNonce()
  const passwords = wiring.settings.passwordSignIn
  const { token, cookies } = passwords ? formToken(request, ctx) : { token: '', cookies: [] }
  const html = accountsPageHtml({
    nonce,
    title: 'Sign in',
    heading: 'Sign in to Canvass',
    ...(passwords ? { form: signInForm(ctx, token) } : {}),
    links: ssoLinks(ctx, wiring),
    ...signInHelp(ctx, wiring),
  })
  return page(200, html, nonce, cookies)
}

/**
 * What the sign-in page offers besides its form: with mail, "Email me a sign-in link" and (with passwords)
 * "Forgot your password?" (docs/mail.md, "Mail in the console's flows"); without, whom to ask for a link.
 */
function signInHelp(ctx: CanvassContext, wiring: ConsoleAccountsWiring): { footer?: string; more?: { href: string; text: string }[] } {
  const passwords = wiring.settings.passwordSignIn
  if (!accountMailOn(ctx)) return { footer: passwords ? NO_PASSWORD : NO_ACCOUNT }
  const more = [{ href: `${ctx.basePath}/console/sign-in/link`, text: 'Email me a sign-in link' }]
  if (passwords) more.push({ href: `${ctx.basePath}/console/password-reset`, text: 'Forgot your password?' })
  return { more }
}

/** The answer of a password sign-in while `passwordSignIn` is false: 403, and the ways that do sign in. */
function passwordsOff(ctx: CanvassContext, wiring: ConsoleAccountsWiring): Response {
  const nonce = newNonce()
  const html = accountsPageHtml({
    nonce,
    title: 'Sign in',
    heading: 'Sign in to Canvass',
    error: 'Signing in with a password is turned off here.',
    links: ssoLinks(ctx, wiring),
    ...signInHelp(ctx, wiring),
  })
  return page(403, html, nonce)
}

/** A page saying the form was not sent from Canvass's own page (or its cookie expired), with a fresh form. */
function staleForm(request: Request, ctx: CanvassContext, form: ReturnType<typeof signInForm> | undefined, heading: string): Response {
  const nonce = newNonce()
  const { token, cookies } = formToken(request, ctx)
  const html = accountsPageHtml({
    nonce,
    title: heading,
    heading,
    error: 'This form has expired or did not come from this site. Please send it again.',
    ...(form ? { form: { ...form, csrf: token } } : {}),
  })
  return page(403, html, nonce, cookies)
}

async function signIn(request: IRequest, ctx: CanvassContext, info: ConnectionInfo, wiring: ConsoleAccountsWiring): Promise<Response> {
  if (!wiring.settings.passwordSignIn) {
    await request.body?.cancel().catch(() => {})
    return passwordsOff(ctx, wiring)
  }
  const form = await readForm(request)
  if (form === 'too_large') return tooLarge()
  const rawEmail = (form.get('email') ?? '').slice(0, 1000)
  if (crossSite(request) || !formTokenRight(request, ctx, form)) return staleForm(request, ctx, signInForm(ctx, ''), 'Sign in to Canvass')
  const parsed = v.safeParse(consoleEmailSchema, rawEmail)
  const email = parsed.success ? parsed.output : rawEmail.trim().toLowerCase()
  const nonce = newNonce()
  const { token, cookies } = formToken(request, ctx)
  const again = (status: number, error: string, extra: Record<string, string> = {}) =>
    page(
      status,
      accountsPageHtml({
        nonce,
        title: 'Sign in',
        heading: 'Sign in to Canvass',
        error,
        form: signInForm(ctx, token, rawEmail),
        links: ssoLinks(ctx, wiring),
        ...signInHelp(ctx, wiring),
      }),
      nonce,
      cookies,
      extra,
    )
  const limited = await countSignIn(wiring.limiter, ctx.clientAddress(request, info), email, ctx.now())
  if (limited) {
    const minutes = Math.ceil(limited.retryAfterSeconds / 60)
    return again(429, `Too many sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, {
      'retry-after': String(limited.retryAfterSeconds),
    })
  }
  const password = (form.get('password') ?? '').slice(0, 1000)
  // An unknown email, or an account without a password, spends one hash too: the time does not tell which.
  const account = await accountOfPassword(ctx.storage, parsed.success ? email : null, password)
  if (!account) return again(401, 'Email or password is not right.')
  return signedIn(request, ctx, info, account, wiring, 'password')
}

const LINK_NOT_VALID = {
  title: 'Link not valid',
  heading: 'This link cannot be used',
  text: 'It was used already, has expired, or is mistyped. Ask an owner of the project for a new one.',
}

function linkNotValid(): Response {
  const nonce = newNonce()
  return page(404, accountsPageHtml({ nonce, ...LINK_NOT_VALID }), nonce)
}

const CURRENT_PASSWORD_FIELD: Field = {
  name: 'currentPassword',
  label: 'Current password',
  type: 'password',
  autocomplete: 'current-password',
  required: false,
  hint: 'Needed only to set a new password.',
}

/**
 * Who a link is for, as its page asks: the first owner (an email, a password), someone without a password (a
 * password to set), or someone with one, who changes it only by giving it (else whoever held the link would
 * take the account).
 */
type LinkFor = { kind: 'firstOwner' } | { kind: 'person'; email: string; hasPassword: boolean; mailed: boolean }

/**
 * The project an invitation's link opens after signing in (`?project=<id>`): an id's characters only, else none.
 * The console opens it only when the account belongs to it (`/console?project=`).
 */
function linkProject(request: Request): string | null {
  const given = new URL(request.url).searchParams.get('project')
  return given !== null && /^[A-Za-z0-9_-]{1,64}$/.test(given) ? given : null
}

const projectQuery = (project: string | null) => (project === null ? '' : `?project=${encodeURIComponent(project)}`)

function linkForm(ctx: CanvassContext, token: string, csrf: string, linkFor: LinkFor, passwords: boolean, project: string | null) {
  const fields = !passwords
    ? linkFor.kind === 'firstOwner'
      ? [{ ...EMAIL_FIELD, autocomplete: 'email' }]
      : []
    : linkFor.kind === 'firstOwner'
      ? [
          { ...EMAIL_FIELD, autocomplete: 'email' },
          { ...NEW_PASSWORD_FIELD, label: 'Password (optional)' },
        ]
      : linkFor.hasPassword
        ? [
            // A mailed link went to the account's own address: it may choose a new password as a reset does.
            ...(linkFor.mailed ? [] : [CURRENT_PASSWORD_FIELD]),
            { ...NEW_PASSWORD_FIELD, hint: 'At least 10 characters. Without one, your password stays as it is.' },
          ]
        : [NEW_PASSWORD_FIELD]
  const button = linkFor.kind === 'firstOwner' ? 'Create owner and sign in' : 'Sign in'
  return { action: `${ctx.basePath}/console/link/${token}${projectQuery(project)}`, csrf, fields, button }
}

/** The page of a link; without `passwords` (`passwordSignIn` false) it asks for none. */
function linkPageHtml(
  ctx: CanvassContext,
  nonce: string,
  token: string,
  csrf: string,
  linkFor: LinkFor,
  passwords: boolean,
  project: string | null,
  error?: string,
) {
  const firstOwner = linkFor.kind === 'firstOwner'
  return accountsPageHtml({
    nonce,
    title: 'Sign in',
    heading: firstOwner ? 'Become the first owner' : 'Sign in to Canvass',
    text: firstOwner
      ? `This link makes you the first owner of the project. Give your email${passwords ? '; a password is optional' : ''}.`
      : `This one-time link signs in ${linkFor.email}. It works once.`,
    ...(error ? { error } : {}),
    form: linkForm(ctx, token, csrf, linkFor, passwords, project),
  })
}

/** The link of `token` while it can be used, and who it is for; null for a link that cannot be used. */
async function usableLink(ctx: CanvassContext, token: string) {
  const hash = consoleTokenHash(token)
  const link = await accountStore(ctx.storage).findLink(hash, ctx.now())
  if (!link) return null
  if (link.accountId === null) return { hash, link, account: null, linkFor: { kind: 'firstOwner' } as LinkFor }
  const account = await accountStore(ctx.storage).getAccount(link.accountId)
  if (!account || !(await linkStillFits(ctx, link.projectId, account.id))) return null
  const linkFor: LinkFor = { kind: 'person', email: account.email, hasPassword: account.passwordHash !== null, mailed: link.mailed }
  return { hash, link, account, linkFor }
}

/**
 * Whether an account's link may still sign it in: a link an owner made in a project (`projectId`) only while
 * the account belongs to that project alone, since signing in gives every project of the account; a link of
 * the server's operator (no project) always.
 */
async function linkStillFits(ctx: CanvassContext, projectId: string | null, accountId: string): Promise<boolean> {
  if (projectId === null) return true
  const memberships = await accountStore(ctx.storage).listMemberships(accountId)
  return memberships.length > 0 && memberships.every((membership) => membership.projectId === projectId)
}

/** The page of a one-time link: opening it (a mail client's preview, a scanner) uses nothing; its button does. */
async function linkPage(request: IRequest, ctx: CanvassContext, wiring: ConsoleAccountsWiring): Promise<Response> {
  const token = param(request, 'token')
  const usable = isConsoleToken(token) ? await usableLink(ctx, token) : null
  if (!usable) return linkNotValid()
  const nonce = newNonce()
  const form = formToken(request, ctx)
  const html = linkPageHtml(ctx, nonce, token, form.token, usable.linkFor, wiring.settings.passwordSignIn, linkProject(request))
  return page(200, html, nonce, form.cookies)
}

async function useLink(request: IRequest, ctx: CanvassContext, info: ConnectionInfo, wiring: ConsoleAccountsWiring): Promise<Response> {
  const token = param(request, 'token')
  if (!isConsoleToken(token)) return linkNotValid()
  const form = await readForm(request)
  if (form === 'too_large') return tooLarge()
  const usable = await usableLink(ctx, token)
  if (!usable) return linkNotValid()
  const { hash, link, account: holder, linkFor } = usable
  const project = linkProject(request)
  const nonce = newNonce()
  const fresh = formToken(request, ctx)
  const again = (status: number, error: string, extra: Record<string, string> = {}) =>
    page(
      status,
      linkPageHtml(ctx, nonce, token, fresh.token, linkFor, wiring.settings.passwordSignIn, project, error),
      nonce,
      fresh.cookies,
      extra,
    )
  if (crossSite(request) || !formTokenRight(request, ctx, form)) {
    return again(403, 'This form has expired or did not come from this site. Please send it again.')
  }
  // With password sign-in off a link sets no password: one could not be used.
  const password = (wiring.settings.passwordSignIn && form.get('password')) || undefined
  const problem = password === undefined ? undefined : passwordProblem(password)
  if (problem) return again(400, `${problem}.`)
  if (holder === null) {
    const email = v.safeParse(consoleEmailSchema, form.get('email') ?? '')
    if (!email.success) return again(400, 'Please give an email address, like name@example.com.')
    if (link.projectId === null) return linkNotValid()
    const now = ctx.now()
    const ids = { id: ctx.newId(), accountId: ctx.newId() }
    const owner = await newConsolePerson(ids, now, { projectId: link.projectId, email: email.output, role: 'owner', password })
    const result = await accountStore(ctx.storage).consumeFirstOwnerLink(hash, now, owner)
    if (result.outcome === 'created') {
      return signedIn(request, ctx, info, { id: result.person.accountId, email: result.person.email }, wiring, 'link')
    }
    if (result.outcome === 'email_taken') {
      return again(
        409,
        'This email has an account here already. Please give another email, or ask for this one to be added to the project.',
      )
    }
    return linkNotValid()
  }
  if (password !== undefined && holder.passwordHash !== null && !link.mailed) {
    // A new password replaces one only when the current one is given: a link shown to an owner or the operator
    // signs in, it does not take the account. A mailed link went to the account's own address, as a reset does. The check is a sign-in attempt, counted as one, so that a link is no way to guess passwords.
    const current = (form.get('currentPassword') ?? '').slice(0, 1000)
    if (current === '') return again(400, 'To set a new password, give your current password too.')
    const limited = await countSignIn(wiring.limiter, ctx.clientAddress(request, info), holder.email, ctx.now())
    if (limited) {
      const minutes = Math.ceil(limited.retryAfterSeconds / 60)
      return again(429, `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, {
        'retry-after': String(limited.retryAfterSeconds),
      })
    }
    if (!(await verifyPassword(current, holder.passwordHash))) return again(401, 'The current password is not right.')
  }
  // The password is hashed before the link is used: a failure leaves the link as it was.
  const passwordHash = password === undefined ? undefined : await hashPassword(password)
  const used = await accountStore(ctx.storage).consumeLink(hash, ctx.now())
  const account = used?.accountId ? await accountStore(ctx.storage).getAccount(used.accountId) : null
  if (!account || !(await linkStillFits(ctx, used?.projectId ?? null, account.id))) return linkNotValid()
  // Only over the password checked above (or over none): one set meanwhile is not replaced unseen.
  if (
    passwordHash !== undefined &&
    !(await accountStore(ctx.storage).setPasswordHash(account.id, passwordHash, ctx.now(), holder.passwordHash))
  ) {
    return again(409, 'Your password was changed while this form was sent, so it was left as it is. Ask for a new link to change it.')
  }
  return signedIn(request, ctx, info, account, wiring, 'link', `/console${projectQuery(project)}`)
}

async function signOut(request: IRequest, ctx: CanvassContext, info: ConnectionInfo): Promise<Response> {
  if (crossSite(request)) {
    const nonce = newNonce()
    const html = accountsPageHtml({ nonce, title: 'Not signed out', heading: 'Not signed out', text: 'Sign out from the console itself.' })
    return page(403, html, nonce)
  }
  const jar = consoleCookies(request, ctx)
  const token = cookieOf(request, jar.session)
  if (token !== undefined && isConsoleToken(token)) {
    const store = accountStore(ctx.storage)
    const hash = consoleTokenHash(token)
    const found = await store.findSession(hash, ctx.now())
    await store.deleteSession(hash)
    if (found) {
      await appendAccountEvent(ctx, {
        accountId: found.account.id,
        action: 'signout',
        sessionId: found.session.id,
        label: `console: ${found.account.email}`,
        address: knownAddress(ctx.clientAddress(request, info)),
        method: 'POST',
        route: '/console/sign-out',
        status: 303,
        requestId: requestIdOf(request) || null,
      })
    }
  }
  return seeOther(`${ctx.basePath}/console/sign-in`, [cookie(jar, jar.session, '', 0)])
}

// ——— People routes ——————————————————————————————————————————————————————————————————————————————————————

const personAnswer = v.object({
  id: v.string(),
  email: v.string(),
  role: v.picklist(CONSOLE_ROLES),
  hasPassword: v.boolean(),
  createdAt: v.string(),
  updatedAt: v.string(),
})
const linkAnswer = v.object({ path: v.string(), expiresAt: v.string() })
const roleSchema = v.picklist(CONSOLE_ROLES, 'Must be viewer, editor or owner')
const languageSchema = v.picklist(['en', 'de'], 'Must be en or de')
const createPersonBody = strictObject({
  email: consoleEmailSchema,
  role: roleSchema,
  password: v.optional(consolePasswordSchema),
  language: v.optional(languageSchema),
})
const updatePersonBody = strictObject({ role: v.optional(roleSchema), language: v.optional(languageSchema) })

function registerConsolePeopleRoutes(routes: RouteTable, wiring: ConsoleAccountsWiring): void {
  const base = { auth: 'apiKey', requires: 'console' } as const
  routes.get('/api/v1/console/people', listPeople, {
    summary: "The console's people of the project (owners in the console; the production environment's API keys)",
    ...base,
    answer: v.object({ data: v.array(personAnswer) }),
    errors: [403],
  })
  routes.post('/api/v1/console/people', (request, ctx, _info, body) => addPerson(request, ctx, body, wiring), {
    summary:
      'Adds a person to the project with a role: a new account (with a password, optionally) and a one-time sign-in link, or the existing account of the email (no password, no link). With mail, an invitation is mailed instead (`mailed: true`, `link` null), in `language`',
    ...base,
    body: createPersonBody,
    answer: v.object({ data: v.object({ ...personAnswer.entries, link: v.nullable(linkAnswer), mailed: v.boolean() }) }),
    errors: [403, 409],
    audit: { action: 'create', resourceType: 'consolePerson', resourceId: 'answer' },
  })
  routes.patch('/api/v1/console/people/:consolePersonId', (request, ctx, _info, body) => updatePerson(request, ctx, body), {
    summary: "Changes a person's role (the project's last owner stays one); with mail, the person is told in a mail, in `language`",
    ...base,
    body: updatePersonBody,
    answer: v.object({ data: personAnswer }),
    errors: [403, 409],
    audit: { action: 'update', resourceType: 'consolePerson', resourceId: { param: 'consolePersonId' } },
  })
  routes.delete('/api/v1/console/people/:consolePersonId', removePerson, {
    summary: 'Removes a person from the project (never the last owner); an account of no other project goes, with its sessions and links',
    ...base,
    answer: v.object({ data: personAnswer }),
    errors: [403, 409],
    audit: { action: 'delete', resourceType: 'consolePerson', resourceId: { param: 'consolePersonId' } },
  })
  routes.post('/api/v1/console/people/:consolePersonId/link', (request, ctx) => personLink(request, ctx, wiring), {
    summary: "A new one-time sign-in link for a person of this project only (an owner's only from an owner in the console)",
    ...base,
    answer: v.object({ data: linkAnswer }),
    errors: [403, 409],
    audit: { action: 'create', resourceType: 'consoleLink', resourceId: { param: 'consolePersonId' } },
  })
}

/**
 * Who manages the people: an owner in the console (the route's role rule asked for the owner role already),
 * or a key of the project's production environment. People and the keys an owner makes are production
 * power, so a development key, which acts on its own environment alone, is refused
 * (docs/console-accounts.md, "Managing people").
 */
async function peopleCaller(
  request: IRequest,
  ctx: CanvassContext,
): Promise<{ projectId: string; inConsole: boolean; name: string | null }> {
  const caller = await authenticate(request, ctx)
  if (caller.console) return { projectId: caller.console.projectId, inConsole: true, name: caller.console.personName }
  const environment = await ctx.storage.environments.get(caller.environmentId)
  if (!environment) throw notAuthenticated()
  if (environment.type !== 'production') {
    throw new CanvassError(
      'forbidden',
      "The console's people are managed with a production API key or an owner's console session, not a development key",
      { details: { environment: environment.type } },
    )
  }
  return { projectId: environment.projectId, inConsole: false, name: null }
}

const personNotFound = (id: string) =>
  new CanvassError('not_found', 'Person not found', { details: { resource_id: id, resource_type: 'Console Person' } })
const lastOwnerConflict = () =>
  new CanvassError('conflict', 'The project must keep an owner: make someone else an owner first', { details: { role: 'last owner' } })

const listPeople: Handler = async (request, ctx) => {
  const { projectId } = await peopleCaller(request, ctx)
  return ok((await accountStore(ctx.storage).listPeople(projectId)).map(personOutput))
}

async function addPerson(
  request: IRequest,
  ctx: CanvassContext,
  body: () => Promise<v.InferOutput<typeof createPersonBody>>,
  wiring: ConsoleAccountsWiring,
): Promise<Response> {
  const { projectId, name } = await peopleCaller(request, ctx)
  const { email, role, password, language } = await body()
  const now = ctx.now()
  const person = await newConsolePerson({ id: ctx.newId(), accountId: ctx.newId() }, now, { projectId, email, role, password })
  const added = await accountStore(ctx.storage).addPerson(person)
  if (added.outcome !== 'created') {
    if (added.outcome === 'already_member') {
      throw new CanvassError('conflict', 'A person of this project has this email already', { details: { email: 'taken' } })
    }
    throw validationError({ password: 'This email has an account already, with its own password: add them without one' })
  }
  const output = personOutput(added.person)
  // With mail, the invitation goes to the address itself, with a link for that mail alone (docs/mail.md).
  const invitation = { personId: added.person.id, accountId: added.person.accountId, email: added.person.email, projectId, role }
  if ((await mailInvitation(ctx, wiring.settings, { ...invitation, invitedBy: name, language: language ?? 'en' })) === 'queued') {
    return ok({ ...output, link: null, mailed: true })
  }
  // A link signs in the whole account: only one made here, which belongs to this project alone, gets one.
  const link = added.accountCreated
    ? await createConsoleLink(ctx.storage, now, { projectId, accountId: added.person.accountId }, wiring.settings)
    : null
  return ok({ ...output, link: link && { path: link.path, expiresAt: link.expiresAt.toISOString() }, mailed: false })
}

async function updatePerson(
  request: IRequest,
  ctx: CanvassContext,
  body: () => Promise<v.InferOutput<typeof updatePersonBody>>,
): Promise<Response> {
  const { projectId, name } = await peopleCaller(request, ctx)
  const personId = param(request, 'consolePersonId')
  const { role, language } = await body()
  const before = await accountStore(ctx.storage).getPerson(personId)
  if (!before || before.projectId !== projectId) throw personNotFound(personId)
  const now = ctx.now()
  if (role !== undefined) {
    const outcome = await accountStore(ctx.storage).setRole(projectId, personId, role, now)
    if (outcome === 'not_found') throw personNotFound(personId)
    if (outcome === 'last_owner') throw lastOwnerConflict()
  }
  const person = await accountStore(ctx.storage).getPerson(personId)
  if (!person || person.projectId !== projectId) throw personNotFound(personId)
  if (role !== undefined && role !== before.role) {
    const change = { personId, email: person.email, projectId, role, changedBy: name, language: language ?? 'en', at: now } as const
    await mailRoleChanged(ctx, change)
  }
  return ok(personOutput(person))
}

const removePerson: Handler = async (request, ctx) => {
  const { projectId } = await peopleCaller(request, ctx)
  const personId = param(request, 'consolePersonId')
  const person = await accountStore(ctx.storage).getPerson(personId)
  if (!person || person.projectId !== projectId) throw personNotFound(personId)
  const outcome = await accountStore(ctx.storage).deletePerson(projectId, personId)
  if (outcome === 'not_found') throw personNotFound(personId)
  if (outcome === 'last_owner') throw lastOwnerConflict()
  return ok(personOutput(person))
}

async function personLink(request: IRequest, ctx: CanvassContext, wiring: ConsoleAccountsWiring): Promise<Response> {
  const { projectId, inConsole } = await peopleCaller(request, ctx)
  const personId = param(request, 'consolePersonId')
  const store = accountStore(ctx.storage)
  const person = await store.getPerson(personId)
  if (!person || person.projectId !== projectId) throw personNotFound(personId)
  // An owner's link signs in as that owner: only another owner, under their own name, may make one.
  if (person.role === 'owner' && !inConsole) {
    throw new CanvassError('forbidden', 'A sign-in link for an owner is made only by an owner signed in to the console', {
      details: { role: 'owner' },
    })
  }
  // A link signs in the whole account: one of other projects too is not this project's to hand out.
  if ((await store.listMemberships(person.accountId)).some((membership) => membership.projectId !== projectId)) {
    throw new CanvassError(
      'conflict',
      'This person has an account in other projects too: they sign in with it, or ask for a link from the server (`canvass console-link`)',
      { details: { account: 'other projects' } },
    )
  }
  const link = await createConsoleLink(ctx.storage, ctx.now(), { projectId, accountId: person.accountId }, wiring.settings)
  return ok({ path: link.path, expiresAt: link.expiresAt.toISOString() })
}
