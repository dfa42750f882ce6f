import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { editorCors } from '../src/pipeline/editor-cors'
import { answering, callTo } from './pipeline-helpers'

const cors = suite('pipeline: editorCors')
const isEditorRoute = (pathname: string) => pathname.startsWith('/api/v3/surveys')

cors('every answer on a path of an editor route carries CORS headers, errors included', async () => {
  const response = await editorCors(isEditorRoute)(
    callTo('/api/v3/surveys/abc'),
    answering(() => Response.json({ title: 'Not found' }, { status: 404 })),
  )
  assert.is(response.status, 404)
  assert.is(response.headers.get('access-control-allow-origin'), '*')
  assert.is(response.headers.get('access-control-expose-headers'), 'x-request-id, retry-after, location')
  assert.equal(await response.json(), { title: 'Not found' })
})

cors('other paths, and preflights, are left as they are', async () => {
  const other = await editorCors(isEditorRoute)(callTo('/api/v1/management/surveys'), answering())
  assert.is(other.headers.get('access-control-allow-origin'), null)
  const preflight = await editorCors(isEditorRoute)(
    callTo('/api/v3/surveys', { method: 'OPTIONS' }),
    answering(() => new Response(null, { status: 204 })),
  )
  assert.is(preflight.headers.get('access-control-expose-headers'), null)
})

cors('an answer whose headers are immutable is copied', async () => {
  const response = await editorCors(isEditorRoute)(
    callTo('/api/v3/surveys'),
    answering(() => Response.redirect('http://canvass.test/x', 303)),
  )
  assert.is(response.status, 303)
  assert.is(response.headers.get('location'), 'http://canvass.test/x')
  assert.is(response.headers.get('access-control-allow-origin'), '*')
})

cors.run()
