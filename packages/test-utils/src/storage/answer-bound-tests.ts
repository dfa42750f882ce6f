import { createResponse, importResponses, updateResponse } from '@canvass/core'
import type { CreateResponseCheck, CreateResponseResult, NewResponse, ResponseSurveyFields } from '@canvass/core'
import * as assert from 'uvu/assert'
import { freshId } from './fresh-id'
import { clientCheck, expectCreated, makeResponse, managementCheck, seedDisplay, seedProject, seedResponse, seedSurvey } from './seed'
import type { StorageTest } from './storage-test'

/** One question of each scale, and questions whose numbers are no scale's. */
const SCALE_QUESTIONS = [
  { id: 'open', type: 'openText', headline: { default: 'Anything?' } },
  { id: 'nps', type: 'nps', headline: { default: 'Recommend?' } },
  { id: 'stars', type: 'rating', range: 3, scale: 'star', headline: { default: 'Stars?' } },
  { id: 'plain', type: 'rating', headline: { default: 'Rate it' } },
  { id: 'csat', type: 'csat', headline: { default: 'Satisfied?' } },
  { id: 'ces', type: 'ces', range: 7, headline: { default: 'Easy?' } },
  { id: 'ranked', type: 'ranking', headline: { default: 'Order them' } },
]

/** The scales `SCALE_QUESTIONS` have, in order (`AnswerScale`). */
const SCALES = [
  { questionId: 'nps', min: 0, max: 10 },
  { questionId: 'stars', min: 1, max: 3 },
  { questionId: 'plain', min: 1, max: 10 },
  { questionId: 'csat', min: 1, max: 5 },
  { questionId: 'ces', min: 1, max: 7 },
]

/** Every path a create takes, for a response with `data`. */
function everyPath(surveyId: string, environmentId: string, data: Record<string, unknown>): [string, NewResponse, CreateResponseCheck][] {
  return [
    ['client', makeResponse(surveyId, { data }), clientCheck(environmentId)],
    ['client with a userId', makeResponse(surveyId, { data, userId: `u-${freshId()}` }), clientCheck(environmentId)],
    ['client, finished', makeResponse(surveyId, { data, finished: true }), clientCheck(environmentId)],
    ['with a single-use id', makeResponse(surveyId, { data, singleUseId: `s-${freshId()}` }), clientCheck(environmentId)],
    ['management', makeResponse(surveyId, { data }), managementCheck(environmentId)],
  ]
}

const offScale = (questionId: string): CreateResponseResult => {
  const scale = SCALES.find((entry) => entry.questionId === questionId)!
  return { outcome: 'answer_out_of_range', ...scale }
}

/**
 * docs/design.md, "Limits and input": a number answered to a scale question (`AnswerScale`) is an integer on its scale, judged
 * against the survey as the write sees it; a display made for a contact takes only that contact's response.
 */
