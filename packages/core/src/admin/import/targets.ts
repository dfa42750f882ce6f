import type { ImportResource } from './options'
import type { ImportRun } from './run'
import { LISTED_MAPPINGS } from './tally'

/** What a contact's erasure takes, whose mapping rows it marks (`ImportStore.erasedMappings`). */
const ERASABLE: ReadonlySet<ImportResource | 'displays'> = new Set(['contacts', 'responses', 'displays'])

export interface Targets {
  /** Source id → id here. */
  ids: Map<string, string>
  /** The ids here whose row exists. */
  present: Set<string>
  /** The source ids whose row here was erased, which have no id here and are never written again. */
  erased: Set<string>
}

/**
 * The id each source id has here: recorded by an earlier run, else the source id itself when it is free,
 * else a new one (recorded, and listed in the report). Every pair is recorded before its row is written, so
 * that a second run finds the rows "already there" and a run killed half-way resumes.
 */
export async function targets(run: ImportRun, resource: ImportResource | 'displays', sourceIds: string[]): Promise<Targets> {
  const { ctx, imports, env, sourceKey, report } = run
  const recorded = await imports.mappings(env, sourceKey, resource, sourceIds)
  const fresh = sourceIds.filter((id) => !recorded.has(id))
  const { here, elsewhere } = await imports.existing(env, resource, [...fresh, ...recorded.values()])
  // Asked after what is here: an erasure that commits in between left its rows "here" above (so nothing is
  // written for them) and is seen now. Only recorded ids can have been erased.
  const erased =
    ERASABLE.has(resource) && recorded.size > 0
      ? await imports.erasedMappings(env, sourceKey, resource, [...recorded.keys()])
      : new Set<string>()
  const ids = new Map(recorded)
  const newPairs: Array<{ sourceId: string; targetId: string }> = []
  for (const sourceId of fresh) {
    const keep = /^[A-Za-z0-9_-]{1,64}$/.test(sourceId) && !elsewhere.has(sourceId)
    const targetId = keep ? sourceId : ctx.newId()
    ids.set(sourceId, targetId)
    newPairs.push({ sourceId, targetId })
    if (targetId !== sourceId && report.mappings.length < LISTED_MAPPINGS) report.mappings.push({ resource, sourceId, targetId })
  }
  if (!run.dryRun && newPairs.length > 0) {
    const recordedNow = await imports.recordMappings(env, sourceKey, resource, newPairs)
    const moved = newPairs.filter((pair) => recordedNow.has(pair.sourceId) && recordedNow.get(pair.sourceId) !== pair.targetId)
    for (const pair of moved) ids.set(pair.sourceId, recordedNow.get(pair.sourceId)!)
    // Another import recorded some first: whether their rows exist is asked again.
    if (moved.length > 0)
      for (const id of (
        await imports.existing(
          env,
          resource,
          moved.map((pair) => ids.get(pair.sourceId)!),
        )
      ).here)
        here.add(id)
  }
  return { ids, present: here, erased }
}
