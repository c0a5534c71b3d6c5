import type { Route } from './+types/invoice-oioubl'
import { invoiceForAccount } from '#app/models/customer/records.server.ts'
import { invoiceXml } from '#app/models/invoice/invoice.server.ts'
import { invoiceFileName } from '#app/models/invoice/file-names.ts'
import { requireCustomer } from '#app/http/customer.server.ts'
import { recordIdOf } from '#app/http/records.server.ts'
import { getDb } from '#app/http/context.server.ts'
import { notFound } from '#app/http/responses.server.ts'

// GET /account/invoices/:id/oioubl: the OIOUBL 2.1 file of an invoice or credit note to a buyer
// with an EAN, for the finance office's own system; the same document NemHandel gets.
export async function loader({ request, params, context }: Route.LoaderArgs) {
	const { access } = await requireCustomer(request, context)
	const id = recordIdOf(params.id)
	const invoice = id ? await invoiceForAccount(getDb(context), access, id) : null
	if (!invoice?.buyer.ean) throw notFound()
	return new Response(await invoiceXml(getDb(context), invoice), {
		headers: {
			'Content-Type': 'application/xml; charset=utf-8',
			'Content-Disposition': `attachment; filename="${invoiceFileName(invoice, 'xml')}"`,
			'Cache-Control': 'private, no-store',
			'X-Robots-Tag': 'noindex',
		},
	})
}
