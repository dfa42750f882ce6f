import * as v from 'valibot'
import { LIMITS } from './common'
import { environmentIdField, storedDescription, storedName, storedText } from './stored-text'

const urlFilter = v.object({
  value: storedText(LIMITS.url),
  rule: v.picklist(['exactMatch', 'contains', 'startsWith', 'endsWith', 'notMatch', 'notContains', 'matchesRegex']),
})

const noCodeBase = {
  urlFilters: v.pipe(v.array(urlFilter), v.maxLength(LIMITS.listItems, `Must have at most ${LIMITS.listItems} filters`)),
  urlFiltersConnector: v.optional(v.picklist(['or', 'and'])),
}

/** When a no-code action fires, as the reference's widget understands it. */
export const noCodeConfigSchema = v.variant('type', [
  v.object({
    type: v.literal('click'),
    ...noCodeBase,
    elementSelector: v.object({
      cssSelector: v.optional(storedText(LIMITS.text)),
      innerHtml: v.optional(storedText(LIMITS.text)),
    }),
  }),
  v.object({ type: v.literal('pageView'), ...noCodeBase }),
  v.object({ type: v.literal('exitIntent'), ...noCodeBase }),
  v.object({ type: v.literal('fiftyPercentScroll'), ...noCodeBase }),
])

const common = {
  environmentId: environmentIdField,
  workspaceId: environmentIdField,
  name: storedName,
  description: v.nullish(storedDescription),
}

/**
 * Body of `POST /management/action-classes`, and the merged result a PUT must satisfy: a `code` class needs
 * a `key`, a `noCode` class a `noCodeConfig`; `automatic` classes are the system's.
 */
export const actionClassCreateSchema = v.variant(
  'type',
  [
    v.object({ ...common, type: v.literal('code'), key: storedName, noCodeConfig: v.optional(v.null()) }),
    v.object({ ...common, type: v.literal('noCode'), noCodeConfig: noCodeConfigSchema, key: v.optional(v.null()) }),
  ],
  'Must be "code" or "noCode"',
)

/** Body of `PUT /management/action-classes/{id}`: the fields sent replace the stored ones. */
export const actionClassUpdateSchema = v.object({
  name: v.optional(storedName),
  description: v.nullish(storedDescription),
  type: v.optional(v.picklist(['code', 'noCode'], 'Must be "code" or "noCode"')),
  key: v.nullish(storedName),
  noCodeConfig: v.nullish(v.unknown()),
})
