/**
 * The version of `@canvass/server` this process runs, as its package.json says: for `canvass --version`, the
 * health answers and the metric `canvass_build_info`. Only the field is imported: the build puts the string into
 * the bundle (the Deno server's too), not the whole file, and a release versions the packages before it builds
 * them (docs/releasing.md).
 */
import { version } from '../package.json'

export const SERVER_VERSION: string = version
