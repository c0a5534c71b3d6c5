import type { RouterContextProvider } from 'react-router'
import { acceptDelivery, rateOrder, requestRevision } from '#app/models/order/after-delivery.server.ts'
import { loadMessages } from '#app/models/translation.server.ts'
import type { AfterDeliveryAnswer } from '#app/components/order/after-delivery.tsx'
import { getServices } from '#app/http/context.server.ts'
import { readForm } from '#app/http/request-body.server.ts'
import { stripTags, translate } from '#app/utils/translate.ts'
import { localeFromPath } from '#app/utils/locales.ts'

// The order page's forms after a delivery, by the order's key; answers in the page's language,
// with what was typed kept on a refusal.
export async function afterDeliveryAction(
	request: Request,
	context: Readonly<RouterContextProvider>,
	token: string,
): Promise<AfterDeliveryAnswer & { status: number }> {
	const services = getServices(context)
	const locale = localeFromPath(new URL(request.url).pathname)
	const form = await readForm(request)
	const value = (name: string) => String(form.get(name) ?? '').slice(0, 5000)
	const messages = await loadMessages(services.db, locale)
	const text = (key: string) => stripTags(translate(messages, key))
	const intent = value('intent')
	if (intent === 'accept') {
		const ok = await acceptDelivery(services, token)
		return {
			intent,
			ok,
			message: text(ok ? 'orderPage.after.accepted' : 'orderPage.after.notPossible'),
			status: ok ? 200 : 409,
		}
	}
	if (intent === 'revision') {
		const outcome = await requestRevision(services, token, value('reason'))
		const ok = outcome === 'requested'
		const message = text(`orderPage.after.revision.${outcome}`)
		return {
			intent,
			ok,
			message,
			errors: ok ? undefined : { reason: message },
			values: { reason: value('reason') },
			status: ok ? 200 : 422,
		}
	}
	const rated = await rateOrder(services, token, { rating: value('rating'), comment: value('comment') })
	if (rated.ok) return { intent: 'rate', ok: true, message: text('orderPage.after.thanks'), status: 200 }
	const errors = Object.fromEntries(
		Object.entries(rated.errors).map(([name, code]) => [name, text(`orderPage.after.error.${code}`)]),
	)
	return {
		intent: 'rate',
		ok: false,
		message: Object.values(errors)[0] ?? '',
		errors,
		values: { rating: value('rating'), comment: value('comment') },
		status: 422,
	}
}
