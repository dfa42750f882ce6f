import { LIMITS } from '../schemas/common'
import type { Conversion, Element, SurveyConversion } from './conversion'
import { createConversion } from './conversion'
import type { ChoiceInput, ElementBase, InputType } from './elements'
import { date, fileUpload, matrix, multipleChoice, nps, openText, ranking, scale, statement } from './elements'
import { CONVERT_LIMITS, checkJsonBounds } from './json-bounds'
import { asArray, asRecord, asString } from './read'

/**
 * A Qualtrics survey export (`.qsf`: `SurveyEntry` and `SurveyElements`, whose `SQ` elements are the questions,
 * `BL` the blocks and `FL` the flow) as a v3 survey document (docs/moving-in.md, "Qualtrics"). Blocks follow
 * the flow; a page break inside a Qualtrics block starts a new Canvass block. Logic is reported, not imported.
 */
export function convertQualtrics(qsf: unknown, options: { fileName?: string } = {}): SurveyConversion {
  const conversion = createConversion('qsf', options.fileName)
  const refusal = checkJsonBounds(qsf)
  if (refusal) return conversion.refuse(refusal.code, refusal.message)
  const root = asRecord(qsf)
  const elements = asArray(root?.SurveyElements)
  if (!root || !asRecord(root.SurveyEntry) || elements.length === 0)
    return conversion.refuse('unsupported_source', 'Not a Qualtrics survey file: it has no SurveyEntry or SurveyElements')
  const questions = new Map<string, Record<string, unknown>>()
  let blockList: unknown[] = []
  let flow: Record<string, unknown> | undefined
  for (const element of elements) {
    const record = asRecord(element)
    const payload = record?.Payload
    if (record?.Element === 'SQ' && asRecord(payload))
      questions.set(String(record.PrimaryAttribute), asRecord(payload) as Record<string, unknown>)
    else if (record?.Element === 'BL') blockList = Array.isArray(payload) ? payload : Object.values(asRecord(payload) ?? {})
    else if (record?.Element === 'FL') flow = asRecord(payload)
  }
  if (questions.size > CONVERT_LIMITS.sourceItems)
    return conversion.refuse('too_many_elements', `The file has ${questions.size} questions, more than ${CONVERT_LIMITS.sourceItems}`)
  const blocks = new Map<string, Record<string, unknown>>()
  for (const block of blockList) {
    const record = asRecord(block)
    const id = asString(record?.ID)
    if (record && id !== undefined && record.Type !== 'Trash') blocks.set(id, record)
  }
  const order = flow ? flowBlocks(conversion, flow, blocks) : [...blocks.keys()]
  const reader = qualtricsReader(conversion)
  const placed = new Set<string>()
  for (const id of order) {
    const block = blocks.get(id) as Record<string, unknown>
    const name = conversion.name(block.Description, `Block ${id}`)
    let page: Element[] = []
    let pages = 0
    for (const entry of asArray(block.BlockElements)) {
      const item = asRecord(entry)
      if (item?.Type === 'Page Break') {
        conversion.addBlock(pages === 0 ? name : `${name} (${pages + 1})`, page)
        if (page.length > 0) pages++
        page = []
        continue
      }
      const qid = asString(item?.QuestionID)
      const payload = qid === undefined ? undefined : questions.get(qid)
      if (qid === undefined || !payload || placed.has(qid)) continue
      placed.add(qid)
      const element = reader.read(qid, payload)
      if (element) page.push(element)
    }
    conversion.addBlock(pages === 0 ? name : `${name} (${pages + 1})`, page)
  }
  const left = [...questions.keys()].filter((qid) => !placed.has(qid)).length
  if (left > 0)
    conversion.issue({
      severity: 'info',
      code: 'unplaced_questions',
      message: `${left} questions in no block of the flow (the trash, unused blocks) were left out`,
      vars: { questions: left },
    })
  const entry = asRecord(root.SurveyEntry) as Record<string, unknown>
  return conversion.finish(conversion.name(entry.SurveyName, 'Imported Qualtrics survey'))
}

