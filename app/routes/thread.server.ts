import type { RouterContextProvider } from 'react-router'
import { MalformedUploadError, parseMultipart, UploadTooLargeError } from '#app/http/multipart.server.ts'
import { getServices } from '#app/http/context.server.ts'
import { getRequestSettings } from '#app/http/site.server.ts'
import { translateUploadRefusal } from '#app/http/refusals.server.ts'
import { MIB, UploadRefused } from '#app/models/documents/upload.server.ts'
import {
	keepAttachments,
	MESSAGE_MAX_CHARS,
	MESSAGE_MAX_FILES,
	postMessage,
	readMessageBody,
	refuseOverQuota,
	type Sender,
	type ThreadAuthor,
} from '#app/models/order/thread.server.ts'
import { addressKey } from '#app/models/address-key.server.ts'
import { requestInfoContext } from '#app/http/context.server.ts'
import { getSettings } from '#app/models/site.server.ts'
import type { UploadRefusal } from '#app/models/documents/upload.server.ts'
import { formatTime } from '#app/utils/format.ts'
import { loadMessages } from '#app/models/translation.server.ts'
import { formatNumber } from '#app/utils/format.ts'
import { stripTags, translate } from '#app/utils/translate.ts'
import type { Locale } from '#app/utils/locales.ts'

type Context = Readonly<RouterContextProvider>

// What writing in an order's thread answers: done, or why not with the words typed kept (a file
// cannot be kept by the browser: the answer says to choose it again).
export type ThreadAnswer = {
	intent: 'message'
	ok: boolean
	message: string
	values?: { body: string }
	status: number
}

export const isMultipart = (request: Request) =>
	(request.headers.get('Content-Type') ?? '').toLowerCase().startsWith('multipart/form-data')

// POST of the thread's form (multipart: the words in `body`, up to five files in `files`), for the
// customer's order page, the account's and staff's: checked, kept and sent as `author`.
export async function threadPost(
	request: Request,
	context: Context,
	{ orderId, author, locale }: { orderId: number; author: ThreadAuthor; locale: Locale },
): Promise<ThreadAnswer> {
	const services = getServices(context)
	const messages = await loadMessages(services.db, locale)
	const text = (key: string, vars: Record<string, string | number> = {}) => stripTags(translate(messages, key, vars))
	const { uploadLimitMib } = await getRequestSettings(context)
	const refused = (message: string, status: number, body = ''): ThreadAnswer => ({
		intent: 'message',
		ok: false,
		message,
		values: { body },
		status,
	})
	let form
	try {
		form = await parseMultipart(request, { maxFileBytes: uploadLimitMib * MIB, maxFiles: MESSAGE_MAX_FILES })
	} catch (error) {
		if (error instanceof MalformedUploadError) return refused(text('upload.malformed'), 400)
		if (error instanceof UploadTooLargeError)
			return error.message === 'too many files'
				? refused(text('thread.tooManyFiles', { max: MESSAGE_MAX_FILES }), 413)
				: refused(text('upload.tooBig', { filesize: `> ${uploadLimitMib}`, maxFilesize: uploadLimitMib }), 413)
		throw error
	}
	try {
		const typed = form.fields.get('body') ?? ''
		const body = readMessageBody(typed)
		if (!body.ok)
			return refused(
				body.reason === 'too-long'
					? text('thread.tooLong', {
							length: formatNumber(body.count, locale),
							max: formatNumber(MESSAGE_MAX_CHARS, locale),
						})
					: text('thread.required'),
				422,
				typed,
			)
		// A customer's message counts against their address's uploads and the order's (staff's do not).
		const sender: Sender | null =
			author.kind === 'customer'
				? {
						addressKey: addressKey('upload', context.get(requestInfoContext).clientAddress, services.secretKey),
						quota: services.uploadQuota,
					}
				: null
		try {
			if (sender) await refuseOverQuota(services.db, orderId, sender, form.files)
			const attachments = await keepAttachments(services, form.files, uploadLimitMib)
			await postMessage(services, orderId, author, body.body, attachments, sender)
		} catch (error) {
			if (!(error instanceof UploadRefused)) throw error
			if (error.refusal.reason === 'quota')
				return refused(await quotaText(services.db, error.refusal, text, locale), 429, typed)
			const refusal = await translateUploadRefusal(services.db, locale, error.refusal)
			return refused(`${stripTags(refusal.error)} ${text('thread.chooseAgain')}`, refusal.status, typed)
		}
		return { intent: 'message', ok: true, message: text('thread.sent'), status: 200 }
	} finally {
		await form.cleanup()
	}
}

// Which limit the message met, when writing opens again, and where to write instead.
async function quotaText(
	db: ReturnType<typeof getServices>['db'],
	refusal: Extract<UploadRefusal, { reason: 'quota' }>,
	text: (key: string, vars?: Record<string, string | number>) => string,
	locale: Locale,
) {
	const { email } = await getSettings(db)
	return refusal.limit === 'hour'
		? text('thread.quotaHour', { time: formatTime(refusal.retryAt, locale), email })
		: text('thread.quotaOrder', { email })
}
