/**
 * Idempotency keys (docs/design.md, "Idempotency"): the first answer to a request sent with an `Idempotency-Key`, kept for a
 * day per (environment, scope, key), so that a retried submit gets it again instead of doing the work twice.
 * Each scope is a key space of its own: a key a respondent used on a client route never blocks nor replays a
 * manager's request with the same key (docs/api.md, "Idempotent submits").
 */
export interface IdempotencyStore {
  /**
   * Claims `key` for a request of this `fingerprint`, atomically: `started` when the key was free (or its
   * record expired, or a claim of the same request was abandoned past its lease), the stored answer when the
   * same request finished before, `mismatch` when the key was used for another request, `in_flight` while the
   * first request holds its lease. Expired records are purged along the way.
   */
  begin(claim: IdempotencyClaim): Promise<IdempotencyBegin>
  /** Keeps the answer of a claimed request, to replay until the record expires. */
  finish(claim: Pick<IdempotencyClaim, 'environmentId' | 'scope' | 'key' | 'fingerprint'>, answer: IdempotentAnswer): Promise<void>
  /** Lets the key go (the request failed): a retry runs it again. */
  release(claim: Pick<IdempotencyClaim, 'environmentId' | 'scope' | 'key' | 'fingerprint'>): Promise<void>
}

/** Who sends a key: respondents on the client routes, or a manager's API key on the management routes. */
export type IdempotencyScope = 'client' | 'management'

export interface IdempotencyClaim {
  environmentId: string
  scope: IdempotencyScope
  key: string
  /** A digest of what the request asks (method, route, body). */
  fingerprint: string
  now: Date
  /** Until when the claim holds while the request runs. */
  leaseUntil: Date
  /** When the record (and its answer) expires. */
  expiresAt: Date
}

export interface IdempotentAnswer {
  status: number
  body: string
  contentType: string
}

export type IdempotencyBegin =
  | { state: 'started' }
  | ({ state: 'replay' } & IdempotentAnswer)
  | { state: 'mismatch' }
  | { state: 'in_flight' }
