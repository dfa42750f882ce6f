import * as assert from 'uvu/assert'
import { identity, seedProject, setAttributes } from './seed'
import type { StorageTest } from './storage-test'

/** The longest attribute value the client routes accept (docs/design.md, "Limits and input": texts of 10,000 characters). */
const LONGEST = 10_000

/** `length` random hex digits: incompressible, as a value an index must hold whole would be. */
export function randomHex(length: number): string {
  const bytes = crypto.getRandomValues(new Uint8Array(Math.ceil(length / 2)))
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0'))
    .join('')
    .slice(0, length)
}

/** `length` random characters of three UTF-8 bytes each (U+0800 to U+FFFF, surrogates left out). */
export function randomWide(length: number): string {
  const units = crypto.getRandomValues(new Uint16Array(length))
  return Array.from(units, (u) => String.fromCharCode(0x800 + (u % (0xd800 - 0x800)))).join('')
}

/**
 * Any attribute value within the text bound is stored and found, unique keys included (docs/design.md, "Limits and input"): an
 * index that held the value itself would refuse a row past about 2,700 bytes.
 */
export const attributeValueTests: StorageTest[] = [
  {
    name: 'clientContacts.setAttributes stores values of 10,000 random characters (30,000 bytes) for unique and other keys, and finds a long unique value taken',
    async run({ storage }) {
      const { production } = await seedProject(storage)
      const email = randomHex(LONGEST)
      const note = randomWide(LONGEST)
      const first = await setAttributes(storage, identity(production, 'long-1'), { email, note })
      assert.equal(first?.skipped, [])
      assert.is(first?.state.attributes.email, email)
      assert.is(first?.state.attributes.note, note)
      assert.equal((await storage.clientContacts.identify(identity(production, 'long-1')))?.attributes, { email, note }, 'read back whole')

      // The same long unique value is taken; one that differs only in its last character is not.
      const rival = await setAttributes(storage, identity(production, 'long-2'), { email, note })
      assert.equal(rival?.skipped, ['email'])
      assert.equal(rival?.state.attributes, { note })
      const near = `${email.slice(0, -1)}${email.endsWith('0') ? '1' : '0'}`
      const other = await setAttributes(storage, identity(production, 'long-2'), { email: near })
      assert.equal(other?.skipped, [])
      assert.is(other?.state.attributes.email, near)

      // The holder sets its own value again: not taken from itself.
      const again = await setAttributes(storage, identity(production, 'long-1'), { email })
      assert.equal([again?.skipped, again?.changed], [[], false])
    },
  },
  {
    name: 'clientContacts.setAttributes gives a long unique value to one contact only under concurrency',
    async run({ storage }) {
      const { production } = await seedProject(storage)
      const email = randomHex(LONGEST)
      const results = await Promise.all(
        Array.from({ length: 6 }, (_, i) => setAttributes(storage, identity(production, `long-rival-${i}`), { email })),
      )
      assert.is(results.filter((r) => r?.skipped.length === 0).length, 1, JSON.stringify(results.map((r) => r?.skipped)))
      assert.is(results.filter((r) => r?.state.attributes.email === email).length, 1)
    },
  },
]
