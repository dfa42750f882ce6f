import { CompiledQuery } from 'kysely'

/** A statement compiled once, as a function of its values by name. */
export type Precompiled<Row, Name extends string> = (values: Record<Name, unknown>) => CompiledQuery<Row>

/**
 * Named placeholders for the values of a query built once with Kysely and run many times (see `precompiled`):
 * each is a string no caller sends, so the compiled parameters tell which value goes where.
 */
export function slots<const Name extends string>(names: readonly Name[]): Record<Name, string> {
  return Object.fromEntries(names.map((name) => [name, `\u0000canvass-slot-${name}\u0000`])) as Record<Name, string>
}

/**
 * Turns a query compiled once, with `slots` in place of its values, into a function of those values by name.
 * Building and compiling a query with Kysely costs tens of microseconds, which on a path taken by every
 * respondent is worth paying once per storage instead of once per call. A slot the query does not use takes
 * no parameter; a slot used twice takes its value twice. Throws at once if a parameter of the query is not one
 * of the slots, so a value baked in by mistake cannot go unnoticed.
 */
export function precompiled<Row, Name extends string>(
  compiled: CompiledQuery<Row>,
  placeholders: Record<Name, string>,
): Precompiled<Row, Name> {
  const byPlaceholder = new Map<unknown, Name>(Object.entries(placeholders).map(([name, slot]) => [slot, name as Name]))
  const order = compiled.parameters.map((parameter) => {
    const name = byPlaceholder.get(parameter)
    if (name === undefined) throw new Error(`a parameter of a precompiled query is not a slot: ${String(parameter)}`)
    return name
  })
  const text = compiled.sql
  // The query Kysely built stays with each statement: what a traced dialect names its span after (the operation
  // and the table), as for a statement built at the call.
  const query = compiled.query
  return (values) => {
    const statement = CompiledQuery.raw(
      text,
      order.map((name) => values[name]),
    ) as CompiledQuery<Row>
    return { ...statement, query }
  }
}
