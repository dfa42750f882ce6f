import { MAX_SIGNED_TOKEN_LENGTH, createSignedTokens } from './signed-tokens'

/**
 * Proofs that someone showed a survey's PIN: what the link page hands the renderer once the right PIN was
 * entered, and what a client response create or update of a survey with a PIN must carry as `pinAuthToken`
 * (the reference's field): a signed token (signed-tokens.ts) whose subject is the survey id. It works for its
 * survey only, until it expires, and cannot be made without the secret.
 */
export interface PinProofs {
  /** A proof for this survey, valid `PIN_PROOF_TTL_MS` from `now`. */
  issue(surveyId: string, now: Date): string
  /** The survey a proof was issued for, while it is valid; undefined for anything else. */
  surveyOf(token: string, now: Date): string | undefined
}

/**
 * How long a proof holds: a day, so that a respondent who leaves the page open for hours can still finish.
 * A proof grants no more than the PIN does, and the PIN does not expire.
 */
export const PIN_PROOF_TTL_MS = 24 * 60 * 60 * 1000

/** The longest proof taken apart: longer strings are refused without work. */
export const MAX_PIN_PROOF_LENGTH = MAX_SIGNED_TOKEN_LENGTH

/**
 * Proofs signed with `secret` (a key of their own, so a proof never doubles as any other signature of it).
 * Without one, a key made now: proofs then hold in this process only (one instance; a restart asks respondents
 * for the PIN again).
 */
export function createPinProofs(secret: string | undefined): PinProofs {
  const tokens = createSignedTokens({ secret, purpose: 'canvass pin proof v1', ttlMs: PIN_PROOF_TTL_MS })
  return {
    issue: (surveyId, now) => tokens.issue(surveyId, now).token,
    surveyOf: (token, now) => tokens.subjectOf(token, now),
  }
}
