import { Link } from 'react-router'
import { Amount } from '#app/components/ui/amount.tsx'
import { Text, useI18n } from '#app/components/ui/i18n-provider.tsx'
import { pathFor } from '#app/utils/locales.ts'
import type { MessageKey } from '#app/utils/translate.ts'
import { buttonClass } from '#app/components/ui/button.tsx'

type Props = {
	perWord: number
	// Video and audio are priced by their minutes.
	perMinute: number
	currency: string
	minimumOrder: number
	certifiedCopyPrice: number
	expressSurcharge1Day: number
}

// A service page's price and order button, from the prices as they stand (not typed into the text).
export function ServiceOrderBox(props: Props) {
	const { perWord, perMinute, currency, minimumOrder, certifiedCopyPrice, expressSurcharge1Day } = props
	const { locale, t } = useI18n()
	return (
		<aside
			aria-labelledby="service-order"
			className="h-fit rounded-2xl border border-teal-200 bg-teal-50 p-6 lg:sticky lg:top-24 lg:mt-16"
		>
			<h2 id="service-order" className="mb-4 text-xl font-semibold text-teal-950">
				{t('service.orderTitle')}
			</h2>
			<dl className="mb-5 space-y-3">
				<Row label="service.perWord" className="text-xl font-bold text-teal-900">
					<Amount value={perWord} currency={currency} vat="excl" />
				</Row>
				<Row label="service.perMinute">
					<Amount value={perMinute} currency={currency} vat="excl" />
				</Row>
				<Row label="prices.minimumOrder">
					<Amount value={minimumOrder} currency={currency} vat="excl" />
				</Row>
				<Row label="prices.certified">
					<Amount value={certifiedCopyPrice} currency={currency} vat="excl" />
				</Row>
				<Row label="service.delivery" className="font-normal text-slate-800">
					{t('service.deliveryText', { percent: expressSurcharge1Day })}
				</Row>
			</dl>
			<Link
				to={pathFor('order', locale)}
				className={`block text-center ${buttonClass('large')}`}
			>
				{t('service.order')}
			</Link>
			<Text as="p" k="service.orderNext" className="mt-3 text-sm text-slate-700" />
		</aside>
	)
}

function Row({
	label,
	className = 'font-semibold',
	children,
}: {
	label: MessageKey
	className?: string
	children: React.ReactNode
}) {
	return (
		<div>
			<Text as="dt" k={label} className="text-sm text-slate-700" />
			<dd className={className}>{children}</dd>
		</div>
	)
}
