import { validationError } from '../../errors'
import { parseItem } from '../../http/validate'
import { NEW_ENVIRONMENT_ROWS } from '../../domain/environment-defaults'
import type { ActionClassRecord } from '../../ports/storage'
import { actionClassCreateSchema } from '../../schemas/action-class'
import { allRows, importEach } from './import-each'
import type { Item } from './items'
import { pick, times } from './items'
import type { ImportRun } from './run'
import { unmadeId } from './run'

/** A page of action classes: one of the same name here is taken as it; automatic ones are Canvass's own. */
export async function importActionClasses(run: ImportRun, items: Item[]): Promise<void> {
  const { ctx, env } = run
  const existing = run.unmade
    ? newEnvironmentActionClasses(run)
    : await allRows(async (position) => ctx.storage.actionClasses.list(env, position))
  if (run.unmade) run.plannedActionClasses.push(...existing)
  const byName = new Map(existing.map((record) => [record.name, record.id]))
  await importEach(run, 'actionClasses', items, {
    known: run.known.actionClasses,
    match: (item) => (typeof item.name === 'string' ? byName.get(item.name) : undefined),
    async create(item, targetId) {
      if (item.type === 'automatic') return 'Automatic action classes are made by Canvass itself'
      const input = parseItem(actionClassCreateSchema, pick(item, ['name', 'description', 'type', 'key', 'noCodeConfig']))
      const record: ActionClassRecord = {
        id: targetId,
        environmentId: env,
        name: input.name,
        description: input.description ?? null,
        type: input.type,
        key: input.type === 'code' ? input.key : null,
        noCodeConfig: input.type === 'noCode' ? input.noCodeConfig : null,
        ...times(item),
      }
      if (run.dryRun) run.plannedActionClasses.push(record)
      else {
        const outcome = await ctx.storage.actionClasses.insert(record)
        if (outcome !== 'created')
          throw validationError({ [outcome === 'duplicate_key' ? 'key' : 'name']: 'Taken by another action class here' })
      }
    },
  })
}

/** The action classes an environment starts with, as a dry run into one not made yet counts them. */
function newEnvironmentActionClasses(run: ImportRun): ActionClassRecord[] {
  const now = run.ctx.now()
  return NEW_ENVIRONMENT_ROWS.actionClasses.map((row) => ({
    id: unmadeId(row.name),
    environmentId: run.env,
    name: row.name,
    description: row.description,
    type: row.type,
    key: null,
    noCodeConfig: null,
    createdAt: now,
    updatedAt: now,
  }))
}
