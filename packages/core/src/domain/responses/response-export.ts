import { ownValue } from '../../own-value'
import type { ResponseExportRow, ResponseRecord, SurveyRecord } from '../../ports/storage/index'
import type { AnswerOption } from '../results/answer-resolution'
import { answerOptionsKind, elementOptions, languageKey, resolveValue } from '../results/answer-resolution'
import { responseOutput } from './response-service'

/**
 * A survey's responses as CSV or NDJSON (docs/api.md, "Responses"): one row per response, one column per question (per
 * matrix row, address field and contact info field), the metadata, each hidden field, one column per survey
 * variable, and one for variables the survey does not declare.
 */

/** One column: its header and how a response fills it. */
interface Column {
  header: string
  value: (response: ResponseExportRow) => unknown
}

const ADDRESS_FIELDS = ['Address Line 1', 'Address Line 2', 'City', 'State', 'ZIP', 'Country']
const CONTACT_INFO_FIELDS = ['First Name', 'Last Name', 'Email', 'Phone', 'Company']

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

/** The default text of a localised value (`{ default: … }`), or the value when it is already text. */
function text(value: unknown): string {
  if (typeof value === 'string') return value
  if (isRecord(value) && typeof value.default === 'string') return value.default
  return ''
}

/**
 * A choice's cell (docs/api.md, "Answers in every language"): each choice named by its default label whatever
 * the answer's language (a picture, which has none, by its id); what was typed into "other", or a value that
 * names no choice, as it was stored.
 */
function choiceCell(element: Record<string, unknown>, value: unknown, language: string): unknown {
  const set = elementOptions(element, 'choices')
  const one = (raw: unknown) => {
    if (typeof raw !== 'string') return raw
    const { option, match } = resolveValue(set, raw, language)
    return option && (match === 'exact' || match === 'label') ? option.defaultLabel || raw : raw
  }
  return Array.isArray(value) ? value.map(one) : one(value)
}

/** A matrix answer's cells by the question's row, each column named by its default label (as stored when it names none). */
function matrixCells(element: Record<string, unknown>, value: unknown, language: string): Map<AnswerOption, unknown> {
  const cells = new Map<AnswerOption, unknown>()
  if (!isRecord(value)) return cells
  const rows = elementOptions(element, 'rows')
  const columns = elementOptions(element, 'columns')
  for (const [key, raw] of Object.entries(value)) {
    const row = resolveValue(rows, key, language).option
    if (!row || cells.has(row)) continue
    cells.set(row, typeof raw === 'string' ? resolveValue(columns, raw, language).option?.defaultLabel || raw : raw)
  }
  return cells
}

/** The entries of `variables` whose ids are not in `declared`, or nothing when there are none. */
function otherVariables(variables: Record<string, unknown>, declared: ReadonlySet<string>): Record<string, unknown> | undefined {
  let others: Record<string, unknown> | undefined
  for (const [id, value] of Object.entries(variables)) {
    if (!declared.has(id)) (others ??= {})[id] = value
  }
  return others
}

/**
 * The columns of a survey's export, in order. With `quotas` (the survey has some), a `Quotas` column names the
 * quotas each response is counted in (`ResponseExportRow.quotas`), joined with `; `.
 */