/** The flow's blocks in order (branches, randomizers and groups read through, and reported); embedded data as hidden fields. */
function flowBlocks(conversion: Conversion, flow: Record<string, unknown>, blocks: ReadonlyMap<string, unknown>): string[] {
  const order: string[] = []
  const stack: Array<{ items: unknown[]; at: number }> = [{ items: asArray(flow.Flow), at: 0 }]
  while (stack.length > 0) {
    const frame = stack[stack.length - 1] as { items: unknown[]; at: number }
    if (frame.at >= frame.items.length) {
      stack.pop()
      continue
    }
    const item = asRecord(frame.items[frame.at++])
    if (!item) continue
    const id = asString(item.ID)
    if ((item.Type === 'Block' || item.Type === 'Standard') && id !== undefined && blocks.has(id) && !order.includes(id)) order.push(id)
    if (item.Type === 'Branch') conversion.logicReported(1, asString(item.FlowID) ?? 'flow', 'A branch of the survey flow')
    if (item.Type === 'Randomizer')
      conversion.warning(
        'randomizer_not_imported',
        'A randomizer of the flow was not imported: its blocks are shown in order',
        asString(item.FlowID) ?? 'flow',
      )
    if (item.Type === 'EmbeddedData')
      for (const field of asArray(item.EmbeddedData)) conversion.hiddenField(asRecord(field)?.Field, asString(item.FlowID) ?? 'flow')
    if (item.Type === 'EndSurvey' && stack.length === 1) continue
    if (Array.isArray(item.Flow)) stack.push({ items: item.Flow, at: 0 })
  }
  return order
}

