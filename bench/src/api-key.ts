import { randomBytes } from 'node:crypto'

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'

/**
 * A key in the shape Canvass accepts for `CANVASS_INIT_API_KEY`: `cvs_` and 43 base62 characters.
 * Generated here rather than imported from core so the bench exercises the server only through HTTP.
 */
export function generateApiKey(): string {
  let key = 'cvs_'
  while (key.length < 4 + 43) {
    for (const byte of randomBytes(64)) {
      // 248 = 4 × 62: bytes above it would make the first characters more likely than the rest.
      if (byte < 248 && key.length < 4 + 43) key += BASE62[byte % 62]
    }
  }
  return key
}
