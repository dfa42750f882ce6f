import { freshId } from './fresh-id'
import type { SurveyRecord } from '@canvass/core'
import * as assert from 'uvu/assert'
import { byListOrder, makeSurvey, seedProject, seedResponse, seedSegment, seedSurvey, walkPages } from './seed'
import type { StorageTest } from './storage-test'

/** Surveys: every field round-trips, lists page, updates and deletes stay in their environment. */
export const surveyTests: StorageTest[] = [
  {
    name: 'insertSurvey and getSurvey round-trip every field',
    async run({ storage }) {
      const { production } = await seedProject(storage)
      const segment = await seedSegment(storage, production)
      const survey = makeSurvey(production, { ...FULL_SURVEY, segmentId: segment.id })
      await storage.surveys.insert(survey)
      const stored = await storage.surveys.get(survey.id)
      assert.equal(stored, survey)
      assert.instance(stored?.closeOnDate, Date)
      assert.is(stored?.createdAt.getTime(), survey.createdAt.getTime(), 'milliseconds are kept')
    },
  },
  {
    name: 'updateSurvey keeps archivedAt, metadata and customCss when the record it writes leaves them out (a v1 write)',
    async run({ storage }) {
      const { production } = await seedProject(storage)
      const customCss = FULL_SURVEY.customCss
      const survey = makeSurvey(production, { archivedAt: new Date('2026-01-02T03:04:05.678Z'), metadata: { team: 'growth' }, customCss })
      await storage.surveys.insert(survey)
      const answered = await storage.surveys.update(survey.id, (current) => {
        const { archivedAt: _archivedAt, metadata: _metadata, customCss: _customCss, ...rest } = current
        return { ...rest, name: 'Renamed' }
      })
      const stored = await storage.surveys.get(survey.id)
      assert.equal(answered, stored, 'the survey is answered as stored, the fields kept included')
      assert.is(stored?.name, 'Renamed')
      assert.equal(stored?.archivedAt, survey.archivedAt)
      assert.equal(stored?.metadata, { team: 'growth' })
      assert.equal(stored?.customCss, customCss)
      await storage.surveys.update(survey.id, (current) => ({ ...current, archivedAt: null, customCss: null }))
      const cleared = await storage.surveys.get(survey.id)
      assert.is(cleared?.archivedAt, null)
      assert.is(cleared?.customCss, null)
    },
  },
  {
    name: 'insertSurvey and getSurvey round-trip nulls and empty JSON',
    async run({ storage }) {
      const { production } = await seedProject(storage)
      const survey = makeSurvey(production, {
        questions: [],
        welcomeCard: null,
        hiddenFields: null,
        singleUse: null,
        styling: null,
        surveyClosedMessage: null,
        productOverwrites: null,
        showLanguageSwitch: null,
        displayPercentage: null,
      })
      await storage.surveys.insert(survey)
      assert.equal(await storage.surveys.get(survey.id), survey)
      const objects = makeSurvey(production, { styling: {}, welcomeCard: { enabled: true, html: {} }, endings: [[]] })
      await storage.surveys.insert(objects)
      assert.equal(await storage.surveys.get(objects.id), objects)
    },
  },
  {
    name: 'listSurveys lists one environment newest first, with limit + 1, skip and after',
    async run({ storage }) {
      const { production, development } = await seedProject(storage)
      const tie = new Date()
      const times = [tie, tie, tie, new Date(tie.getTime() - 1), new Date(tie.getTime() + 1500), tie]
      const surveys: SurveyRecord[] = []
      for (const createdAt of times) surveys.push(await seedSurvey(storage, production, { createdAt, updatedAt: createdAt }))
      await seedSurvey(storage, development, { createdAt: tie, updatedAt: tie })
      const expected = [...surveys].sort(byListOrder).map((survey) => survey.id)

      const all = await storage.surveys.list(production, { limit: 100 })
      assert.equal(
        all.map((survey) => survey.id),
        expected,
        'newest first, ties by id descending, one environment',
      )
      assert.equal(
        all[0],
        surveys.find((survey) => survey.id === expected[0]),
        'list rows carry every field',
      )
      assert.is((await storage.surveys.list(production, { limit: 6 })).length, 6)
      assert.is((await storage.surveys.list(production, { limit: 5 })).length, 6, 'limit + 1 rows tell of a next page')
      const skipped = await storage.surveys.list(production, { limit: 2, skip: 3 })
      assert.equal(
        skipped.map((survey) => survey.id),
        expected.slice(3, 6),
      )
      for (const limit of [1, 2, 4]) {
        const walked = await walkPages(limit, (after) => storage.surveys.list(production, after ? { limit, after } : { limit }))
        assert.equal(walked, expected, `keyset pages of ${limit}`)
      }
    },
  },
  {
    name: 'updateSurvey hands the stored survey to change and writes what it returns, keeping id, owner and creation time',
    async run({ storage }) {
      const { production, development } = await seedProject(storage)
      const survey = await seedSurvey(storage, production)
      const updated: SurveyRecord = {
        ...makeSurvey(production, { ...FULL_SURVEY, segmentId: (await seedSegment(storage, production)).id }),
        id: survey.id,
        createdAt: survey.createdAt,
        updatedAt: new Date(survey.updatedAt.getTime() + 5000),
      }
      let seen: SurveyRecord | undefined
      const written = await storage.surveys.update(survey.id, (current) => {
        seen = current
        return { ...updated, id: freshId(), environmentId: development, createdAt: new Date(0) }
      })
      assert.equal(seen, survey, 'change gets the survey as stored')
      assert.equal(written, updated, 'id, environmentId and createdAt are kept')
      assert.equal(await storage.surveys.get(survey.id), updated)

      assert.is(await storage.surveys.update(freshId(), () => updated), null, 'an unknown id')
      const refusal = await storage.surveys
        .update(survey.id, () => {
          throw new Error('refused')
        })
        .then(
          () => null,
          (error: unknown) => error,
        )
      assert.instance(refusal, Error, 'the error of change propagates')
      assert.equal(await storage.surveys.get(survey.id), updated, 'a refused update changes nothing')
    },
  },
  {
    name: 'dates with a year below 100 are read back as written (0050 does not become 1950)',
    async run({ storage }) {
      const { production } = await seedProject(storage)
      const survey = await seedSurvey(storage, production, {
        closeOnDate: new Date('0050-01-01T00:00:00.000Z'),
        runOnDate: new Date('0099-12-31T10:00:00.000Z'),
      })
      const read = await storage.surveys.get(survey.id)
      assert.is(read?.closeOnDate?.toISOString(), '0050-01-01T00:00:00.000Z')
      assert.is(read?.runOnDate?.toISOString(), '0099-12-31T10:00:00.000Z')
    },
  },
  {
    name: 'updateSurvey serialises concurrent read-modify-writes: changes of different fields are all kept (20 rounds)',
    async run({ storage }) {
      const { production } = await seedProject(storage)
      for (let round = 0; round < 20; round++) {
        const survey = await seedSurvey(storage, production)
        await Promise.all([
          storage.surveys.update(survey.id, (current) => ({ ...current, name: `Renamed ${round}` })),
          storage.surveys.update(survey.id, (current) => ({ ...current, delay: 7 })),
          storage.surveys.update(survey.id, (current) => ({ ...current, displayLimit: 3 })),
        ])
        const stored = await storage.surveys.get(survey.id)
        assert.is(stored?.name, `Renamed ${round}`, `round ${round}: name kept`)
        assert.is(stored?.delay, 7, `round ${round}: delay kept`)
        assert.is(stored?.displayLimit, 3, `round ${round}: displayLimit kept`)
      }
    },
  },
  {
    name: 'deleteSurvey deletes the survey with its responses, in its environment only',
    async run({ storage }) {
      const { production, development } = await seedProject(storage)
      const survey = await seedSurvey(storage, production)
      const kept = await seedSurvey(storage, production)
      const responseId = await seedResponse(storage, production, survey.id)
      const keptResponseId = await seedResponse(storage, production, kept.id)

      assert.is(await storage.surveys.delete(development, survey.id), null, 'another environment cannot delete it')
      assert.ok(await storage.surveys.get(survey.id))
      assert.equal(await storage.surveys.delete(production, survey.id), survey)
      assert.is(await storage.surveys.get(survey.id), null)
      assert.is(await storage.responses.get(responseId), null, 'its responses are gone')
      assert.is(await storage.surveys.delete(production, survey.id), null, 'deleting twice finds nothing')
      assert.ok(await storage.responses.get(keptResponseId), 'other surveys keep theirs')
    },
  },
]

