import { LIMITS } from '../schemas/common'
import type { Conversion, Element, SurveyConversion } from './conversion'
import { createConversion, textMap } from './conversion'
import type { ChoiceInput, ElementBase } from './elements'
import { consent, date, fieldSet, fileUpload, matrix, multipleChoice, nps, openText, ranking, scale, statement } from './elements'
import { CONVERT_LIMITS, checkJsonBounds } from './json-bounds'
import { asArray, asRecord, asString } from './read'

/**
 * A Typeform form definition, as its Create API answers `GET /forms/{form_id}` (`fields`, `welcome_screens`,
 * `thankyou_screens`, `logic`, `hidden`), as a v3 survey document (docs/moving-in.md, "Typeform"). Each field
 * is a page of its own, as Typeform shows it; a group's fields share one page.
 */
export function convertTypeform(form: unknown, options: { fileName?: string } = {}): SurveyConversion {
  const conversion = createConversion('typeform', options.fileName)
  const refusal = checkJsonBounds(form)
  if (refusal) return conversion.refuse(refusal.code, refusal.message)
  const root = asRecord(form)
  if (!root || !Array.isArray(root.fields))
    return conversion.refuse('unsupported_source', 'Not a Typeform form definition: it has no fields')
  const fields = asArray(root.fields)
  if (fields.length > CONVERT_LIMITS.sourceItems)
    return conversion.refuse('too_many_elements', `The form has ${fields.length} fields, more than ${CONVERT_LIMITS.sourceItems}`)
  let page = 0
  for (const field of fields) {
    const record = asRecord(field)
    if (record?.type === 'group' || record?.type === 'inline_group') {
      const properties = asRecord(record.properties)
      // The group's own title and description are a statement that opens its page.
      const intro = plainTitle(record.title) ? fieldElement(conversion, { ...record, type: 'statement' }) : undefined
      const inner = asArray(properties?.fields).flatMap((child) => {
        const element = fieldElement(conversion, child)
        return element ? [element] : []
      })
      conversion.addBlock(conversion.name(record.title, `Group ${++page}`), [...(intro ? [intro] : []), ...inner])
      continue
    }
    const element = fieldElement(conversion, field)
    // A statement's button is the page's next button.
    const button = element?.type === 'cta' ? conversion.name(asRecord(record?.properties)?.button_text, '') : ''
    if (element) conversion.addBlock(conversion.name(record?.title, `Page ${++page}`), [element], button || undefined)
  }
  conversion.logicReported(countLogic(root.logic), 'logic', "The form's logic jumps")
  for (const hidden of asArray(root.hidden)) conversion.hiddenField(hidden, 'hidden')
  if (asRecord(root.variables) && Object.keys(asRecord(root.variables) ?? {}).length > 0)
    conversion.info('variables_not_imported', "The form's variables were not imported: they serve its logic", 'variables')
  screens(conversion, root)
  return conversion.finish(conversion.name(root.title, 'Imported Typeform'))
}

const plainTitle = (title: unknown) => typeof title === 'string' && title.trim() !== ''

const RECALL = /\{\{[^{}]{1,200}\}\}/

