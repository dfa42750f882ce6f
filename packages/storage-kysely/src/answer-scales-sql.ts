import { sql } from 'kysely'
import type { Expression, RawBuilder } from 'kysely'

/**
 * The scale questions of a survey's `questions` (`AnswerScale` in core's port): one row each, with `id`,
 * `min`, `max` (numeric) and `ord`, the question's position. The one place the scales are written in SQL: the
 * creates judge their answers with `answerOffScaleSql`, an update's read hands them to core
 * (`answerScalesJsonSql`). A `questions` that is not an array has none.
 */
function scaleRowsSql(questions: Expression<unknown>): RawBuilder<unknown> {
  return sql`(
    select q.value ->> 'id' as id, q.ord,
      case q.value ->> 'type' when 'nps' then 0 else 1 end::numeric as min,
      case
        when q.value ->> 'type' = 'nps' then 10
        when jsonb_typeof(q.value -> 'range') = 'number' then (q.value -> 'range')::numeric
        when q.value ->> 'type' = 'rating' then 10
        else 5
      end::numeric as max
    from jsonb_array_elements(case when jsonb_typeof(${questions}) = 'array' then ${questions} else '[]'::jsonb end)
      with ordinality as q(value, ord)
    where q.value ->> 'type' in ('nps', 'rating', 'csat', 'ces') and jsonb_typeof(q.value -> 'id') = 'string'
  )`
}

/**
 * The first scale question (in the survey's order) that `data` answers with a number off its scale, as
 * `{questionId, min, max}` JSON, or NULL. Per scale question one lookup in `data`; a text or an empty string
 * is no number, and is left alone.
 */
export function answerOffScaleSql(questions: Expression<unknown>, data: Expression<unknown>): RawBuilder<unknown> {
  return sql`(
    select jsonb_build_object('questionId', sc.id, 'min', sc.min, 'max', sc.max)
    from ${scaleRowsSql(questions)} sc
    where ${offScale(data)}
    order by sc.ord limit 1
  )`
}

/** Whether `data` answers some scale question of `questions` with a number off its scale. */
export function anyAnswerOffScaleSql(questions: Expression<unknown>, data: Expression<unknown>): RawBuilder<boolean> {
  return sql<boolean>`exists (select from ${scaleRowsSql(questions)} sc where ${offScale(data)})`
}

/** The survey's scales as a JSON array of `{questionId, min, max}`, in order (`[]` without one). */
export function answerScalesJsonSql(questions: Expression<unknown>): RawBuilder<unknown> {
  return sql`(
    select coalesce(jsonb_agg(jsonb_build_object('questionId', sc.id, 'min', sc.min, 'max', sc.max) order by sc.ord), '[]'::jsonb)
    from ${scaleRowsSql(questions)} sc
  )`
}

/** `sc`'s answer in `data` is a number that is not an integer from `sc.min` to `sc.max`. */
const offScale = (data: Expression<unknown>) =>
  sql`jsonb_typeof(${data} -> sc.id) = 'number'
    and not ((${data} -> sc.id)::numeric between sc.min and sc.max and (${data} -> sc.id)::numeric % 1 = 0)`
