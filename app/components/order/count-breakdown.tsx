import { useI18n } from '#app/components/ui/i18n-provider.tsx'
import { breakdownLines, partLabelKey, type CountBreakdown, type LeftOutPart } from '#app/models/wordcount/parts.ts'
import { formatNumber } from '#app/utils/format.ts'

// A quote line opened: the words of each part of the document (body, notes, headers and footers,
// hidden slides or sheets, charts, comments), so a count can be checked without counting again.
// A native disclosure: keyboard and screen readers know it without help.
export function CountBreakdownDetails({
	parts,
	corrected,
	fileName,
}: {
	parts: CountBreakdown | null | undefined
	corrected: boolean
	// The parts are named as the kind of document has them.
	fileName: string
}) {
	const { locale, t } = useI18n()
	const lines = breakdownLines(parts)
	if (lines.length === 0 && !corrected) return null
	return (
		<details data-controller="count-breakdown" className="mt-1 text-sm text-slate-700">
			<summary className="cursor-pointer text-teal-900 underline">{t('quote.breakdown')}</summary>
			<dl className="mt-1 grid grid-cols-[auto_auto] justify-start gap-x-4">
				{lines.map(({ part, words, priced }) => (
					<div key={part} className="contents" data-part={part} data-priced={priced}>
						<dt>{t(partLabelKey(part, fileName))}</dt>
						<dd>
							{t('quote.partWords', { words: formatNumber(words, locale) })}
							{!priced && <span className="block text-xs">{t(`quote.unpriced.${part as LeftOutPart}`)}</span>}
						</dd>
					</div>
				))}
			</dl>
			{corrected && <p className="mt-1 font-medium">{t('quote.corrected')}</p>}
		</details>
	)
}
