/**
 * `pnpm bench:segments`: core's `matchSegments`, as `/user` and identify run it, for one contact with 50
 * attributes against the 100 segments of an environment. The segments mix every operator, numbers and text,
 * groups nested three deep, both connectors and `userIsIn`/`userIsNotIn` references between segments; the
 * contact matches some of them and not others, so neither the first leaf nor the last decides them all.
 * Reports the median and p99 of one call (every call builds its matcher anew, as a request does) against the
 * target: median under 5 ms.
 */
import { performance } from 'node:perf_hooks'
import { matchSegments } from '@canvass/core'
import type { FilterItem, SegmentContact } from '@canvass/core'

const SEGMENTS = 100
const ATTRIBUTES = 50
const WARMUP = 500
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 5000)
const TARGET_MEDIAN_MS = 5

const TEXT_OPERATORS = ['equals', 'notEquals', 'contains', 'doesNotContain', 'startsWith', 'endsWith', 'isSet', 'isNotSet']
const NUMBER_OPERATORS = ['lessThan', 'lessEqual', 'greaterThan', 'greaterEqual', 'equals', 'notEquals']

let serial = 0
const item = (connector: FilterItem['connector'], resource: unknown): FilterItem => ({
  id: `i${serial++}`,
  connector,
  resource: resource as FilterItem['resource'],
})

/** A leaf on attribute `a{k}` (numbers on even keys, text on odd ones), or now and then on the person or device. */
function leaf(seed: number): unknown {
  if (seed % 17 === 0)
    return {
      id: `p${seed}`,
      root: { type: 'device', deviceType: 'phone' },
      value: seed % 2 ? 'phone' : 'desktop',
      qualifier: { operator: 'equals' },
    }
  if (seed % 13 === 0)
    return { id: `u${seed}`, root: { type: 'person', personIdentifier: 'userId' }, value: 'user-', qualifier: { operator: 'startsWith' } }
  const key = `a${seed % (ATTRIBUTES + 5)}` // a few keys the contact lacks
  if (seed % 2 === 0) {
    return {
      id: `n${seed}`,
      root: { type: 'attribute', contactAttributeKey: key },
      value: seed % 100,
      qualifier: { operator: NUMBER_OPERATORS[seed % NUMBER_OPERATORS.length] },
    }
  }
  const operator = TEXT_OPERATORS[seed % TEXT_OPERATORS.length] as string
  const value = operator.startsWith('is') ? undefined : `v${seed % 7}`
  return { id: `t${seed}`, root: { type: 'attribute', contactAttributeKey: key }, ...(value ? { value } : {}), qualifier: { operator } }
}

/** About 12 leaves: an and-run, an or-group holding a nested group, and sometimes a reference to an earlier segment. */
function segmentFilters(index: number): FilterItem[] {
  const s = index * 31
  const items: FilterItem[] = [item(null, leaf(s)), item('and', leaf(s + 1)), item('and', leaf(s + 2))]
  items.push(
    item('or', [
      item(null, leaf(s + 3)),
      item('and', leaf(s + 4)),
      item('or', [item(null, leaf(s + 5)), item('and', leaf(s + 6)), item('and', leaf(s + 7))]),
    ]),
  )
  items.push(item('and', [item(null, leaf(s + 8)), item('or', leaf(s + 9)), item('or', leaf(s + 10))]))
  if (index > 0 && index % 4 === 0) {
    items.push(
      item('or', {
        id: `r${index}`,
        root: { type: 'segment', segmentId: `seg${index - 3}` },
        qualifier: { operator: index % 8 ? 'userIsIn' : 'userIsNotIn' },
      }),
    )
  }
  items.push(item('or', leaf(s + 11)))
  return items
}

const segments = Array.from({ length: SEGMENTS }, (_, i) => ({ id: `seg${i}`, filters: segmentFilters(i) }))
const attributes: Record<string, string> = {}
for (let k = 0; k < ATTRIBUTES; k++) attributes[`a${k}`] = k % 2 === 0 ? String((k * 7) % 100) : `v${k % 7}-text-${k}`
const contact: SegmentContact = { userId: 'user-42', attributes, device: 'phone' }

let matched = 0
for (let i = 0; i < WARMUP; i++) matched = matchSegments(segments, contact).length
const times: number[] = []
for (let i = 0; i < ITERATIONS; i++) {
  const start = performance.now()
  matched = matchSegments(segments, contact).length
  times.push(performance.now() - start)
}
times.sort((a, b) => a - b)
const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] as number
const median = at(0.5)
const leaves = segments.reduce((sum, segment) => sum + JSON.stringify(segment.filters).split('"root"').length - 1, 0)

console.log(`matchSegments: ${SEGMENTS} segments (${leaves} leaves), a contact with ${ATTRIBUTES} attributes, ${matched} segments matched`)
console.log(`| calls | median | p99 | max | target (median) |`)
console.log(`|---|---|---|---|---|`)
console.log(
  `| ${ITERATIONS} | ${median.toFixed(3)} ms | ${at(0.99).toFixed(3)} ms | ${(times.at(-1) as number).toFixed(3)} ms | < ${TARGET_MEDIAN_MS} ms ${median < TARGET_MEDIAN_MS ? '✓' : '✗'} |`,
)
if (median >= TARGET_MEDIAN_MS) process.exitCode = 1
