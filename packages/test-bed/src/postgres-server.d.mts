/** See postgres-server.mjs. */
import type { Kysely } from 'kysely'

export declare function databaseUrl(serverUrl: string, name: string): string
export declare function adminStatement(serverUrl: string, statement: string): Promise<void>
export declare function withDatabase<T>(url: string, work: (db: Kysely<unknown>) => Promise<T>): Promise<T>
export declare function createMigratedDatabase(serverUrl: string, name: string): Promise<undefined>
export declare function createMigratedDatabase<T>(serverUrl: string, name: string, inspect: (db: Kysely<unknown>) => Promise<T>): Promise<T>
export declare function dropDatabases(databases: Array<[serverUrl: string, name: string]>): Promise<void>
