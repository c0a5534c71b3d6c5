import { Amount } from '#app/components/ui/amount.tsx'
import { Text, useI18n } from '#app/components/ui/i18n-provider.tsx'
import { formatPrice } from '#app/utils/format.ts'

type Props = { total: number; vat: number; totalWithVat: number; currency: string }

// What the customer will pay, as who they are: a private person sees the price with VAT first, a
// Danish business the price without VAT plus VAT, a business in another EU country the price
// without Danish VAT. Inside the acceptance form's toggle-display, so CSS picks the line.
export function PriceToPay({ total, vat, totalWithVat, currency }: Props) {
	const { locale } = useI18n()
	return (
		<div className="mb-4 rounded-md border border-teal-200 bg-teal-50 p-4 text-teal-950" data-controller="price-to-pay">
			<div data-display="!foreign">
				<p data-display="!customer_kind" data-price-private>
					<Text k="accept.youPay" />{' '}
					<Amount value={totalWithVat} currency={currency} vat="incl" className="text-xl font-bold" />
					<Text
						as="span"
						k="accept.youPayPrivate"
						vars={{ total: formatPrice(total, currency, locale), vat: formatPrice(vat, currency, locale) }}
						className="block text-sm"
					/>
				</p>
				<p data-display="customer_kind" data-price-company>
					<Text k="accept.youPay" />{' '}
					<Amount value={total} currency={currency} vat="excl" className="text-xl font-bold" />
					<Text
						as="span"
						k="accept.youPayCompany"
						vars={{ vat: formatPrice(vat, currency, locale), withVat: formatPrice(totalWithVat, currency, locale) }}
						className="block text-sm"
					/>
				</p>
			</div>
			<p data-display="foreign" data-price-foreign>
				<Text k="accept.youPay" /> <Amount value={total} currency={currency} vat="excl" className="text-xl font-bold" />
				<Text as="span" k="accept.youPayForeign" className="block text-sm" />
			</p>
		</div>
	)
}
