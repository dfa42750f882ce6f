import { CompiledQuery } from 'kysely'

/**
 * Placeholders for the values of a query built once with Kysely and run many times (see `precompiled`): each
 * is a string no caller sends, so the compiled parameters tell which value goes where.
 */
export function slots(count: number): string[] {
  return Array.from({ length: count }, (_, i) => `\u0000canvass-slot-${i}\u0000`)
}

/**
 * Turns a query compiled once, with `slots` in place of its values, into a function of those values. Building
 * and compiling a query with Kysely costs tens of microseconds, which on a path taken by every respondent
 * is worth paying once per storage instead of once per call. Throws at once if a parameter of the query is not
 * one of the slots, so a value baked in by mistake cannot go unnoticed.
 */
export function precompiled<Row>(compiled: CompiledQuery<Row>, placeholders: readonly string[]): (values: readonly unknown[]) => CompiledQuery<Row> {
  const order = compiled.parameters.map((parameter) => {
    const index = typeof parameter === 'string' ? placeholders.indexOf(parameter) : -1
    if (index === -1) throw new Error(`a parameter of a precompiled query is not a slot: ${String(parameter)}`)
    return index
  })
  const text = compiled.sql
  return (values) => CompiledQuery.raw(text, order.map((index) => values[index])) as CompiledQuery<Row>
}
