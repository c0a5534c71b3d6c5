import type { RouterContextProvider } from 'react-router'
import { z } from 'zod'
import { redirectWithFlash } from '#app/http/flash.server.ts'
import { getServices } from '#app/http/context.server.ts'
import type { Translator } from '#app/http/access.server.ts'
import { acceptOffer, declineOffer, DeclineSchema } from '#app/models/vendor/offers.server.ts'

const AnswerSchema = z.object({ intent: z.enum(['accept', 'decline']), jobId: z.coerce.number().int().positive() })

// A translator's answer to an offer, from their overview or the job's page: accepted, they go to
// the job; taken by someone else or no longer theirs to answer, they are told and nothing changes.
export async function answerOffer(
	context: Readonly<RouterContextProvider>,
	me: Translator,
	form: FormData,
	back: string,
) {
	const parsed = AnswerSchema.safeParse(Object.fromEntries(form))
	if (!parsed.success) return redirectWithFlash(context, back, { kind: 'error', key: 'work.error.input' })
	const { intent, jobId } = parsed.data
	const services = getServices(context)
	if (intent === 'accept') {
		const outcome = await acceptOffer(services, me, jobId)
		if (outcome === 'accepted')
			return redirectWithFlash(context, `/work/jobs/${jobId}`, { kind: 'success', key: 'work.flash.accepted' })
		return redirectWithFlash(context, '/work', {
			kind: 'error',
			key: `work.error.${outcome === 'taken' ? 'taken' : 'gone'}`,
		})
	}
	const reason = DeclineSchema.safeParse({ reason: form.get('reason') })
	if (!reason.success) return redirectWithFlash(context, back, { kind: 'error', key: 'work.error.declineReason' })
	const outcome = await declineOffer(services, me, jobId, reason.data.reason)
	if (outcome === 'declined')
		return redirectWithFlash(context, '/work', { kind: 'success', key: 'work.flash.declined' })
	return redirectWithFlash(context, '/work', { kind: 'error', key: 'work.error.gone' })
}
