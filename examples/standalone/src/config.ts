import { resolve } from 'node:path'

/** The standalone server's settings, all from environment variables (contract §10). */
export interface StandaloneConfig {
  port: number
  host: string
  /** A Postgres server; unset means embedded PGlite under `dataDir`. */
  databaseUrl: string | undefined
  dataDir: string
  publicUrl: string | undefined
  initApiKey: string | undefined
  initDevApiKey: string | undefined
  secret: string | undefined
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): StandaloneConfig {
  // `pnpm start` runs in this package's folder; relative paths are meant from where the user typed it.
  const base = env.INIT_CWD ?? process.cwd()
  const port = Number(env.PORT ?? 3000)
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got "${env.PORT}"`)
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: resolve(base, env.DATA_DIR ?? '.canvass'),
    publicUrl: env.PUBLIC_URL || undefined,
    initApiKey: env.CANVASS_INIT_API_KEY || undefined,
    initDevApiKey: env.CANVASS_INIT_DEV_API_KEY || undefined,
    secret: env.CANVASS_SECRET || undefined,
  }
}
