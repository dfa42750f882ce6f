import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { CanvassError, MAX_FILTER_DEPTH, MAX_FILTER_ITEMS } from '../src'
import { parseInput } from '../src/http/validate'
import { segmentCreateSchema } from '../src/schemas/segment'

const schema = suite('segment filter schema')

const leaf = { id: 'f1', root: { type: 'attribute', contactAttributeKey: 'plan' }, value: 'pro', qualifier: { operator: 'equals' } }

/** The `details` of the 400 a body gets, or null when it passes. */
function details(filters: unknown): Record<string, string> | null {
  try {
    parseInput(segmentCreateSchema, { title: 't', filters })
    return null
  } catch (error) {
    assert.instance(error, CanvassError)
    assert.is((error as CanvassError).status, 400)
    return (error as CanvassError).details as Record<string, string>
  }
}

schema('every leaf kind, operator and nesting passes', () => {
  const operators = ['equals', 'notEquals', 'isSet', 'isNotSet', 'contains', 'doesNotContain', 'startsWith', 'endsWith']
  const numeric = ['lessThan', 'lessEqual', 'greaterThan', 'greaterEqual', 'equals', 'notEquals']
  const filters = [
    ...operators.map((operator, i) => ({
      id: `a${i}`,
      connector: i === 0 ? null : 'and',
      resource: { ...leaf, id: `l${i}`, qualifier: { operator } },
    })),
    ...numeric.map((operator, i) => ({
      id: `n${i}`,
      connector: 'or',
      resource: { ...leaf, id: `m${i}`, value: 18, qualifier: { operator } },
    })),
    {
      id: 'p',
      connector: 'and',
      resource: { id: 'p', root: { type: 'person', personIdentifier: 'userId' }, value: 'u', qualifier: { operator: 'startsWith' } },
    },
    {
      id: 's',
      connector: 'and',
      resource: { id: 's', root: { type: 'segment', segmentId: 'x' }, value: null, qualifier: { operator: 'userIsNotIn' } },
    },
    {
      id: 'd',
      connector: 'or',
      resource: [
        {
          id: 'd',
          connector: null,
          resource: { id: 'd', root: { type: 'device', deviceType: 'phone' }, value: 'phone', qualifier: { operator: 'notEquals' } },
        },
      ],
    },
  ]
  assert.is(details(filters), null)
})

schema('a bad tree is a 400 naming the path', () => {
  const text = details([{ id: 'a', connector: null, resource: { ...leaf, qualifier: { operator: 'greaterThan' } } }])
  assert.equal(Object.keys(text ?? {}), ['filters.0.resource.value'], 'greaterThan takes a number')
  const empty = details([{ id: 'a', connector: null, resource: { ...leaf, value: '', qualifier: { operator: 'contains' } } }])
  assert.equal(Object.keys(empty ?? {}), ['filters.0.resource.value'], 'contains takes a non-empty string')
  const nested = details([
    {
      id: 'a',
      connector: null,
      resource: [
        { id: 'b', connector: null, resource: [{ id: 'c', connector: null, resource: { ...leaf, qualifier: { operator: 'like' } } }] },
      ],
    },
  ])
  assert.ok(nested && 'filters.0.resource.0.resource.0.resource.qualifier.operator' in nested, JSON.stringify(nested))
  const kind = details([{ id: 'a', connector: null, resource: { id: 'x', root: { type: 'weather' } } }])
  assert.ok(kind && 'filters.0.resource.root.type' in kind, JSON.stringify(kind))
  const connector = details([{ id: 'a', connector: 'xor', resource: leaf }])
  assert.ok(connector && 'filters.0.connector' in connector, JSON.stringify(connector))
  const first = details([{ id: 'a', connector: 'and', resource: leaf }])
  assert.ok(first && 'filters.0.connector' in first, JSON.stringify(first))
  const device = details([
    { id: 'a', connector: null, resource: { id: 'd', root: { type: 'device', deviceType: 'tablet' }, qualifier: { operator: 'equals' } } },
  ])
  assert.ok(device && 'filters.0.resource.root.deviceType' in device, JSON.stringify(device))
  assert.ok(details({ not: 'an array' })?.filters)
  assert.ok(details([{ id: 'a', connector: null, resource: { ...leaf, value: Number.NaN } }]))
})

schema(`groups nest at most ${MAX_FILTER_DEPTH} levels and a tree holds at most ${MAX_FILTER_ITEMS} items`, () => {
  const nest = (levels: number): unknown =>
    levels === 1 ? [{ id: 'x', connector: null, resource: leaf }] : [{ id: 'g', connector: null, resource: nest(levels - 1) }]
  assert.is(details(nest(MAX_FILTER_DEPTH)), null)
  const deep = details(nest(MAX_FILTER_DEPTH + 1))
  assert.ok(deep && Object.values(deep).some((message) => message.includes('nest at most')), JSON.stringify(deep))
  // Deeper than any stack: still a 400, never a crash.
  assert.ok(details(nest(5000)))
  const wide = Array.from({ length: 10 }, (_, i) => ({
    id: `g${i}`,
    connector: i ? 'or' : null,
    resource: Array.from({ length: 20 }, (_, j) => ({ id: `x${j}`, connector: j ? 'and' : null, resource: leaf })),
  }))
  assert.equal(details(wide), { filters: `Must hold at most ${MAX_FILTER_ITEMS} filters and groups in all` })
})

schema.run()
