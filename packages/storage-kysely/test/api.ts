import type { Canvass } from '@canvass/core'
import { callOn } from '@canvass/test-bed'
import * as assert from 'uvu/assert'

/** Calls `canvass`'s handler with `key` (and `body` as JSON); the answer must be a 200, whose body it returns. */
export async function api(canvass: Canvass, key: string, method: string, path: string, body?: unknown): Promise<{ data: any }> {
  const res = await callOn(canvass.fetch)(method, path, { key, body })
  assert.is(res.status, 200, `${method} ${path}: ${res.text}`)
  return res.body
}
