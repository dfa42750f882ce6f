import type { ResponseCondition, ResponseJsonField } from '@canvass/core'
import { sql } from 'kysely'
import type { RawBuilder, SqlBool } from 'kysely'
import { isStorable } from '../postgres/is-storable'
import type { SchemaNames } from '../postgres/schema-names'

/**
 * The one SQL builder of `ResponseFilter.where`, for every read that filters responses (lists, counts, exports,
 * summaries, a field's answers): each condition on the responses row `alias` as one parameterised fragment, all
 * of them joined with `and`; `true` for none. Every value is a bound parameter; names come from fixed maps.
 *
 * Plans: an answer's `eq`/`in` is a JSON containment (`data @> '{"q":"x"}'`), which the GIN `jsonb_path_ops`
 * index on `responses.data` serves (migration `0032-response-data-index`), so a rare answer is found without
 * reading the survey; every other condition is checked on the rows the list's keyset index yields.
 */
export function responseConditionsSql(names: SchemaNames, alias: string, conditions: ResponseCondition[] | undefined): RawBuilder<SqlBool> {
  if (!conditions || conditions.length === 0) return sql<SqlBool>`true`
  return sql<SqlBool>`(${sql.join(
    conditions.map((condition) => conditionSql(names, alias, condition)),
    sql` and `,
  )})`
}

const COLUMNS: Record<ResponseJsonField['column'], string> = {
  data: 'data',
  variables: 'variables',
  meta: 'meta',
  contactAttributes: 'contact_attributes',
}

const COMPARISONS = { gt: '>', gte: '>=', lt: '<', lte: '<=' } as const

/** A text that is a plain decimal number, which `numeric` reads without failing (bounded, so never out of range). */
const DECIMAL_TEXT = '^ *-?[0-9]{1,30}([.][0-9]{1,30})? *$'

function conditionSql(names: SchemaNames, alias: string, condition: ResponseCondition): RawBuilder<SqlBool> {
  const column = (name: string) => sql.ref(`${alias}.${name}`)
  switch (condition.on) {
    case 'json':
      return jsonConditionSql(column(COLUMNS[condition.field.column]), condition)
    case 'language': {
      if (!condition.values.every(isStorable)) return sql<SqlBool>`false`
      const among = sql`${column('language')} in (${sql.join(condition.values)})`
      return condition.values.includes('default') ? sql<SqlBool>`(${among} or ${column('language')} is null)` : sql<SqlBool>`${among}`
    }
    case 'tags': {
      if (!condition.values.every(isStorable)) return sql<SqlBool>`${sql.raw(condition.op === 'nin' ? 'true' : 'false')}`
      const tagged = sql`exists (select 1 from ${names.ref('response_tags')} rt join ${names.ref('tags')} t on t.id = rt.tag_id
        where rt.response_id = ${column('id')} and t.name in (${sql.join(condition.values)}))`
      return condition.op === 'nin' ? sql<SqlBool>`not ${tagged}` : sql<SqlBool>`${tagged}`
    }
    case 'quota':
      if (!isStorable(condition.quotaId)) return sql<SqlBool>`false`
      return sql<SqlBool>`exists (select 1 from ${names.ref('response_quota_links')} ql
        where ql.response_id = ${column('id')} and ql.quota_id = ${condition.quotaId} and ql.status in (${sql.join(condition.values)}))`
    case 'finished':
      return sql<SqlBool>`${column('finished')} = ${condition.value}`
    case 'createdAt':
    case 'updatedAt':
      return sql<SqlBool>`${column(condition.on === 'createdAt' ? 'created_at' : 'updated_at')} ${sql.raw(COMPARISONS[condition.op])} ${condition.value}::timestamptz`
    case 'any':
      if (condition.conditions.length === 0) return sql<SqlBool>`false`
      return sql<SqlBool>`(${sql.join(
        condition.conditions.map((inner) => conditionSql(names, alias, inner)),
        sql` or `,
      )})`
  }
}

function jsonConditionSql(column: RawBuilder<unknown>, condition: Extract<ResponseCondition, { on: 'json' }>): RawBuilder<SqlBool> {
  const { path } = condition.field
  if (!path.every(isStorable)) return sql<SqlBool>`false`
  const json = path.reduce<RawBuilder<unknown>>((value, key) => sql`${value} -> ${key}::text`, column)
  const text = sql`${json} #>> '{}'`
  switch (condition.op) {
    case 'in': {
      if (!condition.values.every(isStorable)) return sql<SqlBool>`false`
      // Containment, which the GIN index serves: a string equal to the value, the same number, or an array holding either.
      const documents = condition.values.flatMap((value) => {
        const leaves = [JSON.stringify(value)]
        const number = Number(value)
        if (/^-?\d+(\.\d+)?([eE][+-]?\d+)?$/.test(value) && Number.isFinite(number)) leaves.push(JSON.stringify(number))
        const inArrays = condition.field.column === 'data' ? leaves.map((leaf) => `[${leaf}]`) : []
        return [...leaves, ...inArrays].map((leaf) => path.reduceRight((inner, key) => `{${JSON.stringify(key)}:${inner}}`, leaf))
      })
      return sql<SqlBool>`(${sql.join(
        documents.map((document) => sql`${column} @> ${document}::jsonb`),
        sql` or `,
      )})`
    }
    case 'gt':
    case 'gte':
    case 'lt':
    case 'lte': {
      const number = sql`case when jsonb_typeof(${json}) = 'number' then (${text})::numeric
        when jsonb_typeof(${json}) = 'string' and ${text} ~ ${DECIMAL_TEXT} then (${text})::numeric end`
      return sql<SqlBool>`(${number}) ${sql.raw(COMPARISONS[condition.op])} ${String(condition.value)}::numeric`
    }
    case 'contains': {
      if (!isStorable(condition.value)) return sql<SqlBool>`false`
      const pattern = `%${condition.value.replace(/[\\%_]/g, (char) => `\\${char}`)}%`
      return sql<SqlBool>`(jsonb_typeof(${json}) = 'string' and ${text} ilike ${pattern})`
    }
    case 'exists': {
      const said = sql`coalesce(${answered(text, json)}, false)`
      return condition.value ? sql<SqlBool>`${said}` : sql<SqlBool>`not ${said}`
    }
  }
}

/**
 * Whether an answer says something: not missing, null, "", [] or {}. Compared as text (`->>`), which is
 * several times cheaper per row than comparing JSON; the type is looked at only for the rare text `[]` or
 * `{}`, which a string answer may be.
 */
export function answered(text: RawBuilder<unknown>, json: RawBuilder<unknown>): RawBuilder<boolean> {
  return sql<boolean>`(${text} <> '' and (${text} not in ('[]', '{}') or jsonb_typeof(${json}) = 'string'))`
}