export function exportColumns(survey: SurveyRecord, options: { quotas?: boolean } = {}): Column[] {
  const meta = (response: ResponseExportRow, key: string) => (isRecord(response.meta) ? ownValue(response.meta, key) : undefined)
  const userAgent = (response: ResponseExportRow, key: string) => {
    const agent = meta(response, 'userAgent')
    return isRecord(agent) ? ownValue(agent, key) : undefined
  }
  const languageOf = (response: ResponseExportRow) => languageKey(survey.languages, response.language)
  const columns: Column[] = [
    { header: 'Response ID', value: (r) => r.id },
    { header: 'Created At', value: (r) => r.createdAt.toISOString() },
    { header: 'Updated At', value: (r) => r.updatedAt.toISOString() },
    { header: 'Finished', value: (r) => r.finished },
    { header: 'Contact ID', value: (r) => r.contactId },
    { header: 'User ID', value: (r) => r.userId },
    { header: 'Language', value: (r) => r.language },
    { header: 'Ending ID', value: (r) => r.endingId },
    { header: 'Display ID', value: (r) => r.displayId },
    { header: 'Single-use ID', value: (r) => r.singleUseId },
    { header: 'Source', value: (r) => meta(r, 'source') },
    { header: 'URL', value: (r) => meta(r, 'url') },
    { header: 'Action', value: (r) => meta(r, 'action') },
    { header: 'Device', value: (r) => userAgent(r, 'device') },
    { header: 'Browser', value: (r) => userAgent(r, 'browser') },
    { header: 'OS', value: (r) => userAgent(r, 'os') },
    { header: 'Time to Complete (ms)', value: (r) => r.ttc._total },
    { header: 'Tags', value: (r) => r.tagNames.join('; ') },
  ]
  for (const question of survey.questions) {
    if (!isRecord(question) || typeof question.id !== 'string') continue
    const id = question.id
    const headline = text(question.headline) || id
    const answer = (r: ResponseExportRow) => ownValue(r.data, id)
    const kind = answerOptionsKind(question.type)
    if (kind === 'matrix') {
      // A column per row of the question; the cell is found whatever the language of the row's label.
      const rows = elementOptions(question, 'rows')
      const read = new WeakMap<ResponseExportRow, Map<AnswerOption, unknown>>()
      const cells = (r: ResponseExportRow) => {
        let found = read.get(r)
        if (!found) read.set(r, (found = matrixCells(question, answer(r), languageOf(r))))
        return found
      }
      for (const row of rows.options) {
        columns.push({ header: `${headline} - ${row.defaultLabel || row.key}`, value: (r) => cells(r).get(row) })
      }
    } else if (kind === 'choices') {
      columns.push({ header: headline, value: (r) => choiceCell(question, answer(r), languageOf(r)) })
    } else if (question.type === 'address' || question.type === 'contactInfo') {
      const fields = question.type === 'address' ? ADDRESS_FIELDS : CONTACT_INFO_FIELDS
      fields.forEach((field, index) => {
        columns.push({
          header: `${headline} - ${field}`,
          value: (r) => {
            const value = answer(r)
            return Array.isArray(value) ? value[index] : undefined
          },
        })
      })
    } else {
      columns.push({ header: headline, value: answer })
    }
  }
  const hidden = isRecord(survey.hiddenFields) && Array.isArray(survey.hiddenFields.fieldIds) ? survey.hiddenFields.fieldIds : []
  for (const field of hidden) {
    if (typeof field === 'string') columns.push({ header: `Hidden: ${field}`, value: (r) => ownValue(r.data, field) })
  }
  const declared = new Set<string>()
  for (const variable of survey.variables) {
    if (!isRecord(variable) || typeof variable.id !== 'string') continue
    const id = variable.id
    declared.add(id)
    columns.push({ header: `Variable: ${typeof variable.name === 'string' ? variable.name : id}`, value: (r) => ownValue(r.variables, id) })
  }
  // What a client sent under ids the survey does not declare (older surveys, clients of their own).
  columns.push({ header: 'Other Variables', value: (r) => otherVariables(r.variables, declared) })
  if (options.quotas) columns.push({ header: 'Quotas', value: (r) => r.quotas ?? [] })
  return columns
}

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote or line break; arrays joined with `; `,
 * objects as JSON. A cell whose text a spreadsheet would run as a formula (starting `=`, `+`, `-`, `@`, tab or
 * carriage return) gets a leading `'`, so that opening the file never runs what a respondent sent: judged on
 * the cell's final text, whatever the answer was (a list joins its items, so its first item leads the cell).
 * A number is the one exception: its text is a numeric literal (`-5`), which a spreadsheet reads as that number.
 */
