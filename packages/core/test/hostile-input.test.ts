/**
 * Hostile input at the boundaries that refuse it: the schema building blocks, the capped validation error and
 * the error log. The same findings through the routes are in hostile-input-routes.test.ts.
 */
import { suiteWithBed } from '@canvass/test-bed'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import * as v from 'valibot'
import { createCanvass } from '../src/create-canvass'
import { describeCause, errorResponse } from '../src/http/boundary'
import { readJsonBody } from '../src/http/body'
import { CanvassError, validationError } from '../src/errors'
import { parseInput } from '../src/http/validate'
import { boundedArray, httpUrl, normalizeIsoDateTime, safeInteger, urlishString } from '../src/schemas/common'
import { responseCreateSchema } from '../src/schemas/response'
import { surveyUpdateSchema } from '../src/schemas/survey'
import { responseBytes, utf8Length } from '../src/domain/responses/response-size'

const fail = (run: () => unknown): CanvassError => {
  try {
    run()
  } catch (error) {
    if (error instanceof CanvassError) return error
    throw error
  }
  throw new Error('expected a CanvassError')
}

const details = suite('validation details (item 2)')

details('at most 20 fields are listed and _more counts the rest', () => {
  const ttc: Record<string, string> = {}
  for (let i = 0; i < 1500; i++) ttc[`k${i}`] = 'x'
  const error = fail(() => parseInput(responseCreateSchema, { surveyId: 's', finished: true, data: {}, ttc }))
  assert.is(Object.keys(error.details).length, 21)
  assert.is(error.details._more, '1480 more fields')
  assert.ok(JSON.stringify(error.details).length < 2048)
})

details('long field paths and messages are cut', () => {
  const error = validationError({ ['k'.repeat(5000)]: 'm'.repeat(5000) })
  const [[path, message]] = Object.entries(error.details) as [[string, string]]
  assert.ok(path.length <= 201 && message.length <= 201)
})

details('array and entry counts are checked before any item is validated', () => {
  let validated = 0
  const counted = v.pipe(
    v.unknown(),
    v.check(() => {
      validated++
      return true
    }),
  )
  const error = fail(() => parseInput(boundedArray(counted, 200), Array(330_000).fill({})))
  // Too many values to list every failure: the first one, and a note that the rest was not checked.
  assert.equal(error.details, { '': 'Must have at most 200 items', _more: 'Other fields were not checked' })
  assert.is(validated, 0, 'no item was validated')
  const record = fail(() =>
    parseInput(responseCreateSchema, {
      surveyId: 's',
      finished: true,
      data: Object.fromEntries(Array.from({ length: 3000 }, (_, i) => [`q${i}`, i])),
    }),
  )
  assert.equal(Object.keys(record.details), ['data'])
})

const rule = suite('the input rule (items 3, 6, 8)')

rule('integers are whole and within Postgres integer range', () => {
  const schema = safeInteger(0)
  for (const bad of [1.5, 3_000_000_000, 2 ** 31, 1e30, Number.NaN, -1]) assert.not.ok(v.safeParse(schema, bad).success, String(bad))
  assert.ok(v.safeParse(schema, 2 ** 31 - 1).success)
  for (const [field, bad] of [
    ['delay', 1.5],
    ['autoComplete', 3_000_000_000],
    ['displayLimit', 1e30],
    ['recontactDays', 0.5],
  ] as const) {
    const error = fail(() => parseInput(surveyUpdateSchema, { [field]: bad }))
    assert.ok(field in error.details, field)
  }
})

rule('years below 100 are kept, year 0 and impossible dates are refused', () => {
  assert.is(normalizeIsoDateTime('0050-01-01'), '0050-01-01T00:00:00.000Z')
  assert.is(normalizeIsoDateTime('0001-03-01T10:00:00+01:00'), '0001-03-01T09:00:00.000Z')
  assert.is(normalizeIsoDateTime('0000-01-01'), null)
  assert.is(normalizeIsoDateTime('0001-01-01T00:30:00+01:00'), null, 'before year 1 once converted to UTC')
  assert.is(normalizeIsoDateTime('2023-02-29'), null)
  assert.is(normalizeIsoDateTime('2024-02-29'), '2024-02-29T00:00:00.000Z')
})

rule('URLs a browser follows are http(s) or relative', () => {
  for (const bad of [
    'javascript:alert(1)',
    ' JAVASCRIPT:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html,x',
    'vbscript:x',
    'file:///etc/passwd',
    '\\\\evil.example/x',
  ]) {
    assert.not.ok(v.safeParse(urlishString, bad).success, JSON.stringify(bad))
  }
  for (const good of ['https://example.com/a.png', 'http://x.example', '/storage/env/public/a.png', 'a.png']) {
    assert.ok(v.safeParse(urlishString, good).success, good)
  }
  assert.not.ok(v.safeParse(httpUrl, '/relative').success, 'httpUrl stays absolute')
})

