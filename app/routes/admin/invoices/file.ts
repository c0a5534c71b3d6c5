import type { Route } from './+types/file'
import { requireStaff } from '#app/http/access.server.ts'
import { recordIdOf } from '#app/http/records.server.ts'
import { findInvoice, invoiceXml } from '#app/models/invoice/invoice.server.ts'
import { invoicePdfOf } from '#app/models/invoice/pdf.server.ts'
import { invoiceFileName } from '#app/models/invoice/file-names.ts'
import { getDb } from '#app/http/context.server.ts'
import { notFound } from '#app/http/responses.server.ts'

// GET /admin/invoices/:id/pdf and /admin/invoices/:id/oioubl: an invoice or credit note as a PDF,
// or, for a buyer with an EAN, as the OIOUBL 2.1 XML that goes to NemHandel.
export async function loader({ request, params, context }: Route.LoaderArgs) {
	requireStaff(request, context)
	const db = getDb(context)
	const id = recordIdOf(params.id)
	const invoice = id ? await findInvoice(db, id) : null
	if (!invoice || (params.format === 'oioubl' && !invoice.buyer.ean) || !['pdf', 'oioubl'].includes(params.format))
		throw notFound()
	const headers = { 'Cache-Control': 'private, no-store' }
	if (params.format === 'pdf') {
		return new Response(Buffer.from(await invoicePdfOf(db, invoice)), {
			headers: {
				...headers,
				'Content-Type': 'application/pdf',
				'Content-Disposition': `attachment; filename="${invoiceFileName(invoice, 'pdf')}"`,
			},
		})
	}
	return new Response(await invoiceXml(db, invoice), {
		headers: {
			...headers,
			'Content-Type': 'application/xml; charset=utf-8',
			'Content-Disposition': `attachment; filename="${invoiceFileName(invoice, 'xml')}"`,
		},
	})
}
