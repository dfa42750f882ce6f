/**
 * fast-check arbitraries from JSON Schema 2020-12, for the subset the OpenAPI document uses: `$ref` into
 * `components.schemas`, `anyOf`/`oneOf`, `enum`, `const`, `type` (one or several), string lengths, patterns
 * and formats, number bounds, array items and lengths, object properties with `required`. Sizes are kept
 * small (strings ≤ 40 characters past their minimum, arrays ≤ 3 items, nesting ≤ 4) so that a run stays
 * fast; a schema with no constraint (`{}`) gives any small JSON value.
 */
import fc from 'fast-check'

export type JsonSchema = Record<string, any>

export interface SchemaContext {
  /** `components.schemas` of the document. */
  components: Record<string, JsonSchema>
}

const MAX_DEPTH = 4

export function arbitraryOf(schema: JsonSchema | boolean | undefined, context: SchemaContext, depth = 0): fc.Arbitrary<unknown> {
  if (schema === undefined || schema === true) return anyJson(depth)
  if (schema === false) return fc.constant(null)
  if (typeof schema.$ref === 'string') return arbitraryOf(resolve(schema.$ref, context), context, depth + 1)
  if (schema.const !== undefined) return fc.constant(schema.const)
  if (Array.isArray(schema.enum)) return fc.constantFrom(...schema.enum)
  const choices = schema.anyOf ?? schema.oneOf
  if (Array.isArray(choices))
    return fc.oneof(...choices.map((choice: JsonSchema) => arbitraryOf({ ...withoutKeywords(schema), ...choice }, context, depth + 1)))
  const types: string[] = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : []
  if (types.length > 1) return fc.oneof(...types.map((type) => arbitraryOf({ ...schema, type }, context, depth)))
  switch (types[0]) {
    case 'string':
      return stringOf(schema)
    case 'integer':
      return fc.integer({
        min: Math.max(schema.minimum ?? -1_000_000, Number.MIN_SAFE_INTEGER),
        max: Math.min(schema.maximum ?? 1_000_000, Number.MAX_SAFE_INTEGER),
      })
    case 'number':
      return fc.double({ min: schema.minimum ?? -1_000_000, max: schema.maximum ?? 1_000_000, noNaN: true, noDefaultInfinity: true })
    case 'boolean':
      return fc.boolean()
    case 'null':
      return fc.constant(null)
    case 'array': {
      const minLength = schema.minItems ?? 0
      const maxLength = Math.max(minLength, Math.min(schema.maxItems ?? 3, minLength + 3))
      if (depth >= MAX_DEPTH && minLength === 0) return fc.constant([])
      return fc.array(arbitraryOf(schema.items, context, depth + 1), { minLength, maxLength })
    }
    case 'object':
      return objectOf(schema, context, depth)
    default:
      if (schema.properties) return objectOf(schema, context, depth)
      return anyJson(depth)
  }
}

/** The schema a `#/components/schemas/Name` reference names. */
export function resolve(ref: string, context: SchemaContext): JsonSchema {
  const name = ref.replace(/^#\/components\/schemas\//, '')
  const schema = context.components[name]
  if (!schema) throw new Error(`no schema ${ref}`)
  return schema
}

function withoutKeywords(schema: JsonSchema): JsonSchema {
  const { anyOf: _anyOf, oneOf: _oneOf, ...rest } = schema
  return rest
}

function objectOf(schema: JsonSchema, context: SchemaContext, depth: number): fc.Arbitrary<unknown> {
  const properties: Record<string, JsonSchema> = schema.properties ?? {}
  const required: string[] = schema.required ?? []
  if (depth >= MAX_DEPTH) {
    return fc.record(Object.fromEntries(required.map((name) => [name, arbitraryOf(properties[name], context, depth + 1)])))
  }
  const model = Object.fromEntries(Object.entries(properties).map(([name, property]) => [name, arbitraryOf(property, context, depth + 1)]))
  return fc.record(model, { requiredKeys: required.filter((name) => name in model) })
}

function stringOf(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? minLength + 40, minLength + 40))
  if (schema.format === 'email') return fc.emailAddress().filter((email) => email.length <= maxLength)
  if (schema.format === 'date-time')
    return fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((date) => date.toISOString())
  if (schema.format === 'uri' || schema.format === 'url') return fc.webUrl().filter((url) => url.length <= maxLength)
  if (typeof schema.pattern === 'string') {
    try {
      return fc.stringMatching(new RegExp(schema.pattern)).filter((text) => text.length >= minLength && text.length <= maxLength)
    } catch {
      // A pattern fast-check cannot generate from: any string of the right length.
    }
  }
  return fc.string({ minLength, maxLength })
}

function anyJson(depth: number): fc.Arbitrary<unknown> {
  return fc.jsonValue({ maxDepth: Math.max(0, 2 - Math.floor(depth / 2)) })
}
