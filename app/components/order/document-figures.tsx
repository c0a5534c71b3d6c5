import { useEffect, useEffectEvent, useState } from 'react'
import type { DocumentView } from '#app/models/documents/present.ts'
import type { LiveStream } from '#app/utils/cable.ts'
import { useI18n } from '#app/components/ui/i18n-provider.tsx'
import { streamAttributes, useLiveStream } from '#app/components/ui/live-stream.tsx'

type Message = { type: 'document'; document: DocumentView }

const RECHECK_MS = 5_000

// A document's words, minutes or "manual quote", filled in live when the analysis is done.
type Props = { document: DocumentView; stream: LiveStream; onChange: (document: DocumentView) => void }

export function DocumentFigures({ document: initial, stream, onChange }: Props) {
	const { t } = useI18n()
	const [document, setLocal] = useState(initial)
	const setDocument = (next: DocumentView) => {
		setLocal(next)
		onChange(next)
	}
	// The document's own address tells its state; a "still pending" answer may arrive after the
	// live update itself, so it changes nothing.
	const ask = () => {
		if (document.status !== 'pending') return
		fetch(document.url, { headers: { Accept: 'application/json' } })
			.then((response) => response.json() as Promise<{ document: DocumentView }>)
			.then((body) => body.document.status !== 'pending' && setDocument(body.document))
			.catch(() => {})
	}
	const askAgain = useEffectEvent(ask)
	// The analysis may have finished before the subscription stood.
	useLiveStream<Message>(stream, (message) => message.type === 'document' && setDocument(message.document), ask)
	// And a live update can be lost (a socket that drops at the wrong moment): while it is still
	// counting, the page asks now and then rather than wait for ever.
	const isPending = document.status === 'pending'
	useEffect(() => {
		if (!isPending) return
		const timer = setInterval(askAgain, RECHECK_MS)
		return () => clearInterval(timer)
	}, [isPending])
	return (
		<span {...streamAttributes(stream)} data-status={document.status} className="text-sm">
			{document.status === 'pending' && <span className="text-slate-600">{t('order.counting')}</span>}
			{document.status === 'counted' && (
				<span className="font-semibold text-slate-900">
					{[
						document.words !== null && document.words > 0 ? t('order.words', { count: document.words }) : null,
						document.minutes !== null ? t('order.minutes', { count: document.minutes }) : null,
					]
						.filter(Boolean)
						.join(' · ') || t('order.words', { count: 0 })}
					{document.hidden_sheets + document.hidden_slides > 0 && (
						<span className="block text-xs font-normal text-slate-600">
							{t('order.hidden', { sheets: document.hidden_sheets, slides: document.hidden_slides })}
						</span>
					)}
				</span>
			)}
			{document.status === 'manual' && (
				<span className="text-amber-800">
					{t('order.manual')}:{' '}
					{t(`order.manualReason.${document.manual_reason ?? 'broken'}` as Parameters<typeof t>[0])}
				</span>
			)}
		</span>
	)
}
