/**
 * The bounds of a question's answers as the results list them (docs/api.md, "A question's answers"): the
 * management route's pages and the shared page's answer lists both take them.
 */

/** The longest search inside a question's answers, in characters. */
export const MAX_ANSWER_SEARCH = 200

/** Answers per page unless asked otherwise, and at most. */
export const ANSWER_PAGE = 20
export const MAX_ANSWER_PAGE = 100
