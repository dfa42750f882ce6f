/**
 * The repository's `docs/` pages, served by the standalone server at `/docs/` (an index) and `/docs/{page}.md`
 * (the page's Markdown as plain text), so that the home page links to documentation that is certainly there and
 * of this very version, rather than to an address on the web: packing copies them into the package, so that a
 * server installed from npm serves them too. Read once at start; only the `.md` files of
 * that folder are answered, by their exact names.
 */
import { readFile, readdir } from 'node:fs/promises'

const PAGE_NAME = /^[A-Za-z0-9-]+\.md$/

/**
 * Page name → Markdown, from `folder` (`whereInstalled().docsFolder`: the repository's `docs`, or the copy packed
 * into the package); undefined when the folder is not there (a copy of `dist` alone).
 */
export async function readDocsPages(folder: URL): Promise<ReadonlyMap<string, string> | undefined> {
  const names = await readdir(folder).catch(() => undefined)
  if (names === undefined) return undefined
  const pages = new Map<string, string>()
  for (const name of names.filter((entry) => PAGE_NAME.test(entry)).sort()) pages.set(name, await readFile(new URL(name, folder), 'utf8'))
  return pages
}

const COMMON: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'cache-control': 'no-cache',
  'referrer-policy': 'no-referrer',
}

/** The answer to `/docs/` or `/docs/{page}.md`, or undefined for any other path (which the API answers: 404). */
export function docsAnswer(pages: ReadonlyMap<string, string>, request: Request): Response | undefined {
  if (request.method !== 'GET' && request.method !== 'HEAD') return undefined
  const path = new URL(request.url).pathname
  if (!path.startsWith('/docs/')) return undefined
  const name = path.slice('/docs/'.length)
  const body = name === '' ? index(pages) : pages.get(name)
  if (body === undefined) return undefined
  const headers =
    name === ''
      ? { ...COMMON, 'content-type': 'text/html; charset=utf-8', 'content-security-policy': "default-src 'none'; base-uri 'none'" }
      : // Plain text, so that a browser shows the Markdown rather than download it.
        { ...COMMON, 'content-type': 'text/plain; charset=utf-8', 'content-security-policy': "default-src 'none'; sandbox" }
  return new Response(request.method === 'HEAD' ? null : body, { status: 200, headers })
}

function index(pages: ReadonlyMap<string, string>): string {
  const items = [...pages.keys()].map((name) => `<li><a href="${name}">${name}</a>: ${titleOf(pages.get(name) ?? '')}</li>`)
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
