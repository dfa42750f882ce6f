import type { CanvassContext } from '../../context'
import type { Caller } from '../../auth/caller'
import { checkContactAttributeFilter, readsContactAttributes } from '../../auth/console-roles'
import type { ResponseDateField, ResponseFilter, SurveyRecord } from '../../ports/storage'
import { SAFE_HEADERS } from '../../http/respond'
import { ownValue } from '../../own-value'
import { ownedSurvey } from '../surveys/owned-survey'
import { withAnswerForms } from '../results/answer-filters'
import { reportingOf } from '../optional-ports/reporting'
import { logEarlyEnd } from './export-early-end'
import { exportStream } from './response-export'
import { xlsxExportStream } from './response-export-xlsx'
import type { ResponseExportFormat } from './export-formats'

/** An export's query as read (`readExportQuery`): the list's filter (`surveyId` set) and order, and the format. */
export interface ExportRequest {
  filter: ResponseFilter
  sortBy: ResponseDateField
  order: 'asc' | 'desc'
  format: ResponseExportFormat
}

const CONTENT_TYPES: Record<ResponseExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  ndjson: 'application/x-ndjson; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
}

/**
 * The answer of an export (docs/api.md, "Exporting responses"), for the export route and for an export link
 * alike: every response of the caller's survey that the filter takes, in its order, streamed page by page.
 * A survey of another environment is refused (401), an unknown one is a 404, a filter by contact attributes
 * a 403 for a console role below owner; a storage without reports answers 501 before the stream starts.
 */
export async function exportAnswer(ctx: CanvassContext, caller: Caller, request: ExportRequest, requestId: string | undefined) {
  const { environmentId } = caller
  const { filter, sortBy, order, format } = request
  checkContactAttributeFilter(caller, filter.where)
  const view = { contactAttributes: readsContactAttributes(caller) }
  const survey = await ownedSurvey(ctx, environmentId, filter.surveyId as string)
  const reports = reportingOf(ctx.storage)
  // A filter on a choice takes the answer in every language (docs/api.md, "Answers in every language").
  const scope = { ...withAnswerForms(survey, filter), surveyId: survey.id, sortBy, order }
  const position = (after: { id: string; createdAt: Date; updatedAt: Date } | undefined) =>
    after ? { after: { createdAt: after[sortBy], id: after.id } } : {}
  const hasQuotas = format !== 'ndjson' && ((await ctx.storage.quotas?.listAll(environmentId, survey.id))?.length ?? 0) > 0
  const onEarlyEnd = logEarlyEnd(ctx, `The ${format.toUpperCase()} export of survey ${survey.id}`, requestId)
  const rows = {
    read: async (after: Parameters<typeof position>[0], limit: number) => {
      const page = await reports.responses.listForExport(environmentId, { ...scope, limit, ...position(after) })
      if (!hasQuotas || page.length === 0) return page
      const names = await reports.quotas.namesByResponse(
        environmentId,
        page.map((row) => row.id),
      )
      return page.map((row) => ({ ...row, quotas: ownValue(names, row.id) ?? [] }))
    },
  }
  const body =
    format === 'csv'
      ? exportStream(survey, { format, quotas: hasQuotas, rows }, onEarlyEnd)
      : format === 'xlsx'
        ? xlsxExportStream(survey, { quotas: hasQuotas, rows }, onEarlyEnd)
        : exportStream(
            survey,
            {
              format,
              view,
              rows: {
                read: async (after, limit) =>
                  (await ctx.storage.responses.list(environmentId, { ...scope, limit, ...position(after) })).slice(0, limit),
              },
            },
            onEarlyEnd,
          )
  return new Response(body, {
    status: 200,
    headers: {
      ...SAFE_HEADERS,
      'content-type': CONTENT_TYPES[format],
      'content-disposition': exportDisposition(survey, format, ctx.now()),
    },
  })
}

/**
 * `attachment` with the file's name: `responses-<survey id>.<format>` for every client, and for browsers
 * (RFC 6266 `filename*`) the survey's name and the day, `Customer survey responses 2026-11-29.xlsx`.
 */
export function exportDisposition(survey: Pick<SurveyRecord, 'id' | 'name'>, format: string, now: Date): string {
  const plain = `responses-${survey.id.replace(/[^A-Za-z0-9_-]/g, '')}.${format}`
  const name = survey.name
    // Characters no file system takes, controls and bidirectional overrides.
    .replace(/[\u0000-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069/\\:*?"<>|]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
  // By code point, so that a pair of surrogates is never cut in two.
  const short = Array.from(name).slice(0, 100).join('').trim()
  const readable = `${short === '' ? 'Survey' : short} responses ${now.toISOString().slice(0, 10)}.${format}`
  return `attachment; filename="${plain}"; filename*=UTF-8''${encodeURIComponent(readable)}`
}
