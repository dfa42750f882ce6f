import { LIMITS } from '../schemas/common'
import type { Conversion, Element, SurveyConversion } from './conversion'
import { createConversion, textMap } from './conversion'
import type { ChoiceInput, ElementBase, InputType } from './elements'
import { date, fileUpload, matrix, multipleChoice, openText, ranking, scale, statement } from './elements'
import { CONVERT_LIMITS, checkJsonBounds } from './json-bounds'
import { asArray, asRecord, asString } from './read'
import { isWebUrl } from './typeform'

/**
 * A SurveyJS survey (its JSON model: `pages[].elements[]`, or `elements`/`questions` for one page) as a v3
 * survey document (docs/moving-in.md, "SurveyJS"). Each page is a block; a panel's questions join its page.
 */
export function convertSurveyJs(survey: unknown, options: { fileName?: string } = {}): SurveyConversion {
  const conversion = createConversion('surveyjs', options.fileName)
  const refusal = checkJsonBounds(survey)
  if (refusal) return conversion.refuse(refusal.code, refusal.message)
  const root = asRecord(survey)
  const pages = Array.isArray(root?.pages)
    ? root.pages
    : root && (Array.isArray(root.elements) || Array.isArray(root.questions))
      ? [root]
      : undefined
  if (!root || !pages) return conversion.refuse('unsupported_source', 'Not a SurveyJS survey: it has no pages or elements')
  const reader = surveyJsReader(conversion)
  let count = 0
  pages.forEach((page, index) => {
    const record = asRecord(page)
    if (!record) return
    const sourceRef = asString(record.name) ?? `page${index + 1}`
    conversion.logicReported(logicCount(record), sourceRef, 'A page condition')
    const elements: Element[] = []
    for (const item of asArray(record.elements ?? record.questions)) {
      if (++count > CONVERT_LIMITS.sourceItems) break
      elements.push(...reader.read(item))
    }
    conversion.addBlock(conversion.name(reader.label(record.title, sourceRef) || sourceRef, `Page ${index + 1}`), elements)
  })
  if (count > CONVERT_LIMITS.sourceItems)
    return conversion.refuse('too_many_elements', `The survey has more than ${CONVERT_LIMITS.sourceItems} questions`)
  conversion.logicReported(
    asArray(root.triggers).length + asArray(root.completedHtmlOnCondition).length,
    'triggers',
    "The survey's triggers",
  )
  if (asArray(root.calculatedValues).length > 0)
    conversion.info('variables_not_imported', 'Calculated values were not imported', 'calculatedValues')
  const completed = reader.label(root.completedHtml, 'completedHtml')
  const url = asString(root.navigateToUrl)
  if (url !== undefined && isWebUrl(url)) conversion.ending({ id: 'ending_1', type: 'redirectToUrl', url, label: 'Redirect' })
  else if (completed) conversion.ending({ id: 'ending_1', type: 'endScreen', headline: textMap(completed) })
  if (url !== undefined && !isWebUrl(url))
    conversion.warning('external_url_removed', 'A redirect that is not an http(s) URL was removed', 'navigateToUrl')
  if (root.description !== undefined)
    conversion.info('description_not_imported', "The survey's description was not imported", 'description')
  return conversion.finish(reader.label(root.title, 'title') || 'Imported SurveyJS survey')
}

const PIPING = /\{[^{}]{1,200}\}/
/** Properties that hold SurveyJS expressions: each is a condition the document does not carry. */
const CONDITIONS = [
  'visibleIf',
  'enableIf',
  'requiredIf',
  'defaultValueExpression',
  'choicesVisibleIf',
  'choicesEnableIf',
  'setValueIf',
  'resetValueIf',
]

const logicCount = (record: Record<string, unknown>) => CONDITIONS.filter((key) => typeof record[key] === 'string').length