export const answerBoundTests: StorageTest[] = [
  {
    name: 'createResponse refuses a number off its question scale as answer_out_of_range, on every path, and writes nothing',
    async run({ storage }) {
      const { production } = await seedProject(storage)
      for (const autoComplete of [null, 1000]) {
        const survey = await seedSurvey(storage, production, { questions: SCALE_QUESTIONS, autoComplete })
        const bad: [Record<string, unknown>, string][] = [
          [{ nps: 11 }, 'nps'],
          [{ nps: -1 }, 'nps'],
          [{ nps: 1e300 }, 'nps'],
          [{ nps: 7.5 }, 'nps'],
          [{ stars: 4 }, 'stars'],
          [{ stars: 0 }, 'stars'],
          [{ plain: 11 }, 'plain'],
          [{ csat: 6 }, 'csat'],
          [{ ces: 8 }, 'ces'],
          [{ ces: -3 }, 'ces'],
          // The first in the survey's order, whatever the order of the answers.
          [{ ces: 99, open: 'fine', stars: 57, nps: 10 }, 'stars'],
        ]
        for (const [data, questionId] of bad) {
          for (const [what, response, check] of everyPath(survey.id, production, data)) {
            const label = `${what}, ${JSON.stringify(data)}, autoComplete ${autoComplete}`
            assert.equal(await createResponse(storage.responses, response, check), offScale(questionId), label)
            assert.is(await storage.responses.get(response.id), null, `${label}: nothing written`)
          }
        }
        // Concurrent creates, which may be written together: each bad one alone is refused.
        const together = Array.from({ length: 12 }, (_, i) => makeResponse(survey.id, { data: { nps: i % 3 === 0 ? 57 : 9 } }))
        const results = await Promise.all(together.map((response) => createResponse(storage.responses, response, clientCheck(production))))
        results.forEach((result, i) => {
          if (i % 3 === 0) assert.equal(result, offScale('nps'), `concurrent ${i}`)
          else expectCreated(result, together[i]!)
        })
      }
    },
  },
  {
    name: 'createResponse takes answers on their scale, skipped ones, texts, and numbers to questions without a scale',
    async run({ storage }) {
      const { production } = await seedProject(storage)
      const survey = await seedSurvey(storage, production, { questions: SCALE_QUESTIONS })
      const good: Record<string, unknown>[] = [
        { nps: 0, stars: 1, plain: 10, csat: 5, ces: 7 },
        { nps: 10, stars: 3, plain: 1, csat: 1, ces: 1 },
        { nps: '', stars: '', plain: '', csat: '', ces: '' },
        // Not numbers: the summary does not count them, and they are left as sent.
        { nps: '57', stars: 'many', csat: [1, 2], ces: { score: 99 } },
        { open: 1e300, ranked: -5, hidden: 12345, unknownQuestion: 99 },
        // 10.0 is the number 10 in JSON.
        { nps: 10.0 },
      ]
      for (const data of good) {
        for (const [what, response, check] of everyPath(survey.id, production, data)) {
          expectCreated(await createResponse(storage.responses, response, check), response)
          assert.equal((await storage.responses.get(response.id))?.data, data, `${what}, ${JSON.stringify(data)}`)
        }
      }
      // A survey whose questions are not what a create makes: no scale question, a question without an id.
      const odd = await seedSurvey(storage, production, { questions: [{ type: 'nps' }, { id: 7, type: 'rating' }, 'text'] })
      const response = makeResponse(odd.id, { data: { nps: 99, '7': 99 } })
      expectCreated(await createResponse(storage.responses, response, clientCheck(production)), response)
    },
  },
  {
    name: 'createResponse judges answers against the survey as it is now (a scale narrowed or a question retyped)',
    async run({ storage }) {
      const { production } = await seedProject(storage)
      const survey = await seedSurvey(storage, production, { questions: SCALE_QUESTIONS })
      await seedResponse(storage, production, survey.id, { data: { stars: 3, open: 9 } })
      await storage.surveys.update(survey.id, (current) => ({
        ...current,
        questions: [
          { id: 'open', type: 'nps', headline: { default: 'Now a score' } },
          { id: 'stars', type: 'rating', range: 2, headline: { default: 'Fewer stars' } },
        ],
      }))
      for (const [data, scale] of [
        [{ stars: 3 }, { questionId: 'stars', min: 1, max: 2 }],
        [{ open: 11 }, { questionId: 'open', min: 0, max: 10 }],
      ] as const) {
        const response = makeResponse(survey.id, { data })
        assert.equal(await createResponse(storage.responses, response, clientCheck(production)), {
          outcome: 'answer_out_of_range',
          ...scale,
        })
      }
      // What a scale no longer covers is no longer judged.
      const freed = makeResponse(survey.id, { data: { nps: 57, stars: 2 } })
      expectCreated(await createResponse(storage.responses, freed, clientCheck(production)), freed)
    },
  },
  {
    name: 'importMany refuses an answer off its scale for that create alone',
    async run({ storage }) {
      const { production } = await seedProject(storage)
      const survey = await seedSurvey(storage, production, { questions: SCALE_QUESTIONS })
      const imported = [
        makeResponse(survey.id, { data: { nps: 3 } }),
        makeResponse(survey.id, { data: { csat: 9 } }),
        makeResponse(survey.id, { data: { nps: '' }, finished: true }),
      ]
      const results = await importResponses(storage.responses, imported, managementCheck(production), { webhooks: false })
      assert.equal(results, [{ outcome: 'created', id: imported[0]!.id }, offScale('csat'), { outcome: 'created', id: imported[2]!.id }])
      assert.is(await storage.responses.get(imported[1]!.id), null)
    },
  },
  {
    name: 'updateResponse hands change the scales of the survey as it is now when asked (answerScales), and only then',
    async run({ storage }) {
      const { production } = await seedProject(storage)
      const survey = await seedSurvey(storage, production, { questions: SCALE_QUESTIONS })
      const id = await seedResponse(storage, production, survey.id)
      const scalesSeen = async (asked = true): Promise<ResponseSurveyFields['answerScales']> => {
        let seen: ResponseSurveyFields['answerScales']
        await updateResponse(
          storage.responses,
          id,
          (_current, fields) => {
            seen = fields.answerScales
            return { updatedAt: new Date() }
          },
          { answerScales: asked },
        )
        return seen
      }
      assert.is(await scalesSeen(false), undefined, 'not asked, not read')
      assert.equal(await scalesSeen(), SCALES)
      await storage.surveys.update(survey.id, (current) => ({ ...current, questions: [{ id: 'q', type: 'openText' }] }))
      assert.equal(await scalesSeen(), [])
      await storage.surveys.update(survey.id, (current) => ({ ...current, questions: [{ id: 'c', type: 'csat', range: 3 }] }))
      assert.equal(await scalesSeen(), [{ questionId: 'c', min: 1, max: 3 }])
    },
  },
  {
    name: "createResponse refuses a display made for a contact unless the response is that contact's (display_of_other_contact), on every path",
    async run({ storage }) {
      const { production } = await seedProject(storage)
      const survey = await seedSurvey(storage, production)
      const counting = await seedSurvey(storage, production, { autoComplete: 1000 })
      for (const target of [survey, counting]) {
        const owner = `owner-${freshId()}`
        const displayId = await seedDisplay(storage, production, target.id, owner)
        const others: [string, NewResponse, CreateResponseCheck][] = [
          ['client without a userId', makeResponse(target.id, { displayId }), clientCheck(production)],
          ['client, another userId', makeResponse(target.id, { displayId, userId: `other-${freshId()}` }), clientCheck(production)],
          ['client, finished', makeResponse(target.id, { displayId, finished: true }), clientCheck(production)],
          ['with a single-use id', makeResponse(target.id, { displayId, singleUseId: `s-${freshId()}` }), clientCheck(production)],
          ['management', makeResponse(target.id, { displayId }), managementCheck(production)],
        ]
        for (const [what, response, check] of others) {
          assert.equal(await createResponse(storage.responses, response, check), { outcome: 'display_of_other_contact' }, what)
          assert.is(await storage.responses.get(response.id), null, `${what}: nothing written`)
        }
        const [refused] = await importResponses(storage.responses, [makeResponse(target.id, { displayId })], managementCheck(production), {
          webhooks: false,
        })
        assert.equal(refused, { outcome: 'display_of_other_contact' }, 'import')
        const own = makeResponse(target.id, { displayId, userId: owner, finished: true })
        expectCreated(await createResponse(storage.responses, own, clientCheck(production)), own)
        assert.equal(await storage.displays.responseOf(production, displayId), { responseId: own.id })
        // A display made for nobody takes anyone's response.
        const anonymous = await seedDisplay(storage, production, target.id)
        const anyone = makeResponse(target.id, { displayId: anonymous, userId: `u-${freshId()}` })
        expectCreated(await createResponse(storage.responses, anyone, clientCheck(production)), anyone)
      }
    },
  },
]
