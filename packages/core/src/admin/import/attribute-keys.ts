import { validationError } from '../../errors'
import { parseItem } from '../../http/validate'
import { NEW_ENVIRONMENT_ROWS } from '../../domain/environment-defaults'
import type { ContactAttributeKeyRecord } from '../../ports/storage'
import { contactAttributeKeyCreateSchema } from '../../schemas/contact-attribute-key'
import { allRows, importEach } from './import-each'
import type { Item } from './items'
import { pick, times } from './items'
import type { ImportRun } from './run'
import { unmadeId } from './run'

/** A page of contact attribute keys: one with the same key here is taken as it. */
export async function importAttributeKeys(run: ImportRun, items: Item[]): Promise<void> {
  const { ctx, env, known } = run
  const existing = run.unmade
    ? NEW_ENVIRONMENT_ROWS.contactAttributeKeys.map((row) => ({ key: row.key, id: unmadeId(row.key) }))
    : await allRows(async (position) => ctx.storage.contactAttributeKeys.list(env, position))
  for (const record of existing) known.keyNames.set(record.key, record.id)
  await importEach(run, 'contactAttributeKeys', items, {
    known: known.keys,
    match: (item) => (typeof item.key === 'string' ? known.keyNames.get(item.key) : undefined),
    async create(item, targetId) {
      const input = parseItem(contactAttributeKeyCreateSchema, pick(item, ['key', 'name', 'description', 'type']))
      const record: ContactAttributeKeyRecord = {
        id: targetId,
        environmentId: env,
        key: input.key,
        name: input.name ?? input.key,
        description: input.description ?? null,
        type: input.type,
        isUnique: item.isUnique === true,
        ...times(item),
      }
      if (!run.dryRun && (await ctx.storage.contactAttributeKeys.insert(record)) === 'duplicate')
        throw validationError({ key: 'Taken by another key here' })
      known.keyNames.set(record.key, targetId)
    },
  })
}
