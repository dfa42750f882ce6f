/** What the `/console` page tells the app about the person and the project (its boot JSON). */
export type Role = 'viewer' | 'editor' | 'owner'

export interface Boot {
  basePath: string
  /** Sent as `x-canvass-csrf` with every change. */
  csrfToken: string
  role: Role
  person: { id: string; name: string } | null
  project: { id: string; name: string }
  /** Every project of the person, with their role there; two or more: the header's switcher (`/console?project=<id>`). */
  projects: Array<{ id: string; name: string; role: Role }>
  environments: Array<{ id: string; type: 'production' | 'development' }>
  /** Canvass's own people accounts (the standalone server), with people to manage. */
  accounts: boolean
  /** Whether `/js/editor.js` is served. */
  editor: boolean
  /** Where the sign-out form posts, when there is one. */
  signOut: string | null
  /** Whether invitations go out by mail (absent: no). */
  mail?: boolean
  /** The page's CSP nonce, for the app's own styles (read from the page's script, not the JSON). */
  nonce: string
}

const RANK: Record<Role, number> = { viewer: 0, editor: 1, owner: 2 }

/** Whether `role` is at least `needed`. Only for what the app offers: the server checks every call itself. */
export const atLeast = (role: Role, needed: Role): boolean => RANK[role] >= RANK[needed]

/** Reads the boot JSON from the page; throws with a message for people when the page has none. */
export function readBoot(doc: Document = document): Boot {
  const element = doc.getElementById('canvass-console-boot')
  if (!element?.textContent) throw new Error('This page has no console settings: open the console at /console.')
  const boot = JSON.parse(element.textContent) as Omit<Boot, 'nonce'>
  const script = doc.querySelector<HTMLScriptElement>('script[nonce]')
  return { ...boot, nonce: script?.nonce ?? '' }
}
