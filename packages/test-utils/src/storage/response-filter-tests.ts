import type { ResponseCondition, ResponseFilter, Storage } from '@canvass/core'
import * as assert from 'uvu/assert'
import { freshId } from './fresh-id'
import { makeQuota } from './quota-tests'
import { groupOf, quotaStoreOf, identity, reportsOf, seedProject, seedResponse, seedSurvey, setAttributes } from './seed'
import type { StorageTest } from './storage-test'

/** Three responses of one survey that every kind of condition tells apart, and one of another survey. */
export async function seedFiltered(storage: Storage) {
  const { production, development } = await seedProject(storage)
  const survey = await seedSurvey(storage, production)
  const other = await seedSurvey(storage, production)
  const base = Date.now() - 60_000
  const at = (seconds: number) => new Date(base + seconds * 1000)
  const user = `u-${freshId()}`
  await setAttributes(storage, identity(production, user), { plan: 'pro' })
  const r1 = await seedResponse(storage, production, survey.id, {
    createdAt: at(1),
    userId: user,
    finished: true,
    language: 'de',
    data: { q: 'Yes', n: 9, multi: ['a', 'b'], txt: 'Hello 50% off_now', h: 'alpha', u: 'Grüße 🎉' },
    variables: { score: 10, label: 'x' },
    meta: {
      url: 'https://example.com/pricing',
      source: 'link',
      country: 'DE',
      userAgent: { browser: 'Firefox', os: 'Linux', device: 'desktop' },
    },
  })
  const r2 = await seedResponse(storage, production, survey.id, {
    createdAt: at(2),
    finished: false,
    language: null,
    data: { q: 'No', n: '4', multi: ['c'], txt: 'plain' },
    variables: { score: 3 },
    meta: { url: 'https://example.com/', source: 'app', userAgent: { browser: 'Chrome', device: 'phone' } },
  })
  const r3 = await seedResponse(storage, production, survey.id, { createdAt: at(3), finished: true, language: 'fr', data: { q: '', n: 4 } })
  const r4 = await seedResponse(storage, production, other.id, { createdAt: at(4), data: { q: 'Yes' } })
  await seedResponse(storage, development, (await seedSurvey(storage, development)).id, { data: { q: 'Yes' } })
  await groupOf(storage, 'imports').insertNotesAndTags(production, [{ responseId: r1, notes: [], tags: ['vip'] }])
  const quota = makeQuota(production, survey.id)
  assert.is(await quotaStoreOf(storage).insert(quota, 50), 'created')
  await quotaStoreOf(storage).screen({
    environmentId: production,
    surveyId: survey.id,
    responseId: r1,
    finished: true,
    met: [quota.id],
    unmet: [],
    now: new Date(),
  })
  return { production, survey, ids: { r1, r2, r3, r4 }, quotaId: quota.id, at }
}

/** A JSON condition without its `on` and `field`, each kind of it kept apart. */
type JsonTest = ResponseCondition extends infer C ? (C extends { on: 'json' } ? Omit<C, 'on' | 'field'> : never) : never

const answer = (key: string, rest: JsonTest): ResponseCondition =>
  ({ on: 'json', field: { column: 'data', path: [key] }, ...rest }) as ResponseCondition

