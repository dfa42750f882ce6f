import { ownValue } from '../../own-value'
import type { DisplayRecord, PersonRecord, ResponseRecord } from '../../ports/storage/index'
import { EXPORT_ROWS } from '../responses/response-export'
import type { ExportEarlyEnd, ExportSource } from '../responses/response-export'

/**
 * Everything stored about one contact (a respondent's "send me what you hold on me", GDPR articles 15 and
 * 20) as one JSON document, streamed: the contact, its attributes, its displays, its responses with their
 * answers, notes, tags and the URLs of the files they name, and all those URLs again at the end.
 */

/** Where a contact's export reads from: each list a page at a time, oldest first. */
export interface ContactExportSource {
  /** The contact's displays after `after`, up to `limit + 1` (the extra row says another page exists). */
  displays: ExportSource<DisplayRecord>
  /** The contact's responses after `after`, up to `limit + 1`. */
  responses: ExportSource<ResponseRecord>
  /** The ids of the survey's `fileUpload` questions (none for a survey that is gone). */
  fileQuestions(surveyId: string): Promise<readonly string[]>
}

/** Displays per read: a display is a few ids and two dates. */
const DISPLAY_ROWS = 250

/** One file a response's answer names: the `fileUpload` question and the URL as the answer stores it. */
export interface NamedFile {
  questionId: string
  url: string
}

/** The files `data` names under `questionIds`: a `fileUpload` answer is a URL or a list of them. */
export function namedFiles(data: Record<string, unknown>, questionIds: readonly string[]): NamedFile[] {
  const files: NamedFile[] = []
  for (const questionId of questionIds) {
    const answer = ownValue(data, questionId)
    for (const url of Array.isArray(answer) ? answer : [answer]) {
      if (typeof url === 'string' && url !== '') files.push({ questionId, url })
    }
  }
  return files
}

/** The contact as its export shows it, without its attributes (they have their own member). */
function contactOutput(contact: PersonRecord) {
  return {
    id: contact.id,
    userId: contact.userId,
    environmentId: contact.environmentId,
    createdAt: contact.createdAt.toISOString(),
    updatedAt: contact.updatedAt.toISOString(),
  }
}

function displayOutput(display: DisplayRecord) {
  return {
    id: display.id,
    surveyId: display.surveyId,
    responseId: display.responseId,
    createdAt: display.createdAt.toISOString(),
    updatedAt: display.updatedAt.toISOString(),
  }
}

/** A response as the export shows it: the contact is the document's, so only the attributes it was answered with. */
function responseOutput(response: ResponseRecord, files: NamedFile[]) {
  return {
    id: response.id,
    surveyId: response.surveyId,
    createdAt: response.createdAt.toISOString(),
    updatedAt: response.updatedAt.toISOString(),
    finished: response.finished,
    language: response.language,
    data: response.data,
    variables: response.variables,
    ttc: response.ttc,
    meta: response.meta,
    singleUseId: response.singleUseId,
    displayId: response.displayId,
    endingId: response.endingId,
    contactAttributes: response.personAttributes,
    notes: response.notes,
    tags: response.tags,
    files,
  }
}

/** Responses per read at `perRow` bytes a response, within `EXPORT_ROWS.first` and `EXPORT_ROWS.most`. */
function rowsFitting(perRow: number): number {
  return Math.max(EXPORT_ROWS.first, Math.min(EXPORT_ROWS.most, Math.floor(EXPORT_ROWS.bytes / Math.max(1, perRow))))
}

/** The parts of the document, in order; `files` reads the responses a second time. */
type Part = 'displays' | 'responses' | 'files'
const PARTS: readonly Part[] = ['displays', 'responses', 'files']

/**
 * The export as a stream of JSON text, read a page at a time only as fast as the client takes it, so that
 * memory stays bounded whatever the contact holds: the top-level `files` list is written from a second pass
 * over the responses rather than gathered during the first. Cancelling the stream stops the reading;
 * `onEarlyEnd` hears of an export that ends before its last row, as `exportStream`'s does.
 */
