import type { ConversionKind, SurveyConversion } from './conversion'
import { createConversion } from './conversion'
import { CONVERT_LIMITS, readBoundedJson } from './json-bounds'
import { convertQualtrics } from './qualtrics'
import { asRecord } from './read'
import { convertSurveyJs } from './surveyjs'
import { convertTypeform } from './typeform'

export interface ConvertSurveyFileOptions {
  /** The file's name, reported in `source.fileName`. */
  fileName?: string
  /**
   * The tool the file comes from; detected from the content when left out.
   * @default detected: `SurveyEntry` and `SurveyElements` are Qualtrics, `fields` Typeform, `pages` or `elements` SurveyJS
   */
  kind?: ConversionKind
}

/**
 * A survey file of another tool (its bytes or text, at most 15 MB of JSON) as a v3 survey document and a
 * report (docs/moving-in.md). Never throws for what the file holds: a file it cannot read is answered with
 * `document: null` and one `error` issue naming the problem (`file_too_large`, `nesting_too_deep`,
 * `string_too_long`, `invalid_json`, `unsupported_source`, …).
 */
export function convertSurveyFile(file: string | Uint8Array, options: ConvertSurveyFileOptions = {}): SurveyConversion {
  const { fileName } = options
  const refuse = (code: string, message: string) => createConversion(options.kind ?? 'unknown', fileName).refuse(code, message)
  if (typeof file !== 'string' && file.byteLength > CONVERT_LIMITS.fileBytes)
    return refuse('file_too_large', `The file is larger than ${CONVERT_LIMITS.fileBytes / 1024 / 1024} MB`)
  const text = (typeof file === 'string' ? file : new TextDecoder().decode(file)).replace(/^\uFEFF/, '')
  const read = readBoundedJson(text)
  if ('refusal' in read) return refuse(read.refusal.code, read.refusal.message)
  const kind = options.kind ?? detectSurveyKind(read.value)
  if (kind === undefined)
    return refuse('unsupported_source', 'Not a survey file Canvass converts: a Qualtrics .qsf, SurveyJS JSON or Typeform form definition')
  return CONVERTERS[kind](read.value, fileName === undefined ? {} : { fileName })
}

const CONVERTERS: Readonly<Record<ConversionKind, (value: unknown, options: { fileName?: string }) => SurveyConversion>> = {
  qsf: convertQualtrics,
  surveyjs: convertSurveyJs,
  typeform: convertTypeform,
}

/** The tool a parsed survey file comes from, by its content, or `undefined` when none of them. */
export function detectSurveyKind(value: unknown): ConversionKind | undefined {
  const root = asRecord(value)
  if (!root) return undefined
  if (asRecord(root.SurveyEntry) && Array.isArray(root.SurveyElements)) return 'qsf'
  if (Array.isArray(root.fields)) return 'typeform'
  if (Array.isArray(root.pages) || Array.isArray(root.elements) || Array.isArray(root.questions)) return 'surveyjs'
  return undefined
}
