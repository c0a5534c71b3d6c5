import { useAdminI18n } from '#app/components/ui/i18n-provider.tsx'
import { formatNumber } from '#app/utils/format.ts'

// Said beside a translator the deadline asks too much of, with their open jobs counted
// (capacityShortfall in app/models/vendor/capacity.ts): the job form and the offer-again list.
export function CapacityWarning({ shortfall }: { shortfall: { needed: number; available: number } | null }) {
	const { locale, t } = useAdminI18n()
	if (!shortfall) return null
	const days = (value: number) => formatNumber(Math.round(value * 10) / 10, locale)
	return (
		<span className="block text-sm font-medium text-amber-900" data-capacity-warning="">
			{t('jobs.overCapacity', { needed: days(shortfall.needed), available: days(shortfall.available) })}
		</span>
	)
}
