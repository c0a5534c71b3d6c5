import { useState } from 'react'
import { useAdminI18n } from '#app/components/ui/i18n-provider.tsx'
import type { Flash } from '#app/http/flash.server.ts'

// A flash message stays while its page is shown: a live update reloads the page's data (another
// staff member's change, or the broadcast of this one), and the message, already taken from its
// cookie, must not vanish with it. A new page shows its own.
export function useKeptFlash(arrived: Flash | null, locationKey: string): Flash | null {
	const [kept, setKept] = useState({ key: locationKey, flash: arrived })
	if (kept.key !== locationKey || (arrived && JSON.stringify(arrived) !== JSON.stringify(kept.flash))) {
		setKept({ key: locationKey, flash: arrived })
		return arrived
	}
	return kept.flash
}

// The message after a form's answer, read out politely by screen readers.
export function FlashMessage({ flash }: { flash: Flash | null }) {
	const { t } = useAdminI18n()
	return (
		<div role="status" aria-live="polite">
			{flash && (
				<p
					key={JSON.stringify(flash)}
					data-flash={flash.kind}
					className={`mb-4 rounded-md border p-3 text-sm ${flash.kind === 'success' ? 'border-teal-300 bg-teal-50 text-teal-900' : 'border-red-300 bg-red-50 text-red-800'}`}
				>
					{t(flash.key, flash.vars)}
				</p>
			)}
		</div>
	)
}
