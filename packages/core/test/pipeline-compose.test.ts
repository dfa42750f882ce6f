import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import type { Middleware } from '../src/pipeline/compose'
import { compose } from '../src/pipeline/compose'

const composing = suite('compose')

composing('runs the middleware in order around the last step, the first outermost', async () => {
  const order: string[] = []
  const step =
    (name: string): Middleware<{ seen: string[] }> =>
    async (call, next) => {
      order.push(`${name} in`)
      call.seen.push(name)
      const response = await next()
      order.push(`${name} out`)
      return response
    }
  const run = compose([step('a'), step('b')], async (call) => new Response(call.seen.join(',')))
  const response = await run({ seen: [] })
  assert.is(await response.text(), 'a,b')
  assert.equal(order, ['a in', 'b in', 'b out', 'a out'])
})

composing('a step that answers itself ends the way there, and the steps outside it see its answer', async () => {
  let reached = false
  const run = compose<object>(
    [async (_, next) => new Response(String((await next()).status)), async () => new Response(null, { status: 204 })],
    async () => {
      reached = true
      return new Response('last')
    },
  )
  assert.is(await (await run({})).text(), '204')
  assert.not.ok(reached)
})

composing('a step that calls next() twice is refused, so nothing inside it runs twice', async () => {
  let runs = 0
  const run = compose<object>([async (_, next) => (await next(), next())], async () => {
    runs++
    return new Response('once')
  })
  const error = await run({}).catch((thrown: unknown) => thrown)
  assert.instance(error, Error)
  assert.match((error as Error).message, /next\(\) called more than once/)
  assert.is(runs, 1)
})

composing('what a step throws, synchronously or not, is a rejection the steps outside it can catch', async () => {
  const boundary: Middleware<object> = (_, next) => next().catch((error: Error) => new Response(error.message, { status: 500 }))
  const throwing: Middleware<object> = () => {
    throw new Error('thrown at once')
  }
  const response = await compose([boundary, throwing], async () => new Response('never'))({})
  assert.is(response.status, 500)
  assert.is(await response.text(), 'thrown at once')
})

composing.run()
