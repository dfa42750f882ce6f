import type { CreateResponseCheck, CreateResponseResult, ImportDecision, NewResponse, ResponseStore } from '../ports/storage'
import { autoCompletes, responseCreateRefusal } from './response-write-rules'
import { lockedCreateResult } from './response-writes'

/** How often an import runs when a create committed meanwhile takes what it found free. */
export const IMPORT_ATTEMPTS = 3

/**
 * Imports responses: each of `inputs` created as `createResponse` would, all in one transaction of the
 * storage's (`importLocked`), which locks the surveys named so that every finished response counts towards
 * `autoComplete` exactly; each create is decided by `responseCreateRefusal` on the facts read under the lock.
 * A create refused for its own reason leaves the others; a database error writes none. When a create
 * committed while the import ran took a single-use id or display the import found free, nothing was
 * written and the import runs again (which then sees it taken), at most `IMPORT_ATTEMPTS` times; the last
 * refusal then propagates. Webhook events are recorded only with `webhooks`.
 */
export async function importResponses(
  responses: Pick<ResponseStore, 'importLocked'>,
  inputs: NewResponse[],
  check: CreateResponseCheck,
  options: { webhooks: boolean },
): Promise<CreateResponseResult[]> {
  for (let attempt = 1; ; attempt++) {
    const decide: ImportDecision = (facts, input) => responseCreateRefusal(facts, input, check)
    const imported = await responses.importLocked(inputs, check, options, decide, autoCompletes)
    if (imported.outcome === 'written') return imported.results.map((result, i) => lockedCreateResult(inputs[i]!, result))
    if (attempt >= IMPORT_ATTEMPTS) throw imported.cause
  }
}
