import { useEffect, useState } from 'react'
import { useAdminI18n } from '#app/components/ui/i18n-provider.tsx'
import type { Locale } from '#app/utils/locales.ts'

const MINUTE = 60_000

// "2 days 4 hours" in the page's language, down to minutes in the last hour.
function span(ms: number, locale: Locale): string {
	const minutes = Math.max(1, Math.round(Math.abs(ms) / MINUTE))
	const days = Math.floor(minutes / 1440)
	const hours = Math.floor((minutes % 1440) / 60)
	const unit = (value: number, name: 'day' | 'hour' | 'minute') =>
		new Intl.NumberFormat(locale === 'da' ? 'da-DK' : 'en-GB', {
			style: 'unit',
			unit: name,
			unitDisplay: 'long',
		}).format(value)
	if (days > 0) return `${unit(days, 'day')} ${unit(hours, 'hour')}`
	if (hours > 0) return `${unit(hours, 'hour')} ${unit(minutes % 60, 'minute')}`
	return unit(minutes, 'minute')
}

// A deadline counting down, again every half minute; past it, how long ago.
export function Countdown({ deadline }: { deadline: string }) {
	const { locale, t } = useAdminI18n()
	const [now, setNow] = useState(() => Date.now())
	useEffect(() => {
		const timer = setInterval(() => setNow(Date.now()), MINUTE / 2)
		return () => clearInterval(timer)
	}, [])
	const left = new Date(deadline).getTime() - now
	return (
		<span
			suppressHydrationWarning
			data-countdown={deadline}
			className={
				left < 0 ? 'font-semibold text-red-800' : left < 24 * 60 * MINUTE ? 'font-semibold text-amber-900' : ''
			}
		>
			{left < 0 ? t('work.overdueBy', { time: span(left, locale) }) : t('work.timeLeft', { time: span(left, locale) })}
		</span>
	)
}
