import * as v from 'valibot'
import { LIMITS } from './common'
import { storedDescription, storedName, storedText } from './stored-text'

/**
 * Segment bodies and the reference's filter tree: items `{id, connector, resource}` joined by `and`/`or`,
 * where a resource is a leaf filter (on an attribute, the person, another segment or the device) or a group
 * (an array of items). Unknown keys are dropped; the tree is stored as validated.
 */

/** Most levels of groups in a tree (the top-level array is level 1). */
export const MAX_FILTER_DEPTH = 8
/** Most items (leaves and groups together) in a tree. */
export const MAX_FILTER_ITEMS = 200
/** Most segments an environment holds. */
export const MAX_SEGMENTS_PER_ENVIRONMENT = 1000

export const ARITHMETIC_OPERATORS = ['lessThan', 'lessEqual', 'greaterThan', 'greaterEqual'] as const
export const STRING_OPERATORS = ['contains', 'doesNotContain', 'startsWith', 'endsWith'] as const
export const ATTRIBUTE_OPERATORS = ['equals', 'notEquals', ...ARITHMETIC_OPERATORS, 'isSet', 'isNotSet', ...STRING_OPERATORS] as const
/** The person's `userId` is text: no arithmetic. */
export const PERSON_OPERATORS = ['equals', 'notEquals', 'isSet', 'isNotSet', ...STRING_OPERATORS] as const
export const SEGMENT_OPERATORS = ['userIsIn', 'userIsNotIn'] as const
export const DEVICE_OPERATORS = ['equals', 'notEquals'] as const
export const DEVICE_TYPES = ['phone', 'desktop'] as const

const filterId = storedText(LIMITS.id, 1)
const textValue = storedText(LIMITS.text)
const numberValue = v.pipe(v.number(), v.finite('Must be a finite number'))
const filterValue = v.union([textValue, numberValue], 'Must be a string or a number')

const VALUE_MESSAGE =
  'Must be a number for lessThan, lessEqual, greaterThan and greaterEqual, a non-empty string for text operators, and a non-empty string or a number for equals and notEquals'

function valueFits(operator: string, value: unknown): boolean {
  if (operator === 'isSet' || operator === 'isNotSet') return true
  if ((ARITHMETIC_OPERATORS as readonly string[]).includes(operator)) return typeof value === 'number'
  if ((STRING_OPERATORS as readonly string[]).includes(operator)) return typeof value === 'string' && value.length > 0
  return typeof value === 'number' || (typeof value === 'string' && value.length > 0)
}

/** The value an operator needs, reported at the leaf's `value`. */
function valueFitsOperator<T extends { value?: unknown; qualifier: { operator: string } }>() {
  return v.rawCheck<T>(({ dataset, addIssue }) => {
    if (!dataset.typed || valueFits(dataset.value.qualifier.operator, dataset.value.value)) return
    addIssue({
      message: VALUE_MESSAGE,
      path: [
        { type: 'object', origin: 'value', input: dataset.value as Record<string, unknown>, key: 'value', value: dataset.value.value },
      ],
    })
  })
}

const attributeFilterObject = v.object({
  id: filterId,
  root: v.object({ type: v.literal('attribute'), contactAttributeKey: storedText(LIMITS.name, 1) }),
  value: v.optional(filterValue),
  qualifier: v.object({ operator: v.picklist(ATTRIBUTE_OPERATORS, `Must be one of ${ATTRIBUTE_OPERATORS.join(', ')}`) }),
})
const attributeFilterSchema = v.pipe(attributeFilterObject, valueFitsOperator<v.InferOutput<typeof attributeFilterObject>>())

const personFilterObject = v.object({
  id: filterId,
  root: v.object({ type: v.literal('person'), personIdentifier: v.literal('userId', 'Must be "userId"') }),
  value: v.optional(filterValue),
  qualifier: v.object({ operator: v.picklist(PERSON_OPERATORS, `Must be one of ${PERSON_OPERATORS.join(', ')}`) }),
})
const personFilterSchema = v.pipe(personFilterObject, valueFitsOperator<v.InferOutput<typeof personFilterObject>>())

const segmentFilterSchema = v.object({
  id: filterId,
  root: v.object({ type: v.literal('segment'), segmentId: storedText(LIMITS.id, 1) }),
  value: v.optional(v.nullable(filterValue)),
  qualifier: v.object({ operator: v.picklist(SEGMENT_OPERATORS, 'Must be "userIsIn" or "userIsNotIn"') }),
})

const deviceFilterSchema = v.object({
  id: filterId,
  root: v.object({ type: v.literal('device'), deviceType: v.picklist(DEVICE_TYPES, 'Must be "phone" or "desktop"') }),
  value: v.optional(v.picklist(DEVICE_TYPES, 'Must be "phone" or "desktop"')),
  qualifier: v.object({ operator: v.picklist(DEVICE_OPERATORS, 'Must be "equals" or "notEquals"') }),
})

