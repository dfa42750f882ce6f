/** What one pass of the webhook dispatcher did, counted by outcome. */
export interface DispatchReport {
  claimed: number
  delivered: number
  retried: number
  failed: number
  /** Claimed but handed back unsent (the lease could not cover another attempt, or shutdown): due again at once. */
  released: number
}
