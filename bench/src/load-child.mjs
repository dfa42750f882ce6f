// One measured load, run by `run-load.ts` in a process of its own: autocannon in the bench process carried
// the garbage and the state of one run into the next, and the second server of a pair measured up to a third
// slower than the first, whichever it was. Reads LOAD_OPTIONS (autocannon's options, `warmup` and `duration`
// in seconds) and prints what `run-load.ts` needs of both runs as one JSON object.
import autocannon from 'autocannon'

const { options, warmup, duration } = JSON.parse(process.env.LOAD_OPTIONS)
// Two runs, so that failures during the warm-up are counted too.
const warm = warmup > 0 ? await autocannon({ ...options, duration: warmup }) : undefined
const result = await autocannon({ ...options, duration })
const statusCodes = {}
for (const [code, stat] of Object.entries(result.statusCodeStats ?? {})) statusCodes[code] = stat.count ?? 0
process.stdout.write(
  JSON.stringify({
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    seconds: result.duration,
    non2xx: result.non2xx + (warm?.non2xx ?? 0),
    errors: result.errors + (warm?.errors ?? 0),
    statusCodes,
  }),
)