function surveyJsReader(conversion: Conversion) {
  let translationsReported = false
  /** A localizable string (text, or `{ default, de, … }`) as plain text of its default. */
  const label = (raw: unknown, sourceRef: string): string => {
    const map = asRecord(raw)
    if (map) {
      if (!translationsReported && Object.keys(map).length > 1) {
        translationsReported = true
        conversion.warning('translations_not_imported', 'Only the default language was imported', sourceRef)
      }
      return conversion.text(map.default ?? map.en ?? Object.values(map)[0], sourceRef)
    }
    return conversion.text(raw, sourceRef)
  }
  const choices = (raw: unknown, sourceRef: string): ChoiceInput[] =>
    asArray(raw).map((choice) => {
      const record = asRecord(choice)
      const value = record ? record.value : choice
      const text =
        record?.text !== undefined ? label(record.text, sourceRef) : conversion.name(typeof value === 'number' ? String(value) : value, '')
      return { id: typeof value === 'string' || typeof value === 'number' ? value : undefined, label: text.slice(0, LIMITS.text) }
    })

  const read = (item: unknown): Element[] => {
    const record = asRecord(item)
    const type = asString(record?.type) ?? 'unknown'
    const name = asString(record?.name) ?? 'question'
    if (!record) return []
    if (type === 'panel') {
      conversion.logicReported(logicCount(record), name, 'A panel condition')
      conversion.info('panel_flattened', "The panel's questions joined its page", name)
      return asArray(record.elements ?? record.questions).flatMap(read)
    }
    const headline = label(record.title, name) || conversion.name(name, 'Question')
    if (!conversion.hasRoom()) {
      conversion.skip(name, headline, type, `a survey holds at most ${LIMITS.questions} elements`)
      return []
    }
    conversion.logicReported(logicCount(record), name, 'A question condition')
    conversion.pipingReported(headline, PIPING, name)
    const fields: ElementBase = {
      id: '',
      headline,
      subheader: label(record.description, name) || undefined,
      required: record.isRequired === true,
    }
    const built = buildElement({ conversion, label, choices }, type, record, fields, name)
    if (typeof built === 'string') {
      conversion.skip(name, headline, type, built)
      return []
    }
    built.id = conversion.elementId(name)
    return [conversion.mapped(built, name, type)]
  }

  return { read, label }
}

/** What reading a question needs from the reader: the report and its text rules. */
interface Reader {
  conversion: Conversion
  label(raw: unknown, sourceRef: string): string
  choices(raw: unknown, sourceRef: string): ChoiceInput[]
}

/** The element a SurveyJS question of `type` becomes, or why it becomes none. */
function buildElement(reader: Reader, type: string, record: Record<string, unknown>, fields: ElementBase, name: string): Element | string {
  const list = () => {
    if (record.choicesByUrl !== undefined) return 'its choices are loaded from a URL'
    const raw = asArray(record.choices)
    if (raw.length === 0) return 'it has no choices'
    if (raw.length > LIMITS.choices - 2) return `it has ${raw.length} choices, more than ${LIMITS.choices - 2}`
    const listed = reader.choices(raw, name)
    if (record.showNoneItem === true || record.hasNone === true)
      listed.push({ id: 'none', label: reader.label(record.noneText, name) || 'None' })
    if (record.showSelectAllItem === true || record.hasSelectAll === true)
      reader.conversion.warning('select_all_not_imported', 'The "select all" choice was not imported', name)
    return listed
  }
  const other = record.showOtherItem === true || record.hasOther === true ? reader.label(record.otherText, name) || 'Other' : undefined
  switch (type) {
    case 'text': {
      const inputType = asString(record.inputType) ?? 'text'
      if (inputType === 'date') return date(fields)
      if (inputType === 'password') return 'a password is not an answer a survey should keep'
      const mappedType = INPUT_TYPES[inputType]
      if (!mappedType) reader.conversion.warning('input_type_changed', `A ${inputType.slice(0, 30)} input became a text input`, name)
      return openText(fields, { inputType: mappedType ?? 'text', placeholder: reader.label(record.placeholder, name) || undefined })
    }
    case 'comment':
      return openText(fields, { longAnswer: true, placeholder: reader.label(record.placeholder, name) || undefined })
    case 'radiogroup':
    case 'dropdown':
    case 'checkbox':
    case 'tagbox': {
      const listed = list()
      if (typeof listed === 'string') return listed
      const multi = type === 'checkbox' || type === 'tagbox'
      return multipleChoice(fields, multi, listed, {
        other,
        dropdown: type === 'dropdown' || type === 'tagbox',
        shuffle: record.choicesOrder === 'random',
      })
    }
    case 'imagepicker': {
      const listed = list()
      if (typeof listed === 'string') return listed
      reader.conversion.warning('images_not_imported', 'The choices\u2019 pictures were not imported: their labels were', name)
      return multipleChoice(fields, record.multiSelect === true, listed)
    }
    case 'boolean':
      return multipleChoice(fields, false, [
        { id: 'true', label: reader.label(record.labelTrue, name) || 'Yes' },
        { id: 'false', label: reader.label(record.labelFalse, name) || 'No' },
      ])
    case 'ranking': {
      const listed = list()
      if (typeof listed === 'string') return listed
      return listed.length < 2 ? 'a ranking needs at least two choices' : ranking(fields, listed, record.choicesOrder === 'random')
    }
    case 'rating':
      return rating(reader, record, fields, name)
    case 'matrix': {
      const rows = reader.choices(record.rows, name)
      const columns = reader.choices(record.columns, name)
      if (rows.length === 0 || columns.length === 0) return 'it has no rows or no columns'
      if (rows.length > LIMITS.choices || columns.length > LIMITS.choices) return `it has more than ${LIMITS.choices} rows or columns`
      return matrix(
        { ...fields, required: fields.required || record.isAllRowRequired === true },
        rows.map((row) => row.label),
        columns.map((column) => column.label),
      )
    }
    case 'file': {
      const bytes = typeof record.maxSize === 'number' && record.maxSize > 0 ? record.maxSize : undefined
      return fileUpload(
        fields,
        record.allowMultiple === true,
        bytes === undefined ? undefined : Math.max(1, Math.ceil(bytes / 1024 / 1024)),
      )
    }
    case 'html': {
      const text = reader.label(record.html, name)
      return text ? statement({ id: '', headline: text }) : 'its HTML holds no text'
    }
    default:
      return UNSUPPORTED[type] ?? `Canvass has no element for SurveyJS's ${type.slice(0, 50)} questions`
  }
}

