/** What one bench run does, from environment variables so that `pnpm bench` needs no arguments. */
export interface BenchConfig {
  /**
   * Seconds of measured load per scenario (`BENCH_DURATION`).
   * @default 10
   */
  duration: number
  /**
   * Seconds of unmeasured load before each scenario (`BENCH_WARMUP`), so JIT and pools are warm.
   * @default 2
   */
  warmup: number
  /**
   * Rounds of each comparison of `pnpm bench` (`BENCH_ROUNDS`): baseline and Canvass measured back to back in
   * each; the median of the rounds' ratios is judged. Odd counts have a middle round.
   * @default 3
   */
  rounds: number
  /**
   * Slices each measured run is cut into by `pnpm bench:ingest` and `pnpm bench:webhooks` (`BENCH_SLICES`): the
   * loads compared take turns slice by slice, so that a slow spell of the machine lands on both.
   * @default 5
   */
  slices: number
  /**
   * How `pnpm bench` loads the two servers of a comparison (`BENCH_LOAD`): `turns`, one after the other slice by
   * slice, or `together`, both at once, each with its own load generator and `connections` connections, the two
   * servers sharing one core. With turns on a 2-core machine the load generator's core is the busier one, and a
   * preflight ratio measures it as much as the servers; together, the servers are what runs out (README.md).
   * @default 'turns'
   */
  load: 'turns' | 'together'
  /**
   * The baseline of `pnpm bench`'s (a) (`BENCH_PREFLIGHT_BASELINE`): `pg`, a `node:http` server that opened a
   * `pg` pool at its start as every server keeping its data in Postgres does, or `alone`, the same server with
   * no database client, which no such server matches (README.md, "Reading the result"). One per run: measured
   * one after the other against the same Canvass, the second baseline came out 20 % slower, whichever it was.
   * @default 'pg'
   */
  preflightBaseline: 'pg' | 'alone'
  /**
   * Concurrent keep-alive connections of the load generator (`BENCH_CONNECTIONS`).
   * @default 50
   */
  connections: number
  /**
   * Any database on the Postgres server to bench against (`BENCH_DATABASE_URL`); the bench only uses it
   * to create and drop its own `canvass_bench_*` database.
   * @default 'postgres://postgres@127.0.0.1:5432/postgres'
   */
  databaseUrl: string
}

export function readBenchConfig(env: NodeJS.ProcessEnv = process.env): BenchConfig {
  return {
    duration: positiveNumber(env, 'BENCH_DURATION', 10),
    warmup: positiveNumber(env, 'BENCH_WARMUP', 2, { allowZero: true }),
    rounds: Math.max(1, Math.round(positiveNumber(env, 'BENCH_ROUNDS', 3))),
    slices: Math.max(1, Math.round(positiveNumber(env, 'BENCH_SLICES', 5))),
    load: choice(env, 'BENCH_LOAD', ['turns', 'together']),
    preflightBaseline: choice(env, 'BENCH_PREFLIGHT_BASELINE', ['pg', 'alone']),
    connections: Math.round(positiveNumber(env, 'BENCH_CONNECTIONS', 50)),
    databaseUrl: env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres',
  }
}

/** One of `values` from `env[name]` (the first when unset or empty); throws, naming the variable, on anything else. */
export function choice<T extends string>(env: NodeJS.ProcessEnv, name: string, values: readonly [T, ...T[]]): T {
  const raw = env[name]
  if (raw === undefined || raw === '') return values[0]
  const found = values.find((value) => value === raw)
  if (found === undefined) throw new Error(`${name} must be ${values.join(' or ')}, got "${raw}"`)
  return found
}

/** A number of `env[name]` (`fallback` when unset or empty); throws, naming the variable, on anything else. */
export function positiveNumber(env: NodeJS.ProcessEnv, name: string, fallback: number, { allowZero = false } = {}): number {
  const raw = env[name]
  if (raw === undefined || raw === '') return fallback
  const value = Number(raw)
  if (!Number.isFinite(value) || value < 0 || (value === 0 && !allowZero)) {
    throw new Error(`${name} must be a ${allowZero ? 'non-negative' : 'positive'} number, got "${raw}"`)
  }
  return value
}
