import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { deviceFromUserAgent, matchSegments } from '../src'
import type { FilterItem, SegmentContact } from '../src'
import { hasReferenceCycle } from '../src/domain/contacts/segments'

const contact = (attributes: Record<string, string>, device: SegmentContact['device'] = 'desktop', userId = 'user-1'): SegmentContact => ({
  userId,
  attributes,
  device,
})

let n = 0
const item = (connector: FilterItem['connector'], resource: unknown): FilterItem => ({
  id: `i${n++}`,
  connector,
  resource: resource as FilterItem['resource'],
})
const attr = (key: string, operator: string, value?: string | number) => ({
  id: `f${n++}`,
  root: { type: 'attribute', contactAttributeKey: key },
  ...(value === undefined ? {} : { value }),
  qualifier: { operator },
})
const inSegment = (segmentId: string, operator: 'userIsIn' | 'userIsNotIn') => ({
  id: `f${n++}`,
  root: { type: 'segment', segmentId },
  qualifier: { operator },
})
const device = (value: 'phone' | 'desktop', operator: 'equals' | 'notEquals') => ({
  id: `f${n++}`,
  root: { type: 'device', deviceType: value },
  value,
  qualifier: { operator },
})
const person = (operator: string, value?: string) => ({
  id: `f${n++}`,
  root: { type: 'person', personIdentifier: 'userId' },
  ...(value === undefined ? {} : { value }),
  qualifier: { operator },
})

/** Whether a one-leaf segment matches. */
const leaf = (resource: unknown, who: SegmentContact) => matchSegments([{ id: 's', filters: [item(null, resource)] }], who).length === 1

const operators = suite('segment matching: every operator')

operators('text operators on attributes', () => {
  const who = contact({ plan: 'enterprise', empty: '' })
  assert.ok(leaf(attr('plan', 'equals', 'enterprise'), who))
  assert.not.ok(leaf(attr('plan', 'equals', 'Enterprise'), who), 'case matters')
  assert.ok(leaf(attr('plan', 'notEquals', 'free'), who))
  assert.not.ok(leaf(attr('plan', 'notEquals', 'enterprise'), who))
  assert.ok(leaf(attr('plan', 'contains', 'terp'), who))
  assert.not.ok(leaf(attr('plan', 'doesNotContain', 'terp'), who))
  assert.ok(leaf(attr('plan', 'doesNotContain', 'pro'), who))
  assert.ok(leaf(attr('plan', 'startsWith', 'ent'), who))
  assert.not.ok(leaf(attr('plan', 'startsWith', 'prise'), who))
  assert.ok(leaf(attr('plan', 'endsWith', 'prise'), who))
  assert.ok(leaf(attr('plan', 'isSet'), who))
  assert.not.ok(leaf(attr('plan', 'isNotSet'), who))
  assert.not.ok(leaf(attr('empty', 'isSet'), who), 'an empty value is not set')
  assert.ok(leaf(attr('empty', 'isNotSet'), who))
})

operators('numbers compare as numbers', () => {
  const who = contact({ age: '9', score: '10.5', word: 'ten', blank: ' ' })
  assert.ok(leaf(attr('age', 'lessThan', 18), who), '"9" < 18 (as text "9" > "18")')
  assert.ok(leaf(attr('age', 'lessEqual', 9), who))
  assert.not.ok(leaf(attr('age', 'greaterThan', 9), who))
  assert.ok(leaf(attr('age', 'greaterEqual', 9), who))
  assert.ok(leaf(attr('score', 'greaterThan', 10), who))
  assert.ok(leaf(attr('score', 'equals', 10.5), who))
  assert.ok(leaf(attr('age', 'equals', 9), who))
  assert.not.ok(leaf(attr('age', 'notEquals', 9), who))
  assert.not.ok(leaf(attr('word', 'lessThan', 100), who), 'text is no number')
  assert.not.ok(leaf(attr('word', 'equals', 10), who))
  assert.ok(leaf(attr('word', 'notEquals', 10), who))
  assert.not.ok(leaf(attr('blank', 'lessThan', 1), who), 'blank text is not zero')
})

operators('a missing attribute matches only isNotSet', () => {
  const who = contact({})
  for (const [operator, value] of [
    ['equals', 'x'],
    ['notEquals', 'x'],
    ['lessThan', 1],
    ['lessEqual', 1],
    ['greaterThan', 1],
    ['greaterEqual', 1],
    ['contains', 'x'],
    ['doesNotContain', 'x'],
    ['startsWith', 'x'],
    ['endsWith', 'x'],
    ['isSet', undefined],
  ] as const) {
    assert.not.ok(leaf(attr('gone', operator, value), who), operator)
  }
  assert.ok(leaf(attr('gone', 'isNotSet'), who))
  assert.not.ok(leaf(attr('toString', 'isSet'), who), 'no key of Object.prototype is an attribute')
})

