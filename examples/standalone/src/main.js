// The whole standalone server, as `npx canvass start` runs it: settings from environment variables (PORT,
// DATA_DIR, DATABASE_URL, ...; see docs/configuration.md), stopped by SIGTERM or SIGINT.
import { start } from '@canvass/server'

await start()
