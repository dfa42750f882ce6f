const LETTERS = 'abcdefghijklmnopqrstuvwxyz'
const ALPHABET = `${LETTERS}0123456789`

/**
 * A new resource id in cuid2's shape: a lowercase letter, then 23 lowercase letters or digits, all drawn
 * uniformly from the platform CSPRNG (about 123 bits, so collisions are out of reach and ids reveal
 * nothing about time or host).
 *
 * Written here rather than taken from `@paralleldrive/cuid2`: its generator spends ~280 µs per id on
 * SHA-3 over big-number arithmetic, which made id generation the largest cost of a client response create.
 */
export function createId(): string {
  // Bytes below 234 (9 × 26) and 252 (7 × 36) map uniformly onto 26 and 36 symbols; the rest are skipped.
  let id = ''
  while (id.length < 24) {
    const byte = nextRandomByte()
    if (id.length === 0) {
      if (byte < 234) id += LETTERS[byte % 26]
    } else if (byte < 252) {
      id += ALPHABET[byte % 36]
    }
  }
  return id
}

// Asking the CSPRNG for a few kilobytes at a time is far cheaper than 24 bytes per id; one pool per process,
// as it holds nothing but random bytes.
const pool = new Uint8Array(4096)
let poolOffset = pool.length

function nextRandomByte(): number {
  if (poolOffset === pool.length) {
    crypto.getRandomValues(pool)
    poolOffset = 0
  }
  return pool[poolOffset++] as number
}
