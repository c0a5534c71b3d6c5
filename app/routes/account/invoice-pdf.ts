import type { Route } from './+types/invoice-pdf'
import { invoiceForAccount } from '#app/models/customer/records.server.ts'
import { invoicePdfOf } from '#app/models/invoice/pdf.server.ts'
import { invoiceFileName } from '#app/models/invoice/file-names.ts'
import { requireCustomer } from '#app/http/customer.server.ts'
import { recordIdOf } from '#app/http/records.server.ts'
import { getDb } from '#app/http/context.server.ts'
import { notFound } from '#app/http/responses.server.ts'

// GET /account/invoices/:id/pdf: an invoice or credit note of an order the account sees, in the
// language it was issued in; any other id is not found.
export async function loader({ request, params, context }: Route.LoaderArgs) {
	const { access } = await requireCustomer(request, context)
	const id = recordIdOf(params.id)
	const invoice = id ? await invoiceForAccount(getDb(context), access, id) : null
	if (!invoice) throw notFound()
	return new Response(Buffer.from(await invoicePdfOf(getDb(context), invoice)), {
		headers: {
			'Content-Type': 'application/pdf',
			'Content-Disposition': `attachment; filename="${invoiceFileName(invoice, 'pdf')}"`,
			'Cache-Control': 'private, no-store',
			'X-Robots-Tag': 'noindex',
		},
	})
}
