import { validationError } from '../../errors'
import { parseItem } from '../../http/validate'
import { segmentReferenceCheck } from '../../domain/segment-service'
import type { SegmentRecord } from '../../ports/storage'
import { MAX_SEGMENTS_PER_ENVIRONMENT, segmentCreateSchema } from '../../schemas/segment'
import { importEach } from './import-each'
import type { Item } from './items'
import { pick, times } from './items'
import type { ImportRun } from './run'

/** A page of segments (the source's list, or the segments its surveys carry), each one not seen yet. */
export async function importSegments(run: ImportRun, items: Item[]): Promise<void> {
  const { ctx, env } = run
  const fresh = items.filter((item) => !run.known.segments.has(item.id as string))
  await importEach(run, 'segments', fresh, {
    known: run.known.segments,
    async create(item, targetId) {
      const input = parseItem(segmentCreateSchema, pick(item, ['title', 'description', 'isPrivate', 'filters']))
      const record: SegmentRecord = {
        id: targetId,
        environmentId: env,
        title: input.title,
        description: input.description ?? null,
        isPrivate: input.isPrivate,
        filters: input.filters,
        surveys: [],
        ...times(item),
      }
      if (!run.dryRun) {
        const outcome = await ctx.storage.segments.insert(
          record,
          MAX_SEGMENTS_PER_ENVIRONMENT,
          segmentReferenceCheck(targetId, input.filters, 'filters'),
        )
        if (outcome === 'limit') throw validationError({ '': `An environment holds at most ${MAX_SEGMENTS_PER_ENVIRONMENT} segments` })
      }
    },
  })
}
