import * as v from 'valibot'
import { MAX_ANSWER_SEARCH } from '../domain/results/answer-search'
import type { CanvassContext, Handler } from '../context'
import { param } from '../context'
import { CanvassError, validationError } from '../errors'
import { htmlResponse, newNonce } from '../http/html'
import { isFilterParam } from '../http/response-filters'
import type { RouteTable } from '../http/route-table'
import { isInlineImage } from '../uploads/file-type'
import type { UploadSettings } from '../uploads/upload-options'
import { dispositionName, isKey } from '../uploads/blob-names'
import type { SurveyRecord } from '../ports/storage'
import { messagePageHtml } from '../pages/link-page'
import type { ShareFilters } from '../domain/results/result-share'
import { findSharedSurvey, readShareFilters, shareAnswers, shareResponses, shareSummary } from '../domain/results/result-share'
import type { ShareAnswerPage, ShareField, SharePageView } from '../pages/share-page'
import { SHARE_PAGE_LIMITS, parseShareFieldParam, shareFieldParam, sharePageHtml, shareSummaryFields } from '../pages/share-page'

/**
 * `GET /share/{resultShareKey}`: a shared survey's results as a page of its own (`pages/share-page.ts`), for
 * anyone with the link while sharing is on: the summary, `?tab=responses` (newest first, `after` pages), and
 * `?tab=answers&field=data:ID` (or `variables:ID`) one field's answers. The filters (`startDate`, `endDate`,
 * `finished=true`, `lang`) come from the page's GET form, whose empty fields mean "no filter". An unknown,
 * rotated or unshared key is a 404 page, a bad parameter a 400 page naming it: never JSON, never the key.
 * `?file=NAME` answers a public file of the survey's environment, which the page links that way.
 */
export function registerSharePageRoutes(routes: RouteTable, uploads: UploadSettings | undefined): void {
  const sharePage = sharePageWith(uploads)
  routes.get('/share/:resultShareKey', sharePage, {
    summary:
      "A shared survey's results as a page: the summary, `?tab=responses`, `?tab=answers&field=data:ID` (with `search`); filters `startDate`, `endDate`, `finished`, `lang` and `filter[<field>][<operator>]`; `after` pages",
    auth: 'none',
    produces: 'text/html',
    query: v.object({
      tab: v.optional(v.string()),
      field: v.optional(v.string()),
      after: v.optional(v.string()),
      search: v.optional(v.string()),
      startDate: v.optional(v.string()),
      endDate: v.optional(v.string()),
      finished: v.optional(v.string()),
      lang: v.optional(v.string()),
      file: v.optional(v.string()),
    }),
  })
}

const NOT_FOUND = {
  title: 'Results not found',
  heading: 'These results are not shared',
  text: 'The link may be mistyped, or its owner stopped sharing these results or made a new link.',
}

const FILE_NOT_FOUND = { heading: 'This file is not here', text: 'It may have been deleted, or it is not a public file of this survey.' }

/**
 * `?file=NAME`: a public file of the survey's environment, as `/storage/{environmentId}/public/NAME` serves
 * it (public files are anyone's who knows their address), so that the page links its files without naming
 * the environment; null when there is none.
 */
async function sharedFile(uploads: UploadSettings, survey: SurveyRecord, name: string): Promise<Response | null> {
  const key = `${survey.environmentId}/public/${name}`
  // A name no upload can have is the link's mistake (400 naming it); a name that could be, but is not, a 404.
  if (name.includes('/') || !isKey(key)) throw badParameter('file', 'Must be the name of a public file')
  const object = await uploads.blobStore.get(key)
  if (!object) return null
  const headers: Record<string, string> = {
    'content-type': object.contentType,
    'content-length': String(object.size),
    'x-content-type-options': 'nosniff',
    'content-security-policy': "default-src 'none'; sandbox",
    'content-disposition': `${isInlineImage(object.contentType) ? 'inline' : 'attachment'}; ${dispositionName(name)}`,
    // The page's address is the capability: neither kept by caches nor sent on.
    'cache-control': 'private, no-store',
    'referrer-policy': 'no-referrer',
  }
  return new Response(object.body, { status: 200, headers })
}

/** Latest answers read at once for the summary tab: enough to overlap round trips, few enough to share a pool. */
const ANSWER_READS_AT_ONCE = 4

