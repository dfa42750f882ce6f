import type { Canvass } from '@canvass/core'
import { getConnInfo } from '@hono/node-server/conninfo'
import { Hono } from 'hono'
import type { ExamplePeople } from './people'
import { signInPage } from './people'

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
export function createApp(canvass: Canvass, people: ExamplePeople): Hono {
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
  app.get('/', (c) => c.text('The app itself. Canvass answers under /feedback/api/v1/…; its console is at /feedback/console.\n'))
  // The app's own sign-in, which Canvass's console trusts through `authorize` (see main.ts).
  app.get('/sign-in', (c) => c.html(signInPage(people)))
  app.post('/sign-in', async (c) => {
    const form = await c.req.parseBody()
    const cookie = people.signIn(String(form.person ?? ''))
    if (!cookie) return c.html(signInPage(people), 401)
    c.header('set-cookie', cookie)
    return c.redirect('/feedback/console', 303)
  })
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
