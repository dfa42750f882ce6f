import { routeNotFound } from '../http/route-not-found'
import { deliveredProject } from '../domain/styling/project-styling'
import type { Handler } from '../context'
import { param } from '../context'
import { htmlResponse, newNonce } from '../http/html'
import type { SurveyRecord } from '../ports/storage'
import {
  chosenLanguage,
  firstOf,
  hiddenFieldsFromQuery,
  linkPageHead,
  linkPageSurvey,
  messagePageHtml,
  pageLanguage,
  surveyPageHtml,
} from '../pages/link-page'
import { prefillFromQuery } from '../pages/link-prefill'
import { isEncryptedSingleUse } from '../domain/responses/single-use-ids'
import { acceptsSubmissions, effectiveSurveyStatus } from '../domain/surveys/survey-status'
import type { RouteTable } from '../http/route-table'
import * as v from 'valibot'

/**
 * `GET /s/{surveyId}`: a link survey as a page of its own (served only while `served` says the widget is, whose
 * renderer the page loads from `/js/surveys.umd.cjs`; else 404 as an unknown route). `?lang=` picks the language (by its code, or its
 * base language: `de` for `de-DE`), else the browser's `Accept-Language` does (`chosenLanguage`); the survey's
 * hidden fields come from the query, and so do answers (a parameter named by a question's id, see
 * `link-prefill.ts`; `?skipPrefilled=true` passes over the questions they answer), `?suid=` is the
 * single-use id, `?pin=` the survey's PIN, `?preview=` a preview token (`POST …/surveys/{id}/preview`), which
 * shows the survey whatever its status, without PIN or single-use id, and saves nothing. Surveys that do not
 * exist or are no `link` surveys get a 404 page (a draft is served: drafts accept answers), surveys that accept no
 * answers (and single-use links without a valid id) a 403 page; never JSON, never the survey.
 */
export function registerLinkPageRoutes(routes: RouteTable, served: () => Promise<boolean>): void {
  const page: Handler = async (request, ctx, info) => {
    if (!(await served())) throw routeNotFound(new URL(request.url).pathname)
    return linkPage(request, ctx, info)
  }
  routes.get('/s/:surveyId', page, {
    summary:
      'A link survey as a page (`?lang=`, hidden fields, answers prefilled by question id, `?skipPrefilled=true`, `?suid=`, `?pin=`, `?preview=` a preview token)',
    auth: 'none',
    produces: 'text/html',
    requires: 'widget',
    query: v.object({
      lang: v.optional(v.string()),
      skipPrefilled: v.optional(v.string()),
      suid: v.optional(v.string()),
      pin: v.optional(v.string()),
      preview: v.optional(v.string()),
    }),
    errors: [403],
  })
}

const NOT_FOUND = {
  title: 'Survey not found',
  heading: 'This survey is not here',
  text: 'The link may be mistyped, or the survey was removed or cannot be answered as a page.',
}

