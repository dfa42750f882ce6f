import { badRequest } from '../../errors'
import type { CanvassError } from '../../errors'
import type { ContactAttributeLimits } from '../../ports/storage/index'

/**
 * The bounds on contacts (docs/design.md, "Limits and input"), far above what an app sets: the reference allows 150 attribute keys per
 * environment in all; an app's contact holds a handful of short values (email, name, plan, language). 100
 * attributes and 64 KiB of values leave room for six ASCII values of the full 10,000 characters, and keep a contact
 * (as `person` and `personAttributes` in every response) under about 90 KB with its keys.
 */
export const DEFAULT_CONTACT_LIMITS: Readonly<ContactAttributeLimits> = Object.freeze({
  maxAttributesPerContact: 100,
  maxAttributeBytesPerContact: 64 * 1024,
  maxClientAttributeKeys: 150,
})

/** The limits in force: the defaults with the given ones over them, each a whole number ≥ 0. */
export function contactLimits(options: Partial<ContactAttributeLimits> = {}): Readonly<ContactAttributeLimits> {
  const limits = { ...DEFAULT_CONTACT_LIMITS, ...options }
  for (const [name, value] of Object.entries(limits)) {
    if (!Number.isSafeInteger(value) || value < 0) throw new TypeError(`contactLimits.${name} must be a whole number ≥ 0, not ${value}`)
  }
  return Object.freeze(limits)
}

/** The 400 of a write past a bound: the message says which, `details.attributes` its value. */
export function contactLimitError(exceeded: keyof ContactAttributeLimits, limits: ContactAttributeLimits): CanvassError {
  const limit = limits[exceeded]
  switch (exceeded) {
    case 'maxAttributesPerContact':
      return badRequest('Too many attributes for this contact', { attributes: `A contact holds at most ${limit} attributes` })
    case 'maxAttributeBytesPerContact':
      return badRequest('Attribute values too large for this contact', {
        attributes: `A contact's attribute values hold at most ${limit} bytes (UTF-8) together`,
      })
    case 'maxClientAttributeKeys':
      return badRequest('Too many attribute keys in this environment', {
        attributes: `Clients create at most ${limit} attribute keys per environment; existing keys stay settable`,
      })
  }
}
