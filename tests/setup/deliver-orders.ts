// Delivers the orders named on the command line at once, as another server process would, and
// prints the invoice numbers it got: the invoice numbering test runs two of these on one
// PostgreSQL. Usage: node tests/setup/deliver-orders.ts DATABASE_URL STAFF_ID ORDER_ID…
import { openDatabase } from '#database/client.ts'
import { changeOrderStatus } from '#app/models/order/lifecycle.server.ts'
import { testServices } from '#tests/setup/services.ts'

const [databaseUrl, staffId, ...orderIds] = process.argv.slice(2)
const handle = await openDatabase({ databaseUrl, dataDir: '' })
const services = testServices({ db: handle.db })
const staff = { id: Number(staffId), name: 'Second process' }
const numbers = await Promise.all(
	orderIds.map(async (id) => (await changeOrderStatus(services, staff, Number(id), 'delivered')).invoice!.number),
)
process.stdout.write(JSON.stringify(numbers))
await handle.close()
