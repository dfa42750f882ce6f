/**
 * A TEST HARNESS, not the console's real page: until core serves `/console` and maps the console's session to a
 * role (`x-canvass-console`), this serves a stand-in page and stands in for that mapping, so that the owner's
 * screens can be driven in Chromium against a real Canvass (the test bed).
 *
 * - `GET /console-harness/` answers an HTML page with the boot JSON (an owner of the bed's first project) and
 *   `<script type="module" src="/console-harness/console.js">`, the built `dist/console.js`.
 * - A console call (`x-canvass-console: 1`) to `/api/…` loses every `x-canvass-*` header and gets the bed's API
 *   key of the environment it named (`keyA` for A, `keyB` for B) instead: Canvass answers it as it answers any
 *   client of the public API. The server-side checks of a console session (CSRF, roles) are NOT exercised here;
 *   core's own tests cover them.
 * Everything else goes to Canvass unchanged.
 */
import { readFile } from 'node:fs/promises'
import type { Canvass } from '@canvass/core'

export const HARNESS_PATH = '/console-harness/'

export interface HarnessBed {
  keyA: string
  keyB: string
  envA: string
  envB: string
  projectId: string
}

const bundle = () => readFile(new URL('../dist/console.js', import.meta.url), 'utf8')

const page = (bed: HarnessBed) => {
  const boot = {
    basePath: '',
    csrfToken: 'harness-csrf',
    role: 'owner',
    person: { id: 'harness-owner', name: 'owner@example.com' },
    project: { id: bed.projectId, name: 'Harness project' },
    environments: [
      { id: bed.envA, type: 'production' },
      { id: bed.envB, type: 'development' },
    ],
    accounts: true,
    editor: false,
    signOut: null,
  }
  return `<!doctype html><html lang="en"><meta charset="utf-8"><title>Console (test harness)</title>
<div id="canvass-console"></div>
<script type="application/json" id="canvass-console-boot">${JSON.stringify(boot).replace(/</g, '\\u003c')}</script>
<script type="module" src="${HARNESS_PATH}console.js"></script>
</html>`
}

/** The bed's `wrap`: the harness page and the console calls' stand-in session, around Canvass. */
export function harness(getBed: () => HarnessBed) {
  return (canvass: Canvass) => async (request: Request, info?: Parameters<Canvass['fetch']>[1]) => {
    const url = new URL(request.url)
    const bed = getBed()
    if (url.pathname === HARNESS_PATH) return new Response(page(bed), { headers: { 'content-type': 'text/html; charset=utf-8' } })
    if (url.pathname === `${HARNESS_PATH}console.js`)
      return new Response(await bundle(), { headers: { 'content-type': 'text/javascript; charset=utf-8' } })
    if (url.pathname.startsWith('/api/') && request.headers.get('x-canvass-console') === '1') {
      const headers = new Headers(request.headers)
      const environment = headers.get('x-canvass-environment')
      for (const name of [...headers.keys()]) if (name.startsWith('x-canvass-')) headers.delete(name)
      headers.set('x-api-key', environment === bed.envB ? bed.keyB : bed.keyA)
      return canvass.fetch(new Request(request, { headers }), info)
    }
    return canvass.fetch(request, info)
  }
}
