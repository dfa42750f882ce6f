import { createResponse } from '@canvass/core'
import type { CreateResponseCheck, CreateResponseResult, NewResponse, Storage, WebhookEvent } from '@canvass/core'
import * as assert from 'uvu/assert'
import { freshId } from './fresh-id'
import { hooksOf, clientCheck, makeResponse, managementCheck, seedDisplay, seedProject, seedSurvey } from './seed'
import type { StorageTest } from './storage-test'

/** One create of the mix, with the outcome it must get whatever else runs beside it. */
interface Case {
  input: NewResponse
  check: CreateResponseCheck
  expected: CreateResponseResult['outcome']
}

/** Every response of the environment, through pages of the port's list. */
async function listAll(storage: Storage, environmentId: string) {
  const all: { id: string; data: Record<string, unknown> }[] = []
  let after: { createdAt: Date; id: string } | undefined
  for (;;) {
    const page = await storage.responses.list(environmentId, after ? { limit: 100, after } : { limit: 100 })
    const rows = page.slice(0, 100)
    all.push(...rows.map((row) => ({ id: row.id, data: row.data as Record<string, unknown> })))
    if (page.length <= 100) return all
    const last = rows[rows.length - 1]!
    after = { createdAt: last.createdAt, id: last.id }
  }
}

/**
 * Concurrent creates, as an adapter that writes them together (one statement per batch) sees them: each one
 * gets its own outcome, and every acknowledged response is stored exactly once.
 */
