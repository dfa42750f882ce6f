import * as v from 'valibot'
import type { Handler } from '../../context'
import { publicBaseUrl } from '../../context'
import { authenticate, authenticatedAs } from '../../auth/authenticate'
import type { Caller } from '../../auth/caller'
import { checkContactAttributeFilter } from '../../auth/console-roles'
import { isConsoleRole } from '../../domain/console/console-accounts'
import { exportAnswer } from '../../domain/responses/export-answer'
import { EXPORT_FORMATS } from '../../domain/responses/export-formats'
import type { ExportLinkGrant } from '../../domain/tokens/export-links'
import { EXPORT_LINK_TOKEN, exportQueryDigest } from '../../domain/tokens/export-links'
import { ownedSurvey } from '../../domain/surveys/owned-survey'
import { reportingOf } from '../../domain/optional-ports/reporting'
import { notAuthenticated, validationError } from '../../errors'
import { ok } from '../../http/respond'
import { MAX_FILTER_VALUE_LENGTH, MAX_FILTER_VALUES, MAX_RESPONSE_FILTERS } from '../../http/response-filters'
import { readExportQuery, responseExportQuery } from '../../http/response-query'
import type { BodyHandler, RouteTable } from '../../http/route-table'
import { dataOf } from '../../schemas/answers'

const DOWNLOAD_PATH = '/api/v1/management/responses/export/download'

/** One parameter's value in `filters`: text, or a list of texts for a repeated one (`in`, `nin`). */
const filterValue = v.union(
  [
    v.pipe(v.string(), v.maxLength(MAX_FILTER_VALUE_LENGTH * 2)),
    v.pipe(v.array(v.pipe(v.string(), v.maxLength(MAX_FILTER_VALUE_LENGTH))), v.maxLength(MAX_FILTER_VALUES)),
  ],
  'Must be a text, or a list of texts',
)

/** Body of `POST …/export-links`: the survey, the format, and the list's query parameters as a URL would carry them. */
export const exportLinkBody = v.strictObject(
  {
    surveyId: v.pipe(v.string(), v.minLength(1), v.maxLength(255)),
    format: v.optional(v.picklist(EXPORT_FORMATS, 'Must be csv, ndjson or xlsx')),
    filters: v.optional(
      v.pipe(
        v.record(v.pipe(v.string(), v.maxLength(300)), filterValue),
        v.check((filters) => Object.keys(filters).length <= MAX_RESPONSE_FILTERS + 10, 'Holds too many parameters'),
      ),
    ),
  },
  'Must be an object of surveyId, format and filters (no other fields)',
)

const exportLinkAnswer = v.object({
  url: v.pipe(v.string(), v.description('Where the export downloads from, without a key or session, until `expiresAt`')),
  expiresAt: v.pipe(v.string(), v.description('ISO 8601')),
})

/** Signed links that download a survey's responses export by navigation (docs/api.md, "Exporting responses"). */
export function registerResponseExportLinkRoutes(routes: RouteTable): void {
  routes.post('/api/v1/management/responses/export-links', mintExportLink, {
    summary: 'A short-lived signed link that downloads an export of responses, with the filters given',
    description:
      "`filters` holds the responses list's query parameters as a URL carries them (`startDate`, `finished`, `filter[data.nps][gte]`, … ; a repeated one as a list), checked as the export checks them. The answer's `url` downloads the export (`Content-Disposition: attachment`) without a key or session for five minutes, as often as asked; it is bound to this environment, the survey, the format, the filters and the key or console person that asked for it, and stops when that key is revoked or that person is removed. Each download is written to the audit log as an export.",
    auth: 'apiKey',
    readOnly: true,
    body: exportLinkBody,
    answer: dataOf(exportLinkAnswer),
    errors: [403, 404, 501],
  })
  routes.get(DOWNLOAD_PATH, downloadExport, {
    audit: { action: 'export', resourceType: 'survey', resourceId: { query: 'surveyId' } },
    summary: 'Download an export through a signed link of `POST …/responses/export-links`',
    description:
      'The query is the one the link was minted with, `token` included; a changed, expired or forged link is a `401 not_authenticated`, as is one whose key was revoked or whose console person was removed.',
    auth: 'none',
    // A link always names its format (the mint writes it), so the download requires it.
    query: v.object({
      ...responseExportQuery.entries,
      format: v.picklist(EXPORT_FORMATS, 'Must be csv, ndjson or xlsx'),
      token: v.pipe(v.string(), v.maxLength(4096)),
    }),
    produces: 'text/csv',
    errors: [401, 403, 404],
  })
}

