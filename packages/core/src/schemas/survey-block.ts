import * as v from 'valibot'
import { LIMITS, boundedArray, boundedString, idString, localizedText, uniqueIds } from './common'
import { strictObject } from './strict-object'

/**
 * The fields a block carries for all its elements: they describe the way out of the page (its logic, the
 * fallback, the next and back buttons). An element sent with one of them is refused, not stripped, since it
 * would otherwise be dropped in silence (the reference's elements have none of them).
 */
export const BLOCK_LEVEL_FIELDS = ['logic', 'logicFallback', 'buttonLabel', 'backButtonLabel'] as const

/** Block ids are jump targets and ending ids share their namespace; the same syntax as ending ids. */
export const blockId = v.pipe(idString, v.regex(/^[a-zA-Z0-9_-]+$/, 'Id may only contain letters, digits, hyphens and underscores'))

/**
 * The reference's `blocks`: pages of one or more elements (the question types), shown together with one
 * submit button. `element` is the question schema (passed in, so that this file and `survey.ts` do not
 * import each other); `logicRules` the survey's loose logic rule list.
 */
type ElementSchema = v.GenericSchema<unknown, { id: string; type: string }>
type LogicSchema = v.GenericSchema<unknown, { [key: string]: unknown }[]>

export function surveyBlocksSchema(element: ElementSchema, logicRules: LogicSchema) {
  const elementWithoutBlockFields = v.pipe(
    v.unknown(),
    v.rawCheck(({ dataset, addIssue }) => {
      const input = dataset.value
      if (typeof input !== 'object' || input === null || Array.isArray(input)) return
      const fields = input as Record<string, unknown>
      for (const key of BLOCK_LEVEL_FIELDS) {
        if (fields[key] === undefined) continue
        addIssue({
          message: `Not an element field: set ${key} on the block`,
          path: [{ type: 'object', origin: 'value', input: fields, key, value: fields[key] }],
        })
      }
    }),
    element,
  )
  const block = strictObject({
    id: blockId,
    // Required by the reference's editor; "Block n" (its name for a block made from a question) when left out.
    name: v.optional(boundedString(LIMITS.name, 1)),
    elements: v.pipe(
      boundedArray(elementWithoutBlockFields, LIMITS.questions, `Block must have at most ${LIMITS.questions} elements`),
      v.minLength(1, 'Block must have at least one element'),
      uniqueIds('Element ids must be unique within a block'),
    ),
    logic: v.optional(logicRules),
    // A block or an ending.
    logicFallback: v.optional(blockId),
    buttonLabel: v.optional(localizedText),
    backButtonLabel: v.optional(localizedText),
  })
  return v.pipe(
    boundedArray(block, LIMITS.questions, `Survey must have at most ${LIMITS.questions} blocks`),
    uniqueIds('Block ids must be unique'),
    v.check(
      (blocks) => blocks.reduce((sum, b) => sum + b.elements.length, 0) <= LIMITS.questions,
      `Survey must have at most ${LIMITS.questions} elements`,
    ),
    v.check((blocks) => {
      const ids = blocks.flatMap((b) => b.elements.map((e) => e.id))
      return new Set(ids).size === ids.length
    }, "Element ids must be unique across blocks (they are the keys of a response's data)"),
  )
}
