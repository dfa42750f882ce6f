import { createSignedTokens } from './signed-tokens'

/**
 * Preview tokens: what `POST /api/v1/management/surveys/{id}/preview` mints for whoever holds a management
 * key, and what the link page takes as `?preview=` to show that survey whatever its status, with nothing
 * saved (docs/surveys.md#previewing-a-draft): a signed token (signed-tokens.ts) of its own purpose, so that it is
 * no PIN proof, whose subject is the survey id. It opens the page of its survey until it expires, and no client
 * or management route accepts it.
 */
export interface PreviewTokens {
  /** A token for this survey, valid `PREVIEW_TOKEN_TTL_MS` from `now`; with its expiry. */
  issue(surveyId: string, now: Date): { token: string; expiresAt: Date }
  /** The survey a token was minted for, while it is valid; undefined for anything else. */
  surveyOf(token: string, now: Date): string | undefined
}

/** How long a preview link works: an hour, enough to look a survey over and short enough to leak little. */
export const PREVIEW_TOKEN_TTL_MS = 60 * 60 * 1000

/**
 * Tokens signed with `secret`. Without one, a key made now: tokens then open pages of this process only (a
 * restart, or another instance, answers 404 to them).
 */
export function createPreviewTokens(secret: string | undefined): PreviewTokens {
  const tokens = createSignedTokens({ secret, purpose: 'canvass survey preview v1', ttlMs: PREVIEW_TOKEN_TTL_MS })
  return { issue: (surveyId, now) => tokens.issue(surveyId, now), surveyOf: (token, now) => tokens.subjectOf(token, now) }
}
