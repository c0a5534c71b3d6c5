import { eq } from 'drizzle-orm'
import { translators, users } from '#database/schema.ts'
import type { AppServices } from '#app/models/services.ts'
import { broadcastTo } from '#app/models/live/broadcast.server.ts'
import { mailText } from '#app/models/mail-text.server.ts'
import { managerRecipients } from '#app/models/vendor/manager.server.ts'
import { JOBS_STREAM, jobsStream, userStream } from '#app/utils/cable.ts'
import type { Locale } from '#app/utils/locales.ts'

export type NotifyServices = Pick<AppServices, 'db' | 'broadcast' | 'logger' | 'sendMail' | 'publicUrl'>

// A change to a job, live: the staff's open order and job pages, and the translators concerned
// (each on their own stream, which only their own signed-in socket hears).
export async function announceJob(services: NotifyServices, orderId: number, userIds: number[] = []) {
	await broadcastTo(services, jobsStream(orderId), { type: 'job', orderId })
	await broadcastTo(services, JOBS_STREAM, { type: 'job', orderId })
	for (const userId of new Set(userIds)) await broadcastTo(services, userStream(userId), { type: 'work' })
}

// A mail to a translator in their own language, with a link to their pages. Values that are
// written differently per language (numbers, amounts, times) come as a function of it.
export async function mailTranslator(
	services: NotifyServices,
	translatorId: number,
	kind: 'offer' | 'returned' | 'message' | 'withdrawn' | 'taken' | 'remittance',
	values: Record<string, string> | ((locale: Locale) => Record<string, string>),
) {
	const [person] = await services.db
		.select({ email: users.email, name: users.name, locale: translators.locale, userId: users.id })
		.from(translators)
		.innerJoin(users, eq(users.id, translators.userId))
		.where(eq(translators.id, translatorId))
	if (!person) return
	const locale = (person.locale === 'en' ? 'en' : 'da') as Locale
	const vars = typeof values === 'function' ? values(locale) : values
	const all = {
		...vars,
		name: person.name,
		link: `${services.publicUrl}/work${vars.jobId ? `/jobs/${vars.jobId}` : ''}`,
	}
	services.sendMail({
		to: person.email,
		subject: mailText(locale, `mail.job.${kind}Subject`, all),
		text: [
			mailText(locale, 'mail.job.greeting', all),
			mailText(locale, `mail.job.${kind}`, all),
			mailText(locale, 'mail.job.link', all),
		].join('\n\n'),
	})
}

// A mail about a job to its PM (a copy to the agency's address when the setting says so), or to
// the agency's address while the job has no PM.
export async function mailAgency(
	services: NotifyServices,
	kind: 'unanswered' | 'done' | 'fromTranslator',
	vars: Record<string, string> & { jobId: string },
) {
	const recipients = await managerRecipients(services.db, { type: 'job', id: Number(vars.jobId) })
	const all = { ...vars, link: `${services.publicUrl}/admin/jobs/${vars.jobId}` }
	services.sendMail({
		...recipients,
		subject: mailText('da', `mail.job.${kind}Subject`, all),
		text: [mailText('da', `mail.job.${kind}`, all), all.link].join('\n\n'),
	})
}
