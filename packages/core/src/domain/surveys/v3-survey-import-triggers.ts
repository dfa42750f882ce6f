import type { CanvassContext } from '../../context'
import type { ActionClassRecord } from '../../ports/storage/index'
import { actionClassCreateSchema } from '../../schemas/action-class'
import * as v from 'valibot'
import { environmentActionClasses } from './survey-triggers'
import type { SurveyExportActionClass } from './v3-survey-export'
import { type ImportIssue, importIssue, isRecord } from './v3-survey-import-report'

/**
 * An imported app survey's triggers for the caller's environment (docs/api.md, "Survey export and import in
 * v3"), as the reference resolves them: an id of a class of the environment stays; otherwise the file's
 * definition of it is matched with a class of the environment (a code class by `key`, a no-code class by an
 * equal `noCodeConfig`, else by name and type) or made anew, under its name or, when that is taken,
 * "<name> (imported)". `document.distribution.triggers` is rewritten in place (a class to be made keeps its
 * source id in a dry run's document, so that the answer can be sent back with `references`); each mapped,
 * made or dropped trigger is one report line.
 */
export async function planImportActionClasses(
  ctx: CanvassContext,
  environmentId: string,
  document: Record<string, unknown>,
  references: readonly SurveyExportActionClass[],
  issues: ImportIssue[],
  dryRun: boolean,
): Promise<{ created: ActionClassRecord[]; forValidation: Array<{ actionClassId: string }> | undefined }> {
  const distribution = isRecord(document.distribution) ? document.distribution : null
  if (document.type !== 'app' || !distribution || !Array.isArray(distribution.triggers) || distribution.triggers.length === 0) {
    return { created: [], forValidation: undefined }
  }
  const existing = await environmentActionClasses(ctx, environmentId)
  const byId = new Map(existing.map((record) => [record.id, record]))
  const taken = new Set(existing.map((record) => record.name))
  const resolved = new Map<string, string>()
  const created: ActionClassRecord[] = []
  const kept: Array<{ actionClassId: string }> = []
  const forValidation: Array<{ actionClassId: string }> = []
  const now = ctx.now()
  distribution.triggers.forEach((trigger, index) => {
    const path = `distribution.triggers.${index}.actionClassId`
    const sourceId = isRecord(trigger) && typeof trigger.actionClassId === 'string' ? trigger.actionClassId : null
    if (sourceId === null) {
      issues.push(importIssue('warning', 'trigger_dropped', path, { id: '?' }))
      return
    }
    const known = byId.get(sourceId)?.id ?? resolved.get(sourceId)
    if (known !== undefined) {
      kept.push({ actionClassId: known })
      if (byId.has(known)) forValidation.push({ actionClassId: known })
      return
    }
    const reference = references.find((candidate) => candidate.id === sourceId)
    const definition = reference ? definitionOf(reference) : undefined
    const match = reference ? matchActionClass(reference, existing) : undefined
    if (match) {
      resolved.set(sourceId, match.id)
      kept.push({ actionClassId: match.id })
      forValidation.push({ actionClassId: match.id })
      issues.push(importIssue('info', 'trigger_mapped', path, { name: match.name }))
      return
    }
    if (!reference || !definition) {
      issues.push(importIssue('warning', 'trigger_dropped', path, { id: sourceId }))
      return
    }
    const name = uniqueName(reference.name, taken)
    taken.add(name)
    if (dryRun) {
      // Nothing is made: the document keeps the file's id, which `references` defines when it is sent back.
      resolved.set(sourceId, sourceId)
      kept.push({ actionClassId: sourceId })
      issues.push(importIssue('info', 'trigger_would_be_created', path, { name }))
      return
    }
    const record: ActionClassRecord = { id: ctx.newId(), environmentId, ...definition, name, createdAt: now, updatedAt: now }
    created.push(record)
    resolved.set(sourceId, record.id)
    kept.push({ actionClassId: record.id })
    issues.push(importIssue('info', 'trigger_created', path, { name }))
  })
  distribution.triggers = kept
  return { created, forValidation }
}

/** The class of the environment a file's definition stands for, if any. */
function matchActionClass(reference: SurveyExportActionClass, existing: readonly ActionClassRecord[]): ActionClassRecord | undefined {
  if (reference.type === 'code' && reference.key !== null) {
    const byKey = existing.find((record) => record.type === 'code' && record.key === reference.key)
    if (byKey) return byKey
  }
  if (reference.type === 'noCode' && reference.noCodeConfig !== null) {
    const wanted = canonical(reference.noCodeConfig)
    const byConfig = existing.find((record) => record.type === 'noCode' && canonical(record.noCodeConfig) === wanted)
    if (byConfig) return byConfig
  }
  return existing.find((record) => record.name === reference.name && v3Type(record) === reference.type)
}

/** A class's type as v3 names it: the built-in `automatic` ones are no-code classes there. */
const v3Type = (record: ActionClassRecord) => (record.type === 'code' ? 'code' : 'noCode')

/** A definition as a class of this Canvass, or undefined when the action-class rules refuse it. */
function definitionOf(reference: SurveyExportActionClass) {
  const parsed = v.safeParse(actionClassCreateSchema, {
    name: reference.name,
    description: reference.description,
    type: reference.type,
    ...(reference.type === 'code' ? { key: reference.key } : { noCodeConfig: reference.noCodeConfig }),
  })
  if (!parsed.success) return undefined
  const input = parsed.output
  return {
    description: input.description ?? null,
    type: input.type,
    key: input.type === 'code' ? input.key : null,
    noCodeConfig: input.type === 'noCode' ? input.noCodeConfig : null,
  }
}

function uniqueName(name: string, taken: ReadonlySet<string>): string {
  if (!taken.has(name)) return name
  for (let counter = 1; ; counter++) {
    const candidate = counter === 1 ? `${name} (imported)` : `${name} (imported ${counter})`
    if (!taken.has(candidate)) return candidate
  }
}

/** JSON with object keys sorted, to compare two configurations whatever order their keys came in. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, item) =>
    isRecord(item) ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => a.localeCompare(b))) : item,
  )
}
