import type { ResponseExportRow, SurveyRecord } from '../../ports/storage/index'
import type { ExportEarlyEnd, ExportSource } from './response-export'
import { EXPORT_ROWS, exportColumns } from './response-export'
import { XLSX_MAX_ROWS, createXlsxSheetWriter } from './xlsx-sheet'

/**
 * A survey's responses as an XLSX workbook (docs/api.md, "Exporting responses"): the CSV export's columns, in
 * its order, one sheet, written page by page only as fast as the client takes it, as `exportStream` writes CSV.
 * A sheet holds at most `XLSX_MAX_ROWS` rows: past that, the last row says that the file stops there and that
 * the CSV and NDJSON exports hold every response, rather than the file ending short in silence.
 */
export function xlsxExportStream(
  survey: SurveyRecord,
  source: { rows: ExportSource<ResponseExportRow>; quotas?: boolean },
  onEarlyEnd: (end: ExportEarlyEnd) => void = () => {},
): ReadableStream<Uint8Array> {
  const columns = exportColumns(survey, { quotas: source.quotas ?? false })
  const writer = createXlsxSheetWriter()
  // The header row, and one row kept for the note of a sheet that is full.
  const room = XLSX_MAX_ROWS - 2
  let last: ResponseExportRow | undefined
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
  const enqueue = (controller: ReadableStreamDefaultController<Uint8Array>, chunks: Uint8Array[]) => {
    for (const chunk of chunks) controller.enqueue(chunk)
  }
  return new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (!started) {
          started = true
          enqueue(controller, writer.start(columns.map((column) => column.header)))
          return
        }
        if (done) return
        return readPage(controller)
      },
      cancel(reason) {
        if (!done) endEarly('cancelled', reason)
      },
    },
    // One page in the queue at most: the next is read when the client has taken this one.
    { highWaterMark: 1 },
  )

  async function readPage(controller: ReadableStreamDefaultController<Uint8Array>): Promise<void> {
    let rows: ResponseExportRow[]
    let page: { chunks: Uint8Array[]; xmlBytes: number }
    let full = false
    try {
      rows = await source.rows.read(last, Math.min(limit, room - written + 1))
      if (done) return
      full = written + rows.length > room
      if (full) rows = rows.slice(0, room - written)
      page = writer.rows(rows.map((row) => columns.map((column) => column.value(row))))
    } catch (error) {
      // A cancel while the read was under way has been reported already.
      if (!done) endEarly('failed', error)
      throw error
    }
    if (rows.length > 0) {
      last = rows[rows.length - 1]
      written += rows.length
      enqueue(controller, page.chunks)
      const perRow = page.xmlBytes / rows.length
      limit = Math.max(EXPORT_ROWS.first, Math.min(EXPORT_ROWS.most, Math.floor(EXPORT_ROWS.bytes / perRow)))
    }
    if (rows.length > 0 && !full) return
    if (full) {
      enqueue(
        controller,
        writer.rows([[`A sheet holds ${XLSX_MAX_ROWS} rows: this file stops here. The CSV and NDJSON exports hold every response.`]])
          .chunks,
      )
    }
    done = true
    enqueue(controller, writer.finish())
    controller.close()
  }
}
