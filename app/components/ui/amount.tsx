import { useI18n } from '#app/components/ui/i18n-provider.tsx'
import { formatPrice } from '#app/utils/format.ts'

type Props = { value: number; currency: string; vat: 'excl' | 'incl'; className?: string }

// An amount of money as every public page writes it ("500,00 kr.", "DKK 500.00"), always saying
// whether VAT (moms) is in it.
export function Amount({ value, currency, vat, className }: Props) {
	const { locale, t } = useI18n()
	return (
		<span data-amount={value} data-vat={vat} className={className}>
			{`${formatPrice(value, currency, locale)} `}
			<span className="text-[0.8em] font-normal text-slate-600">
				{t(vat === 'excl' ? 'amount.exclVat' : 'amount.inclVat')}
			</span>
		</span>
	)
}
