import type { CanvassContext } from '../../context'
import { validationError } from '../../errors'
import type { ActionClassRecord } from '../../ports/storage/index'

/** A trigger as it is stored: the action class it names, by id (what counts) and its name when written. */
// A type, not an interface: it must fit the schema's loose-object type.
export type StoredTrigger = { actionClass: { id: string; name: string } }

/** Action classes read per page while resolving triggers. */
const PAGE = 500

/**
 * Resolves the `triggers` of a survey create or update against the action classes of the caller's
 * environment and answers them in the stored form, `{actionClass: {id, name}}`. A trigger is one of:
 * - a string: an action class's id, name, or the `key` of a code class (what a page passes to `track`);
 * - `{actionClass: {id?, name?, key?}}`, the reference's form (it sends the whole action class and matches
 *   it by `id`); `{id?, name?, key?}` alike.
 * An id wins over a name, a name over a key. A trigger that matches no class of the environment, or the
 * same class as an earlier one, is a 400 naming it (`triggers.<index>`), as the reference refuses an unknown
 * or repeated id.
 */
export async function resolveSurveyTriggers(
  ctx: CanvassContext,
  environmentId: string,
  triggers: readonly unknown[],
  /** Classes taken as the environment's besides those stored (what an import's dry run would have written). */
  planned: readonly ActionClassRecord[] = [],
): Promise<StoredTrigger[]> {
  if (triggers.length === 0) return []
  const classes = [...(await environmentActionClasses(ctx, environmentId)), ...planned]
  const byId = new Map<string, ActionClassRecord>()
  const byName = new Map<string, ActionClassRecord>()
  const byKey = new Map<string, ActionClassRecord>()
  for (const action of classes) {
    byId.set(action.id, action)
    byName.set(action.name, action)
    if (action.type === 'code' && action.key !== null) byKey.set(action.key, action)
  }
  const details: Record<string, string> = {}
  const seen = new Map<string, number>()
  const resolved: StoredTrigger[] = []
  triggers.forEach((trigger, index) => {
    const ref = triggerReference(trigger)
    if (ref === null) {
      details[`triggers.${index}`] = 'Must be an action class\'s id, name or key, or {"actionClass": {"id" | "name" | "key"}}'
      return
    }
    const action =
      (ref.id !== undefined ? byId.get(ref.id) : undefined) ??
      (ref.name !== undefined ? byName.get(ref.name) : undefined) ??
      (ref.key !== undefined ? byKey.get(ref.key) : undefined)
    if (!action) {
      details[`triggers.${index}`] = `No action class of this environment has the ${describe(ref)}`
      return
    }
    const earlier = seen.get(action.id)
    if (earlier !== undefined) {
      details[`triggers.${index}`] = `Names the action class "${action.name}" as triggers.${earlier} does`
      return
    }
    seen.set(action.id, index)
    resolved.push({ actionClass: { id: action.id, name: action.name } })
  })
  if (Object.keys(details).length > 0) throw validationError(details)
  return resolved
}

interface TriggerReference {
  id?: string
  name?: string
  key?: string
}

/** What a trigger names; a string may be any of the three. `null` when it names nothing. */
function triggerReference(trigger: unknown): TriggerReference | null {
  if (typeof trigger === 'string') return trigger === '' ? null : { id: trigger, name: trigger, key: trigger }
  if (!isRecord(trigger)) return null
  const inner = isRecord(trigger.actionClass) ? trigger.actionClass : trigger
  const ref: TriggerReference = {}
  if (typeof inner.id === 'string') ref.id = inner.id
  if (typeof inner.name === 'string') ref.name = inner.name
  if (typeof inner.key === 'string') ref.key = inner.key
  return ref.id === undefined && ref.name === undefined && ref.key === undefined ? null : ref
}

function describe(ref: TriggerReference): string {
  if (ref.id !== undefined && ref.id === ref.name) return `id, name or key "${ref.id}"`
  const parts: string[] = []
  if (ref.id !== undefined) parts.push(`id "${ref.id}"`)
  if (ref.name !== undefined) parts.push(`name "${ref.name}"`)
  if (ref.key !== undefined) parts.push(`key "${ref.key}"`)
  return parts.join(' or ')
}

/** Every action class of the environment, the automatic ones included, page by page. */
export async function environmentActionClasses(ctx: CanvassContext, environmentId: string): Promise<ActionClassRecord[]> {
  const all: ActionClassRecord[] = []
  let after: { createdAt: Date; id: string } | undefined
  for (;;) {
    const page = await ctx.storage.actionClasses.list(environmentId, { limit: PAGE, ...(after ? { after } : {}) })
    const rows = page.slice(0, PAGE)
    all.push(...rows)
    const last = rows.at(-1)
    if (page.length <= PAGE || !last) return all
    after = { createdAt: last.createdAt, id: last.id }
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
