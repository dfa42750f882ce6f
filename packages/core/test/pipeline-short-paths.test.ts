import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { shortPaths } from '../src/pipeline/short-paths'
import { answering, callTo } from './pipeline-helpers'

const short = suite('pipeline: shortPaths')

short('a short path is a 308 to its management route, the query kept, whatever the method', async () => {
  const next = answering()
  const response = await shortPaths('/feedback')(callTo('/feedback/api/v1/surveys?limit=2', { method: 'POST' }), next)
  assert.is(response.status, 308)
  assert.is(response.headers.get('location'), '/feedback/api/v1/management/surveys?limit=2')
  assert.is(next.calls, 0)
})

short('any other path goes on', async () => {
  const next = answering()
  assert.is(await (await shortPaths('')(callTo('/api/v1/management/surveys'), next)).text(), 'answer')
  assert.is(next.calls, 1)
})

short.run()