/** By `root.type`, which a client sends: a Map, so that `constructor` or `toString` is just an unknown type. */
const LEAF_SCHEMAS: ReadonlyMap<string, v.GenericSchema> = new Map<string, v.GenericSchema>([
  ['attribute', attributeFilterSchema],
  ['person', personFilterSchema],
  ['segment', segmentFilterSchema],
  ['device', deviceFilterSchema],
])

const unknownLeafSchema = v.object({
  root: v.object({ type: v.picklist([...LEAF_SCHEMAS.keys()], 'Must be one of attribute, person, segment, device') }),
})

export type AttributeFilter = v.InferOutput<typeof attributeFilterSchema>
export type PersonFilter = v.InferOutput<typeof personFilterSchema>
export type SegmentReferenceFilter = v.InferOutput<typeof segmentFilterSchema>
export type DeviceFilter = v.InferOutput<typeof deviceFilterSchema>
export type LeafFilter = AttributeFilter | PersonFilter | SegmentReferenceFilter | DeviceFilter
export type FilterConnector = 'and' | 'or' | null
export interface FilterItem {
  id: string
  connector: FilterConnector
  resource: LeafFilter | FilterItem[]
}

/** The leaf schema that fits what was sent, so that a failure names the leaf's own field. */
const leafSchema = v.lazy((input) => {
  const type = (input as { root?: { type?: unknown } } | null)?.root?.type
  return (typeof type === 'string' ? LEAF_SCHEMAS.get(type) : undefined) ?? unknownLeafSchema
})

const itemsAtDepth: v.GenericSchema<unknown, FilterItem[]>[] = []

/**
 * The items of a group at `depth` (1 = the whole tree). Built level by level instead of recursing through
 * one lazy schema, so that the depth bound is part of the schema and validating never recurses further.
 */
function filterItems(depth: number): v.GenericSchema<unknown, FilterItem[]> {
  const cached = itemsAtDepth[depth]
  if (cached) return cached
  const resource = v.lazy((input) => {
    if (!Array.isArray(input)) return leafSchema
    if (depth >= MAX_FILTER_DEPTH)
      return v.pipe(v.array(v.unknown()), v.maxLength(0, `Groups nest at most ${MAX_FILTER_DEPTH} levels deep`))
    return filterItems(depth + 1)
  })
  const schema = v.pipe(
    v.array(
      v.object({
        id: filterId,
        connector: v.nullable(v.picklist(['and', 'or'], 'Must be "and", "or" or null')),
        resource,
      }),
      'Must be an array of filters',
    ),
    v.maxLength(MAX_FILTER_ITEMS, `Must hold at most ${MAX_FILTER_ITEMS} filters`),
    // The reference refuses a connector on the first filter of a group; a first group may carry one.
    v.rawCheck(({ dataset, addIssue }) => {
      if (!dataset.typed) return
      const first = dataset.value[0]
      if (first && !Array.isArray(first.resource) && first.connector !== null) {
        addIssue({
          message: 'The first filter of a group takes no connector: send null',
          path: [
            { type: 'array', origin: 'value', input: dataset.value, key: 0, value: first },
            {
              type: 'object',
              origin: 'value',
              input: first as unknown as Record<string, unknown>,
              key: 'connector',
              value: first.connector,
            },
          ],
        })
      }
    }),
  ) as v.GenericSchema<unknown, FilterItem[]>
  itemsAtDepth[depth] = schema
  return schema
}

/** A whole filter tree, at most `MAX_FILTER_ITEMS` items in all. */
export const segmentFiltersSchema = v.pipe(
  filterItems(1),
  v.check((items) => countItems(items) <= MAX_FILTER_ITEMS, `Must hold at most ${MAX_FILTER_ITEMS} filters and groups in all`),
)

/** Body of `POST /management/segments`. */
export const segmentCreateSchema = v.object({
  environmentId: v.optional(v.pipe(v.string(), v.maxLength(LIMITS.id))),
  workspaceId: v.optional(v.pipe(v.string(), v.maxLength(LIMITS.id))),
  title: storedName,
  description: v.nullish(storedDescription),
  isPrivate: v.optional(v.boolean(), false),
  filters: v.optional(segmentFiltersSchema, []),
})

/** Body of `PUT /management/segments/{id}`: the fields sent change, the others stay. */
export const segmentUpdateSchema = v.object({
  title: v.optional(storedName),
  description: v.nullish(storedDescription),
  isPrivate: v.optional(v.boolean()),
  filters: v.optional(segmentFiltersSchema),
})

/** A survey's `segment` when it carries `filters`: the survey's own segment, or a saved one named by `id`. */
export const surveySegmentSchema = v.object({
  id: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(LIMITS.id)))),
  isPrivate: v.optional(v.boolean()),
  filters: segmentFiltersSchema,
})

/** Items (leaves and groups) in a tree, nested ones included. */
export function countItems(items: FilterItem[]): number {
  let count = 0
  const stack: FilterItem[][] = [items]
  while (stack.length > 0) {
    for (const item of stack.pop() as FilterItem[]) {
      count++
      if (Array.isArray(item.resource)) stack.push(item.resource)
    }
  }
  return count
}
