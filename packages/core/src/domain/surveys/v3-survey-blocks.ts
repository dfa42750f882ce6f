import type { InvalidParam } from '../../http/problem'

/**
 * Block editing of the reference's v3 (docs/api.md, "Editing blocks in v3"): operations applied in order to a
 * survey's blocks, a new order that must list every block once, and the forward references a new order would
 * introduce. Pure functions over the blocks as the v3 document shows them (or as stored: the ids and the
 * references are the same in both).
 */

/** A block as v3 shows it: an object with its id. */
export type V3Block = Record<string, unknown> & { id: string }

export type V3BlockOp =
  | { op: 'update'; id: string; block: Record<string, unknown> }
  | { op: 'insert'; block: Record<string, unknown>; position: { type: 'start' } | { type: 'end' } | { type: 'after'; blockId: string } }
  | { op: 'remove'; id: string }

export type V3BlockOpsResult =
  | {
      ok: true
      blocks: V3Block[]
      /** For each block of the result: the op that wrote it, or `null` for a block the request left as stored. */
      origins: Array<{ op: number } | { stored: number }>
    }
  | { ok: false; params: InvalidParam[] }

/**
 * `ops` applied in order to a copy of `current`; the first op that cannot apply is the answer (the ops after it
 * would be judged against a state that never exists). An inserted block without an `id` gets `newId()`.
 */
export function applyBlockOps(current: readonly V3Block[], ops: readonly V3BlockOp[], newId: () => string): V3BlockOpsResult {
  const blocks = [...current]
  const origins: Array<{ op: number } | { stored: number }> = current.map((_, index) => ({ stored: index }))
  const missing = (name: string, id: string): V3BlockOpsResult => ({
    ok: false,
    params: [
      {
        name,
        reason: `Block '${id}' does not exist on this survey`,
        code: 'dangling_reference',
        identifier: id,
        referenceType: 'block',
        missingId: id,
      },
    ],
  })
  for (const [index, op] of ops.entries()) {
    if (op.op === 'update') {
      const at = blocks.findIndex((block) => block.id === op.id)
      if (at === -1) return missing(`ops.${index}.id`, op.id)
      if (op.block.id !== undefined && op.block.id !== op.id) {
        return {
          ok: false,
          params: [
            {
              name: `ops.${index}.block.id`,
              reason: 'block.id must equal the op id; remove the block and insert one to give it a new id',
              code: 'immutable_identifier',
              identifier: String(op.block.id),
              referenceType: 'block',
            },
          ],
        }
      }
      blocks[at] = { ...op.block, id: op.id }
      origins[at] = { op: index }
      continue
    }
    if (op.op === 'insert') {
      if (op.block.id !== undefined && (typeof op.block.id !== 'string' || op.block.id.trim() === '')) {
        return {
          ok: false,
          params: [
            {
              name: `ops.${index}.block.id`,
              reason: 'Must not be empty: leave it out and the server makes one',
              code: 'missing_required_field',
              referenceType: 'block',
            },
          ],
        }
      }
      const id = typeof op.block.id === 'string' ? op.block.id : newId()
      const taken = blocks.findIndex((block) => block.id === id)
      if (taken !== -1) {
        return {
          ok: false,
          params: [
            {
              name: `ops.${index}.block.id`,
              reason: `Block '${id}' already exists on this survey`,
              code: 'duplicate_identifier',
              identifier: id,
              referenceType: 'block',
              firstUsedAt: `blocks.${taken}.id`,
            },
          ],
        }
      }
      const position = op.position
      let at = position.type === 'start' ? 0 : blocks.length
      if (position.type === 'after') {
        const anchor = blocks.findIndex((block) => block.id === position.blockId)
        if (anchor === -1) return missing(`ops.${index}.position.blockId`, position.blockId)
        at = anchor + 1
      }
      blocks.splice(at, 0, { ...op.block, id })
      origins.splice(at, 0, { op: index })
      continue
    }
    const at = blocks.findIndex((block) => block.id === op.id)
    if (at === -1) return missing(`ops.${index}.id`, op.id)
    blocks.splice(at, 1)
    origins.splice(at, 1)
  }
  if (blocks.length === 0) {
    // Only checked at the end: removing the only block and inserting another is a fine request.
    const last = ops.length - 1
    return {
      ok: false,
      params: [{ name: `ops.${last}.id`, reason: 'These operations would leave the survey with no blocks', referenceType: 'block' }],
    }
  }
  return { ok: true, blocks, origins }
}

/**
 * A problem's path into the edited blocks, as the request names it: `blocks.<i>…` of a block an op wrote
 * becomes `ops.<n>.block…`; a block the request did not touch keeps its stored index.
 */
export function blockParamPath(param: InvalidParam, origins: ReadonlyArray<{ op: number } | { stored: number }>): InvalidParam {
  const match = /^blocks\.(\d+)(.*)$/.exec(param.name)
  const origin = match ? origins[Number(match[1])] : undefined
  if (!match || !origin) return param
  return { ...param, name: 'op' in origin ? `ops.${origin.op}.block${match[2]}` : `blocks.${origin.stored}${match[2]}` }
}

/**
 * `current` in the order `order` names, or the problems with it: an unknown id, an id given twice and a block
 * left out are all listed (each is a mistake of its own). `unchanged` when the order is the stored one.
 */
