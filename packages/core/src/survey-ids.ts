/**
 * @module
 * The ids a survey's questions, hidden fields and variables may not take, for the server's schemas and for the
 * survey editor, which checks them as a person types (`@canvass/core/survey-ids`, free of everything else in core).
 */

/**
 * Ids that the reference reserves: responses, hidden fields and URL parameters share one namespace with
 * question ids, so a question called `userId` or `source` would shadow built-in data.
 */
export const FORBIDDEN_QUESTION_IDS = [
  'userId',
  'source',
  'suid',
  'end',
  'start',
  'welcomeCard',
  'hidden',
  'verifiedEmail',
  'multiLanguage',
  'embed',
] as const

/**
 * Keys that a stored record cannot hold (`record` drops them, to keep prototypes safe), so a question, hidden
 * field or variable with such an id could never be answered.
 */
export const UNSTORABLE_IDS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype'])
