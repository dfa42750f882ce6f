/**
 * The API client's pure parts. What it sends and how it reads real answers is checked against a real Canvass
 * in console-browser.test.ts (core's `/console` page and session, which refuse a call without the console's headers).
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { errorWords, nextCursorOf } from '../src/api'
import { atLeast } from '../src/boot'
import { hashOf, parseHash } from '../src/route'

const test = suite('console API client: errors in words, cursors, routes, roles')

test('errors in the server words, with fields named', () => {
  assert.is(
    errorWords(400, { code: 'bad_request', message: 'Invalid survey', details: { name: 'Required' } }),
    'Invalid survey (name: Required)',
  )
  assert.is(errorWords(401, {}), 'Your session has ended. Sign in again to go on.')
  assert.is(errorWords(403, { message: 'Your role (viewer) may not change surveys' }), 'Your role (viewer) may not change surveys')
  assert.is(errorWords(403, undefined), 'Your role does not allow this.')
  assert.is(errorWords(422, { title: 'Unprocessable', detail: 'This survey is archived.' }), 'This survey is archived.')
  assert.is(errorWords(429, {}), 'Too many requests. Wait a moment and try again.')
  assert.is(errorWords(500, undefined), 'The server could not do this. Try again later.')
  assert.is(errorWords(404, undefined), 'The request failed (404).')
})

test('the next cursor of a v1 Link header', () => {
  assert.is(nextCursorOf('</api/v1/management/responses?limit=1&cursor=abc%3D>; rel="next"'), 'abc=')
  assert.is(nextCursorOf('<https://x.example/a?cursor=z>; rel="prev"'), null)
  assert.is(nextCursorOf(null), null)
})

test('hash routes round-trip', () => {
  const route = parseHash(hashOf(['surveys', 'a/b', 'results'], { q: 'x y', empty: '' }))
  assert.equal(route.parts, ['surveys', 'a/b', 'results'])
  assert.is(route.query.get('q'), 'x y')
  assert.is(route.query.has('empty'), false)
  assert.equal(parseHash('').parts, [])
})

test('a hash whose escape does not decode is a route not found, never an exception', () => {
  for (const hash of ['#/%E0%A4%A', '#/surveys/%', '#/surveys/%ZZ/results?page=2']) {
    const route = parseHash(hash)
    assert.equal(route.parts, [], hash)
    assert.is(route.notFound, true, hash)
  }
  assert.is(parseHash('#/surveys/a%2Fb').notFound, undefined)
})

test('roles rank viewer < editor < owner', () => {
  assert.ok(atLeast('owner', 'editor'))
  assert.ok(atLeast('editor', 'editor'))
  assert.not.ok(atLeast('viewer', 'editor'))
})

test.run()
