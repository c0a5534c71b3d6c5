import { eq } from 'drizzle-orm'
import { z } from 'zod'
import { requestEvents, requests } from '#database/schema.ts'
import type { AppServices } from '#app/models/services.ts'
import type { Staff } from '#app/models/staff/session.server.ts'
import { getSettings } from '#app/models/site.server.ts'
import { customerSignoff, mailText } from '#app/models/mail-text.server.ts'
import { RequestNotFound } from '#app/models/request/inbox.server.ts'
import { pathFor, type Locale } from '#app/utils/locales.ts'

export const ReplySchema = z.object({
	body: z.string().trim().min(1).max(10_000),
	withQuote: z
		.string()
		.optional()
		.transform((value) => value === 'on'),
})
export type Reply = z.infer<typeof ReplySchema>

type Services = Pick<AppServices, 'db' | 'sendMail' | 'publicUrl'>

// Staff answer a request by mail from the site, in the customer's language, with the link to its
// quote if they like; the answer is kept in the request's history. A new request whose quote went
// with the answer is then "quoted".
export async function replyToRequest(services: Services, staff: Pick<Staff, 'id' | 'name'>, id: number, reply: Reply) {
	const { db, sendMail, publicUrl } = services
	const [row] = await db.select().from(requests).where(eq(requests.id, id))
	if (!row) throw new RequestNotFound()
	const settings = await getSettings(db)
	const locale = row.locale as Locale
	const vars = { name: row.name, agency: settings.agencyName, reference: row.reference }
	const quoteUrl =
		reply.withQuote && row.quoteId ? `${publicUrl}${pathFor('quote', locale, { id: row.quoteId })}` : null
	sendMail({
		to: row.email,
		replyTo: settings.email,
		subject: mailText(locale, 'mail.reply.subject', vars),
		text: [
			mailText(locale, 'mail.request.greeting', vars),
			reply.body,
			quoteUrl ? mailText(locale, 'mail.reply.quote', { url: quoteUrl }) : '',
			customerSignoff(publicUrl, locale, settings.agencyName),
		]
			.filter(Boolean)
			.join('\n\n'),
	})
	await db.insert(requestEvents).values({
		requestId: id,
		userId: staff.id,
		userName: staff.name,
		kind: 'reply',
		body: quoteUrl ? `${reply.body}\n\n${quoteUrl}` : reply.body,
	})
	const quoted = quoteUrl !== null && row.status === 'new'
	await db
		.update(requests)
		.set({ updatedAt: new Date(), ...(quoted ? { status: 'quoted' as const } : {}) })
		.where(eq(requests.id, id))
	if (quoted)
		await db.insert(requestEvents).values({
			requestId: id,
			userId: staff.id,
			userName: staff.name,
			kind: 'status',
			fromStatus: 'new',
			toStatus: 'quoted',
		})
}
