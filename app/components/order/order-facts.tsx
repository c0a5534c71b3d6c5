import { Text, useI18n } from '#app/components/ui/i18n-provider.tsx'
import type { OrderStatus } from '#database/enums.ts'
import { formatDay } from '#app/utils/format.ts'

// An order's status and the date promised, as the order page and the account's list show them.
export function OrderFacts({
	status,
	dueDate,
	className,
}: {
	status: OrderStatus
	dueDate: string
	className: string
}) {
	const { locale, t } = useI18n()
	return (
		<dl className={className}>
			<Text as="dt" k="orderPage.status" className="text-slate-600" />
			<dd>
				<strong data-status={status}>{t(`orderStatus.${status}`)}</strong>
			</dd>
			<Text as="dt" k="orderPage.due" className="text-slate-600" />
			<dd>{formatDay(dueDate, locale)}</dd>
		</dl>
	)
}
