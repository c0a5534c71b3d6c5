import { useEffect, useState } from 'react'
import { useNavigation } from 'react-router'
import { useI18n } from '#app/components/ui/i18n-provider.tsx'

// The spec's progress bar: shown only when a navigation takes longer than 500 ms; 3 px, 300 ms.
export const PROGRESS_DELAY_MS = 500

export function PageProgress() {
	const { t } = useI18n()
	const pendingKey = useNavigation().location?.key ?? null
	const [slowKey, setSlowKey] = useState<string | null>(null)
	useEffect(() => {
		if (!pendingKey) return
		const timer = setTimeout(() => setSlowKey(pendingKey), PROGRESS_DELAY_MS)
		return () => clearTimeout(timer)
	}, [pendingKey])
	if (!pendingKey || slowKey !== pendingKey) return null
	return (
		<div
			role="progressbar"
			aria-label={t('progress.label')}
			className="fixed inset-x-0 top-0 z-[100] h-[3px] overflow-hidden bg-teal-100"
		>
			<div className="page-progress-bar h-full bg-teal-700" />
		</div>
	)
}
