/**
 * The one error the source client throws: what the source answered, and whether it is worth reading on.
 */

/** The source answered an error that retrying does not mend, or kept failing. */
export class SourceError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    /**
     * Whether nothing more can be read from this source: it refused the key (401, 403), it redirects, or it
     * could not be reached before it ever answered. An import stops there rather than failing every list alike.
     */
    readonly fatal = false,
  ) {
    super(message)
    this.name = 'SourceError'
  }
}
