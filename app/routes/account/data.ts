import type { Route } from './+types/data'
import { exportCustomerData } from '#app/models/customer/privacy.server.ts'
import { requireCustomer } from '#app/http/customer.server.ts'
import { getDb } from '#app/http/context.server.ts'

// GET /account/data: "Download my data", as JSON.
export async function loader({ request, context }: Route.LoaderArgs) {
	const { customer } = await requireCustomer(request, context)
	const exported = await exportCustomerData(getDb(context), customer)
	return new Response(JSON.stringify(exported, null, 2), {
		headers: {
			'Content-Type': 'application/json; charset=utf-8',
			'Content-Disposition': `attachment; filename="tolk-data-${new Date().toISOString().slice(0, 10)}.json"`,
			'Cache-Control': 'private, no-store',
			'X-Robots-Tag': 'noindex',
		},
	})
}