export function csvField(value: unknown): string {
  let cell: string
  if (value === undefined || value === null) cell = ''
  else if (typeof value === 'string') cell = value
  else if (typeof value === 'number') return String(value)
  else if (typeof value === 'boolean') cell = String(value)
  else if (Array.isArray(value) && value.every((item) => typeof item !== 'object' || item === null))
    cell = value.map((item) => String(item ?? '')).join('; ')
  else cell = JSON.stringify(value)
  if (FORMULA_LEAD.test(cell)) cell = `'${cell}`
  return /[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell
}

/** The first characters by which spreadsheets recognise a formula (OWASP's list for CSV injection). */
const FORMULA_LEAD = /^[=+\-@\t\r]/

export function csvLine(cells: unknown[]): string {
  return `${cells.map(csvField).join(',')}\r\n`
}

/**
 * Rows per read of an export: the first read takes `EXPORT_ROWS.first`; each next one as many as fit in
 * `EXPORT_ROWS.bytes` at the size the last page's rows had, within `first` and `most`. Small rows go 250 at a
 * time (few round trips), rows of a MiB 20 at a time (bounded memory).
 */
export const EXPORT_ROWS = { first: 20, most: 250, bytes: 1024 * 1024 }

export type ExportFormat = 'csv' | 'ndjson'

/** Where an export's rows come from. */
export interface ExportSource<Row> {
  /** The rows after `after` (none: from the start), at most `limit`, in the export's order. */
  read(after: Row | undefined, limit: number): Promise<Row[]>
}

/** How an export ended before its last row: the client stopped reading, or a read or a row failed. */
export interface ExportEarlyEnd {
  reason: 'cancelled' | 'failed'
  /** Rows written before the end. */
  rows: number
  /** What the stream was cancelled with (the host's reason, if it gave one), or what failed. */
  cause: unknown
}

/**
 * The export as a stream of text, read page by page only as fast as the client takes it: each pull reads one
 * page. Cancelling the stream (the client went away) stops the reading. CSV reads only what its columns show
 * (`listForExport`: no contact attributes); NDJSON writes every field of each response, as the API's reads do
 * (`view` as `responseOutput` takes it). `onEarlyEnd` hears of an export that ends before its last row
 * (cancelled, or a failed read: the stream then errors, and the client gets a cut-off file), so that it is
 * never cut off in silence.
 */
export function exportStream(
  survey: SurveyRecord,
  source:
    | { format: 'csv'; rows: ExportSource<ResponseExportRow>; quotas?: boolean }
    | { format: 'ndjson'; rows: ExportSource<ResponseRecord>; view?: { contactAttributes: boolean } },
  onEarlyEnd: (end: ExportEarlyEnd) => void = () => {},
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder()
  const columns = source.format === 'csv' ? exportColumns(survey, { quotas: source.quotas ?? false }) : []
  const view = source.format === 'ndjson' ? source.view : undefined
  const line = (row: ResponseExportRow | ResponseRecord) =>
    source.format === 'csv'
      ? csvLine(columns.map((column) => column.value(row as ResponseExportRow)))
      : `${JSON.stringify(responseOutput(row as ResponseRecord, view))}\n`
  let last: ResponseExportRow | ResponseRecord | undefined
  let limit = EXPORT_ROWS.first
  let started = false
  let done = false
  let written = 0
  const endEarly = (reason: ExportEarlyEnd['reason'], cause: unknown) => {
    done = true
    try {
      onEarlyEnd({ reason, rows: written, cause })
    } catch {}
  }
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (!started) {
          started = true
          // A byte-order mark, so that spreadsheets read the file as UTF-8.
          if (source.format === 'csv') controller.enqueue(encoder.encode(`\uFEFF${csvLine(columns.map((column) => column.header))}`))
          return
        }
        if (done) return
        let rows: (ResponseExportRow | ResponseRecord)[]
        let chunk = ''
        try {
          rows = await source.rows.read(last as never, limit)
          for (const row of rows) chunk += line(row)
        } catch (error) {
          // A cancel while the read was under way has been reported already.
          if (!done) endEarly('failed', error)
          throw error
        }
        if (done) return
        if (rows.length === 0) {
          done = true
          controller.close()
          return
        }
        last = rows[rows.length - 1]
        written += rows.length
        const bytes = encoder.encode(chunk)
        controller.enqueue(bytes)
        const perRow = bytes.byteLength / rows.length
        limit = Math.max(EXPORT_ROWS.first, Math.min(EXPORT_ROWS.most, Math.floor(EXPORT_ROWS.bytes / perRow)))
      },
      cancel(reason) {
        if (!done) endEarly('cancelled', reason)
      },
    },
    // One page in the queue at most: the next is read when the client has taken this one.
    { highWaterMark: 1 },
  )
}
