/**
 * The repository's `docs/` pages, served by the standalone server at `/docs/` (an index) and `/docs/{page}.md`
 * (the page's Markdown as plain text), so that the home page links to documentation that is certainly there and
 * of this very version, rather than to an address on the web: packing copies them into the package, so that a
 * server installed from npm serves them too. The folder's `.md` names are listed at start and only those are
 * answered, by their exact names; a page is read when asked for (half a megabyte of text an idle server need
 * not hold).
 */
import { readFile, readdir } from 'node:fs/promises'

const PAGE_NAME = /^[A-Za-z0-9-]+\.md$/

/** The pages a server serves: their folder, and the names found there at start, sorted. */
export interface DocsPages {
  readonly folder: URL
  readonly names: readonly string[]
}

/**
 * The pages of `folder` (`whereInstalled().docsFolder`: the repository's `docs`, or the copy packed into the
 * package); undefined when the folder is not there (a copy of `dist` alone).
 */
export async function readDocsPages(folder: URL): Promise<DocsPages | undefined> {
  const names = await readdir(folder).catch(() => undefined)
  if (names === undefined) return undefined
  return { folder, names: names.filter((entry) => PAGE_NAME.test(entry)).sort() }
}

/** Whether `request` asks for the index or a page of `pages` (anything else under /docs/ is the API's: 404). */
export function isDocsRequest(pages: DocsPages, request: Request): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false
  const path = new URL(request.url).pathname
  if (!path.startsWith('/docs/')) return false
  const name = path.slice('/docs/'.length)
  return name === '' || pages.names.includes(name)
}

const COMMON: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'cache-control': 'no-cache',
  'referrer-policy': 'no-referrer',
}

/**
 * The answer to `/docs/` or `/docs/{page}.md`, or undefined for any other path, or a page no longer there
 * (which the API answers: 404).
 */
export async function docsAnswer(pages: DocsPages, request: Request): Promise<Response | undefined> {
  if (!isDocsRequest(pages, request)) return undefined
  const name = new URL(request.url).pathname.slice('/docs/'.length)
  const body = name === '' ? await index(pages) : await readPage(pages, name)
  if (body === undefined) return undefined
  const headers =
    name === ''
      ? { ...COMMON, 'content-type': 'text/html; charset=utf-8', 'content-security-policy': "default-src 'none'; base-uri 'none'" }
      : // Plain text, so that a browser shows the Markdown rather than download it.
        { ...COMMON, 'content-type': 'text/plain; charset=utf-8', 'content-security-policy': "default-src 'none'; sandbox" }
  return new Response(request.method === 'HEAD' ? null : body, { status: 200, headers })
}

function readPage(pages: DocsPages, name: string): Promise<string | undefined> {
  return readFile(new URL(name, pages.folder), 'utf8').catch(() => undefined)
}

async function index(pages: DocsPages): Promise<string> {
  const items: string[] = []
  for (const name of pages.names) items.push(`<li><a href="${name}">${name}</a>: ${titleOf((await readPage(pages, name)) ?? '')}</li>`)
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,"><title>Canvass documentation</title></head>
<body>
<h1>Canvass documentation</h1>
<p>The pages of this server's version, as Markdown.</p>
<ul>
${items.join('\n')}
</ul>
</body>
</html>
`
}

/** The page's first heading, escaped for HTML. */
function titleOf(markdown: string): string {
  const title = /^# (.+)$/m.exec(markdown)?.[1] ?? ''
  return title.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/`/g, '')
}