/** A rating: listed values as a single choice, a range of whole points as a scale. */
function rating(reader: Reader, record: Record<string, unknown>, fields: ElementBase, name: string): Element | string {
  const lowerLabel = reader.label(record.minRateDescription, name) || undefined
  const upperLabel = reader.label(record.maxRateDescription, name) || undefined
  const values = asArray(record.rateValues)
  if (values.length > 0) {
    if (values.length > LIMITS.choices) return `it has more than ${LIMITS.choices} rate values`
    reader.conversion.warning('scale_as_choices', 'A rating of listed values became a single choice', name)
    return multipleChoice(fields, false, reader.choices(values, name))
  }
  const min = typeof record.rateMin === 'number' ? record.rateMin : 1
  const max = typeof record.rateMax === 'number' ? record.rateMax : 5
  const step = typeof record.rateStep === 'number' ? record.rateStep : 1
  if (!Number.isInteger(min) || !Number.isInteger(max) || step !== 1 || max <= min || max - min >= LIMITS.choices)
    return `a rating from ${min} to ${max} in steps of ${step} is not a scale Canvass has`
  const shape = record.rateType === 'stars' ? 'star' : record.rateType === 'smileys' ? 'smiley' : 'number'
  const scaled = scale(fields, { min, max, shape, lowerLabel, upperLabel })
  if (typeof scaled === 'string') return scaled
  if (scaled.asChoices)
    reader.conversion.warning('scale_as_choices', `A rating from ${min} to ${max} became a single choice of its points`, name)
  return scaled.element
}

const INPUT_TYPES: Readonly<Record<string, InputType>> = {
  text: 'text',
  email: 'email',
  tel: 'phone',
  url: 'url',
  number: 'number',
  range: 'number',
}

const UNSUPPORTED: Readonly<Record<string, string>> = {
  expression: 'it is calculated, not answered',
  matrixdropdown: 'Canvass matrices take one choice per row, not a cell editor',
  matrixdynamic: 'Canvass matrices take one choice per row, not a cell editor',
  multipletext: 'Canvass has no element of several free text boxes',
  paneldynamic: 'Canvass has no repeating panel',
  signaturepad: 'Canvass has no signature element',
  image: 'it is an image, not a question',
}
