import { accountMailOn } from '../domain/console/account-mails'
import type { Handler } from '../context'
import { consoleCsrfToken } from '../auth/console-auth'
import { etagMatches, strongTagOf } from '../http/etag'
import { htmlResponse, newNonce, pagePolicy } from '../http/html'
import { SAFE_HEADERS } from '../http/respond'
import type { RouteTable } from '../http/route-table'
import type { ConsoleBoot } from '../pages/console-page'
import { consolePageHtml, consoleSignInFirstHtml } from '../pages/console-page'

/** How the console's routes are set up: the bundle, where the signed-out go, and whether accounts mode is on. */
export interface ConsoleWiring {
  bundle: string
  /** Where `/console` sends a person who is not signed in; undefined: a 401 page. */
  signInUrl: string | undefined
  accounts: boolean
  editor: boolean
}

/** `GET /console` and its bundle `GET /js/console.js` (docs/console.md): served when `createCanvass` is given `console`. */
export function registerConsoleRoutes(routes: RouteTable, wiring: ConsoleWiring): void {
  routes.get('/console', consolePage(wiring), {
    summary: 'The console: a page for the people of a project (signed in by the host, or by the accounts mode)',
    description:
      'Answers the page to a signed-in person, with a CSRF token for its API calls (docs/console.md); sends anyone else to the sign-in page (303), or answers a 401 page when none is known.',
    auth: 'none',
    produces: 'text/html',
    requires: 'console',
    redirects: true,
    errors: [401],
  })
  routes.get('/js/console.js', consoleBundle(wiring.bundle), {
    summary: "The console's browser code, an ES module (for the console page of the same site only)",
    auth: 'none',
    produces: 'text/javascript',
    requires: 'console',
    etag: true,
  })
}

function consolePage(wiring: ConsoleWiring): Handler {
  return async (request, ctx) => {
    const access = ctx.consoleAuthorize ? await ctx.consoleAuthorize(request) : null
    const nonce = newNonce()
    if (!access) {
      const signIn = wiring.signInUrl ?? (wiring.accounts ? `${ctx.basePath}/console/sign-in` : undefined)
      if (signIn !== undefined) return new Response(null, { status: 303, headers: { location: signIn, ...SAFE_HEADERS } })
      return consoleHtml(401, consoleSignInFirstHtml(nonce), nonce)
    }
    const projects = await ctx.storage.projects.list()
    // `?project=` opens another project of the person (the switcher's), else the first one.
    const wanted = new URL(request.url).searchParams.get('project')
    const grant = access.grants.find((candidate) => candidate.projectId === wanted) ?? (access.grants[0] as (typeof access.grants)[number])
    const project = projects.find((candidate) => candidate.projectId === grant.projectId)
    const environments = project ? await Promise.all(Object.values(project.environments).map((id) => ctx.storage.environments.get(id))) : []
    if (!project) return consoleHtml(401, consoleSignInFirstHtml(nonce), nonce)
    const boot: ConsoleBoot = {
      basePath: ctx.basePath,
      csrfToken: consoleCsrfToken(ctx, access),
      role: grant.role,
      person: grant.person ? { id: grant.person.id, name: grant.person.name } : null,
      project: { id: project.projectId, name: project.projectName },
      projects: access.grants.flatMap((each) => {
        const named = projects.find((candidate) => candidate.projectId === each.projectId)
        return named ? [{ id: named.projectId, name: named.projectName, role: each.role }] : []
      }),
      environments: environments.flatMap((environment) => (environment ? [{ id: environment.id, type: environment.type }] : [])),
      accounts: wiring.accounts,
      editor: wiring.editor,
      signOut: wiring.accounts ? `${ctx.basePath}/console/sign-out` : null,
      mail: wiring.accounts && accountMailOn(ctx),
    }
    return consoleHtml(200, consolePageHtml(boot, nonce), nonce)
  }
}

/**
 * A page of the console: the pages' headers (`htmlResponse`), and never inside a frame of another page: a
 * signed-in console in a hidden frame could be made to click (`frame-ancestors`, and `X-Frame-Options` for
 * browsers that predate it).
 */
function consoleHtml(status: number, html: string, nonce: string): Response {
  const response = htmlResponse(status, html, nonce, { 'x-frame-options': 'DENY' })
  response.headers.set('content-security-policy', `${pagePolicy(nonce)}; frame-ancestors 'none'`)
  return response
}

/** The bundle as `/js/editor.js` is served (ETag, a short cache), without CORS: only the console page loads it. */
function consoleBundle(source: string): Handler {
  const etag = strongTagOf(source)
  const common: Record<string, string> = {
    'cross-origin-resource-policy': 'same-origin',
    'x-content-type-options': 'nosniff',
    'cache-control': 'public, max-age=300',
  }
  return async (request) => {
    const headers = { ...common, etag: etag() }
    return etagMatches(request.headers.get('if-none-match'), headers.etag)
      ? new Response(null, { status: 304, headers })
      : new Response(source, { status: 200, headers: { ...headers, 'content-type': 'text/javascript; charset=utf-8' } })
  }
}
