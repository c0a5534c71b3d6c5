import type { useAdminI18n } from '#app/components/ui/i18n-provider.tsx'
import { breakdownLines, UNPRICED_PARTS, type CountBreakdown } from '#app/models/wordcount/parts.ts'

type Translate = ReturnType<typeof useAdminI18n>['t']

// A document's count by part for staff, on one line: "Body text 1,200 · Notes 300 (not priced
// (setting))". Comments and values say in their name that they are not priced; a part the
// agency's settings left out of this document's price says so after its words.
export function countPartsLine(parts: CountBreakdown | null, t: Translate, number: (value: number) => string) {
	return breakdownLines(parts)
		.map(({ part, words, priced }) => {
			const leftOut = priced || UNPRICED_PARTS.has(part) ? '' : ` (${t('request.leftOut')})`
			return `${t(`request.part.${part}`)} ${number(words)}${leftOut}`
		})
		.join(' · ')
}