function fieldElement(conversion: Conversion, field: unknown): Element | undefined {
  const record = asRecord(field)
  const type = asString(record?.type) ?? 'unknown'
  const ref = asString(record?.ref) ?? asString(record?.id) ?? 'field'
  const headline = conversion.text(record?.title, ref)
  if (!record) {
    conversion.skip(ref, '', type, 'it is not an object')
    return undefined
  }
  if (!conversion.hasRoom()) {
    conversion.skip(ref, headline, type, `a survey holds at most ${LIMITS.questions} elements`)
    return undefined
  }
  conversion.pipingReported(headline, RECALL, ref)
  const properties = asRecord(record.properties) ?? {}
  const validations = asRecord(record.validations) ?? {}
  const fields: ElementBase = {
    id: '',
    headline: headline || `Question ${ref}`,
    subheader: conversion.text(properties.description, ref) || undefined,
    required: validations.required === true,
  }
  const build = (): Element | string => {
    const choices = () => choicesOf(conversion, properties.choices, ref)
    switch (type) {
      case 'short_text':
        return openText(fields)
      case 'long_text':
        return openText(fields, { longAnswer: true })
      case 'email':
        return openText(fields, { inputType: 'email' })
      case 'website':
        return openText(fields, { inputType: 'url' })
      case 'phone_number':
        return openText(fields, { inputType: 'phone' })
      case 'number':
        return openText(fields, { inputType: 'number' })
      case 'multiple_choice':
      case 'dropdown': {
        const list = choices()
        if (typeof list === 'string') return list
        const other = properties.allow_other_choice === true ? 'Other' : undefined
        const multi = properties.allow_multiple_selection === true
        return multipleChoice(fields, multi, list, { other, dropdown: type === 'dropdown', shuffle: properties.randomize === true })
      }
      case 'picture_choice': {
        const list = choices()
        if (typeof list === 'string') return list
        conversion.warning('images_not_imported', 'The choices\u2019 pictures were not imported: their labels were', ref)
        return multipleChoice(fields, properties.allow_multiple_selection === true, list, {
          other: properties.allow_other_choice === true ? 'Other' : undefined,
        })
      }
      case 'ranking': {
        const list = choices()
        if (typeof list === 'string') return list
        return list.length < 2 ? 'a ranking needs at least two choices' : ranking(fields, list, properties.randomize === true)
      }
      case 'yes_no':
        return multipleChoice(fields, false, [
          { id: 'yes', label: 'Yes' },
          { id: 'no', label: 'No' },
        ])
      case 'legal':
        return consent(fields, 'I accept')
      case 'statement':
        return statement(fields)
      case 'nps':
        return nps(fields, labelOf(conversion, properties, 'left', ref), labelOf(conversion, properties, 'right', ref))
      case 'opinion_scale':
      case 'rating': {
        const steps =
          typeof properties.steps === 'number' && Number.isInteger(properties.steps) ? properties.steps : type === 'rating' ? 5 : 11
        if (steps < 2 || steps > 11) return `a scale of ${steps} steps is not a scale Canvass has`
        const min = type === 'rating' || properties.start_at_one === true ? 1 : 0
        const scaled = scale(fields, {
          min,
          max: min + steps - 1,
          shape: type === 'rating' ? 'star' : 'number',
          lowerLabel: labelOf(conversion, properties, 'left', ref),
          upperLabel: labelOf(conversion, properties, 'right', ref),
        })
        if (typeof scaled === 'string') return scaled
        if (scaled.asChoices)
          conversion.warning('scale_as_choices', `A scale of ${steps} points from ${min} became a single choice of its points`, ref)
        return scaled.element
      }
      case 'date':
        return date(fields, dateFormat(asString(properties.structure)))
      case 'file_upload':
        return fileUpload(fields, false)
      case 'matrix':
        return matrixOf(conversion, fields, properties, ref)
      case 'contact_info':
        return fieldSet(fields, 'contactInfo', subfields(properties, CONTACT_KEYS))
      case 'address':
        return fieldSet(fields, 'address', subfields(properties, ADDRESS_KEYS))
      default:
        return UNSUPPORTED[type] ?? `Canvass has no element for Typeform's ${type.slice(0, 50)} fields`
    }
  }
  const built = build()
  if (typeof built === 'string') {
    conversion.skip(ref, headline, type, built)
    return undefined
  }
  built.id = conversion.elementId(ref)
  return conversion.mapped(built, ref, type)
}

const UNSUPPORTED: Readonly<Record<string, string>> = {
  payment: 'Canvass takes no payments',
  calendly: 'Canvass has no Calendly element (its Cal.com element needs a Cal.com user)',
  multi_format: 'Canvass has no video or audio answer',
}

function choicesOf(conversion: Conversion, raw: unknown, ref: string): ChoiceInput[] | string {
  const list = asArray(raw)
  if (list.length === 0) return 'it has no choices'
  // One place is kept for the other choice.
  if (list.length > LIMITS.choices - 1) return `it has ${list.length} choices, more than ${LIMITS.choices - 1}`
  return list.map((choice, index) => {
    const record = asRecord(choice)
    return { id: record?.ref ?? record?.id, label: conversion.text(record?.label, ref) || `Choice ${index + 1}` }
  })
}

function labelOf(conversion: Conversion, properties: Record<string, unknown>, side: 'left' | 'right', ref: string) {
  return conversion.text(asRecord(properties.labels)?.[side], ref) || undefined
}

function dateFormat(structure: string | undefined): 'M-d-y' | 'd-M-y' | 'y-M-d' {
  if (structure === 'MMDDYYYY') return 'M-d-y'
  if (structure === 'DDMMYYYY') return 'd-M-y'
  return 'y-M-d'
}

