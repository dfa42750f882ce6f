import { createSignedTokens } from './signed-tokens'

/**
 * Short-lived links to a private uploaded file (docs/api.md, "Opening a file"): what
 * `POST /api/v1/management/storage/file-links` signs for whoever may read the environment's responses, and what
 * `GET /storage/{environmentId}/private/{fileName}?token=…` takes in place of a key. A signed token
 * (signed-tokens.ts) of its own purpose whose subject is the file's key, `{environmentId}/private/{fileName}`:
 * it opens that one file of that one environment until it expires, and nothing else.
 */
export interface FileLinks {
  /** A token for the private file `key`, valid `FILE_LINK_TTL_MS` from `now`; with its expiry. */
  issue(key: string, now: Date): { token: string; expiresAt: Date }
  /** Whether `token` is a valid token for `key` at `now` (signature compared in constant time). */
  opens(token: string, key: string, now: Date): boolean
}

/** How long a file link works: five minutes, enough to open or download the file, short enough to leak little. */
export const FILE_LINK_TTL_MS = 5 * 60 * 1000

/** The longest file key a link is signed for, in bytes of UTF-8 (the blob stores' own bound). */
const MAX_FILE_KEY_BYTES = 1024

/** File links signed with `secret` (the server secret uploads are signed with). */
export function createFileLinks(secret: string): FileLinks {
  const tokens = createSignedTokens({
    secret,
    purpose: 'canvass file link v1',
    ttlMs: FILE_LINK_TTL_MS,
    maxSubjectBytes: MAX_FILE_KEY_BYTES,
  })
  return {
    issue: (key, now) => tokens.issue(key, now),
    opens: (token, key, now) => tokens.subjectOf(token, now) === key,
  }
}