export function reorderBlocks(
  current: readonly V3Block[],
  order: readonly string[],
): { ok: true; blocks: V3Block[]; unchanged: boolean } | { ok: false; params: InvalidParam[] } {
  const byId = new Map(current.map((block) => [block.id, block]))
  const seen = new Map<string, number>()
  const params: InvalidParam[] = []
  order.forEach((id, index) => {
    const first = seen.get(id)
    if (first !== undefined) {
      params.push({
        name: `order.${index}`,
        reason: `Block '${id}' is listed more than once`,
        code: 'duplicate_identifier',
        identifier: id,
        referenceType: 'block',
        firstUsedAt: `order.${first}`,
      })
      return
    }
    seen.set(id, index)
    if (!byId.has(id)) {
      params.push({
        name: `order.${index}`,
        reason: `Block '${id}' does not exist on this survey`,
        code: 'dangling_reference',
        identifier: id,
        referenceType: 'block',
        missingId: id,
      })
    }
  })
  for (const block of current) {
    if (seen.has(block.id)) continue
    params.push({
      name: 'order',
      reason: `Block '${block.id}' is missing from the order; list every block exactly once`,
      code: 'missing_required_field',
      identifier: block.id,
      referenceType: 'block',
      missingId: block.id,
    })
  }
  if (params.length > 0) return { ok: false, params }
  return {
    ok: true,
    blocks: order.map((id) => byId.get(id) as V3Block),
    unchanged: current.every((block, index) => block.id === order[index]),
  }
}

/**
 * The forward references of `blocks` that `before` did not have: a recall of an element not answered yet (in a
 * later block, or later on the same page) and a logic condition reading an element of a later block. Each is a
 * `misordered_reference` at its path in `blocks`. References `before` already had are left alone, so a survey
 * that holds one stays editable.
 */
export function newForwardReferences(before: readonly V3Block[], blocks: readonly V3Block[]): InvalidParam[] {
  const known = new Set(forwardReferences(before).map((reference) => reference.key))
  return forwardReferences(blocks)
    .filter((reference) => !known.has(reference.key))
    .map(({ path, target, kind }) => ({
      name: path,
      reason:
        kind === 'recall'
          ? `Recalls the answer to '${target}', which is not asked until later`
          : `Logic reads the answer to '${target}', which is asked in a later block`,
      code: 'misordered_reference',
      identifier: target,
      referenceType: kind === 'recall' ? 'recall' : 'element',
    }))
}

interface ForwardReference {
  key: string
  path: string
  target: string
  kind: 'recall' | 'logic'
}

const RECALL = /#recall:([^#/]+)\/fallback:/g

function forwardReferences(blocks: readonly V3Block[]): ForwardReference[] {
  // Where each element is asked: its block's index and its place on the page.
  const asked = new Map<string, { block: number; element: number }>()
  blocks.forEach((block, blockIndex) => {
    const elements = Array.isArray(block.elements) ? block.elements : []
    elements.forEach((element, elementIndex) => {
      const id = (element as { id?: unknown } | null)?.id
      if (typeof id === 'string') asked.set(id, { block: blockIndex, element: elementIndex })
    })
  })
  const found: ForwardReference[] = []
  blocks.forEach((block, blockIndex) => {
    const elements = Array.isArray(block.elements) ? block.elements : []
    elements.forEach((element, elementIndex) => {
      for (const { path, text } of strings(element, `blocks.${blockIndex}.elements.${elementIndex}`)) {
        for (const [, target] of text.matchAll(RECALL)) {
          const at = target === undefined ? undefined : asked.get(target)
          if (!target || !at) continue
          if (at.block > blockIndex || (at.block === blockIndex && at.element >= elementIndex)) {
            found.push({ key: `recall|${block.id}|${elementIndex}|${target}`, path, target, kind: 'recall' })
          }
        }
      }
    })
    for (const { path, target } of elementOperands(block.logic, `blocks.${blockIndex}.logic`)) {
      const at = asked.get(target)
      if (at && at.block > blockIndex) found.push({ key: `logic|${block.id}|${target}`, path, target, kind: 'logic' })
    }
  })
  return found
}

/** Every string in `value`, with its path. */
function* strings(value: unknown, path: string): Generator<{ path: string; text: string }> {
  if (typeof value === 'string') yield { path, text: value }
  else if (Array.isArray(value)) for (const [index, item] of value.entries()) yield* strings(item, `${path}.${index}`)
  else if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) yield* strings(item, `${path}.${key}`)
  }
}

/** The operands of logic conditions that read an element's answer (`{type: "element", value: id}`). */
function* elementOperands(value: unknown, path: string): Generator<{ path: string; target: string }> {
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) yield* elementOperands(item, `${path}.${index}`)
    return
  }
  if (typeof value !== 'object' || value === null) return
  const record = value as Record<string, unknown>
  if (record.type === 'element' && typeof record.value === 'string') {
    yield { path, target: record.value }
    return
  }
  for (const [key, item] of Object.entries(record)) {
    // Actions name targets to jump to or require, which are not answers read.
    if (key === 'actions') continue
    yield* elementOperands(item, `${path}.${key}`)
  }
}
