import type { ImportedResponseExtras } from '../../ports/storage'
import type { Item } from './items'
import { REFUSALS, notesOf, refusalOf, tagsOf } from './items'
import type { ImportedDisplay, ResponseEntry } from './response-entry'
import { responseEntry } from './response-entry'
import type { ImportRun } from './run'
import { targets } from './targets'
import { count, refuse, refuseAlone, refuseError } from './tally'
import { importResponses as writeResponseImport } from '../../domain/responses/response-imports'

/**
 * A page of responses with their displays, written in one transaction, then their notes and tags. A response
 * of a contact erased here since an earlier run is skipped.
 */
export async function importResponses(run: ImportRun, items: Item[]): Promise<void> {
  const counts = count(run, 'responses')
  const { ids, present, isErased, displayTargets } = await responseTargets(run, items)
  const valid: ResponseEntry[] = []
  const displays: ImportedDisplay[] = []
  // Notes and tags are written after their responses: a run stopped in between adds them when it resumes
  // (adding them again adds nothing).
  const extras: ImportedResponseExtras[] = []
  for (const item of items) {
    const sourceId = item.id as string
    if (isErased(item)) {
      counts.erased++
      continue
    }
    const targetId = ids.get(sourceId)!
    if (present.has(targetId)) {
      counts.already++
      const more = { responseId: targetId, notes: notesOf(item.notes), tags: tagsOf(item.tags) }
      if (more.notes.length > 0 || more.tags.length > 0) extras.push(more)
      continue
    }
    try {
      const entry = responseEntry(run, item, targetId, displayTargets)
      if (entry.display) displays.push(entry.display)
      valid.push(entry)
    } catch (error) {
      refuseError(run, 'responses', sourceId, error)
    }
  }
  if (run.dryRun) return planResponses(run, valid)
  if (valid.length > 0) await writeResponses(run, valid, displays, extras)
  await run.imports.insertNotesAndTags(run.env, extras)
}

/** The ids of a page's responses and displays here, and which responses were erased here. */
async function responseTargets(run: ImportRun, items: Item[]) {
  const { ids, present, erased } = await targets(
    run,
    'responses',
    items.map((item) => item.id as string),
  )
  // A response of an erased contact is that person's too, also one the source got after the erasure.
  const contactOf = (item: Item) => {
    const contact = (item.contact ?? item.person) as Item | null | undefined
    return typeof contact?.id === 'string' ? contact.id : typeof item.contactId === 'string' ? item.contactId : null
  }
  const contactIds = items.flatMap((item) => contactOf(item) ?? [])
  const erasedContacts =
    contactIds.length === 0 ? new Set<string>() : await run.imports.erasedMappings(run.env, run.sourceKey, 'contacts', contactIds)
  const isErased = (item: Item) =>
    erased.has(item.id as string) || (erasedContacts.has(contactOf(item) ?? '') && !present.has(ids.get(item.id as string) ?? ''))
  // A display keeps its id unless another environment here has it (then the response names the new one).
  const displayIds = items.flatMap((item) =>
    typeof item.displayId === 'string' && !isErased(item) && !present.has(ids.get(item.id as string)!) ? [item.displayId] : [],
  )
  const displayTargets = displayIds.length === 0 ? new Map<string, string>() : (await targets(run, 'displays', displayIds)).ids
  return { ids, present, isErased, displayTargets }
}

/** What the bulk write would refuse first in a dry run: a survey that is not here (nor would be). */
async function planResponses(run: ImportRun, valid: ResponseEntry[]): Promise<void> {
  const counts = count(run, 'responses')
  for (const entry of valid) {
    const refusal = await surveyRefusal(run, entry.response.surveyId)
    if (refusal === undefined) counts.created++
    else refuse(run, 'responses', entry.sourceId, refusal)
  }
}

/** Writes a page's responses with their displays; the notes and tags of those created join `extras`. */
async function writeResponses(
  run: ImportRun,
  valid: ResponseEntry[],
  displays: ImportedDisplay[],
  extras: ImportedResponseExtras[],
): Promise<void> {
  const { ctx, env } = run
  const counts = count(run, 'responses')
  const write = async (entries: ResponseEntry[], displaysOf: ImportedDisplay[]) => {
    await run.imports.insertDisplays(env, displaysOf)
    const outcomes = await writeResponseImport(
      ctx.storage.responses,
      entries.map((entry) => entry.response),
      { environmentId: env, requireAccepting: false, checkEnvironment: false, pinProven: true },
      { webhooks: false },
    )
    outcomes.forEach((outcome, index) => {
      const entry = entries[index]!
      if (outcome.outcome === 'created') {
        counts.created++
        if (entry.extras.notes.length > 0 || entry.extras.tags.length > 0) extras.push(entry.extras)
      } else refuse(run, 'responses', entry.sourceId, refusalOf(outcome))
    })
  }
  try {
    await write(valid, displays)
  } catch {
    // A response the database refuses fails the whole page's transaction, which wrote none: each is written
    // alone, so that only it is refused.
    for (const entry of valid) {
      try {
        await write(
          [entry],
          displays.filter((display) => display.id === entry.response.displayId),
        )
      } catch (error) {
        refuseAlone(run, 'responses', entry.sourceId, error)
      }
    }
  }
}

/** Why a dry run's response could not go in its survey (as the bulk write answers), per survey once. */
async function surveyRefusal(run: ImportRun, surveyId: string): Promise<string | undefined> {
  if (run.planned.has(`surveys:${surveyId}`)) return undefined
  if (!run.surveyRefusals.has(surveyId)) {
    const survey = await run.ctx.storage.surveys.get(surveyId)
    const outcome = !survey ? 'survey_not_found' : survey.environmentId === run.env ? null : 'survey_in_other_environment'
    run.surveyRefusals.set(surveyId, outcome === null ? undefined : REFUSALS.get(outcome))
  }
  return run.surveyRefusals.get(surveyId)
}
