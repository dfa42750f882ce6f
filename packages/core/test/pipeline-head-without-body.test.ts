import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { headWithoutBody } from '../src/pipeline/head-without-body'
import { answering, callTo } from './pipeline-helpers'

const head = suite('pipeline: headWithoutBody')

head('HEAD gets the GET answer’s status and headers without its body, whose source is cancelled', async () => {
  let cancelled = false
  const body = new ReadableStream({
    pull: (controller) => controller.enqueue(new TextEncoder().encode('row\n')),
    cancel: () => void (cancelled = true),
  })
  const call = callTo('/api/v1/management/responses/export', { method: 'HEAD' })
  const response = await headWithoutBody()(
    call,
    answering(() => new Response(body, { status: 200, headers: { 'content-type': 'text/csv' } })),
  )
  assert.is(response.status, 200)
  assert.is(response.headers.get('content-type'), 'text/csv')
  assert.is(response.body, null)
  assert.ok(cancelled)
})

head('GET keeps its body', async () => {
  const response = await headWithoutBody()(callTo('/'), answering())
  assert.is(await response.text(), 'answer')
})

head.run()
