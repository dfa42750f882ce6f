import { createSignedTokens } from './signed-tokens'

/**
 * Editor tokens (docs/editor.md#editor-tokens): what an app's server mints with its management key, or with
 * `canvass.editorToken`, for the survey editor running in a browser, which must never hold the key. A token is
 * `cvse_` and a signed token (signed-tokens.ts) of a purpose of its own, whose subject names the environment, the
 * one survey it is bound to (if any), the key that minted it (none when the library did) and the console's
 * person who minted it (none when a key or the library did). The prefix keeps it from being taken for an API key
 * (`cvs_…`), by Canvass and by secret scanners alike.
 */
export interface EditorTokens {
  /** A token for `grant`, valid `ttlSeconds` from `now`; with its expiry. */
  issue(grant: EditorGrant, now: Date, ttlSeconds: number): { token: string; expiresAt: Date }
  /** What a token grants while it is valid; undefined for anything else (forged, expired, too long, not one). */
  grantOf(token: string, now: Date): EditorGrant | undefined
  /** Whether a token can carry `grant`: its subject fits (a host's ids and names of any length may not). */
  fits(grant: EditorGrant): boolean
}

/** What an editor token is good for. */
export interface EditorGrant {
  environmentId: string
  /** The one survey it may open, or null for every survey of the environment. */
  surveyId: string | null
  /** The key that minted it, whose revocation ends it; null when the library or a console session minted it. */
  apiKeyId: string | null
  /**
   * The console's person whose session minted it (docs/editor.md#editor-tokens): the token works only while
   * they are a person of `projectId` whose role allows the route. Absent when a key or the library minted it.
   */
  person?: EditorTokenPerson
}

/** Who minted a token in the console: their project, id and name (the audit log's) as the session named them. */
export interface EditorTokenPerson {
  projectId: string
  id: string
  name: string
}

/** The start of every editor token. */
export const EDITOR_TOKEN_PREFIX = 'cvse_'

/** The longest an editor token lives: 12 hours, in seconds. */
export const MAX_EDITOR_TOKEN_SECONDS = 12 * 60 * 60

/** How long an editor token lives unless the mint says: an hour, in seconds. */
export const DEFAULT_EDITOR_TOKEN_SECONDS = 60 * 60

/** Whether a presented credential is meant as an editor token (well-formed or not). */
export const isEditorToken = (credential: string): boolean => credential.startsWith(EDITOR_TOKEN_PREFIX)

/**
 * Tokens signed with `secret`. Without one, a key made now: tokens then hold in this process only (a restart,
 * or another instance, answers 401 to them). Changing the secret ends every token signed with the old one.
 */
export function createEditorTokens(secret: string | undefined): EditorTokens {
  // v2: the subject names the console's person too; a token of v1 is refused (it lived 12 hours at most).
  const tokens = createSignedTokens({
    secret,
    purpose: 'canvass editor token v2',
    ttlMs: DEFAULT_EDITOR_TOKEN_SECONDS * 1000,
    maxSubjectBytes: MAX_EDITOR_SUBJECT_BYTES,
  })
  return {
    issue(grant, now, ttlSeconds) {
      if (!Number.isInteger(ttlSeconds) || ttlSeconds < 1 || ttlSeconds > MAX_EDITOR_TOKEN_SECONDS) {
        throw new RangeError(`An editor token lives 1 to ${MAX_EDITOR_TOKEN_SECONDS} seconds, not ${ttlSeconds}`)
      }
      const issued = tokens.issue(subjectOf(grant), now, ttlSeconds * 1000)
      return { token: EDITOR_TOKEN_PREFIX + issued.token, expiresAt: issued.expiresAt }
    },
    grantOf(token, now) {
      if (!isEditorToken(token)) return undefined
      const subject = tokens.subjectOf(token.slice(EDITOR_TOKEN_PREFIX.length), now)
      if (subject === undefined) return undefined
      // Only this module writes subjects, and the signature held: anything else is a bug, not an attack.
      const [environmentId, surveyId, apiKeyId, person] = JSON.parse(subject) as Subject
      return { environmentId, surveyId, apiKeyId, ...(person ? { person: { projectId: person[0], id: person[1], name: person[2] } } : {}) }
    },
    fits: (grant) => new TextEncoder().encode(subjectOf(grant)).length <= MAX_EDITOR_SUBJECT_BYTES,
  }
}

/** A token's subject: environment, survey, key, and the person as `[projectId, id, name]`, or null. */
type Subject = [string, string | null, string | null, [string, string, string] | null]

function subjectOf(grant: EditorGrant): string {
  const person = grant.person ? ([grant.person.projectId, grant.person.id, grant.person.name] as const) : null
  return JSON.stringify([grant.environmentId, grant.surveyId, grant.apiKeyId, person])
}

/**
 * The longest subject an editor token carries, in bytes of UTF-8: three ids of `MAX_EDITOR_GRANT_ID_LENGTH`
 * and a person whose ids and name (an email, say) are of ordinary length. A token stays under 1.1 KB.
 */
export const MAX_EDITOR_SUBJECT_BYTES = 768

/** The longest id a grant carries of its environment, survey and key. */
export const MAX_EDITOR_GRANT_ID_LENGTH = 64
