/**
 * The version of `@canvass/server` this process runs, as its package.json says, for the health answers. Only the
 * field is imported: the build puts the string into the bundle (the Deno server's too), not the whole file.
 */
import { version } from '../package.json'

export const SERVER_VERSION: string = version
