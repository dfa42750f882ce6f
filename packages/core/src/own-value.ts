/**
 * The value `record` holds under `key` as its own property, or undefined. Keys that come from a client (a
 * question id, an attribute key, a field of a stored answer) may be any name, `toString` and `constructor`
 * included: a plain `record[key]` would answer the prototype's function for those, where this answers
 * nothing.
 */
export function ownValue<T>(record: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined
}
