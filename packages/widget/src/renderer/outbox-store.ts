/**
 * Where the outbox keeps its records: the `canvass-outbox` IndexedDB database (one object store, `records`,
 * keyed by the record's `id`), or memory where IndexedDB cannot be opened (some private modes, sandboxed
 * iframes, Node): then answers are still queued and retried, only not kept across a reload. A failed write
 * falls back to memory too: a survey widget must never break the host page.
 */

/** The database a site deletes to clear what the widget keeps (`indexedDB.deleteDatabase('canvass-outbox')`). */
export const OUTBOX_DATABASE = 'canvass-outbox'
const RECORDS = 'records'

export interface OutboxStore<T extends { id: string }> {
  all(): Promise<T[]>
  /** Writes the record; false when it is kept in memory only (no IndexedDB, or the write failed). */
  put(record: T): Promise<boolean>
  delete(id: string): Promise<void>
}

export function memoryStore<T extends { id: string }>(): OutboxStore<T> {
  const records = new Map<string, T>()
  return {
    all: async () => [...records.values()].map(copy),
    put: async (record) => {
      records.set(record.id, copy(record))
      return false
    },
    delete: async (id) => {
      records.delete(id)
    },
  }
}

/** The IndexedDB store, opened on first use; memory when it cannot be. */
export function indexedDbStore<T extends { id: string }>(): OutboxStore<T> {
  const memory = memoryStore<T>()
  let opened: Promise<IDBDatabase | undefined> | undefined
  const db = () => (opened ??= openDatabase())
  const run = async <R>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<R>): Promise<R | undefined> => {
    const database = await db()
    if (!database) return undefined
    return new Promise<R | undefined>((resolve) => {
      try {
        // Settled when the transaction has committed, not at the request's success: a page that leaves at once
        // (a redirect ending) would otherwise abort a write that its caller took as done, and the next page of
        // the origin would find a deleted record still there and send it again.
        const transaction = database.transaction(RECORDS, mode)
        const request = work(transaction.objectStore(RECORDS))
        transaction.oncomplete = () => resolve(request.result)
        transaction.onerror = () => resolve(undefined)
        transaction.onabort = () => resolve(undefined)
      } catch {
        resolve(undefined)
      }
    })
  }
  return {
    async all() {
      const stored = ((await run('readonly', (store) => store.getAll())) ?? []) as T[]
      const kept = await memory.all()
      return [...stored.filter((r) => !kept.some((k) => k.id === r.id)), ...kept]
    },
    async put(record) {
      const written = await run('readwrite', (store) => store.put(record))
      if (written === undefined) return memory.put(record)
      await memory.delete(record.id)
      return true
    },
    async delete(id) {
      await memory.delete(id)
      await run('readwrite', (store) => store.delete(id))
    },
  }
}

function openDatabase(): Promise<IDBDatabase | undefined> {
  return new Promise((resolve) => {
    try {
      const request = indexedDB.open(OUTBOX_DATABASE, 1)
      request.onupgradeneeded = () => request.result.createObjectStore(RECORDS, { keyPath: 'id' })
      request.onsuccess = () => resolve(request.result)
      request.onerror = () => resolve(undefined)
      request.onblocked = () => resolve(undefined)
    } catch {
      resolve(undefined)
    }
  })
}

const copy = <T>(value: T): T => (typeof structuredClone === 'function' ? structuredClone(value) : JSON.parse(JSON.stringify(value)))