const linkPage: Handler = async (request, ctx, info) => {
  const nonce = newNonce()
  const query = request.query as Record<string, string | string[] | undefined>
  const survey = await ctx.storage.surveys.get(param(request, 'surveyId'))
  if (survey?.type !== 'link') return htmlResponse(404, messagePageHtml({ ...NOT_FOUND, nonce }), nonce)
  const chosen = chosenLanguage(survey, firstOf(query.lang), request.headers.get('accept-language'))
  const lang = pageLanguage(survey, chosen)
  // The page's language may come from the browser's languages: a cache keeps one page per language list.
  const vary = { vary: 'accept-language' }
  const message = (status: number, heading: string, text: string) =>
    htmlResponse(status, messagePageHtml({ title: survey.name, heading, text, lang, nonce }), nonce, vary)

  const status = effectiveSurveyStatus(survey, ctx.now())
  // A token for another survey, expired or forged, is no preview: the page is what anyone gets.
  const previewToken = firstOf(query.preview)
  const preview = previewToken !== undefined && ctx.previewTokens.surveyOf(previewToken, ctx.now()) === survey.id
  const languageCode = chosen?.language.code
  if (preview) return surveyPage(ctx, survey, status, { lang, languageCode, nonce, query, preview })
  if (!acceptsSubmissions(status)) {
    const closed = closedMessage(survey)
    if (closed) return message(403, closed.heading, closed.text)
    if (status === 'scheduled') return message(403, 'This survey has not started yet', 'Please come back later.')
    if (status === 'paused') return message(403, 'This survey is paused', 'It does not accept answers at the moment.')
    return message(403, 'This survey is closed', 'It does not accept answers any more. Thank you for your interest.')
  }

  const singleUseId = firstOf(query.suid)
  const singleUse = isRecord(survey.singleUse) ? survey.singleUse : {}
  if (singleUse.enabled === true) {
    const heading = typeof singleUse.heading === 'string' && singleUse.heading ? singleUse.heading : 'This link is not valid'
    const text =
      typeof singleUse.subheading === 'string' && singleUse.subheading
        ? singleUse.subheading
        : 'This survey can only be answered through a personal link.'
    if (!singleUseId) return message(403, heading, text)
    if (isEncryptedSingleUse(survey.singleUse) && (ctx.singleUse?.open(survey.id, singleUseId) ?? null) === null)
      return message(403, heading, text)
  }

  let pinAuthToken: string | undefined
  if (survey.pin) {
    const given = firstOf(query.pin)
    const right = given !== undefined && sameText(given, survey.pin)
    const keep = () =>
      Object.entries(query).flatMap(([name, value]) =>
        name === 'pin' || value === undefined ? [] : (Array.isArray(value) ? value : [value]).map((v): [string, string] => [name, v]),
      )
    const pinPage = (heading: string, text: string, wrong: boolean) =>
      messagePageHtml({ title: survey.name, heading, text, lang, nonce, pin: { wrong, keep: keep() } })
    if (given !== undefined) {
      // Every PIN sent counts; past a limit the answer is 429 whether it was right or not.
      const verdict = await ctx.pinAttempts({ surveyId: survey.id, address: ctx.pinAttemptAddress(request, info), right }, ctx.now())
      if (verdict.locked) {
        const minutes = Math.ceil(verdict.retryAfterSeconds / 60)
        const page = messagePageHtml({
          title: survey.name,
          heading: 'Too many wrong PINs',
          text: `This survey's PIN cannot be tried again for now. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
          lang,
          nonce,
        })
        return htmlResponse(429, page, nonce, { ...vary, 'retry-after': String(verdict.retryAfterSeconds) })
      }
    }
    if (!right) {
      const page = pinPage('This survey is protected', 'Please enter the PIN you were given to open it.', given !== undefined)
      return htmlResponse(given === undefined ? 200 : 403, page, nonce, vary)
    }
    pinAuthToken = ctx.pinProofs.issue(survey.id, ctx.now())
  }
  return surveyPage(ctx, survey, status, {
    lang,
    languageCode,
    nonce,
    query,
    preview: false,
    ...(singleUseId ? { singleUseId } : {}),
    ...(pinAuthToken ? { pinAuthToken } : {}),
  })
}

/** The page that shows the survey, once it may be shown. */
async function surveyPage(
  ctx: Parameters<Handler>[1],
  survey: SurveyRecord,
  status: string,
  page: {
    lang: string
    /** The survey's language the request chose (`chosenLanguage`), by its code; none when it named none. */
    languageCode: string | undefined
    nonce: string
    query: Record<string, string | string[] | undefined>
    preview: boolean
    singleUseId?: string
    pinAuthToken?: string
  },
): Promise<Response> {
  const { lang, languageCode, nonce, query, singleUseId, pinAuthToken } = page
  const environment = await ctx.storage.environments.get(survey.environmentId)
  const project = await deliveredProject(ctx, environment?.projectId ?? '')
  const prefill = prefillFromQuery(survey, query, languageCode)
  const hasPrefill = Object.keys(prefill).length > 0
  const html = surveyPageHtml({
    head: linkPageHead(survey, languageCode),
    lang,
    nonce,
    basePath: ctx.basePath,
    boot: {
      environmentId: survey.environmentId,
      survey: linkPageSurvey(survey, status),
      project,
      ...(languageCode ? { languageCode } : {}),
      hiddenFields: hiddenFieldsFromQuery(survey, query),
      ...(hasPrefill ? { prefill } : {}),
      ...(hasPrefill && firstOf(query.skipPrefilled) === 'true' ? { skipPrefilled: true } : {}),
      ...(singleUseId ? { singleUseId } : {}),
      ...(pinAuthToken ? { pinAuthToken } : {}),
      ...(page.preview ? { preview: true } : {}),
    },
  })
  return htmlResponse(200, html, nonce, { vary: 'accept-language' })
}

/** The survey's own closed message, when it has one enabled. */
function closedMessage(survey: SurveyRecord): { heading: string; text: string } | undefined {
  const closed = survey.surveyClosedMessage
  if (!isRecord(closed) || closed.enabled !== true) return undefined
  return {
    heading: typeof closed.heading === 'string' && closed.heading ? closed.heading : 'This survey is closed',
    text: typeof closed.subheading === 'string' ? closed.subheading : '',
  }
}

/** Compares a given PIN with the survey's in time that does not depend on where they differ. */
function sameText(given: string, expected: string): boolean {
  if (given.length !== expected.length) return false
  let diff = 0
  for (let i = 0; i < given.length; i++) diff |= given.charCodeAt(i) ^ expected.charCodeAt(i)
  return diff === 0
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