const sharePageWith =
  (uploads: UploadSettings | undefined): Handler =>
  async (request, ctx) => {
    const nonce = newNonce()
    const survey = await findSharedSurvey(ctx, param(request, 'resultShareKey'))
    if (!survey) return htmlResponse(404, messagePageHtml({ ...NOT_FOUND, nonce }), nonce)
    try {
      const query = withoutEmpty(request.query as Record<string, string | string[] | undefined>)
      const file = one(query, 'file')
      if (file !== undefined) {
        const answer = uploads && (await sharedFile(uploads, survey, file))
        return answer ?? htmlResponse(404, messagePageHtml({ ...FILE_NOT_FOUND, title: survey.name, nonce }), nonce)
      }
      const filters = readShareFilters(query)
      const view = await readView(ctx, survey, filters, query)
      // The page's links and form carry the `filter[…][…]` parameters on as they came.
      const params = Object.entries(query).flatMap(([name, value]) =>
        isFilterParam(name) ? [value ?? ''].flat().map((one) => [name, one] as const) : [],
      )
      const html = sharePageHtml({ survey, filters: { ...filters, params }, view, nonce, basePath: ctx.basePath })
      return htmlResponse(200, html, nonce)
    } catch (error) {
      // Busy (too many shared summaries computed at once) or the database out of reach: a page that says so.
      if (error instanceof CanvassError && error.status === 503) {
        const page = messagePageHtml({ title: survey.name, heading: 'These results are busy', text: `${error.message}`, nonce })
        return htmlResponse(503, page, nonce, error.headers)
      }
      if (!(error instanceof CanvassError) || error.status !== 400) throw error
      const named = Object.entries(error.details)
        .map(([name, problem]) => `${name}: ${String(problem)}`)
        .join('; ')
      const page = messagePageHtml({
        title: survey.name,
        heading: 'This link asks for something the page cannot show',
        text: named ? `${error.message} (${named}).` : `${error.message}.`,
        nonce,
      })
      return htmlResponse(400, page, nonce)
    }
  }

async function readView(
  ctx: CanvassContext,
  survey: SurveyRecord,
  filters: ShareFilters,
  query: Record<string, string | string[] | undefined>,
): Promise<SharePageView> {
  const tab = one(query, 'tab') ?? 'summary'
  const after = one(query, 'after')
  if (tab === 'responses') {
    const responses = await shareResponses(ctx, survey, filters, { limit: SHARE_PAGE_LIMITS.responsesPerPage, ...(after ? { after } : {}) })
    return { tab, responses, after }
  }
  if (tab === 'answers') {
    const field = parseShareFieldParam(one(query, 'field'))
    if (!field) throw badParameter('field', 'Must be data:ID or variables:ID')
    const search = one(query, 'search')?.trim()
    if (search && search.length > MAX_ANSWER_SEARCH) throw badParameter('search', `Must be at most ${MAX_ANSWER_SEARCH} characters`)
    const answers = await shareAnswers(ctx, survey, field, filters, {
      limit: SHARE_PAGE_LIMITS.answersPerPage,
      ...(after ? { after } : {}),
      ...(search ? { search } : {}),
    })
    return { tab, field, answers, after, search }
  }
  if (tab !== 'summary') throw badParameter('tab', 'Must be summary, responses or answers')
  const [summary, latest] = await Promise.all([shareSummary(ctx, survey, filters), latestAnswers(ctx, survey, filters)])
  return { tab, summary, latest }
}

/** The latest answers of each field the summary lists, a few reads at a time. */
async function latestAnswers(ctx: CanvassContext, survey: SurveyRecord, filters: ShareFilters): Promise<Record<string, ShareAnswerPage>> {
  const fields = shareSummaryFields(survey)
  const latest: Record<string, ShareAnswerPage> = {}
  let next = 0
  const worker = async () => {
    while (next < fields.length) {
      const field = fields[next++] as ShareField
      latest[shareFieldParam(field)] = await shareAnswers(ctx, survey, field, filters, { limit: SHARE_PAGE_LIMITS.latestAnswers })
    }
  }
  await Promise.all(Array.from({ length: Math.min(ANSWER_READS_AT_ONCE, fields.length) }, worker))
  return latest
}

/** The query without the empty values an unfilled form field sends. */
function withoutEmpty(query: Record<string, string | string[] | undefined>): Record<string, string | string[] | undefined> {
  return Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined && value !== ''))
}

function one(query: Record<string, string | string[] | undefined>, name: string): string | undefined {
  const value = query[name]
  if (Array.isArray(value)) throw badParameter(name, 'Must be given once')
  return value
}

const badParameter = (name: string, problem: string) => validationError({ [name]: problem })
