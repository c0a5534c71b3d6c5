import type { Database } from '#database/client.ts'
import { UPLOAD_REFUSALS } from '#app/models/documents/refusals.ts'
import type { UploadRefusal } from '#app/models/documents/upload.server.ts'
import { loadMessages } from '#app/models/translation.server.ts'
import { stripTags, translate } from '#app/utils/translate.ts'
import type { Locale } from '#app/utils/locales.ts'
import { getSettings } from '#app/models/site.server.ts'
import { formatTime } from '#app/utils/format.ts'

// A public form's refusal in the page's language: the summary, and each field's reason from the
// code the model gave (`request.error.<code>`), as text.
export async function translateRefusal(
	db: Database,
	locale: Locale,
	{ summary, errors }: { summary: string; errors: Partial<Record<string, string>> },
) {
	const messages = await loadMessages(db, locale)
	const text = (key: string) => stripTags(translate(messages, key))
	const translated = Object.fromEntries(
		Object.entries(errors).map(([field, code]) => [field, text(`request.error.${code}`)]),
	)
	return { message: text(summary), errors: translated }
}

// An upload's refusal as the uploading script shows it beside the file, with its status.
// A limit says which it is, when uploads open again, and where to send the documents instead.
export async function translateUploadRefusal(db: Database, locale: Locale, refusal: UploadRefusal) {
	const { message, status } = UPLOAD_REFUSALS[refusal.reason]
	const messages = await loadMessages(db, locale)
	if (refusal.reason === 'quota') {
		const { email } = await getSettings(db)
		// The spec's words first, then which limit and what to do.
		const detail =
			refusal.limit === 'hour'
				? translate(messages, 'upload.quotaHour', { time: formatTime(refusal.retryAt, locale), email })
				: translate(messages, 'upload.quotaOrder', { email })
		return { error: `${translate(messages, message)} ${detail}`, status }
	}
	const vars: Record<string, number> =
		refusal.reason === 'too-big' ? { filesize: refusal.sizeMib, maxFilesize: refusal.limitMib } : {}
	return { error: translate(messages, message, vars), status }
}