/** `text` as a request body: whole with its length, or streamed `chunk` bytes at a time without one. */
function bodyRequest(text: string, chunk?: number): Request {
  const bytes = new TextEncoder().encode(text)
  if (chunk === undefined)
    return new Request('http://h/', { method: 'POST', body: bytes, headers: { 'content-length': String(bytes.length) } })
  let at = 0
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (at >= bytes.length) return controller.close()
      controller.enqueue(bytes.slice(at, (at += chunk)))
    },
  })
  return new Request('http://h/', { method: 'POST', body: stream, duplex: 'half' } as RequestInit)
}

const failsAsync = async (run: () => Promise<unknown>): Promise<CanvassError> => {
  try {
    await run()
  } catch (error) {
    if (error instanceof CanvassError) return error
    throw error
  }
  throw new Error('expected a CanvassError')
}

rule('a number JSON.parse would make Infinity is refused at its field, read whole or in pieces (issue 40, item 2)', async () => {
  const cases: Array<[text: string, field: string]> = [
    ['{"a":1e400}', 'a'],
    ['{"a":[1,-2.5E+309]}', 'a.1'],
    ['{"a":{"b":0.00001e0314}}', 'a.b'],
    [`{"a":${'7'.repeat(400)}}`, 'a'],
    [`{"a":${'7'.repeat(150)}e200}`, 'a'],
  ]
  for (const [text, field] of cases) {
    for (const chunk of [undefined, 1, 3]) {
      const error = await failsAsync(() => readJsonBody(bodyRequest(text, chunk)))
      assert.equal(Object.keys(error.details), [field], `${text.slice(0, 30)} in chunks of ${chunk}`)
    }
  }
  // Finite numbers, exponents included, and text that looks like numbers are taken as they are.
  const fine = `{"a":1.7e308,"b":1e-400,"c":"1e400","d":${'7'.repeat(250)}.5e-100,"e":[true,false,null,12e3]}`
  for (const chunk of [undefined, 2]) {
    const body = await readJsonBody(bodyRequest(fine, chunk))
    assert.equal(body, { a: 1.7e308, b: 0, c: '1e400', d: Number(`${'7'.repeat(250)}.5e-100`), e: [true, false, null, 12000] })
  }
})

const size = suite('stored response size (item 1)')

size('counts UTF-8 bytes of data, ttc, variables and meta', () => {
  assert.is(utf8Length('aé€😀'), 1 + 2 + 3 + 4)
  assert.is(responseBytes({ data: { a: 'é' }, ttc: {}, variables: {}, meta: {} }), '{"a":"é"}'.length + 1 + 6)
})

const { test: logs, bed: logsBed } = suiteWithBed('error log (item 3)', { widgetBundles: false })

logs('describeCause keeps class, code and message, never a driver’s query or parameters', () => {
  const error = Object.assign(new Error('invalid input syntax for type json'), {
    code: '22P02',
    query: 'insert into responses values ($1)',
    params: ['a body of a respondent'],
  })
  const cause = describeCause(error)
  assert.equal(Object.keys(cause).sort(), ['code', 'message', 'name', 'stack'])
  assert.equal([cause.name, cause.code, cause.message], ['Error', '22P02', 'invalid input syntax for type json'])
  assert.not.match(JSON.stringify(cause), /respondent|insert into/)
})

logs('an unexpected error is logged with the route pattern, not the query string or body', async () => {
  const logged: [string, unknown][] = []
  // The bed's storage, whose read for a response update fails as a driver error would, carrying the statement's values.
  const { storage, envA } = logsBed()
  const failing = {
    ...storage,
    responses: {
      ...storage.responses,
      readForUpdate: async () => {
        throw Object.assign(new Error('boom'), { params: ['secret-body'] })
      },
    },
  }
  const canvass = createCanvass({ storage: failing, logger: { error: (m, c) => logged.push([m, c]), warn() {} } })
  const res = await canvass.fetch(
    new Request(`http://h/api/v1/client/${envA}/responses/r1?token=secret-query`, {
      method: 'PUT',
      body: '{"finished":true,"data":{"q":"secret-body"}}',
    }),
  )
  assert.is(res.status, 500)
  assert.is(res.headers.get('x-content-type-options'), 'nosniff')
  assert.is(logged.length, 1)
  const [message, cause] = logged[0] as [string, unknown]
  assert.is(message, 'Unexpected error while handling PUT /api/v1/client/:environmentId/responses/:responseId')
  assert.not.match(JSON.stringify(cause), /secret/)
  assert.equal((cause as { message: string }).message, 'boom')
  const plain = errorResponse(new Error('x'), { error() {}, warn() {} })
  assert.is(plain.headers.get('cache-control'), 'private, no-store')
})

details.run()
rule.run()
size.run()
logs.run()
