import { randomBytes } from 'node:crypto'
import type { ConsoleGrant } from '@canvass/core'

/**
 * The example app's own people and sessions, which decide who may open Canvass's console. A real app has its own
 * sign-in (passwords, SSO, …); this one trusts the name picked on its sign-in form, to stay short.
 */
const PEOPLE = {
  ada: { name: 'Ada (owner)', role: 'owner' },
  eddie: { name: 'Eddie (editor)', role: 'editor' },
  vera: { name: 'Vera (viewer)', role: 'viewer' },
} as const

export type PersonId = keyof typeof PEOPLE
export const SESSION_COOKIE = 'example_session'
const SESSION_MS = 8 * 60 * 60 * 1000

export function createExamplePeople(projectId: () => string) {
  const sessions = new Map<string, { person: PersonId; expires: number }>()
  return {
    ids: Object.keys(PEOPLE) as PersonId[],
    label: (id: PersonId) => PEOPLE[id].name,
    /** Starts a session for `id`; the cookie to set, or null for someone the app does not know. */
    signIn(id: string): string | null {
      if (!Object.hasOwn(PEOPLE, id)) return null
      const token = randomBytes(32).toString('base64url')
      sessions.set(token, { person: id as PersonId, expires: Date.now() + SESSION_MS })
      return `${SESSION_COOKIE}=${token}; Path=/; HttpOnly; SameSite=Strict; Max-Age=${SESSION_MS / 1000}`
    },
    /** Canvass's `console.authorize`: the person of the request's session cookie, or null. */
    authorize(request: Request): ConsoleGrant | null {
      const token = (request.headers.get('cookie') ?? '')
        .split(';')
        .map((part) => part.trim().split('='))
        .find(([name]) => name === SESSION_COOKIE)?.[1]
      const session = token === undefined ? undefined : sessions.get(token)
      if (!session || session.expires < Date.now()) return null
      const person = PEOPLE[session.person]
      return { projectId: projectId(), role: person.role, person: { id: session.person, name: person.name } }
    },
  }
}

export type ExamplePeople = ReturnType<typeof createExamplePeople>

/** The sign-in form: pick who you are. */
export function signInPage(people: ExamplePeople): string {
  const options = people.ids.map((id) => `<option value="${id}">${people.label(id)}</option>`).join('')
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign in</title></head><body><main>
<h1>Sign in to the example app</h1>
<form method="post" action="/sign-in"><label for="person">Who are you?</label>
<select id="person" name="person">${options}</select> <button type="submit">Sign in</button></form>
</main></body></html>`
}