operators('person: userId', () => {
  const who = contact({}, 'desktop', 'alice@example.com')
  assert.ok(leaf(person('equals', 'alice@example.com'), who))
  assert.ok(leaf(person('endsWith', '@example.com'), who))
  assert.not.ok(leaf(person('notEquals', 'alice@example.com'), who))
  assert.ok(leaf(person('isSet'), who))
})

operators('device: phone and desktop', () => {
  assert.ok(leaf(device('phone', 'equals'), contact({}, 'phone')))
  assert.not.ok(leaf(device('phone', 'equals'), contact({}, 'desktop')))
  assert.ok(leaf(device('phone', 'notEquals'), contact({}, 'desktop')))
  assert.ok(leaf(device('desktop', 'equals'), contact({}, 'desktop')))
})

operators.run()

const trees = suite('segment matching: connectors, groups, references')

trees('and binds tighter than or; groups nest; no filters holds everyone', () => {
  const who = contact({ a: '1', b: '2' })
  const yes = attr('a', 'equals', '1')
  const no = attr('b', 'equals', 'x')
  const match = (filters: FilterItem[]) => matchSegments([{ id: 's', filters }], who).length === 1
  assert.ok(match([]))
  assert.not.ok(match([item(null, yes), item('and', no)]))
  assert.ok(match([item(null, no), item('or', yes)]))
  // no or yes and no = no or (yes and no) = false
  assert.not.ok(match([item(null, no), item('or', yes), item('and', no)]))
  // yes and no or yes = (yes and no) or yes = true
  assert.ok(match([item(null, yes), item('and', no), item('or', yes)]))
  // yes and (no or yes) = true; nested deeper
  assert.ok(match([item(null, yes), item('and', [item(null, no), item('or', [item(null, [item(null, yes)])])])]))
  assert.not.ok(match([item(null, yes), item('and', [item(null, no), item('or', [item(null, [item(null, no)])])])]))
})

trees('userIsIn and userIsNotIn; unknown segments are false; cycles end', () => {
  const who = contact({ plan: 'pro' })
  const segments = [
    { id: 'pro', filters: [item(null, attr('plan', 'equals', 'pro'))] },
    { id: 'free', filters: [item(null, attr('plan', 'equals', 'free'))] },
    { id: 'in-pro', filters: [item(null, inSegment('pro', 'userIsIn'))] },
    { id: 'not-free', filters: [item(null, inSegment('free', 'userIsNotIn'))] },
    { id: 'not-pro', filters: [item(null, inSegment('pro', 'userIsNotIn'))] },
    { id: 'in-ghost', filters: [item(null, inSegment('ghost', 'userIsIn'))] },
    { id: 'not-ghost', filters: [item(null, inSegment('ghost', 'userIsNotIn'))] },
    { id: 'loop-a', filters: [item(null, inSegment('loop-b', 'userIsNotIn'))] },
    { id: 'loop-b', filters: [item(null, inSegment('loop-a', 'userIsNotIn'))] },
  ]
  const matched = matchSegments(segments, who)
  assert.equal(
    matched.filter((id) => !id.startsWith('loop')),
    ['pro', 'in-pro', 'not-free'],
  )
})

trees('hasReferenceCycle finds a path back to the segment, directly or through others', () => {
  const segments = [
    { id: 'a', filters: [item(null, inSegment('b', 'userIsIn'))] },
    { id: 'b', filters: [item(null, [item(null, inSegment('c', 'userIsNotIn'))])] },
    { id: 'c', filters: [] },
  ]
  assert.ok(hasReferenceCycle(segments, 'c', [item(null, inSegment('a', 'userIsIn'))]))
  assert.not.ok(hasReferenceCycle(segments, 'c', []))
  assert.not.ok(hasReferenceCycle(segments, 'a', [item(null, inSegment('b', 'userIsIn'))]), 'a → b → c ends')
  assert.not.ok(hasReferenceCycle(segments, 'd', [item(null, inSegment('a', 'userIsIn'))]))
})

trees.run()

const devices = suite('deviceFromUserAgent')

devices('phones and tablets are phone; the rest and nothing are desktop', () => {
  const iphone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148'
  const android = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/120.0 Mobile Safari/537.36'
  const ipad = 'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15'
  const mac = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 Version/17.0 Safari/605.1.15'
  assert.is(deviceFromUserAgent(iphone), 'phone')
  assert.is(deviceFromUserAgent(android), 'phone')
  assert.is(deviceFromUserAgent(ipad), 'phone')
  assert.is(deviceFromUserAgent(mac), 'desktop')
  assert.is(deviceFromUserAgent(null), 'desktop')
  assert.is(deviceFromUserAgent(''), 'desktop')
})

devices.run()
