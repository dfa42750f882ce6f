import { createSignedTokens } from './signed-tokens'

/**
 * Editor tokens (docs/editor.md#editor-tokens): what an app's server mints with its management key, or with
 * `canvass.editorToken`, for the survey editor running in a browser, which must never hold the key. A token is
 * `cvse_` and a signed token (signed-tokens.ts) of a purpose of its own, whose subject names the environment, the
 * one survey it is bound to (if any) and the key that minted it (none when the library did). The prefix keeps it
 * from being taken for an API key (`cvs_…`), by Canvass and by secret scanners alike.
 */
export interface EditorTokens {
  /** A token for `grant`, valid `ttlSeconds` from `now`; with its expiry. */
  issue(grant: EditorGrant, now: Date, ttlSeconds: number): { token: string; expiresAt: Date }
  /** What a token grants while it is valid; undefined for anything else (forged, expired, too long, not one). */
  grantOf(token: string, now: Date): EditorGrant | undefined
}

/** What an editor token is good for. */
export interface EditorGrant {
  environmentId: string
  /** The one survey it may open, or null for every survey of the environment. */
  surveyId: string | null
  /** The key that minted it, whose revocation ends it; null when the library minted it. */
  apiKeyId: string | null
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
  const tokens = createSignedTokens({
    secret,
    purpose: 'canvass editor token v1',
    ttlMs: DEFAULT_EDITOR_TOKEN_SECONDS * 1000,
  })
  return {
    issue(grant, now, ttlSeconds) {
      if (!Number.isInteger(ttlSeconds) || ttlSeconds < 1 || ttlSeconds > MAX_EDITOR_TOKEN_SECONDS) {
        throw new RangeError(`An editor token lives 1 to ${MAX_EDITOR_TOKEN_SECONDS} seconds, not ${ttlSeconds}`)
      }
      const issued = tokens.issue(JSON.stringify([grant.environmentId, grant.surveyId, grant.apiKeyId]), now, ttlSeconds * 1000)
      return { token: EDITOR_TOKEN_PREFIX + issued.token, expiresAt: issued.expiresAt }
    },
    grantOf(token, now) {
      if (!isEditorToken(token)) return undefined
      const subject = tokens.subjectOf(token.slice(EDITOR_TOKEN_PREFIX.length), now)
      if (subject === undefined) return undefined
      // Only this module writes subjects, and the signature held: anything else is a bug, not an attack.
      const [environmentId, surveyId, apiKeyId] = JSON.parse(subject) as [string, string | null, string | null]
      return { environmentId, surveyId, apiKeyId }
    },
  }
}

/** The longest id a grant carries: three of them keep the subject within what a signed token holds. */
export const MAX_EDITOR_GRANT_ID_LENGTH = 64
