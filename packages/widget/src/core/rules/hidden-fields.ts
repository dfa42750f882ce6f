import type { WidgetSurvey } from '../../shared/survey'

export type HiddenFieldValue = string | number | string[]

/**
 * The hidden field values `track(key, { hiddenFields })` passes into a survey's response: only the fields the
 * survey declares (and only while its hidden fields are enabled), only values of the types a response takes.
 * `ignored` names what was dropped, for a warning.
 */
export function pickHiddenFields(
  config: WidgetSurvey['hiddenFields'] | undefined,
  given: Record<string, unknown> | undefined,
): { fields: Record<string, HiddenFieldValue>; ignored: string[] } {
  const fields: Record<string, HiddenFieldValue> = {}
  const ignored: string[] = []
  if (!given) return { fields, ignored }
  const declared = config && config.enabled !== false ? new Set(config.fieldIds ?? []) : new Set<string>()
  for (const [key, value] of Object.entries(given)) {
    if (declared.has(key) && isHiddenFieldValue(value)) fields[key] = value
    else ignored.push(key)
  }
  return { fields, ignored }
}

function isHiddenFieldValue(value: unknown): value is HiddenFieldValue {
  if (typeof value === 'string') return true
  if (typeof value === 'number') return Number.isFinite(value)
  return Array.isArray(value) && value.every((item) => typeof item === 'string')
}