/** `ResponseFilter.where`: every condition, on every read that filters responses, and hostile values. */
export const responseFilterTests: StorageTest[] = [
  {
    name: 'where: each condition narrows list, count, listForExport, listAnswers and summarize alike',
    needsQuotas: true,
    needs: 'imports',
    needsReporting: true,
    async run({ storage }) {
      const { production, survey, ids, quotaId, at } = await seedFiltered(storage)
      const { r1, r2, r3 } = ids
      const json = (column: 'data' | 'variables' | 'meta' | 'contactAttributes', path: string[]) => ({ column, path })
      const cases: Array<[string, ResponseCondition[], string[]]> = [
        ['eq text', [answer('q', { op: 'in', values: ['Yes'] })], [r1]],
        ['in texts', [answer('q', { op: 'in', values: ['Yes', 'No', 'nope'] })], [r1, r2]],
        ['eq a number takes the number and its text', [answer('n', { op: 'in', values: ['4'] })], [r2, r3]],
        ['eq inside an array answer', [answer('multi', { op: 'in', values: ['a'] })], [r1]],
        ['in inside array answers', [answer('multi', { op: 'in', values: ['c', 'zzz'] })], [r2]],
        ['gte', [answer('n', { op: 'gte', value: 5 })], [r1]],
        ['lte takes a decimal text', [answer('n', { op: 'lte', value: 4 })], [r2, r3]],
        ['gt', [answer('n', { op: 'gt', value: 4 })], [r1]],
        ['lt', [answer('n', { op: 'lt', value: 9.5 })], [r1, r2, r3]],
        ['gte on a text answer matches nothing', [answer('q', { op: 'gte', value: 0 })], []],
        ['contains, case-insensitive', [answer('txt', { op: 'contains', value: 'HELLO' })], [r1]],
        ['contains % literally', [answer('txt', { op: 'contains', value: '%' })], [r1]],
        ['contains _ literally', [answer('txt', { op: 'contains', value: 'o_f' })], []],
        ['contains _ where it is', [answer('txt', { op: 'contains', value: 'f_n' })], [r1]],
        ['contains unicode', [answer('u', { op: 'contains', value: 'üße 🎉' })], [r1]],
        ['exists', [answer('q', { op: 'exists', value: true })], [r1, r2]],
        ['exists false takes empty and missing', [answer('q', { op: 'exists', value: false })], [r3]],
        ['hidden field', [answer('h', { op: 'in', values: ['alpha'] })], [r1]],
        ['variable lt', [{ on: 'json', field: json('variables', ['score']), op: 'lt', value: 5 }], [r2]],
        ['variable eq', [{ on: 'json', field: json('variables', ['label']), op: 'in', values: ['x'] }], [r1]],
        ['meta.url contains', [{ on: 'json', field: json('meta', ['url']), op: 'contains', value: 'pricing' }], [r1]],
        ['meta.source in', [{ on: 'json', field: json('meta', ['source']), op: 'in', values: ['app', 'email'] }], [r2]],
        ['meta.country', [{ on: 'json', field: json('meta', ['country']), op: 'in', values: ['DE'] }], [r1]],
        ['meta.userAgent.browser', [{ on: 'json', field: json('meta', ['userAgent', 'browser']), op: 'in', values: ['Chrome'] }], [r2]],
        ['meta.url exists false', [{ on: 'json', field: json('meta', ['url']), op: 'exists', value: false }], [r3]],
        ['contact attribute', [{ on: 'json', field: json('contactAttributes', ['plan']), op: 'in', values: ['pro'] }], [r1]],
        ['language', [{ on: 'language', op: 'in', values: ['de'] }], [r1]],
        ['language default takes none', [{ on: 'language', op: 'in', values: ['default'] }], [r2]],
        ['languages', [{ on: 'language', op: 'in', values: ['fr', 'de'] }], [r1, r3]],
        ['tags in', [{ on: 'tags', op: 'in', values: ['vip', 'other'] }], [r1]],
        ['tags nin', [{ on: 'tags', op: 'nin', values: ['vip'] }], [r2, r3]],
        ['quota screenedIn', [{ on: 'quota', quotaId, op: 'in', values: ['screenedIn'] }], [r1]],
        ['quota screenedOut', [{ on: 'quota', quotaId, op: 'in', values: ['screenedOut'] }], []],
        ['finished', [{ on: 'finished', op: 'eq', value: false }], [r2]],
        ['createdAt gt', [{ on: 'createdAt', op: 'gt', value: at(1) }], [r2, r3]],
        ['createdAt lte', [{ on: 'createdAt', op: 'lte', value: at(2) }], [r1, r2]],
        ['updatedAt gte', [{ on: 'updatedAt', op: 'gte', value: at(3) }], [r3]],
        [
          'any of: one holds, at a nested path too',
          [
            {
              on: 'any',
              conditions: [
                { on: 'json', field: json('meta', ['userAgent', 'browser']), op: 'in', values: ['Firefox'] },
                answer('n', { op: 'in', values: ['4'] }),
              ],
            },
          ],
          [r1, r2, r3],
        ],
        ['any of none holds nothing', [{ on: 'any', conditions: [] }], []],
        ['conditions combine', [answer('q', { op: 'in', values: ['Yes', 'No'] }), { on: 'finished', op: 'eq', value: false }], [r2]],
      ]
      for (const [name, where, expected] of cases) await assertSelects(storage, production, survey.id, where, expected, name)
      // Without a survey, the environment's responses: another survey's too, never another environment's.
      const everywhere = await storage.responses.list(production, { where: [answer('q', { op: 'in', values: ['Yes'] })], limit: 10 })
      assert.equal(everywhere.map((row) => row.id).sort(), [r1, ids.r4].sort(), 'the environment, not the survey')
    },
  },
  {
    name: 'where: hostile values are parameters: SQL, wildcards, unicode, long values and NUL match nothing and never fail',
    needsQuotas: true,
    needs: 'imports',
    needsReporting: true,
    async run({ storage }) {
      const { production, survey, ids } = await seedFiltered(storage)
      const hostile = [
        "'; drop table responses; --",
        "Yes' or '1'='1",
        '%',
        '_',
        '\\',
        '\\%',
        'Grüße',
        'x'.repeat(1000),
        'a\u0000b',
        '{"q":"Yes"}',
        '"Yes"',
      ]
      for (const value of hostile) {
        const label = JSON.stringify(value.slice(0, 20))
        await assertSelects(storage, production, survey.id, [answer('q', { op: 'in', values: [value] })], [], `eq ${label}`)
        await assertSelects(storage, production, survey.id, [answer(value, { op: 'in', values: ['Yes'] })], [], `key ${label}`)
        await assertSelects(storage, production, survey.id, [answer(value, { op: 'exists', value: true })], [], `exists key ${label}`)
        await assertSelects(storage, production, survey.id, [{ on: 'language', op: 'in', values: [value] }], [], `language ${label}`)
        await assertSelects(storage, production, survey.id, [{ on: 'tags', op: 'in', values: [value] }], [], `tag ${label}`)
        await assertSelects(
          storage,
          production,
          survey.id,
          [{ on: 'quota', quotaId: value, op: 'in', values: ['screenedIn'] }],
          [],
          `quota ${label}`,
        )
        await assertSelects(storage, production, survey.id, [answer('q', { op: 'contains', value })], [], `contains ${label}`)
      }
      // `%` in `q` is no wildcard: none of the answers holds one.
      await assertSelects(storage, production, survey.id, [answer('q', { op: 'contains', value: 'e%' })], [], 'contains e%')
      await assertSelects(
        storage,
        production,
        survey.id,
        [{ on: 'tags', op: 'nin', values: ['a\u0000b'] }],
        [ids.r1, ids.r2, ids.r3],
        'nin NUL: none has it',
      )
      await assertSelects(storage, production, survey.id, [answer('n', { op: 'gte', value: 1e300 })], [], 'a huge bound')
      await assertSelects(
        storage,
        production,
        survey.id,
        [answer('n', { op: 'gte', value: -1e300 })],
        [ids.r1, ids.r2, ids.r3],
        'a huge negative bound',
      )
      const many = Array.from({ length: 100 }, (_, index) => `v${index}`)
      await assertSelects(storage, production, survey.id, [answer('q', { op: 'in', values: [...many, 'No'] })], [ids.r2], '101 values')
    },
  },
]

