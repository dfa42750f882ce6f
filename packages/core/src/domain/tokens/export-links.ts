import { sha256 } from '@noble/hashes/sha2.js'
import { utf8ToBytes } from '@noble/hashes/utils.js'
import { createSignedTokens } from './signed-tokens'
import { constantTimeEqual, toBase64Url } from './token-text'

/**
 * Export links (docs/api.md, "Exporting responses"): what `POST /api/v1/management/responses/export-links` mints
 * so that a browser can download an export by navigating to it, streaming it to disk without holding it in
 * memory, where a request with the key or the console's headers could only be read into memory by a script.
 * A link's token is a signed token (signed-tokens.ts) of its own purpose, whose subject names the environment,
 * the survey, the format, the key or the console's person that minted it, and a digest of the link's whole
 * query (filters, order and all): a link whose query was changed is refused as a forged one is.
 */
export interface ExportLinks {
  /** A token for `grant`, valid `EXPORT_LINK_TTL_MS` from `now`; with its expiry. */
  issue(grant: ExportLinkGrant, now: Date): { token: string; expiresAt: Date }
  /** What a token grants while it is valid and `query` is the one it was minted for; undefined for anything else. */
  grantOf(token: string, query: Record<string, string | string[] | undefined>, now: Date): ExportLinkGrant | undefined
  /** Whether a token can carry `grant`: its subject fits. */
  fits(grant: ExportLinkGrant): boolean
}

/** What an export link is good for: one export of one survey, in one format, with one query. */
export interface ExportLinkGrant {
  environmentId: string
  surveyId: string
  format: string
  /** The digest of the link's query (`exportQueryDigest`), the token itself left out. */
  queryDigest: string
  /** The key that minted it, whose revocation ends it; null when the console did. */
  apiKeyId: string | null
  /** The console's person, or the role of a grant without one, whose session minted it. */
  console?: { projectId: string; personId: string | null; name: string; role: string }
}

/** How long an export link works: five minutes, enough to start the download, short enough to leak little. */
export const EXPORT_LINK_TTL_MS = 5 * 60 * 1000

/** The query parameter that carries the token. */
export const EXPORT_LINK_TOKEN = 'token'

/** The longest subject a link carries: four ids of 255 characters, a digest and a name. */
const MAX_EXPORT_LINK_SUBJECT_BYTES = 1600

/**
 * A digest of a query: its parameters sorted by name, each with its values in order, the token left out.
 * Base64url of SHA-256.
 */
export function exportQueryDigest(query: Record<string, string | string[] | undefined>): string {
  const entries = Object.keys(query)
    .filter((name) => name !== EXPORT_LINK_TOKEN && query[name] !== undefined)
    .sort()
    .map((name) => {
      const value = query[name]
      return [name, Array.isArray(value) ? value : [value]]
    })
  return toBase64Url(sha256(utf8ToBytes(JSON.stringify(entries))))
}

/** A token's subject: environment, survey, format, digest, key, and the console as `[project, person, name, role]`. */
type Subject = [string, string, string, string, string | null, [string, string | null, string, string] | null]

function subjectOf(grant: ExportLinkGrant): string {
  const session = grant.console
    ? ([grant.console.projectId, grant.console.personId, grant.console.name, grant.console.role] as const)
    : null
  return JSON.stringify([grant.environmentId, grant.surveyId, grant.format, grant.queryDigest, grant.apiKeyId, session])
}

/**
 * Links signed with `secret`. Without one, a key made now: links then work on this process only (another
 * instance, or this one after a restart, refuses them).
 */
export function createExportLinks(secret: string | undefined): ExportLinks {
  const tokens = createSignedTokens({
    secret,
    purpose: 'canvass response export link v1',
    ttlMs: EXPORT_LINK_TTL_MS,
    maxSubjectBytes: MAX_EXPORT_LINK_SUBJECT_BYTES,
  })
  return {
    issue: (grant, now) => tokens.issue(subjectOf(grant), now),
    grantOf(token, query, now) {
      const subject = tokens.subjectOf(token, now)
      if (subject === undefined) return undefined
      // Only this module writes subjects, and the signature held.
      const [environmentId, surveyId, format, queryDigest, apiKeyId, session] = JSON.parse(subject) as Subject
      if (!constantTimeEqual(queryDigest, exportQueryDigest(query))) return undefined
      return {
        environmentId,
        surveyId,
        format,
        queryDigest,
        apiKeyId,
        ...(session ? { console: { projectId: session[0], personId: session[1], name: session[2], role: session[3] } } : {}),
      }
    },
    fits: (grant) => utf8ToBytes(subjectOf(grant)).length <= MAX_EXPORT_LINK_SUBJECT_BYTES,
  }
}
