import { escapeHtml, jsonForScript } from '../http/html'

/** What the console's browser code starts from (docs/console.md, "The page"): read from `#canvass-console-boot`. */
export interface ConsoleBoot {
  basePath: string
  csrfToken: string
  role: 'viewer' | 'editor' | 'owner'
  person: { id: string; name: string } | null
  project: { id: string; name: string }
  /** Every project the person may open, with their role there (`/console?project=<id>` opens one); the switcher shows 2 or more. */
  projects: { id: string; name: string; role: 'viewer' | 'editor' | 'owner' }[]
  environments: { id: string; type: 'production' | 'development' }[]
  /** Canvass's own people (accounts mode), so the console shows its People screen. */
  accounts: boolean
  /** Whether `/js/editor.js` is served, so the console can open surveys in the editor. */
  editor: boolean
  /** Where the sign-out form posts (accounts mode), else null: the host signs people out. */
  signOut: string | null
  /** Whether invitations go out by mail (accounts mode with mail and `publicUrl`); absent means no. */
  mail?: boolean
}

/**
 * The console page: an empty mount point, the boot data as inert JSON (no string in it can end the element),
 * and the bundle as a module that only the page's nonce lets run.
 */
export function consolePageHtml(boot: ConsoleBoot, nonce: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<link rel="icon" href="data:,">
<title>${escapeHtml(`${boot.project.name} · Canvass console`)}</title>
</head>
<body>
<div id="canvass-console"></div>
<noscript>The Canvass console needs JavaScript.</noscript>
<script type="application/json" id="canvass-console-boot">${jsonForScript(boot)}</script>
<script type="module" nonce="${nonce}" src="${escapeHtml(boot.basePath)}/js/console.js"></script>
</body>
</html>
`
}

/** The page of a request that is not signed in when no sign-in page is known (a library host without `signInUrl`). */
export function consoleSignInFirstHtml(nonce: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<link rel="icon" href="data:,">
<title>Sign in first</title>
<style nonce="${nonce}">body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:#0f172a;max-width:520px;margin:12vh auto;padding:0 16px}</style>
</head>
<body>
<main><h1>Sign in first</h1><p>The Canvass console is only open to people who are signed in. Sign in to the application that hosts it, then open this page again.</p></main>
</body>
</html>
`
}
