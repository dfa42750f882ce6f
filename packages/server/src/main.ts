// `node dist/main.js`: the server alone, without the CLI's other commands (`pnpm start`, the tests, the benches).
import { start } from './start'

await start()
