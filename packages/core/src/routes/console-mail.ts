import * as v from 'valibot'
import type { IRequest } from 'itty-router'
import type { CanvassContext, Handler } from '../context'
import { externalUrl } from '../context'
import { authenticate } from '../auth/authenticate'
import { CanvassError, notAuthenticated } from '../errors'
import { decodeCursor, listPage, cursorPageEntries } from '../http/pagination'
import type { RouteTable } from '../http/route-table'
import { parseQuery } from '../http/validate'
import type { MailRecord } from '../ports/storage'

/** Mails per page unless `limit` says otherwise, and at most. */
export const MAIL_LOG_PAGE_SIZE = 50
export const MAX_MAIL_LOG_PAGE_SIZE = 200

/** What a route of the log answers on a storage without the mail outbox. */
export const MAIL_OUTBOX_MISSING = 'This storage keeps no mail: give it storage.mail, as createKyselyStorage does'

const mailLogQuery = v.object({
  ...cursorPageEntries(MAX_MAIL_LOG_PAGE_SIZE),
})

const mailAnswer = v.object({
  id: v.string(),
  to: v.string(),
  kind: v.picklist(['invitation', 'sign-in-link', 'password-reset', 'role-changed']),
  language: v.picklist(['en', 'de']),
  subject: v.string(),
  status: v.picklist(['queued', 'sent', 'failed', 'limited']),
  attempts: v.number(),
  lastError: v.nullable(v.string()),
  createdAt: v.string(),
  sentAt: v.nullable(v.string()),
})

/** `GET /api/v1/console/mail`: the project's delivery log (docs/mail.md, "The delivery log"). */
export function registerConsoleMailRoutes(routes: RouteTable): void {
  routes.get('/api/v1/console/mail', listMail, {
    summary:
      "The project's mails, newest first: to whom, what, and what became of each (owners in the console; the production environment's API keys)",
    description:
      'The delivery log of the mails Canvass sent or means to send about the caller\'s project: address, kind, language, subject, status (`queued`, `sent`, `failed`, `limited`), attempts, the last attempt\'s error, when it was queued and sent. Never the bodies (they held one-time links and are cleared once a mail is sent or given up). Pages of `limit` (1 to 200, default 50); a `Link` header with `rel="next"` carries the `cursor` of the next page. Mails are kept 30 days. A storage without the mail outbox answers 501.',
    auth: 'apiKey',
    query: mailLogQuery,
    answer: v.object({ data: v.array(mailAnswer) }),
    errors: [403, 501],
  })
}

const listMail: Handler = async (request, ctx) => {
  const projectId = await mailLogProject(request, ctx)
  const outbox = ctx.storage.mail
  if (outbox === undefined) throw new CanvassError('not_implemented', MAIL_OUTBOX_MISSING)
  const query = request.query as Record<string, string | string[] | undefined>
  const input = parseQuery(mailLogQuery, query)
  const page = { limit: input.limit ?? MAIL_LOG_PAGE_SIZE, ...(input.cursor !== undefined ? { after: decodeCursor(input.cursor) } : {}) }
  return listPage(page, {
    read: (position) => outbox.list(projectId, position),
    output: mailOutput,
    nextUrl: () => externalUrl(request, ctx),
  })
}

/**
 * Whose log the caller reads: the console's project (the role rule let owners only through), or the project of
 * a production key. Addresses are personal data of the whole project, so a development key, which acts on its
 * own environment alone, is refused.
 */
async function mailLogProject(request: IRequest, ctx: CanvassContext): Promise<string> {
  const caller = await authenticate(request, ctx)
  if (caller.console) return caller.console.projectId
  const environment = await ctx.storage.environments.get(caller.environmentId)
  if (!environment) throw notAuthenticated()
  if (environment.type !== 'production') {
    throw new CanvassError(
      'forbidden',
      "The project's mails are read with a production API key or an owner's console session, not a development key",
      {
        details: { environment: environment.type },
      },
    )
  }
  return environment.projectId
}

/** A mail as the log shows it: never its bodies. */
function mailOutput(mail: MailRecord) {
  return {
    id: mail.id,
    to: mail.to,
    kind: mail.kind,
    language: mail.language,
    subject: mail.subject,
    status: mail.status,
    attempts: mail.attempts,
    lastError: mail.lastError,
    createdAt: mail.createdAt.toISOString(),
    sentAt: mail.sentAt?.toISOString() ?? null,
  }
}
