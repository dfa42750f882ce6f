import type pg from 'pg'

/** The bytes of Canvass's tables on disk, by table: the table with its TOAST, and its indexes. */
export interface TableSize {
  name: string
  table: number
  indexes: number
}

/**
 * What each table of the `canvass` schema takes (`pg_table_size`, `pg_indexes_size`), a partition of `responses`
 * being a table of its own (`responses_history`, `responses_pYYYYMM`).
 */
export async function tableSizes(db: pg.Pool): Promise<TableSize[]> {
  const { rows } = await db.query<{ name: string; table: string; indexes: string }>(
    `select c.relname as name, pg_table_size(c.oid) as table, pg_indexes_size(c.oid) as indexes
     from pg_class c join pg_namespace ns on ns.oid = c.relnamespace
     where ns.nspname = 'canvass' and c.relkind = 'r' order by c.relname`,
  )
  return rows.map((row) => ({ name: row.name, table: Number(row.table), indexes: Number(row.indexes) }))
}

/** Whether a table is a partition of `responses`. */
export const isResponsePartition = (name: string) => name === 'responses_history' || /^responses_p\d{6}$/.test(name)

/** The sum of the tables `which` picks, and of their indexes. */
export function total(sizes: TableSize[], which: (name: string) => boolean = () => true): { table: number; indexes: number } {
  const picked = sizes.filter((size) => which(size.name))
  return { table: picked.reduce((sum, s) => sum + s.table, 0), indexes: picked.reduce((sum, s) => sum + s.indexes, 0) }
}

/**
 * Bytes of each index of `responses`, over its partitions, by the name of the partitioned index (each partition's
 * index is attached to it) without the `responses_` in front.
 */
export async function responseIndexSizes(db: pg.Pool): Promise<Map<string, number>> {
  const { rows } = await db.query<{ table: string; index: string; bytes: string }>(
    `select t.relname as table, coalesce(p.relname, i.relname) as index, pg_relation_size(i.oid) as bytes
     from pg_index x join pg_class i on i.oid = x.indexrelid join pg_class t on t.oid = x.indrelid
     join pg_namespace ns on ns.oid = t.relnamespace
     left join pg_inherits h on h.inhrelid = i.oid left join pg_class p on p.oid = h.inhparent
     where ns.nspname = 'canvass' and t.relkind = 'r'`,
  )
  const sizes = new Map<string, number>()
  for (const row of rows.filter((r) => isResponsePartition(r.table))) {
    const name = row.index.replace(/^responses_/, '')
    sizes.set(name, (sizes.get(name) ?? 0) + Number(row.bytes))
  }
  return sizes
}

/** Exact row counts of some tables of the `canvass` schema. */
export async function rowCounts(db: pg.Pool, names: string[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>()
  for (const name of names) {
    const { rows } = await db.query<{ n: string }>(`select count(*) as n from canvass."${name}"`)
    counts.set(name, Number(rows[0]?.n ?? 0))
  }
  return counts
}