export const concurrentCreateTests: StorageTest[] = [
  {
    name: 'createResponse under 200 concurrent creates: each gets its own outcome, each created one is stored once',
    async run({ storage }) {
      const { production, development } = await seedProject(storage)
      const accepting = await seedSurvey(storage, production)
      const paused = await seedSurvey(storage, production, { status: 'paused' })
      const elsewhere = await seedSurvey(storage, development)
      const counting = await seedSurvey(storage, production, { autoComplete: 1000 })
      // A display has one response: each create naming a display names one of its own.
      const displayIds = await Promise.all(Array.from({ length: 10 }, () => seedDisplay(storage, production, accepting.id)))
      const cases: Case[] = []
      for (let i = 0; i < 200; i++) {
        // A marker in the data, with characters that array and JSON text must carry unchanged.
        const marker = `m-${i}-${freshId()} "quote" \\ {brace}, comma ✓`
        const data = { marker, n: i, list: [i, null, 'x,y'] }
        const kind = i % 10
        const make = (surveyId: string, overrides: Partial<NewResponse> = {}) => makeResponse(surveyId, { data, ...overrides })
        if (kind <= 2) cases.push({ input: make(accepting.id), check: clientCheck(production), expected: 'created' })
        else if (kind === 3) cases.push({ input: make(freshId()), check: clientCheck(production), expected: 'survey_not_found' })
        else if (kind === 4)
          cases.push({ input: make(elsewhere.id), check: clientCheck(production), expected: 'survey_in_other_environment' })
        else if (kind === 5) cases.push({ input: make(paused.id), check: clientCheck(production), expected: 'survey_not_accepting' })
        else if (kind === 6)
          // The management routes write to a paused survey.
          cases.push({ input: make(paused.id), check: managementCheck(production), expected: 'created' })
        else if (kind === 7)
          cases.push({
            input: make(accepting.id, { displayId: i % 20 === 7 ? displayIds[(i - 7) / 20]! : freshId() }),
            check: clientCheck(production),
            expected: i % 20 === 7 ? 'created' : 'display_not_found',
          })
        else if (kind === 8)
          cases.push({
            input: make(counting.id, { finished: true }),
            check: clientCheck(production),
            expected: 'created',
          })
        else
          cases.push({
            input: make(accepting.id, i % 20 === 9 ? { userId: `user-${i}` } : { singleUseId: `single-${i}` }),
            check: clientCheck(production),
            expected: 'created',
          })
      }

      const results = await Promise.all(cases.map(({ input, check }) => createResponse(storage.responses, input, check)))
      results.forEach((result, i) => {
        const { input, expected } = cases[i]!
        if (expected === 'created') assert.equal(result, { outcome: 'created', id: input.id }, `case ${i}`)
        else assert.equal(result, { outcome: expected }, `case ${i}`)
      })

      // Reconcile by marker: each acknowledged response once, with its own data; no refused one.
      const stored = [...(await listAll(storage, production)), ...(await listAll(storage, development))]
      const byMarker = new Map<string, { id: string; data: Record<string, unknown> }[]>()
      for (const row of stored) {
        const marker = String(row.data.marker)
        byMarker.set(marker, [...(byMarker.get(marker) ?? []), row])
      }
      let created = 0
      for (const [i, { input, expected }] of cases.entries()) {
        const rows = byMarker.get(String(input.data.marker)) ?? []
        if (expected === 'created') {
          created++
          assert.is(rows.length, 1, `case ${i} stored once`)
          assert.is(rows[0]!.id, input.id)
          assert.equal(rows[0]!.data, input.data)
        } else {
          assert.is(rows.length, 0, `case ${i} (${expected}) not stored`)
        }
      }
      assert.is(stored.length, created)
      assert.is(created, 130)
    },
  },
  {
    name: 'createResponse under concurrency: a bad request in the middle fails no other one',
    async run({ storage }) {
      const { production } = await seedProject(storage)
      const survey = await seedSurvey(storage, production)
      const cases = Array.from({ length: 40 }, (_, i) =>
        // A NUL character in JSON text is refused by Postgres (and so the whole statement it is part of).
        makeResponse(survey.id, { data: i === 20 ? { bad: 'nul \u0000 here' } : { n: i } }),
      )
      const results = await Promise.allSettled(cases.map((input) => createResponse(storage.responses, input, clientCheck(production))))
      results.forEach((result, i) => {
        if (i === 20) return
        assert.equal(result, { status: 'fulfilled', value: { outcome: 'created', id: cases[i]!.id } }, `case ${i}`)
      })
      const stored = await listAll(storage, production)
      const expected = cases.filter((_, i) => i !== 20 || results[20]!.status === 'fulfilled').map((c) => c.id)
      assert.equal(stored.map((row) => row.id).sort(), [...expected].sort())
    },
  },
  {
    name: 'createResponse under concurrency: each created response has its outbox delivery, a refused one none',
    needsWebhooks: true,
    async run({ storage }) {
      const { production } = await seedProject(storage)
      const survey = await seedSurvey(storage, production)
      const paused = await seedSurvey(storage, production, { status: 'paused' })
      const now = new Date()
      const webhookId = freshId()
      await hooksOf(storage).webhooks.insert({
        id: webhookId,
        environmentId: production,
        name: 'Batch webhook',
        url: 'https://receiver.example/hook',
        source: 'user',
        triggers: ['responseCreated'] as WebhookEvent[],
        surveyIds: [],
        createdAt: now,
        updatedAt: now,
        secret: `whsec_${btoa(freshId())}`,
      })
      const cases = Array.from({ length: 60 }, (_, i) => makeResponse(i % 4 === 3 ? paused.id : survey.id))
      const results = await Promise.all(cases.map((input) => createResponse(storage.responses, input, clientCheck(production))))
      const created = cases.filter((_, i) => i % 4 !== 3).map((input) => input.id)
      results.forEach((result, i) =>
        assert.equal(result, i % 4 === 3 ? { outcome: 'survey_not_accepting' } : { outcome: 'created', id: cases[i]!.id }),
      )
      const claimed = await hooksOf(storage).webhookDeliveries.claim({
        now: new Date(Date.now() + 1000),
        limit: 5000,
        leaseMs: 3_600_000,
        claimToken: freshId(),
      })
      const delivered = claimed
        .filter((delivery) => delivery.webhookId === webhookId)
        .map((delivery) => (JSON.parse(delivery.body) as { data: { id: string } }).data.id)
      assert.equal(delivered.sort(), created.sort())
    },
  },
]
