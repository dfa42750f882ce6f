import { type ElementType, elementTypesWith } from '@canvass/core/element-types'
import type { SurveyElement } from '../doc'

export { ELEMENT_TYPES } from '@canvass/core/element-types'
export type { ElementType }

/** Fields every element type has: kept when an element's type changes. */
const SHARED_FIELDS = ['id', 'headline', 'subheader', 'required', 'imageUrl', 'videoUrl', 'isDraft']

export const ADDRESS_FIELDS = ['addressLine1', 'addressLine2', 'city', 'state', 'zip', 'country'] as const
export const CONTACT_FIELDS = ['firstName', 'lastName', 'email', 'phone', 'company'] as const

const text = (lang: string, value: string) => ({ [lang]: value })
const choices = (lang: string, labels: string[]) => labels.map((label, index) => ({ id: `choice-${index + 1}`, label: text(lang, label) }))
const toggles = (lang: string, fields: readonly string[], names: Record<string, string>) =>
  Object.fromEntries(fields.map((field) => [field, { show: true, required: true, placeholder: text(lang, names[field] ?? field) }]))

/** The fields a new element of `type` needs to be valid, beside the shared ones. */
export function typeDefaults(type: ElementType, lang: string): Partial<SurveyElement> {
  switch (type) {
    case 'openText':
      return { inputType: 'text', charLimit: { enabled: false } }
    case 'multipleChoiceSingle':
    case 'multipleChoiceMulti':
      return { choices: choices(lang, ['Option 1', 'Option 2']), shuffleOption: 'none' }
    case 'ranking':
      return { choices: choices(lang, ['Option 1', 'Option 2']) }
    case 'nps':
      return { isColorCodingEnabled: false }
    case 'rating':
      return { scale: 'star', range: 5, isColorCodingEnabled: false }
    case 'csat':
      return { scale: 'smiley', range: 5, isColorCodingEnabled: false }
    case 'ces':
      return { scale: 'number', range: 5, isColorCodingEnabled: false }
    case 'cta':
      return { buttonExternal: false, ctaButtonLabel: text(lang, 'Continue') }
    case 'consent':
      return { label: text(lang, 'I agree') }
    case 'date':
      return { format: 'y-M-d' }
    case 'fileUpload':
      return { allowMultipleFiles: false }
    case 'matrix':
      return {
        rows: choices(lang, ['Row 1', 'Row 2']).map((row, index) => ({ ...row, id: `row-${index + 1}` })),
        columns: choices(lang, ['Column 1', 'Column 2']).map((column, index) => ({ ...column, id: `column-${index + 1}` })),
        shuffleOption: 'none',
      }
    case 'address':
      return toggles(lang, ADDRESS_FIELDS, {
        addressLine1: 'Address line 1',
        addressLine2: 'Address line 2',
        city: 'City',
        state: 'State',
        zip: 'Zip',
        country: 'Country',
      })
    case 'contactInfo':
      return toggles(lang, CONTACT_FIELDS, {
        firstName: 'First name',
        lastName: 'Last name',
        email: 'Email',
        phone: 'Phone',
        company: 'Company',
      })
    case 'pictureSelection':
      return {
        allowMulti: false,
        choices: [
          { id: 'picture-1', imageUrl: 'https://example.com/picture-1.png' },
          { id: 'picture-2', imageUrl: 'https://example.com/picture-2.png' },
        ],
      }
    case 'cal':
      return { calUserName: 'rick/get-rick-rolled' }
  }
}

/** A new element of `type` (an open text by default), with an empty headline. */
export function newElement(type: ElementType, id: string, lang: string): SurveyElement {
  return { id, type, headline: text(lang, ''), required: false, ...typeDefaults(type, lang) }
}

/** `element` as another type: its id, headline and the other shared fields stay, the type's own fields are new. */
export function convertElement(element: SurveyElement, type: ElementType, lang: string): SurveyElement {
  const kept = Object.fromEntries(Object.entries(element).filter(([key]) => SHARED_FIELDS.includes(key)))
  // Choices survive between the types that have labelled choices.
  const hasChoices: string[] = elementTypesWith('choices')
  const defaults = typeDefaults(type, lang)
  if (hasChoices.includes(type) && hasChoices.includes(String(element.type)) && Array.isArray(element.choices)) {
    defaults.choices = element.choices
  }
  return { ...kept, id: element.id, type, ...defaults }
}
