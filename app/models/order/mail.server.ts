import { asc, eq } from 'drizzle-orm'
import { documents, orders, type OrderStatus } from '#database/schema.ts'
import type { AppServices } from '#app/models/services.ts'
import { getSettings } from '#app/models/site.server.ts'
import { customerSignoff, mailText } from '#app/models/mail-text.server.ts'
import { confirmationTerms, termsAttachment } from '#app/models/order/confirmation.server.ts'
import { formatDay } from '#app/utils/format.ts'
import { pathFor, type Locale } from '#app/utils/locales.ts'
import type { MailAttachment } from '#server/mailer.ts'

// 'update': staff changed the status or wrote to the customer (a public note).
// 'reminder': an invoice is overdue ("rykker"), with what to pay (vars) and both PDFs.
export type OrderMailKind = 'confirmed' | 'delivered' | 'update' | 'reminder'
type MailExtra = {
	attachments?: MailAttachment[]
	// Further paragraphs, as message keys (the delivery's "the invoice is attached").
	notes?: string[]
	message?: string
	status?: OrderStatus | null
	vars?: Record<string, string>
	// The mail carries an invoice ('invoice': the finance office gets its own mail with it) or a
	// reminder or credit note ('copy': it goes to the finance office, a copy to the orderer), when
	// the order names an invoice e-mail.
	finance?: 'invoice' | 'copy'
}
type Services = Pick<AppServices, 'db' | 'sendMail' | 'publicUrl'>
type Order = typeof orders.$inferSelect
// The customer's mail at each step of an order, in the language they ordered in, with the link to
// the order page; the confirmation carries the key terms and the terms of business. The agency
// hears of a new order (in Danish, with links to the admin and the documents). Returns the
// address the customer's mail went to.
export async function sendOrderMails(
	services: Services,
	orderId: number,
	kind: OrderMailKind,
	extra: MailExtra = {},
): Promise<string | null> {
	const { db, sendMail, publicUrl } = services
	const [order] = await db.select().from(orders).where(eq(orders.id, orderId))
	if (!order) return null
	const settings = await getSettings(db)
	const locale = order.locale as Locale
	const vars = {
		reference: order.reference,
		name: order.customer.name,
		url: `${publicUrl}${pathFor('orderStatus', locale, { token: order.token })}`,
		date: formatDay(order.dueDate, locale),
		agency: settings.agencyName,
		...extra.vars,
	}
	const confirmed = kind === 'confirmed'
	const financeOffice = financeOfficeOf(order, extra)
	// Addressed to the finance office, the mail leaves out the order's link: it opens the files.
	const toFinance = financeOffice !== null && extra.finance === 'copy'
	sendMail({
		...(toFinance ? { to: financeOffice, cc: order.customer.email } : { to: order.customer.email }),
		replyTo: settings.email,
		subject: mailText(locale, `mail.order.${kind}Subject`, vars),
		text: [
			mailText(locale, 'mail.request.greeting', vars),
			mailText(locale, `mail.order.${kind}`, vars),
			...(extra.notes ?? []).map((key) => mailText(locale, key, vars)),
			...statusLines(locale, extra),
			confirmed ? await confirmationTerms(db, order) : '',
			toFinance ? '' : mailText(locale, 'mail.order.link', vars),
			customerSignoff(publicUrl, locale, settings.agencyName),
		]
			.filter(Boolean)
			.join('\n\n'),
		attachments: [...(extra.attachments ?? []), ...(confirmed ? [termsAttachment(order)] : [])],
	})
	if (confirmed) await tellAgency(services, order, settings.email, vars)
	if (financeOffice && extra.finance === 'invoice') mailFinanceOffice(services, order, financeOffice, extra, settings)
	return financeOffice ? `${financeOffice}, ${order.customer.email}` : order.customer.email
}

// The finance office's address when it is another than the orderer's and the mail is for it.
const financeOfficeOf = (order: Order, extra: MailExtra) => {
	const address = order.customer.invoiceEmail
	return extra.finance && address && address !== order.customer.email.toLowerCase() ? address : null
}

// The invoice for the finance office: no order link (that is the orderer's, with the translated
// files), the references it books by, the PDF. The orderer's own delivery mail is their copy.
function mailFinanceOffice(
	services: Services,
	order: Order,
	to: string,
	extra: MailExtra,
	settings: { email: string; agencyName: string },
) {
	const locale = order.locale as Locale
	const { customer } = order
	const vars = { reference: order.reference, name: customer.name, invoice: extra.vars?.invoice ?? '' }
	services.sendMail({
		to,
		replyTo: settings.email,
		subject: mailText(locale, 'mail.order.financeSubject', vars),
		text: [
			mailText(locale, 'mail.order.finance', vars),
			customer.purchaseOrder ? mailText(locale, 'mail.order.financePo', { po: customer.purchaseOrder }) : '',
			customer.costCentre ? mailText(locale, 'mail.order.financeCostCentre', { costCentre: customer.costCentre }) : '',
			customerSignoff(services.publicUrl, locale, settings.agencyName),
		]
			.filter(Boolean)
			.join('\n\n'),
		attachments: extra.attachments,
	})
}

// What changed and what staff wrote, as the order page shows it.
function statusLines(locale: Locale, { status, message }: MailExtra): string[] {
	return [
		status ? mailText(locale, 'mail.order.statusNow', { status: mailText(locale, `orderStatus.${status}`) }) : '',
		status === 'cancelled' ? mailText(locale, 'mail.order.cancelledNote') : '',
		message ? `${mailText(locale, 'mail.order.message')}\n${message}` : '',
	]
}

async function tellAgency(services: Services, order: Order, agencyEmail: string, vars: Record<string, string>) {
	const sources = await services.db
		.select({ id: documents.id, name: documents.name })
		.from(documents)
		.where(eq(documents.orderId, order.id))
		.orderBy(asc(documents.createdAt))
	const { customer } = order
	const company = customer.companyName
		? `${customer.companyName} (${customer.companyCvr ? `CVR ${customer.companyCvr}` : `${customer.vatNumber ?? ''}, omvendt betalingspligt`})`
		: mailText('da', 'mail.order.private')
	const admin = `${services.publicUrl}/admin/orders/${order.id}`
	const files = sources.map((doc) => `- ${doc.name}: ${admin}/documents/${doc.id}`)
	services.sendMail({
		to: agencyEmail,
		replyTo: order.customer.email,
		subject: mailText('da', 'mail.order.agencySubject', vars),
		text: [
			`${order.customer.name} <${order.customer.email}>, ${company}`,
			mailText('da', 'mail.order.due', { ...vars, date: formatDay(order.dueDate, 'da') }),
			admin,
			files.length > 0 ? [mailText('da', 'mail.order.documents'), ...files].join('\n') : '',
		]
			.filter(Boolean)
			.join('\n\n'),
	})
}
