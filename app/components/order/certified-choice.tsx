import { useHydrated } from '#app/hooks/use-hydrated.ts'
import { Amount } from '#app/components/ui/amount.tsx'
import { Text, useI18n } from '#app/components/ui/i18n-provider.tsx'
import { NumberWheel } from '#app/components/order/number-wheel.tsx'
import { CERTIFIED_PAGE_WORDS, type CertifiedChoice } from '#app/models/quote/rules.ts'
import { Input } from '#app/components/ui/input.tsx'

type Props = {
	certified: CertifiedChoice | null
	onChange: (choice: CertifiedChoice | null) => void
	pricePerPage: number
	pdfPrice: number
	currency: string
	error?: string
}

// "Certified translation": priced per page as the trade does; the pages of scans and photos (which
// no machine can count) as the customer says them; the signed PDF a choice of its own. Paper copies
// are the copies beside it. Without script every field is there to fill in.
export function CertifiedChoiceFields({ certified, onChange, pricePerPage, pdfPrice, currency, error }: Props) {
	const { t } = useI18n()
	const hydrated = useHydrated()
	const choice = certified ?? { pages: 0, pdf: false }
	return (
		<fieldset className="w-full rounded-md border border-slate-300 p-3" data-controller="certified-choice">
			<legend className="px-1 font-medium">{t('certified.legend')}</legend>
			<label className="flex items-start gap-2">
				<Input
					variant="bare"
					type="checkbox"
					name="certified"
					checked={certified !== null}
					onChange={(event) => onChange(event.target.checked ? choice : null)}
					aria-describedby="certified-what"
					className="mt-1 size-4"
				/>
				<span className="font-medium">{t('certified.choice')}</span>
			</label>
			<p id="certified-what" className="mt-1 ml-6 text-sm text-slate-700">
				{t('certified.what', { words: CERTIFIED_PAGE_WORDS })}{' '}
				<Amount value={pricePerPage} currency={currency} vat="excl" className="font-semibold" />{' '}
				<Text k="certified.perPage" />
			</p>
			{(certified !== null || !hydrated) && (
				<div className="mt-3 flex flex-wrap items-end gap-4">
					<NumberWheel
						id="request-pages"
						name="pages"
						label={t('certified.pages')}
						value={choice.pages}
						min={0}
						max={500}
						onChange={(pages) => onChange({ ...choice, pages })}
						error={error}
					/>
					<label className="flex items-center gap-2">
						<Input
							variant="bare"
							type="checkbox"
							name="certified_pdf"
							checked={choice.pdf}
							onChange={(event) => onChange({ ...choice, pdf: event.target.checked })}
							className="size-4"
						/>
						<span>
							{t('certified.pdf')} <Amount value={pdfPrice} currency={currency} vat="excl" />
						</span>
					</label>
					<Text as="p" k="certified.pagesHint" className="w-full text-sm text-slate-700" />
				</div>
			)}
		</fieldset>
	)
}
