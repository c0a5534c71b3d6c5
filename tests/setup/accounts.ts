import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { companies, invoices, orderFiles, orders } from '#database/schema.ts'
import { seedDatabase } from '#database/seed.ts'
import { companySearchName } from '#app/models/company/fold.ts'
import { changeOrderStatus } from '#app/models/order/lifecycle.server.ts'
import { acceptQuote } from '#app/models/order/accept.server.ts'
import { openTestDatabase, type TestDatabase } from '#tests/setup/database.ts'
import { acceptFields, inProgressWithFile, insertStaff, savedQuote } from '#tests/setup/orders.ts'
import { testServices } from '#tests/setup/services.ts'

export const ACCOUNT_COMPANY = { cvr: 31415926, name: 'Fjordlys Rådgivning ApS' }
export type SeededOrder = { id: number; reference: string; token: string; invoiceId: number; fileId: string }
type Wanted = { email: string; name: string; cvr?: number }

// Delivered (and invoiced) orders made before any account existed, each with its translation on
// disk, and the company of ACCOUNT_COMPANY in the registry: what a customer finds on signing in.
export async function seedAccountOrders(test: TestDatabase, wanted: Wanted[]): Promise<SeededOrder[]> {
	const handle = await openTestDatabase(test)
	try {
		await seedDatabase(handle.db, { companies: 0 })
		await handle.db.insert(companies).values({
			cvr: ACCOUNT_COMPANY.cvr,
			name: ACCOUNT_COMPANY.name,
			searchName: companySearchName(ACCOUNT_COMPANY.name),
			street: 'Havnegade 3',
			postcode: '1058',
			city: 'København K',
			isActive: true,
		})
		const staff = await insertStaff(handle.db)
		const services = testServices({ db: handle.db })
		const seeded: SeededOrder[] = []
		for (const { email, name, cvr } of wanted) {
			const { quoteId } = await savedQuote(handle.db)
			const accepted = await acceptQuote(services, quoteId, acceptFields({ email, name }), 'en')
			if (!accepted.ok) throw new Error('not accepted')
			const order = await inProgressWithFile(services, staff, accepted.token)
			if (cvr)
				await handle.db
					.update(orders)
					.set({ customer: { ...order.customer, kind: 'company', companyCvr: cvr, companyName: ACCOUNT_COMPANY.name } })
					.where(eq(orders.id, order.id))
			await changeOrderStatus(services, staff, order.id, 'delivered')
			const [invoice] = await handle.db.select().from(invoices).where(eq(invoices.orderId, order.id))
			const [file] = await handle.db.select().from(orderFiles).where(eq(orderFiles.orderId, order.id))
			const deliveries = path.join(test.dataDir, 'documents', 'deliveries')
			mkdirSync(deliveries, { recursive: true })
			writeFileSync(path.join(deliveries, file!.storedName), `the translation for ${email}`)
			seeded.push({
				id: order.id,
				reference: order.reference,
				token: order.token,
				invoiceId: invoice!.id,
				fileId: file!.id,
			})
		}
		return seeded
	} finally {
		await handle.close()
	}
}
