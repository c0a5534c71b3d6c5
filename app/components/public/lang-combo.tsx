import { useId, useRef, useState } from 'react'
import { formatNumber } from '#app/utils/format.ts'
import { Amount } from '#app/components/ui/amount.tsx'
import type { PairQuote } from '#app/models/price/rules.ts'
import { requestJson } from '#app/utils/request-headers.ts'
import { Text, useI18n } from '#app/components/ui/i18n-provider.tsx'
import { LanguagePairSelects } from '#app/components/public/language-select.tsx'
import { Button } from '#app/components/ui/button.tsx'

type Language = { code: string; name: string }
type Props = {
	languages: Language[]
	url: string
	action: string
	initial?: { from: string; to: string; quote: PairQuote | null }
}
type State =
	{ kind: 'idle' } | { kind: 'same' } | { kind: 'loading' } | { kind: 'quote'; quote: PairQuote } | { kind: 'error' }

// The spec's language-pair price check: choosing both languages posts {from_language,
// to_language} to the URL in data-url and shows the answer in the price area. Without script
// the same form asks the prices page, which answers with the quote.
export function LangCombo({ languages, url, action, initial }: Props) {
	const { t } = useI18n()
	const id = useId()
	const form = useRef<HTMLFormElement>(null)
	const pending = useRef<AbortController>(null)
	const [state, setState] = useState<State>(initial?.quote ? { kind: 'quote', quote: initial.quote } : { kind: 'idle' })

	async function check() {
		const data = new FormData(form.current!)
		const from = String(data.get('from') ?? '')
		const to = String(data.get('to') ?? '')
		pending.current?.abort()
		if (!from || !to) return setState({ kind: 'idle' })
		if (from === to) return setState({ kind: 'same' })
		const controller = (pending.current = new AbortController())
		setState({ kind: 'loading' })
		try {
			const quote = await requestJson<PairQuote>(url, {
				method: 'POST',
				body: { from_language: from, to_language: to },
				signal: controller.signal,
			})
			setState({ kind: 'quote', quote })
		} catch (error) {
			if (controller.signal.aborted) return
			console.error('Error checking price', error)
			setState({ kind: 'error' })
		}
	}

	return (
		<section
			data-controller="lang-combo"
			data-url={url}
			aria-labelledby={`${id}-title`}
			className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
		>
			<h2 id={`${id}-title`} className="mb-4 text-xl font-semibold text-slate-900">
				{t('priceCheck.title')}
			</h2>
			<form
				ref={form}
				method="get"
				action={action}
				onChange={() => void check()}
				onSubmit={(event) => {
					event.preventDefault()
					void check()
				}}
				className="flex flex-wrap items-end gap-4"
			>
				<LanguagePairSelects
					idPrefix={id}
					languages={languages}
					placeholder={t('priceCheck.choose')}
					defaults={initial ?? undefined}
				/>
				<Button variant="bare"
					type="submit"
					className="rounded-md border border-teal-800 px-4 py-2 font-semibold text-teal-900 hover:bg-teal-50"
				>
					{t('priceCheck.submit')}
				</Button>
			</form>
			<div aria-live="polite" aria-busy={state.kind === 'loading' || undefined} className="price-area mt-4 min-h-16">
				<PriceArea state={state} />
			</div>
		</section>
	)
}

function PriceArea({ state }: { state: State }) {
	const { locale, t } = useI18n()
	if (state.kind === 'same') return <Text as="p" k="priceCheck.same" className="text-amber-800" />
	if (state.kind === 'error') return <Text as="p" k="priceCheck.error" className="text-red-700" />
	if (state.kind === 'loading') return <Text as="p" k="priceCheck.loading" className="text-slate-600" />
	if (state.kind === 'idle') return <Text as="p" k="priceCheck.hint" className="text-slate-600" />
	const { quote } = state
	return (
		<dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[auto_1fr]">
			<Text as="dt" k="priceCheck.perWord" vars={{ from: quote.from, to: quote.to }} className="text-slate-600" />
			<dd className="font-semibold text-slate-900">
				<Amount value={quote.pricePerWord} currency={quote.currency} vat="excl" />
				{quote.isDefaultPrice && (
					<span className="ml-2 text-sm font-normal text-slate-600">({t('priceCheck.default')})</span>
				)}
			</dd>
			<Text as="dt" k="priceCheck.minimum" className="text-slate-600" />
			<dd className="font-semibold text-slate-900">
				<Amount value={quote.minimumOrder} currency={quote.currency} vat="excl" />
			</dd>
			<Text
				as="dt"
				k="priceCheck.example"
				vars={{ words: formatNumber(quote.example.words, locale) }}
				className="text-slate-600"
			/>
			<dd className="font-semibold text-teal-800">
				<Amount value={quote.example.total} currency={quote.currency} vat="excl" />
			</dd>
		</dl>
	)
}
