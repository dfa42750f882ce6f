/** An operator's mistake: reported as its message, exit code 1. */
export class UsageError extends Error {}