const mintExportLink: BodyHandler<typeof exportLinkBody> = async (request, ctx, _info, body) => {
  const caller = await authenticate(request, ctx)
  const { surveyId, format = 'csv', filters = {} } = await body()
  const clashing = ['surveyId', 'format', EXPORT_LINK_TOKEN].filter((name) => Object.hasOwn(filters, name))
  if (clashing.length > 0)
    throw validationError(Object.fromEntries(clashing.map((name) => [`filters.${name}`, 'Give it beside filters, not in them'])))
  const query: Record<string, string | string[]> = { ...filters, surveyId, format }
  const { filter } = readExportQuery(query)
  checkContactAttributeFilter(caller, filter.where)
  const survey = await ownedSurvey(ctx, caller.environmentId, surveyId)
  // A storage without reports cannot export: 501 now rather than from the link.
  reportingOf(ctx.storage)
  const grant: ExportLinkGrant = {
    environmentId: caller.environmentId,
    surveyId: survey.id,
    format,
    queryDigest: exportQueryDigest(query),
    apiKeyId: caller.apiKeyId || null,
    ...(caller.console
      ? {
          console: {
            projectId: caller.console.projectId,
            personId: caller.console.personId,
            name: caller.console.personName ?? caller.console.role,
            role: caller.console.role,
          },
        }
      : {}),
  }
  if (!ctx.exportLinks.fits(grant)) throw validationError({ surveyId: 'The ids are too long for a link' })
  const { token, expiresAt } = ctx.exportLinks.issue(grant, ctx.now())
  const search = new URLSearchParams()
  for (const name of Object.keys(query).sort()) {
    const value = query[name] ?? ''
    for (const item of Array.isArray(value) ? value : [value]) search.append(name, item)
  }
  search.set(EXPORT_LINK_TOKEN, token)
  return ok({ url: `${publicBaseUrl(request, ctx)}${DOWNLOAD_PATH}?${search}`, expiresAt: expiresAt.toISOString() })
}

const downloadExport: Handler = async (request, ctx, info) => {
  const { [EXPORT_LINK_TOKEN]: token, ...query } = request.query
  if (typeof token !== 'string') throw notAuthenticated()
  const grant = ctx.exportLinks.grantOf(token, query, ctx.now())
  if (!grant || query.surveyId !== grant.surveyId || query.format !== grant.format) throw notAuthenticated()
  const caller = await linkCaller(ctx, grant)
  authenticatedAs(request, caller)
  return exportAnswer(ctx, caller, readExportQuery(query), info.requestId)
}

/**
 * Who minted a link, as they are now: the key while it is not revoked, the console's person while they are one
 * of the project's people (401 when either is gone), with the role they have now.
 */
async function linkCaller(ctx: Parameters<Handler>[1], grant: ExportLinkGrant): Promise<Caller> {
  const { environmentId } = grant
  if (grant.apiKeyId !== null) {
    const key = (await ctx.storage.apiKeys.list(environmentId)).find((candidate) => candidate.id === grant.apiKeyId)
    if (!key || key.revokedAt) throw notAuthenticated()
    return { environmentId, apiKeyId: key.id, apiKeyLabel: key.label }
  }
  const session = grant.console
  if (!session || !isConsoleRole(session.role)) throw notAuthenticated()
  let role = session.role
  let name = session.name
  if (session.personId !== null) {
    const found = ctx.consolePerson ? await ctx.consolePerson({ projectId: session.projectId, id: session.personId, name }) : null
    if (!found) throw notAuthenticated()
    role = found.role
    name = found.name
  }
  return {
    environmentId,
    apiKeyId: '',
    apiKeyLabel: `console: ${name}`,
    console: { projectId: session.projectId, role, personId: session.personId, personName: session.personId === null ? null : name },
  }
}
