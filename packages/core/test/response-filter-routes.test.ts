/**
 * Issue 61: `filter[<field>][<operator>]=<value>` on every route that reads responses: the v1 list, the export,
 * the management summary, the shared summary (`/share/{key}/summary.json`) and the shared page. Each filter
 * kind on each route; unknown fields, operators and list parameters, bad values and too many filters a 400
 * naming them; hostile values answered, never a 500; `count=true` exact up to 10,000 and `gte` past it. On
 * PGlite, and on the Postgres server when TEST_DATABASE_URL is set.
 */
import { availableBackends, createSurvey, createTestClock, suiteWithBed } from '@canvass/test-bed'
import type { TestCanvass } from '@canvass/test-bed'
import * as assert from 'uvu/assert'
import { MAX_FILTER_VALUE_LENGTH, MAX_RESPONSE_FILTERS } from '../src/http/response-filters'
import { HOSTILE_FILTER_VALUES, filterCases, hostileFilterQueries, seedFilterResponses, seedPastCountCap } from './response-filter-fixtures'

for (const backend of availableBackends()) {
  const { test, bed } = suiteWithBed(`response filters on routes (${backend})`, () => ({ backend, clock: createTestClock() }))

  /** The filter fixture's responses, made through the v1 management create, and the survey's results shared. */
  async function seed(x: TestCanvass) {
    const seeded = await seedFilterResponses(x, async (surveyId, body, headers = {}) => {
      const res = await x.call('POST', '/api/v1/management/responses', { key: x.keyA, headers, body: { surveyId, ...body } })
      assert.is(res.status, 200, res.text)
      x.clock!.advance(5)
      return res.body.data.id as string
    })
    const shared = await x.call('POST', `/api/v1/management/surveys/${seeded.survey.id}/share`, { key: x.keyA })
    assert.is(shared.status, 200, shared.text)
    return { ...seeded, shareKey: shared.body.data.resultShareKey as string }
  }

  type Seeded = Awaited<ReturnType<typeof seed>>

  /** How each route is asked, and the ids (or how many) it answers. */
  const routes = (x: TestCanvass, s: Seeded) => ({
    list: async (query: string) => {
      const res = await x.call('GET', `/api/v1/management/responses?surveyId=${s.survey.id}&${query}`, { key: x.keyA })
      assert.is(res.status, 200, `list ${query}: ${res.text}`)
      return (res.body.data as Array<{ id: string }>).map((row) => row.id)
    },
    export: async (query: string) => {
      const res = await x.call('GET', `/api/v1/management/responses/export?surveyId=${s.survey.id}&format=ndjson&${query}`, { key: x.keyA })
      assert.is(res.status, 200, `export ${query}: ${res.text}`)
      return res.text
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line).id as string)
    },
    summary: async (query: string) => {
      const res = await x.call('GET', `/api/v1/management/surveys/${s.survey.id}/summary?${query}`, { key: x.keyA })
      assert.is(res.status, 200, `summary ${query}: ${res.text}`)
      return res.body.data.responses.started as number
    },
    sharedSummary: async (query: string) => {
      const res = await x.call('GET', `/share/${s.shareKey}/summary.json?${query}`)
      assert.is(res.status, 200, `summary.json ${query}: ${res.text}`)
      return res.body.data.responses.started as number
    },
    sharedPage: async (query: string) => {
      const res = await x.call('GET', `/share/${s.shareKey}?tab=responses&${query}`)
      assert.is(res.status, 200, `share page ${query}: ${res.text.slice(0, 300)}`)
      return (res.text.match(/data-cv="response"/g) ?? []).length
    },
  })

  test('every filter kind on the list, the export, the management summary, summary.json and the shared page', async () => {
    const x = bed()
    const s = await seed(x)
    const route = routes(x, s)
    for (const [query, expected] of filterCases(s)) {
      const sorted = [...expected].sort()
      assert.equal((await route.list(query)).sort(), sorted, `list ${query}`)
      assert.equal((await route.export(query)).sort(), sorted, `export ${query}`)
      assert.is(await route.summary(query), expected.length, `summary ${query}`)
      // A shared link filters by nothing it does not show: its own test below.
      if (notShown(query)) continue
      assert.is(await route.sharedSummary(query), expected.length, `summary.json ${query}`)
      assert.is(await route.sharedPage(query), expected.length, `share page ${query}`)
    }
    // Dates as filters, on either date field.
    const all = await route.list('')
    assert.is(all.length, 3)
    const res = await x.call('GET', `/api/v1/management/responses/${s.ids.r2}`, { key: x.keyA })
    const at = encodeURIComponent(res.body.data.createdAt)
    assert.equal((await route.list(`filter[createdAt][gte]=${at}`)).sort(), [s.ids.r2, s.ids.r3].sort())
    assert.equal(await route.list(`filter[updatedAt][lt]=${at}`), [s.ids.r1])
    assert.is(await route.sharedSummary(`filter[createdAt][gt]=${at}`), 1)
    // The list's own parameters beside filters, and its cursor pages keep them.
    const page = await x.call('GET', `/api/v1/management/responses?surveyId=${s.survey.id}&limit=1&filter[data.nps][lte]=4`, {
      key: x.keyA,
    })
    assert.equal(
      page.body.data.map((row: { id: string }) => row.id),
      [s.ids.r3],
    )
    const next = /<([^>]+)>/.exec(page.headers.get('link') ?? '')?.[1]
    assert.ok(
      next?.includes('filter%5Bdata.nps%5D%5Blte%5D=4') || next?.includes('filter[data.nps][lte]=4'),
      `the Link keeps the filter: ${next}`,
    )
    const url = new URL(next as string, 'http://x')
    const second = await x.call('GET', url.pathname + url.search, { key: x.keyA })
    assert.equal(
      second.body.data.map((row: { id: string }) => row.id),
      [s.ids.r2],
    )
  })

  test("the shared page's form and links carry its filter[…][…] parameters on", async () => {
    const x = bed()
    const s = await seed(x)
    const page = await x.call(
      'GET',
      `/share/${s.shareKey}?filter[data.q1][in]=Yes&filter[data.q1][in]=No&filter[data.txt][contains]=%3Cb%3E`,
    )
    assert.is(page.status, 200, page.text.slice(0, 300))
    assert.ok(
      page.text.includes(
        '<input type="hidden" name="filter[data.q1][in]" value="Yes"><input type="hidden" name="filter[data.q1][in]" value="No">',
      ),
    )
    assert.ok(page.text.includes('<input type="hidden" name="filter[data.txt][contains]" value="&#60;b&#62;">'), 'escaped')
    assert.match(
      page.text,
      /href="\?tab=responses&#38;filter%5Bdata\.q1%5D%5Bin%5D=Yes&#38;filter%5Bdata\.q1%5D%5Bin%5D=No&#38;filter%5Bdata\.txt%5D%5Bcontains%5D=%3Cb%3E"/,
    )
  })

  test('a shared link filters by nothing it does not show (contact attributes, meta, tags): a 400 naming the parameter, on summary.json and the page (issue 82, item 4)', async () => {
    const x = bed()
    const s = await seed(x)
    // Anyone holding the link could otherwise learn a respondent's attribute, page or tag, one guess at a time.
    for (const name of [
      'filter[contactAttributes.plan][eq]',
      'filter[meta.url][contains]',
      'filter[meta.country][eq]',
      'filter[tags][in]',
    ]) {
      const json = await x.call('GET', `/share/${s.shareKey}/summary.json?${name}=pro`)
      assert.is(json.status, 400, `${name}: ${json.text}`)
      assert.match(String(json.body.details?.[name]), /cannot filter by what it does not show/, json.text)
      const page = await x.call('GET', `/share/${s.shareKey}?tab=responses&${name}=pro`)
      assert.is(page.status, 400, page.text.slice(0, 300))
      assert.ok(page.text.includes(name), `the page names ${name}`)
      // An owner's key filters by them as before.
      const summary = await x.call('GET', `/api/v1/management/surveys/${s.survey.id}/summary?${name}=pro`, { key: x.keyA })
      assert.is(summary.status, 200, summary.text)
    }
    // An empty field of the page's form is no filter, as for every other parameter.
    assert.is((await x.call('GET', `/share/${s.shareKey}/summary.json?filter[tags][in]=`)).status, 200)
  })

  test('hostile values are answered as values: SQL, wildcards, unicode, a value at the bound; never a 500', async () => {
    const x = bed()
    const s = await seed(x)
    const route = routes(x, s)
    for (const value of HOSTILE_FILTER_VALUES) {
      for (const query of hostileFilterQueries(value)) {
        assert.equal(await route.list(query), [], `list ${query.slice(0, 60)}`)
        assert.equal(await route.export(query), [], `export ${query.slice(0, 60)}`)
        if (!notShown(query)) assert.is(await route.sharedSummary(query), 0, `summary.json ${query.slice(0, 60)}`)
      }
    }
    assert.equal(await route.list('filter[data.txt][contains]=%25%25'), [], 'a % is no wildcard')
    assert.equal((await route.list('filter[data.nps][gte]=-1e300')).length, 3, 'a huge bound')
  })

  test('a bad filter or an unknown list parameter is a 400 naming it, on every route', async () => {
    const x = bed()
    const s = await seed(x)
    const paths = [
      `/api/v1/management/responses?surveyId=${s.survey.id}&`,
      `/api/v1/management/responses/export?surveyId=${s.survey.id}&`,
      `/api/v1/management/surveys/${s.survey.id}/summary?`,
      `/share/${s.shareKey}/summary.json?`,
    ]
    const many = Array.from({ length: MAX_RESPONSE_FILTERS + 1 }, (_, index) => `filter[data.q${index}][eq]=x`).join('&')
    const bad: Array<[string, string, RegExp]> = [
      ['filter[data.q3][between]=4', 'filter[data.q3][between]', /Unknown operator between/],
      ['filter[answers.q3][eq]=4', 'filter[answers.q3][eq]', /Unknown field answers\.q3/],
      ['filter[meta.ipAddress][eq]=1', 'filter[meta.ipAddress][eq]', /Unknown field meta\.ipAddress/],
      ['filter[meta.url][gte]=1', 'filter[meta.url][gte]', /Unknown operator gte/],
      ['filter[data.nps][gte]=four', 'filter[data.nps][gte]', /Must be a number/],
      ['filter[data.nps][gte]=1e400', 'filter[data.nps][gte]', /Must be a number/],
      ['filter[data.nps][gte]=0x10', 'filter[data.nps][gte]', /Must be a number/],
      ['filter[data.q1][eq]=a&filter[data.q1][eq]=b', 'filter[data.q1][eq]', /once/],
      ['filter[data.q1][eq]=a%00b', 'filter[data.q1][eq]', /NUL/],
      [`filter[data.q1][eq]=${'x'.repeat(MAX_FILTER_VALUE_LENGTH + 1)}`, 'filter[data.q1][eq]', /at most 1000 characters/],
      [`filter[data.q1][in]=${Array.from({ length: 101 }, (_, i) => i).join(',')}`, 'filter[data.q1][in]', /at most 100 values/],
      [`filter[data.${'k'.repeat(256)}][eq]=x`, `filter[data.${'k'.repeat(256)}][eq]`, /at most 255 characters/],
      ['filter[finished][eq]=yes', 'filter[finished][eq]', /true or false/],
      ['filter[createdAt][gte]=yesterday', 'filter[createdAt][gte]', /ISO 8601/],
      ['filter[quota.x][eq]=maybe', 'filter[quota.x][eq]', /screenedIn or screenedOut/],
      ['filter[data.q1]=Yes', 'filter[data.q1]', /filter\[<field>\]\[<operator>\]/],
      ['filter[data.q1][contains]=', 'filter[data.q1][contains]', /empty/],
      [many, 'filter', /At most 20 filters/],
    ]
    for (const path of paths) {
      for (const [query, name, message] of bad) {
        // The shared routes read an empty parameter as no filter, as a GET form sends an unfilled field, and
        // refuse a filter on what they do not show before judging it (the test above).
        if (path.startsWith('/share/') && (query.endsWith('=') || notShown(query))) continue
        const res = await x.call('GET', `${path}${query}`, { key: x.keyA })
        assert.is(res.status, 400, `${path}${query.slice(0, 80)}: ${res.status} ${res.text.slice(0, 200)}`)
        // A long name is cut short in `details` (with …), as every error body cuts one.
        const problem =
          res.body.details?.[name] ??
          Object.entries(res.body.details ?? {}).find(([key]) => key.endsWith('…') && name.startsWith(key.slice(0, -1)))?.[1]
        assert.ok(
          typeof problem === 'string' && message.test(problem),
          `${path}${query.slice(0, 80)} names ${name}: ${res.text.slice(0, 300)}`,
        )
      }
    }
    // The shared page answers its 400 as a page naming the parameter.
    const page = await x.call('GET', `/share/${s.shareKey}?filter[data.q3][between]=4`)
    assert.is(page.status, 400)
    assert.match(page.text, /filter\[data\.q3\]\[between\]/)
    // The list and the export take no parameter they do not know: a typo is not a silently wider answer.
    for (const [path, name] of [
      [`/api/v1/management/responses?surveyId=${s.survey.id}&surveyid=x`, 'surveyid'],
      ['/api/v1/management/responses?filters[data.q1][eq]=Yes', 'filters[data.q1][eq]'],
      [`/api/v1/management/responses/export?surveyId=${s.survey.id}&formt=csv`, 'formt'],
    ] as const) {
      const res = await x.call('GET', path, { key: x.keyA })
      assert.is(res.status, 400, `${path}: ${res.text}`)
      assert.match(String(res.body.details[name]), /Unknown parameter/, res.text)
    }
    // Every parameter docs/api.md lists for the list is still taken.
    const documented = `surveyId=${s.survey.id}&contactId=c&userId=u&finished=true&startDate=2020-01-01&endDate=2100-01-01&filterDateField=updatedAt&sortBy=updatedAt&order=asc&count=true&limit=5&skip=0`
    const res = await x.call('GET', `/api/v1/management/responses?${documented}`, { key: x.keyA })
    assert.is(res.status, 200, res.text)
  })

  test('count=true is exact, eq, up to 10,000 and says gte past it', async () => {
    const x = bed()
    const s = await seed(x)
    const counted = await x.call('GET', `/api/v1/management/responses?surveyId=${s.survey.id}&count=true&filter[data.nps][lte]=4`, {
      key: x.keyA,
    })
    assert.is(counted.headers.get('x-total-count'), '2')
    assert.is(counted.headers.get('x-total-count-relation'), 'eq')
    const big = await createSurvey(x, { status: 'inProgress' })
    await seedPastCountCap(x, big.id)
    const all = await x.call('GET', `/api/v1/management/responses?surveyId=${big.id}&count=true&limit=1`, { key: x.keyA })
    assert.is(all.headers.get('x-total-count'), '10000')
    assert.is(all.headers.get('x-total-count-relation'), 'gte')
    const one = await x.call('GET', `/api/v1/management/responses?surveyId=${big.id}&count=true&limit=1&filter[data.nps][eq]=10`, {
      key: x.keyA,
    })
    assert.is(one.headers.get('x-total-count'), '1')
    assert.is(one.headers.get('x-total-count-relation'), 'eq')
  })

  test.run()
}

/** Whether `query` filters by what a shared link never shows (docs/results.md, "What it never shows"). */
function notShown(query: string): boolean {
  return /filter\[(contactAttributes\.|meta\.|tags\])/.test(query)
}
