import { eq } from 'drizzle-orm'
import { orders } from '#database/schema.ts'
import type { AppServices } from '#app/models/services.ts'
import { getSettings } from '#app/models/site.server.ts'
import { DEFAULT_MESSAGES } from '#app/models/translation.server.ts'
import { formatDate } from '#app/utils/format.ts'
import { stripTags, translate } from '#app/utils/translate.ts'
import { pathFor, type Locale } from '#app/utils/locales.ts'
import type { MailAttachment } from '#server/mailer.ts'

export type OrderMailKind = 'confirmed' | 'delivered' | 'invoice'

// The customer's mail at each step of an order, in the language they ordered in, with the link to
// the order page; the agency hears of a new order (in Danish, with the admin's link). Returns the
// address the customer's mail went to.
export async function sendOrderMails(
	services: Pick<AppServices, 'db' | 'sendMail' | 'publicUrl'>,
	orderId: number,
	kind: OrderMailKind,
	attachments: MailAttachment[] = [],
): Promise<string | null> {
	const { db, sendMail, publicUrl } = services
	const [order] = await db.select().from(orders).where(eq(orders.id, orderId))
	if (!order) return null
	const settings = await getSettings(db)
	const locale = order.locale as Locale
	const text = (lang: Locale, key: string, vars: Record<string, string> = {}) =>
		stripTags(translate(DEFAULT_MESSAGES[lang], key, vars))
	const vars = {
		reference: order.reference,
		name: order.customer.name,
		url: `${publicUrl}${pathFor('orderStatus', locale, { token: order.token })}`,
		date: formatDate(new Date(`${order.dueDate}T12:00:00`), locale),
		agency: settings.agencyName,
	}
	sendMail({
		to: order.customer.email,
		replyTo: settings.email,
		subject: text(locale, `mail.order.${kind}Subject`, vars),
		text: [
			text(locale, 'mail.request.greeting', vars),
			text(locale, `mail.order.${kind}`, vars),
			text(locale, 'mail.order.link', vars),
			text(locale, 'mail.request.signature', vars),
		].join('\n\n'),
		attachments,
	})
	if (kind !== 'confirmed') return order.customer.email
	const company = order.customer.companyName
		? `${order.customer.companyName} (CVR ${order.customer.companyCvr})`
		: text('da', 'mail.order.private')
	sendMail({
		to: settings.email,
		replyTo: order.customer.email,
		subject: text('da', 'mail.order.agencySubject', vars),
		text: [
			`${order.customer.name} <${order.customer.email}>, ${company}`,
			text('da', 'mail.order.due', vars),
			`${publicUrl}/admin/orders/${order.id}`,
		].join('\n\n'),
	})
	return order.customer.email
}
