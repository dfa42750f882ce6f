/**
 * How the logic editors name the survey's parts in their controls: an element by its headline in the
 * language being edited, a block by its name, an ending by its headline or label, and `{n}`-style
 * placeholders of the texts filled in.
 */
import type { Block, SurveyDocument, Element, Ending, LocalizedText, LogicTexts } from './types'

/** The text of `text` in `lang` (a locale code, or a language such as `de` matching `de-DE`), else the default's. */
export function textIn(text: LocalizedText | undefined, lang: string, survey: SurveyDocument): string {
  if (!text) return ''
  const exact = text[lang]
  if (exact) return exact
  const prefixed = Object.keys(text).find((key) => key.split('-')[0] === lang.split('-')[0] && text[key])
  if (prefixed) return text[prefixed]!
  const fallback = survey.defaultLanguage ? text[survey.defaultLanguage] : undefined
  return fallback || (Object.values(text).find((value) => value) ?? '')
}

/** `template` with each `{key}` replaced by `values[key]`. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole))
}

/** An element's headline (shortened), else its id. */
export function elementLabel(element: Element, lang: string, survey: SurveyDocument): string {
  return shorten(stripTags(textIn(element.headline, lang, survey))) || element.id
}

export function blockLabel(block: Block, survey: SurveyDocument, texts: LogicTexts): string {
  const index = (survey.blocks ?? []).findIndex((item) => item.id === block.id)
  return block.name || fill(texts.blockNumber, { n: index + 1 })
}

export function endingLabel(ending: Ending, survey: SurveyDocument, lang: string, texts: LogicTexts): string {
  const index = (survey.endings ?? []).findIndex((item) => item.id === ending.id)
  const own = ending.type === 'redirectToUrl' ? (ending.label ?? '') : stripTags(textIn(ending.headline, lang, survey))
  return shorten(own) || fill(texts.endingNumber, { n: index + 1 })
}

/** Headlines may hold the reference's rich text; a select option shows plain text. */
function stripTags(text: string): string {
  return text
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
}

function shorten(text: string): string {
  return text.length > 60 ? `${text.slice(0, 57)}…` : text
}