export function contactExportStream(
  contact: PersonRecord,
  source: ContactExportSource,
  exportedAt: Date,
  onEarlyEnd: (end: ExportEarlyEnd) => void = () => {},
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder()
  const fileQuestions = new Map<string, readonly string[]>()
  const questionsOf = async (surveyId: string) => {
    let ids = fileQuestions.get(surveyId)
    if (!ids) fileQuestions.set(surveyId, (ids = await source.fileQuestions(surveyId)))
    return ids
  }
  let part = -1
  let last: DisplayRecord | ResponseRecord | undefined
  let first = true
  let limit: number = EXPORT_ROWS.first
  /** The most UTF-8 bytes one response took in the first pass: the second pass's pages are sized by it. */
  let largestResponse = 0
  let done = false
  let written = 0
  const endEarly = (reason: ExportEarlyEnd['reason'], cause: unknown) => {
    done = true
    try {
      onEarlyEnd({ reason, rows: written, cause })
    } catch {}
  }
  /** One page of the current part as JSON text (items after the first start with a comma), and whether more follow. */
  const page = async (name: Part): Promise<{ text: string; rows: number; more: boolean }> => {
    const size = name === 'displays' ? DISPLAY_ROWS : limit
    const rows =
      name === 'displays'
        ? await source.displays.read(last as DisplayRecord | undefined, size)
        : await source.responses.read(last as ResponseRecord | undefined, size)
    const taken = rows.slice(0, size)
    const items: string[] = []
    for (const row of taken) {
      if (name === 'displays') items.push(JSON.stringify(displayOutput(row as DisplayRecord)))
      else {
        const response = row as ResponseRecord
        const files = namedFiles(response.data, await questionsOf(response.surveyId))
        if (name === 'responses') {
          const item = JSON.stringify(responseOutput(response, files))
          largestResponse = Math.max(largestResponse, encoder.encode(item).byteLength)
          items.push(item)
        } else for (const file of files) items.push(JSON.stringify({ responseId: response.id, ...file }))
      }
    }
    last = taken[taken.length - 1]
    let text = items.join(',')
    if (text !== '') {
      if (!first) text = `,${text}`
      first = false
    }
    return { text, rows: taken.length, more: rows.length > size }
  }
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (done) return
        if (part === -1) {
          part = 0
          const head = { exportedAt: exportedAt.toISOString(), contact: contactOutput(contact), attributes: contact.attributes }
          controller.enqueue(encoder.encode(`${JSON.stringify(head).slice(0, -1)},"displays":[`))
          return
        }
        const name = PARTS[part] as Part
        let result: { text: string; rows: number; more: boolean }
        try {
          result = await page(name)
        } catch (error) {
          // A cancel while the read was under way has been reported already.
          if (!done) endEarly('failed', error)
          throw error
        }
        if (done) return
        if (name !== 'files') written += result.rows
        let text = result.text
        if (!result.more) {
          part += 1
          last = undefined
          first = true
          // The second pass reads the same rows: as many as fit in `EXPORT_ROWS.bytes` at the largest one's size.
          limit = name === 'displays' ? EXPORT_ROWS.first : rowsFitting(largestResponse)
          const next = PARTS[part]
          text += next ? `],"${next}":[` : ']}\n'
        }
        const bytes = encoder.encode(text)
        // As `exportStream`: as many rows as fit in `EXPORT_ROWS.bytes` at the size this page's had.
        if (name === 'responses' && result.more && result.rows > 0) limit = rowsFitting(bytes.byteLength / result.rows)
        controller.enqueue(bytes)
        if (part >= PARTS.length) {
          done = true
          controller.close()
        }
      },
      cancel(reason) {
        if (!done) endEarly('cancelled', reason)
      },
    },
    // One page in the queue at most: the next is read when the client has taken this one.
    { highWaterMark: 1 },
  )
}