const PIPING = /\$\{[a-z]{1,3}:\/\//i

function qualtricsReader(conversion: Conversion) {
  let translationsReported = false
  const read = (qid: string, payload: Record<string, unknown>): Element | undefined => {
    const type = `${asString(payload.QuestionType) ?? 'unknown'}${payload.Selector !== undefined ? `/${String(payload.Selector).slice(0, 20)}` : ''}`
    const headline = conversion.text(payload.QuestionText, qid) || conversion.name(payload.QuestionDescription, '') || qid
    if (!conversion.hasRoom()) {
      conversion.skip(qid, headline, type, `a survey holds at most ${LIMITS.questions} elements`)
      return undefined
    }
    conversion.pipingReported(headline, PIPING, qid)
    const displayLogic = asRecord(payload.DisplayLogic) ? 1 : 0
    conversion.logicReported(displayLogic + asArray(payload.SkipLogic).length, qid, 'Display or skip logic')
    if (!translationsReported && Object.keys(asRecord(payload.Language) ?? {}).length > 0) {
      translationsReported = true
      conversion.warning('translations_not_imported', 'Only the survey\u2019s own language was imported', qid)
    }
    const settings = asRecord(asRecord(payload.Validation)?.Settings) ?? {}
    const fields: ElementBase = { id: '', headline, required: settings.ForceResponse === 'ON' }
    const built = buildElement(conversion, payload, fields, settings, qid)
    if (typeof built === 'string') {
      conversion.skip(qid, headline, type, built)
      return undefined
    }
    built.id = conversion.elementId(asString(payload.DataExportTag) ?? qid)
    return conversion.mapped(built, qid, type)
  }

  return { read }
}

/** The element a Qualtrics question becomes, or why it becomes none. */
function buildElement(
  conversion: Conversion,
  payload: Record<string, unknown>,
  fields: ElementBase,
  settings: Record<string, unknown>,
  qid: string,
): Element | string {
  const selector = asString(payload.Selector) ?? ''
  const shuffle = asRecord(payload.Randomization)?.Type === 'All'
  switch (payload.QuestionType) {
    case 'MC': {
      if (selector === 'NPS') return nps(fields)
      const multi = MULTI_SELECTORS.has(selector)
      if (!multi && !SINGLE_SELECTORS.has(selector)) return `Qualtrics's ${selector.slice(0, 20)} choice layout has no Canvass element`
      const listed = choicesOf(conversion, payload.Choices, payload.ChoiceOrder, qid)
      if (typeof listed === 'string') return listed
      return multipleChoice(fields, multi, listed.choices, {
        other: listed.other,
        dropdown: selector === 'DL' || selector === 'SB' || selector === 'MSB',
        shuffle,
      })
    }
    case 'TE': {
      if (selector === 'FORM') return 'Canvass has no element of several free text boxes'
      if (selector === 'PW') return 'a password is not an answer a survey should keep'
      const content = asString(settings.ContentType)
      if (settings.Type === 'ContentType' && content === 'ValidDate') return date(fields, 'M-d-y')
      const inputType = settings.Type === 'ContentType' && content !== undefined ? CONTENT_TYPES[content] : undefined
      return openText(fields, { inputType: inputType ?? 'text', longAnswer: selector === 'ML' || selector === 'ESTB' })
    }
    case 'Matrix': {
      if (selector !== 'Likert' || payload.SubSelector !== 'SingleAnswer')
        return `a ${selector.slice(0, 20)} matrix is not a single-answer matrix`
      const rows = choicesOf(conversion, payload.Choices, payload.ChoiceOrder, qid)
      const columns = choicesOf(conversion, payload.Answers, payload.AnswerOrder, qid)
      if (typeof rows === 'string') return rows
      if (typeof columns === 'string') return columns
      return matrix(
        fields,
        rows.choices.map((row) => row.label),
        columns.choices.map((column) => column.label),
      )
    }
    case 'RO': {
      const listed = choicesOf(conversion, payload.Choices, payload.ChoiceOrder, qid)
      if (typeof listed === 'string') return listed
      return listed.choices.length < 2 ? 'a ranking needs at least two choices' : ranking(fields, listed.choices, shuffle)
    }
    case 'Slider':
      return slider(conversion, payload, fields, selector, qid)
    case 'DB':
      if (selector === 'GRB') return 'a graphic is not a question'
      return statement({ id: '', headline: fields.headline })
    case 'FileUpload':
      return fileUpload(fields, false)
    default:
      return (
        UNSUPPORTED[String(payload.QuestionType)] ??
        `Canvass has no element for Qualtrics's ${String(payload.QuestionType).slice(0, 20)} questions`
      )
  }
}

/** A choice list in its `ChoiceOrder`, the first choice with a text box as the `other` one. */
function choicesOf(
  conversion: Conversion,
  raw: unknown,
  orderRaw: unknown,
  qid: string,
): { choices: ChoiceInput[]; other?: string } | string {
  const map = asRecord(raw) ?? {}
  const keys = asArray(orderRaw)
    .map(String)
    .filter((key) => Object.hasOwn(map, key))
  const order = keys.length > 0 ? keys : Object.keys(map)
  if (order.length === 0) return 'it has no choices'
  if (order.length > LIMITS.choices - 1) return `it has ${order.length} choices, more than ${LIMITS.choices - 1}`
  const choices: ChoiceInput[] = []
  let other: string | undefined
  for (const key of order) {
    const choice = asRecord(map[key])
    const label = conversion.text(choice?.Display, qid) || `Choice ${key}`
    const textEntry = choice?.TextEntry === 'true' || choice?.TextEntry === true
    if (textEntry && other === undefined) other = label
    else {
      if (textEntry)
        conversion.warning(
          'text_entry_dropped',
          `The text box of choice "${label.slice(0, 100)}" was dropped: a question has one other choice`,
          qid,
        )
      choices.push({ id: key, label })
    }
  }
  if (choices.length === 0) return 'it has only a text-entry choice'
  return { choices, other }
}

/** A slider of one statement as a scale of whole points (stars as a star rating). */
function slider(
  conversion: Conversion,
  payload: Record<string, unknown>,
  fields: ElementBase,
  selector: string,
  qid: string,
): Element | string {
  const statements = Object.keys(asRecord(payload.Choices) ?? {})
  if (statements.length > 1) return 'a slider of several statements has no Canvass element (add a rating per statement)'
  const configuration = asRecord(payload.Configuration) ?? {}
  const number = (value: unknown, fallback: number) =>
    typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : fallback
  const star = selector === 'STAR'
  const min = star ? 1 : number(configuration.CSSliderMin, 0)
  const max = star ? number(configuration.StarCount ?? configuration.CSSliderMax, 5) : number(configuration.CSSliderMax, 100)
  if (!star && number(configuration.NumDecimals, 0) !== 0) return 'a slider with decimals is not a scale Canvass has'
  if (!Number.isInteger(min) || !Number.isInteger(max) || max <= min || max - min >= LIMITS.choices)
    return `a slider from ${min} to ${max} is not a scale Canvass has`
  const scaled = scale(fields, { min, max, shape: star ? 'star' : 'number' })
  if (typeof scaled === 'string') return scaled
  if (scaled.asChoices) conversion.warning('scale_as_choices', `A slider from ${min} to ${max} became a single choice of its points`, qid)
  return scaled.element
}

const SINGLE_SELECTORS = new Set(['SAVR', 'SAHR', 'SACOL', 'DL', 'SB'])
const MULTI_SELECTORS = new Set(['MAVR', 'MAHR', 'MACOL', 'MSB'])
const CONTENT_TYPES: Readonly<Record<string, InputType>> = {
  ValidEmail: 'email',
  ValidPhone: 'phone',
  ValidUSPhone: 'phone',
  ValidNumber: 'number',
  ValidURL: 'url',
}

const UNSUPPORTED: Readonly<Record<string, string>> = {
  CS: 'Canvass has no constant sum element',
  SBS: 'Canvass has no side-by-side element',
  PGR: 'Canvass has no pick, group and rank element',
  HeatMap: 'Canvass has no heat map element',
  HotSpot: 'Canvass has no hot spot element',
  HL: 'Canvass has no highlight element',
  Draw: 'Canvass has no signature element',
  Timing: 'a timer is not a question',
  Meta: 'browser meta information is not a question',
  Captcha: 'Canvass has no captcha element',
}
