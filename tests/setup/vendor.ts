import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { documents, orders } from '#database/schema.ts'
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
	{ rate = 0.8, password = 'translator-password-1', active = true, teamMemberId = null as number | null } = {},
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
	translatorIds,
})
