import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { documents, orders, translators } from '#database/schema.ts'
import type { RepetitionRule } from '#database/enums.ts'
import { multipartSource } from '#app/http/multipart.server.ts'
import { createJob } from '#app/models/vendor/jobs.server.ts'
import { acceptOffer } from '#app/models/vendor/offers.server.ts'
import { approveJob } from '#app/models/vendor/review.server.ts'
import { addJobFile, markJobDone, takeJobSource } from '#app/models/vendor/work.server.ts'
import type { AppServices } from '#app/models/services.ts'
import { acceptQuote } from '#app/models/order/accept.server.ts'
import { saveTranslator } from '#app/models/vendor/translators.server.ts'
import { suggestedDeadline } from '#app/models/vendor/deadline.ts'
import type { CalendarDate } from '#app/models/calendar/working-days.ts'
import { acceptFields, savedQuote } from '#tests/setup/orders.ts'

type Services = Parameters<typeof acceptQuote>[0] & Pick<AppServices, 'db' | 'broadcast' | 'logger'>

// A translator with a login, working Danish to English at `rate` a word.
export async function makeTranslator(
	services: Services,
	admin: { id: number; name: string },
	name: string,
	{
		rate = 0.8,
		password = 'translator-password-1',
		active = true,
		teamMemberId = null as number | null,
		hourlyRate = null as number | null,
		repetitionRule = 'customer' as RepetitionRule,
		repetitionOwnPercent = null as number | null,
	} = {},
) {
	const email = `${name.toLowerCase().replace(/\W+/g, '.')}@translators.test`
	const id = await saveTranslator(services, admin, null, {
		name,
		email,
		password,
		teamMemberId,
		dailyCapacity: 3000,
		active,
		pairs: [{ from: 'da', to: 'en', ratePerWord: rate }],
		reviewFeeRule: hourlyRate === null ? 'share' : 'hourly',
		reviewSharePercent: 40,
		hourlyRate,
		repetitionRule,
		repetitionOwnPercent,
	})
	return { id, email, password, name }
}

// An accepted order (Danish to English) whose customer document lies on disk when a directory is given.
export async function orderWithDocument(services: Services, words = 2000, documentsDir?: string) {
	const { quoteId, documentId } = await savedQuote(services.db, words)
	const accepted = await acceptQuote(
		services,
		quoteId,
		acceptFields({ name: 'Ida Holm', email: 'ida@example.dk', phone: '+45 20 30 40 50' }),
		'da',
	)
	if (!accepted.ok) throw new Error(JSON.stringify(accepted))
	const [order] = await services.db.select().from(orders).where(eq(orders.token, accepted.token))
	const [document] = await services.db.select().from(documents).where(eq(documents.id, documentId))
	if (documentsDir) {
		await mkdir(documentsDir, { recursive: true })
		await writeFile(path.join(documentsDir, document!.storedName), 'Kontrakt mellem parterne.')
	}
	return { order: order!, documentId, deadline: suggestedDeadline(order!.dueDate as CalendarDate) }
}

// The job form as the PM sends it for an order: all its documents, the suggested deadline.
export const jobValues = (
	documentId: string,
	deadline: string,
	translatorIds: number[],
	extra: Partial<{ fixedFee: number; feeReason: string; instructions: string }> = {},
) => ({
	kind: 'translation' as const,
	documentIds: [documentId],
	from: 'da',
	to: 'en',
	deadline,
	instructions: extra.instructions ?? 'Use British English.',
	fixedFee: extra.fixedFee,
	feeReason: extra.feeReason ?? '',
	reason: '',
	translatorIds,
})

// An order whose delivered file came from a translator's approved job: on disk the order's file is
// a hard link to the job's (review.server.ts), as on any agency's busy day.
export async function orderFromApprovedJob(
	services: Services & Pick<AppServices, 'documentsDir' | 'files'>,
	pm: { id: number; name: string },
) {
	const translator = await makeTranslator(services, pm, `Tove Approved ${Date.now()}`)
	const [row] = await services.db.select().from(translators).where(eq(translators.id, translator.id))
	const me = { id: row!.id, userId: row!.userId, name: translator.name, locale: 'da', sessionId: '' }
	const { order, documentId, deadline } = await orderWithDocument(services, 800, services.documentsDir)
	const made = await createJob(services, pm, order.id, jobValues(documentId, deadline, [me.id]))
	if (!('jobId' in made)) throw new Error(JSON.stringify(made))
	await acceptOffer(services, me, made.jobId)
	await takeJobSource(services, me, made.jobId, documentId)
	const form = new FormData()
	form.append('file', new Blob(['The approved translation.']), 'contract-en.txt')
	await addJobFile(
		services,
		me,
		made.jobId,
		multipartSource(new Request('http://localhost/', { method: 'POST', body: form })),
		1,
	)
	await markJobDone(services, me, made.jobId, '')
	await approveJob(services, pm, made.jobId)
	return order
}
