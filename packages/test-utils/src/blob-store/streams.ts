import { concatBytes, createId } from '@canvass/core'
import * as assert from 'uvu/assert'

export const MiB = 1024 * 1024

/** A key shaped as core builds them, in an environment of its own, so tests never share an object. */
export function freshKey(name = 'file', extension = 'bin', access: 'public' | 'private' = 'public'): string {
  return `${createId()}/${access}/${name}--fid--${crypto.randomUUID()}.${extension}`
}

/** Deterministic pseudo-random bytes: different seeds give different bodies of the same length. */
export function bytesOf(length: number, seed = 1): Uint8Array {
  const bytes = new Uint8Array(length)
  let state = (seed * 2654435761) >>> 0 || 1
  for (let i = 0; i < length; i++) {
    state ^= state << 13
    state ^= state >>> 17
    state ^= state << 5
    bytes[i] = state & 0xff
  }
  return bytes
}

export const text = (value: string): Uint8Array => new TextEncoder().encode(value)

/** How a test body was consumed: `ended` once read to its end, `cancelled` once the reader gave up. */
export interface Tracked {
  stream: ReadableStream<Uint8Array>
  /** Bytes handed to the reader so far. */
  readonly pulled: number
  readonly ended: boolean
  readonly cancelled: boolean
}

export interface StreamShape {
  /** Sizes of the chunks, cycled; @default [64 KiB] */
  chunkSizes?: number[]
  /** Pause before each chunk, in ms; @default 0 */
  delayMs?: number
  /** After the bytes, error the stream with this instead of closing it. */
  failWith?: Error
}

/** A pull-based body that hands out `bytes` in chunks of the given sizes, one chunk per pull. */
export function streamOf(bytes: Uint8Array, shape: StreamShape = {}): Tracked {
  const sizes = shape.chunkSizes ?? [64 * 1024]
  let offset = 0
  let turn = 0
  const state = { pulled: 0, ended: false, cancelled: false }
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (shape.delayMs) await sleep(shape.delayMs)
      if (offset >= bytes.length) {
        if (shape.failWith) return controller.error(shape.failWith)
        state.ended = true
        return controller.close()
      }
      const size = Math.max(1, sizes[turn++ % sizes.length] ?? 1)
      const chunk = bytes.slice(offset, offset + size)
      offset += chunk.length
      state.pulled += chunk.length
      controller.enqueue(chunk)
    },
    cancel() {
      state.cancelled = true
    },
  })
  return tracked(stream, state)
}

/** A body that never ends: only a store that enforces the limit while streaming gets past it. */
export function endlessStream(chunkSize = 64 * 1024): Tracked {
  const state = { pulled: 0, ended: false, cancelled: false }
  const chunk = bytesOf(chunkSize, 7)
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      state.pulled += chunk.length
      controller.enqueue(chunk.slice())
    },
    cancel() {
      state.cancelled = true
    },
  })
  return tracked(stream, state)
}

function tracked(stream: ReadableStream<Uint8Array>, state: { pulled: number; ended: boolean; cancelled: boolean }): Tracked {
  return {
    stream,
    get pulled() {
      return state.pulled
    },
    get ended() {
      return state.ended
    },
    get cancelled() {
      return state.cancelled
    },
  }
}

export async function readAll(body: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  const chunks: Uint8Array[] = []
  for await (const chunk of body) {
    assert.instance(chunk, Uint8Array, 'body chunks are Uint8Array')
    chunks.push(chunk)
  }
  return concatBytes(chunks)
}

/** Compares byte arrays without printing megabytes: the message names the first difference. */
export function assertSameBytes(actual: Uint8Array, expected: Uint8Array, what = 'bytes'): void {
  if (actual.length !== expected.length) assert.unreachable(`${what}: ${actual.length} bytes, expected ${expected.length}`)
  for (let i = 0; i < actual.length; i++) {
    if (actual[i] !== expected[i]) assert.unreachable(`${what}: byte ${i} is ${actual[i]}, expected ${expected[i]}`)
  }
}

/** Awaits `promise`, which must reject with an instance of `type`; returns that error. */
export async function rejection<E>(promise: Promise<unknown>, type: abstract new (...args: never[]) => E, what: string): Promise<E> {
  try {
    await promise
  } catch (error) {
    if (!(error instanceof type)) assert.unreachable(`${what}: rejected with ${String(error)}, expected a ${type.name}`)
    return error as E
  }
  assert.unreachable(`${what}: resolved, expected a ${type.name}`)
  throw new Error('unreachable')
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms))
