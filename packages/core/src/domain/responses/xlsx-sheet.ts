import { Zip, ZipDeflate, strToU8 } from 'fflate'

/**
 * A one-sheet XLSX workbook written as it goes (docs/api.md, "Exporting responses"): the sheet's XML is made
 * row by row and deflated into a zip as each page of rows arrives, so memory holds one page, whatever the size
 * of the file. The XML is written here over fflate's streaming zip because the XLSX writers that stream need
 * Node's streams or file system, which core does not have on Deno and Workers (docs/architecture.md).
 *
 * Every cell is an inline string (`t="inlineStr"`), a number or a boolean: no shared-strings table to hold in
 * memory, and no formula is ever written. A text cell that a spreadsheet would take for a formula once edited
 * (starting `=`, `+`, `-`, `@`, tab or carriage return, as the CSV export's rule says) gets the quote-prefix
 * style, which keeps it text without changing what it says.
 */
export interface XlsxSheetWriter {
  /** The start of the file and the header row. */
  start(headers: readonly string[]): Uint8Array[]
  /** Rows of cells, each as long as the headers (or shorter: the rest empty). */
  rows(rows: readonly (readonly unknown[])[]): { chunks: Uint8Array[]; xmlBytes: number }
  /** The end of the sheet and of the zip. */
  finish(): Uint8Array[]
}

/** The most rows a sheet holds in Excel (the header row included). */
export const XLSX_MAX_ROWS = 1_048_576

/** The most characters one cell holds in Excel; a longer text is cut, and says so. */
export const XLSX_MAX_CELL_CHARS = 32_767

/** What ends a cell cut at `XLSX_MAX_CELL_CHARS`. */
export const XLSX_CUT_MARK = ' … [cut: a cell holds 32,767 characters; the CSV and NDJSON exports hold it all]'

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main'
const RELATIONSHIPS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships'
const PACKAGE_RELATIONSHIPS = 'http://schemas.openxmlformats.org/package/2006/relationships'
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'

/** The parts of the package besides the sheet: fixed, written first. */
const FIXED_PARTS: Array<[string, string]> = [
  [
    '[Content_Types].xml',
    `<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`,
  ],
  [
    '_rels/.rels',
    `<Relationships xmlns="${PACKAGE_RELATIONSHIPS}"><Relationship Id="rId1" Type="${RELATIONSHIPS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
  ],
  [
    'xl/workbook.xml',
    `<workbook xmlns="${MAIN}" xmlns:r="${RELATIONSHIPS}"><sheets><sheet name="Responses" sheetId="1" r:id="rId1"/></sheets></workbook>`,
  ],
  [
    'xl/_rels/workbook.xml.rels',
    `<Relationships xmlns="${PACKAGE_RELATIONSHIPS}"><Relationship Id="rId1" Type="${RELATIONSHIPS}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${RELATIONSHIPS}/styles" Target="styles.xml"/></Relationships>`,
  ],
  // Styles: 0 plain, 1 bold (the header row), 2 quote prefix (text that starts as a formula would).
  [
    'xl/styles.xml',
    `<styleSheet xmlns="${MAIN}"><fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="3"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0" quotePrefix="1"/></cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`,
  ],
]

/** The first characters by which spreadsheets recognise a formula (as the CSV export's rule). */
const FORMULA_LEAD = /^[=+\-@\t\r]/

/** Characters XML 1.0 does not allow (controls other than tab and line breaks, U+FFFE, U+FFFF, lone surrogates). */
const NOT_XML =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g

/** `text` as XML character data: escaped, characters XML cannot carry as U+FFFD, a carriage return kept. */
export function xmlText(text: string): string {
  return text
    .replace(NOT_XML, '\uFFFD')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/\r/g, '&#13;')
}

/** The column letters of a zero-based index: A … Z, AA … */
export function columnName(index: number): string {
  let name = ''
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name
  return name
}

/** The text of a cell as the CSV export writes it: lists joined with `; `, objects as JSON. */
export function cellText(value: unknown): string {
  if (value === undefined || value === null) return ''
  if (typeof value === 'string') return value
  if (Array.isArray(value) && value.every((item) => typeof item !== 'object' || item === null))
    return value.map((item) => String(item ?? '')).join('; ')
  if (typeof value === 'object') return JSON.stringify(value)
  return String(value)
}

/** At most `XLSX_MAX_CELL_CHARS`, cut with `XLSX_CUT_MARK` (never between the halves of a surrogate pair). */
function fitted(text: string): string {
  if (text.length <= XLSX_MAX_CELL_CHARS) return text
  let end = XLSX_MAX_CELL_CHARS - XLSX_CUT_MARK.length
  if (/[\uD800-\uDBFF]/.test(text.charAt(end - 1))) end -= 1
  return text.slice(0, end) + XLSX_CUT_MARK
}

/** One cell's XML at `ref`; an empty cell is left out. */
function cellXml(ref: string, value: unknown, header: boolean): string {
  if (typeof value === 'number' && Number.isFinite(value)) return `<c r="${ref}"><v>${value}</v></c>`
  if (typeof value === 'boolean') return `<c r="${ref}" t="b"><v>${value ? 1 : 0}</v></c>`
  const text = fitted(cellText(value))
  if (text === '') return ''
  const style = header ? ' s="1"' : FORMULA_LEAD.test(text) ? ' s="2"' : ''
  return `<c r="${ref}"${style} t="inlineStr"><is><t xml:space="preserve">${xmlText(text)}</t></is></c>`
}

function rowXml(number: number, cells: readonly unknown[], header = false): string {
  let xml = `<row r="${number}">`
  for (let index = 0; index < cells.length; index++) xml += cellXml(`${columnName(index)}${number}`, cells[index], header)
  return `${xml}</row>`
}

/** Column widths from the headers' lengths: between 10 and 50 characters. */
function colsXml(headers: readonly string[]): string {
  if (headers.length === 0) return ''
  const cols = headers.map((header, index) => {
    const width = Math.min(50, Math.max(10, header.length + 2))
    return `<col min="${index + 1}" max="${index + 1}" width="${width}" customWidth="1"/>`
  })
  return `<cols>${cols.join('')}</cols>`
}

/** A writer of one workbook. */
export function createXlsxSheetWriter(): XlsxSheetWriter {
  let out: Uint8Array[] = []
  const zip = new Zip((error, chunk) => {
    if (error) throw error
    out.push(chunk)
  })
  const take = () => {
    const chunks = out
    out = []
    return chunks
  }
  let sheet: ZipDeflate | undefined
  let rowNumber = 0
  return {
    start(headers) {
      for (const [name, xml] of FIXED_PARTS) {
        const part = new ZipDeflate(name, { level: 6 })
        zip.add(part)
        part.push(strToU8(XML_HEAD + xml), true)
      }
      sheet = new ZipDeflate('xl/worksheets/sheet1.xml', { level: 6 })
      zip.add(sheet)
      rowNumber = 1
      const head = `${XML_HEAD}<worksheet xmlns="${MAIN}"><sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>${colsXml(headers)}<sheetData>${rowXml(1, headers, true)}`
      sheet.push(strToU8(head))
      return take()
    },
    rows(rows) {
      if (!sheet) throw new Error('The sheet has not started')
      let xml = ''
      for (const cells of rows) xml += rowXml(++rowNumber, cells)
      const bytes = strToU8(xml)
      sheet.push(bytes)
      return { chunks: take(), xmlBytes: bytes.byteLength }
    },
    finish() {
      if (!sheet) throw new Error('The sheet has not started')
      sheet.push(strToU8('</sheetData></worksheet>'), true)
      zip.end()
      return take()
    },
  }
}
