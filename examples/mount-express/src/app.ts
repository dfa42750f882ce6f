import type { Canvass } from '@canvass/core'
import { toNodeListener } from '@canvass/host-node'
import express from 'express'
import type { Express } from 'express'
import type { ExamplePeople } from './people'
import { signInPage } from './people'

/**
 * An application of its own (a JSON API with a middleware of its own), with Canvass mounted under
 * `/feedback`. Canvass must be created with `basePath: '/feedback'`: Express strips the prefix from `req.url`
 * but keeps it in `req.originalUrl`, which `toNodeListener` uses.
 */
export function createApp(canvass: Canvass, people: ExamplePeople): Express {
  const app = express()
  // The app's own middleware runs for every request, Canvass's included (logging, request ids, …).
  app.use((_req, res, next) => {
    res.setHeader('x-served-by', 'example-app')
    next()
  })
  // Canvass reads request bodies itself: mount it before any body parser.
  app.use('/feedback', toNodeListener(canvass.fetch, { preflight: canvass.preflight }))
  // The app's own routes, with the body parser they need.
  app.use(express.json())
  const notes: string[] = []
  app.get('/', (_req, res) => {
    res.type('text').send('The app itself. Canvass answers under /feedback/api/v1/…; its console is at /feedback/console.\n')
  })
  // The app's own sign-in, which Canvass's console trusts through `authorize` (see main.ts).
  app.get('/sign-in', (_req, res) => {
    res.type('html').send(signInPage(people))
  })
  app.post('/sign-in', express.urlencoded({ extended: false, limit: '1kb' }), (req, res) => {
    const cookie = people.signIn(String((req.body as { person?: unknown } | undefined)?.person ?? ''))
    if (!cookie) {
      res.status(401).type('html').send(signInPage(people))
      return
    }
    res.setHeader('set-cookie', cookie)
    res.redirect(303, '/feedback/console')
  })
  app.get('/api/notes', (_req, res) => {
    res.json({ notes })
  })
  app.post('/api/notes', (req, res) => {
    const note = (req.body as { note?: unknown } | undefined)?.note
    if (typeof note !== 'string') {
      res.status(400).json({ error: 'note must be a string' })
      return
    }
    notes.push(note)
    res.status(201).json({ notes })
  })
  return app
}
