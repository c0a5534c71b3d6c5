// Accepts the jobs named on the command line as one translator, all at once, as another server
// process would, from a moment given so two of these start together; prints each outcome. The
// race test runs two of these on one PostgreSQL.
// Usage: node tests/setup/accept-offers.ts DATABASE_URL START_MS TRANSLATOR_ID USER_ID JOB_ID…
import { setTimeout as sleep } from 'node:timers/promises'
import { openDatabase } from '#database/client.ts'
import { acceptOffer } from '#app/models/vendor/offers.server.ts'
import { testServices } from '#tests/setup/services.ts'

const [databaseUrl, startAt, translatorId, userId, ...jobIds] = process.argv.slice(2)
const handle = await openDatabase({ databaseUrl, dataDir: '' })
const services = testServices({ db: handle.db })
const me = { id: Number(translatorId), userId: Number(userId), name: `Translator ${translatorId}` }
// Warm the pool, then wait for the agreed moment.
await handle.db.execute('select 1')
await sleep(Math.max(0, Number(startAt) - Date.now()))
const outcomes = await Promise.all(jobIds.map(async (id) => [Number(id), await acceptOffer(services, me, Number(id))]))
process.stdout.write(JSON.stringify(Object.fromEntries(outcomes)))
await handle.close()
