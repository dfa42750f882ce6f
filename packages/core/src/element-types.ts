/**
 * @module
 * The survey element types, in one place: the server's schemas, the summary, the widget and the editor read
 * them from here (`@canvass/core/element-types`, free of everything else in core, so that the widget and the
 * editor bundle only this table). Adding a type is a row here, its schema in `schemas/survey.ts`, its
 * renderer in the widget and its form in the editor.
 */

/** Every element type, in the order the server's schema lists them. */
export const ELEMENT_TYPES = [
  'openText',
  'multipleChoiceSingle',
  'multipleChoiceMulti',
  'nps',
  'rating',
  'cta',
  'consent',
  'date',
  'fileUpload',
  'matrix',
  'ranking',
  'address',
  'contactInfo',
  'pictureSelection',
  'cal',
  'csat',
  'ces',
] as const

export type ElementType = (typeof ELEMENT_TYPES)[number]

/**
 * What an element offers to choose from: labelled `choices`, `pictures` (choices with an image and no
 * label), a `matrix` of rows and columns, a numbered `scale`, a set of input `fields`, or `none`.
 */
export type ElementOptions = 'choices' | 'pictures' | 'matrix' | 'scale' | 'fields' | 'none'

/**
 * How the summary counts an element's answers: per answer value, per element of an array answer, per
 * matrix cell, per ranked position, or not at all (the summary lists the latest answers instead).
 */
export type ElementCount = 'values' | 'elements' | 'cells' | 'positions' | 'none'

/** The languages the editor names element types in; another language falls back to English. */
export type ElementLabelLanguage = 'en' | 'de'

export interface ElementTypeInfo {
  options: ElementOptions
  /** Whether a respondent answers it: a call to action is only clicked through (its answer says so). */
  answered: boolean
  count: ElementCount
  /** The type's name in the editor's type menu. */
  labels: Record<ElementLabelLanguage, string>
  /** The type's name on the results pages, where it may be shorter than the editor's. */
  summaryName: string
}

const type = (
  options: ElementOptions,
  count: ElementCount,
  en: string,
  de: string,
  summaryName = en,
  answered = true,
): ElementTypeInfo => ({ options, answered, count, labels: { en, de }, summaryName })

/** Each element type's description, keyed by its id. */
export const ELEMENT_TYPE_INFO: Readonly<Record<ElementType, ElementTypeInfo>> = {
  openText: type('none', 'none', 'Free text', 'Freitext'),
  multipleChoiceSingle: type('choices', 'values', 'Single choice', 'Einfachauswahl'),
  multipleChoiceMulti: type('choices', 'elements', 'Multiple choice', 'Mehrfachauswahl'),
  nps: type('scale', 'values', 'Net Promoter Score', 'Net Promoter Score'),
  rating: type('scale', 'values', 'Rating', 'Bewertung'),
  cta: type('none', 'values', 'Call to action', 'Handlungsaufforderung', 'Call to action', false),
  consent: type('none', 'values', 'Consent', 'Einwilligung'),
  date: type('none', 'none', 'Date', 'Datum'),
  fileUpload: type('none', 'none', 'File upload', 'Datei-Upload'),
  matrix: type('matrix', 'cells', 'Matrix', 'Matrix'),
  ranking: type('choices', 'positions', 'Ranking', 'Rangfolge'),
  address: type('fields', 'none', 'Address', 'Adresse'),
  contactInfo: type('fields', 'none', 'Contact info', 'Kontaktdaten'),
  pictureSelection: type('pictures', 'elements', 'Picture selection', 'Bildauswahl'),
  cal: type('none', 'values', 'Cal.com booking', 'Cal.com-Termin', 'Booking'),
  csat: type('scale', 'values', 'Customer satisfaction', 'Kundenzufriedenheit'),
  ces: type('scale', 'values', 'Customer effort', 'Kundenaufwand'),
}

/** Whether `type` names an element type (a stored survey may hold a type written by something else). */
export function isElementType(type: unknown): type is ElementType {
  return typeof type === 'string' && Object.hasOwn(ELEMENT_TYPE_INFO, type)
}

/** The description of `type`, or undefined for a type this version does not know. */
export function elementTypeInfo(type: unknown): ElementTypeInfo | undefined {
  return isElementType(type) ? ELEMENT_TYPE_INFO[type] : undefined
}

/** How the summary counts answers of `type` (`none` for a type this version does not know). */
export function elementCount(type: unknown): ElementCount {
  return elementTypeInfo(type)?.count ?? 'none'
}

/** The element types whose options have `shape`, in the schema's order. */
export function elementTypesWith(shape: ElementOptions): ElementType[] {
  return ELEMENT_TYPES.filter((id) => ELEMENT_TYPE_INFO[id].options === shape)
}
