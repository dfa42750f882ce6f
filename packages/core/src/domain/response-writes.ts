import type {
  CreateDecision,
  CreateResponseCheck,
  CreateResponseResult,
  GuardedInsert,
  LockedCreate,
  NewResponse,
  ResponseCreateFacts,
  ResponseStore,
  SurveyWriteFacts,
  WriteGuard,
} from '../ports/storage'
import { autoCompletes, responseCreateRefusal } from './response-write-rules'
import type { CreateRefusalOutcome } from './response-write-rules'

/** The primitives of `ResponseStore` a create is written with. */
export type ResponseWritePrimitives = Pick<ResponseStore, 'keptFacts' | 'writeFacts' | 'insertGuarded' | 'createLocked'>

/** How often a create is decided and written before it takes the survey's lock (each loss is a survey write). */
export const WRITE_ATTEMPTS = 3

/**
 * Creates a response (docs/architecture.md, "A response write"): decides it with `responseCreateRefusal` on
 * the survey's facts, those the storage keeps when they allow it, else those read now, and writes it with a
 * guarded insert that applies only while the facts still hold. A lost guard means the survey (or the display)
 * changed since the decision: the facts are read again and the create decided again, at most `WRITE_ATTEMPTS`
 * times, then written under the survey's lock. A refusal is only ever answered from facts read now. A finished
 * response to a survey with `autoComplete`, and a create with tags, are decided and written under the lock
 * (`createLocked`), so that concurrent finishers count each other exactly.
 */
export async function createResponse(
  responses: ResponseWritePrimitives,
  input: NewResponse,
  check: CreateResponseCheck,
): Promise<CreateResponseResult> {
  const decide: CreateDecision = (facts) => responseCreateRefusal(facts, input, check)
  // A create with tags writes the row, its tags and its events' tags in one transaction.
  if (input.tagIds !== undefined && input.tagIds.length > 0) return createLocked(responses, input, check, decide)
  let decided: Decided | CreateRefusalOutcome | undefined = decideOnKept(responses.keptFacts(input.surveyId), input, decide)
  for (let attempt = 0; attempt < WRITE_ATTEMPTS; attempt++) {
    decided ??= await readAndDecide(responses, input, check, decide)
    if ('outcome' in decided) return decided
    if (input.finished && decided.survey.autoComplete !== null) return createLocked(responses, input, check, decide)
    const written = await responses.insertGuarded(input, check, decided.guard)
    if (written.outcome !== 'lost') return createdOrTaken(input, written)
    // The guard was lost: the survey (or the display) changed after the decision.
    decided = undefined
  }
  return createLocked(responses, input, check, decide)
}

/** A create core allowed: the survey facts it was decided on, and what its write is guarded by. */
interface Decided {
  survey: SurveyWriteFacts
  guard: WriteGuard
}

/**
 * Allowed on kept facts, or undefined: the write's guard then says whether they still hold, and a refusal is
 * never answered from them (the facts are read first). A display named is taken to be the survey's and of no
 * contact, which the guard checks too.
 */
function decideOnKept(kept: SurveyWriteFacts | undefined, input: NewResponse, decide: CreateDecision): Decided | undefined {
  if (kept === undefined) return undefined
  const display = input.displayId === null ? undefined : { surveyId: kept.id, contact: null }
  if (decide({ survey: kept, environmentFound: true, display }) !== null) return undefined
  return { survey: kept, guard: { version: kept.version, displayContactId: null } }
}

/** Reads what decides the create, as it is now, and decides it. */
async function readAndDecide(
  responses: ResponseWritePrimitives,
  input: NewResponse,
  check: CreateResponseCheck,
  decide: CreateDecision,
): Promise<Decided | CreateRefusalOutcome> {
  const facts: ResponseCreateFacts = await responses.writeFacts({
    surveyId: input.surveyId,
    displayId: input.displayId,
    ...(check.checkEnvironment ? { environmentId: check.environmentId } : {}),
  })
  const refusal = decide(facts)
  if (refusal) return refusal
  const survey = facts.survey as SurveyWriteFacts
  return { survey, guard: { version: survey.version, displayContactId: facts.display?.contact?.id ?? null } }
}

/** The locked write (`lockedCreateResult`). */
async function createLocked(
  responses: ResponseWritePrimitives,
  input: NewResponse,
  check: CreateResponseCheck,
  decide: CreateDecision,
): Promise<CreateResponseResult> {
  return lockedCreateResult(input, await responses.createLocked(input, check, decide, autoCompletes))
}

/**
 * What a locked write (`ResponseStore.createLocked`, or an import's create under the lock) answers: a guard lost
 * under the survey's lock can only be the display's, gone or changed meanwhile.
 */
export function lockedCreateResult(input: Pick<NewResponse, 'id'>, result: LockedCreate): CreateResponseResult {
  if (result.outcome === 'lost') return { outcome: 'display_not_found' }
  return result.outcome === 'written' ? createdOrTaken(input, result) : result
}

/** The result of a write that was not lost, with `hasQuotas` only when the survey has quotas (as the port asks). */
function createdOrTaken(input: Pick<NewResponse, 'id'>, written: Exclude<GuardedInsert, { outcome: 'lost' }>): CreateResponseResult {
  if (written.outcome !== 'written') return written
  return written.hasQuotas ? { outcome: 'created', id: input.id, hasQuotas: true } : { outcome: 'created', id: input.id }
}