/** Every field set, JSON of every shape: nested arrays and objects, unicode, snake_case keys, numbers. */
const FULL_SURVEY: Partial<SurveyRecord> = {
  name: 'Everything survey ✓',
  type: 'app',
  status: 'scheduled',
  createdBy: 'user_1',
  delay: 5,
  displayOption: 'respondMultiple',
  displayLimit: 3,
  displayPercentage: 12.5,
  autoClose: 30,
  autoComplete: 100,
  closeOnDate: new Date('2031-02-03T04:05:06.789Z'),
  runOnDate: new Date('2030-01-02T03:04:05.006Z'),
  recontactDays: 7,
  pin: '1234',
  redirectUrl: 'https://example.com/thanks?x=1&y=2',
  resultShareKey: 'share_key',
  showLanguageSwitch: true,
  isVerifyEmailEnabled: true,
  isBackButtonHidden: true,
  isAutoProgressingEnabled: true,
  variables: [
    { id: 'v_score', name: 'score', type: 'number', value: -2.5 },
    { id: 'v_label', name: 'label', type: 'text', value: 'Grüße ✓' },
  ],
  blocks: [{ id: 'b_1', name: 'Block 1', elements: [{ id: 'q_1', type: 'openText', headline: { default: 'Hi' } }], logicFallback: 'end1' }],
  questions: [
    {
      id: 'q_1',
      type: 'multipleChoiceSingle',
      headline: { default: 'Pick one', de: 'Wähle eins', ja: '一つ選んで' },
      choices: [
        { id: 'c1', label: { default: 'A' } },
        { id: 'c2', label: { default: 'B' } },
      ],
      required: false,
      logic: [{ condition: 'equals', value: ['A', 1, 2.5, null, true] }],
      nested_snake_key: { deeper: [[1, [2, [3]]]] },
    },
  ],
  endings: [{ id: 'end1', type: 'endScreen', headline: { default: 'Thanks' } }],
  welcomeCard: { enabled: true, headline: { default: 'Hi' }, timeToFinish: false },
  hiddenFields: { enabled: true, fieldIds: ['plan', 'source_id'] },
  singleUse: { enabled: true, isEncrypted: true },
  languages: [{ default: true, enabled: true, language: { id: 'l1', code: 'en', alias: null } }],
  triggers: [{ actionClass: { name: 'New Session' } }],
  styling: { brandColor: { light: '#ff0000' }, roundness: 8, overwriteThemeStyling: false },
  surveyClosedMessage: { heading: 'Closed', subheading: '' },
  productOverwrites: { placement: 'bottomRight', clickOutsideClose: true, darkOverlay: false },
  archivedAt: new Date('2026-05-18T09:24:54.014Z'),
  metadata: { cx_operation: 'onboarding', title: { default: 'Hello' } },
  customCss: {
    source: { light: 'p { color: red; }', dark: null },
    compiled: { light: '#fbjs p{color:red!important}', dark: null },
    processorVersion: 1,
  },
}
