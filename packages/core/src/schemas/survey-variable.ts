import * as v from 'valibot'
import { LIMITS, UNSTORABLE_IDS, boundedArray, boundedString, uniqueField, uniqueIds } from './common'
import { strictObject } from './strict-object'

/**
 * A survey variable, in the reference's shape: a number or a text with its starting value, changed by the
 * `calculate` actions of the survey's logic while someone answers and sent with the response (`variables`,
 * by id). Ids are what recall (`#recall:{id}/fallback:…#`) and logic name, so they use the id syntax recall
 * can parse; names follow the reference's rule (lowercase letters, digits, underscores).
 */
const variableId = v.pipe(
  boundedString(LIMITS.id, 1),
  v.regex(/^[a-zA-Z0-9_-]+$/, 'Id may only contain letters, digits, hyphens and underscores'),
  v.check((id) => !UNSTORABLE_IDS.has(id), 'Id is reserved: values cannot be stored under it'),
)
const variableName = v.pipe(
  boundedString(LIMITS.name, 1),
  v.regex(/^[a-z0-9_]+$/, 'Variable name can only contain lowercase letters, numbers, and underscores'),
)

export const surveyVariableSchema = v.variant('type', [
  strictObject({
    id: variableId,
    name: variableName,
    type: v.literal('number'),
    value: v.optional(v.pipe(v.number('Must be a number'), v.finite('Must be a finite number')), 0),
  }),
  strictObject({
    id: variableId,
    name: variableName,
    type: v.literal('text'),
    value: v.optional(boundedString(LIMITS.text), ''),
  }),
])

/** A survey's variables: at most `LIMITS.variables`, ids and names unique. */
export const surveyVariablesSchema = v.pipe(
  boundedArray(surveyVariableSchema, LIMITS.variables, `Survey must have at most ${LIMITS.variables} variables`),
  uniqueIds('Variable ids must be unique'),
  uniqueField('name', 'Variable names must be unique'),
)

export type SurveyVariable = v.InferOutput<typeof surveyVariableSchema>
