import { matchSegments } from '@canvass/core'
import type { FilterItem, SegmentContact } from '@canvass/core'
import * as assert from 'uvu/assert'
import { IMPOSSIBLE_IDS, identity, rejection, seedProject, seedSegment, seedSurvey, setAttributes, walkPages } from './seed'
import type { StorageTest } from './storage-test'

/** Segments: round-trip, scoping, the surveys naming them, bounds, and matching contacts as stored. */
export const segmentTests: StorageTest[] = [
  {
    name: 'segments round-trip every field and stay in their environment',
    async run({ storage }) {
      const { production, development } = await seedProject(storage)
      const filters = [
        item(null, attribute('plan', 'equals', 'pro ✓')),
        item('or', [
          item(null, attribute('age', 'greaterEqual', 18)),
          item('and', { id: 'd', root: { type: 'device', deviceType: 'phone' }, value: 'phone', qualifier: { operator: 'equals' } }),
        ]),
      ]
      const segment = await seedSegment(storage, production, { title: 'Pros', description: 'Paying', isPrivate: true, filters })
      assert.equal(await storage.segments.get(production, segment.id), segment)
      assert.is(await storage.segments.get(development, segment.id), null, 'another environment sees nothing')
      assert.equal(await storage.segments.getMany(development, [segment.id]), [])
      assert.equal(
        (await storage.segments.getMany(production, [segment.id, 'unknown'])).map((s) => s.id),
        [segment.id],
      )
      assert.equal(await storage.segments.listFilters(production), [{ id: segment.id, filters }])
      assert.equal(await storage.segments.listFilters(development), [])
      for (const id of IMPOSSIBLE_IDS) {
        assert.is(await storage.segments.get(production, id), null)
        assert.is(await storage.segments.delete(production, id), null)
        assert.is(await storage.segments.update(production, id, { updatedAt: new Date() }), null)
      }
      assert.equal(await storage.segments.getMany(production, IMPOSSIBLE_IDS), [])
    },
  },
  {
    name: 'segments list newest first and page',
    async run({ storage }) {
      const { production } = await seedProject(storage)
      const base = Date.now()
      const made = []
      for (let i = 0; i < 5; i++)
        made.push(await seedSegment(storage, production, { createdAt: new Date(base + i), updatedAt: new Date(base + i) }))
      const ids = await walkPages(2, (after) => storage.segments.list(production, after ? { limit: 2, after } : { limit: 2 }))
      assert.equal(
        ids,
        made.reverse().map((s) => s.id),
      )
    },
  },
  {
    name: 'updateSegment changes the fields given; surveys name a segment, which cannot be deleted while they do',
    async run({ storage }) {
      const { production, development } = await seedProject(storage)
      const segment = await seedSegment(storage, production)
      const later = new Date(segment.updatedAt.getTime() + 1000)
      assert.is(await storage.segments.update(development, segment.id, { updatedAt: later, title: 'x' }), null)
      const filters = [item(null, attribute('a', 'isSet'))]
      const updated = await storage.segments.update(production, segment.id, { updatedAt: later, title: 'New', filters })
      assert.equal(updated, { ...segment, title: 'New', filters, updatedAt: later })
      const first = await seedSurvey(storage, production, { segmentId: segment.id, createdAt: new Date(1000) })
      const second = await seedSurvey(storage, production, { segmentId: segment.id, createdAt: new Date(2000) })
      assert.equal((await storage.segments.get(production, segment.id))?.surveys, [second.id, first.id])
      assert.is(await storage.segments.delete(production, segment.id), 'in_use')
      assert.is(await storage.segments.delete(development, segment.id), null)
      await storage.surveys.delete(production, first.id)
      await storage.surveys.update(second.id, (current) => ({ ...current, segmentId: null }))
      const deleted = await storage.segments.delete(production, segment.id)
      assert.is(typeof deleted === 'object' && deleted?.id, segment.id, 'a saved segment outlives its surveys')
      assert.is(await storage.segments.get(production, segment.id), null)
    },
  },
  {
    name: 'deleting a survey deletes its private segment unless another survey names it',
    async run({ storage }) {
      const { production } = await seedProject(storage)
      const own = await seedSegment(storage, production, { isPrivate: true })
      const shared = await seedSegment(storage, production, { isPrivate: true })
      const a = await seedSurvey(storage, production, { segmentId: own.id })
      const b = await seedSurvey(storage, production, { segmentId: shared.id })
      const c = await seedSurvey(storage, production, { segmentId: shared.id })
      await storage.surveys.delete(production, a.id)
      assert.is(await storage.segments.get(production, own.id), null)
      await storage.surveys.delete(production, b.id)
      assert.equal((await storage.segments.get(production, shared.id))?.surveys, [c.id])
    },
  },
  {
    name: 'insertSegment stops at the bound per environment, also under concurrent inserts',
    async run({ storage }) {
      const { production, development } = await seedProject(storage)
      const now = new Date()
      const make = (i: number) => ({
        id: `${production}_${i}`,
        environmentId: production,
        title: `s${i}`,
        description: null,
        isPrivate: false,
        filters: [],
        surveys: [],
        createdAt: now,
        updatedAt: now,
      })
      const results = await Promise.all(Array.from({ length: 6 }, (_, i) => storage.segments.insert(make(i), 3)))
      assert.is(results.filter((r) => r === 'created').length, 3)
      assert.is(results.filter((r) => r === 'limit').length, 3)
      assert.is((await storage.segments.listFilters(production)).length, 3)
      await seedSegment(storage, development)
    },
  },
  {
    name: 'segment writes with a check: a throwing check writes nothing; concurrent checked writes each see the ones before',
    async run({ storage }) {
      const { production } = await seedProject(storage)
      const filters = [item(null, attribute('plan', 'isSet'))]
      const refuse = () => {
        throw new Error('refused by the check')
      }
      const kept = await seedSegment(storage, production)
      const later = new Date(kept.updatedAt.getTime() + 1000)
      assert.match(
        String(await rejection(storage.segments.update(production, kept.id, { updatedAt: later, filters }, refuse))),
        /refused by the check/,
      )
      assert.equal(await storage.segments.get(production, kept.id), kept, 'nothing updated')
      const refusedInsert = { ...kept, id: `${kept.id}_x`, title: 'refused' }
      assert.match(String(await rejection(storage.segments.insert(refusedInsert, 100, refuse))), /refused by the check/)
      assert.is(await storage.segments.get(production, refusedInsert.id), null, 'nothing inserted')

      // Each write passes only if no other segment has filters yet, as its check sees them: run together, one
      // passes and the others see its write (without the lock, several saw none and all were stored).
      const segments = await Promise.all(Array.from({ length: 6 }, () => seedSegment(storage, production)))
      const firstOnly = (id: string) => (all: { id: string; filters: unknown[] }[]) => {
        if (all.some((segment) => segment.id !== id && segment.filters.length > 0)) throw new Error('another has filters')
      }
      const results = await Promise.allSettled(
        segments.map((segment) => storage.segments.update(production, segment.id, { updatedAt: later, filters }, firstOnly(segment.id))),
      )
      assert.is(results.filter((result) => result.status === 'fulfilled').length, 1, 'exactly one checked write passed')
      const stored = await storage.segments.listFilters(production)
      assert.is(stored.filter((segment) => segment.filters.length > 0).length, 1, 'exactly one stored with filters')
    },
  },
  {
    name: 'contacts as stored match segments: numbers, missing attributes, userIsNotIn, device',
    async run({ storage }) {
      const { production, development } = await seedProject(storage)
      const adults = await seedSegment(storage, production, { filters: [item(null, attribute('age', 'greaterEqual', 18))] })
      const pro = await seedSegment(storage, production, { filters: [item(null, attribute('plan', 'equals', 'pro'))] })
      const noPlan = await seedSegment(storage, production, { filters: [item(null, attribute('plan', 'isNotSet'))] })
      const notAdults = await seedSegment(storage, production, {
        filters: [item(null, { id: 'n', root: { type: 'segment', segmentId: adults.id }, qualifier: { operator: 'userIsNotIn' } })],
      })
      const phones = await seedSegment(storage, production, {
        filters: [
          item(null, { id: 'p', root: { type: 'device', deviceType: 'phone' }, value: 'phone', qualifier: { operator: 'equals' } }),
        ],
      })
      await seedSegment(storage, development, { filters: [] })

      const contactAs = async (userId: string, attributes: Record<string, string>) => {
        const result = await setAttributes(storage, identity(production, userId), attributes)
        assert.ok(result)
        return result.state
      }
      const matched = async (userId: string, attributes: Record<string, string>, device: SegmentContact['device']) => {
        const state = await contactAs(userId, attributes)
        const segments = await storage.segments.listFilters(production)
        return matchSegments(segments, { userId: state.userId, attributes: state.attributes, device }).sort()
      }
      // "9" < "18" as text but not as numbers.
      assert.equal(await matched('u1', { age: '9' }, 'desktop'), [notAdults.id, noPlan.id].sort())
      assert.equal(await matched('u1', { age: '18', plan: 'pro' }, 'phone'), [adults.id, pro.id, phones.id].sort())
      assert.equal(await matched('u2', { plan: 'free' }, 'desktop'), [notAdults.id], 'a missing age is not a number')
      assert.equal(await matched('u3', { age: 'old' }, 'phone'), [notAdults.id, noPlan.id, phones.id].sort())
    },
  },
]

function item(connector: FilterItem['connector'], resource: unknown): FilterItem {
  return { id: `i${Math.random().toString(36).slice(2, 8)}`, connector, resource: resource as FilterItem['resource'] }
}

function attribute(key: string, operator: string, value?: string | number) {
  return {
    id: `f_${key}_${operator}`,
    root: { type: 'attribute', contactAttributeKey: key },
    ...(value === undefined ? {} : { value }),
    qualifier: { operator },
  }
}