/** A matrix: its sub-questions are the rows, the first one's choices the columns. */
function matrixOf(conversion: Conversion, fields: ElementBase, properties: Record<string, unknown>, ref: string): Element | string {
  const rows = asArray(properties.fields)
  if (rows.length === 0 || rows.length > LIMITS.choices) return 'its rows are missing or too many'
  const columns = choicesOf(conversion, asRecord(asRecord(rows[0])?.properties)?.choices, ref)
  if (typeof columns === 'string') return columns
  if (rows.some((row) => asRecord(asRecord(row)?.properties)?.allow_multiple_selection === true))
    return 'rows that take several answers are not a matrix Canvass has'
  return matrix(
    fields,
    rows.map((row, index) => conversion.name(asRecord(row)?.title, `Row ${index + 1}`)),
    columns.map((column) => column.label),
  )
}

const CONTACT_KEYS: Readonly<Record<string, string>> = {
  first_name: 'firstName',
  last_name: 'lastName',
  email: 'email',
  phone_number: 'phone',
  company: 'company',
}
const ADDRESS_KEYS: Readonly<Record<string, string>> = {
  address_line_1: 'addressLine1',
  address_line_2: 'addressLine2',
  city: 'city',
  state_province_region: 'state',
  zip_postal_code: 'zip',
  country: 'country',
}

/** A contact info or address field's sub-fields (`properties.fields`, each with a `subfield_key`), by Canvass's input names. */
function subfields(properties: Record<string, unknown>, keys: Readonly<Record<string, string>>) {
  const shown = new Map<string, { required: boolean }>()
  for (const sub of asArray(properties.fields)) {
    const record = asRecord(sub)
    const key = asString(record?.subfield_key)
    const input = key !== undefined && Object.hasOwn(keys, key) ? keys[key] : undefined
    if (input) shown.set(input, { required: asRecord(record?.validations)?.required === true })
  }
  if (shown.size === 0) for (const input of Object.values(keys)) shown.set(input, { required: false })
  return shown
}

function countLogic(logic: unknown): number {
  return asArray(logic).reduce<number>((sum, entry) => sum + Math.max(1, asArray(asRecord(entry)?.actions).length), 0)
}

/** The first welcome screen as the welcome card; thank-you screens as endings (a redirect as a redirect ending). */
function screens(conversion: Conversion, root: Record<string, unknown>) {
  const welcome = asArray(root.welcome_screens)
  const first = asRecord(welcome[0])
  if (first) {
    const properties = asRecord(first.properties) ?? {}
    const description = conversion.text(properties.description, 'welcome_screens')
    const buttonText = conversion.name(properties.button_text, '')
    conversion.welcome({
      enabled: true,
      headline: textMap(conversion.text(first.title, 'welcome_screens') || 'Welcome'),
      ...(description ? { subheader: textMap(description) } : {}),
      ...(buttonText ? { buttonLabel: textMap(buttonText) } : {}),
    })
  }
  if (welcome.length > 1) conversion.warning('welcome_screens_merged', 'Only the first welcome screen was imported', 'welcome_screens')
  asArray(root.thankyou_screens).forEach((screen, index) => {
    const record = asRecord(screen)
    if (!record) return
    const ref = asString(record.ref) ?? `thankyou_${index + 1}`
    const id = `ending_${conversion.endingCount() + 1}`
    const properties = asRecord(record.properties) ?? {}
    const url = asString(properties.redirect_url)
    if (properties.button_mode === 'redirect' && url !== undefined) {
      if (isWebUrl(url)) {
        conversion.ending({ id, type: 'redirectToUrl', url, label: conversion.name(record.title, 'Redirect') })
        return
      }
      conversion.warning('external_url_removed', 'A redirect that is not an http(s) URL was removed', ref)
    }
    const description = conversion.text(properties.description, ref)
    const title = conversion.text(record.title, ref)
    conversion.pipingReported(title, RECALL, ref)
    conversion.ending({
      id,
      type: 'endScreen',
      headline: textMap(title || 'Thank you!'),
      ...(description ? { subheader: textMap(description) } : {}),
    })
  })
}

/** An http(s) URL short enough to store; anything else (`javascript:`, `data:`) is not carried over. */
export function isWebUrl(url: string): boolean {
  if (url.length > LIMITS.url) return false
  try {
    const parsed = new URL(url)
    return (parsed.protocol === 'https:' || parsed.protocol === 'http:') && parsed.hostname !== ''
  } catch {
    return false
  }
}
