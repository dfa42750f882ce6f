/**
 * Conditions on what a response holds (`ResponseFilter.where`), as `filter[field][operator]=value` asks for them
 * (docs/api.md, "Filtering responses"). Core reads and bounds them; an adapter turns each into a parameterised
 * condition and MUST NOT put a value into SQL text.
 */

/**
 * A value inside one of a response's JSON fields: `data` (answers and hidden fields), `variables`, `meta` or
 * `contactAttributes` (the contact's attributes the response stored), at `path` (one key, or `userAgent`
 * then its part for `meta`).
 */
export interface ResponseJsonField {
  column: 'data' | 'variables' | 'meta' | 'contactAttributes'
  path: string[]
}

/**
 * One condition; a filter's conditions all hold (AND).
 *
 * - `json` `in`: the value is one of `values`: a string equal to one, a number equal to one that is a number,
 *   or an array (a multiple choice's answer) holding one of them.
 * - `json` `gt`…`lte`: the value is a number, or a text that is a plain decimal number, compared to `value`.
 * - `json` `contains`: the value is a text holding `value`, case-insensitively (no wildcards: `%` and `_` are
 *   themselves).
 * - `json` `exists`: whether the value says something (present, not null, "", [] or {}), as a summary counts
 *   a question answered.
 * - `language` `in`: the response's language is one of `values` (`default` also takes responses with none).
 * - `tags` `in` / `nin`: the response has a tag with one of these names / has none of them.
 * - `quota` `in`: the response is linked to quota `quotaId` with one of these statuses.
 * - `createdAt` / `updatedAt`: compared to `value`.
 * - `any`: one of `conditions` holds (OR; none: nothing holds). Core makes it, never a request, to match an
 *   answer stored under any of its translations (a matrix row's label in each language).
 */
export type ResponseCondition =
  | { on: 'json'; field: ResponseJsonField; op: 'in'; values: string[] }
  | { on: 'json'; field: ResponseJsonField; op: 'gt' | 'gte' | 'lt' | 'lte'; value: number }
  | { on: 'json'; field: ResponseJsonField; op: 'contains'; value: string }
  | { on: 'json'; field: ResponseJsonField; op: 'exists'; value: boolean }
  | { on: 'language'; op: 'in'; values: string[] }
  | { on: 'tags'; op: 'in' | 'nin'; values: string[] }
  | { on: 'quota'; quotaId: string; op: 'in'; values: Array<'screenedIn' | 'screenedOut'> }
  | { on: 'finished'; op: 'eq'; value: boolean }
  | { on: 'createdAt' | 'updatedAt'; op: 'gt' | 'gte' | 'lt' | 'lte'; value: Date }
  | { on: 'any'; conditions: ResponseCondition[] }
