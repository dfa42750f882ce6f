import type { Canvass } from '@canvass/core'
import { getConnInfo } from '@hono/node-server/conninfo'
import { Hono } from 'hono'

/**
 * An application of its own (a JSON API with a middleware of its own), with Canvass mounted under
 * `/feedback`.
 *
 * `app.mount(prefix, handler)` strips the prefix from the request URL before the handler sees it, and gives
 * the handler Hono's `env` and execution context as its further arguments. Canvass must see the URL as the
 * client sent it (its routes and pagination links include the prefix) and takes the client's address as its
 * second argument, so mount it with `replaceRequest: false` and an `optionHandler`, and create it with
 * `basePath: '/feedback'`.
 */
export function createApp(canvass: Canvass): Hono {
  const app = new Hono()
  // The app's own middleware runs for every request, Canvass's included (logging, request ids, …).
  app.use(async (c, next) => {
    await next()
    c.res.headers.set('x-served-by', 'example-app')
  })
  app.mount('/feedback', canvass.fetch, {
    replaceRequest: false,
    optionHandler: (c) => ({ clientAddress: getConnInfo(c).remote.address }),
  })
  // The app's own routes.
  const notes: string[] = []
  app.get('/', (c) => c.text('The app itself. Canvass answers under /feedback/api/v1/…\n'))
  app.get('/api/notes', (c) => c.json({ notes }))
  app.post('/api/notes', async (c) => {
    const body: unknown = await c.req.json().catch(() => undefined)
    const note = (body as { note?: unknown } | undefined)?.note
    if (typeof note !== 'string') return c.json({ error: 'note must be a string' }, 400)
    notes.push(note)
    return c.json({ notes }, 201)
  })
  return app
}
