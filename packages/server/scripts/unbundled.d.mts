/** See unbundled.mjs. */
export declare const UNBUNDLED: string[]