/** The same responses, in list order, from every read that takes a filter. */
async function assertSelects(
  storage: Storage,
  environmentId: string,
  surveyId: string,
  where: ResponseCondition[],
  expected: string[],
  label: string,
): Promise<void> {
  const filter: ResponseFilter = { surveyId, where }
  const sorted = [...expected].sort()
  const listed = await storage.responses.list(environmentId, { ...filter, limit: 10 })
  assert.equal(listed.map((row) => row.id).sort(), sorted, `${label}: list`)
  assert.is(await reportsOf(storage).responses.count(environmentId, filter), expected.length, `${label}: count`)
  const exported = await reportsOf(storage).responses.listForExport(environmentId, { ...filter, limit: 10 })
  assert.equal(exported.map((row) => row.id).sort(), sorted, `${label}: listForExport`)
  const answers = await reportsOf(storage).responses.listAnswers(environmentId, surveyId, { where, source: 'data', key: 'n', limit: 10 })
  const withN = listed.filter((row) => row.data.n !== undefined).map((row) => row.id)
  assert.equal(answers.map((row) => row.responseId).sort(), withN.sort(), `${label}: listAnswers`)
  const summary = await reportsOf(storage).responses.summarize(environmentId, surveyId, {
    where,
    questions: [],
    maxTimeToComplete: 86_400_000,
  })
  assert.is(summary.started, expected.length, `${label}: summarize`)
}
