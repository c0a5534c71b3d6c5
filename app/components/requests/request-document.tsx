import { Form } from 'react-router'
import { AuthenticityTokenInput } from '#app/components/ui/authenticity-token.tsx'
import { useAdminI18n } from '#app/components/ui/i18n-provider.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Input } from '#app/components/ui/input.tsx'
import type { DocumentView } from '#app/models/documents/present.ts'
import { breakdownLines } from '#app/models/wordcount/parts.ts'
import { countPartsLine } from '#app/components/admin/count-parts.ts'
import type { CountCorrection } from '#database/schema.ts'
import { formatNumber } from '#app/utils/format.ts'
import { CountedText, type CountedPart } from '#app/components/order/counted-text.tsx'

type Props = {
	requestId: number
	document: DocumentView & { correction: CountCorrection | null; preview: CountedPart[] | null }
}

// A request's document in the inbox: its count and what it is made of, who corrected it and why,
// and the form to correct it (which prices the request's quote again).
export function RequestDocument({ requestId, document }: Props) {
	const { locale, t } = useAdminI18n()
	const number = (value: number) => formatNumber(value, locale)
	const lines = breakdownLines(document.parts)
	const { correction } = document
	return (
		<li id={`document-${document.id}`} data-controller="request-document" className="space-y-1 px-3 py-2">
			<div className="flex flex-wrap items-center gap-x-4 gap-y-1">
				<span className="font-medium">{document.name}</span>
				<span className="text-sm text-slate-700" data-status={document.status}>
					{document.status === 'counted' && document.words !== null
						? t('request.words', { count: number(document.words) })
						: document.status === 'manual'
							? t('request.manualReason', { reason: document.manual_reason ?? '?' })
							: t('request.pending')}
				</span>
				<a
					href={`/admin/requests/${requestId}/documents/${document.id}`}
					className="ml-auto text-teal-900 underline"
					download
				>
					{t('request.download')} <span className="sr-only">{document.name}</span>
				</a>
			</div>
			{lines.length > 0 && (
				<p className="text-sm text-slate-700">
					<span className="font-medium">{t('request.breakdown')}:</span> {countPartsLine(document.parts, t, number)}
				</p>
			)}
			{document.preview && (
				<CountedText
					parts={document.preview}
					href={`/admin/requests/${requestId}/documents/${document.id}/text`}
					fileName={document.name}
					labels={{
						summary: t('request.countedText'),
						part: (part) => t(`request.part.${part}`),
						shortened: (shown, characters) =>
							t('request.countedShortened', { shown: number(shown), characters: number(characters) }),
						download: t('request.countedDownload'),
					}}
				/>
			)}
			{correction && (
				<p className="text-sm text-slate-700" data-correction>
					{t('request.corrected', {
						name: correction.by,
						from: correction.words === null ? '–' : number(correction.words),
						reason: correction.reason,
					})}
				</p>
			)}
			<details className="text-sm">
				<summary className="cursor-pointer text-teal-900 underline">
					{t('request.correct')} <span className="sr-only">{document.name}</span>
				</summary>
				<Form
					method="post"
					action={`/admin/requests/${requestId}/documents/${document.id}/count`}
					className="mt-2 flex flex-wrap items-end gap-3"
				>
					<AuthenticityTokenInput />
					<label className="block">
						<span className="mb-1 block font-medium">{t('request.correctWords')}</span>
						<Input
							name="words"
							type="number"
							inputMode="numeric"
							min={0}
							max={10_000_000}
							step={1}
							required
							defaultValue={document.words ?? ''}
							className="w-32"
						/>
					</label>
					<label className="block grow">
						<span className="mb-1 block font-medium">{t('request.correctReason')}</span>
						<Input name="reason" type="text" required minLength={3} maxLength={500} />
					</label>
					<Button type="submit">{t('request.saveCount')}</Button>
				</Form>
			</details>
		</li>
	)
}
