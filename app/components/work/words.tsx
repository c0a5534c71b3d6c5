import { useAdminI18n } from '#app/components/ui/i18n-provider.tsx'
import { formatNumber, formatPercent } from '#app/utils/format.ts'

type Counted = { words: number; repeatedWords: number; repetitionPercent: number | null }

// A job's words as the translator weighs the offer: "1.200 ord, heraf 300 gentagne ord til 30 % af
// din takst" when repeated words are paid at less than the full rate.
export function useJobWords() {
	const { locale, t } = useAdminI18n()
	// `bare`: the number alone, where a label already says they are words.
	return ({ words, repeatedWords, repetitionPercent }: Counted, bare = false) => {
		const all = bare ? formatNumber(words, locale) : t('work.words', { words: formatNumber(words, locale) })
		if (!repeatedWords || repetitionPercent === null || repetitionPercent >= 100) return all
		return `${all}, ${t('work.repeated', { count: repeatedWords, percent: formatPercent(repetitionPercent, locale) })}`
	}
}
