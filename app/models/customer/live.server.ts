import { and, eq, sql } from 'drizzle-orm'
import type { Database } from '#database/client.ts'
import { orders } from '#database/schema.ts'
import { accessOf, orderScope } from '#app/models/customer/records.server.ts'
import type { Customer } from '#app/models/customer/session.server.ts'

// Whether a signed-in customer may hear a stream their page was given, asked again at every
// subscription: their own account's stream, and the orders their account sees now (a colleague
// removed from the company no longer hears the company's orders, whatever names their page holds).
export async function customerMayListen(
	db: Database,
	customer: Pick<Customer, 'id' | 'email' | 'companyId'>,
	stream: string,
): Promise<boolean> {
	if (stream === `customer:${customer.id}`) return true
	const order = /^order:(\d{1,10})$/.exec(stream)
	if (!order) return false
	const [row] = await db
		.select({ found: sql<number>`1` })
		.from(orders)
		.where(and(eq(orders.id, Number(order[1])), orderScope(accessOf(customer))))
	return Boolean(row)
}
