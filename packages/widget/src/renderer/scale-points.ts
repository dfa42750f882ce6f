/**
 * The points of a rating, CSAT or CES question: 1 to its range, each named for screen readers (the end labels
 * join the extreme points' names, since the row under the scale is hidden from them) and, with colour coding,
 * toned from low to high.
 */
import { localize } from './i18n'
import type { CesQuestion, CsatQuestion, RatingQuestion } from './types'
import type { UiKey } from './ui-text'

export type ScaleQuestion = RatingQuestion | CsatQuestion | CesQuestion

export type Tone = 'low' | 'mid' | 'high'

export interface ScalePoint {
  value: number
  label: string
  tone?: Tone
}

/** The ranges each type allows (core's survey schema checks them on write). */
const RANGES: Record<ScaleQuestion['type'], readonly number[]> = {
  rating: [3, 4, 5, 6, 7, 10],
  csat: [5],
  ces: [5, 7],
}

/** The question's number of points: its range, or five when a stored survey has none its type allows. */
export function scaleRange(question: ScaleQuestion): number {
  return RANGES[question.type].includes(question.range) ? question.range : 5
}

export function scalePoints(
  question: ScaleQuestion,
  lang: string,
  t: (key: UiKey, values?: Record<string, string | number>) => string,
): ScalePoint[] {
  const range = scaleRange(question)
  const lower = localize(question.lowerLabel, lang)
  const upper = localize(question.upperLabel, lang)
  // Stars are filled up to the pick, so a colour per star would say nothing.
  const toned = question.isColorCodingEnabled === true && question.scale !== 'star'
  return Array.from({ length: range }, (_, i) => {
    const value = i + 1
    const name = t('ratingOf', { n: value, max: range })
    const label = value === 1 && lower ? `${name}, ${lower}` : value === range && upper ? `${name}, ${upper}` : name
    return toned ? { value, label, tone: toneOf(i / (range - 1)) } : { value, label }
  })
}

/** Low up to two fifths of the way, high from seven tenths: on five points 1-2, 3, 4-5 (4 and 5 satisfy). */
function toneOf(position: number): Tone {
  return position < 0.4 ? 'low' : position < 0.7 ? 'mid' : 'high'
}
